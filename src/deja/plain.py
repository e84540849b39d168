"""Plain record classes for the search path.

A search process runs for ~50 ms; importing dataclasses (which imports inspect, ast, dis,
tokenize) and building a dataclass (its methods are generated and exec'd) cost it ~15 ms for the
dozen record types a search touches. Those types list their fields in `__slots__`, write their
`__init__`, and take repr and equality from here.
"""

from __future__ import annotations


class Plain:
    __slots__: tuple[str, ...] = ()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={getattr(self, k)!r}' for k in self.__slots__)})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and all(getattr(self, k) == getattr(other, k) for k in self.__slots__)

    __hash__ = None  # type: ignore[assignment]  # mutable, like the dataclasses they replace

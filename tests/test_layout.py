"""The layout's contracts (docs/architecture.md), read from the source with `ast`: which part may
import which, no cycles, only leaves at the top level, no file over 600 lines.

Every import counts, also one inside a function (a lazy import is still a dependency); only an
import under `if TYPE_CHECKING:` does not (it never runs). A failure names the file, the line,
the import and the rule it breaks.
"""

from __future__ import annotations

import ast
from pathlib import Path

import deja

SRC = Path(deja.__file__).resolve().parent
MAX_LINES = 600
FRONTS = {"cli", "mcp", "hooks", "install", "web"}
# `python -m deja` is the CLI's other door: it starts the CLI and is no leaf below it.
ENTRY = {"__main__"}
# The top level holds leaves only, and the one cross-cutting check (doctor: index, stores, wiring).
LEAVES = {"__init__", "__main__", "config", "errors", "faults", "harnesses", "model", "paths", "plain", "projects", "roles",
          "terminal", "times", "doctor", "native"}
CROSS_CUTTING = {"doctor"}
NEVER = {  # part -> parts it never imports, and why
    "search": ({"sources", "ingest"}, "search reads the index, never the agents' stores or the write path"),
    "sources": ({"store", "search", "ingest"}, "a parser reads one harness's store and knows nothing of the index"),
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def part(module: str) -> str:
    """The part a module belongs to: its package under deja, or the top-level leaf itself."""
    return module.split(".")[1]


def top_level(module: str) -> bool:
    """A module at the top of src/deja (not a package's __init__)."""
    return module.count(".") == 1 and (SRC / f"{part(module)}.py").is_file()


def is_module(name: str) -> bool:
    base = SRC.parent.joinpath(*name.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def _type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING")


def imports(path: Path) -> list[tuple[int, str]]:
    """(line, imported deja module) for every import in a file that runs."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    out: list[tuple[int, str]] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                for branch in child.orelse:
                    visit(branch)
                continue
            if isinstance(child, ast.Import):
                out.extend((child.lineno, a.name) for a in child.names if a.name.split(".")[0] == "deja")
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.rsplit(".", child.level - 1)[0] if child.level > 1 else package
                    mod = f"{base}.{child.module}" if child.module else base
                else:
                    mod = child.module or ""
                if mod.split(".")[0] != "deja":
                    continue
                for a in child.names:
                    sub = f"{mod}.{a.name}"
                    out.append((child.lineno, sub if is_module(sub) else mod))
            visit(child)

    visit(tree)
    return [(n, m) for n, m in out if m != "deja"]  # `from deja import __version__`: the package root


def files() -> list[Path]:
    return sorted(p for p in SRC.rglob("*.py") if "__pycache__" not in p.parts)


def edges() -> list[tuple[Path, int, str, str]]:
    """(file, line, importing module, imported module)."""
    return [(p, n, module_name(p), m) for p in files() for n, m in dict.fromkeys(imports(p))]


def where(path: Path, line: int) -> str:
    return f"{path.relative_to(SRC.parent)}:{line}"


def test_the_walk_sees_the_imports_it_judges():
    # the rules below are only as good as the walk: it must find module-level, lazy and
    # `from deja import x` imports, and skip TYPE_CHECKING ones
    found = {(module_name(p), m) for p, _, _, m in edges()}
    assert ("deja.ingest.indexer", "deja.sources") in found  # module level, `from deja import sources`
    assert ("deja.ingest.fresh", "deja.ingest.indexer") in found  # inside a function
    assert ("deja.text.decision", "deja.store") not in found  # under TYPE_CHECKING
    assert len(found) > 200


def test_search_and_sources_keep_their_nevers():
    broken = [f"{where(p, n)} imports {m}: {why}"
              for p, n, src, m in edges()
              for never, why in [NEVER.get(part(src), (set(), ""))] if part(m) in never]
    assert not broken, "\n".join(broken)


def test_store_text_and_the_leaves_import_no_front():
    broken = [f"{where(p, n)} imports {m}: {src if top_level(src) else part(src)} is below the fronts "
              f"({', '.join(sorted(FRONTS))}) and never imports one"
              for p, n, src, m in edges()
              if (part(src) in {"store", "text"} or (top_level(src) and part(src) not in CROSS_CUTTING | ENTRY))
              and part(m) in FRONTS]
    assert not broken, "\n".join(broken)


def test_no_cycles_between_parts():
    graph: dict[str, dict[str, tuple[Path, int, str]]] = {}
    for p, n, src, m in edges():
        a, b = part(src), part(m)
        if a != b:
            graph.setdefault(a, {}).setdefault(b, (p, n, m))
    # a cycle is a path back to where it started; report each once, with the import behind each step
    cycles: list[str] = []
    seen: set[frozenset[str]] = set()

    def walk(start: str, node: str, path: list[str]) -> None:
        for nxt in graph.get(node, {}):
            if nxt == start:
                ring = path + [start]
                if frozenset(ring) not in seen:
                    seen.add(frozenset(ring))
                    steps = [f"{a} -> {b} ({where(*graph[a][b][:2])} imports {graph[a][b][2]})"
                             for a, b in zip(ring, ring[1:])]
                    cycles.append("cycle: " + "; ".join(steps))
            elif nxt not in path and nxt > start:
                walk(start, nxt, path + [nxt])

    for start in sorted(graph):
        walk(start, start, [start])
    assert not cycles, "\n".join(cycles)


def test_only_leaves_at_the_top_level():
    extra = sorted(p.name for p in SRC.glob("*.py") if p.stem not in LEAVES)
    assert not extra, (f"{', '.join(extra)} at the top of src/deja: the top level holds leaves only "
                       f"({', '.join(sorted(LEAVES))}); put a part of the flow in its package")


def test_no_file_over_600_lines():
    long = [f"{p.relative_to(SRC.parent)}: {n} lines" for p in files()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES]
    assert not long, f"over {MAX_LINES} lines, split it:\n" + "\n".join(long)


def test_the_freshness_snapshot_watches_deja_s_own_code_after_the_move():
    # a snapshot vouches for the file states only while the code that discovers, plans and
    # prepares is the code that checked; every such module must be among its observations
    from deja.ingest import fresh

    with fresh.recording() as rec:
        pass
    code = {path for path, _ in rec.code}
    for module in ("config.py", "paths.py", "sources/claude.py", "sources/base.py", "ingest/indexer.py",
                   "ingest/prepare.py", "text/redact.py", "text/tokenizer.py"):
        assert str(SRC / module) in code, f"{module} is not observed by the freshness snapshot (ingest.fresh.CODE_DIRS)"

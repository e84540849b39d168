"""Who said or did a record, and the codes the text index stores for it (deja.model re-exports
these; the search path imports them from here, without the parse shapes)."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from deja.errors import QueryError


class Role(str, Enum):
    USER = "user"
    ASSISTANT = "assistant"
    DEVELOPER = "developer"
    TOOL_OUTPUT = "tool-output"
    FILES = "files"
    COMMAND = "command"
    EDIT = "edit"


# Roles served in ordinary results; the work roles and developer text only when asked by --role.
SPEECH_ROLES: tuple[Role, ...] = (Role.USER, Role.ASSISTANT, Role.TOOL_OUTPUT)
WORK_ROLES: tuple[Role, ...] = (Role.FILES, Role.COMMAND, Role.EDIT)

# Small stable codes for the text index (a fast field); never renumber.
ROLE_CODE: dict[Role, int] = {
    Role.USER: 1,
    Role.ASSISTANT: 2,
    Role.DEVELOPER: 3,
    Role.TOOL_OUTPUT: 4,
    Role.FILES: 5,
    Role.COMMAND: 6,
    Role.EDIT: 7,
}
CODE_ROLE: dict[int, Role] = {v: k for k, v in ROLE_CODE.items()}

# The names a person gives a role (--role, the config's `roles`).
ROLE_NAMES = {
    "user": Role.USER,
    "assistant": Role.ASSISTANT,
    "developer": Role.DEVELOPER,
    "tool": Role.TOOL_OUTPUT,
    "tool-output": Role.TOOL_OUTPUT,
    "files": Role.FILES,
    "command": Role.COMMAND,
    "edit": Role.EDIT,
}


def roles_from_names(names: Sequence[str]) -> list[Role]:
    out = []
    for n in names:
        for part in n.split(","):
            part = part.strip().lower()
            if not part:
                continue
            if part not in ROLE_NAMES:
                raise QueryError(f"unknown role {part!r}: use one of user, assistant, tool, files, command, edit, developer")
            out.append(ROLE_NAMES[part])
    return out

"""Who said or did a record, and the codes the text index stores for it (deja.model re-exports
these; the search path imports them from here, without the parse shapes)."""

from __future__ import annotations

from enum import Enum


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

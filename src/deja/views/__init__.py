"""What a person does with a session once found: reopen it in its agent (`resume`), hand it to
another (`handoff`), export or share it (`export`), see what the index holds over time (`stats`),
and see what deja put into agents (`served`, the recall log).

The functions here are the library; the CLI (`deja resume|handoff|export|share|stats|log`), the
MCP server and the local web page (`deja serve`) call them and only render. Nothing here writes
to the index, and nothing here is imported by a search or a hook, except `served`, which a hook
imports to append its line.
"""

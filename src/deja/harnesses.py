"""The harnesses deja knows, by name (a leaf: the config checks its [harnesses] table against
it without importing the sources; deja.sources is the registry that loads them)."""

# Every harness deja knows by name, in display order.
HARNESSES = (
    "claude codex opencode aider gemini cursor antigravity grok qwen pi copilot cline roo goose "
    "kimi openclaw hermes omp deepseek zed notes"
).split()

# Every source deja reads, in the order of `deja sources`: the harnesses, then `imported` (what
# other machines sent, deja sync): its sessions keep their own harness, so it is no `--harness`.
SOURCES = [*HARNESSES, "imported"]

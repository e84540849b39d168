"""The agent hooks (a thin front): handlers answers each hook event, payload reads the event and
writes the injected text. Empty on purpose: the hook path imports only what it uses."""

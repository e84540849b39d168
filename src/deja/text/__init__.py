"""The text rules every part shares: tokenizer (the only CJK table), redact, decision (what a
session settled), commands (a shell command split and normalised), clip. Leaves: nothing here
imports another part of deja beyond the top-level leaves."""

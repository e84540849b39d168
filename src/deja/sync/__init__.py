"""Sync across machines: records leave as redacted JSONL batches and arrive as imported sessions.

- `format`  the record, its key, batch files, the machine name (no index, no store)
- `export`  `Export`: the records to send, per destination watermarks
- `imports` `import_records`: store records as imported (idempotent), `import_dir`
- `ssh`     `deja sync ssh HOST`: export, scp, remote import, and back

The imported store (primary data under `$XDG_DATA_HOME/deja/imported/`) and the record's rule
live with its reader, deja.sources.imported; its writer is deja.ingest.imported. docs/sync.md
describes the format, keys, watermarks and the privacy rule.
"""

"""Sync across machines: records leave as redacted JSONL batches and arrive as imported sessions.

- `format`  the record, its key, batch files, the machine name (no index, no store)
- `export`  `Export`: the records to send, per destination watermarks
- `imports` `import_records`: store records as imported (idempotent), `import_dir`
- `stored`  the imported store: primary data under `$XDG_DATA_HOME/deja/imported/`
- `ssh`     `deja sync ssh HOST`: export, scp, remote import, and back

docs/sync.md describes the format, keys, watermarks and the privacy rule.
"""

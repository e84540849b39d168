"""The write path, the only package importing both sources/ and store/: plan what changed
(indexer.make_plan), parse it (a worker pool for large plans), prepare each record (prepare:
clean, redact, cap, dedupe, title), write it (indexer.apply), keep the freshness snapshot (fresh),
hold the writer lock (lock), and the writes people ask for: notes, forget, promote, rebuild.
provenance reads a harness file back for `deja event`; status reports what each store gave.

Empty on purpose: importing one module of the write path imports no other."""

"""deja as a PostgreSQL client: Hermes's store (deja.sources.hermes) and the team hub
(deja.hub) both connect through `deja.pg.dsn`, so DSNs are parsed, named and kept out of
messages by one rule. Nothing here imports psycopg until a connection is opened."""

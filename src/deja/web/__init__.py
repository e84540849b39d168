"""`deja serve`: a local web page over the index, a thin front like the CLI and the MCP server.

- `server`: the HTTP server (the standard library's): 127.0.0.1 only, a random token on every
  request, a strict Content-Security-Policy, no refresh and no index write from a request.
- `data`: what each page shows, from the same functions the CLI calls (search, show, sources,
  notes), as plain dicts; `pages`: those dicts as HTML, every transcript byte escaped.
- `settings`: the one write the page makes, a harness in or out of the corpus in the config file.
- `command`: the `deja serve` click command (deja.cli.COMMANDS names it).
- `static/`: the page's own script and style sheet (nothing is fetched from anywhere else).
"""

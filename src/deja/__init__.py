"""deja: a memory for coding agents, built from the history they already wrote."""

__version__ = "0.1.0"

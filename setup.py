"""The optional C extension (deja._native: the parse workers' per-character loops). Everything
else is in pyproject.toml. `optional=True`: where no compiler or Python headers are found, the
install still succeeds and deja runs its pure-Python twins (deja/native.py)."""

from setuptools import Extension, setup

setup(ext_modules=[Extension("deja._native", ["src/deja/_native.c"], optional=True)])

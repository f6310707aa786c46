"""Browser tests (a package, so its conftest and helpers do not shadow tests/conftest.py's module name)."""

"""tests/helpers."""

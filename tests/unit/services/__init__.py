"""tests/unit/services."""

"""tests/unit/services/catalogue."""

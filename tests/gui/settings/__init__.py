"""tests/gui/settings."""

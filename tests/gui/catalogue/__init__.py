"""tests/gui/catalogue."""

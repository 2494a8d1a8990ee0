"""tests/gui/common."""

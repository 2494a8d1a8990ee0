"""tests/gui/worker."""

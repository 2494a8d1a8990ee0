"""tests/gui/importing."""

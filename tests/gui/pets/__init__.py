"""tests/gui/pets."""

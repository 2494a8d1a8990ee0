"""petdesk/gui/pets."""

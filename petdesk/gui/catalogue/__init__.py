"""petdesk/gui/catalogue."""

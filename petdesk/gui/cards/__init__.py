"""petdesk/gui/cards."""

"""petdesk/gui/settings."""

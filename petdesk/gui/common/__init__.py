"""petdesk/gui/common."""

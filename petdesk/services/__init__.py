"""petdesk/services."""

"""petdesk/services/catalogue."""

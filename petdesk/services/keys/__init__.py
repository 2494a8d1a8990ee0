"""petdesk/services/keys."""

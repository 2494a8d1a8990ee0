"""petdesk/services/cards."""

"""petdesk/services/outbox."""

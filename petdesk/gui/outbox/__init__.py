"""petdesk/gui/outbox."""

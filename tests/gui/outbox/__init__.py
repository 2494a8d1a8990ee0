"""tests/gui/outbox."""

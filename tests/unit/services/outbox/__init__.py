"""tests/unit/services/outbox."""

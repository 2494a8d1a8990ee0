"""petdesk/services/worker."""

"""petdesk/gui/worker."""

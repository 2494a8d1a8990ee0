"""petdesk/services/pets."""

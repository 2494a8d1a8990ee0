"""petdesk/cli."""

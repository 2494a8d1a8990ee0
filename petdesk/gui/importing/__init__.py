"""petdesk/gui/importing."""

"""The Activity window: the log of adds, newest first, and its export."""

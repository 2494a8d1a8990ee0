"""The activity log: who added which animal, from which desk, and how it was sent."""

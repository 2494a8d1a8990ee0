"""The shared store: its address, the Test connection, and moving a desk's waiting adds
from its own SQLite store to the shared one (Qt-free)."""

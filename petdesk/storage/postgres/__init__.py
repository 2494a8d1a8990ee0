"""The store on a PostgreSQL server that several desks share (see :mod:`.store`)."""

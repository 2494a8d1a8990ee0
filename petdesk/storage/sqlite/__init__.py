"""The store on SQLite: one connection per file, one repository per table group."""

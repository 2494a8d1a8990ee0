"""What the two stores' repositories share: the rules and the SQL, written once and
spelled for each database by its :class:`~petdesk.storage.sql.dialect.Dialect`."""

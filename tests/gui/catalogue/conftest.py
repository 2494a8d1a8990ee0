"""The catalogue's loopback sandboxes (a big catalogue, accented names), shared by its tests."""

from tests.gui.catalogue.test_catalogue_window import accented, big  # noqa: F401 - fixtures

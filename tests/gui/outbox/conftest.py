"""The outbox's switchable service and quick probe, shared by its tests."""

from tests.gui.outbox.test_offline_outbox import quick_probe, service  # noqa: F401 - fixtures

"""Which service PetDesk talks to: the environment, its address and the timeout."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from petdesk.core.connection import Connection, is_placeholder
from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.common.localize import localized
from petdesk.gui.settings.settings import AppSettings, Environment

DEMO = "demo"
#: What the window shows as the demo's address (requests never leave the process).
DEMO_ADDRESS = QT_TRANSLATE_NOOP("ConnectionController", "in-process sandbox")


class ConnectionController(QObject):
    """Owns the :class:`Connection` in use. ``--base-url`` applies to the environment
    PetDesk was started in; the other one uses its saved address."""

    #: The connection in use changed: the new one (the worker follows it, before
    #: :attr:`changed`).
    switched = Signal(object)
    #: The environment, address or timeout changed (the list must be reloaded).
    changed = Signal()

    def __init__(self, settings: AppSettings, *, demo: bool,
                 environment: Environment | None, base_url: str | None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self.demo = demo
        self._override = base_url.strip() if base_url else None
        self._override_env = environment or settings.environment
        self._environment = environment or settings.environment
        self._in_use = self.connection()

    @property
    def in_use(self) -> Connection:
        """The connection requests go to now."""
        return self._in_use

    @property
    def environment(self) -> Environment:
        return self._environment

    @property
    def name(self) -> str:
        """The keyring entry and the connection's environment ("demo" in the demo)."""
        return DEMO if self.demo else self._environment.value

    def label(self) -> str:
        if self.demo:
            return self.tr("Demo")
        return (self.tr("Staging") if self._environment is Environment.STAGING
                else self.tr("Production"))

    def window_label(self) -> str:
        """The label for the window's title: it never presents the spec's example
        address as a real service."""
        if self.set_up:
            return self.label()
        return localized(QT_TRANSLATE_NOOP("ConnectionController", "{label} (not set up)").format(
            label=self.label()))

    @property
    def set_up(self) -> bool:
        """False while the address in use is still the spec's example."""
        return self.demo or not is_placeholder(self.connection().base_url)

    def candidate(self, address: str) -> Connection:
        """The connection to try ``address`` with (the demo has only its own)."""
        current = self.connection()
        return current if self.demo else current._replace(base_url=address.strip())

    def keep_address(self, address: str) -> None:
        """Save ``address`` for the current environment; it is used from the next
        :meth:`settings_changed`. An address chosen here replaces ``--base-url``."""
        if self.demo:
            return
        address = address.strip()
        if self._override and self._override_env is self._environment:
            if address == self._override:
                return
            self._override = None
        self._settings.set_base_url(self._environment, address)
        self._settings.sync()

    def connection(self) -> Connection:
        timeout = self._settings.timeout
        if self.demo:  # the demo's data stays on this computer
            return Connection(DEMO, self._override or DEMO_ADDRESS, timeout)
        env = self._environment
        url = (self._override if self._override and env is self._override_env
               else self._settings.base_url(env))
        return Connection(env.value, url, timeout, self._settings.shared_store.in_use)

    def set_environment(self, env: Environment) -> bool:
        """Switch to ``env``; False when nothing changes (the demo has one)."""
        if self.demo or env is self._environment:
            return False
        self._environment = env
        self._settings.environment = env
        self._apply()
        return True

    def settings_changed(self) -> None:
        """After the Settings dialog or a kept address: apply a new address or timeout."""
        if self.connection() != self._in_use:
            self._apply()

    def _apply(self) -> None:
        self._in_use = self.connection()
        self.switched.emit(self._in_use)
        self.changed.emit()

    @property
    def address(self) -> str:
        return self._in_use.base_url

    def save(self) -> None:
        if not self.demo:
            self._settings.environment = self._environment


__all__ = ["DEMO", "DEMO_ADDRESS", "ConnectionController"]

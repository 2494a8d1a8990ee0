"""The storage fixtures (a fake clock, a store file, an open store, loopback sandboxes)
for the services built on the store."""

from tests.unit.storage.conftest import (  # noqa: F401 - fixtures, used by name
    clock,
    make_sandbox,
    store,
    store_file,
)

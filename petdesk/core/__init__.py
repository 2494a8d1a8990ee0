"""Qt-free, httpx-free foundations shared by every layer: statuses, limits, errors,
wait reasons, the clock, the service-address rule and the key store.

Each module is cheap to import (the key store imports ``keyring``; import it where
it is used). This package imports nothing itself.
"""

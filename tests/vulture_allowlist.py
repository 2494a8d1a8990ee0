"""Names vulture cannot see being used (run by tests/test_static.py).

Each is used by a framework, not by a call in PetDesk's code."""

# ruff: noqa: B018, F821
# Qt calls these virtual methods.
_.closeEvent
_.dragEnterEvent
_.dropEvent
_.paintEvent
_.multiData
# A module-level __getattr__ (PEP 562): the sandbox's lazy exports.
__getattr__
# pydantic reads model_config; dataclass fields read by callers of the snapshot.
_.model_config
_.observed_at
# http.server and socketserver read these class attributes and call log_message.
_.protocol_version
_.disable_nagle_algorithm
_.log_message
_.daemon_threads
_.allow_reuse_address
_.address_family
# A signal handler's signature (signum, frame).
signum
frame
# httpcore's NetworkBackend interface (petdesk/api/transport.py implements it whole).
_.connect_unix_socket
# socketserver reads it (the sandbox's listen backlog); configparser calls optionxform.
_.request_queue_size
_.optionxform
# Public values for views not wired yet: the catalogue line and search box.
_.pass_started_at
_.complete_at
_.highest_id
_.is_empty


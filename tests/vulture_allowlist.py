"""Names vulture cannot see being used (``python -m tests.check`` passes this file).

Each is used by a framework, not by a call in PetDesk's code."""

# ruff: noqa: B018, F821
# Qt calls these virtual methods.
_.closeEvent
_.dragEnterEvent
_.dropEvent
_.paintEvent
_.columnCount
_.multiData
# A module-level __getattr__ (PEP 562): the sandbox's lazy exports.
__getattr__
# pydantic reads model_config.
_.model_config
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
# keyring reads a backend's viable to decide whether to offer it.
_.viable
# httpcore's NetworkBackend interface (petdesk/api/transport.py implements it whole).
_.connect_unix_socket
# socketserver reads it (the sandbox's listen backlog); configparser calls optionxform.
_.request_queue_size
_.optionxform
# openpyxl reads these cell and sheet attributes; logging reads a record's msg.
_.data_type
_.freeze_panes
_.msg

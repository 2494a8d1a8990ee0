"""PetDesk: a desktop client for the Pet Store service."""

API_VERSION = "1.0.0"
#: The app's version: the same literal as ``[project] version`` in pyproject.toml
#: (tests/unit/test_version.py holds them equal; ``petdesk --self-test`` checks that the
#: installed metadata agrees). A literal, so that reading it imports nothing.
__version__ = "1.0.0"

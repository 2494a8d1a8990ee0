"""The ``petdesk`` command line (``petdesk --help``).

``petdesk [--demo] [--environment production|staging] [--base-url URL] [--version]
[--self-test]``. ``--version`` prints ``petdesk <version>`` without importing Qt. Everything
else is imported only once the arguments are known.
"""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Sequence

#: The launches that need no parsing (the desktop entries' ``petdesk`` and ``petdesk
#: --demo``), as argparse would read them: its first parse costs ~3-4 ms (gettext and
#: locale lookups, regular expressions), before the window.
_PLAIN = {(): argparse.Namespace(demo=False, environment=None, base_url=None, version=False,
                                 self_test=False),
          ("--demo",): argparse.Namespace(demo=True, environment=None, base_url=None,
                                          version=False, self_test=False)}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="petdesk",
        description="PetDesk: browse, add and look up animals of the Pet Store service.",
    )
    parser.add_argument("--demo", action="store_true",
                        help="use the built-in sandbox with sample data (no server, no keyring)")
    parser.add_argument("--environment", choices=("production", "staging"),
                        help="start in this environment (default: the last one used)")
    parser.add_argument("--base-url", metavar="URL",
                        help="service address for this run, e.g. https://api.example/v1 "
                             "(not saved)")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    parser.add_argument("--self-test", action="store_true",
                        help="check the installation (Qt, keyring, sandbox) and exit")
    return parser


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """``build_parser().parse_args(argv)``, without argparse for :data:`_PLAIN`."""
    plain = _PLAIN.get(tuple(sys.argv[1:] if argv is None else argv))
    return argparse.Namespace(**vars(plain)) if plain else build_parser().parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    if given and given[0] in ("import", "export"):
        from petdesk import cli

        return cli.main(given)
    args = parse_args(argv)
    if args.version:
        from petdesk import __version__

        print(f"petdesk {__version__}")
        return 0
    if args.self_test:
        import importlib.util

        if importlib.util.find_spec("petdesk.selftest") is None:
            print("petdesk: --self-test is not available in this build", file=sys.stderr)
            return 2
        from petdesk import selftest

        result = selftest.run()
        return int(result) if isinstance(result, int) else 0
    if args.base_url:
        from petdesk.core.urls import base_url_problem

        problem = base_url_problem(args.base_url)
        if problem:
            print(f"petdesk: --base-url: {problem}", file=sys.stderr)
            return 2
    gc.disable()  # until the window is on screen (petdesk.ui.app.run)
    from petdesk.ui.app import LaunchConfig, run

    return run(LaunchConfig(demo=args.demo, environment=args.environment,
                            base_url=args.base_url))


if __name__ == "__main__":
    sys.exit(main())

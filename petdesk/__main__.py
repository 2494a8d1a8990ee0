"""The ``petdesk`` command line (``petdesk --help``).

``petdesk [--demo] [--environment production|staging] [--base-url URL] [--version]
[--self-test]``, and the commands ``petdesk import …`` / ``petdesk export …``
(:mod:`petdesk.cli.commands`). ``--version`` prints ``petdesk <version>`` without importing Qt.
The window (Qt), the commands and the self-test are each imported once the arguments
say which one runs.

On Windows the installed ``PetDesk.exe`` is windowed (no console, ``sys.stdout`` and
``sys.stderr`` are ``None``); ``petdesk-cli.exe`` next to it is the same program with a
console, for the command line (docs/decisions.md, "Platforms and packaging").
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import io
import os
import sys
from collections.abc import Sequence

from petdesk import __version__
from petdesk.core.running import announced_running
from petdesk.core.urls import base_url_problem

#: The commands of :mod:`petdesk.cli.commands`, listed by ``petdesk --help``.
COMMANDS_HELP = """commands (without the window; petdesk COMMAND --help for their options):
  import FILE   add the pets of a CSV, xlsx or ods file
  export -o F   write every pet (or those with a status) to CSV or xlsx
  shared-store move
                move this computer's waiting adds to the shared store

On Windows, run the commands with petdesk-cli.exe (next to PetDesk.exe): PetDesk.exe
has no console to print to."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="petdesk",
        description="PetDesk: browse, add and look up animals of the Pet Store service.",
        epilog=COMMANDS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
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
    parser.add_argument("--output", metavar="FILE",
                        help="with --self-test: also write the report to FILE (the "
                             "windowed PetDesk.exe has no console)")
    return parser


def text_output() -> None:
    """Make the standard streams safe for the command line's text.

    UTF-8 on every OS: a redirected stream would otherwise use the ANSI code page on
    Windows (cp1252), where "←" and most names outside Western Europe cannot be
    written. A windowed build (``PetDesk.exe``) has no streams at all: its writes go
    to the null device instead of raising ``AttributeError`` on ``None``.
    """
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115
        elif isinstance(stream, io.TextIOWrapper) and stream.encoding.lower() != "utf-8":
            stream.reconfigure(encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    text_output()
    if given and given[0] in ("import", "export", "shared-store"):
        from petdesk.cli import commands as cli  # noqa: PLC0415 - the commands, without Qt

        with announced_running():
            return cli.main(given)
    args = build_parser().parse_args(given)
    if args.version:
        print(f"petdesk {__version__}")
        return 0
    if args.self_test:
        if importlib.util.find_spec("petdesk.gui.selftest") is None:
            print("petdesk: --self-test is not available in this build", file=sys.stderr)
            return 2
        # Optional: a build may leave the self-test out (found above by its name).
        selftest = importlib.import_module("petdesk.gui.selftest")
        result = selftest.run()
        return int(result) if isinstance(result, int) else 0
    if args.base_url:
        problem = base_url_problem(args.base_url)
        if problem:
            print(f"petdesk: --base-url: {problem}", file=sys.stderr)
            return 2
    from petdesk.gui.app import LaunchConfig, run  # noqa: PLC0415 - Qt, for the window only

    with announced_running():
        return run(LaunchConfig(demo=args.demo, environment=args.environment,
                                base_url=args.base_url))


if __name__ == "__main__":
    sys.exit(main())

"""Command line: ``python -m bulka_teach referee [FILE]`` and ``python -m bulka_teach bench engine``."""
from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bulka_teach", description="bulka_teach: the rules engine's tools")
    commands = parser.add_subparsers(dest="command", required=True)
    referee = commands.add_parser("referee", help="run a scenario (JSON) and print the outcome (JSON)")
    referee.add_argument("file", nargs="?", help="scenario file; standard input when omitted or '-'")
    bench = commands.add_parser("bench", help="print performance figures")
    bench.add_argument("what", choices=["engine"], help="what to measure")
    bench.add_argument("--deals", type=int, default=4000, help="random deals per repetition (default 4000)")
    bench.add_argument("--repeat", type=int, default=5, help="repetitions; the best and the median are printed")
    args = parser.parse_args(argv)
    if args.command == "referee":
        from .referee import main as referee_main

        return referee_main(args.file)
    from .bench import engine

    engine(deals=args.deals, repeat=args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Command line: ``python -m bulka_teach referee [FILE]`` and
``python -m bulka_teach bench engine|openspiel|solver|bots``."""
from __future__ import annotations

import argparse
import sys

from .bench import against_openspiel, engine
from .bots.match_bench import main as bots_main
from .czech.ai.solver_bench import main as solver_main
from .referee import main as referee_main
from .trappola.ai.solver_bench import main as trappola_solver_main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bulka_teach", description="bulka_teach: the rules engine's tools")
    commands = parser.add_subparsers(dest="command", required=True)
    referee = commands.add_parser("referee", help="run a scenario (JSON) and print the outcome (JSON)")
    referee.add_argument("file", nargs="?", help="scenario file; standard input when omitted or '-'")
    bench = commands.add_parser("bench", help="print performance figures")
    bench.add_argument("what", choices=["engine", "openspiel", "solver", "bots"],
                       help="what to measure (openspiel: Czech Bulka and Trappola against OpenSpiel's Skat)")
    bench.add_argument("--deals", type=int, default=None,
                       help="deals (default: engine and openspiel 4000 per repetition, solver 200, bots 2000)")
    bench.add_argument("--repeat", type=int, default=5,
                       help="engine, openspiel: repetitions; the best and the median are printed")
    bench.add_argument("--seed", type=int, default=1, help="solver, bots: the first deal's seed")
    bench.add_argument("--jobs", type=int, default=None, help="bots: worker processes (default: every core)")
    bench.add_argument("--level", default="strong", help="bots: the sampling bot's level in its match (easy, medium, "
                       "strong)")
    bench.add_argument("--game", default="czech-bulka",
                       help="the game (default czech-bulka; trappola; engine also bouillotte)")
    args = parser.parse_args(argv)
    if args.command == "referee":
        return referee_main(args.file)
    if args.what == "solver":
        solver = trappola_solver_main if args.game == "trappola" else solver_main
        return solver(deals=args.deals or 200, seed=args.seed)
    if args.what == "bots":
        return bots_main(deals=args.deals or 2000, seed=args.seed, jobs=args.jobs, match_level=args.level,
                         game=args.game)
    if args.what == "openspiel":
        against_openspiel(deals=args.deals or 4000, repeat=args.repeat)
        return 0
    engine(deals=args.deals or 4000, repeat=args.repeat, game=args.game)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""What reporting a game of the class deal costs at the table: the learner's last click of a contest deal (the one
that ends it), timed in-process without a class and in a class's kernel (where the Review judges the game for the
results board before the kernel takes the next click; the outcome is drawn first). Deals by seed 1..N per game.

    .venv/bin/python scripts/bench_class_deal.py [--deals 8]
"""
from __future__ import annotations

import argparse
import os
import statistics
import time

from bulka_teach.dealing import DealCode
from bulka_teach.progress import browser as progress
from bulka_teach.progress.browser import page_progress
from bulka_teach.seals import SEAL_ENV
from bulka_teach.table import Practice

GAMES = (("czech-bulka", ("Player", "Computer")), ("trappola", ("Player", "Computer")),
         ("bouillotte", ("Player", "Computer 1", "Computer 2")))


def last_click(game: str, players: tuple[str, ...], code: str, in_a_class: bool) -> float:
    """Seconds the click that ends the deal takes (the learner plays the first card or plain button throughout)."""
    progress._page = None
    page_progress().widget.class_path = "/bulka/class/api/" if in_a_class else ""
    os.environ["QUERY_STRING"] = f"contest=1&deal={code}"
    practice = Practice.from_url(game=game, players=players)
    took = 0.0
    while practice.table.view["deal"]["outcome"] is None:
        ui = practice.table.ui
        message = ({"type": "card", "card": next(iter(ui["clickable"]))} if ui["clickable"] else
                   {"type": "action", "action": next(b["action"] for b in ui["buttons"] if "min" not in b)})
        start = time.perf_counter()
        practice.table.send_from_browser(message)
        took = time.perf_counter() - start
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=8)
    args = parser.parse_args()
    os.environ[SEAL_ENV] = "a-bench-key"
    for game, players in GAMES:
        alone, reported = [], []
        for seed in range(1, args.deals + 1):
            code = str(DealCode(game, len(players), "std", seed))
            alone.append(last_click(game, players, code, False))
            reported.append(last_click(game, players, code, True))
        print(f"{game:12} last click: alone {statistics.median(alone) * 1000:6.0f} ms median; in a class "
              f"{statistics.median(reported) * 1000:6.0f} ms median, {max(reported) * 1000:6.0f} ms max "
              f"({args.deals} deals)")


if __name__ == "__main__":
    main()

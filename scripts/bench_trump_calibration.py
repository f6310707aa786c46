"""How well the strong Czech sampling bot foresees its trump choices, against the rule bot: predicted against what came.

The trump choice is the bot's biggest lever (README, "Where the strength comes from"). At each of its answers on
trumps the bot estimates its chance to win the game if it takes (the declarer makes it) and if it passes (the
rest of the bidding played out, a redeal a fresh game). This plays duplicate games (each deal twice, seats swapped, as
``bench bots``) and prints, by the estimate for taking (tenths), role (F: forehand, D: dealer) and offer (first or
second candidate), what the bot did and how often it then won the game, beside the mean estimates:

    take 0.4-0.5  F first pass  n=  25  won 0.40  est take 0.43  est pass 0.32  opp declared 0.52, fell 0.23

A bin whose passes win far more than ``est pass`` says passing is undervalued there; one whose takes are made more
often than ``est take`` says the declarer's chance is. Prints figures, asserts nothing.

Usage: .venv/bin/python scripts/bench_trump_calibration.py [--deals 300] [--seed 70001] [--jobs 2] [--save rows.jsonl]
(300 deals take about 12 minutes on 2 processes of the idle 2-core VM)
"""
from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict
from typing import Any

from bulka_teach.bots.match_bench import over_tasks
from bulka_teach.czech.ai.arena import ARENA
from bulka_teach.czech.ai.sampling import SamplingBot
from bulka_teach.czech.ai.teaching import RuleBot
from bulka_teach.records import Record


def game_rows(seed: int, seat: int) -> list[dict[str, Any]]:
    """One game of the deal ``seed`` with the sampling bot in ``seat``: a row for each of its answers on trumps."""
    game = Record(game="czech-bulka", players=("A", "B"), seed=seed).start()
    bot = SamplingBot("strong", seed * 2 + seat)
    bots = {seat: bot, 1 - seat: RuleBot(seed * 2 + 1 - seat)}
    evaluated = bot.evaluate
    last: list[Any] = []

    def remember(view: dict[str, Any]) -> Any:
        last[:] = [evaluated(view)]
        return last[0]

    bot.evaluate = remember  # type: ignore[method-assign]  # the estimates the choice was made on
    rows = []
    while not ARENA.over(game) and game.to_move is not None:
        mover = game.to_move
        view = game.view(mover)
        action = bots[mover].choose(view).action
        deal = view["deal"]
        if mover == seat and deal["phase"] == "trump" and last and last[0].estimates:
            rows.append({"role": "F" if mover == deal["forehand"] else "D", "which": deal["offer"]["which"],
                         "action": action, "deal": len(game.deals) - 1,
                         "est": {a: e.win for a, e in last[0].estimates.items()}})
        game.apply(action, mover)
    won = ARENA.winner(game) == seat
    for row in rows:
        deal = game.deals[row.pop("deal")]
        outcome = deal.outcome
        row["declarer"] = None if deal.declarer is None else ("me" if deal.declarer == seat else "opp")
        row["deal_won"] = outcome is not None and outcome.winner == seat
        row["game_won"] = won
    return rows


def deal_rows(seed: int) -> list[dict[str, Any]]:
    return game_rows(seed, 0) + game_rows(seed, 1)


def report(rows: list[dict[str, Any]]) -> None:
    print(f"{len(rows)} answers on trumps")
    bins: dict[tuple[int, str, str, str], list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        if "take" in row["est"]:
            bins[(min(9, int(row["est"]["take"] * 10)), row["role"], row["which"], row["action"])].append(row)
    for (tenth, role, which, action), group in sorted(bins.items()):
        mean = statistics.fmean
        line = (f"take {tenth / 10:.1f}-{(tenth + 1) / 10:.1f}  {role} {which:6} {action:5} n={len(group):4d}  "
                f"won {mean(r['game_won'] for r in group):.2f}  est take {mean(r['est']['take'] for r in group):.2f}")
        if all("pass" in r["est"] for r in group):
            line += f"  est pass {mean(r['est']['pass'] for r in group):.2f}"
        opp = [r for r in group if r["declarer"] == "opp"]
        if opp:
            line += f"  opp declared {len(opp) / len(group):.2f}, fell {mean(r['deal_won'] for r in opp):.2f}"
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=70001)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--save", help="also write every row as JSON lines to this file")
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    for pair in over_tasks(deal_rows, range(args.seed, args.seed + args.deals), args.jobs, most=4):
        rows += pair
    if args.save:
        with open(args.save, "w") as out:
            out.writelines(json.dumps(row) + "\n" for row in rows)
    report(rows)


if __name__ == "__main__":
    main()

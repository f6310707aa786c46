"""What each answer on trumps of the strong Czech sampling bot was worth, against the rule bot: both answers played out.

``bench bots`` tells two bots apart only over thousands of deals: a game's outcome hangs on the cards far more
than on one decision. This script measures the trump answers one at a time instead. It plays duplicate games (each
deal twice, seats swapped, as ``bench bots``) of the strong bot against the rule bot, and at each of the bot's free
answers on trumps (take or pass, or take or fold) it also plays the game on from the other answer, with the same
bots. Each answer then has an outcome of both choices on the same cards: whether the bot won the game, and each
side's chips. From these it prints, for weights of a game won (``GAME_WON``: the utility is chips / stake +
weight × chance to win, as in ``czech/ai/sampling.py``), how the answers chosen by that weight from the bot's own
estimates would have changed the games won and the bank of each side, per game, with 95% intervals:

    GAME_WON 5: 154 answers changed, games won +0.0242 ± 0.0128 a game, bank: bot -0.317, rule bot +0.224

The figures for weights other than the bot's own change one answer at a time (the rest of the game is played by the
bot as it is), so they are a first-order estimate; ``bench bots`` is the proof. Prints figures, asserts nothing.

Usage: .venv/bin/python scripts/bench_trump_counterfactual.py [--deals 600] [--seed 110001] [--jobs 2]
       [--save rows.jsonl] [--load rows.jsonl] [--weight 5]
(600 deals take about 46 minutes on 2 processes of the idle 2-core VM)
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
from collections import defaultdict
from typing import Any

from bulka_teach.bots.match_bench import over_tasks
from bulka_teach.czech.ai.arena import ARENA
from bulka_teach.czech.ai.sampling import GAME_WON, SamplingBot
from bulka_teach.czech.ai.teaching import RuleBot
from bulka_teach.records import Record

WEIGHTS = (0, 1, 2, 3, 4, 5, 6, 8, 10)
Moves = list[tuple[int, str]]


def play_on(seed: int, seat: int, moves: Moves, bot_seed: int, rows: list[dict[str, Any]] | None
            ) -> tuple[bool, int, int]:
    """The game of deal ``seed`` from ``moves`` on, the sampling bot in ``seat``: (the bot won, its chips, the rule
    bot's chips). With ``rows``, each free answer on trumps is also played on from the other answer and recorded."""
    game = Record(game="czech-bulka", players=("A", "B"), seed=seed).start()
    start = list(game.chips)
    for mover, action in moves:
        game.apply(action, mover)
    bot, rule = SamplingBot("strong", bot_seed), RuleBot(seed * 2 + 1 - seat)
    moves = list(moves)
    mine: list[dict[str, Any]] = []
    while not ARENA.over(game) and game.to_move is not None:
        mover = game.to_move
        view = game.view(mover)
        deal = view["deal"]
        if mover != seat:
            action = rule.choose(view).action
        elif rows is not None and deal["phase"] == "trump" and len(view["legal"]) > 1:
            evaluation = bot.evaluate(view)
            action = evaluation.ranked()[0]
            estimates = evaluation.estimates
            row = {"seed": seed, "seat": seat, "role": "F" if mover == deal["forehand"] else "D",
                   "offer": deal["offer"]["which"], "deal": deal["number"], "chosen": action, "weight": GAME_WON,
                   "est": {a: {"win": e.win, "chips": e.chips, "stake": e.stake} for a, e in estimates.items()},
                   "outcome": {}}
            for other in evaluation.estimates:
                if other != action:
                    row["outcome"][other] = play_on(seed, seat, moves + [(mover, other)], bot_seed + 7919 * len(moves),
                                                    None)
            mine.append(row)
        else:
            action = bot.choose(view).action
        game.apply(action, mover)
        moves.append((mover, action))
    outcome = (ARENA.winner(game) == seat, game.chips[seat] - start[seat], game.chips[1 - seat] - start[1 - seat])
    for row in mine:
        row["outcome"][row["chosen"]] = outcome
    if rows is not None:
        rows += mine
    return outcome


def deal_rows(seed: int) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for seat in (0, 1):
        play_on(seed, seat, [], seed * 2 + seat, rows)
    return rows


def choice(row: dict[str, Any], weight: float) -> str:
    """The answer the bot's estimates give with a game won worth ``weight`` stakes."""
    est = row["est"]
    return max(est, key=lambda a: est[a]["chips"] / est[a]["stake"] + weight * est[a]["win"])


def change(row: dict[str, Any], answer: str) -> list[float]:
    """What ``answer`` instead of the bot's own brought: (games won, the bot's chips, the rule bot's chips)."""
    return [float(new) - float(old) for new, old in zip(row["outcome"][answer], row["outcome"][row["chosen"]])]


def report(rows: list[dict[str, Any]], shown: float) -> None:
    """Per weight, the change in games won and chips; then, for weight ``shown``, the answers it changes."""
    games = 2 * len({row["seed"] for row in rows})
    print(f"{len(rows)} answers on trumps in {games} games; the bot played with GAME_WON {rows[0]['weight']:g}")
    by_game: dict[tuple[int, int], int] = {}
    for row in rows:
        by_game.setdefault((row["seed"], row["seat"]), len(by_game))
    for weight in WEIGHTS:
        deltas = [[0.0, 0.0, 0.0] for _ in range(games)]  # per game: games won, bot's chips, rule bot's chips
        changed = 0
        for row in rows:
            answer = choice(row, weight)
            if answer == row["chosen"]:
                continue
            changed += 1
            delta = deltas[by_game[(row["seed"], row["seat"])]]
            for i, value in enumerate(change(row, answer)):
                delta[i] += value
        won = [d[0] for d in deltas]
        half = 1.96 * statistics.stdev(won) / math.sqrt(games)
        print(f"  GAME_WON {weight:>2}: {changed:4d} answers changed, games won {statistics.fmean(won):+.4f} ± "
              f"{half:.4f} a game, bank: bot {statistics.fmean(d[1] for d in deltas):+.3f}, rule bot "
              f"{statistics.fmean(d[2] for d in deltas):+.3f} chips a game")
    print(f"Where the answers of GAME_WON {shown:g} differ from the bot's (role, offer, deal, answer → answer: "
          "how many, games won, the bot's chips):")
    parts: dict[tuple, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    for row in rows:
        answer = choice(row, shown)
        if answer != row["chosen"]:
            part = parts[(row["role"], row["offer"], row["deal"], f"{row['chosen']} → {answer}")]
            games_won, chips, _ = change(row, answer)
            part[0] += 1
            part[1] += games_won
            part[2] += chips
    for key, (n, won_, chips) in sorted(parts.items(), key=lambda kv: -kv[1][0]):
        print(f"  {' '.join(map(str, key)):28} {n:4d}  {won_:+4.0f}  {chips:+5.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--seed", type=int, default=110001)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--save", help="also write every row as JSON lines to this file")
    parser.add_argument("--load", help="report on rows saved before instead of playing")
    parser.add_argument("--weight", type=float, default=GAME_WON, help="the weight whose changed answers are listed")
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    if args.load:
        with open(args.load) as saved:
            rows = [json.loads(line) for line in saved]
    else:
        for found in over_tasks(deal_rows, range(args.seed, args.seed + args.deals), args.jobs, most=2):
            rows += found
        if args.save:
            with open(args.save, "w") as out:
                out.writelines(json.dumps(row) + "\n" for row in rows)
    report(rows, args.weight)


if __name__ == "__main__":
    main()

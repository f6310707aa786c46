"""Shared helpers for the Trappola tests: games from stacked decks, refusals that must leave the game unchanged."""
from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from typing import Any

import pytest

from bulka_teach import IllegalAction, Record
from bulka_teach.trappola.match import TrappolaBulka

# Worked example 1 of the rules file (two players, Ann deals, Ben challenges): Ben 2b Rb Cb Fb 2s Rs 2c Rc 2d,
# Ann As Xs 9s Ac Xc Ad Xd 9d 8d; the stock's bottom card 7b.
EX1 = ["2b", "Rb", "Cb", "As", "Xs", "9s", "Fb", "2s", "Rs", "Ac", "Xc", "Ad", "2c", "Rc", "2d", "Xd", "9d", "8d",
       "Rd", "Cd", "Fd", "7d", "Cs", "Fs", "8s", "7s", "Cc", "Fc", "9c", "8c", "7c", "Ab", "Xb", "9b", "8b", "7b"]
EX1_ACTIONS = ["declare 2s-2c-2d-2b", "play 2b", "declare blans", "play 8d", "play 2d", "play 9d", "play Xc",
               "play Rc", "play Rb", "play 9s", "play Cb", "play Xs", "play Fb", "declare As-Ac-Ad", "play As",
               "play Rs", "play Ac", "play 2s", "play Xd", "play 2c", "play Ad"]
# Worked example 2 (three players, Ann deals, Ben challenges, Cleo waits): Ben Rs As Fs 9s Rc Ac Fc Rd Xd,
# Ann Cs 2s Cd Cb 2c 2b Ab 9c 8d.
EX2 = ["Rs", "As", "Fs", "Cs", "2s", "Cd", "9s", "Rc", "Ac", "Cb", "2c", "2b", "Fc", "Rd", "Xd", "Ab", "9c", "8d",
       "Xs", "8s", "7s", "Cc", "Xc", "8c", "7c", "Ad", "Fd", "9d", "7d", "2d", "Rb", "Fb", "Xb", "9b", "8b", "7b"]
EX2_ACTIONS = ["declare Rs-Rc-Rd", "play Fs", "declare Cs-Cd-Cb", "declare 2s-2c-2b", "play Cs", "manko", "play 2b",
               "manko", "play 9s", "play Ab", "play Xd", "play 8d", "play Rd", "play As", "play 2s", "play Rs",
               "play 9c", "play Ac", "play 2c", "play Rc", "play Cd", "play Fc", "play Cb"]
# Worked example 3 (three players, renonc_mode): the same deck three times.
EX3 = ["Rs", "Cs", "Fs", "As", "7s", "Ac", "Fc", "Xc", "9c", "2c", "Ad", "Xd", "Fd", "7d", "8d", "2b", "Rb", "Cb",
       "Xs", "9s", "8s", "2s", "Rc", "Cc", "8c", "7c", "Rd", "Cd", "9d", "2d", "Ab", "Fb", "Xb", "9b", "8b", "7b"]
EX3_ACTIONS = ["play Rs", "play Ac", "declare Rs-Rc-Rd", "pro", "declare Fs-Fc-Fd", "play Rs", "declare As-Ac-Ad",
               "play As", "manko", "play 2b", "play 8d", "play Rb", "play 7d", "play Cb", "play 9c", "play Ac",
               "play Xc", "play 2c", "play Fc", "play Cs", "play 7s", "play Fs", "play Xd", "play Fd", "play Ad"]
CARD_TOKEN = re.compile(r"\b[2789XFCRA][scdb]\b")


def trappola(deck: Sequence[str] | None = None, actions: Sequence[str] = (), rules: dict[str, Any] | None = None,
             players: Sequence[str] = ("Ann", "Ben"), dealer: int | None = 0, queue: Sequence[int] | None = None,
             decks: Sequence[Sequence[str]] | None = None, seed: int | None = None) -> TrappolaBulka:
    """A Trappola game from stacked deck(s), with ``actions`` applied (each must be accepted)."""
    if decks is None:
        decks = [deck] if deck is not None else []
    record = Record(game="trappola", players=tuple(players), rules=dict(rules or {}), dealer=dealer,
                    queue=tuple(queue) if queue is not None else None, seed=seed,
                    decks=tuple(tuple(d) for d in decks), actions=tuple(actions))
    game = record.replay()
    assert isinstance(game, TrappolaBulka)
    return game


def snapshot(game) -> str:
    seats = list(range(game.n)) + [None]
    return json.dumps({"views": [game.view(s) for s in seats], "actions": len(game.actions),
                       "legal": game.legal_actions(), "to_move": game.to_move, "result": game.result()},
                      sort_keys=True, default=str)


def assert_sentence(message: str) -> None:
    assert isinstance(message, str) and len(message.split()) >= 5, message
    assert message[0].isupper() or message[0] in "'\"", message
    assert message.rstrip().endswith((".", "!", ")")), message


def refuse(game, action: str, reason: str, seat: int | None = None) -> IllegalAction:
    """Assert ``action`` is refused with ``reason`` and that the game did not change at all."""
    before = snapshot(game)
    legal = game.legal_actions()
    verdict = game.verdict(action) if seat is None else game.verdict(action, seat)
    assert verdict is not None, f"{action!r} was judged legal"
    assert verdict.reason == reason, (verdict.reason, verdict.message)
    if seat is None or seat == game.to_move:
        assert action not in legal
    with pytest.raises(IllegalAction) as info:
        game.apply(action) if seat is None else game.apply(action, seat)
    assert info.value.reason == reason and info.value.message == verdict.message
    assert_sentence(info.value.message)
    assert snapshot(game) == before, "a refused action changed the game"
    return info.value


def summary(game, k: int = -1) -> dict[str, Any]:
    return game.result()["deals"][k]


def first_tie(players: int, rules: dict[str, Any] | None = None, pick=None, start: int = 0):
    """A seeded game played by a fixed random policy up to its first tied Partie (Alifer or a draw): the game, and the
    index of the tied Partie. ``pick(game, rng)`` chooses each action (default: any legal one)."""
    names = ("Ann", "Ben", "Cleo", "Dan")[:players]
    for seed in range(start, start + 4000):
        rng = random.Random(seed)
        game = Record(game="trappola", players=names, rules=dict(rules or {}), seed=seed).start()
        while len(game.deals) < 6:
            k = len(game.deals) - 1
            legal = game.legal_actions()
            game.apply(pick(game, rng) if pick else rng.choice(legal))
            outcome = game.deals[k].outcome
            if outcome is not None and outcome.result in ("alifer", "draw"):
                return game, k
    raise AssertionError("no tie found")

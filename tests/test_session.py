"""The session contract every game keeps (``bulka_teach.game``): the view's common keys and types, the deals and
their summaries, the view at any step of the log — checked on Czech Bulka, the game that implements it so far."""
from __future__ import annotations

import random
from typing import Any, get_args, get_origin, get_type_hints

import pytest

from bulka_teach import GAMES, Record
from bulka_teach.czech.view import CzechDealView, CzechView
from bulka_teach.game import DealView, Game, SessionView


def _matches(value: Any, hint: Any) -> bool:
    """Whether a JSON value fits a type hint of the view TypedDicts (None, str, int, list, dict, unions)."""
    origin = get_origin(hint)
    if hint is Any:
        return True
    if hint is type(None):
        return value is None
    if origin is None:
        if isinstance(hint, type) and hasattr(hint, "__annotations__") and issubclass(hint, dict):  # a TypedDict
            return isinstance(value, dict) and all(k in value and _matches(value[k], h)
                                                   for k, h in get_type_hints(hint).items())
        return isinstance(value, hint) and not (hint is int and isinstance(value, bool))
    args = get_args(hint)
    if origin in (list,):
        return isinstance(value, list) and all(_matches(v, args[0]) for v in value)
    if origin in (dict,):
        return isinstance(value, dict) and all(_matches(k, args[0]) and _matches(v, args[1]) for k, v in value.items())
    return any(_matches(value, a) for a in args)  # a union


def playable_games() -> list[str]:
    return [game for game in GAMES if GAMES[game].available]


@pytest.mark.parametrize("game_id", playable_games())
def test_every_view_holds_the_session_keys_with_their_types(game_id):
    spec = GAMES[game_id]
    rng = random.Random(5)
    for table in range(6):
        players = tuple(f"P{i}" for i in range(rng.choice(list(spec.players))))
        game: Game[Any] = Record(game=game_id, players=players, seed=table).start()
        for _ in range(120):
            for seat in (None, *range(len(players))):
                view = game.view(seat)
                assert _matches(view, SessionView), {k: view.get(k) for k in get_type_hints(SessionView)}
                assert view["pack"] == spec.pack(len(players), game.rules).art
                if view["deal"] is not None:
                    assert _matches(view["deal"], DealView)
            legal = game.legal_actions()
            if not legal:
                break
            game.apply(rng.choice(legal))


@pytest.mark.parametrize("game_id", playable_games())
def test_the_view_at_the_end_of_the_log_is_the_view_and_every_deal_has_a_summary(game_id):
    players = ("Ann", "Ben", "Cleo", "Dan", "Eve")[: max(2, min(GAMES[game_id].players))]
    game: Game[Any] = Record(game=game_id, players=players, seed=11).start()
    total = sum(game.chips) + sum(pot.amount for pot in game.pots())  # 0 for a game that counts chips won or lost
    rng = random.Random(1)
    while len(game.deals) < 4:
        game.apply(rng.choice(game.legal_actions()))
    assert game.view_at(0) == game.view(0) == game.view_at(0, len(game.events))
    for k, deal in enumerate(game.deals):
        summary = game.deal_summary(deal)
        assert summary["dealer"] == deal.dealer and summary["number"] == deal.number
        past = game.view_at(0, game.deal_end(k))
        assert past["deal"]["number"] == deal.number
        if deal.over:  # a finished deal on the table asks nothing of anyone
            assert past["to_move"] is None and past["legal"] == []
    assert [game.deal_index_of(d.first_event) for d in game.deals] == list(range(len(game.deals)))
    assert game.pots() and all(pot.amount >= 0 for pot in game.pots())
    assert sum(game.chips) + sum(pot.amount for pot in game.pots()) == total, "chips are only moved, never made"


def test_what_each_czech_deal_decided_follows_its_events():
    """Czech Bulka: a deal with a bank won decides the match, one with a game over a game, else a redeal; the
    practice table ends a whole game or a whole match by this."""
    game: Game[Any] = Record(game="czech-bulka", players=("Ann", "Ben"), seed=3).start()
    rng = random.Random(2)
    while not any(game.deal_decision(k).decided == "match" for k in range(len(game.deals) - 1)):
        game.apply(rng.choice(game.legal_actions()))
    seen = set()
    for k in range(len(game.deals) - 1):
        decision = game.deal_decision(k)
        kinds = {e.kind for e in game.events[game.deals[k].first_event:game.deal_end(k)]}
        expected = "match" if "bank-won" in kinds else "game" if "game-over" in kinds else "redeal"
        assert decision.decided == expected
        assert (decision.event is None) == (expected == "redeal")
        if decision.event is not None:
            assert decision.event.kind == {"match": "bank-won", "game": "game-over"}[expected]
        seen.add(expected)
    assert {"game", "match"} <= seen


def test_every_czech_view_holds_the_games_own_keys_with_their_types():
    rng = random.Random(8)
    for table in range(6):
        players = ("Ann", "Ben", "Cyril")[: 2 + table % 2]
        game: Game[Any] = Record(game="czech-bulka", players=players, seed=100 + table).start()
        for _ in range(150):
            for seat in (None, *range(len(players))):
                view = game.view(seat)
                assert _matches(view, CzechView), {k: view.get(k) for k in get_type_hints(CzechView)}
                if view["deal"] is not None:
                    assert _matches(view["deal"], CzechDealView), view["deal"]
            legal = game.legal_actions()
            if not legal:
                break
            game.apply(rng.choice(legal))

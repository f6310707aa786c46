"""Properties of Trappola over random legal play (hypothesis): no crash under any house rules with 2–4 players,
all 36 cards accounted for, a Partie's points add up from their parts, chips conserved, views that do not depend
on cards hidden from the seat, legal = the candidates with an ok verdict, refusals that change nothing, records
that round-trip, the same seed giving the same game, and deal codes."""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from trappola_helpers import CARD_TOKEN

from bulka_teach import DealCode, Record, undo
from bulka_teach.trappola.deal import OVER, Partie
from bulka_teach.trappola.match import TrappolaBulka
from bulka_teach.trappola.rules import PACK, TrappolaRules

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PLAYERS = ("Ann", "Ben", "Cleo", "Dan")
house_rules = st.fixed_dictionaries({}, optional={
    "stake": st.sampled_from([10, 20, 100]), "stock_exchange": st.booleans(), "renonc_mode": st.booleans(),
    "two_player_alifer": st.booleans(), "bulka_won_seating": st.sampled_from(["rules", "redraw"]),
    "bonus_marc": st.integers(0, 50), "figura_blans": st.integers(0, 30), "points_asso": st.integers(0, 11)})


@dataclass
class Setup:
    players: int
    seed: int
    choices: int
    steps: int
    rules: dict[str, Any] = field(default_factory=dict)

    def record(self) -> Record:
        return Record(game="trappola", players=PLAYERS[: self.players], rules=dict(self.rules), seed=self.seed)


setups = st.builds(Setup, players=st.integers(2, 4), seed=st.integers(0, 2**40), choices=st.integers(0, 2**32),
                   steps=st.integers(0, 160), rules=house_rules)


def renonc_actions(game: TrappolaBulka) -> list[str]:
    return [a for a, _ in game.deal.candidates() if (v := game.verdict(a)) is not None and v.renonc] \
        if game.deal is not None and game.rules.renonc_mode else []


def play(setup: Setup, after_each=None) -> TrappolaBulka:
    game = setup.record().start()
    assert isinstance(game, TrappolaBulka)
    rng = random.Random(setup.choices)
    for _ in range(setup.steps):
        legal = game.legal_actions()
        if not legal:
            break
        renoncs = renonc_actions(game) if rng.random() < 0.03 else []
        before = game.deal
        game.apply(rng.choice(renoncs or legal))
        if after_each:
            after_each(game, before)
    return game


def assert_all_cards_once(partie: Partie) -> None:
    cards = partie.all_cards()
    assert len(cards) == 36 and len(set(cards)) == 36, sorted(c.code for c in cards)


@SETTINGS
@given(setup=setups)
def test_all_36_cards_accounted_for_and_chips_conserved_after_every_action(setup):
    def check(game, before):
        assert_all_cards_once(before)
        if game.deal is not None:
            assert_all_cards_once(game.deal)
        assert sum(game.chips) + game.pot == 0, "chips are only moved, never made"
        assert game.pot >= 0
        if game.n == 2:
            assert game.chips == [0, 0] and game.pot == 0

    play(setup, check)


def assert_points_identity(partie: Partie) -> None:
    """Score = the card points of the 18 cards in play + the plain last trick + each bonus + each Figura."""
    outcome = partie.outcome
    if outcome is None or outcome.result == "renonc":
        return
    points = partie.rules.card_points()
    in_play = sum(points[c.index] for t, _ in partie.tricks for _, c in t)
    last = 0 if partie.by_two[-1][1] else partie.rules.last_trick
    bonuses = sum(b.points for b in partie.bonuses())
    figura = sum(d.points for s in partie.seats for d in partie.declared[s])
    assert sum(outcome.points.values()) == in_play + last + bonuses + figura
    assert sum(partie.won[s] for s in partie.seats) == in_play
    assert len(partie.tricks) == 9


@SETTINGS
@given(setup=setups)
def test_points_add_up_from_their_parts(setup):
    def check(game, before):
        if before.phase == OVER:
            assert_points_identity(before)

    play(setup, check)


def known_to(partie: Partie, viewer: int | None) -> set:
    known = {c for t, _ in partie.tricks for _, c in t} | {c for _, c in partie.trick}
    if partie.dealt:
        known.add(partie.stock_card)
    for s in partie.seats:
        for d in partie.declared[s]:
            if viewer == s or d.figura.size != 3 or d.manko is not None or partie.phase == OVER:
                known |= set(d.figura.cards)
    if viewer in partie.seats:
        known |= set(partie.hands[viewer]) | set(partie.set_aside[viewer])
    return known


def hidden_places(partie: Partie, viewer: int | None) -> list[tuple[list, int]]:
    known = known_to(partie, viewer)
    if not partie.dealt:
        return [(partie.deck, i) for i in range(36)]
    lists = [partie.stock]
    for s in partie.seats:
        if s != viewer:
            lists += [partie.hands[s], partie.set_aside[s]]
    return [(lst, i) for lst in lists for i, c in enumerate(lst) if c not in known]


def current_text(game: TrappolaBulka, viewer: int | None) -> str:
    view = dict(game.view(viewer))
    log = view["log"]
    starts = [i for i, e in enumerate(log) if e["kind"] == "deal"]
    view["log"] = log[starts[-1]:] if starts else log
    view.pop("previous")
    return json.dumps(view, ensure_ascii=False)


@SETTINGS
@given(setup=setups, data=st.data())
def test_view_unchanged_when_hidden_cards_are_permuted(setup, data):
    game = play(setup)
    if game.deal is None:
        return
    for viewer in [*range(game.n), None]:
        before = game.view(viewer)
        twin = game.record().replay()
        places = hidden_places(twin.deal, viewer)
        hidden = [lst[i] for lst, i in places]
        order = data.draw(st.permutations(range(len(places))), label=f"permutation for viewer {viewer}")
        for (lst, i), j in zip(places, order, strict=True):
            lst[i] = hidden[j]
        twin._legal_at = -1
        assert twin.view(viewer) == before, f"the view of {viewer} depends on cards hidden from it"


@SETTINGS
@given(setup=setups)
def test_view_json_never_names_a_hidden_card(setup):
    def check(game, _before):
        partie = game.deal
        if partie is None:
            return
        for viewer in [*range(game.n), None]:
            hidden = {c.code for c in set(PACK.cards) - known_to(partie, viewer)}
            leaked = hidden & set(CARD_TOKEN.findall(current_text(game, viewer)))
            assert not leaked, f"seat {viewer} sees hidden card(s) {sorted(leaked)}"

    play(setup, check)


def universe(game: TrappolaBulka) -> list[str]:
    return (["pro", "no-pro", "exchange", "pass", "manko", "declare blans", "declare bianka", "declare Rs-Rc-Rd",
             "declare As-Ac-Ad-Ab", "declare 2s-2c-2b"] + [f"play {c.code}" for c in PACK.cards])


@SETTINGS
@given(setup=setups, data=st.data())
def test_legal_is_exactly_the_ok_verdicts_and_refusals_change_nothing(setup, data):
    game = play(setup)
    legal = set(game.legal_actions())
    candidates = {a for a, _ in game.deal.candidates()} if game.deal is not None else set()
    assert legal == {a for a in candidates if game.verdict(a) is None}
    assert legal <= candidates
    for action in universe(game):
        if action not in candidates:
            assert game.verdict(action) is not None
    refused = [a for a in universe(game) if game.verdict(a) is not None and not (
        game.verdict(a).renonc and game.rules.renonc_mode)]
    if refused:
        action = data.draw(st.sampled_from(refused))
        before = (json.dumps([game.view(s) for s in [*range(game.n), None]], sort_keys=True), len(game.actions))
        try:
            game.apply(action)
        except ValueError:
            pass
        assert (json.dumps([game.view(s) for s in [*range(game.n), None]], sort_keys=True),
                len(game.actions)) == before


def state(game: TrappolaBulka) -> str:
    return json.dumps({"result": game.result(), "views": [game.view(s) for s in [*range(game.n), None]]},
                      sort_keys=True)


@SETTINGS
@given(setup=setups)
def test_records_round_trip_and_the_same_seed_gives_the_same_game(setup):
    game = play(setup)
    again = Record.from_json(game.record().to_json()).replay()
    assert state(again) == state(game)
    assert state(play(setup)) == state(game)
    if game.actions:
        assert state(undo(game)) == state(game.record().with_actions(game.actions[:-1]).replay())


@SETTINGS
@given(setup=setups)
def test_a_games_deal_code_starts_the_same_game(setup):
    game = play(setup)
    code = game.deal_code()
    assert code is not None and str(code).startswith(f"TR{setup.players}-")
    again = DealCode.parse(str(code)).record(PLAYERS[: setup.players]).with_actions(game.record().actions).replay()
    assert state(again) == state(game)


@settings(max_examples=100, deadline=None)
@given(rules=house_rules)
def test_rules_id_round_trips(rules):
    parsed = TrappolaRules.from_dict(rules)
    assert TrappolaRules.from_id(parsed.rules_id) == parsed


def test_random_partien_over_house_rules_never_fail():
    """Many random Partien and whole Bulkas for 2–4 players over house-rule combinations, with renoncs."""
    partien = bulkas = 0
    for table in range(120):
        rng = random.Random(table)
        players = 2 + table % 3
        rules = {"stock_exchange": rng.random() < 0.5, "renonc_mode": rng.random() < 0.4,
                 "two_player_alifer": rng.random() < 0.5, "bulka_won_seating": rng.choice(["rules", "redraw"]),
                 "stake": rng.choice([10, 20, 50])}
        game = Record(game="trappola", players=PLAYERS[:players], rules=rules, seed=table).start()
        assert isinstance(game, TrappolaBulka)
        while len(game.deals) < 25:
            legal = game.legal_actions()
            renoncs = renonc_actions(game) if rng.random() < 0.01 else []
            game.apply(rng.choice(renoncs or (["pro"] if "pro" in legal else legal)))
            assert sum(game.chips) + game.pot == 0
        partien += len(game.deals) - 1
        bulkas += game.bulka - 1
    assert partien == 120 * 24 and bulkas > 20

"""Properties of Bouillotte over random legal sessions (hypothesis), every preset, variant and player count:
nothing crashes; the pack is accounted for; jetons are only moved (Σ chips + pots constant, in every deal and
across sessions); nobody bets more than lies before him nor loses more than he staked; the views hide every hand
not shown; legal = the candidates whose verdict is ok, and a refused action changes nothing; records round-trip;
the same seed gives the same game; the order of the questions."""
from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from typing import Any, get_type_hints

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_session import _matches

from bulka_teach import DealCode, IllegalAction, Record
from bulka_teach.bouillotte import presenter as bouillotte_presenter
from bulka_teach.bouillotte.deal import BETTING, Deal
from bulka_teach.bouillotte.session import Bouillotte
from bulka_teach.bouillotte.view import BouillotteDealView, BouillotteView
from bulka_teach.table.present import presenter

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = ("Ann", "Ben", "Cleo", "Dan", "Eve")
BETS = ("pass", "open", "hold", "raise", "tapis", "fold")
CARD = re.compile(r"\b[89XJQKA][cdhs]\b")


@dataclass(frozen=True)
class Setup:
    players: int
    seed: int
    rules: tuple[tuple[str, Any], ...]
    chips: tuple[int, ...] | None
    choices: int

    def record(self) -> Record:
        return Record(game="bouillotte", players=NAMES[:self.players], rules=dict(self.rules), seed=self.seed,
                      chips=self.chips)


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    variant = draw(st.sampled_from(["standard", "no-brelan", "old"]))
    players = 5 if variant == "old" else draw(st.sampled_from([3, 4, 5]))
    rules: dict[str, Any] = {"variant": variant}
    presets = ["seed", "pagat"] + (["old"] if players == 5 else [])
    rules["preset"] = draw(st.sampled_from(presets))
    rules["ante"] = draw(st.sampled_from(["dealer", "all"]))
    rules["favori_pagat"] = draw(st.booleans())
    rules["carre_anglais"] = draw(st.booleans())
    rules["deal_passes"] = draw(st.sampled_from(["always", "unopened"]))
    chips = draw(st.none() | st.tuples(*[st.integers(1, 40)] * players))
    return Setup(players, draw(st.integers(0, 2**40 - 1)), tuple(sorted(rules.items())), chips,
                 draw(st.integers(0, 2**32)))


def money(game: Bouillotte) -> int:
    return sum(game.chips) + sum(p.amount for p in game.pots())


def play(setup: Setup, steps: int = 150, after_each=None) -> Bouillotte:
    game = setup.record().start()
    assert isinstance(game, Bouillotte)
    rng = random.Random(setup.choices)
    for _ in range(steps):
        legal = game.legal_actions()
        if not legal:
            break
        before = (list(game.chips), [list(d.stakes) for d in game.deals[-1:]])
        game.apply(rng.choice(legal))
        if after_each is not None:
            after_each(game, before)
    return game


def hidden_cards(deal: Deal, viewer: int | None) -> set[str]:
    """The cards ``viewer`` may not know: other seats' hands never shown, and the stock not turned."""
    hidden = {c.code for c in deal.stock}
    for seat in deal.seats:
        if seat != viewer and seat not in deal.shown:
            hidden |= {c.code for c in deal.hands[seat]}
    return hidden


@SETTINGS
@given(setup=setups())
def test_random_sessions_never_crash_and_jetons_are_only_moved(setup):
    start = setup.record().start()
    total = money(start)

    def check(game, before):
        assert money(game) == total, "jetons are only moved, never made"
        assert all(c >= 0 for c in game.chips), "nobody bets more than lies before him"

    game = play(setup, after_each=check)
    result = game.result()
    assert sum(result["bank"]["chips"]) + result["bank"]["pot"] + sum(
        p.amount for p in game.pots()) - game.table.dead == total


@SETTINGS
@given(setup=setups())
def test_the_pack_is_accounted_for_in_every_deal(setup):
    game = play(setup)
    for deal in game.deals:
        dealt = [c for h in deal.hands for c in h] + ([deal.retourne] if deal.retourne else []) + deal.stock + \
            [c for _, _, c in deal.turned]
        if deal.retourne is None and deal.exposed is None:  # the carre was still being asked
            assert not [c for h in deal.hands for c in h]
            continue
        if deal.exposed is None:
            assert sorted(dealt) == sorted(game.pack.cards)
        assert all(len(h) == 3 for h in deal.hands)


@SETTINGS
@given(setup=setups())
def test_nobody_loses_more_than_he_staked_in_a_deal(setup):
    """Without brelans (and so without their payments), a deal costs a seat at most its stake in it (and the
    ante's dead jeton)."""
    rules = dict(setup.rules)
    rules["variant"] = "no-brelan"
    setup = Setup(setup.players, setup.seed, tuple(sorted(rules.items())), setup.chips, setup.choices)
    game = play(setup, steps=300)
    chips = list(setup.chips) if setup.chips is not None else [game.rules.start_chips] * game.n
    ante = 1 if rules["ante"] == "all" else 0
    for event in game.events:
        if event.kind != "deal-end":
            continue
        k = game.deal_index_of(game.events.index(event))
        assert k is not None
        deal = game.deals[k]
        after = event.data["chips"]
        for seat in deal.seats:
            assert chips[seat] - after[seat] <= deal.stakes[seat] + ante
        chips = list(after)


@SETTINGS
@given(setup=setups())
def test_views_hide_every_hand_not_shown(setup):
    def check(game, before):
        deal = game.deal
        if deal is None:
            return
        for viewer in (None, *range(game.n)):
            view = game.view(viewer)
            text = json.dumps({k: v for k, v in view.items() if k != "previous"}, ensure_ascii=False)
            leaked = set(CARD.findall(text)) & hidden_cards(deal, viewer)
            assert not leaked, (viewer, leaked)
            for past in view["previous"]:  # earlier deals: only the hands shown
                assert all(hand is None or seat in past["shown"] for seat, hand in enumerate(past["hands"]))
            if viewer is not None:
                assert sorted(view["deal"]["hand"]) == sorted(c.code for c in deal.hands[viewer])

    play(setup, after_each=check)


@SETTINGS
@given(setup=setups(), data=st.data())
def test_views_are_unchanged_when_only_another_seats_hidden_cards_differ(setup, data):
    """Swap two hidden cards of other seats (or of the stock) in the deck: seat 0 sees exactly the same."""
    game = play(setup, steps=data.draw(st.integers(0, 40)))
    deal = game.deal
    if deal is None or deal.retourne is None or deal.exposed is not None or game.deals.index(deal) > 0:
        return
    hidden = sorted(hidden_cards(deal, 0))
    if len(hidden) < 2:
        return
    a, b = data.draw(st.sampled_from(hidden)), data.draw(st.sampled_from(hidden))
    deck = [c.code for c in deal.deck]
    i, j = deck.index(a), deck.index(b)
    deck[i], deck[j] = deck[j], deck[i]
    record = game.record()
    other = Record(game="bouillotte", players=record.players, rules=record.rules, dealer=deal.dealer,
                   chips=tuple(game.setup.chips or [game.rules.start_chips] * game.n), decks=(tuple(deck),),
                   actions=record.actions)
    try:
        again = other.replay()
    except IllegalAction:
        return
    mine = game.view(0)
    theirs = again.view(0)
    for view in (mine, theirs):
        view["log"] = [e for e in view["log"] if e["kind"] != "draw"]
        view["previous"] = []
    assert mine["deal"] == theirs["deal"] and mine["legal"] == theirs["legal"] and mine["chips"] == theirs["chips"]


@SETTINGS
@given(setup=setups())
def test_legal_actions_are_exactly_the_candidates_with_an_ok_verdict_and_refusals_change_nothing(setup):
    def check(game, before):
        legal = game.legal_actions()
        deal = game.deal
        if deal is None or game.to_move is None:
            return
        # the deal's own quick list (every amount of the range taken as legal) is the candidates filtered, in order
        assert legal == [a for a, parsed in deal.candidates() if deal.refusal(parsed) is None]
        universe = {a for a, _ in deal.candidates()} | {"pass", "hold", "fold", "tapis", "carre", "contre-carre",
                                                        "turn-first", "turn-last", "open 1", "raise 1", "open 99",
                                                        "raise 999", "bet", "open -1"}
        for action in universe:
            ok = game.verdict(action) is None
            assert ok == (action in legal), action
        refused = sorted(universe - set(legal))[:3]
        for action in refused:
            snapshot = json.dumps(game.view(None), sort_keys=True)
            try:
                game.apply(action)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{action} was applied")
            assert json.dumps(game.view(None), sort_keys=True) == snapshot

    play(setup, steps=60, after_each=check)


@SETTINGS
@given(setup=setups())
def test_records_round_trip_and_the_same_seed_gives_the_same_game(setup):
    game = play(setup)
    again = Record.from_json(game.record().to_json()).replay()
    assert [e for e in again.events] == [e for e in game.events]
    assert again.result() == game.result()
    if setup.chips is None:
        code = game.deal_code()
        assert code is not None
        replayed = DealCode.parse(str(code)).record(NAMES[:setup.players]).with_actions(game.record().actions)
        assert replayed.replay().result() == game.result()


@SETTINGS
@given(setup=setups())
def test_the_order_of_the_questions(setup):
    """Folded and all-in seats are never asked; the carre is asked of the first hand only before the cards; a seat
    that has held is asked again only after a raise; the betting starts after the last blind."""
    def check(game, before):
        deal = game.deal
        if deal is None or game.to_move is None:
            return
        seat = game.to_move
        if deal.phase == BETTING:
            assert seat not in deal.folded and game.chips[seat] > 0
            assert seat in deal.to_speak
            if not any(e.kind in BETS for e in game.events[deal.first_event:]):  # the first to speak
                start = (deal.blinds[-1].seat + 1) % deal.n if deal.blinds else deal.first
                order = [(start + i) % deal.n for i in range(deal.n)]
                assert seat == next(s for s in order if s in deal.to_speak)
        if deal.phase == "carre":
            assert seat == deal.first and deal.retourne is None and not any(deal.hands)

    play(setup, after_each=check)


def test_ten_thousand_random_hands_over_every_preset_variant_and_player_count():
    rng = random.Random(14)
    tables = [(variant, preset, players) for variant in ("standard", "no-brelan", "old")
              for preset in ("seed", "pagat", "old") for players in (3, 4, 5)
              if variant != "old" and preset != "old" or players == 5]
    hands = seed = 0
    while hands < 10_000:
        variant, preset, players = tables[seed % len(tables)]
        rules = {"variant": variant, "preset": preset, "ante": rng.choice(["dealer", "all"]),
                 "favori_pagat": rng.random() < 0.5, "deal_passes": rng.choice(["always", "unopened"])}
        chips = tuple(rng.choice([1, 2, 3, 8, 30]) for _ in range(players)) if rng.random() < 0.4 else None
        game = Record(game="bouillotte", players=NAMES[:players], rules=rules, seed=seed, chips=chips).start()
        total = money(game)
        while game.to_move is not None and len(game.deals) < 12:
            game.apply(rng.choice(game.legal_actions()))
        assert money(game) == total and min(game.chips) >= 0
        hands += sum(1 for d in game.deals if d.over)
        seed += 1


def test_every_view_holds_the_games_own_keys_with_their_types():
    rng = random.Random(8)
    for table in range(6):
        players = 3 + table % 3
        game = Record(game="bouillotte", players=NAMES[:players], seed=200 + table).start()
        for _ in range(120):
            for seat in (None, *range(players)):
                view = game.view(seat)
                assert _matches(view, BouillotteView), {k: view.get(k) for k in get_type_hints(BouillotteView)}
                if view["deal"] is not None:
                    assert _matches(view["deal"], BouillotteDealView), view["deal"]
            legal = game.legal_actions()
            if not legal:
                break
            game.apply(rng.choice(legal))


def test_the_table_draws_bouillotte_with_its_own_presenter():
    game = Record(game="bouillotte", players=NAMES[:3], seed=1).start()
    assert presenter(game.view(0)) is bouillotte_presenter

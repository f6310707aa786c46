"""Pass and play at one device, driven by clicks as the browser sends them: whole sessions of every game for two to
five seats (people and computers), the cover at every handover, and no card of one seat in any frame the table
sends while another seat acts or while it is covered."""
from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from test_table_review import CheapCards

from bulka_teach import IllegalAction
from bulka_teach.bots import Coach, Hint
from bulka_teach.cards import Pack
from bulka_teach.table import HotSeat, Practice
from bulka_teach.table.hotseat import READY
from bulka_teach.table.present import table_layout

Frame = tuple[str, dict[str, Any]]


def card_pattern(pack: Pack) -> re.Pattern[str]:
    return re.compile(rf"(?<![A-Za-z0-9])([{''.join(pack.ranks)}][{''.join(pack.suits)}])(?![A-Za-z0-9])")


def cards_in(value: Any, pattern: re.Pattern[str]) -> set[str]:
    return set(pattern.findall(json.dumps(value, ensure_ascii=False)))


def cover_prompt(name: str) -> str:
    return f"Pass the device to {name} — press when {name} is ready."


class Watch:
    """Every value the table's synced traits (``felt``, ``ui``) take, checked as it is set: it may name only cards
    the seat it is drawn for has been shown (``ui.me``, the felt's ``me`` seat; none: the spectator); a covered table
    shows every hand face down; a person's table comes only after a cover that named them, unless they had the
    device last."""

    def __init__(self, hotseat: HotSeat) -> None:
        self.h = hotseat
        self.pattern = card_pattern(hotseat.game.pack)
        self.known: dict[int | None, set[str]] = {}
        self.game: Any = None
        self.told = 0
        self.frames: list[Frame] = []
        self.covers: list[int] = []  # the seat each cover named, in order
        self.last_person: int | None = None
        self.covered_for: int | None = None
        self.person_frames = 0
        self.people_shown: set[int] = set()  # the people whose own table was drawn
        for name in ("felt", "ui"):  # the table as it is now, then every change
            self._check({"name": name, "new": getattr(hotseat.table, name)})
        hotseat.table.observe(self._check, names=["felt", "ui"])

    def _learn(self) -> None:
        """Add what each seat and the spectator is shown now: its view, and its words for every event so far."""
        game = self.h.game
        if game is not self.game:  # a new session (or one replayed after a failure): learn it from the start
            self.game, self.told = game, 0
            self.known = {seat: set() for seat in [None, *range(game.n)]}
        for seat, known in self.known.items():
            view = game.view(seat)  # and what the presenter draws from it alone (a Manko answer names a set's suits)
            known |= cards_in(view, self.pattern) | cards_in(table_layout(view, seat), self.pattern)
            for event in game.events[self.told:]:
                known |= cards_in(game.explain(event, seat), self.pattern)
        self.told = len(game.events)

    def _check(self, change: dict[str, Any]) -> None:
        name, value = change["name"], change["new"]
        self.frames.append((name, value))
        self._learn()
        if name == "ui":
            viewer = value.get("me")
        else:
            viewer = next((s["seat"] for s in value.get("seats", []) if s.get("me")), None)
        leaked = cards_in(value, self.pattern) - self.known[viewer]
        assert not leaked, (f"a {name} frame drawn for {viewer} names {sorted(leaked)}, never shown to it "
                            f"(deal code {self.h.deal_code}, {len(self.h.game.actions)} actions)")
        if name == "ui":
            self._check_handover(value)

    def _check_handover(self, ui: dict[str, Any]) -> None:
        players = self.h.players
        me = ui.get("me")
        covering = [b for b in ui["buttons"] if b["action"] == READY]
        if covering:
            assert me is None and not ui["clickable"] and ui["card_verb"] is None and len(ui["buttons"]) == 1
            seat = next(s for s, p in enumerate(players) if ui["prompt"] == cover_prompt(p))
            assert covering[0]["label"].startswith(f"I am {players[seat]}: show my ")
            felt = self.h.table.layout  # set just before this ui, in the same message
            assert all(p.get("cards") is None for p in felt["piles"] if p["id"] == "hand"), "a hand face up"
            if self.covered_for != seat:
                self.covers.append(seat)
            self.covered_for = seat
        elif me is None:
            self.covered_for = None  # a table for everyone: whoever comes next comes after a cover
        else:
            assert me in self.h.people, f"seat {me} is the computer's, but its table was drawn"
            if me != self.last_person:
                assert self.covered_for == me, f"{players[me]}'s table came without a cover naming {players[me]}"
            self.last_person, self.covered_for = me, None
            self.person_frames += 1
            self.people_shown.add(me)


def clicks(h: HotSeat) -> list[dict[str, Any]]:
    """What a person could click now: a lifted card, a button (an amount button at its lowest amount)."""
    ui = h.table.ui
    return ([{"type": "card", "card": c} for c in ui["clickable"]]
            + [{"type": "action", "action": f"{b['action']} {b['amount']['min']}" if b.get("amount") else b["action"]}
               for b in ui["buttons"]])


def choose(options: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A click at random, going all in (tapis) seldom, so that a Bouillotte session lasts a few deals."""
    weights = [0.05 if o.get("action") == "tapis" else 1.0 for o in options]
    return rng.choices(options, weights)[0]


def play(h: HotSeat, rng: random.Random, until: Callable[[HotSeat], bool] = lambda h: h.finished,
         limit: int = 6000, extra: Callable[[HotSeat, random.Random], None] = lambda h, rng: None) -> int:
    """Click at random among what the table offers (Continue when it offers nothing) until ``until``."""
    for sent in range(limit):
        if until(h):
            return sent
        extra(h, rng)
        options = clicks(h)
        h.table.send_from_browser(choose(options, rng) if options else {"type": "control", "name": "continue"})
        notice = h.table.ui["notice"]
        assert notice is None or notice["kind"] != "error", notice
    raise AssertionError(f"the session did not reach its end in {limit} clicks")


class AnyCoach:
    """Hints the last legal action and keeps every view it was asked about (any game, instantly)."""

    def __init__(self) -> None:
        self.views: list[dict[str, Any]] = []

    def hint(self, view: dict[str, Any]) -> Hint:
        self.views.append(view)
        return Hint(view["legal"][-1], "Because a test says so.", None, {})


def ask_hints(coach: AnyCoach) -> Callable[[HotSeat, random.Random], None]:
    def extra(h: HotSeat, rng: random.Random) -> None:
        own_table = h.viewer is not None and h.viewer == h.game.to_move and h.s.shown is None
        if rng.random() < 0.1 or (own_table and not coach.views):  # at least one hint in every session
            asked = len(coach.views)
            h.control("hint")
            if own_table:
                assert len(coach.views) == asked + 1 and coach.views[-1]["seat"] == h.viewer
                assert h.table.ui["notice"]["text"].startswith(f"Hint for {h.players[h.viewer]}:")
            else:
                assert len(coach.views) == asked, "the coach was asked while no one's own table was shown"
    return extra


SESSIONS = [
    ("czech-bulka", ("Ann", "Ben"), {}),
    ("czech-bulka", ("Ann", "Ben", "Cleo"), {}),
    ("czech-bulka", ("Ann", "Computer", "Ben"), {1: "rule"}),
    ("trappola", ("Ann", "Ben", "Cleo"), {}),
    ("trappola", ("Ann", "Computer 1", "Ben", "Computer 2"), {1: "rule", 3: "rule"}),
    ("bouillotte", ("Ann", "Ben", "Cleo"), {}),
    ("bouillotte", ("Ann", "Ben", "Computer", "Cleo"), {2: "rule"}),
    ("bouillotte", ("Ann", "Computer 1", "Ben", "Cleo", "Computer 2"), {1: "rule", 4: "rule"}),
]


@pytest.mark.parametrize("game, players, computers", SESSIONS,
                         ids=[f"{g}-{len(p)}-{len(p) - len(c)}people" for g, p, c in SESSIONS])
def test_a_whole_session_by_clicks_covers_every_handover_and_shows_no_seat_another_seats_cards(game, players,
                                                                                               computers):
    coach = AnyCoach()
    h = HotSeat(players, computers, game=game, coach=coach)  # type: ignore[arg-type]
    watch = Watch(h)
    play(h, random.Random(len(players) * 7 + len(computers)), extra=ask_hints(coach))
    assert h.finished and h.table.ui["deal_code"] == h.deal_code  # the code is shown once the session is over
    assert watch.people_shown and set(watch.covers) == watch.people_shown  # each person came after a cover
    assert coach.views, "no hint was asked"
    assert h.table.ui["prompt"].endswith(h.words["match_over"])


def test_two_trappola_players_play_partie_after_partie_for_points_each_covered():
    h = HotSeat(("Ann", "Ben"), game="trappola")
    watch = Watch(h)
    play(h, random.Random(2), until=lambda h: len(h.game.deals) > 3)
    assert not h.finished and h.table.ui["deal_code"] is None  # no Bulka with two: no end, the code kept back
    assert set(watch.covers) == {0, 1}


def test_the_table_opens_covered_for_the_first_person_with_one_button_and_the_spectators_words():
    h = HotSeat(("Ann", "Ben"), code="CB2-std-7")
    ui, felt = h.table.ui, h.table.layout
    first = h.players[h.game.to_move]
    assert ui["me"] is None and ui["prompt"] == cover_prompt(first)
    assert ui["buttons"] == [{"action": READY, "label": f"I am {first}: show my cards",
                              "hint": f"Press only when {first} holds the device and nobody else sees the screen."}]
    assert ui["steps"] == [h.game.explain(e, None) for e in h.game.events]
    assert all(p["count"] and p["cards"] is None for p in felt["piles"] if p["id"] == "hand")
    assert {c["name"]: c["enabled"] for c in ui["controls"]} == {"new": True, "hint": False, "review": False,
                                                                  "continue": False}
    assert ui["deal_code"] is None  # a code deals every hand: kept back until the session is over
    h.act(READY)
    seat = h.game.to_move
    assert h.table.ui["me"] == seat and h.table.view == h.game.view(seat)
    assert h.table.ui["steps"] == [h.game.explain(e, seat) for e in h.game.events]


def test_a_click_under_the_cover_is_refused_in_words_that_name_no_card_and_changes_nothing():
    h = HotSeat(("Ann", "Ben"), code="CB2-std-7")
    seat = h.game.to_move
    hand = h.game.view(seat)["deal"]["hand"]
    before = h.game.record()
    for message in ({"type": "card", "card": hand[0]}, {"type": "action", "action": "take"},
                    {"type": "control", "name": "hint"}, {"type": "control", "name": "review"}):
        h.table.send_from_browser(message)
        notice = h.table.ui["notice"]
        assert notice["kind"] == "info" and h.players[seat] in notice["text"], notice
        assert not cards_in(notice, card_pattern(h.game.pack)), notice
        assert h.game.record() == before and h.covered is not None


def test_a_refused_move_shows_the_engines_sentence_to_the_person_whose_turn_it_is_and_changes_nothing():
    h = HotSeat(("Ann", "Ben"), code="CB2-std-7")
    h.act(READY)
    seat = h.game.to_move
    before = h.game.record()
    h.act("pass")
    h.act(READY) if h.covered else None
    mover = h.game.to_move
    absent = next(c.code for c in h.game.pack.cards if c.code not in h.game.view(mover)["deal"]["hand"])
    with pytest.raises(IllegalAction) as refusal:
        h.game.apply(f"play {absent}", mover)
    h.click(absent)
    assert h.table.ui["notice"] == {"kind": "refused", "text": refusal.value.message, "id": h.table.ui["notice"]["id"]}
    assert h.table.ui["me"] == mover and len(h.game.actions) == len(before.actions) + 1 and seat is not None


def test_the_same_person_asked_again_with_only_the_computer_between_sees_no_cover():
    """One person against the computer: one cover at the start of each deal, none between the person's moves."""
    h = HotSeat(("Ann", "Computer"), {1: "rule"}, code="CB2-std-7")
    watch = Watch(h)
    play(h, random.Random(5), until=lambda h: len(h.game.deals) > 3)
    started = sum(1 for k in range(len(h.game.deals)) if any(e.seat == 0 for e in h.game.events[
        h.game.deals[k].first_event:h.game.deal_end(k)] if e.kind not in ("deal", "hand", "cut")))
    assert watch.covers == [0] * len(watch.covers) and 1 <= len(watch.covers) <= started + 1
    assert watch.person_frames > 3 * len(watch.covers)


def test_a_finished_deal_stays_for_everyone_until_continue_and_the_next_deal_is_covered_again():
    h = HotSeat(("Ann", "Ben"), code="CB2-std-7")
    play(h, random.Random(1), until=lambda h: h.s.shown is not None)
    ui, view = h.table.ui, h.table.view
    assert ui["me"] is None and view["deal"]["outcome"] and view["seat"] is None  # the spectator's view
    assert ui["prompt"] == h.words["game_over_next"] or ui["prompt"] == h.words["redeal_next"]
    assert {c["name"]: c["enabled"] for c in ui["controls"]}["continue"] is True
    h.click("Ah")
    assert h.table.ui["notice"]["text"] == ui["prompt"] and h.table.view["deal"]["outcome"]
    h.control("continue")
    assert h.covered is not None and h.table.ui["prompt"] == cover_prompt(h.players[h.game.to_move])


def test_review_asks_whose_decisions_covers_for_that_person_and_shows_only_their_own_tables():
    h = HotSeat(("Ann", "Ben"), code="CB2-std-7", coach=Coach(CheapCards()))
    play(h, random.Random(1), until=lambda h: h.s.shown is not None and h.game.deal_decision(h.s.shown).decided
         == "game")
    watch = Watch(h)
    h.control("review")
    ui = h.table.ui
    assert ui["me"] is None and ui["prompt"].startswith("Whose decisions shall the coach review?")
    assert [b["label"] for b in ui["buttons"]] == ["Ann's decisions", "Ben's decisions"]
    h.act(ui["buttons"][1]["action"])
    assert h.table.ui["prompt"] == cover_prompt("Ben")
    assert h.table.ui["buttons"][0]["label"] == "I am Ben: show my review"
    h.act(READY)
    review = h.table.ui["review"]
    assert review["items"] and h.table.ui["me"] == 1 and h.table.view["seat"] is None  # the list over the deal
    for k in range(len(review["items"])):
        h.table.send_from_browser({"type": "review", "item": k})
        assert h.table.view["seat"] == 1 and h.table.ui["me"] == 1  # Ben's own table at his decision
    h.act("play 7h")
    assert h.table.ui["notice"]["kind"] == "refused"
    h.control("back")
    assert "review" not in h.table.ui and h.table.ui["me"] is None and h.viewer is None
    h.control("review")
    h.act(h.table.ui["buttons"][0]["action"])
    assert h.table.ui["prompt"] == cover_prompt("Ann")  # Ben had the device: Ann's review is covered too
    assert watch.covers == [1, 0]


def test_a_review_for_one_person_playing_the_computer_covers_for_that_person_at_once():
    h = HotSeat(("Computer", "Ann"), {0: "rule"}, code="CB2-std-7", coach=Coach(CheapCards()))
    play(h, random.Random(3), until=lambda h: h.s.shown is not None and h.game.deal_decision(h.s.shown).decided
         == "game")
    h.control("review")
    assert h.table.ui["prompt"] == cover_prompt("Ann")
    h.act(READY)
    assert h.table.ui["review"]["summary"]


def test_the_form_seats_the_table_and_a_bad_seating_is_refused_in_a_sentence_changing_nothing():
    h = HotSeat(("Ann", "Ben"), code="CB2-std-7")
    before = h.game.record()
    for names, computers, says in [
        (("Ann", " ann "), {}, "Seats 1 and 2 are both called ann"),
        (("Ann", ""), {}, "Seat 2 has no name"),
        (("Ann", "x" * 10_000), {}, "10000 characters long: use at most 24"),
        (("Ann", "<b>Ben</b>"), {}, "not < or >"),
        (("Ann", "Ben"), {0: "rule", 1: "rule"}, "make at least one seat a person"),
        (("Ann", "Ben"), {1: "brilliant"}, "no level 'brilliant'"),
        (("Ann", "Ben", "Cleo", "Dan"), {}, "for 2 to 3 players, not 4"),
    ]:
        h.sit_down(names, computers)
        notice = h.table.ui["notice"]
        assert notice["kind"] == "refused" and says in notice["text"], notice
        assert h.game.record() == before and h.players == ("Ann", "Ben")
    h.form.count.value = 3
    h.form.names[2].value = "Cleo"
    h.form.played_by[1].value = "easy"
    h.form.code.value = "CB3-std-7"
    h.form.button.click()
    assert h.players == ("Ann", "Ben", "Cleo") and h.computers == {1: "easy"} and h.people == (0, 2)
    practice = Practice(players=("Ann", "Ben", "Cleo"), code="CB3-std-7")
    assert h.deal_code == practice.deal_code and h.table.ui["prompt"] == cover_prompt(h.players[h.game.to_move])
    assert [[c.code for c in hand] for hand in h.game.deal.hands] == \
        [[c.code for c in hand] for hand in practice.game.deal.hands]


def test_each_computer_seat_plays_at_its_own_level():
    h = HotSeat(("Ann", "Computer 1", "Computer 2"), {1: "easy", 2: "rule"}, game="trappola")
    asked: dict[int, set[str]] = {1: set(), 2: set()}
    original = h.ai

    def opponent(level: str, seed: int | None) -> Any:
        asked[h.game.to_move].add(level)
        return original.opponent("rule", seed)  # quick: only the level asked for is looked at

    h.ai = replace(original, opponent=opponent)
    play(h, random.Random(1), until=lambda h: all(asked.values()) or len(h.game.deals) > 30)
    assert asked == {1: {"easy"}, 2: {"rule"}}


def test_a_failing_computer_player_shows_an_error_notice_and_leaves_the_game_as_it_was(caplog, monkeypatch):
    h = HotSeat(("Ann", "Computer"), {1: "rule"}, code="CB2-std-7")
    h.act(READY)

    class Broken:
        def choose(self, view: dict[str, Any]) -> Any:
            raise RuntimeError("the bot broke")

    monkeypatch.setattr(h, "_bot", lambda seat: Broken())
    for _ in range(50):  # Ann's moves until one hands the turn to the computer
        before, asked = h.game.record(), h.table.ui
        options = clicks(h)
        h.table.send_from_browser(options[0] if options else {"type": "control", "name": "continue"})
        if h.table.ui["notice"] is not None and h.table.ui["notice"]["kind"] == "error":
            break
    assert h.table.ui["notice"]["kind"] == "error" and "the bot broke" in caplog.text
    assert h.game.record() == before and h.covered is None  # Ann's move is undone with the computer's failure
    assert {**h.table.ui, "notice": None} == {**asked, "notice": None}

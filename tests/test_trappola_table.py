"""Trappola's Bulka on the card table: the presenter's felt for 2, 3 and 4 players (waiting seats, the Bulka pot,
Pro, Alifer, declarations as each seat knows them, Manko, trick bonuses, the outcome's parts), its buttons and card
clicks, and the table's classes — Stepper, Puzzle, Quiz, pictures — over Trappola records."""
from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from trappola_helpers import CARD_TOKEN, EX1, EX1_ACTIONS, EX2, EX2_ACTIONS, EX3, EX3_ACTIONS, trappola

from bulka_teach import IllegalAction, Record, registry
from bulka_teach.bots import Hint
from bulka_teach.cards import ITALIAN
from bulka_teach.registry import game_spec
from bulka_teach.table import Practice, Puzzle, Quiz, Stepper, show_cards
from bulka_teach.table.present import table_layout, table_ui
from bulka_teach.trappola import presenter
from bulka_teach.trappola.figura import parse_figura

# Seed 81, three players, random legal play: the first Partie ends in a tie (21 : 21), so Alifer replays it ×2.
TIE_SEED = 81
TIE_ACTIONS = ["play 8d", "play Xd", "play 8s", "play Fs", "play 9d", "play Rd", "play 2b", "play 8b", "play Ad",
               "play Fd", "play As", "play Fb", "play Xb", "play Ab", "play 8c", "play 2d", "play 7c", "play Cd"]


def felt(game, seat):
    view = game.view(seat)
    return view, table_layout(view, seat), table_ui(view, "play", seat)


def seat_of(layout, seat):
    return next(s for s in layout["seats"] if s["seat"] == seat)


def shown_cards(*things) -> set[str]:
    return set(CARD_TOKEN.findall(json.dumps(things)))


def known_to(view) -> set[str]:
    """The cards a view holds, and those a Manko answer told (the three suits of a set besides the one it lacks)."""
    known = shown_cards(view["deal"], view["previous"])
    for entries in (view["deal"] or {}).get("declarations", {}).values():
        for e in entries:
            if e.get("manko"):
                known |= {f"{e['rank']}{s}" for s in "scdb" if s != e["manko"]}
    return known


def figura_items(layout, seat):
    facts = seat_of(layout, seat)["facts"]
    return next((f["items"] for f in facts if f["kind"] == "figura"), [])


# --- two players ----------------------------------------------------------------------------------------

def test_two_players_sit_face_to_face_with_no_pot_no_chips_and_the_face_up_stock_card():
    game = trappola(EX1)
    view, layout, ui = felt(game, 1)  # Ben, the challenger, to lead
    assert layout["pack"] == "italian"
    assert [(s["seat"], s["place"], s["waiting"]) for s in layout["seats"]] == [(1, "bottom", False),
                                                                                 (0, "top", False)]
    assert seat_of(layout, 1)["roles"] == ["challenger (Herausforderer)"]
    assert seat_of(layout, 0)["roles"] == ["dealer (Geber)"]
    assert all(s["chips"] is None for s in layout["seats"]) and layout["pots"] == []
    stock = next(p for p in layout["piles"] if p["id"] == "stock")
    assert stock["cards"] == ["7b"] and stock["count"] == 18 and "7b face up" in stock["aria"]
    hand = next(p for p in layout["piles"] if p["id"] == "hand" and p["at"] == 1)
    assert hand["mine"] and sorted(hand["cards"]) == sorted(EX1[0:3] + EX1[6:9] + EX1[12:15])
    other = next(p for p in layout["piles"] if p["id"] == "hand" and p["at"] == 0)
    assert other["cards"] is None and other["count"] == 9
    assert not shown_cards(layout, ui) & set(EX1[3:6] + EX1[9:12] + EX1[15:18])  # Ann's cards stay hidden


def test_one_declare_button_per_set_with_its_points_and_cards_to_click():
    game = trappola(EX1)
    _, _, ui = felt(game, 1)
    labels = {b["action"]: b["label"] for b in ui["buttons"]}
    assert set(labels) == {"declare Rs-Rc-Rb", "declare 2s-2c-2d-2b"}
    assert labels["declare 2s-2c-2d-2b"] == "Declare four twos (due) for 20: 2s-2c-2d-2b"
    assert labels["declare Rs-Rc-Rb"] == "Declare three kings (re) for 6: Rs-Rc-Rb"
    assert ui["card_verb"] == "play" and set(ui["clickable"]) == set(EX1[0:3] + EX1[6:9] + EX1[12:15])
    assert "Declare your sets (Figura)" in ui["prompt"]
    game.apply("declare 2s-2c-2d-2b")
    game.apply("play 2b")
    _, layout, ui = felt(game, 0)  # Ann: Blans, and she must follow batons? She holds none: any card
    labels = {b["action"]: b["label"] for b in ui["buttons"]}
    assert set(labels) == {"declare As-Ac-Ad", "declare blans"}
    assert labels["declare blans"] == "Declare Blans for 10"
    assert "2b was led: you have no batons" in ui["prompt"]
    items = figura_items(layout, 1)  # a four is told in full
    assert items[0]["name"] == "four twos (due)" and [t["card"] for t in items[0]["tags"]] == ["2s", "2c", "2d", "2b"]


def test_trick_bonuses_appear_as_they_are_earned_and_the_last_trick_is_shown():
    game = trappola(EX1, EX1_ACTIONS[:4])  # trick 1: Ben's 2b, Ann cannot follow: Marc
    _, layout, _ = felt(game, 0)
    bonuses = next(f for f in seat_of(layout, 1)["facts"] if f["kind"] == "bonuses")
    assert "Marc (trick 1) " in bonuses["text"] and {"b": "20"} in bonuses["text"]
    assert not any(f["kind"] == "bonuses" for f in seat_of(layout, 0)["facts"])
    last = layout["last_trick"]
    assert [c["card"] for c in last["cards"]] == ["2b", "8d"] and last["label"] == "trick 1 · Ben won with a Two"
    assert layout["trick"]["label"] == "trick 2 of 9 (Stich)"


def test_the_outcome_shows_the_points_in_their_parts():
    game = trappola(EX1, EX1_ACTIONS)
    view = game.view_at(0, game.deal_end(0))
    outcome = table_layout(view, 0)["outcome"]
    assert outcome["head"] == "Ben wins the Partie"
    lines = ["".join(p if isinstance(p, str) else p["b"] for p in para["text"]) for para in outcome["paragraphs"]
             if para["kind"] == "points"]
    assert lines == ["Ben: cards 40 + Marc (trick 1) 20 + the last tricks by Twos (tricks 8–9) 52 + four twos (due) 20"
                     " = 132", "Ann: cards 0 + Blans 10 + three aces (assi) 15 = 25"]


# --- three and four players -------------------------------------------------------------------------------

def test_three_players_the_waiting_player_is_shown_silent_and_the_bulka_pot_holds_the_stakes():
    game = trappola(EX2, players=("Ann", "Ben", "Cleo"), queue=[2])
    for me in (0, 2):
        _, layout, ui = felt(game, me)
        cleo = seat_of(layout, 2)
        assert cleo["waiting"] and cleo["roles"] == ["waits, silent (wartet)"] and cleo["facts"] == []
        assert not any(p["at"] == 2 for p in layout["piles"])  # no hand, no cards
        assert [(s["seat"], s["place"]) for s in layout["seats"]] == [(me if me == 0 else 1, "bottom"),
                                                                      (1 if me == 0 else 0, "top"), (2, "side")]
        assert layout["pots"] == [{"id": "bulka", "label": "the Bulka pot (no. 1)", "amount": 20, "badges": []}]
        assert [s["chips"] for s in sorted(layout["seats"], key=lambda s: s["seat"])] == ["chips −10", "chips −10",
                                                                                          "chips 0"]
    _, layout, ui = felt(game, 2)  # Cleo, waiting, is asked nothing and sees no hand
    assert ui["buttons"] == [] and ui["clickable"] == {} and ui["prompt"] == ""
    assert shown_cards(layout, ui) == {"7b"}


def test_four_players_two_wait_in_queue_order():
    game = trappola(EX2, players=("Ann", "Ben", "Cleo", "Dan"), queue=[2, 3])
    _, layout, _ = felt(game, 3)
    # the two playing face to face, the challenger at the bottom while the learner waits
    assert [(s["seat"], s["place"]) for s in layout["seats"]] == [(1, "bottom"), (0, "top"), (2, "left"),
                                                                  (3, "right")]
    assert seat_of(layout, 2)["roles"] == ["waits, silent (wartet) (queue 1)"]
    assert seat_of(layout, 3)["roles"] == ["waits, silent (wartet) (queue 2)"]
    assert seat_of(layout, 3)["you"] == "(you)" and seat_of(layout, 3)["waiting"]


def test_another_seats_three_card_set_shows_rank_count_and_points_until_manko_names_its_suits():
    game = trappola(EX2, EX2_ACTIONS[:1], players=("Ann", "Ben", "Cleo"), queue=[2])  # Ben declares his kings
    kings = {"Rs", "Rc", "Rd"}
    for seat in (0, 2):  # his opponent and the waiting player
        _, layout, ui = felt(game, seat)
        item = figura_items(layout, 1)[0]
        assert (item["name"], item["points"]) == ("three kings (re)", 6)
        assert item["tags"] == [{"unknown": "R", "mark": "?"}] * 3
        assert not shown_cards(layout, ui) & kings
    _, layout, _ = felt(game, 1)  # Ben sees his own in full
    assert [t["card"] for t in figura_items(layout, 1)[0]["tags"]] == ["Rs", "Rc", "Rd"]
    game = trappola(EX2, EX2_ACTIONS[:6], players=("Ann", "Ben", "Cleo"), queue=[2])  # Ann asked Manko
    _, layout, _ = felt(game, 0)
    item = figura_items(layout, 1)[0]
    assert item["note"] == "lacks batons (Manko)" and [t["card"] for t in item["tags"]] == ["Rs", "Rc", "Rd"]
    assert any(f["kind"] == "manko" for f in seat_of(layout, 0)["facts"])


def test_the_manko_button_comes_only_at_the_second_card_against_a_three_card_set():
    game = trappola(EX2, EX2_ACTIONS[:2], players=("Ann", "Ben", "Cleo"), queue=[2])
    _, _, ui = felt(game, 0)  # Ann's first card: declare, no Manko
    assert {b["label"] for b in ui["buttons"]} == {
        "Declare three twos (due) for 10: 2s-2c-2b",
        "Declare three knights (cavalli) for 6: Cs-Cd-Cb"}
    game = trappola(EX2, EX2_ACTIONS[:5], players=("Ann", "Ben", "Cleo"), queue=[2])
    _, _, ui = felt(game, 0)  # Ann's second card: Manko
    assert [b["action"] for b in ui["buttons"]] == ["manko"] and "Manko" in ui["prompt"]
    game.apply("manko")
    _, _, ui = felt(game, 0)
    assert ui["buttons"] == []
    game = trappola(EX1, EX1_ACTIONS[:4])  # Ben's four twos: no Manko for a four
    _, _, ui = felt(game, 0)
    assert "manko" not in [b["action"] for b in ui["buttons"]]


def test_pro_is_asked_by_buttons_and_marked_on_the_player_and_the_pot():
    game = trappola(players=("Ann", "Ben", "Cleo"), queue=[2], decks=[EX3] * 3, rules={"renonc_mode": True},
                    actions=EX3_ACTIONS[:3])
    view, layout, ui = felt(game, 1)
    assert view["deal"]["phase"] == "pro"
    labels = {b["action"]: b["label"] for b in ui["buttons"]}
    assert labels == {"pro": f"Announce Pro (play for the whole Bulka, now {view['pot']})",
                      "no-pro": "No Pro: an ordinary Partie"}
    assert "two Partien in a row" in ui["prompt"]
    assert seat_of(layout, 1)["streak"] == "2 wins in a row — may announce Pro"
    game.apply("pro")
    _, layout, _ = felt(game, 2)
    assert seat_of(layout, 1)["badges"] == [{"text": "Pro: for the whole Bulka", "kind": "pro"}]
    assert layout["pots"][0]["badges"] == ["Pro Partie: for the whole Bulka"]
    assert seat_of(layout, 2)["roles"] == ["waits — may advise the defender in this Pro Partie"]
    game = trappola(players=("Ann", "Ben", "Cleo"), queue=[2], decks=[EX3] * 3, rules={"renonc_mode": True},
                    actions=EX3_ACTIONS)
    view = game.view_at(0, game.deal_end(2))
    paragraphs = [json.dumps(p) for p in table_layout(view, 0)["outcome"]["paragraphs"]]
    assert any("Ben takes the whole Bulka: 80 chips!" in p for p in paragraphs)


def test_an_alifer_replay_shows_the_stake_multiplier_on_the_bulka():
    game = Record(game="trappola", players=("Ann", "Ben", "Cleo"), seed=TIE_SEED, actions=TIE_ACTIONS).replay()
    view, layout, _ = felt(game, 0)
    assert view["deal"]["replay"] and view["deal"]["multiplier"] == 2
    assert layout["pots"][0]["badges"] == ["Alifer ×2"]
    tie = table_layout(game.view_at(0, game.deal_end(0)), 0)["outcome"]
    assert tie["head"] == "No winner: Alifer" and "stake multiplier doubled" in json.dumps(tie)


def test_the_stock_exchange_is_asked_by_buttons():
    game = trappola(EX1, rules={"stock_exchange": True})
    _, layout, ui = felt(game, 1)
    assert [b["label"] for b in ui["buttons"]] == ["Exchange with the stock (Cardano)", "Keep your nine (pass)"]
    assert ui["clickable"] == {}
    game.apply("exchange")
    _, layout, _ = felt(game, 0)
    assert any("exchanged" in json.dumps(f) for f in seat_of(layout, 1)["facts"])


def test_the_declare_question_asks_before_a_first_card_that_would_lose_a_figura():
    view = trappola(EX1).view(1)
    question = presenter.declare_question(view, "play 2b")
    assert question is not None and "four twos (due)" in question["prompt"]
    assert [b["action"] for b in question["buttons"]] == ["declare Rs-Rc-Rb", "declare 2s-2c-2d-2b", "play 2b"]
    view = trappola(EX1, EX1_ACTIONS[:13]).view(0)  # Ann holds her aces back; a non-ace loses nothing
    assert presenter.declare_question(view, "play Xd") is None
    question = presenter.declare_question(view, "play As")
    assert question is not None and "three aces (assi)" in question["prompt"]


def test_the_review_words():
    view = trappola(EX1).view(1)
    assert presenter.review_cards("declare 2s-2c-2d-2b") == ["2s", "2c", "2d", "2b"]
    assert presenter.review_cards("declare blans") == [] and presenter.review_cards("play 2b") == ["2b"]
    assert presenter.review_doing("declare Rs-Rc-Rd", view) == "declare three kings (re)"
    assert presenter.review_where(view) == "trick 1, your lead"


# --- the table's classes over Trappola ----------------------------------------------------------------------

def test_a_stepper_over_worked_example_1_reaches_the_score_of_the_rules_file():
    record = Record(game="trappola", players=("Ann", "Ben"), dealer=0, decks=(tuple(EX1),), actions=tuple(EX1_ACTIONS))
    stepper = Stepper(record)
    stepper.last()
    assert "Ben 132, Ann 25" in stepper.caption and "Ben wins the Partie" in stepper.caption
    assert stepper.table.layout["outcome"]["head"] == "Ben wins the Partie"
    assert stepper.table.ui["mode"] == "step" and stepper.table.ui["buttons"] == []
    stepper.first()
    assert "Ann deals" in stepper.caption or "deals Partie 1" in stepper.caption
    spectator = Stepper(record, open_hands=False)  # a spectator: no hand face up
    spectator.go(spectator.count // 2)
    assert all(p["cards"] is None for p in spectator.table.layout["piles"] if p["id"] == "hand")


def test_a_puzzle_explains_a_refused_card_and_changes_nothing():
    record = Record(game="trappola", players=("Ann", "Ben", "Cleo"), dealer=0, queue=(2,), decks=(tuple(EX2),),
                    actions=tuple(EX2_ACTIONS[:4]))  # Ben led Fs; Ann holds Cs and 2s
    puzzle = Puzzle(record, 0, answer="play Cs", right="Right: the knight beats the knave and takes 7 points.",
                    reasons={"play 2s": "The Two loses the trick and its points: the knight wins it."})
    before = puzzle.game.record()
    puzzle.table.send_from_browser({"type": "card", "card": "9c"})
    notice = puzzle.table.ui["notice"]
    assert notice["kind"] == "refused" and "follow suit (Farbe bedienen)" in notice["text"]
    assert puzzle.game.record() == before and not puzzle.solved
    puzzle.table.send_from_browser({"type": "card", "card": "2s"})
    assert puzzle.table.ui["notice"]["kind"] == "wrong" and "The Two loses" in puzzle.table.ui["notice"]["text"]
    assert not puzzle.solved
    puzzle.table.send_from_browser({"type": "card", "card": "Cs"})
    assert puzzle.solved and puzzle.table.ui["notice"]["kind"] == "ok"


def test_a_quiz_and_a_picture_with_italian_cards():
    quiz = Quiz("Which card wins a trick it leads, the opponent having none of its suit?", ["2s", "As"], "2s",
                "A Two wins only when led and not followed.", {"As": "An ace led wins too, but it is no Two."},
                pack=ITALIAN)
    assert quiz.buttons.options[0][0] == "2s — two of swords (spade)"
    assert quiz.answer_with("2s") and not quiz.answer_with("As")
    picture = show_cards(["Rs", "Cc", "Fd"], caption="the court cards", pack="italian")
    assert picture.table.layout["pack"] == "italian" and picture.table.layout["piles"][0]["cards"] == ["Rs", "Cc", "Fd"]


def test_random_views_for_every_seat_lay_out_without_a_hidden_card():
    """Every seat's felt over random whole Partien of 2, 3 and 4 players shows only cards its view holds."""
    for players in (("A", "B"), ("A", "B", "C"), ("A", "B", "C", "D")):
        game = Record(game="trappola", players=players, seed=len(players) * 7).start()
        rng = random.Random(len(players))
        for _ in range(60):
            if game.to_move is None:
                break
            for seat in [*range(len(players)), None]:
                view = game.view(seat)
                layout, ui = table_layout(view, seat), table_ui(view, "play", seat)
                assert shown_cards(layout, ui) <= known_to(view)
            game.apply(rng.choice(game.legal_actions()))


def money(events, n: int) -> tuple[list[int], int]:
    """The chips and the Bulka after ``events``, from the stakes and payments alone."""
    chips, pot = [0] * n, 0
    for e in events:
        if e.kind == "stake":
            chips[e.seat] -= e.data["amount"]
            pot += e.data["amount"]
        elif e.kind == "pay-figura":
            chips[e.data["from"]] -= e.data["amount"]
            chips[e.seat] += e.data["amount"]
        elif e.kind == "pay-bonus":
            chips[e.data["from"]] -= e.data["amount"]
            pot += e.data["amount"]
        elif e.kind == "bulka-won":
            chips[e.seat] += pot
            pot = 0
    return chips, pot


EXAMPLES = [  # (players, queue, decks, rules, actions): the worked examples of the rules file
    (("Ann", "Ben"), None, [EX1], {}, EX1_ACTIONS),
    (("Ann", "Ben", "Cleo"), (2,), [EX2], {}, EX2_ACTIONS),
    (("Ann", "Ben", "Cleo"), (2,), [EX3] * 3, {"renonc_mode": True}, EX3_ACTIONS),
]


def test_every_step_of_the_worked_examples_shows_the_moment_its_caption_tells():
    for players, queue, decks, rules, actions in EXAMPLES:
        record = Record(game="trappola", players=players, dealer=0, queue=queue, rules=rules,
                        decks=tuple(tuple(d) for d in decks), actions=tuple(actions))
        stepper = Stepper(record)
        events = stepper._final.events
        for k, step in enumerate(stepper.steps):
            event = events[step.events[-1]]
            where = f"step {k} ({step.caption[:70]!r})"
            deal, layout = step.view["deal"], step.layout
            assert (step.view["chips"], step.view["pot"]) == money(events[:step.events[-1] + 1], len(players)), where
            if deal is None or event.kind in ("stake", "seats"):
                continue
            trick = [p["card"] for p in deal["trick"]]
            if event.kind == "play":
                assert event.data["card"] in trick and all(event.data["card"] not in h
                                                           for h in deal["open_hands"].values()), where
            if event.kind == "trick":
                assert trick == [] and [c["card"] for c in layout["last_trick"]["cards"]] == event.data["cards"], where
            assert (deal["outcome"] is not None) == (event.kind in ("partie-over", "pro-lost", "bulka-won")), where
        assert k + 1 == stepper.count


# --- practice against the computer ------------------------------------------------------------------------

def legal_clicks(practice: Practice) -> list[dict]:
    """The browser messages a learner could send now that the engine accepts."""
    ui = practice.table.ui
    return ([{"type": "card", "card": c} for c in ui["clickable"]]
            + [{"type": "action", "action": b["action"]} for b in ui["buttons"]])


def play(practice: Practice, rng: random.Random, until=lambda p: p.finished, limit: int = 5000,
         on_step=lambda p: None) -> list[dict]:
    """Click legal moves at random (Continue after each Partie) until ``until``; returns the clicks sent."""
    sent = []
    for _ in range(limit):
        on_step(practice)
        if until(practice):
            return sent
        clicks = legal_clicks(practice)
        message = rng.choice(clicks) if clicks else {"type": "control", "name": "continue"}
        sent.append(message)
        practice.table.send_from_browser(message)
    raise AssertionError("the practice table did not reach its end")


def controls(practice: Practice) -> dict[str, bool]:
    return {c["name"]: c["enabled"] for c in practice.table.ui["controls"]}


def test_two_players_practise_whole_partien_by_clicks_to_the_score():
    practice = Practice(game="trappola", players=("You", "Computer"), code="TR2-std-7")
    code = practice.deal_code
    assert code.startswith("TR2-std-") and practice.table.layout["pack"] == "italian"
    for k, rng in enumerate((random.Random(1), random.Random(2))):
        play(practice, rng)
        view, ui, layout = practice.table.view, practice.table.ui, practice.table.layout
        assert view["deal"]["outcome"]["result"] in ("won", "renonc") and view["to_move"] is None
        assert layout["outcome"]["head"].endswith("the Partie")
        assert any(p["kind"] == "points" and p["text"][0] == "You: " for p in layout["outcome"]["paragraphs"])
        assert ui["prompt"] == "This Partie is over: press New deal to play another."
        assert controls(practice) == {"new": True, "undo": True, "hint": False, "review": True, "continue": False}
        practice.table.send_from_browser({"type": "card", "card": "As"})  # after the end: told what to do
        assert practice.table.ui["notice"]["kind"] == "info"
        if not k:
            practice.table.send_from_browser({"type": "control", "name": "new"})
            assert practice.deal_code != code and not controls(practice)["undo"]


def test_three_and_four_players_practise_whole_bulkas_until_a_pro_partie_takes_the_pot():
    for players in (("You", "Ann", "Ben"), ("You", "Ann", "Ben", "Cleo")):
        practice = Practice(game="trappola", players=players, whole="match", code=f"TR{len(players)}-std-5")
        seen_waiting: list[bool] = []

        def note_waiting(p: Practice, seen: list[bool] = seen_waiting) -> None:
            seen.append(seat_of(p.table.layout, 0)["waiting"])

        play(practice, random.Random(len(players)), limit=20000, on_step=note_waiting)
        assert any(e.kind == "bulka-won" for e in practice.game.events)
        assert "takes the whole Bulka" in practice.table.ui["prompt"]
        assert practice.table.ui["prompt"].endswith("The Bulka is won: press New deal for a new one.")
        assert True in seen_waiting and False in seen_waiting  # the learner both played and waited
        assert sum(e.kind == "partie-over" for e in practice.game.events) >= 3


def test_the_learner_waiting_in_the_queue_watches_the_others_play_their_partie():
    practice = next(p for p in (Practice(game="trappola", players=("You", "Ann", "Ben"), code=f"TR3-std-{s}")
                                for s in range(20)) if 0 in p.game.queue)
    assert practice.table.ui["prompt"].startswith("You wait in the queue, silent (wartet): ")
    assert controls(practice)["continue"] and practice.game.actions == []
    practice.table.send_from_browser({"type": "card", "card": "As"})
    assert practice.table.ui["notice"]["text"].startswith("You wait in the queue")
    practice.control("continue")
    view = practice.table.view
    assert view["deal"]["outcome"] is not None and view["deal"]["hand"] == []
    assert seat_of(practice.table.layout, 0)["waiting"] and practice.table.ui["caption"]


def test_a_refused_click_is_explained_and_changes_nothing():
    practice = Practice(game="trappola", players=("You", "Computer"), code="TR2-std-3")
    rng, refused = random.Random(4), 0
    for _ in range(600):
        if practice.finished:
            practice.control("new")
        deal, ui = practice.table.view["deal"], practice.table.ui
        wrong = [c for c in deal["hand"] if c not in ui["clickable"]] if ui["card_verb"] == "play" else []
        if wrong:
            before = practice.game.record()
            with pytest.raises(IllegalAction) as err:
                before.replay().apply(f"play {wrong[0]}", 0)
            practice.table.send_from_browser({"type": "card", "card": wrong[0]})
            assert practice.table.ui["notice"] == {**practice.table.ui["notice"], "kind": "refused",
                                                   "text": err.value.message}
            assert "follow suit (Farbe bedienen)" in err.value.message
            assert practice.game.record() == before
            refused += 1
        # Manko asked when the engine does not allow it (not by the buttons: the "declare first?" question
        # shows only its own, while a Manko the engine allows is still answered)
        if ui["card_verb"] == "play" and "manko" not in practice.game.view(practice.seat)["legal"]:
            before = practice.game.record()
            practice.table.send_from_browser({"type": "action", "action": "manko"})
            assert practice.table.ui["notice"]["kind"] == "refused" and "Manko" in practice.table.ui["notice"]["text"]
            assert practice.game.record() == before
        clicks = legal_clicks(practice)
        practice.table.send_from_browser(rng.choice(clicks) if clicks else {"type": "control", "name": "continue"})
    assert refused >= 3


def test_undo_a_deal_code_and_the_house_rules_panel():
    practice = Practice(game="trappola", players=("You", "Computer"), code="TR2-std-7", ask_to_declare=False)
    rng = random.Random(5)
    snapshots = []
    for _ in range(6):
        snapshots.append((practice.game.record(), practice.table.view))
        practice.table.send_from_browser(rng.choice(legal_clicks(practice)))
    for record, view in reversed(snapshots):
        practice.table.send_from_browser({"type": "control", "name": "undo"})
        assert practice.game.record() == record and practice.table.view == view
    first = Practice(game="trappola", players=("You", "Computer"))
    clicks = play(first, random.Random(6))
    second = Practice(game="trappola", players=("You", "Computer"), code=first.deal_code)
    for message in clicks:
        second.table.send_from_browser(message)
    assert second.game.record() == first.game.record() and second.table.view == first.table.view
    assert "Trappola's Bulka" in Practice(game="trappola", players=("You", "Computer"),
                                          code="CB2-std-7").table.ui["notice"]["text"]
    practice.panel.controls["stock_exchange"].value = True
    practice.panel.button.click()
    assert practice.game.rules.stock_exchange and practice.deal_code.startswith("TR2-e1-")
    assert practice.panel.values()["stock_exchange"] is True
    sources = practice.panel.widget.children[0].children[-2].value  # every reconstructed number with its source
    assert "Card points of an ace (asso). Source: reconstructed (the seed&#x27;s table was lost)" in sources
    play(practice, random.Random(7), until=lambda p: "exchange" in [b["action"] for b in p.table.ui["buttons"]]
         or p.finished)
    assert "Exchange with the stock (Cardano)" in [b["label"] for b in practice.table.ui["buttons"]]


def test_hint_asks_the_coach_and_rings_the_card_it_advises():
    practice = Practice(game="trappola", players=("You", "Computer"), code="TR2-std-7")
    before = practice.game.record()
    practice.control("hint")
    notice, ring = practice.table.ui["notice"]["text"], practice.table.ui["highlight"]
    card = notice.removeprefix("Hint: play the ").split(".")[0]
    assert notice.startswith("Hint: play the ") and ring == [card] and f"play {card}" in practice.game.legal_actions()
    assert practice.game.record() == before


def test_review_opens_the_panel_in_the_presenters_words_and_goes_back_to_the_game():
    practice = Practice(game="trappola", players=("You", "Computer"), code="TR2-std-7")
    assert not controls(practice)["review"]
    play(practice, random.Random(3))
    live = (practice.table.view, practice.table.layout)
    practice.control("review")
    panel = practice.table.ui["review"]
    assert panel["items"] and panel["summary"]
    first = panel["items"][0]
    assert first["where"].startswith("trick ") and first["doing"] in ("play", *(
        f"declare {presenter.figura_words(i['action'].split()[1])}" for i in panel["items"]
        if i["action"].startswith("declare ")))
    assert all(i["cards"] == presenter.review_cards(i["action"]) for i in panel["items"])
    practice.table.send_from_browser({"type": "review", "item": 0})
    assert practice.table.ui["review"]["selected"] == 0 and practice.table.ui["buttons"] == []
    practice.control("back")
    assert (practice.table.view, practice.table.layout) == live


def test_a_game_whose_computer_players_have_no_teacher_offers_no_hint_and_no_review(monkeypatch):
    """The generic rule, shown with Trappola's spec stripped of its teacher (as a game without a coach is)."""
    spec = game_spec("trappola")
    monkeypatch.setitem(registry._specs, "trappola", replace(spec, ai=replace(spec.ai, teacher=None)))
    practice = Practice(game="trappola", players=("You", "Computer"), code="TR2-std-7")
    assert not controls(practice)["hint"]
    before = practice.game.record()
    practice.control("hint")
    assert practice.table.ui["notice"]["text"] == "Trappola's Bulka has no coach yet: Hint and Review come with it."
    assert practice.game.record() == before

    class FirstLegal:  # a coach given to the table gives hints; Review needs the game's own teacher
        def hint(self, view):
            return Hint(view["legal"][0], "Because a test says so.", None, {})

    practice = Practice(game="trappola", players=("You", "Computer"), code="TR2-std-7", coach=FirstLegal())
    assert controls(practice)["hint"]
    practice.control("hint")
    assert practice.table.ui["notice"]["text"].endswith("Because a test says so.")
    play(practice, random.Random(3))
    assert not controls(practice)["review"]
    practice.control("review")
    assert practice.table.ui["notice"]["text"] == "Trappola's Bulka has no coach yet: Hint and Review come with it."
    assert "review" not in practice.table.ui


def test_the_declare_question_is_asked_once_before_a_first_card_would_lose_a_figura():
    for seed in range(40):
        practice = Practice(game="trappola", players=("You", "Computer"), code=f"TR2-std-{seed}")
        ui = practice.table.ui
        declares = [b["action"] for b in ui["buttons"] if b["action"].startswith("declare ")
                    and parse_figura(b["action"].split()[1]).rank != "A"]
        if declares and ui["clickable"]:
            break
    else:
        pytest.fail("no deal TR2-std-0…39 gave the learner a Figura to declare at the first card")
    card = next(iter(ui["clickable"]))
    before = practice.game.record()
    practice.click(card)
    asked = practice.table.ui
    assert "have not declared" in asked["prompt"] and practice.game.record() == before
    assert asked["buttons"][-1] == {"action": f"play {card}", "label": f"Play {card} without declaring",
                                    "hint": "Play the card and give up the Figura's points for this Partie."}
    practice.table.send_from_browser({"type": "action", "action": declares[0]})
    assert practice.game.actions[-1] == declares[0]


# --- hidden cards ------------------------------------------------------------------------------------------

def check_nothing_hidden_shown(players: tuple[str, ...], seed: int, me: int, partien: int) -> None:
    """Across whole practice Partien, the table (view, layout and ui) never holds a card the learner was not shown:
    what the engine's view and log told this seat, and the suits a Manko answer named."""
    practice = Practice(players=players, seat=me, game="trappola", code=f"TR{len(players)}-std-{seed}",
                        whole="match")
    known: set[str] = set()
    told = [0]

    def check(p: Practice) -> None:
        game = p.game
        if told[0] > len(game.events):  # an undo: the log was replayed shorter
            told[0] = 0
        known.update(CARD_TOKEN.findall(json.dumps(game.view(me))))
        for event in game.events[told[0]:]:
            known.update(CARD_TOKEN.findall(game.explain(event, me)))
            if event.kind == "manko-answer":
                known.update(f"{a['rank']}{s}" for a in event.data["answers"] for s in "scdb" if s != a["suit"])
        told[0] = len(game.events)
        shown = shown_cards(p.table.view, p.table.layout, p.table.ui)
        assert shown <= known, f"the table shows {shown - known}, never shown to the learner"
        assert p.table.view["deal"] is None or "open_hands" not in p.table.view["deal"]

    rng, count = random.Random(seed), [0]

    def enough(p: Practice) -> bool:
        count[0] += 1
        if count[0] % 23 == 0 and p._decisions:  # now and then an undo
            p.table.send_from_browser({"type": "control", "name": "undo"})
            check(p)
        return p.finished or sum(e.kind == "partie-over" for e in p.game.events) >= partien

    play(practice, rng, until=enough, on_step=check)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**40 - 1), players=st.integers(2, 4), me=st.integers(0, 3))
def test_no_hidden_card_ever_reaches_the_table_in_whole_practice_partien(seed, players, me):
    names = ("You", "Ann", "Ben", "Cleo")[:players]
    check_nothing_hidden_shown(names, seed, me % players, partien=4)



def test_a_renonc_outcome_says_what_the_error_was_and_only_the_offender_reads_his_cards():
    game = trappola(players=("Ann", "Ben", "Cleo"), queue=[2], decks=[EX3] * 3, rules={"renonc_mode": True},
                    actions=EX3_ACTIONS[:2])  # Ann plays Ac on Rs holding As and 7s
    texts = {}
    for seat in (0, 1, 2):
        outcome = table_layout(game.view_at(seat, game.deal_end(0)), seat)["outcome"]
        texts[seat] = [json.dumps(p["text"]) for p in outcome["paragraphs"]]
        assert outcome["kind"] == "renonc" and outcome["head"] == "Ben wins the Partie"
        assert any("Ann did not follow suit (Farbe nicht bedient)." in t for t in texts[seat])
    assert any("you hold As, 7s" in t for t in texts[0])
    assert not any("As, 7s" in t for t in texts[1] + texts[2])


def test_two_players_see_the_streak_without_the_pro_note():
    game = trappola(EX1, EX1_ACTIONS)
    layout = table_layout(game.view(0), 0)
    assert seat_of(layout, 1)["streak"] == "1 win in a row" and seat_of(layout, 0)["streak"] == ""


def test_under_renonc_mode_a_revoke_is_accepted_and_loses_the_partie():
    rng = random.Random(8)
    for seed in range(40):
        practice = Practice(game="trappola", players=("You", "Computer"), code=f"TR2-r1-{seed}", ask_to_declare=False)

        def revoke_possible(p: Practice) -> bool:
            deal, ui = p.table.view["deal"], p.table.ui
            return ui["card_verb"] == "play" and any(c not in ui["clickable"] for c in deal["hand"])

        play(practice, rng, until=lambda p: p.finished or revoke_possible(p))
        if revoke_possible(practice):
            break
    else:
        pytest.fail("no deal TR2-r1-0…39 let the learner revoke")
    assert "another card is accepted — and loses you the Partie" in practice.table.ui["prompt"]
    card = next(c for c in practice.table.view["deal"]["hand"] if c not in practice.table.ui["clickable"])
    practice.click(card)
    outcome = practice.table.layout["outcome"]
    assert practice.finished and outcome["kind"] == "renonc" and outcome["head"] == "Computer wins the Partie"
    assert any("You did not follow suit (Farbe nicht bedient)." in json.dumps(p["text"])
               for p in outcome["paragraphs"])


def test_the_stepper_deals_in_packets_of_three_the_challenger_first_then_the_stock():
    record = Record(game="trappola", players=("Ann", "Ben"), dealer=0, decks=(tuple(EX1),), actions=tuple(EX1_ACTIONS))
    stepper = Stepper(record, open_hands=False, seat=0)  # as Ann, the dealer, saw it
    deal = next(i for i, e in enumerate(stepper._final.events) if e.kind == "deal")
    stepper.go_to_event(deal)
    counts, stock = [], []
    while deal in stepper.step.events:
        counts.append((stepper.step.view["deal"]["hand_counts"]["1"], len(stepper.step.view["deal"]["hand"])))
        stock.append(any(p["id"] == "stock" for p in stepper.table.layout["piles"]))
        stepper.next()
    assert counts == [(3, 0), (3, 3), (6, 3), (6, 6), (9, 6), (9, 9), (9, 9)]
    assert stock == [False] * 6 + [True]
    stepper.go_to_event(deal)
    stepper.next()
    assert stepper.step.view["deal"]["hand"] == sorted(EX1[3:6], key=lambda c: ("scdb".index(c[1]),
                                                                               "2789XFCRA".index(c[0])))
    assert stepper.caption == "Then three to Ann (you), the dealer (mazziere, Geber)."


def test_the_computer_opponent_menu_offers_the_sampling_bots_and_an_easy_one_plays_a_whole_partie():
    practice = Practice(game="trappola", players=("You", "Computer", "Ann"), opponent="easy", code="TR3-std-4")
    assert [name for _, name in practice.opponent_menu.options] == ["rule", "easy", "medium", "strong"]
    assert practice.opponent_menu.description == "Computer opponent"
    play(practice, random.Random(1))
    assert practice.table.view["deal"]["outcome"] is not None
    practice.opponent_menu.value = "rule"
    assert practice.opponent == "rule" and practice.table.ui["notice"]["text"].startswith(
        "From its next move the computer plays with the teaching rules")

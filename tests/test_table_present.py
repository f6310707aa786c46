"""What the table asks and offers, read from a seat's view; pictures; the house-rules panel; the URL."""
from __future__ import annotations

import asyncio
import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
import tornado.httpserver
import tornado.netutil
import tornado.web
import tornado.websocket

from bulka_teach import Record
from bulka_teach.cards import CardError
from bulka_teach.czech.rules import CzechRules
from bulka_teach.czech.stacking import stack_deck
from bulka_teach.dealing import DealCode
from bulka_teach.links import deal_param
from bulka_teach.table import Practice, RulesPanel, show_cards
from bulka_teach.table.present import table_ui
from bulka_teach.table.url import query_string

# The README's worked example: Ann deals to Ben; Ben passes, Ann takes hearts, Ben may exchange his 7h for Xh.
DECK = ("Xb", "Ub", "Ob", "Oh", "Kh", "Ah", "Kl", "Al", "7h", "9h", "7a", "8a", "Xh", "8l", "9l", "Xl",
        "Uh", "Ka", "Aa", "8h", "Ul", "Ol", "9a", "Xa", "Ua", "Oa", "7b", "8b", "9b", "Kb", "Ab", "7l")
ACTIONS = ("pass", "take", "exchange", "declare Xb-Ub-Ob", "play Kl", "declare Uh-Oh-Kh-Ah")


def ui_after(n: int, rules: dict | None = None) -> tuple[dict, dict]:
    game = Record(game="czech-bulka", players=("Ann", "Ben"), dealer=0, rules=rules or {}, decks=(DECK,),
                  actions=ACTIONS[:n]).replay()
    view = game.view(game.to_move)
    return view, table_ui(view, "play", game.to_move)


def test_trump_choice_asks_to_take_or_pass_with_the_czech_term():
    _view, ui = ui_after(0)
    assert ui["prompt"].startswith("Take hearts (červené) as trumps, or pass?")
    assert [b["action"] for b in ui["buttons"]] == ["take", "pass"]
    assert ui["buttons"][0]["label"] == "Take hearts (červené) as trumps"
    assert ui["card_verb"] is None and ui["clickable"] == {}


def test_exchange_names_the_cards_of_the_sibr():
    _view, ui = ui_after(2)
    assert ui["prompt"] == "Exchange your 7h for the Xh (šíbr)?"
    assert {b["action"]: b["label"] for b in ui["buttons"]} == {
        "exchange": "Exchange your 7h for the Xh (šíbr)", "pass": "Do not exchange"}


def test_first_card_offers_each_meld_by_name_and_every_card_to_click():
    view, ui = ui_after(3)
    assert ui["prompt"].startswith("Declare your melds (hlášky) with your first card, highest first")
    labels = [b["label"] for b in ui["buttons"]]
    assert labels == ["Declare a twenty (dvacet): Xb-Ub-Ob", "Declare a twenty (dvacet): 8l-9l-Xl"]
    assert ui["card_verb"] == "play"
    assert ui["clickable"] == {c: f"play {c}" for c in view["deal"]["hand"]}


def test_follower_without_the_suit_led_is_told_to_trump_and_only_trumps_are_clickable():
    _view, ui = ui_after(6)
    assert ui["prompt"] == ("Your turn: play a card. Kl was led: you have no leaves, so you must trump with "
                            "hearts (červené).")
    assert sorted(ui["clickable"]) == ["9h", "Ah", "Kh", "Oh", "Uh"]
    assert ui["buttons"] == []


def test_must_beat_is_said_when_following_suit_and_only_a_beating_card_is_clickable():
    deck = stack_deck(forehand=["Kl", "8a", "Xa", "Oa", "7b", "Kb"], dealer=["Al", "7l", "8b", "Xb", "Ab", "9a"],
                      first="Xh")
    game = Record(game="czech-bulka", players=("Ann", "Ben"), dealer=0, rules={"must_beat": True},
                  decks=(tuple(deck),), actions=("pass", "take")).replay()
    while game.view(game.to_move)["deal"]["phase"] != "play":
        game.apply("pass")  # neither exchanges (šíbr)
    game.apply("play Kl")
    ui = table_ui(game.view(0), "play", 0)
    assert ui["prompt"].endswith("Kl was led: follow suit with leaves (zelené) and beat it if you can "
                                 "(a house rule of this table).")
    assert list(ui["clickable"]) == ["Al"]


def test_a_seat_not_to_move_gets_no_prompt_no_buttons_no_clickable_cards():
    game = Record(game="czech-bulka", players=("Ann", "Ben"), dealer=0, decks=(DECK,)).start()
    ui = table_ui(game.view(0), "play", 0)  # Ben (1) is to move
    assert (ui["prompt"], ui["buttons"], ui["clickable"], ui["card_verb"]) == ("", [], {}, None)


def test_discard_prompt_after_a_tupl_sibr():
    # Ben exchanges his 7h for both face-up hearts (tupl šíbr): 10 cards, one to discard
    deck = stack_deck(forehand=["Xb", "Ub", "Ob", "Kl", "Al", "7h"], first="Xh", stock_top=["Ah"])
    game = Record(game="czech-bulka", players=("Ann", "Ben"), dealer=0, decks=(tuple(deck),),
                  actions=("pass", "take", "exchange")).replay()
    view = game.view(1)
    ui = table_ui(view, "play", 1)
    assert len(view["deal"]["hand"]) == 10
    assert ui["prompt"] == "Discard a card face down (back to 9 cards)."
    assert ui["card_verb"] == "discard"
    assert ui["clickable"] == {c: f"discard {c}" for c in view["deal"]["hand"]}


def test_show_cards_draws_a_static_table_of_exactly_those_cards():
    picture = show_cards(["7h", "Oh"], caption="The seven and the over of hearts.")
    assert picture.table.ui["mode"] == "static"
    assert picture.table.ui["caption"] == "The seven and the over of hearts."
    assert picture.table.view == {"deal": {"open_hands": {"0": ["7h", "Oh"]}}}
    with pytest.raises(CardError):
        show_cards(["7h", "Zz"])


def test_house_rules_panel_has_one_control_per_option_collapsed():
    panel = RulesPanel(CzechRules(), on_deal=lambda values: None)
    assert list(panel.controls) == [o["name"] for o in CzechRules().describe()]
    assert panel.widget.selected_index is None
    assert panel.widget.titles == ("House rules (domácí pravidla)",)
    assert panel.values() == CzechRules().to_dict()


def test_deal_parameter_is_read_from_the_query_string():
    assert deal_param("deal=CB2-std-7&lesson=10") == "CB2-std-7"
    assert deal_param("?deal=%20CB2-b1-AB%20") == "CB2-b1-AB"
    assert deal_param("") is None and deal_param("deal=") is None and deal_param("x=1") is None


def test_from_url_deals_the_code_in_query_string(monkeypatch):
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "deal=CB2-std-7")
    assert Practice.from_url().deal_code == "CB2-std-00000007-N"  # an old code deals; the table prints it checked
    monkeypatch.setenv("QUERY_STRING", "deal=CB2-std-00000007-N")
    assert Practice.from_url().deal_code == "CB2-std-00000007-N"
    monkeypatch.setenv("QUERY_STRING", "")
    assert Practice.from_url(code="CB2-std-9").deal_code == str(DealCode.parse("CB2-std-9"))


class _RequestSocket:
    """Voilà's part for a preheated kernel: a ``/voila/query/<kernel>`` websocket that sends the request's variables
    once ``send`` is called (on 127.0.0.1, a free port, a thread of its own)."""

    def __init__(self, payload):
        self.loop, self.ready, self.go = None, threading.Event(), None
        outer = self

        class Handler(tornado.websocket.WebSocketHandler):
            async def open(self, kernel):
                await outer.go.wait()
                await self.write_message(json.dumps(payload))

        def run():
            asyncio.set_event_loop(asyncio.new_event_loop())
            self.loop, self.go = asyncio.get_event_loop(), asyncio.Event()
            app = tornado.web.Application([(r"/voila/query/(.*)", Handler)])
            sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
            self.port = sockets[0].getsockname()[1]
            server = tornado.httpserver.HTTPServer(app)
            server.add_sockets(sockets)
            self.ready.set()
            self.loop.run_forever()

        threading.Thread(target=run, daemon=True).start()
        self.ready.wait(10)

    def send(self):
        self.loop.call_soon_threadsafe(self.go.set)


def _preheated(monkeypatch, socket):
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_APP_PORT", str(socket.port))
    monkeypatch.setenv("VOILA_SERVER_URL", "/")
    monkeypatch.setenv("VOILA_KERNEL_ID", "kernel-1")
    monkeypatch.setenv("QUERY_STRING", "")  # recorded, so the query the socket hands over is undone after the test
    monkeypatch.delenv("QUERY_STRING")


def test_preheated_voila_kernel_waits_for_the_request_before_reading_it(monkeypatch):
    socket = _RequestSocket({"QUERY_STRING": "deal=CB2-std-12"})
    _preheated(monkeypatch, socket)
    socket.send()
    assert query_string() == "deal=CB2-std-12"  # read from the socket: Voilà is not imported into the kernel
    monkeypatch.setenv("VOILA_PREHEAT", "False")  # a kernel started for this very request: nothing to wait for
    monkeypatch.setenv("QUERY_STRING", "deal=CB2-std-13")
    assert query_string() == "deal=CB2-std-13"


def test_preheated_practice_deals_at_once_and_the_page_code_once_it_is_asked_for(monkeypatch):
    """So that Voilà renders the whole page before a learner asks for it."""
    socket = _RequestSocket({"QUERY_STRING": "deal=CB2-std-12"})
    _preheated(monkeypatch, socket)
    with ThreadPoolExecutor(1) as thread:  # a thread without an event loop (the browser tests leave one running)
        practice = thread.submit(Practice.from_url).result()  # does not wait
    dealt = str(DealCode.parse("CB2-std-12"))  # the page's deal, printed with its check character
    assert practice.deal_code != dealt
    socket.send()
    deadline = time.monotonic() + 10
    while practice.deal_code != dealt:
        assert time.monotonic() < deadline, "the page's deal code was never dealt"
        time.sleep(0.05)
    assert practice.table.ui["deal_code"] == dealt


def test_renonc_mode_warns_that_a_rule_error_loses_the_game():
    _view, ui = ui_after(6, rules={"renonc_mode": True})
    assert ui["prompt"].endswith("Careful: under this table's house rules a card against this rule is accepted — "
                                 "and loses you the game (a renonc).")
    _view, ui = ui_after(6)
    assert "renonc" not in ui["prompt"]


def test_best_only_meld_scope_is_said_when_declaring():
    _view, ui = ui_after(3, rules={"meld_scope": "best_only"})
    assert ui["prompt"].startswith("Declare your melds (hlášky) with your first card, highest first (house rule: "
                                   "only the best meld scores)")


def test_every_table_object_displays_itself_as_a_widget_with_a_stable_text_form():
    from bulka_teach.table import Puzzle, Quiz, Stepper

    record = Record(game="czech-bulka", players=("Ann", "Ben"), dealer=0, decks=(DECK,), actions=ACTIONS[:1])
    objects = [show_cards(["7h"]), Stepper(record), Puzzle(record, seat=0, answer="take", right="Yes."),
               Quiz("?", ["a", "b"], answer="a", explain="A.", reasons={"b": "Not b."}), Practice(code="CB2-std-7")]
    for obj in objects:
        bundle = obj._repr_mimebundle_()
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        assert "application/vnd.jupyter.widget-view+json" in data
        assert "0x" not in data["text/plain"]  # nbval compares text/plain: no memory address


HUNDRED_DECK = stack_deck(forehand=["7l", "8l", "9l", "Xl", "Ul", "Ab"], dealer=["Ah", "Kh", "Oh", "7a", "8a", "9b"],
                          first="Xh")  # Ben, the forehand, holds a hundred in leaves


def test_the_hundred_procedure_asks_and_answers_with_the_czech_words():
    game = Record(game="czech-bulka", players=("Ann", "Ben"), dealer=0, decks=(tuple(HUNDRED_DECK),),
                  actions=("pass", "take", "pass", "pass")).replay()
    ui = table_ui(game.view(1), "play", 1)
    assert ui["prompt"] == "You hold a hundred (sto): before the first lead you must ask the declarer (hraješ sto?)."
    assert ui["buttons"] == [{"action": "ask-hundred", "label": "Ask: do you play against my hundred? (hraješ sto?)",
                              "hint": "You hold a hundred (sto): the declarer must say whether they play on."}]
    game.apply("ask-hundred")
    ui = table_ui(game.view(0), "play", 0)
    assert ui["prompt"] == ("Ben holds a hundred (sto) and asks: do you play against it? Fold (lose, pay nothing) "
                            "or play on (hraju).")
    assert [(b["action"], b["label"]) for b in ui["buttons"]] == [("fold", "Fold (lose, pay nothing)"),
                                                                 ("play-on", "Play on (hraju)")]


def test_the_forced_dealer_may_take_or_fold_and_pay_the_stake():
    game = Record(game="czech-bulka", players=("Ann", "Ben"), dealer=0, rules={"max_deals": 1, "stake": 20},
                  decks=(tuple(HUNDRED_DECK),), actions=("pass", "pass", "pass")).replay()
    ui = table_ui(game.view(0), "play", 0)
    assert ui["prompt"] == ("Deal 1 is the last: as the dealer you are forced. Take bells (kule) as trumps, "
                            "or fold and pay the stake of 20? It is the second candidate.")
    assert [(b["action"], b["label"]) for b in ui["buttons"]] == [("take", "Take bells (kule) as trumps"),
                                                                 ("fold", "Fold and pay the stake (20)")]


"""The card table draws any neutral layout: tables of four and five, Italian and French cards, pots, amounts.

The layouts here are fixtures no game makes yet (Trappola's Bulka, Bouillotte), built in Python with
``bulka_teach.layout`` and drawn by the shipped module in Chromium (the harness of ``tests/table_harness.py``).
A small controller plays the Python side of an amount action: it refuses an amount out of range with a
sentence, as a game's engine will. ``BULKA_SCREENSHOTS=docs/screenshots pytest tests/test_felt.py`` also
saves the pictures of the README.
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from table_harness import ChromiumThread, cards, in_chromium, on_a_fresh_page, show_layout, ui

from bulka_teach import Record
from bulka_teach import layout as lay
from bulka_teach.bouillotte import presenter as bo_presenter
from bulka_teach.czech import presenter
from bulka_teach.table.base import Controller
from bulka_teach.table.present import table_ui
from bulka_teach.trappola import presenter as tr_presenter
from tests.browser.phone import PHONE, screen_problems

ITALIAN_HAND = ["2s", "7s", "Xc", "Fc", "Cd", "Rd", "Ab"]
FRENCH_HAND = ["Qc", "Xh", "As"]
RANGE_SENTENCE = "Bet between 4 and 12 jetons."
REFUSAL = "You may raise to between 4 and 12 jetons, not 20: the table's limit is 12."


def four_italian() -> dict[str, Any]:
    """Trappola's Bulka for four: a pot doubled (×2), Carlo waiting this deal, a trick of three under way."""
    names = ["You", "Bice", "Carlo", "Dario"]
    places = lay.places(4)
    seats = [
        lay.seat(0, "You", places[0], roles=["dealer"], chips="chips +6", to_move=True, turn="your turn", me=True,
                 facts=[lay.fact("points", [{"b": "21"}, " points · 2 tricks"])]),
        lay.seat(1, "Bice", places[1], roles=["challenger"], badges=[{"text": "Pro", "kind": "call"}],
                 chips="chips −2", facts=[lay.fact("voids", ["known to have no ", {"suit": "s"}, " spade (swords)"])]),
        lay.seat(2, "Carlo", places[2], badges=[{"text": "sits out", "kind": "waiting"}], chips="chips +1",
                 waiting=True),
        lay.seat(3, "Dario", places[3], badges=["×2"], chips="chips −5",
                 facts=[lay.declarations("declarations", "declarations", [lay.declaration(
                     "three kings", 4, "three kings, 4: Rs, Rc and Rb",
                     [{"card": "Rs"}, {"card": "Rc"}, {"card": "Rb"}])])]),
    ]
    piles = [
        lay.pile("hand", 0, cards=ITALIAN_HAND, style="hand", aria="Your hand, 7 cards", mine=True,
                 aria_verbs={"play": "Your hand, 7 cards: choose a card to play"}),
        lay.pile("hand", 1, count=6, style="hand", aria="Bice's hand: 6 face-down cards"),
        lay.pile("hand", 3, count=6, style="hand", aria="Dario's hand: 6 face-down cards"),
    ]
    trick = lay.trick([(1, "Ad", names[1]), (3, "Cs", names[3])], aria="trick 3", label="trick 3")
    last = lay.trick([(3, "2b", names[3]), (0, "Rc", names[0]), (1, "7d", names[1])], aria="last trick 2, won by You",
                     label="trick 2 · You won")
    return lay.layout("italian", phase="play", seats=seats, piles=piles, trick=trick, last_trick=last,
                      pots=[lay.pot("bulka", "Bulka pot", 12, badges=["×2"])],
                      trump=lay.badge("d", ["trumps", [{"b": "denari (coins)"}]]))


def four_ui() -> dict[str, Any]:
    return ui(clickable={c: f"play {c}" for c in ITALIAN_HAND if c[1] == "s"}, card_verb="play",
              prompt="Your turn: follow coins (denari) if you can.")


def five_french() -> dict[str, Any]:
    """Bouillotte for five: chips before each seat, a main pot and a side pot, the retourne face up, Eve folded."""
    names = ["You", "Ann", "Ben", "Cyril", "Eve"]
    places = lay.places(5)
    chips = [34, 12, 0, 41, 18]
    seats = [lay.seat(s, names[s], places[s], chips=f"chips {chips[s]}", me=s == 0, to_move=s == 0,
                      turn="your turn" if s == 0 else "",
                      roles=["dealer"] if s == 3 else [],
                      badges=(["all in (tapis)"] if s == 2 else ["folded"] if s == 4 else []),
                      waiting=s == 4,
                      facts=[lay.fact("stake", [f"stake {[6, 6, 8, 6, 2][s]}"])]) for s in range(5)]
    piles = [lay.pile("hand", 0, cards=FRENCH_HAND, style="hand", aria="Your hand, 3 cards", mine=True)]
    piles += [lay.pile("hand", s, count=3, style="hand", aria=f"{names[s]}'s hand: 3 face-down cards")
              for s in range(1, 5)]
    piles.append(lay.pile("retourne", "centre", cards=["Kd"], style="single", aria="the retourne, face up",
                          label="retourne"))
    pots = [lay.pot("main", "main pot", 20), lay.pot("side", "side pot", 8, badges=["Ann, Ben, You"])]
    return lay.layout("french", phase="betting", seats=seats, piles=piles, pots=pots)


def five_ui() -> dict[str, Any]:
    raise_button = {"action": "raise", "label": "Raise to", "hint": "Your total stake this deal",
                    "amount": {"min": 4, "max": 12, "step": 1, "value": 6, "outside": RANGE_SENTENCE}}
    return ui(prompt="Ben is all in. Hold, raise or fold?",
              buttons=[{"action": "hold", "label": "Hold (tenir)", "hint": ""}, raise_button,
                       {"action": "fold", "label": "Fold", "hint": ""}])


class Betting(Controller):
    """The Python side of the five-seat fixture: ``raise N`` between 4 and 12 is taken, any other refused."""

    def __init__(self) -> None:
        super().__init__()
        self.taken: list[str] = []
        self._draw({}, five_ui(), five_french())

    def act(self, action: str) -> None:
        verb, _, amount = action.partition(" ")
        if verb == "raise" and not (amount.isdigit() and 4 <= int(amount) <= 12):
            self._show_notice("refused", REFUSAL)
            return
        self.taken.append(action)
        self._show_notice("ok", f"{action}: taken.")


def deliver(page: Page, controller: Controller, index: int) -> list[dict[str, Any]]:
    """Pass what the page sent to ``controller`` (as the websocket does) and draw its traits again."""
    sent = page.evaluate("window.sent.splice(0)")
    for message in sent:
        controller.table.send_from_browser(message)
    page.evaluate("""async ([i, layout, ui]) => {
      models[i].set('felt', layout); models[i].set('ui', ui); await Promise.resolve();
    }""", [index, controller.table.layout, controller.table.ui])
    return sent


def inside(box: dict[str, float] | None, outer: dict[str, float] | None) -> bool:
    return bool(box and outer and outer["x"] - 0.5 <= box["x"] and box["x"] + box["width"] <= outer["x"]
                + outer["width"] + 0.5 and outer["y"] - 0.5 <= box["y"]
                and box["y"] + box["height"] <= outer["y"] + outer["height"] + 0.5)


def screenshot(page: Page, name: str) -> None:
    folder = os.environ.get("BULKA_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / name), full_page=True)


# --- (a) four seats, Italian cards, a doubled pot, a seat waiting -----------------------------------------------

@in_chromium
def test_four_seats_with_italian_cards_a_doubled_pot_and_a_waiting_seat(page: Page) -> None:
    show_layout(page, four_italian(), four_ui())
    felt = page.locator(".bt-felt")
    assert felt.get_attribute("data-seats") == "4"
    places = {s: page.locator(f".bt-seat[data-seat='{s}']").get_attribute("data-place") for s in range(4)}
    assert places == {0: "bottom", 1: "left", 2: "top", 3: "right"}
    assert page.locator(".bt-zone-bottom .bt-seat").get_attribute("data-seat") == "0"
    carlo = page.locator(".bt-seat[data-seat='2']")
    assert "bt-out" in (carlo.get_attribute("class") or "") and carlo.locator(".bt-hand").count() == 0
    assert carlo.locator(".bt-badge").inner_text() == "sits out"
    pot = page.locator(".bt-pot[data-pot='bulka']")
    assert "Bulka pot" in pot.inner_text() and "12" in pot.inner_text()
    assert pot.locator(".bt-badge").inner_text() == "×2"
    assert page.locator(".bt-seat[data-seat='1'] .bt-badge").inner_text() == "Pro"
    assert cards(page, ".bt-hand[data-seat='0'] .bt-card") == ITALIAN_HAND
    assert cards(page, ".bt-hand .bt-card.bt-legal") == ["2s", "7s"]
    assert page.locator(".bt-hand[data-seat='1'] .bt-back").count() == 6
    assert cards(page, ".bt-trick .bt-card") == ["Ad", "Cs"]
    assert cards(page, ".bt-last-trick .bt-card") == ["2b", "Rc", "7d"]
    assert page.locator(".bt-trick .bt-played[data-seat='1']").get_attribute("class") == "bt-played bt-from-left"
    assert page.locator(".bt-melds, .bt-declarations").locator(".bt-tag").count() == 3
    images = page.locator(".bt-card img").evaluate_all("imgs => imgs.map(i => i.complete && i.naturalWidth > 0)")
    assert images and all(images), "every card picture loads"
    # the four seats, the trick and the pot lie on the felt, none over another
    boxes = [page.locator(f".bt-seat[data-seat='{s}']").bounding_box() for s in range(4)]
    assert all(inside(b, felt.bounding_box()) for b in boxes)
    screenshot(page, "felt-4-italian.png")


# --- (b) five seats, French cards, chips, two pots, an amount action -----------------------------------------------

@in_chromium
def test_five_seats_with_two_pots_and_an_amount_action(page: Page) -> None:
    controller = Betting()
    index = show_layout(page, controller.table.layout, controller.table.ui)
    assert page.locator(".bt-felt").get_attribute("data-seats") == "5"
    for s, chips in enumerate([34, 12, 0, 41, 18]):
        assert page.locator(f".bt-seat[data-seat='{s}'] .bt-chips").inner_text() == f"chips {chips}"
    assert [p.get_attribute("data-pot") for p in page.locator(".bt-pot").all()] == ["main", "side"]
    assert "20" in page.locator(".bt-pot[data-pot='main']").inner_text()
    assert cards(page, ".bt-hand.bt-mine .bt-card") == FRENCH_HAND
    assert cards(page, ".bt-retourne .bt-card") == ["Kd"]
    assert page.locator(".bt-hand[data-seat='3'] .bt-back").count() == 3

    box = page.locator(".bt-amount[data-action='raise']")
    field = box.locator(".bt-amount-input")
    assert field.input_value() == "6" and box.locator(".bt-amount-outside").is_hidden()
    box.locator(".bt-amount-up").click()
    box.locator(".bt-amount-up").click()
    box.locator(".bt-amount-down").click()
    assert field.input_value() == "7"
    box.locator(".bt-action[data-action='raise']").click()
    assert deliver(page, controller, index) == [{"type": "action", "action": "raise 7"}]
    assert controller.taken == ["raise 7"]

    field = page.locator(".bt-amount-input")
    field.fill("9")
    field.press("Enter")
    assert deliver(page, controller, index) == [{"type": "action", "action": "raise 9"}]

    field = page.locator(".bt-amount-input")
    field.fill("20")
    expect(page.locator(".bt-amount-outside")).to_have_text(RANGE_SENTENCE)  # at once, before it is sent
    field.press("Enter")
    assert deliver(page, controller, index) == [{"type": "action", "action": "raise 20"}]
    assert controller.taken == ["raise 7", "raise 9"], "the Python side refused 20"
    expect(page.locator(".bt-notice")).to_have_text(REFUSAL)
    assert page.locator(".bt-notice").get_attribute("data-kind") == "refused"
    assert page.locator(".bt-amount-input").input_value() == "20", "the typed amount stays to be corrected"
    page.click(".bt-action[data-action='hold']")
    assert page.evaluate("sent") == [{"type": "action", "action": "hold"}]
    screenshot(page, "felt-5-french.png")


def test_five_seats_on_a_phone(chromium: ChromiumThread) -> None:
    """The five-seat table at 390 × 844: nothing runs off the page sideways, every card of the hand shows."""
    def check(page: Page) -> None:
        page.set_viewport_size({"width": 390, "height": 844})
        show_layout(page, five_french(), five_ui())
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the page scrolls sideways ({width} px)"
        for card in page.locator(".bt-card").all():
            box = card.bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
        screenshot(page, "felt-phone.png")
    chromium.run(lambda browser: on_a_fresh_page(browser, check))


def longest_words_table(pack: str, places: tuple[str, ...], hand: int, hidden: int, words: tuple[Any, ...],
                        over: bool = False) -> dict[str, Any]:
    """A table of seats at ``places`` each wearing every role and the longest badges and chips of a game (``words``),
    the learner holding ``hand`` cards beside a face-down pile of three, the others playing (at the top, or every seat
    where all play) ``hidden`` face down: the most a plate and the hand's row ever carry; ``over``: with a result box
    of three lines in the centre."""
    roles, badges, chips, streak = words
    codes = {"marias": [r + s for s in "hlab" for r in "789XUOKA"], "italian": [r + s for s in "cdsb" for r in
             "AR2CFX987"], "french": [r + s for s in "hdcs" for r in "AKQJX98"]}[pack][:hand]
    seats = [lay.seat(s, "Player" if s == 0 else f"Computer {s}", place, you="(you)" if s == 0 else "",
                      roles=roles, badges=badges, streak=streak, chips=chips, me=s == 0, to_move=s == 0,
                      turn="your turn", facts=[lay.fact("points", [{"b": "61"}, " in cards won · 4 tricks (štych)"])])
             for s, place in enumerate(places)]
    piles = [lay.pile("hand", 0, cards=codes, style="hand", aria="Your hand", mine=True),
             lay.pile("dokup", 0, count=3, aria="your dokup", label="dokup", label_after=True)]
    all_play = "top" not in places[1:]
    piles += [lay.pile("hand", s, count=hidden, style="hand", aria="a hand") for s, place in enumerate(places)
              if s and (all_play or place == "top")]
    outcome = lay.outcome("won", "Computer 3 takes the pot (le pot, банк)", [
        "The pot (le pot, банк): 5 to Computer 3 (Player, Computer 3) on the points: 30 in spades (pique)",
        "jetons now: Player 28, Computer 1 30, Computer 2 29, Computer 3 33, Computer 4 30"], aria="the result")
    return lay.layout(pack, phase="play", seats=seats, piles=piles, trick=lay.trick([], aria="the trick"),
                      pots=[lay.pot("pot", "the pot (le pot, банк)", 40)], outcome=outcome if over else None)


def _longest(words: dict[str, str], n: int) -> list[str]:
    return sorted(words.values(), key=len)[-n:]


# Each game: its pack, its tables' places (two play at the top and the bottom, the others wait at the side; or all
# play round the table), the learner's most cards (Czech: a chain of šíbr before discarding), the others' most, and
# its longest words: every role, the longest badges, chips, streak.
LONGEST_WORDS = {
    "czech-bulka": ("marias", [("bottom", "top"), ("bottom", "top", "side")], 12, 9,
                    lambda: (list(presenter.ROLE_WORDS.values()), [], "chips −120", "")),
    "trappola": ("italian", [("bottom", "top"), ("bottom", "top", "side"), ("bottom", "left", "top", "right")], 9, 9,
                 lambda: (list(tr_presenter.ROLE_WORDS.values()), ["Pro: for the whole Bulka"], "chips −120",
                          "2 wins in a row — may announce Pro")),
    "bouillotte": ("french", [lay.places(n) for n in (3, 4, 5)], 3, 3,
                   lambda: (list(bo_presenter.ROLE_WORDS.values()), _longest(bo_presenter.BET_WORDS, 2),
                            "jetons (жетоны) 120", "")),
}


@pytest.mark.parametrize("game", LONGEST_WORDS)
def test_the_longest_plates_and_hands_fit_a_phone_and_a_desktop(chromium: ChromiumThread, game: str) -> None:
    """With every seat wearing the game's longest words, at every count of seats the game has, at 390 × 844 and at a
    narrow and a wide desktop table, in play and with the result box: each plate wraps its words inside the felt,
    beside no other and not under the result box; the hand's every card lies on the screen."""
    pack, tables, hand, hidden, words = LONGEST_WORDS[game]
    asked = ui(card_verb="play", prompt="Your turn.", buttons=[{"action": "pass", "label": "Pass"}])

    def check(page: Page) -> None:
        for width in (PHONE["width"], 800, 1100):
            page.set_viewport_size({"width": width, "height": PHONE["height"]})
            for places in tables:
                for over in (False, True):
                    page.evaluate("document.body.replaceChildren()")
                    show_layout(page, longest_words_table(pack, places, hand, hidden, words(), over), asked)
                    where = f"{len(places)} seats, {width} px{', the deal over' if over else ''}"
                    assert screen_problems(page.locator(".bt-table")) == [], where
    chromium.run(lambda browser: on_a_fresh_page(browser, check))


# --- (c) every card labelled, in the pack's own names and in English ------------------------------------------

@in_chromium
def test_every_card_has_its_names_in_its_pack(page: Page) -> None:
    show_layout(page, four_italian(), four_ui())
    ace = page.locator(".bt-card[data-card='Ad']").get_attribute("aria-label") or ""
    assert ace.startswith("ace of coins (asso di denari)"), ace
    assert (page.locator(".bt-card[data-card='Ab']").get_attribute("aria-label") or "").startswith(
        "ace of batons (asso di bastoni)"), "Ab is a baton in this pack, not a bell"
    two = page.locator(".bt-card[data-card='2s']").get_attribute("aria-label") or ""
    assert ace.endswith(", trump") and "trump" not in two
    show_layout(page, five_french(), five_ui())
    queen = page.locator(".bt-hand.bt-mine .bt-card[data-card='Qc']").get_attribute("aria-label") or ""
    assert queen.startswith("queen of clubs (") and queen.endswith(")"), queen
    assert "ten of hearts" in (page.locator(".bt-card[data-card='Xh']").last.get_attribute("aria-label") or "")
    labels = page.locator(".bt-card:not(.bt-back)").evaluate_all("cs => cs.map(c => c.getAttribute('aria-label'))")
    assert labels and all(re.fullmatch(r"\w+ of \w+ \(.+\)(, trump)?", label or "") for label in labels), labels


@in_chromium
def test_a_code_that_is_not_in_the_pack_is_drawn_marked_and_warned_about(page: Page) -> None:
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    bad = lay.picture("marias", ["Ah", "2s", "Qc"])  # a Mariáš pack has no 2s and no Qc
    show_layout(page, bad, ui(mode="static", me=None))
    drawn = page.locator(".bt-card")
    assert drawn.count() == 3, "an unknown code drew nothing"
    assert cards(page, ".bt-card.bt-unknown-card") == ["2s", "Qc"]
    assert "2s" in (page.locator(".bt-card[data-card='2s']").get_attribute("aria-label") or "")
    box = page.locator(".bt-card[data-card='2s']").bounding_box()
    assert box and box["width"] > 20 and box["height"] > 30
    page.wait_for_timeout(50)
    assert any("2s" in w for w in warnings) and any("Qc" in w for w in warnings), warnings


# --- (d) the keyboard -----------------------------------------------------------------------------------------

@in_chromium
def test_the_keyboard_reaches_the_hand_and_plays_a_card(page: Page) -> None:
    show_layout(page, four_italian(), four_ui())
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('.bt-hand.bt-mine') !== null"), "Tab did not reach the hand"
    assert page.evaluate("document.activeElement.dataset.card") == ITALIAN_HAND[0]
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.card") == ITALIAN_HAND[1]
    page.keyboard.press("Enter")
    page.keyboard.press("End")
    page.keyboard.press(" ")
    assert page.evaluate("sent") == [{"type": "card", "card": ITALIAN_HAND[1]},
                                     {"type": "card", "card": ITALIAN_HAND[-1]}]


# --- (e) Czech Bulka on a phone ---------------------------------------------------------------------------------

def test_a_czech_hand_of_nine_on_a_phone(chromium: ChromiumThread) -> None:
    """At 390 × 844 every card of a 9-card hand in play is on the screen and tappable; the buttons are by the hand."""
    deck = ("Xb", "Ub", "Ob", "Oh", "Kh", "Ah", "Kl", "Al", "7h", "9h", "7a", "8a", "Xh", "8l", "9l", "Xl",
            "Uh", "Ka", "Aa", "8h", "Ul", "Ol", "9a", "Xa", "Ua", "Oa", "7b", "8b", "9b", "Kb", "Ab", "7l")
    game = Record(game="czech-bulka", players=("Ann", "Ben"), dealer=0, decks=(deck,),
                  actions=("pass", "take", "exchange")).replay()
    seat = game.to_move
    view = game.view(seat)
    table_ui = table_ui_for(view, seat)
    assert len(view["deal"]["hand"]) == 9 and table_ui["buttons"]

    def check(page: Page) -> None:
        page.set_viewport_size({"width": 390, "height": 844})
        show_layout(page, presenter.layout(view, seat), table_ui)
        hand = page.locator(f".bt-hand[data-seat='{seat}']")
        hand.scroll_into_view_if_needed()
        page.evaluate("window.scrollBy(0, 60)")  # the lifted legal cards too
        screen = {"x": 0, "y": 0, "width": 390, "height": 844}
        boxes = [c.bounding_box() for c in hand.locator(".bt-card").all()]
        assert len(boxes) == 9 and all(inside(b, screen) for b in boxes), boxes
        assert all(b and b["width"] >= 24 for b in boxes)
        # each card shows a strip of its own at least 24 px wide, where a tap lands on it
        for k, card in enumerate(hand.locator(".bt-card").all()):
            b = card.bounding_box()
            assert b
            visible = (boxes[k + 1]["x"] - b["x"]) if k + 1 < len(boxes) and boxes[k + 1] else b["width"]
            assert visible >= 24, f"card {k} shows {visible:.0f} px"
            hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('.bt-card')?.dataset.card",
                                [b["x"] + min(visible, b["width"]) / 2, b["y"] + b["height"] - 10])
            assert hit == view["deal"]["hand"][k], f"a tap on card {k} reaches {hit}"
        hand_top = boxes[0]["y"] if boxes[0] else 0
        buttons = page.locator(".bt-action").first.bounding_box()
        assert buttons and buttons["y"] - hand_top <= 844, "the buttons are not by the hand"
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the page scrolls sideways ({width} px)"
        page.evaluate("window.scrollTo(0, 0)")
        screenshot(page, "felt-phone-czech.png")
    chromium.run(lambda browser: on_a_fresh_page(browser, check))


def table_ui_for(view: dict[str, Any], seat: int) -> dict[str, Any]:
    return table_ui(view, "play", seat)

"""The card table's front end: shipped as package data, joined into one ES module, and drawing the DOM contract.

The browser part loads the very module and stylesheet ``CardTable`` sends (``front_end()``) into Chromium
with a stand-in for anywidget's model, and checks what a learner (and the app's browser tests) rely on:
the seats, hands, centre, notice and buttons of ``widgets/README.md``, clicks and keys turned into
messages, and no card drawn that the view does not hold.
"""
from __future__ import annotations

import json
import re
import tomllib
from fnmatch import fnmatch
from importlib.resources import files
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect
from table_harness import (  # the shared Chromium harness (also tests/test_felt.py's; the fixture: conftest.py)
    ChromiumThread,
    blank_page,
    cards,
    in_chromium,
    show_layout,
    ui,
    update_traits,
)

from bulka_teach import Record
from bulka_teach.czech import presenter
from bulka_teach.czech.view import deal_view
from bulka_teach.layout import DEFAULT_WORDS
from bulka_teach.table.pictures import picture_layout
from bulka_teach.table.widget import (
    CSS_FILE,
    ESM_FILES,
    LOADER_FILE,
    MODULE_KEY_PREFIX,
    CardTable,
    front_end,
    table_module,
)

ROOT = Path(__file__).resolve().parents[1]

# The README's worked example: Ben passes, Ann takes hearts, Ben exchanges (šíbr), declares a twenty and
# leads Kl; Ann declares her fifty and must now trump.
EXAMPLE_DECK = ("Xb", "Ub", "Ob", "Oh", "Kh", "Ah", "Kl", "Al", "7h", "9h", "7a", "8a", "Xh", "8l", "9l", "Xl",
                "Uh", "Ka", "Aa", "8h", "Ul", "Ol", "9a", "Xa", "Ua", "Oa", "7b", "8b", "9b", "Kb", "Ab", "7l")
EXAMPLE_ACTIONS = ("pass", "take", "exchange", "declare Xb-Ub-Ob", "play Kl", "declare Uh-Oh-Kh-Ah")
REFUSAL = "You have no leaves, so you must trump (hearts): you hold Oh, Kh, Ah, 9h, Uh."


# --- loading ----------------------------------------------------------------------------------------------

def test_the_module_and_stylesheet_come_from_the_package_data() -> None:
    data = files("bulka_teach.widgets")
    module = table_module()
    loader, css = front_end()
    assert CardTable._esm == loader and CardTable._css == css
    texts = [data.joinpath(name).read_text(encoding="utf-8") for name in ESM_FILES]
    assert module.index(texts[0]) < module.index(texts[1]), "cards.js must come first: table.js calls its functions"
    assert css == data.joinpath(CSS_FILE).read_text(encoding="utf-8") and ".bt-table" in css
    assert module.count("export default") == 1, "the joined module has exactly one default export (table.js)"
    assert not re.search(r"^\s*import\b", module, re.MULTILINE), "the joined module imports nothing"


def test_each_table_sends_the_loader_with_the_module_embedded_once() -> None:
    loader, _css = front_end()
    module = table_module()
    source = re.search(r'^const SOURCE = (".*");$', loader, re.MULTILINE)
    key = re.search(r'^const KEY = "([^"]+)";', loader, re.MULTILINE)
    assert source and key, "the loader's two placeholders were not filled"
    assert json.loads(source.group(1)) == module, "the embedded string is the table's module, unchanged"
    assert key.group(1).startswith(MODULE_KEY_PREFIX) and "__TABLE_MODULE_" not in loader
    assert loader.count("export default") == 1 + module.count("export default")  # the loader's, and the string's


def test_the_package_data_patterns_ship_every_front_end_file() -> None:
    """A wheel holds what ``pyproject.toml`` declares: every file ``front_end()`` reads must match its patterns."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert config["package-dir"]["bulka_teach.widgets"] == "widgets"
    patterns = config["package-data"]["bulka_teach.widgets"]
    for name in (*ESM_FILES, LOADER_FILE, CSS_FILE):
        assert any(fnmatch(name, pattern) for pattern in patterns), f"{name} would be left out of a wheel"
        assert (ROOT / "widgets" / name).is_file()


# --- the Python side of the messages -----------------------------------------------------------------------

def test_messages_from_the_browser_reach_the_handler() -> None:
    table = CardTable()
    received: list[dict[str, Any]] = []
    table._handle_custom_msg({"type": "card", "card": "7a"}, [])  # before a handler: dropped, no error
    table.on_message(received.append)
    table._handle_custom_msg({"type": "card", "card": "Ah"}, [])  # the path of the browser's model.send
    table.send_from_browser({"type": "action", "action": "take"})
    table.send_from_browser({"type": "control", "name": "next"})
    table._handle_custom_msg("not a message", [])
    assert received == [{"type": "card", "card": "Ah"}, {"type": "action", "action": "take"},
                        {"type": "control", "name": "next"}]


def test_the_text_form_names_mode_and_phase_without_a_memory_address() -> None:
    table = CardTable(view={"deal": {"phase": "play"}}, ui={"mode": "step"})
    assert repr(table) == "CardTable(mode='step', phase='play')"


# --- the front end in Chromium -----------------------------------------------------------------------------

def example_game(actions: tuple[str, ...] = EXAMPLE_ACTIONS) -> Any:
    return Record(game="czech-bulka", players=("Ann", "Ben"), dealer=0, decks=(EXAMPLE_DECK,),
                  actions=actions).replay()


def play_ui(view: dict[str, Any], **overrides: Any) -> dict[str, Any]:
    clickable = {a.split()[1]: a for a in view["legal"] if a.startswith("play ")}
    return ui(card_verb="play", clickable=clickable, prompt="Your turn: play a card.", **overrides)


def layout_of(view: dict[str, Any], table_ui: dict[str, Any]) -> dict[str, Any]:
    """What ``CardTable.layout`` holds for ``view``: Czech Bulka's presenter's felt, or a picture's row of cards."""
    if table_ui.get("mode") == "static":
        return picture_layout(view["deal"]["open_hands"]["0"])
    return presenter.layout(view, table_ui.get("me"))


def show(page: Page, view: dict[str, Any], table_ui: dict[str, Any]) -> int:
    return show_layout(page, layout_of(view, table_ui), table_ui)


def update(page: Page, index: int, **traits: Any) -> None:
    """Set traits at once, as one websocket update does (one redraw expected); a ``view`` goes as its layout."""
    if "view" in traits:
        traits["layout"] = layout_of(traits.pop("view"), traits.get("ui") or ui())
    update_traits(page, index, **traits)


# Import the loader as anywidget does, afresh for each table, and draw each table through it; count the
# JavaScript blob URLs the loader itself makes (one per evaluation of the embedded table module).
LOADER_PAGE = """async ([loader, tables, prefix]) => {
  const create = URL.createObjectURL.bind(URL);
  const made = [];
  URL.createObjectURL = (blob) => {
    if (blob.type === "text/javascript") made.push(blob.size); // not the card art's images
    return create(blob);
  };
  const drawn = [];
  for (const [layout, ui] of tables) {
    const widget = (await import(create(new Blob([loader], { type: "text/javascript" })))).default;
    const el = document.createElement("div");
    document.body.appendChild(el);
    const state = { felt: layout, ui };
    const model = { get: (key) => state[key], set() {}, on() {}, off() {}, send() {} };
    await widget.render({ model, el });
    drawn.push(el.querySelectorAll(".bt-hand .bt-card[data-card]").length);
  }
  return { made, drawn, keys: Object.keys(globalThis).filter((key) => key.startsWith(prefix)) };
}"""


def test_the_loader_evaluates_the_table_module_once_for_many_tables(chromium: ChromiumThread) -> None:
    """Three tables, three imports of the loader (as anywidget makes them): the table module is evaluated once."""
    loader, _css = front_end()
    view = example_game().view(0)
    tables = [[presenter.layout(view, 0), play_ui(view)]] * 3
    result: dict[str, Any] = {}

    def check(browser: Browser) -> None:
        with blank_page(browser) as page:
            result.update(page.evaluate(LOADER_PAGE, [loader, tables, MODULE_KEY_PREFIX]))

    chromium.run(check)
    assert result["made"] == [len(table_module().encode("utf-8"))], "one import of the embedded module, in full"
    assert result["drawn"] == [len(view["deal"]["hand"])] * 3, "every table drew the learner's hand"
    assert len(result["keys"]) == 1


@in_chromium
def test_a_table_in_play_draws_the_view_and_nothing_more(page: Page) -> None:
    game = example_game()
    view = game.view(0)
    notice = {"kind": "refused", "text": REFUSAL, "id": 1}
    show(page, view, play_ui(view, notice=notice, deal_code="CB2-std-4KQ7M2XA"))
    table = page.locator(".bt-table")
    assert (table.get_attribute("data-mode"), table.get_attribute("data-phase")) == ("play", "play")
    assert table.get_attribute("data-render") == "1"

    ann, ben = page.locator(".bt-seat[data-seat='0']"), page.locator(".bt-seat[data-seat='1']")
    assert ann.locator(".bt-name").inner_text().startswith("Ann")
    assert "declarer (zadal)" in ann.locator(".bt-role").inner_text()
    assert "forehand (forhont)" in ben.locator(".bt-role").inner_text()
    assert "−10" in ann.locator(".bt-chips").inner_text()
    assert "20" in page.locator(".bt-bank").inner_text()

    assert cards(page, ".bt-hand[data-seat='0'] .bt-card") == view["deal"]["hand"]
    assert cards(page, ".bt-hand .bt-card.bt-legal") == ["9h", "Uh", "Oh", "Kh", "Ah"]
    backs = page.locator(".bt-hand[data-seat='1'] .bt-card")
    assert backs.count() == view["deal"]["hand_counts"]["1"] == 8
    assert page.locator(".bt-hand[data-seat='1'] [data-card]").count() == 0
    assert backs.first.get_attribute("aria-hidden") == "true"  # the hand's label says it once, not each card
    assert page.get_by_role("group", name=re.compile("face-down")).count() >= 1
    drawn = set(cards(page, "[data-card]"))
    hidden = {c.code for c in game.deal.hands[1]} - {"Xh"}  # Ben's cards; the Xh he took by šíbr is public
    assert not drawn & hidden, f"cards of Ben's hidden hand are drawn: {drawn & hidden}"

    ace = page.locator(".bt-hand .bt-card[data-card='Ah']")
    assert ace.get_attribute("aria-label") == "ace of hearts (eso červené), trump"
    assert page.locator(".bt-card[data-card='8a']").get_attribute("aria-label") == "eight of acorns (osma žaludy)"
    assert cards(page, ".bt-trick .bt-card") == ["Kl"]
    assert "hearts (červené)" in page.locator(".bt-trump").inner_text()
    assert "13" in page.locator(".bt-stock").inner_text() and cards(page, ".bt-stock .bt-card") == ["7l"]
    assert page.locator(".bt-first").count() == 0  # Ben took the first candidate
    assert cards(page, ".bt-out-of-play .bt-card") == ["7h"]  # the exchanged seven
    twenty = page.locator(".bt-melds[data-seat='1']").inner_text()
    assert "twenty (dvacet)" in twenty and "?" in twenty and "Xb" not in twenty  # not yet told
    assert "fifty (padesát)" in page.locator(".bt-melds[data-seat='0']").inner_text()
    assert page.locator(".bt-outcome").count() == 0

    box = page.locator(".bt-notice")
    assert (box.get_attribute("role"), box.get_attribute("aria-live"), box.get_attribute("data-kind")) == \
        ("status", "polite", "refused")
    assert box.inner_text() == REFUSAL and box.locator("svg").count() == 1
    assert page.locator(".bt-prompt").inner_text() == "Your turn: play a card."
    assert page.locator(".bt-deal-code").inner_text().split()[-1] == "CB2-std-4KQ7M2XA"

    lifted = page.locator(".bt-hand .bt-card[data-card='Ah']").bounding_box()
    flat = page.locator(".bt-hand .bt-card[data-card='8a']").bounding_box()
    assert lifted and flat and lifted["y"] < flat["y"] - 5, "legal cards are lifted, not only coloured"


@in_chromium
def test_clicks_send_messages_and_a_busy_table_ignores_them(page: Page) -> None:
    view = example_game().view(0)
    table_ui = play_ui(view, buttons=[{"action": "declare Uh-Oh-Kh-Ah", "label": "Declare", "hint": "h"}],
                       controls=[{"name": "undo", "label": "Undo", "enabled": True},
                                 {"name": "hint", "label": "Hint", "enabled": False}])
    index = show(page, view, table_ui)
    page.click(".bt-hand .bt-card[data-card='8a']")  # not legal: sent anyway, Python explains the refusal
    page.click(".bt-hand .bt-card[data-card='Ah']")
    page.click(".bt-trick .bt-card")  # not a card of the learner's hand: nothing
    page.click(".bt-action[data-action='declare Uh-Oh-Kh-Ah']")
    page.click(".bt-control[data-name='undo']")
    assert page.locator(".bt-control[data-name='hint']").is_disabled()
    assert page.evaluate("sent") == [{"type": "card", "card": "8a"}, {"type": "card", "card": "Ah"},
                                     {"type": "action", "action": "declare Uh-Oh-Kh-Ah"},
                                     {"type": "control", "name": "undo"}]
    update(page, index, ui=table_ui | {"busy": True})
    assert page.locator(".bt-table").get_attribute("aria-busy") == "true"
    page.click(".bt-hand .bt-card[data-card='Ah']")
    page.click(".bt-action")
    assert len(page.evaluate("sent")) == 4, "a busy table sent a message"


@in_chromium
def test_the_hand_is_a_toolbar_for_the_keyboard_and_keeps_the_focus_across_redraws(page: Page) -> None:
    view = example_game().view(0)
    hand = view["deal"]["hand"]
    refused_first = {c: a for c, a in play_ui(view)["clickable"].items() if c != hand[0]}  # its first card refused
    index = show(page, view, play_ui(view) | {"clickable": refused_first})
    tab_stops = page.locator(".bt-hand[data-seat='0'] .bt-card[tabindex='0']")
    assert tab_stops.count() == 1, "the hand is one tab stop (roving tabindex)"
    legal = page.locator(".bt-hand[data-seat='0'] .bt-card.bt-legal")
    assert tab_stops.get_attribute("data-card") == legal.first.get_attribute("data-card"), \
        "the hand's tab stop is its first card that may be played"
    expect(legal.first).to_have_accessible_description(DEFAULT_WORDS["legal_play"])  # said of the card, not in the tree
    page.locator(".bt-hand[data-seat='0'] .bt-card").first.focus()
    for key in ("ArrowRight", "ArrowRight", "ArrowRight", "ArrowLeft"):
        page.keyboard.press(key)
    assert page.evaluate("document.activeElement.dataset.card") == hand[2]
    page.keyboard.press("Enter")
    page.keyboard.press("End")
    page.keyboard.press(" ")
    assert page.evaluate("sent") == [{"type": "card", "card": hand[2]}, {"type": "card", "card": hand[-1]}]

    before = int(page.locator(".bt-table").get_attribute("data-render") or 0)
    shorter = view | {"deal": view["deal"] | {"hand": hand[:5]}}
    update(page, index, view=shorter, ui=play_ui(view, caption="Ben plays."))
    assert int(page.locator(".bt-table").get_attribute("data-render") or 0) == before + 1, "one redraw per update"
    new_stop = next(card for card in hand[:5] if card in play_ui(view)["clickable"])
    assert page.evaluate("document.activeElement.dataset.card") == new_stop, \
        "in a new hand the focus goes to its first card that may be played"
    assert page.evaluate("document.activeElement.tabIndex") == 0
    page.keyboard.press("ArrowLeft")  # in the same hand, the focus stays where the arrow keys put it
    moved = page.evaluate("document.activeElement.dataset.card")
    update(page, index, ui=play_ui(view, caption="A hint."))
    assert page.evaluate("document.activeElement.dataset.card") == moved


@in_chromium
def test_in_step_mode_the_arrow_keys_step(page: Page) -> None:
    view = example_game().view(None)
    controls = [{"name": "first", "label": "First", "enabled": False}, {"name": "prev", "label": "Previous",
                "enabled": False}, {"name": "next", "label": "Next", "enabled": True},
                {"name": "last", "label": "Last", "enabled": True}]
    show(page, view, ui(mode="step", me=None, controls=controls, step={"index": 0, "count": 40}))
    assert page.locator(".bt-table").get_attribute("data-mode") == "step"
    assert page.locator(".bt-step").inner_text() == "1 / 40"
    assert page.locator(".bt-control[data-name='next'] svg").count() == 1
    assert page.locator(".bt-control[data-name='next']").get_attribute("aria-label") == "Next"
    page.focus(".bt-table")
    page.keyboard.press("ArrowLeft")  # prev is disabled: nothing
    page.keyboard.press("ArrowRight")
    page.click(".bt-control[data-name='last']")
    assert page.evaluate("sent") == [{"type": "control", "name": "next"}, {"type": "control", "name": "last"}]
    # a spectator sees the forehand (Ben) at the bottom, and both hands as backs
    assert page.locator(".bt-zone-bottom .bt-seat").get_attribute("data-seat") == "1"
    assert page.locator(".bt-hand [data-card]").count() == 0


@in_chromium
def test_choosing_trumps_with_three_players(page: Page) -> None:
    game = Record(game="czech-bulka", players=("Ann", "Ben", "Cyril"), seed=11).start()
    seat = game.to_move
    view = game.view(seat)
    show(page, view, ui(me=seat, buttons=[{"action": "take", "label": "Take", "hint": ""},
                                           {"action": "pass", "label": "Pass", "hint": ""}]))
    out = page.locator(".bt-seat.bt-out")
    assert out.get_attribute("data-seat") == str(view["sitting_out"])
    assert "pauzíruje" in out.locator(".bt-role").inner_text()
    assert page.locator(".bt-table").get_attribute("data-phase") == "trump"
    assert cards(page, ".bt-first .bt-card") == [view["deal"]["first_candidate"]]
    assert cards(page, ".bt-stock .bt-card") == [view["deal"]["stock_top"]]
    for s in view["deal"]["dokup_face_down"]:
        assert page.locator(f".bt-dokup[data-seat='{s}'] .bt-back").count() == 3
    assert page.locator(".bt-trump").count() == 0 and page.locator(".bt-offer").count() == 1
    assert cards(page, f".bt-hand[data-seat='{seat}'] .bt-card") == view["deal"]["hand"]
    assert page.locator(".bt-action").all_inner_texts() == ["Take", "Pass"]


@in_chromium
def test_a_finished_deal_shows_its_outcome_and_last_trick(page: Page) -> None:
    game = example_game(EXAMPLE_ACTIONS + ("play Kh",))
    while game.deals[-1].outcome is None:
        game.apply(game.legal_actions()[0])
    view = game.view(0) | {"deal": deal_view(game.deals[-1], 0)}
    show(page, view, ui())
    outcome = page.locator(".bt-outcome")
    assert outcome.count() == 1 and page.locator(".bt-table").get_attribute("data-phase") == "over"
    winner = view["players"][view["deal"]["outcome"]["winner"]]
    assert f"{winner} wins" in outcome.inner_text()
    assert cards(page, ".bt-last-trick .bt-card") == view["deal"]["tricks"][-1]["cards"]
    assert page.locator(".bt-points[data-seat='0']").count() == 1


@in_chromium
def test_a_static_picture_draws_only_the_cards_it_is_given(page: Page) -> None:
    hearts = ["7h", "8h", "9h", "Xh", "Uh", "Oh", "Kh", "Ah"]
    show(page, {"deal": {"open_hands": {"0": hearts}}}, ui(mode="static", me=None, highlight=["Oh"],
                                                          caption="The hearts, low to high."))
    assert page.locator(".bt-table").get_attribute("data-mode") == "static"
    assert cards(page, ".bt-hand[data-seat='0'] .bt-card") == hearts
    assert cards(page, ".bt-card.bt-highlight") == ["Oh"]
    assert page.locator(".bt-seat, .bt-stock, .bt-bank, .bt-outcome").count() == 0
    assert page.locator(".bt-caption").inner_text() == "The hearts, low to high."
    images = page.locator(".bt-card img").evaluate_all("imgs => imgs.map(i => i.complete && i.naturalWidth > 0)")
    assert images == [True] * 8, "every card picture loads"


@in_chromium
def test_a_notice_is_announced_once_and_again_when_its_id_changes(page: Page) -> None:
    view = example_game().view(0)
    notice = {"kind": "refused", "text": REFUSAL, "id": 1}
    index = show(page, view, play_ui(view, notice=notice))
    page.evaluate("""() => {
      window.noticeChanges = 0;
      new MutationObserver(() => { window.noticeChanges += 1; })
        .observe(document.querySelector('.bt-notice'), {childList: true, subtree: true, characterData: true});
    }""")
    update(page, index, ui=play_ui(view, notice=notice, busy=True))  # a redraw with the same notice
    update(page, index, ui=play_ui(view, notice=notice))
    assert page.evaluate("noticeChanges") == 0, "the same notice was written again (screen readers repeat it)"
    emptied = page.evaluate("""async ([i, ui]) => {
      models[i].set('ui', ui);
      await Promise.resolve();  // after the redraw, before the region is filled again
      return document.querySelector('.bt-notice').textContent;
    }""", [index, play_ui(view, notice=notice | {"id": 2})])  # the same refusal once more
    assert emptied == "", "the live region is emptied first, so that the same words are announced again"
    expect(page.locator(".bt-notice")).to_have_text(REFUSAL)
    update(page, index, ui=play_ui(view, notice=None))
    assert page.locator(".bt-notice").inner_text() == ""
    assert page.locator(".bt-notice").get_attribute("data-kind") == "none"


@in_chromium
def test_a_table_in_a_narrow_output_area_keeps_the_hand_on_the_felt(page: Page) -> None:
    """The layout follows the table's own width (a JupyterLab output area beside the file browser), not the window's."""
    game = Record(game="czech-bulka", players=("Ann", "Ben"), dealer=0, decks=(EXAMPLE_DECK,),
                  actions=("pass", "take", "exchange")).replay()  # Ann takes hearts; Ben's šíbr: a 9-card hand each
    view = game.view(0)
    page.evaluate("document.body.style.width = '660px'")  # the window stays 1100 px wide
    show(page, view, play_ui(view))
    felt = page.locator(".bt-felt").bounding_box()
    hand = [c.bounding_box() for c in page.locator(".bt-hand[data-seat='0'] .bt-card").all()]
    assert felt and len(hand) == len(view["deal"]["hand"]) >= 9
    assert all(c and felt["x"] <= c["x"] and c["x"] + c["width"] <= felt["x"] + felt["width"] for c in hand), \
        "a card of the hand runs past the felt"

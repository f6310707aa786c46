"""The art of the Italian (Trappola) and French (Bouillotte) packs: ``widgets/art_italian.js``, ``art_french.js``.

Each file defines one object, ``ITALIAN_ART`` / ``FRENCH_ART``, that the dispatcher by pack calls: its suits
and ranks in order, and for each card code a face (an SVG document), a back, and an accessible label.
Chromium draws every card of both packs once (one browser for the module, each page closed) and the tests
check what a learner would notice: every face a picture that decodes, each different from the others, the
corners showing the card's rank and suit letter, labels naming the card in English and then in the pack's
language, four suits in four colours apart in lightness. The files are joined with ``cards.js`` and
``table.js`` into one module, so each must declare only its one top-level name.
"""
from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
WIDGETS = ROOT / "widgets"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

PACKS = {
    "italian": {"file": "art_italian.js", "name": "ITALIAN_ART", "suits": ["s", "c", "d", "b"],
                "ranks": ["2", "7", "8", "9", "X", "F", "C", "R", "A"]},
    "french": {"file": "art_french.js", "name": "FRENCH_ART", "suits": ["c", "d", "h", "s"],
               "ranks": ["7", "8", "9", "X", "J", "Q", "K", "A"]},
}

# Everything the tests look at, gathered in the browser in one pass per pack.
COLLECT = """
async (name) => {
  const art = window[name];
  const parse = (svg) => new DOMParser().parseFromString(svg, "image/svg+xml");
  const broken = (doc) => doc.getElementsByTagName("parsererror").length > 0
    || doc.documentElement.namespaceURI !== "http://www.w3.org/2000/svg";
  async function picture(svg) {
    const doc = parse(svg);
    const img = new Image();
    img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
    let decoded = true;
    try { await img.decode(); } catch (error) { decoded = false; }
    const root = doc.documentElement;
    return {
      svg, broken: broken(doc), decoded, width: img.naturalWidth, height: img.naturalHeight,
      viewBox: root.getAttribute("viewBox"), attrWidth: root.getAttribute("width"),
      attrHeight: root.getAttribute("height"), xmlns: root.getAttribute("xmlns"),
      texts: [...doc.getElementsByTagName("text")].map((t) => t.textContent.trim()),
    };
  }
  const faces = {};
  for (const s of art.suitOrder) {
    for (const r of art.rankOrder) {
      const code = r + s;
      faces[code] = await picture(art.face(code));
      faces[code].again = art.face(code) === faces[code].svg;
      faces[code].label = art.label(code);
      faces[code].labels = Object.fromEntries(art.suitOrder.map((t) => [t, art.label(code, t)]));
    }
  }
  const shapes = Object.fromEntries(art.suitOrder.map((s) => {
    const doc = parse(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${art.suitShape(s)}</svg>`);
    return [s, { text: art.suitShape(s), broken: broken(doc), elements: doc.documentElement.children.length }];
  }));
  return {
    keys: Object.keys(art).sort(), id: art.id, suits: art.suits, ranks: art.ranks,
    suitOrder: [...art.suitOrder], rankOrder: [...art.rankOrder], faces, shapes,
    back: await picture(art.back()), backAgain: art.back() === art.back(),
    frozen: Object.isFrozen(art) && Object.isFrozen(art.suits) && Object.isFrozen(art.ranks),
    strangers: ["Uh", "Zz", "A", "", "Ass"].map((code) => [code, art.face(code), art.label(code, "h")]),
  };
}
"""


def _module_source(*names: str) -> str:
    """Files of ``widgets/`` joined as the widget joins them; ``table.js``'s export made a global."""
    texts = [(WIDGETS / name).read_text(encoding="utf-8") for name in names]
    return "\n".join(text.replace("export default", "window.btWidget =", 1) for text in texts)


def _collect() -> dict[str, Any]:
    result: dict[str, Any] = {"errors": []}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            for pack, spec in PACKS.items():
                page = browser.new_page()
                page.on("pageerror", lambda error: result["errors"].append(str(error)))
                try:
                    page.set_content("<!doctype html><html><head><meta charset='utf-8'></head><body></body></html>")
                    page.add_script_tag(content=_module_source("art_kit.js", spec["file"])
                                        + f"\nwindow.{spec['name']} = {spec['name']};")
                    result[pack] = page.evaluate(COLLECT, spec["name"])
                finally:
                    page.close()
            # The three files joined into one module with the table's: it must evaluate (no name declared twice).
            page = browser.new_page()
            joined: list[str] = []
            page.on("pageerror", lambda error: joined.append(str(error)))
            try:
                page.set_content("<!doctype html><html><head><meta charset='utf-8'></head><body></body></html>")
                page.add_script_tag(type="module", content=_module_source(
                    "art_kit.js", "art_italian.js", "art_french.js", "cards.js", "table.js")
                    + "\nwindow.joined = [typeof ITALIAN_ART, typeof FRENCH_ART, typeof cardFace, typeof btWidget];"
                    + "\nwindow.mariasBack = cardBack();")
                try:  # a name declared twice is a SyntaxError: the module never runs, its error is recorded
                    page.wait_for_function("() => window.joined !== undefined", timeout=10_000)
                except PlaywrightTimeout:
                    joined.append("the joined module did not run")
                result["joined"] = page.evaluate("() => window.joined ?? null")
                result["mariasBack"] = page.evaluate("() => window.mariasBack ?? null")
            finally:
                page.close()
            result["joinedErrors"] = joined
        finally:
            browser.close()
    return result


@pytest.fixture(scope="module")
def drawn() -> dict[str, Any]:
    """Both packs drawn in Chromium, in a thread of its own (the app's browser tests may hold the main one's)."""
    if not CHROMIUM.exists():
        pytest.fail(f"Chromium is not installed at {CHROMIUM}: run `apt-get install -y chromium` "
                    "(scripts/test.sh does it); these tests never download a browser.")
    with ThreadPoolExecutor(max_workers=1) as pool:
        result = pool.submit(_collect).result(timeout=300)
    assert not result["errors"], result["errors"]
    return result


def _lightness(colour: str) -> float:
    """CIELAB L* of an sRGB ``#rrggbb``."""
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    f = y ** (1 / 3) if y > 216 / 24389 else (24389 / 27 * y + 16) / 116
    return 116 * f - 16


# --- the interface the dispatcher relies on --------------------------------------------------------------

@pytest.mark.parametrize("pack", PACKS)
def test_each_pack_has_the_shared_interface_in_its_order(drawn: dict[str, Any], pack: str) -> None:
    art, spec = drawn[pack], PACKS[pack]
    assert art["keys"] == sorted(["id", "suits", "ranks", "suitOrder", "rankOrder", "suitShape", "face", "back",
                                  "label"])
    assert art["id"] == pack
    assert art["suitOrder"] == spec["suits"] and sorted(art["suits"]) == sorted(spec["suits"])
    assert art["rankOrder"] == spec["ranks"] and sorted(art["ranks"]) == sorted(spec["ranks"])
    for suit in art["suits"].values():
        assert set(suit) == {"name", "english", "main", "dark", "pale"}
        assert all(re.fullmatch(r"#[0-9A-Fa-f]{6}", suit[key]) for key in ("main", "dark", "pale"))
    assert all(set(rank) == {"name", "english", "corner"} for rank in art["ranks"].values())
    assert art["frozen"], "the shared tables cannot be changed by a caller"


NAMES = {
    "italian": ({"s": ("spade", "swords"), "c": ("coppe", "cups"), "d": ("denari", "coins"),
                 "b": ("bastoni", "batons")},
                ["due", "sette", "otto", "nove", "dieci", "fante", "cavallo", "re", "asso"]),
    "french": ({"c": ("trèfle", "clubs"), "d": ("carreau", "diamonds"), "h": ("cœur", "hearts"),
                "s": ("pique", "spades")},
               ["sept", "huit", "neuf", "dix", "valet", "dame", "roi", "as"]),
}


@pytest.mark.parametrize("pack", PACKS)
def test_suits_and_ranks_are_named_in_the_packs_own_words(drawn: dict[str, Any], pack: str) -> None:
    art = drawn[pack]
    suits, ranks = NAMES[pack]
    assert {s: (v["name"], v["english"]) for s, v in art["suits"].items()} == suits
    assert [art["ranks"][r]["name"] for r in art["rankOrder"]] == ranks
    printed = {"french": {"X": "10"}}.get(pack, {})  # French cards print their ten as 10
    assert [art["ranks"][r]["corner"] for r in art["rankOrder"]] == [printed.get(r, r) for r in art["rankOrder"]]


@pytest.mark.parametrize("pack", PACKS)
def test_every_face_is_an_svg_picture_that_decodes(drawn: dict[str, Any], pack: str) -> None:
    faces = drawn[pack]["faces"]
    assert len(faces) == len(PACKS[pack]["suits"]) * len(PACKS[pack]["ranks"])  # 36 Italian, 32 French
    for code, face in faces.items():
        assert not face["broken"], f"{code}: the face does not parse as SVG"
        assert face["xmlns"] == "http://www.w3.org/2000/svg"
        assert (face["viewBox"], face["attrWidth"], face["attrHeight"]) == ("0 0 100 160", "200", "320"), code
        assert face["decoded"] and face["width"] > 0 and face["height"] > 0, f"{code}: the <img> shows nothing"
        assert face["again"], f"{code}: face() gave two different strings"


@pytest.mark.parametrize("pack", PACKS)
def test_every_face_differs_from_every_other_and_from_the_back(drawn: dict[str, Any], pack: str) -> None:
    svgs = [face["svg"] for face in drawn[pack]["faces"].values()]
    assert len(set(svgs)) == len(svgs)
    assert drawn[pack]["back"]["svg"] not in svgs


@pytest.mark.parametrize("pack", PACKS)
def test_both_corners_show_the_rank_and_the_suit_letter(drawn: dict[str, Any], pack: str) -> None:
    ranks = drawn[pack]["ranks"]
    for code, face in drawn[pack]["faces"].items():
        corner, suit = ranks[code[0]]["corner"], code[1]
        assert face["texts"].count(corner) >= 2 and face["texts"].count(suit) >= 2, (code, face["texts"])


LABELS = {
    "italian": {
        ("As", None): "ace of swords (asso di spade)",
        ("Rc", None): "king of cups (re di coppe)",
        ("Fd", None): "knave of coins (fante di denari)",
        ("2b", None): "two of batons (due di bastoni)",
        ("Cs", None): "knight of swords (cavallo di spade)",
        ("Xc", None): "ten of cups (dieci di coppe)",
        ("7d", None): "seven of coins (sette di denari)",
        ("8b", None): "eight of batons (otto di bastoni)",
        ("9s", None): "nine of swords (nove di spade)",
        ("Xc", "c"): "ten of cups (dieci di coppe), trump",
        ("Xc", "s"): "ten of cups (dieci di coppe)",
    },
    "french": {
        ("As", None): "ace of spades (as de pique)",
        ("Qc", None): "queen of clubs (dame de trèfle)",
        ("Xd", None): "ten of diamonds (dix de carreau)",
        ("Jh", None): "jack of hearts (valet de cœur)",
        ("Kh", None): "king of hearts (roi de cœur)",
        ("7c", None): "seven of clubs (sept de trèfle)",
        ("8d", None): "eight of diamonds (huit de carreau)",
        ("9s", None): "nine of spades (neuf de pique)",
        ("Kh", "h"): "king of hearts (roi de cœur), trump",
        ("Kh", "s"): "king of hearts (roi de cœur)",
    },
}


@pytest.mark.parametrize("pack", PACKS)
def test_labels_name_the_card_in_english_then_in_the_packs_language(drawn: dict[str, Any], pack: str) -> None:
    faces = drawn[pack]["faces"]
    for (code, trump), expected in LABELS[pack].items():
        assert (faces[code]["label"] if trump is None else faces[code]["labels"][trump]) == expected
    labels = [face["label"] for face in faces.values()]
    assert len(set(labels)) == len(labels)
    for code, face in faces.items():
        for trump, label in face["labels"].items():
            assert label == face["label"] + (", trump" if trump == code[1] else "")


@pytest.mark.parametrize("pack", PACKS)
def test_four_suits_in_four_colours_apart_in_lightness(drawn: dict[str, Any], pack: str) -> None:
    """Colour is one cue of three (shape, colour, letter): the four main colours differ, and in lightness too,
    so that they stay apart for a reader who sees no hue difference."""
    suits = drawn[pack]["suits"]
    mains = [suits[s]["main"].lower() for s in PACKS[pack]["suits"]]
    assert len(set(mains)) == 4
    for a, b in combinations(mains, 2):
        assert abs(_lightness(a) - _lightness(b)) >= 10, (a, b)
    shapes = drawn[pack]["shapes"]
    assert len({shape["text"] for shape in shapes.values()}) == 4
    assert all(not shape["broken"] and shape["elements"] > 0 for shape in shapes.values())


@pytest.mark.parametrize("pack", PACKS)
def test_the_back_is_a_picture_of_its_own(drawn: dict[str, Any], pack: str) -> None:
    back = drawn[pack]["back"]
    assert not back["broken"] and back["decoded"] and back["width"] > 0
    assert back["viewBox"] == "0 0 100 160" and back["texts"] == []
    assert drawn[pack]["backAgain"]
    others = {drawn[p]["back"]["svg"] for p in PACKS if p != pack} | {drawn["mariasBack"]}
    assert back["svg"] not in others


@pytest.mark.parametrize("pack", PACKS)
def test_a_code_of_another_pack_draws_nothing_and_is_named_as_given(drawn: dict[str, Any], pack: str) -> None:
    """A Mariáš under (Uh) is no card of either pack: no face, and the label is the code itself."""
    assert drawn[pack]["strangers"] == [[code, "", code] for code in ["Uh", "Zz", "A", "", "Ass"]]


# --- joining the files into the table's module ----------------------------------------------------------

TOP_LEVEL = re.compile(r"^(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:const|let|var|function\*?|class)\s+"
                       r"([A-Za-z_$][\w$]*)", re.MULTILINE)


def _top_level_names(text: str) -> list[str]:
    return TOP_LEVEL.findall(text)


@pytest.mark.parametrize("pack", PACKS)
def test_each_file_declares_only_its_one_top_level_name(pack: str) -> None:
    text = (WIDGETS / PACKS[pack]["file"]).read_text(encoding="utf-8")
    assert not re.search(r"^\s*(?:export|import)\b|\bimport\s*\(", text, re.MULTILINE), "no import or export"
    assert _top_level_names(text) == [PACKS[pack]["name"]]
    # Nothing else at column 0 but comments, blank lines and the object's closing.
    code = [line for line in text.splitlines() if line and not line[0].isspace() and not line.startswith("//")]
    assert code[0].startswith(f"const {PACKS[pack]['name']} =") and code[1:] == ["})();"], code
    taken = set(_top_level_names((WIDGETS / "cards.js").read_text(encoding="utf-8"))
                + _top_level_names((WIDGETS / "table.js").read_text(encoding="utf-8")))
    assert len(taken) > 20, "the regex must find the other files' names"
    assert PACKS[pack]["name"] not in taken


def test_the_files_join_with_cards_and_table_into_one_module_that_runs(drawn: dict[str, Any]) -> None:
    assert not drawn["joinedErrors"], drawn["joinedErrors"]
    assert drawn["joined"] == ["object", "object", "function", "object"]

"""Czech Bulka's felt, drawn by this tree's table and by an older commit's: the same pixels, words and labels?

    .venv/bin/python scripts/felt_parity.py [REF] [--width 1100]

REF (default ``3638d99``, the last commit before the neutral layout) supplies the old ``cards.js``,
``table.js`` and ``table.css`` (read with ``git show``); the old module is fed the engine's ``view``,
this tree's the presenter's ``layout``. For each scene (a trick in play, trumps offered to two and to
three players, a finished deal, a spectator's step, open hands, the review panel and a decision in it)
it prints whether the visible text with every ``aria-label`` and ``title`` is the same, and how many
pixels differ. A figure, not a test: the browser tests guard the DOM contract.
"""
from __future__ import annotations

import argparse
import base64
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from playwright.sync_api import Browser, sync_playwright  # noqa: E402
from table_harness import CHROMIUM, CHROMIUM_ARGS, HARNESS  # noqa: E402
from test_table_review import ended_deal  # noqa: E402
from test_widget_assets import EXAMPLE_ACTIONS, example_game  # noqa: E402

from bulka_teach import Record  # noqa: E402
from bulka_teach.czech import presenter  # noqa: E402
from bulka_teach.czech.view import deal_view  # noqa: E402
from bulka_teach.table import Stepper  # noqa: E402
from bulka_teach.table.present import table_ui  # noqa: E402
from bulka_teach.table.widget import front_end, table_module  # noqa: E402

TEXT = """() => [...document.querySelectorAll('[aria-label], [title]')]
  .map(e => `${e.tagName} ${e.getAttribute('aria-label') || ''} | ${e.getAttribute('title') || ''}`).join('\\n')
  + '\\n' + document.querySelector('.bt-table').innerText"""
DIFF = """async ([a, b]) => {
  const load = (src) => new Promise((r) => { const i = new Image(); i.onload = () => r(i); i.src = src; });
  const [x, y] = [await load(a), await load(b)];
  if (x.width !== y.width || x.height !== y.height) return -1;
  const data = (i) => { const k = document.createElement('canvas'); k.width = i.width; k.height = i.height;
    const g = k.getContext('2d'); g.drawImage(i, 0, 0); return g.getImageData(0, 0, i.width, i.height).data; };
  const [p, q] = [data(x), data(y)];
  let n = 0;
  for (let k = 0; k < p.length; k += 4) {
    if (Math.abs(p[k] - q[k]) + Math.abs(p[k + 1] - q[k + 1]) + Math.abs(p[k + 2] - q[k + 2]) > 30) n++;
  }
  return n;
}"""


def scenes() -> list[tuple[str, dict[str, Any], dict[str, Any], int | None]]:
    """(name, view, ui, me) of the scenes compared."""
    found = []
    game = example_game()
    found.append(("a trick in play", game.view(0), table_ui(game.view(0), "play", 0), 0))
    two = Record(game="czech-bulka", players=("Ann", "Ben"), dealer=0, decks=(game.record().decks[0],),
                 actions=EXAMPLE_ACTIONS[:1]).replay()
    found.append(("trumps offered, two players", two.view(0), table_ui(two.view(0), "play", 0), 0))
    three = Record(game="czech-bulka", players=("Ann", "Ben", "Cyril"), seed=11).start()
    found.append(("trumps offered, three players", three.view(three.to_move),
                  table_ui(three.view(three.to_move), "play", three.to_move), three.to_move))
    over = example_game(EXAMPLE_ACTIONS + ("play Kh",))
    while over.deals[-1].outcome is None:
        over.apply(over.legal_actions()[0])
    view = over.view(0) | {"deal": deal_view(over.deals[-1], 0)}
    found.append(("a finished deal", view, table_ui(view, "play", 0), 0))
    for name, open_hands in (("a spectator's step", False), ("open hands", True)):
        stepper = Stepper(game.record(), open_hands=open_hands)
        stepper.go(stepper.count // 2)
        found.append((name, stepper.table.view, stepper.table.ui, None))
    practice = ended_deal()
    practice.control("review")
    found.append(("the review panel", practice.table.view, practice.table.ui, practice.seat))
    practice.table.send_from_browser({"type": "review", "item": 1})
    found.append(("a decision in the review", practice.table.view, practice.table.ui, practice.seat))
    return found


def draw(browser: Browser, width: int, esm: str, css: str, harness: str, data: dict[str, Any],
         ui: dict[str, Any]) -> tuple[str, bytes]:
    page = browser.new_page(viewport={"width": width, "height": 800})
    try:
        page.set_content("<!doctype html><html><head><meta charset='utf-8'></head><body></body></html>")
        page.add_style_tag(content=css)
        page.add_script_tag(content=esm.replace("export default", "window.btWidget =", 1) + harness)
        page.evaluate("([data, ui]) => showTable(data, ui)", [data, ui])
        page.wait_for_timeout(150)
        return page.evaluate(TEXT), page.screenshot(full_page=True)
    finally:
        page.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("ref", nargs="?", default="3638d99")
    parser.add_argument("--width", type=int, default=1100)
    args = parser.parse_args()
    old = {name: subprocess.run(["git", "show", f"{args.ref}:widgets/{name}"], cwd=ROOT, check=True,
                                capture_output=True, text=True).stdout
           for name in ("cards.js", "table.js", "table.css")}
    old_esm = old["cards.js"] + "\n" + old["table.js"]
    old_harness = HARNESS.replace("const state = {felt: layout, ui}", "const state = {view: layout, ui}")
    new_esm, new_css = table_module(), front_end()[1]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_page()
        for name, view, ui, me in scenes():
            old_text, old_png = draw(browser, args.width, old_esm, old["table.css"], old_harness, view, ui)
            new_text, new_png = draw(browser, args.width, new_esm, new_css, HARNESS, presenter.layout(view, me), ui)
            pngs = ["data:image/png;base64," + base64.b64encode(png).decode() for png in (old_png, new_png)]
            pixels = page.evaluate(DIFF, pngs)
            words = "same words and labels" if old_text == new_text else "WORDS OR LABELS DIFFER"
            print(f"{name}: {words}; {'other size' if pixels < 0 else f'{pixels} pixels differ'}")
        browser.close()


if __name__ == "__main__":
    main()

"""What a screen must show of a table, a phone's (390 × 844) above all: checks shared by the practice pages' tests and
the felt's fixtures.

``screen_problems(table)`` measures a drawn table in the page and lists, in words, what a learner would meet: a card
of the hand cut by the screen's edge or left too narrow a strip to tap, a seat plate over another, under the result
box or cut by the felt's edge, the question and its buttons more than a screen away from the hand, a menu or panel of
the practice table wider than the screen.
"""
from __future__ import annotations

from typing import Any

from playwright.sync_api import Locator

PHONE = {"width": 390, "height": 844}
STRIP = 24  # the least width of a card of the hand that the next one leaves to tap
LIFT = 16  # a legal card is drawn lifted by 12 px (15 under the pointer): the hand's top is measured above it

# Boxes in page coordinates (x from the viewport's left, y from the document's top), rounded to the pixel.
_MEASURE = """(table) => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return {x: Math.round(r.left), y: Math.round(r.top + scrollY), right: Math.round(r.right),
            bottom: Math.round(r.bottom + scrollY), text: (el.innerText || el.getAttribute('aria-label') || '')
            .replace(/\\s+/g, ' ').slice(0, 60)};
  };
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const felt = table.querySelector('.bt-felt');
  const f = felt.getBoundingClientRect();
  const left = f.left + felt.clientLeft;
  const inner = {x: Math.round(left), right: Math.round(left + felt.clientWidth)};
  const practice = table.closest('.bt-practice');
  const around = practice ? [...practice.querySelectorAll('select, button, input, label, .widget-label')]
    .filter((el) => !table.contains(el) && shown(el)) : [];
  return {
    width: innerWidth,
    felt: inner,
    hand: [...table.querySelectorAll('.bt-hand.bt-mine .bt-card')].map(box),
    plates: [...table.querySelectorAll('.bt-plate')].filter(shown).map(box),
    outcome: [...table.querySelectorAll('.bt-outcome')].filter(shown).map(box),
    asks: [...table.querySelectorAll('.bt-prompt, .bt-action, .bt-amount')].filter(shown).map(box),
    around: around.map(box),
  };
}"""


def measure(table: Locator) -> dict[str, Any]:
    return table.evaluate(_MEASURE)


def _apart(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Two boxes with at least a pixel between them."""
    return a["right"] < b["x"] or b["right"] < a["x"] or a["bottom"] < b["y"] or b["bottom"] < a["y"]


def screen_problems(table: Locator) -> list[str]:
    """What is wrong with ``table`` on this page's screen, in words (an empty list: nothing)."""
    m = measure(table)
    width, felt, problems = m["width"], m["felt"], []
    for k, card in enumerate(m["hand"]):
        if card["x"] < 0 or card["right"] > width:
            problems.append(f"card {k + 1} of the hand runs off the screen: x {card['x']} to {card['right']}")
        if k + 1 < len(m["hand"]) and m["hand"][k + 1]["x"] - card["x"] < STRIP:
            problems.append(f"card {k + 1} of the hand shows {m['hand'][k + 1]['x'] - card['x']} px to tap")
    for plate in m["plates"]:
        if plate["x"] < felt["x"] or plate["right"] > felt["right"]:
            problems.append(f"the plate {plate['text']!r} is cut by the felt's edge: x {plate['x']} to "
                            f"{plate['right']}, the felt {felt['x']} to {felt['right']}")
    for i, a in enumerate(m["plates"]):
        for b in m["plates"][i + 1:]:
            if not _apart(a, b):
                problems.append(f"the plates {a['text']!r} and {b['text']!r} touch or overlap")
        problems += [f"the result box lies over the plate {a['text']!r}" for box in m["outcome"] if not _apart(a, box)]
    if m["hand"] and m["asks"]:
        top = min(card["y"] for card in m["hand"]) - LIFT
        bottom = max(max(card["bottom"] for card in m["hand"]), max(ask["bottom"] for ask in m["asks"]))
        if bottom - top > PHONE["height"]:
            problems.append(f"the hand and the question with its buttons span {bottom - top} px: more than a screen")
    for part in m["around"]:
        if part["x"] < 0 or part["right"] > width:
            problems.append(f"{part['text']!r} under the table runs off the screen: x {part['x']} to {part['right']}")
    return problems

"""From a seat's view to the table's ``ui`` and ``layout``, knowing no game: the game's presenter does the words.

``presenter(view)`` finds the presenter of the view's game (``bulka_teach.<game>.presenter``: pure
functions ``layout(view, me)``, ``prompt(view)``, ``buttons(view)``, ``card_clicks(view)``); ``table_ui``
and ``table_layout`` ask it. Pure functions of the engine's view (``game.view(seat)``): they read nothing
else, so nothing the seat may not know can reach the table through them.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..registry import game_spec

View = dict[str, Any]


def presenter(view: View) -> Any:
    """The presenter of ``view["game"]`` (its ``GameSpec.presenter``): the one place that maps a game to its words."""
    spec = game_spec(view.get("game", ""))
    if spec.presenter is None:
        raise ValueError(f"{spec.title} has no presenter yet: it cannot be drawn")
    return spec.presenter


def table_layout(view: View, me: int | None) -> dict[str, Any]:
    """The neutral layout (``bulka_teach.layout``) the table draws for ``view``, ``me`` at the bottom."""
    return presenter(view).layout(view, me)


def caption(texts: Iterable[str]) -> str:
    """Log sentences joined into the caption line."""
    return " ".join(t for t in texts if t)


def notice(kind: str, text: str, notice_id: int) -> dict[str, Any]:
    return {"kind": kind, "text": text, "id": notice_id}


def advice_words(view: View, action: str) -> tuple[str, list[str]]:
    """How a hint names an advised ``action``: "play the Ah" with the card to ring, else the button's label."""
    verb, _, card = action.partition(" ")
    words = presenter(view)
    if verb in words.CARD_VERBS:
        return f"{verb} the {card}", [card]
    return words.action_label(action, view)[0], []


def control(name: str, label: str, enabled: bool = True) -> dict[str, Any]:
    return {"name": name, "label": label, "enabled": enabled}


def table_ui(view: View, mode: str, me: int | None, *, caption: str = "", prompt_text: str | None = None,
             notice: dict[str, Any] | None = None, controls: Sequence[dict[str, Any]] = (),
             step: dict[str, int] | None = None, deal_code: str | None = None, interactive: bool = True,
             highlight: Sequence[str] = (), title: str = "", steps: Sequence[str] = (),
             deal_link: bool = False) -> dict[str, Any]:
    """The whole ``ui`` dict for ``view``; ``interactive`` False shows no buttons and no clickable cards;
    ``deal_link``: the page's address with ``?deal=`` and the code deals it (the table offers to copy that link).

    ``steps`` (what happened since the learner last acted, one sentence each) is drawn as a list in place of
    the caption when there are two or more."""
    game = presenter(view) if view.get("deal") is not None else None
    verb, clickable = game.card_clicks(view) if interactive and game else (None, {})
    return {
        "mode": mode,
        "me": me,
        "caption": caption,
        "steps": [t for t in steps if t],
        "prompt": (game.prompt(view) if game else "") if prompt_text is None and interactive else (prompt_text or ""),
        "notice": notice,
        "card_verb": verb,
        "clickable": clickable,
        "buttons": game.buttons(view) if interactive and game else [],
        "controls": list(controls),
        "step": step,
        "deal_code": deal_code,
        "deal_link": deal_link,
        "highlight": list(highlight),
        "busy": False,
        "title": title,
    }

"""Refusals: why the engine will not take an action, as a reason code and a sentence; quoting input in one."""
from __future__ import annotations

import json
from typing import NamedTuple

QUOTED = 32  # characters of the input a sentence quotes at most


class Refusal(NamedTuple):
    """The verdict on an action that is not allowed now.

    ``renonc`` marks a rule error a real table could let happen (a revoke, a false meld):
    with the ``renonc_mode`` house rule such an action is accepted and then punished.
    """

    reason: str
    message: str
    renonc: bool = False


class IllegalAction(ValueError):
    """Raised when an action is refused; the game is left exactly as it was."""

    def __init__(self, refusal: Refusal, action: str) -> None:
        super().__init__(refusal.message)
        self.reason = refusal.reason
        self.message = refusal.message
        self.action = action


class ScenarioError(ValueError):
    """Malformed input to a game or the referee: unknown game, bad card code, bad deck, bad option."""


class DealCodeError(ValueError):
    """A deal code that cannot be read: the message is for the learner; ``detail``, when there is one, is the
    exact reason for a teacher or a test (e.g. the house-rules option a rules id gets wrong)."""

    def __init__(self, message: str, detail: str | None = None) -> None:
        super().__init__(message)
        self.detail = detail if detail is not None else message


def quote(value: object, limit: int = QUOTED) -> str:
    """``value`` (a text, or any JSON value a scenario held) as an error sentence quotes it: at most ``limit``
    characters of it, the unprintable ones escaped, then an ellipsis and its whole length: ``'QQQQ…' (5,000,000
    characters)``. A 5 MB input is answered in a line, not echoed back."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=repr)
    head = text[:limit]
    if not head.isprintable():  # a newline, a control character, a lone surrogate: shown as Python writes it
        head = head.encode("unicode_escape").decode("ascii")
    more = "" if len(text) <= limit else "…"
    shown = f"'{head}{more}'" if isinstance(value, str) else head + more
    return shown + (f" ({len(text):,} characters)" if more else "")

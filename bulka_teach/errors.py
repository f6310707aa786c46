"""Refusals: why the engine will not take an action, as a reason code and a sentence; quoting input in one."""
from __future__ import annotations

from typing import NamedTuple


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



"""The referee: run a scenario (JSON) and report the outcome (JSON). A contract of shared/design.md.

Exit status 0 when every action was applied, 1 at the first refused action (a well-formed action the
rules refuse; everything before it applied), 2 for malformed input (unknown game, bad card code, bad deck,
bad option, an action string that names no action, a file that is not UTF-8 JSON): one line, no traceback.
"""
from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from .errors import IllegalAction, ScenarioError
from .records import Record

OK, REFUSED, MALFORMED = 0, 1, 2


def run_scenario(data: Any) -> tuple[dict[str, Any], int]:
    """The referee's report on a parsed scenario, and the exit status. Raises ScenarioError when malformed."""
    return run_record(Record.from_dict(data))


def run_record(record: Record) -> tuple[dict[str, Any], int]:
    """The referee's report on a scenario read into a Record, and the exit status."""
    game = record.start()
    for index, action in enumerate(record.actions):  # an action string that names no action is malformed input
        malformed = game.unreadable(action)
        if malformed is not None:
            raise ScenarioError(f"action {index} ({action!r}) cannot be read: {malformed.message}")
    steps: list[dict[str, Any]] = []
    error: dict[str, Any] | None = None
    for index, action in enumerate(record.actions):
        seat = game.to_move
        legal = sorted(game.legal_actions())
        try:
            events = game.apply(action)
        except IllegalAction as err:  # a well-formed action the rules refuse now
            error = {"index": index, "action": action, "reason": err.reason, "message": err.message}
            break
        step: dict[str, Any] = {"seat": seat, "action": action, "legal": legal}
        renonc = next((e.data["reason"] for e in events if e.kind == "renonc"), None)
        if renonc:
            step["renonc"] = renonc
        steps.append(step)
    result = game.result()
    report: dict[str, Any] = {
        "ok": error is None,
        "steps": steps,
        "deals": result["deals"],
        "bank": result["bank"],
        "streaks": result.get("streaks"),
        "to_move": game.to_move,
        "legal": sorted(game.legal_actions()),
        "log": [game.explain(e, None) for e in game.events],
    }
    for key in game.referee_keys:  # a game's own top-level facts (Trappola: dealer, challenger, …; Bouillotte: dealer)
        report.setdefault(key, result[key])
    if error is not None:
        report["error"] = error
    return report, OK if error is None else REFUSED


def _not_utf8(where: str, exc: UnicodeDecodeError) -> str:
    return (f"cannot read {where}: it is not UTF-8 text (byte 0x{exc.object[exc.start]:02x} at offset {exc.start}); "
            "save the scenario as UTF-8 JSON")


def main(path: str | None, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """Read the scenario from ``path`` (or standard input), print the report, return the exit status."""
    try:
        if path and path != "-":
            try:
                with open(path, encoding="utf-8") as handle:
                    text = handle.read()
            except OSError as exc:
                raise ScenarioError(f"cannot read {path}: {exc.strerror}") from None
            except UnicodeDecodeError as exc:
                raise ScenarioError(_not_utf8(path, exc)) from None
        else:
            try:  # the bytes, decoded here: a locale's error handler would let a stray byte through
                buffer = getattr(sys.stdin, "buffer", None)
                text = buffer.read().decode("utf-8") if buffer is not None else sys.stdin.read()
            except UnicodeDecodeError as exc:
                raise ScenarioError(_not_utf8("standard input", exc)) from None
        report, status = run_record(Record.from_json(text))
    except ScenarioError as exc:
        message = str(exc)
        print(json.dumps({"ok": False, "error": {"reason": "malformed", "message": message}}, ensure_ascii=False),
              file=out)
        print(f"referee: {message}", file=err)
        return MALFORMED
    print(json.dumps(report, ensure_ascii=False, indent=1), file=out)
    return status

"""The referee: run a scenario (JSON) and report the outcome (JSON). A contract of shared/design.md.

Exit status 0 when every action was applied, 1 at the first refused action (a well-formed action the
rules refuse; everything before it applied), 2 for malformed input (unknown game, bad card code, bad deck,
bad option, an action string that names no action, a file that is not UTF-8 JSON, a scenario out of bounds): one
line, no traceback.

Bounds: the scenario is at most ``MAX_INPUT`` bytes and within the records' bounds (nesting, numbers, texts, the
action count: ``records.py``); the report at most ``MAX_OUTPUT`` bytes. The legal actions listed at every step make
most of a long report (Bouillotte names every amount a seat may stake), so the run stops as soon as they pass it.
"""
from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from .errors import IllegalAction, ScenarioError
from .quoting import quote
from .records import Record

OK, REFUSED, MALFORMED = 0, 1, 2
MAX_INPUT = 1 << 20  # bytes of a scenario (1 MiB): ten thousand actions and a thousand decks take a third of it
MAX_OUTPUT = 16 << 20  # bytes of a report (16 MiB): a long Czech session's is a few MiB


def run_scenario(data: Any) -> tuple[dict[str, Any], int]:
    """The referee's report on a parsed scenario, and the exit status. Raises ScenarioError when malformed."""
    return run_record(Record.from_dict(data))


def run_record(record: Record) -> tuple[dict[str, Any], int]:
    """The referee's report on a scenario read into a Record, and the exit status."""
    game = record.start()
    for index, action in enumerate(record.actions):  # an action string that names no action is malformed input
        malformed = game.unreadable(action)
        if malformed is not None:
            raise ScenarioError(f"action {index} ({quote(action)}) cannot be read: {malformed.message}")
    steps: list[dict[str, Any]] = []
    error: dict[str, Any] | None = None
    listed = 0  # the characters the steps' legal lists will print, at the least
    for index, action in enumerate(record.actions):
        seat = game.to_move
        legal = sorted(game.legal_actions())
        listed += sum(len(a) + 7 for a in legal)  # each on a line of its own: indent 4, quotes, comma, newline
        if listed > MAX_OUTPUT:
            raise _too_long(f"the legal actions listed at its first {index + 1:,} steps alone pass it")
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


def _too_long(why: str) -> ScenarioError:
    return ScenarioError(f"the report would be longer than the referee's {MAX_OUTPUT >> 20} MiB ({why}): split the "
                         "scenario into shorter ones, or start it with fewer chips")


def report_text(report: dict[str, Any]) -> str:
    """The report as the referee prints it; ScenarioError when it is longer than ``MAX_OUTPUT`` bytes."""
    text = json.dumps(report, ensure_ascii=False, indent=1)
    size = len(text.encode("utf-8"))
    if size > MAX_OUTPUT:
        raise _too_long(f"{size:,} bytes")
    return text


def read_input(path: str | None) -> str:
    """The scenario's text, from ``path`` or standard input (None or '-'): UTF-8, at most ``MAX_INPUT`` bytes."""
    where = path if path and path != "-" else "standard input"
    try:
        if path and path != "-":
            with open(path, "rb") as handle:
                data = handle.read(MAX_INPUT + 1)
        else:  # the bytes, decoded here: a locale's error handler would let a stray byte through
            buffer = getattr(sys.stdin, "buffer", None)
            if buffer is not None:
                data = buffer.read(MAX_INPUT + 1)
            else:  # a text stream (a test's): its characters, as UTF-8
                data = sys.stdin.read(MAX_INPUT + 1).encode("utf-8", "surrogatepass")
    except OSError as exc:
        raise ScenarioError(f"cannot read {where}: {exc.strerror}") from None
    if len(data) > MAX_INPUT:
        raise _too_big(where)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ScenarioError(_not_utf8(where, exc)) from None


def _too_big(where: str) -> ScenarioError:
    return ScenarioError(f"{where} holds more than the {MAX_INPUT >> 20} MiB a scenario may have: split it into "
                         "shorter scenarios")


def _not_utf8(where: str, exc: UnicodeDecodeError) -> str:
    return (f"cannot read {where}: it is not UTF-8 text (byte 0x{exc.object[exc.start]:02x} at offset {exc.start}); "
            "save the scenario as UTF-8 JSON")


def main(path: str | None, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """Read the scenario from ``path`` (or standard input), print the report, return the exit status."""
    try:
        report, status = run_record(Record.from_json(read_input(path)))
        text = report_text(report)
    except ScenarioError as exc:
        message = str(exc)
        print(json.dumps({"ok": False, "error": {"reason": "malformed", "message": message}}, ensure_ascii=False),
              file=out)
        print(f"referee: {message}", file=err)
        return MALFORMED
    print(text, file=out)
    return status

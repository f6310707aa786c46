"""House rules: a frozen dataclass per game, validated from JSON, with a short rules id.

Each option is declared with ``option(default, key, help, choices=…)``. The rules id lists
the options that differ from their defaults (``std`` when none do), e.g. ``s20.m1``:
stake 20 and the second choice of ``meld_scope``.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, ClassVar, TypeVar

from .errors import ScenarioError
from .quoting import foreign_digit, foreign_digit_text, quote, whole_number

R = TypeVar("R", bound="HouseRules")
STANDARD = "std"


def option(default: Any, key: str, help: str, choices: tuple[str, ...] = (), low: int = 0, high: int = 10**6,
           label: str = "", choice_labels: Mapping[str, str] | None = None) -> Any:
    """Declare one house rule: its default, one-letter key for the rules id, a sentence, its values, and the
    words the house-rules panel shows for it (``label``) and for each of its choices (``choice_labels``)."""
    return dataclasses.field(default=default, metadata={"key": key, "help": help, "choices": choices,
                                                         "low": low, "high": high, "label": label,
                                                         "choice_labels": dict(choice_labels or {})})


@dataclasses.dataclass(frozen=True)
class HouseRules:
    """Base of each game's rules dataclass."""

    panel_title: ClassVar[str] = "House rules"  # the heading of the house-rules panel

    @classmethod
    def options(cls) -> list[dataclasses.Field]:
        return list(dataclasses.fields(cls))

    @classmethod
    def from_dict(cls: type[R], values: Mapping[str, Any] | None) -> R:
        """Rules from a JSON object of overrides; a ScenarioError names a bad option or value."""
        if not values:
            return cls()  # the defaults: nothing to check (every fresh table of the benchmarks, the app's "std")
        values = dict(values)
        if not isinstance(values, dict):
            raise ScenarioError("'rules' must be an object of option names and values")
        known = {f.name: f for f in cls.options()}
        kwargs = {}
        for name, value in values.items():
            f = known.get(name)
            if f is None:
                raise ScenarioError(f"unknown house rule {quote(name)}; the options are {', '.join(known)}")
            kwargs[name] = _checked(f, value)
        return cls(**kwargs)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @property
    def rules_id(self) -> str:
        parts = []
        for f in self.options():
            value = getattr(self, f.name)
            if value == f.default:
                continue
            if isinstance(value, bool):
                parts.append(f"{f.metadata['key']}{int(value)}")
            elif f.metadata["choices"]:
                parts.append(f"{f.metadata['key']}{f.metadata['choices'].index(value)}")
            else:
                parts.append(f"{f.metadata['key']}{value}")
        return ".".join(parts) or STANDARD

    @classmethod
    def from_id(cls: type[R], rules_id: str) -> R:
        """Rules back from a rules id; ValueError with a sentence when it cannot be read."""
        if rules_id == STANDARD:
            return cls()
        by_key = {f.metadata["key"]: f for f in cls.options()}
        shown = quote(rules_id)
        digit = foreign_digit(rules_id)
        if digit is not None:
            raise ValueError(f"{shown} is not a rules id: {foreign_digit_text(digit)}")
        values: dict[str, Any] = {}
        for part in rules_id.split("."):
            f = by_key.get(part[:1])
            number = whole_number(part[1:])
            if f is None or number is None:
                raise ValueError(f"{shown} is not a rules id: {quote(part)} names no house rule")
            if f.metadata["choices"]:
                if number >= len(f.metadata["choices"]):
                    raise ValueError(f"{shown} is not a rules id: {f.name} has no choice {number}")
                values[f.name] = f.metadata["choices"][number]
            elif isinstance(f.default, bool):
                values[f.name] = bool(number)
            else:
                values[f.name] = number
        try:
            rules = cls.from_dict(values)
        except ScenarioError as err:
            raise ValueError(f"{shown} is not a rules id: {err}") from None
        if rules.rules_id != rules_id:  # one id per set of rules: defaults left out, each option once, in order
            raise ValueError(f"{shown} is not a rules id in its standard form; write {quote(rules.rules_id)}")
        return rules

    def describe(self) -> list[dict[str, Any]]:
        """Each option with its value, default, allowed values and sentence: the house-rules panel."""
        return [{"name": f.name, "value": getattr(self, f.name), "default": f.default, "help": f.metadata["help"],
                 "choices": list(f.metadata["choices"]) or ([False, True] if isinstance(f.default, bool) else None),
                 "label": f.metadata["label"] or f.name, "choice_labels": f.metadata["choice_labels"],
                 "low": f.metadata["low"], "high": f.metadata["high"]}
                for f in self.options()]


def _checked(f: dataclasses.Field, value: Any) -> Any:
    meta = f.metadata
    if isinstance(f.default, bool):
        if not isinstance(value, bool):
            raise ScenarioError(f"house rule {f.name!r} is true or false, not {quote(value)}")
    elif meta["choices"]:
        if value not in meta["choices"]:
            raise ScenarioError(f"house rule {f.name!r} is one of {', '.join(meta['choices'])}, not {quote(value)}")
    elif isinstance(f.default, int):
        if isinstance(value, bool) or not isinstance(value, int) or not meta["low"] <= value <= meta["high"]:
            raise ScenarioError(f"house rule {f.name!r} is a whole number from {meta['low']} to {meta['high']}, "
                                f"not {quote(value)}")
    return value

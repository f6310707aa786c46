"""Shuffling, deck sources and deal codes.

The state machines never shuffle: they ask for a deck, and a ``DeckSource`` supplies the
stacked decks of a scenario first, then decks shuffled from a seed.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from .cards import Card, CardError, Pack
from .errors import DealCodeError, ScenarioError
from .quoting import foreign_digit, foreign_digit_text, quote, whole_number
from .records import Record
from .registry import GAMES, game_spec, spec_by_tag

_B32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32: no I, L, O, U
_B32_READ = {ch: i for i, ch in enumerate(_B32)} | {"O": 0, "I": 1, "L": 1}
SEED_BITS = 40
SEED_DIGITS = 8  # a 40-bit seed in base 32; a checked code writes its seed in groups of 8 digits, zero-padded
_CHECKED = 4  # parts of a checked code: head, rules id, seed, check character
_GF32_POLY = 0b100101  # x^5 + x^2 + 1, primitive: the check's field GF(32)
_EXAMPLE = "CB2-std-4KQ7M2XA-N"  # the README's example code, with its check character
LONGEST_CODE = 64  # characters: a checked code of a 160-bit seed with a long rules id; the app's are 18

#: what the learner is told when a code has a typo: what is wrong and what to do, in plain words
TYPO = ("{code} has a typo: a character of it is wrong, missing or extra, or two are swapped. Copy the code "
        "again exactly as it was given to you (it looks like {example})")


def shuffled(cards: Sequence[Card], rng: random.Random) -> list[Card]:
    """A shuffled copy: the cards sorted by a random key each.

    Built on ``rng.random()`` alone, whose sequence Python keeps stable, so a seed deals the
    same deck on every Python version.
    """
    # one key per card, drawn in pack order: ``next`` on an endless iterator of ``rng.random()``, called from C
    # without a Python frame per card (the same keys as ``key=lambda _card: rng.random()``)
    return sorted(cards, key=partial(next, iter(rng.random, None)))


def new_seed() -> int:
    """A fresh random seed, short enough for an 8-character deal code."""
    return random.SystemRandom().getrandbits(SEED_BITS)


class DeckSource:
    """Supplies the deck of each deal in turn: the stacked decks, then decks shuffled from ``seed``."""

    def __init__(self, pack: Pack, decks: Sequence[Sequence[Card]] = (), seed: int | None = None) -> None:
        self.pack = pack
        self.stacked = [list(deck) for deck in decks]
        self.seed = seed
        self.rng = random.Random(seed) if seed is not None else None  # also for a game's own draws (the cut)
        self.used = 0

    @classmethod
    def from_codes(cls, pack: Pack, decks: Sequence[Sequence[str]], seed: int | None) -> DeckSource:
        """A record's decks (card codes of ``pack``) and seed; a deck that is not the whole pack is a ScenarioError."""
        try:
            return cls(pack, [pack.deck(list(deck)) for deck in decks], seed)
        except CardError as err:
            raise ScenarioError(f"bad deck: {err}") from None

    def next_deck(self) -> list[Card] | None:
        """The next deck, or None when the stacked decks ran out and there is no seed."""
        if self.used < len(self.stacked):
            deck = list(self.stacked[self.used])
        elif self.rng is not None:
            deck = shuffled(self.pack.cards, self.rng)
        else:
            return None
        self.used += 1
        return deck


def encode_seed(seed: int) -> str:
    if seed < 0:
        raise DealCodeError("a seed is a whole number of 0 or more")
    digits = []
    while True:
        seed, r = divmod(seed, 32)
        digits.append(_B32[r])
        if not seed:
            return "".join(reversed(digits))


def decode_seed(text: str) -> int:
    if not text:
        raise DealCodeError("the seed part of the deal code is empty")
    value = 0
    for ch in text:
        digit = _B32_READ.get(ch.upper()) if ch.isascii() else None  # "ß".upper() is "SS": no other script's letters
        if digit is None:
            raise DealCodeError(f"{quote(ch)} cannot appear in the last part of a deal code, which is made of digits "
                                "and letters; U is never one of them")
        value = value * 32 + digit
    return value


def _times_x(value: int) -> int:
    """``value`` times x in GF(32)."""
    value <<= 1
    return value ^ _GF32_POLY if value & 32 else value


def check_character(body: str) -> str:
    """The check character of a code's ``body`` (``CB2-std-4KQ7M2XA``): the body's characters as elements of
    GF(32) (a seed digit its value, any other character its code point's low five bits), each weighted by its
    own power of x (Horner's rule; x has order 31, so neighbours never share a weight). A different field
    element in one place, or two different neighbours swapped, always changes it; a character dropped or added
    is caught by the seed's width, always a multiple of ``SEED_DIGITS`` (``DealCode.parse``)."""
    value = 1
    for ch in body.upper():
        if ch == "-":
            continue
        value = _times_x(value) ^ _B32_READ.get(ch, ord(ch) & 31)
    return _B32[value]


@dataclass(frozen=True)
class DealCode:
    """A short code naming a deal: game, number of players, house rules and seed.

    Printed as ``CB2-std-4KQ7M2XA-N``: game tag and players, rules id, seed in base 32 (zero-padded to a
    multiple of ``SEED_DIGITS`` digits: 8 for every seed the app makes), and a check character, so that a
    mistyped code is answered "this code has a typo" rather than dealt as another deal. Codes printed before
    the check (``CB2-std-4KQ7M2XA``, ``CB2-std-7``: up to 8 seed digits) still read.
    """

    game: str
    players: int
    rules_id: str
    seed: int

    def __str__(self) -> str:
        return f"{self.body}-{check_character(self.body)}"

    @property
    def body(self) -> str:
        """The code without its check character (the seed in whole groups of ``SEED_DIGITS`` digits)."""
        digits = encode_seed(self.seed)
        width = -(-len(digits) // SEED_DIGITS) * SEED_DIGITS
        return f"{game_spec(self.game).tag}{self.players}-{self.rules_id}-{digits.rjust(width, '0')}"

    def record(self, players: Sequence[str]) -> Record:
        """A record that starts this deal for these players (the cut, then every deck, from the seed)."""
        if len(players) != self.players:
            raise DealCodeError(f"deal code {self} is for {self.players} players, not {len(players)}")
        rules = game_spec(self.game).rules_from_id(self.rules_id)
        return Record(game=self.game, players=tuple(players), rules=rules.to_dict(), seed=self.seed)

    @classmethod
    def parse(cls, code: str) -> DealCode:
        """Read a deal code, with its check character or from before it; a DealCodeError says, in the learner's
        words, what is wrong with it (a typo the check catches, a part that reads as nothing)."""
        text = (code or "").strip()
        shown = quote(text, bare=True) if text else quote(code)
        if len(text) > LONGEST_CODE:
            raise DealCodeError(f"{shown} is not a deal code: a deal code is about {len(_EXAMPLE)} characters long, "
                                f"like {_EXAMPLE}. Copy it again exactly as it was given to you")
        unread = _unread_character(text)
        if unread is not None:
            raise DealCodeError(f"{shown} is not a deal code: {unread}. Copy it again exactly as it was given to you")
        parts = text.split("-")
        example = _example(parts[0])
        if len(parts) == _CHECKED:
            head, rules_id, seed_text, check = parts
            if not _checked_shape(seed_text, check) or check_character("-".join(parts[:3])) != check.upper():
                raise DealCodeError(TYPO.format(code=shown, example=example))
        elif len(parts) == _CHECKED - 1:
            head, rules_id, seed_text = parts
            whole, last = seed_text[:-1], seed_text[-1:]
            if _checked_shape(whole, last) and check_character(f"{head}-{rules_id}-{whole}") == last.upper():
                seed_text = whole  # a checked code whose last '-' was dropped
            elif len(seed_text) > SEED_DIGITS:  # codes without a check were printed from 40-bit seeds
                raise DealCodeError(TYPO.format(code=shown, example=example))
        else:
            raise DealCodeError(f"{shown} is not a deal code: a deal code is four parts joined by '-', like "
                                f"{example}. Copy it again exactly as it was given to you")
        spec = spec_by_tag(head[:2].upper())
        if spec is None:
            raise DealCodeError(f"{shown} is not a deal code of any game here: it begins with {quote(head[:2])}, "
                                "and the codes begin with " + ", ".join(f"{s.tag} ({s.title})" for s in GAMES.values())
                                + ". Copy it again exactly as it was given to you")
        players = whole_number(head[2:])
        if players is None:
            raise DealCodeError(f"{shown}: after {spec.tag} comes the number of players, e.g. {spec.tag}2")
        if players not in spec.players:
            raise DealCodeError(f"{shown}: {spec.title} is for {min(spec.players)} to {max(spec.players)} players, "
                                f"and this code says {players}")
        try:
            spec.rules_from_id(rules_id)
        except DealCodeError as err:
            raise DealCodeError(f"{shown} has a typo in its middle part, {quote(rules_id)}, which says the house rules "
                                "(std for the usual ones): this table knows no such house rules. Copy the code again "
                                "exactly as it was given to you", detail=str(err)) from None
        try:
            seed = decode_seed(seed_text)
        except DealCodeError as err:
            raise DealCodeError(f"{shown}: {err}. Copy the code again exactly as it was given to you") from None
        return cls(spec.game, players, rules_id, seed)


def _example(head: str) -> str:
    """A code to show as the example: of the game ``head`` names (a Trappola code for ``TR2``), else the README's."""
    spec = spec_by_tag(head[:2].upper())
    if spec is None:
        return _EXAMPLE
    said = whole_number(head[2:])
    players = said if said is not None and said in spec.players else min(spec.players)
    return str(DealCode(spec.game, players, "std", decode_seed(_EXAMPLE.split("-")[2])))


def _unread_character(text: str) -> str | None:
    """What is wrong with the first character of ``text`` that no deal code holds (a digit of another script, which
    Python's ``int`` would read as a digit; any other character outside ASCII), or None: deal codes are ASCII."""
    digit = foreign_digit(text)
    if digit is not None:
        return f"{foreign_digit_text(digit)}, which deal codes are written with"
    other = next((ch for ch in text if not ch.isascii() or not ch.isprintable()), None)
    if other is None:
        return None
    return (f"{quote(other)} is no character of a deal code, which is written with the letters A to Z, the digits "
            "0 to 9 and '-'")


def _checked_shape(seed_text: str, check: str) -> bool:
    """Whether a seed part and a check character have the shape a checked code gives them: one check character,
    and the seed in whole groups of ``SEED_DIGITS`` digits, no group of leading zeros but for the seed 0."""
    if len(check) != 1 or not seed_text or len(seed_text) % SEED_DIGITS:
        return False
    return len(seed_text) == SEED_DIGITS or seed_text[:SEED_DIGITS].strip("0Oo") != ""

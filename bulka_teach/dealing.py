"""Shuffling, deck sources and deal codes.

The state machines never shuffle: they ask for a deck, and a ``DeckSource`` supplies the
stacked decks of a scenario first, then decks shuffled from a seed.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card, Pack
from .errors import DealCodeError
from .records import Record
from .registry import GAMES, game_spec, spec_by_tag

_B32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32: no I, L, O, U
_B32_READ = {ch: i for i, ch in enumerate(_B32)} | {"O": 0, "I": 1, "L": 1}
SEED_BITS = 40


def shuffled(cards: Sequence[Card], rng: random.Random) -> list[Card]:
    """A shuffled copy: the cards sorted by a random key each.

    Built on ``rng.random()`` alone, whose sequence Python keeps stable, so a seed deals the
    same deck on every Python version.
    """
    rand = rng.random
    return sorted(cards, key=lambda _card: rand())  # one key per card, drawn in pack order


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
    for ch in text.upper():
        if ch not in _B32_READ:
            raise DealCodeError(f"{ch!r} cannot appear in the seed part of a deal code (use 0-9 and A-Z but U)")
        value = value * 32 + _B32_READ[ch]
    return value


@dataclass(frozen=True)
class DealCode:
    """A short code naming a deal: game, number of players, house rules and seed.

    Printed as ``CB2-std-4KQ7M2XA``: game tag and players, rules id, seed in base 32.
    """

    game: str
    players: int
    rules_id: str
    seed: int

    def __str__(self) -> str:
        return f"{game_spec(self.game).tag}{self.players}-{self.rules_id}-{encode_seed(self.seed)}"

    def record(self, players: Sequence[str]) -> Record:
        """A record that starts this deal for these players (the cut, then every deck, from the seed)."""
        if len(players) != self.players:
            raise DealCodeError(f"deal code {self} is for {self.players} players, not {len(players)}")
        rules = game_spec(self.game).rules_from_id(self.rules_id)
        return Record(game=self.game, players=tuple(players), rules=rules.to_dict(), seed=self.seed)

    @classmethod
    def parse(cls, code: str) -> DealCode:
        """Read a deal code; a DealCodeError says what is wrong with it."""
        text = (code or "").strip()
        parts = text.split("-")
        if len(parts) != 3:
            raise DealCodeError(f"{code!r} is not a deal code: it has three parts joined by '-', like CB2-std-4KQ7M2XA")
        head, rules_id, seed_text = parts
        spec = spec_by_tag(head[:2].upper())
        if spec is None:
            raise DealCodeError(f"{code!r}: {head[:2]!r} names no game; the games are "
                                + ", ".join(f"{s.tag} ({s.game})" for s in GAMES.values()))
        try:
            players = int(head[2:])
        except ValueError:
            raise DealCodeError(f"{code!r}: after {spec.tag} comes the number of players, e.g. {spec.tag}2") from None
        if players not in spec.players:
            raise DealCodeError(f"{code!r}: {spec.game} is for {min(spec.players)} to {max(spec.players)} players")
        spec.rules_from_id(rules_id)  # raises DealCodeError when the rules id is unknown
        return cls(spec.game, players, rules_id, decode_seed(seed_text))

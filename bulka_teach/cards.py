"""Cards and packs: the Mariáš, Italian and French packs, card codes and parsing.

A card code is a rank symbol followed by a suit letter (``Oa``, ``Xh``, ``2b``, ``Qc``).
Every pack builds its cards once; a card is a singleton compared by identity.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .quoting import quote


class CardError(ValueError):
    """A card code or a deck that does not fit the pack it is meant for."""


class Card:
    """One card of a pack. ``rank`` and ``suit`` are indexes in the pack's natural order."""

    __slots__ = ("code", "rank", "suit", "index", "pack_name")

    def __init__(self, code: str, rank: int, suit: int, index: int, pack_name: str) -> None:
        self.code = code
        self.rank = rank
        self.suit = suit
        self.index = index
        self.pack_name = pack_name

    # a card stays the one singleton of its pack through copy, deepcopy and pickle
    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict) -> Card:
        return self

    def __reduce__(self) -> tuple:
        return _card, (self.pack_name, self.code)

    def __repr__(self) -> str:
        return self.code

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    # A class that defines ``__lt__`` in Python gets CPython's generic rich comparison, which answers every ``==``
    # and ``!=`` (``card in hand``, ``hand.remove(card)``) by calling object's slot wrapper twice, each with an
    # argument tuple. These two give object's identity answers (NotImplemented for a foreign object, so its own
    # ``__eq__`` still decides) at a fraction of the cost: Card ``==`` Card is the engines' hottest comparison.
    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        return False if other.__class__ is Card else NotImplemented

    def __ne__(self, other: object) -> bool:
        if self is other:
            return False
        return True if other.__class__ is Card else NotImplemented

    __hash__ = object.__hash__  # defining __eq__ would otherwise remove the identity hash


def holds(cards: Sequence[Card], card: Card | None) -> bool:
    """``card in cards``, asked by identity (cards are singletons): the engines' hot paths, where even the fast
    ``Card.__eq__`` is a call per card passed."""
    for held in cards:
        if held is card:
            return True
    return False


def codes(cards: Iterable[Card]) -> list[str]:
    """The cards' codes, in order (for the log: the engines' every deal; a loop is cheaper than a comprehension in
    CPython 3.11)."""
    out = []
    for card in cards:
        out.append(card.code)
    return out


_PACKS: dict[str, Pack] = {}


def _card(pack_name: str, code: str) -> Card:
    return _PACKS[pack_name].card(code)


@dataclass(frozen=True)
class Pack:
    """A pack: rank symbols low to high, suit letters in the pack's suit order, and names.

    ``art`` names the card art the table draws it with ("marias", "italian", "french"): card codes collide
    across packs (``Ab`` is the ace of bells and the ace of batons), so every view says its pack's art.
    """

    name: str
    art: str
    ranks: tuple[str, ...]
    suits: tuple[str, ...]
    rank_names: dict[str, str] = field(compare=False, hash=False)
    suit_names: dict[str, str] = field(compare=False, hash=False)
    cards: tuple[Card, ...] = field(init=False, compare=False, hash=False)
    _by_code: dict[str, Card] = field(init=False, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        cards: list[Card] = []
        for s, suit in enumerate(self.suits):
            for r, rank in enumerate(self.ranks):
                cards.append(Card(rank + suit, r, s, len(cards), self.name))
        object.__setattr__(self, "cards", tuple(cards))
        object.__setattr__(self, "_by_code", {c.code: c for c in cards})
        _PACKS[self.name] = self

    def __len__(self) -> int:
        return len(self.cards)

    def card(self, code: str) -> Card:
        """The card with this code, or a CardError saying what is wrong with the code."""
        found = self._by_code.get(code) if isinstance(code, str) else None
        if found is not None:
            return found
        raise CardError(self._explain_bad_code(code))

    def cards_of(self, codes: Iterable[str]) -> list[Card]:
        return [self.card(code) for code in codes]

    def deck(self, codes: Sequence[str]) -> list[Card]:
        """A whole stacked deck: every card of the pack exactly once."""
        if isinstance(codes, str) or not isinstance(codes, Sequence):
            raise CardError(f"a deck must be a list of {len(self)} card codes")
        cards = self.cards_of(codes)
        if len(cards) != len(self):
            raise CardError(f"a deck of the {self.name} pack has {len(self)} cards, this one has {len(cards)}")
        seen: set[str] = set()
        for card in cards:
            if card.code in seen:
                missing = sorted(set(self._by_code) - {c.code for c in cards})
                raise CardError(f"card {card.code} appears twice in the deck (missing: {', '.join(missing)})")
            seen.add(card.code)
        return cards

    def describe(self, card: Card) -> str:
        """Readable name, e.g. 'ace of hearts'."""
        return f"{self.rank_names[self.ranks[card.rank]]} of {self.suit_names[self.suits[card.suit]]}"

    def _explain_bad_code(self, code: object) -> str:
        ranks, suits = " ".join(self.ranks), " ".join(self.suits)
        where = f"not a card of the {self.name} pack (ranks {ranks}; suits {suits})"
        shown = quote(code)
        if not isinstance(code, str) or len(code) < 2:
            return f"{shown} is {where}: a card code is a rank followed by a suit letter, e.g. {self.cards[-1].code}"
        rank, suit = code[:-1], code[-1]
        fixed = rank.upper() + suit.lower()
        if fixed in self._by_code:
            return f"{shown} is {where}; did you mean {fixed!r}?"
        if rank.upper() not in self.ranks:
            return f"{shown} is {where}: rank {quote(rank)} is not one of {ranks}"
        return f"{shown} is {where}: suit {quote(suit)} is not one of {suits}"


MARIAS = Pack(
    name="Mariáš",
    art="marias",
    ranks=("7", "8", "9", "X", "U", "O", "K", "A"),
    suits=("h", "l", "a", "b"),
    rank_names={"7": "seven", "8": "eight", "9": "nine", "X": "ten", "U": "under (spodek)",
                "O": "over (svršek)", "K": "king (král)", "A": "ace (eso)"},
    suit_names={"h": "hearts (červené)", "l": "leaves (zelené)", "a": "acorns (žaludy)", "b": "bells (kule)"},
)

ITALIAN = Pack(
    name="Italian",
    art="italian",
    ranks=("2", "7", "8", "9", "X", "F", "C", "R", "A"),
    suits=("s", "c", "d", "b"),
    rank_names={"2": "two", "7": "seven", "8": "eight", "9": "nine", "X": "ten", "F": "knave (fante)",
                "C": "knight (cavallo)", "R": "king (re)", "A": "ace (asso)"},
    suit_names={"s": "swords (spade)", "c": "cups (coppe)", "d": "coins (denari)", "b": "batons (bastoni)"},
)

_FRENCH_NAMES = {"7": "seven", "8": "eight", "9": "nine", "X": "ten", "J": "jack", "Q": "queen",
                 "K": "king", "A": "ace"}
_FRENCH_SUITS = {"c": "clubs (trèfle)", "d": "diamonds (carreau)", "h": "hearts (cœur)", "s": "spades (pique)"}

#: Ranks (low to high) of the French pack for Bouillotte, by preset and number of players.
FRENCH_PRESETS: dict[str, dict[int, tuple[str, ...]]] = {
    "seed": {5: ("8", "X", "J", "Q", "K", "A"), 4: ("8", "X", "Q", "K", "A"), 3: ("8", "X", "K", "A")},
    "pagat": {5: ("8", "9", "J", "Q", "K", "A"), 4: ("8", "9", "Q", "K", "A"), 3: ("8", "9", "K", "A")},
    "old": {5: ("8", "9", "X", "J", "Q", "K", "A")},
}
_french_cache: dict[tuple[str, ...], Pack] = {}


#: The whole French set the art draws (every rank the Bouillotte packs use, and the seven): for pictures of cards.
FRENCH = Pack(name="French 32-card", art="french", ranks=("7", "8", "9", "X", "J", "Q", "K", "A"),
              suits=("c", "d", "h", "s"), rank_names=_FRENCH_NAMES, suit_names=_FRENCH_SUITS)
#: A pack by its art's name: every card the table can draw.
PACKS_BY_ART: dict[str, Pack] = {"marias": MARIAS, "italian": ITALIAN, "french": FRENCH}


def french_pack(players: int, preset: str = "seed") -> Pack:
    """The reduced French pack Bouillotte uses for this many players."""
    table = FRENCH_PRESETS.get(preset)
    if table is None:
        raise CardError(f"unknown French pack preset {preset!r}; choose one of {', '.join(FRENCH_PRESETS)}")
    ranks = table.get(players)
    if ranks is None:
        raise CardError(f"the {preset!r} preset has no pack for {players} players (it has {sorted(table)})")
    if ranks not in _french_cache:
        _french_cache[ranks] = Pack(name=f"French {len(ranks) * 4}-card", art="french", ranks=ranks,
                                    suits=("c", "d", "h", "s"), rank_names=_FRENCH_NAMES, suit_names=_FRENCH_SUITS)
    return _french_cache[ranks]

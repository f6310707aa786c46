"""Trappola's house rules — the one rules table of every reconstructed number, each with its source — and the card
tables (rank order, card points, the shared trick rules without trumps).

The seed (``shared/seeds/003_5317ac6984c1683a.txt``, after the Piatnik 1988 edition) lost its tables of card
points, trick bonuses and declaration values; ``shared/rules/trappola.md`` rebuilds them from Cardano (1564),
pagat.com and analogy. Each such number is an option here, so the house-rules panel shows it with its source and
the original values can be dropped in later.
"""
from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import ClassVar

from ..cards import ITALIAN, Card
from ..errors import ScenarioError
from ..house_rules import HouseRules, option
from ..tricks import TrickRules

RECONSTRUCTED = "reconstructed (the seed's table was lost)"


@dataclass(frozen=True)
class TrappolaRules(HouseRules):
    panel_title: ClassVar[str] = "House rules (regole della casa, Hausregeln)"

    # --- how the table plays -------------------------------------------------------------------------------------
    stake: int = option(10, "s", "The base stake (Einsatz): each of the two players of a Partie pays it into the "
                                 "Bulka; an agreed multiple of 10 scales every payment (f = stake/10). Source: the "
                                 "seed (ten chips).", low=10, high=1000, label="Stake (Einsatz)")
    stock_exchange: bool = option(False, "e", "Cardano's exchange: after the deal the challenger, then the dealer, "
                                              "may lay their nine aside and take the top nine of the stock. Off: the "
                                              "stock is dead. Source: Cardano (1564); the seed's stock is dead.",
                                  label="Stock exchange (Cardano)")
    renonc_mode: bool = option(False, "r", "Accept a rule error (a revoke, a false Figura), then end the Partie: "
                                           "the offender loses it whatever the score. Off: such actions are "
                                           "refused with the reason. Source: the seed.",
                               label="Renonc: accept rule errors, then punish")
    two_player_alifer: bool = option(False, "a", "Two players agreed Alifer at the start: a tie is replayed with the "
                                                 "multiplier doubled (otherwise a two-player tie is a draw). Source: "
                                                 "the seed.", label="Alifer for two (agreed)")
    bulka_won_seating: str = option("rules", "w", "Who plays after the Bulka is won: by the rules (3 players: the "
                                    "Pro loser deals, the waiting player challenges; 4: the two waiting players "
                                    "play), or a new draw for order. Source: house (the seed's text was lost).",
                                    choices=("rules", "redraw"), label="Seating after the Bulka is won",
                                    choice_labels={"rules": "by the rotation rules", "redraw": "a new draw"})
    # --- card points and the last trick --------------------------------------------------------------------------
    points_asso: int = option(6, "A", f"Card points of an ace (asso). Source: {RECONSTRUCTED}, after pagat.com.",
                              high=100, label="Points: ace (asso)")
    points_re: int = option(5, "R", f"Card points of a king (re). Source: {RECONSTRUCTED}, after pagat.com.",
                            high=100, label="Points: king (re)")
    points_cavallo: int = option(4, "C", f"Card points of a knight (cavallo). Source: {RECONSTRUCTED}.", high=100,
                                 label="Points: knight (cavallo)")
    points_fante: int = option(3, "F", f"Card points of a knave (fante). Source: {RECONSTRUCTED}.", high=100,
                               label="Points: knave (fante)")
    last_trick: int = option(6, "l", f"The last trick, when not won by a Two (card points, never paid). Source: "
                                     f"{RECONSTRUCTED}.", high=100, label="Last trick")
    # --- trick bonuses (Stichprämien) ------------------------------------------------------------------------------
    bonus_two: int = option(10, "t", f"Each of tricks 2–8 won by one's own Two (Stichprämie). Source: "
                                     f"{RECONSTRUCTED}.", high=1000, label="Bonus: a trick 2–8 won by a Two")
    bonus_last_one: int = option(26, "u", f"The last trick won by a Two (instead of the last trick's points). "
                                          f"Source: {RECONSTRUCTED}.", high=1000,
                                 label="Bonus: last trick by a Two")
    bonus_last_two: int = option(52, "v", f"The last two tricks won by one's Twos. Source: {RECONSTRUCTED}.",
                                 high=1000, label="Bonus: last two tricks by Twos")
    bonus_last_three: int = option(78, "x", f"The last three tricks won by one's Twos. Source: {RECONSTRUCTED}.",
                                   high=1000, label="Bonus: last three tricks by Twos")
    bonus_marc: int = option(20, "m", "Marc: trick 1 won by a Two (the challenger leads a Two the dealer cannot "
                                      "follow); it stacks with the other bonuses (the seed). Value: house.",
                             high=1000, label="Bonus: Marc")
    # --- declarations (Figura) -------------------------------------------------------------------------------------
    figura_courts_three: int = option(6, "k", "Three re, cavalli or fanti (\"Könige für 6\": the seed's example). "
                                              "Source: the seed.", high=1000, label="Figura: three court cards")
    figura_courts_four: int = option(12, "K", "Four re, cavalli or fanti (\"Cavalle für 12\": the seed's example). "
                                              "Source: the seed.", high=1000, label="Figura: four court cards")
    figura_twos_three: int = option(10, "d", "Three twos (\"Zweier für 10\": the seed's example). Source: the seed.",
                                    high=1000, label="Figura: three twos")
    figura_twos_four: int = option(20, "D", "Four twos. Source: reconstructed, twice the three.", high=1000,
                                   label="Figura: four twos")
    figura_aces_three: int = option(15, "c", "Three aces. Source: reconstructed, half the four.", high=1000,
                                    label="Figura: three aces")
    figura_aces_four: int = option(30, "E", "Four aces (\"Asse für 30\": the seed's example). Source: the seed.",
                                   high=1000, label="Figura: four aces")
    figura_blans: int = option(10, "b", "Blans: a hand without re, cavallo or fante. Value: house.", high=1000,
                               label="Figura: Blans")
    figura_bianka: int = option(20, "B", "Bianka: a hand without ace, re, cavallo or fante (replaces Blans). "
                                         "Value: house.", high=1000, label="Figura: Bianka")

    def __post_init__(self) -> None:
        if self.stake % 10:
            raise ScenarioError(f"house rule 'stake' is a multiple of 10 (payments are points × stake/10), "
                                f"not {self.stake}")

    @property
    def factor(self) -> int:
        """f before the Alifer multiplier: every payment is points × f × multiplier."""
        return self.stake // 10

    def figura_points(self, rank: str, count: int) -> int:
        """The value of ``count`` (3 or 4) cards of ``rank`` (A R C F 2) declared together."""
        kind = "aces" if rank == "A" else "twos" if rank == "2" else "courts"
        return getattr(self, f"figura_{kind}_{'three' if count == 3 else 'four'}")

    def card_points(self) -> tuple[int, ...]:
        """By card index: the card's points."""
        return _card_points(self.points_asso, self.points_re, self.points_cavallo, self.points_fante)

    @classmethod
    def sources(cls) -> list[dict[str, object]]:
        """The rules table: each number, its default and where it comes from (the panel's and the lessons' source)."""
        return [{"name": f.name, "label": f.metadata["label"], "default": f.default, "help": f.metadata["help"]}
                for f in dataclasses.fields(cls) if isinstance(f.default, int) and not isinstance(f.default, bool)]


PACK = ITALIAN


@functools.lru_cache(maxsize=64)  # by the house rules' card points: a class uses a few, a kernel keeps at most 64
def _card_points(asso: int, re: int, cavallo: int, fante: int) -> tuple[int, ...]:
    by_rank = {"A": asso, "R": re, "C": cavallo, "F": fante}
    return tuple(by_rank.get(c.code[0], 0) for c in PACK.cards)
SUITS = PACK.suits  # s c d b: the suit order of a set (``Rs-Rc-Rd``)
SUIT_NAMES = {"s": "swords", "c": "cups", "d": "coins", "b": "batons"}
SUIT_NAMES_IT = {"s": "spade", "c": "coppe", "d": "denari", "b": "bastoni"}
RANK_ORDER = PACK.ranks  # low to high: 2 7 8 9 X F C R A (the pack's natural order is the trick order)
#: By card index: strength in a trick. No trumps: the highest card of the suit led wins; a Two is the lowest card of
#: its suit, so it wins a trick only when it is led and the opponent cannot follow suit (the Two's rule).
STRENGTH = tuple(c.rank for c in PACK.cards)
TRICK_RULES = TrickRules(PACK, {None: STRENGTH}, must_trump=False)
TWO = RANK_ORDER.index("2")
ACE = RANK_ORDER.index("A")
COURTS = frozenset(RANK_ORDER.index(r) for r in "RCF")
TRICKS = 9
HAND_SIZE = 9
STOCK_SIZE = 18


def is_two(card: Card) -> bool:
    return card.rank == TWO

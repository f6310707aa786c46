"""The class deal: the one deal a teacher sets for the whole class, and where the students play it.

Every student plays it at their game's practice lesson, as a contest (no Undo, no Hint, the lesson's computer
opponent, seeded from the code: the same computer for everyone), through one link: ``<lesson>?contest=1&deal=CODE``.
A code is for a number of players, so the class deal is dealt for the practice lesson's first table
(``CLASS_TABLES``; a test checks it against the lessons).
"""
from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote as url_quote

from ..dealing import DealCode, new_seed
from ..errors import DealCodeError
from ..registry import GAMES, game_spec

#: Per game: the practice lesson whose first table plays the class deal, and how many sit at it.
CLASS_TABLES: dict[str, tuple[str, int]] = {
    "czech-bulka": ("czech-bulka/10-practice", 2),
    "trappola": ("trappola/09-practice", 2),
    "bouillotte": ("bouillotte/09-practice", 3),
}


class DealRefused(ValueError):
    """A class deal that cannot be set; ``str(err)`` says what to type instead."""


@dataclass(frozen=True)
class ClassDeal:
    code: str  # as the tables print it (with its check character)
    game: str
    title: str  # "Czech Bulka, 2 players"
    lesson: str  # the practice lesson it is played at

    def link(self, lessons_url: str = "") -> str:
        """The students' link under ``lessons_url`` (the app's ``<base>/voila/render/``); without one, relative to the
        start page, which is beside the games' folders wherever a student's lessons are served."""
        return f"{lessons_url}{self.lesson}.ipynb?contest=1&deal={url_quote(self.code)}"


def class_deal(code: str) -> ClassDeal:
    """The class deal of a code already set (``choose`` made it)."""
    parsed = DealCode.parse(code)
    lesson, players = CLASS_TABLES[parsed.game]
    return ClassDeal(str(parsed), parsed.game, f"{game_spec(parsed.game).title}, {players} players", lesson)


def choose(game: object, code: object) -> ClassDeal:
    """The class deal a teacher asks for: ``code`` when one is typed (checked: a code of a game the class can play,
    for its practice table's players), else a new deal of ``game``."""
    text = code.strip() if isinstance(code, str) else ""
    if text:
        try:
            parsed = DealCode.parse(text)
        except DealCodeError as err:
            raise DealRefused(f"{err}.") from None
        _, players = CLASS_TABLES[parsed.game]
        if parsed.players != players:
            raise DealRefused(f"The class plays {game_spec(parsed.game).title} at the practice lesson's table of "
                              f"{players} players, and this code deals for {parsed.players}: leave the code empty "
                              f"and press Deal one, or give a code of {players} players.")
        return class_deal(str(parsed))
    if game not in CLASS_TABLES:
        names = ", ".join(GAMES[name].title for name in CLASS_TABLES)
        raise DealRefused(f"Choose the game of the class deal ({names}), or type a deal code.")
    assert isinstance(game, str)
    _, players = CLASS_TABLES[game]
    return class_deal(str(DealCode(game, players, "std", new_seed())))

"""The authority for one shared table: its game, its seats and who sits in them, and what each seat may see.

A table is set up for one game at one of its player counts (Czech Bulka 2–3, Trappola 2–4, Bouillotte 3–5), with
house rules and, if given, a deal code; each seat is a student's or the computer's (at one of the game's levels).
Students join by name and take a free seat; each gets a secret seat token, which takes the seat back after a reload
or a lost connection. The cards are dealt once every student's seat is taken; then a student acts only for their own
seat, on its turn, and the computer plays its seats (seeded from the deal and the moves, as at the practice table, so
a deal code and the same moves replay the same game). A student away for ``stand_in_after`` seconds is played by the
computer (``stand_in`` on the seat: the felt names it so) until they come back with their token; before the deal,
their seat is freed for someone else instead. A table nobody is connected to for ``close_after`` seconds closes. A
session runs to its natural end (``game.over``: a Bulka won, a Bouillotte session over) or until the table closes.

Each seat is shown only ``game.view(seat)`` and the log in its own words (``game.explain(event, seat)``); a spectator
only ``game.view(None)``. Whatever is refused raises ``Refused`` with the sentence for the person who asked, and
changes nothing. The table knows no transport and no clock but the one it is given (``bulka_teach.tables.service``
counts connections and messages; ``bulka_teach.tables.web`` carries them).
"""
from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..bots import Bot, GameAI
from ..bots.turns import bot_seed, computers_play
from ..dealing import DealCode, new_seed
from ..errors import DealCodeError, IllegalAction, ScenarioError
from ..game import Game
from ..house_rules import HouseRules
from ..names import name_problem
from ..records import Record
from ..registry import GAMES, GameSpec, game_spec
from .protocol import STUDENT, TABLE

ACTION_LIMIT = 40  # characters in an action: "raise 120", "declare Xb-Ub-Ob", "play Ah"
Clock = Callable[[], float]


class Refused(Exception):
    """A request the table refuses; ``str(err)`` is the sentence for whoever asked. Nothing was changed."""


@dataclass
class Seat:
    """One seat: the computer's (``level``) or a student's (free while ``name`` is None)."""

    level: str | None  # the computer's level; None: a student's seat
    name: str | None = None
    token: str | None = None  # the student's secret, which takes the seat back
    connections: int = 0  # the student's open connections
    away_since: float | None = None  # when the student's last connection closed (None: here, or a free seat)
    stand_in: bool = False  # the computer plays for the student until they are back

    @property
    def student(self) -> bool:
        return self.level is None

    @property
    def free(self) -> bool:
        return self.student and self.name is None

    def public(self, number: int) -> dict[str, Any]:
        """What everyone at the table may know of this seat."""
        return {"seat": number, "name": self.name, "kind": STUDENT if self.student else "computer",
                "level": self.level, "free": self.free, "present": self.connections > 0 or not self.student,
                "stand_in": self.stand_in}


class Table:
    """``Table(code, game, seats, rules=None, deal=None, stand_in_after=60, close_after=600, clock=time.monotonic)``.

    ``seats`` lists, seat by seat, ``"student"`` or a computer level of the game (``GameSpec.ai.opponents``);
    ``rules`` overrides house rules; ``deal`` is a deal code for this game and player count (its rules win). A setup
    that cannot be played raises ``Refused`` with the sentence that says why.
    """

    def __init__(self, code: str, game: object, seats: object, rules: object = None, deal: object = None, *,
                 stand_in_after: float = 60.0, close_after: float = 600.0, clock: Clock = time.monotonic) -> None:
        self.code = code
        self.spec = spec = _spec(game)
        self.ai: GameAI = spec.ai
        self.seats = _seats(spec, self.ai, seats)
        self.rules: HouseRules = _rules(spec, rules)
        self.deal: DealCode | None = _deal(spec, deal, len(self.seats))
        self.stand_in_after, self.close_after, self.clock = stand_in_after, close_after, clock
        self.game: Game | None = None
        self.closed = False
        self.spectators = 0
        self.idle_since: float | None = clock()  # since when nobody is connected (None: somebody is)
        self.version = 0  # counts the changes anyone at the table may see
        self.lock = threading.RLock()  # held by whatever works on this table (``service``: from several threads)

    # --- what the table is ---------------------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """``waiting`` (for students), ``playing``, ``over`` (the session's natural end) or ``closed``."""
        if self.closed:
            return "closed"
        if self.game is None:
            return "waiting"
        return "over" if self.game.over else "playing"

    def summary(self) -> dict[str, Any]:
        """What anyone with the code may know: the game, the seats and who sits there, the phase."""
        return {"code": self.code, "game": self.spec.game, "title": self.spec.title, "phase": self.phase,
                "rules_id": self.rules.rules_id, "seats": [seat.public(n) for n, seat in enumerate(self.seats)],
                "free": [n for n, seat in enumerate(self.seats) if seat.free]}

    # --- students and spectators ---------------------------------------------------------------------------------
    def join(self, name: object, seat: object = None, *, computers: bool = True) -> tuple[int, str]:
        """Seat a student by name at ``seat`` (None: the first free one) and connect them; returns the seat and its
        token. The cards are dealt when the last student's seat is taken (and, unless ``computers`` is False, the
        computer plays until a student is asked: ``play_computers``)."""
        self._open()
        problem = name_problem(name)
        if problem:
            raise Refused(problem)
        assert isinstance(name, str)
        name = name.strip()
        taken = next((n for n, s in enumerate(self.seats) if s.name and s.name.casefold() == name.casefold()), None)
        if taken is not None:
            raise Refused(f"{self.seats[taken].name} sits at this table already: if that is you, come back with "
                          "your seat (reload the page); else type your name so that it differs, e.g. with an initial.")
        number = self._free_seat(seat)
        token = secrets.token_urlsafe(18)
        self.seats[number] = Seat(None, name, token, connections=1)
        self._present()
        if not any(s.free for s in self.seats):
            self._deal()
            if computers:
                self.play_computers()
        self._changed()
        return number, token

    def rejoin(self, token: object) -> int:
        """A student back with their seat token (a reload, a new connection): their seat, taken back from the
        computer if it stood in."""
        self._open()
        number = self.seat_of(token)
        seat = self.seats[number]
        seat.connections += 1
        seat.away_since = None
        if seat.stand_in:
            seat.stand_in = False
        self._present()
        self._changed()
        return number

    def leave(self, number: int) -> None:
        """One of seat ``number``'s connections closed; the seat stays the student's."""
        seat = self.seats[number]
        seat.connections = max(0, seat.connections - 1)
        if seat.connections == 0:
            seat.away_since = self.clock()
            self._changed()
        self._present()

    def watch(self) -> None:
        """A spectator comes (a teacher): they see what everyone may see, no hidden card."""
        self._open()
        self.spectators += 1
        self._present()

    def unwatch(self) -> None:
        self.spectators = max(0, self.spectators - 1)
        self._present()

    def seat_of(self, token: object) -> int:
        """The seat whose token this is; a forged or stale token is refused."""
        if isinstance(token, str) and token:
            for number, seat in enumerate(self.seats):
                if seat.token is not None and hmac.compare_digest(seat.token.encode(),
                                                                  token.encode("utf-8", "surrogatepass")):
                    return number
        raise Refused("That seat token is not one of this table's seats (it may be from another table, or from a "
                      "seat given up while its student was away): join again with your name.")

    # --- play ----------------------------------------------------------------------------------------------------
    def act(self, token: object, action: object, seat: object = None, *, computers: bool = True) -> None:
        """The student of ``token`` takes ``action`` (for ``seat``, if named: it must be their own), then, unless
        ``computers`` is False, the computer plays its seats until a student is asked (``play_computers``: a server
        first shows everyone the student's move). A refused action changes nothing."""
        self._open()
        number = self.seat_of(token)
        if seat is not None and seat != number:
            raise Refused(f"You sit at seat {number + 1}: you can act only for your own seat.")
        game = self.game
        if game is None:
            raise Refused(self._waiting_text())
        if not isinstance(action, str) or not action.strip():
            raise Refused("An action is a few words, like “play Ah” or “pass”: press one of the table's buttons.")
        if len(action) > ACTION_LIMIT:
            raise Refused(f"That action is {len(action):,} characters long: an action is a few words, like "
                          "“play Ah” or “pass”.")
        try:
            game.apply(action, number)
        except IllegalAction as err:
            raise Refused(err.message) from None
        self._changed()
        if computers:
            self.play_computers()

    def computer_to_move(self) -> bool:
        """Whether a computer seat, or a seat the computer stands in for, is asked now."""
        game = self.game
        if game is None or self.closed:
            return False
        to_move = game.to_move
        return to_move is not None and to_move not in self.people

    @property
    def people(self) -> tuple[int, ...]:
        """The seats the computer does not play now: the students', but for those it stands in for while a classmate
        is here (with no student here, nobody waits: the computer plays no student's seat)."""
        students = [n for n, seat in enumerate(self.seats) if seat.student]
        if not any(self.seats[n].connections for n in students):
            return tuple(students)
        return tuple(n for n in students if not self.seats[n].stand_in)

    def play_computers(self) -> None:
        """The computer plays its seats (and those it stands in for), deal after deal, until a student is asked."""
        game = self.game
        while game is not None and self.computer_to_move():
            computers_play(game, self.people, self._bot)
            self._changed()

    def _bot(self, number: int) -> Bot:
        level = self.seats[number].level or self.ai.default  # a stand-in plays at the practice table's level
        return self.ai.opponent(level, bot_seed(self._game))

    @property
    def _game(self) -> Game:
        assert self.game is not None, "the cards are dealt"
        return self.game

    # --- time ----------------------------------------------------------------------------------------------------
    def tick(self) -> None:
        """What time does: a seat away for ``stand_in_after`` seconds is played by the computer (before the deal:
        freed), and a table nobody was at for ``close_after`` seconds closes."""
        if self.closed:
            return
        now = self.clock()
        for number, seat in enumerate(self.seats):
            if seat.away_since is None or seat.stand_in or now - seat.away_since < self.stand_in_after:
                continue
            if self.game is None:
                self.seats[number] = Seat(None)  # its token is stale now
            else:
                seat.stand_in = True
            self._changed()
        if self.idle_since is not None and now - self.idle_since >= self.close_after:
            self.closed = True
            self._changed()
            return
        self.play_computers()

    def close(self) -> None:
        self.closed = True
        self._changed()

    # --- what each seat sees -------------------------------------------------------------------------------------
    def frame(self, seat: int | None, since: int = 0) -> dict[str, Any]:
        """The table as ``seat`` may see it (None: a spectator): its view, the events from ``since`` in its words,
        and the finished deal's table when a deal ended since then. Never a card the seat may not know."""
        game = self.game
        frame: dict[str, Any] = {"type": TABLE, **self.summary(), "me": seat, "version": self.version,
                                 "status": self.status(seat), "view": None, "news": [], "ended": None,
                                 "ended_deal": None, "events": 0}
        if game is None:
            return frame
        events = len(game.events)
        since = min(max(since, 0), events)
        frame.update(view=game.view(seat), news=[t for e in game.events[since:] if (t := game.explain(e, seat))],
                     events=events)
        ended = [k for k, deal in enumerate(game.deals) if deal.over and since < game.deal_end(k)]
        if ended:  # the deal that ended since, as it looked at its end (the engine has dealt the next one)
            frame.update(ended=game.view_at(seat, game.deal_end(ended[-1])), ended_deal=ended[-1])
        return frame

    def status(self, seat: int | None) -> str:
        """The table's state in a sentence for ``seat``."""
        if self.closed:
            return "This table is closed: nobody was at it for a while. Set up a new one to play again."
        game = self.game
        if game is None:
            return self._waiting_text()
        if game.over:
            return "The session is over: it was played to its end."
        to_move = game.to_move
        assert to_move is not None
        name = self.seats[to_move].name or ""
        if self.seats[to_move].stand_in:
            return f"{name} is away: the computer plays for {name} until they are back."
        return "It is your turn." if to_move == seat else f"{name} is to play."

    # --- inside --------------------------------------------------------------------------------------------------
    def _free_seat(self, seat: object) -> int:
        free = [n for n, s in enumerate(self.seats) if s.free]
        if seat is None:
            if not free:
                raise Refused(f"This table is full: all its {len(self.seats)} seats are taken. Ask for another "
                              "table's code, or watch this one.")
            return free[0]
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise Refused(f"There is no such seat: the seats of this table are 1 to {len(self.seats)}.")
        if self.seats[seat].student and self.seats[seat].free:
            return seat
        whose = "the computer's" if not self.seats[seat].student else f"taken by {self.seats[seat].name}"
        offer = (f"take seat {', '.join(str(n + 1) for n in free)}" if free else
                 "this table is full: ask for another table's code, or watch this one")
        raise Refused(f"Seat {seat + 1} is {whose}: {offer}.")

    def _deal(self) -> None:
        names = tuple(seat.name or "" for seat in self.seats)
        if self.deal is not None:
            record = self.deal.record(names)
        else:
            record = Record(game=self.spec.game, players=names, rules=self.rules.to_dict(), seed=new_seed())
        self.game = record.start()

    def _open(self) -> None:
        if self.closed:
            raise Refused(self.status(None))

    def _present(self) -> None:
        """Note whether anybody is at the table (a connected student or a spectator)."""
        here = self.spectators > 0 or any(seat.connections for seat in self.seats)
        if here:
            self.idle_since = None
        elif self.idle_since is None:
            self.idle_since = self.clock()

    def _changed(self) -> None:
        self.version += 1

    def _waiting_text(self) -> str:
        missing = sum(seat.free for seat in self.seats)
        seats = "seat is" if missing == 1 else "seats are"
        return (f"Waiting for {missing} more: the cards are dealt once every student's seat is taken. {missing} "
                f"{seats} free; classmates join with the table's code, {self.code}.")


# --- reading a setup -----------------------------------------------------------------------------------------------
def _spec(game: object) -> GameSpec:
    if not isinstance(game, str) or game not in GAMES:
        titles = ", ".join(GAMES[g].title for g in GAMES)
        raise Refused(f"Choose one of the games here for the table: {titles}.")
    spec = game_spec(game)
    if spec.ai is None or spec.factory is None:
        raise Refused(f"{spec.title} has no computer players yet: it cannot be played at a shared table.")
    return spec


def _seats(spec: GameSpec, ai: GameAI, seats: object) -> list[Seat]:
    counts = spec.players
    if not isinstance(seats, list | tuple) or len(seats) not in counts:
        n = len(seats) if isinstance(seats, list | tuple) else 0
        raise Refused(f"{spec.title} is for {min(counts)} to {max(counts)} players, not {n}: choose who sits in "
                      "each seat.")
    levels: Mapping[str, str] = ai.opponents
    made: list[Seat] = []
    for number, kind in enumerate(seats):
        if kind == STUDENT:
            made.append(Seat(None))
        elif isinstance(kind, str) and kind in levels:
            made.append(Seat(kind))
        else:
            raise Refused(f"Seat {number + 1} must be a student's or the computer's at one of its levels "
                          f"({', '.join(levels)}).")
    computers = [seat for seat in made if not seat.student]
    if len(computers) == len(made):
        raise Refused("Every seat is the computer's: make at least one seat a student's.")
    for count, seat in enumerate(computers, 1):
        seat.name = "Computer" if len(computers) == 1 else f"Computer {count}"
    return made


def _rules(spec: GameSpec, rules: object) -> HouseRules:
    if rules is not None and not isinstance(rules, dict):
        raise Refused("House rules are given by name and value: choose them in the house rules panel.")
    try:
        return spec.rules_class.from_dict(rules)
    except ScenarioError as err:
        raise Refused(f"These house rules cannot be used: {err}.") from None


def _deal(spec: GameSpec, deal: object, players: int) -> DealCode | None:
    if deal is None or deal == "":
        return None
    if not isinstance(deal, str):
        raise Refused("A deal code is text like CB2-std-4KQ7M2XA-N: copy it again exactly as it was given to you.")
    try:
        code = DealCode.parse(deal)
        if code.game != spec.game:
            raise DealCodeError(f"it is a deal of {game_spec(code.game).title}, and this table plays {spec.title}")
        code.record(tuple(f"Seat {n + 1}" for n in range(players))).start()  # a code the engine cannot deal
    except (DealCodeError, ScenarioError) as err:
        raise Refused(f"That deal code cannot be used: {err}.") from None
    return code


"""The tables of one server, by their short codes, and each connection's part: bounded counts and messages.

``TableService`` holds the tables (at most ``Limits.tables``), deals their 5-letter codes, finds a table by a code a
student typed (a mistyped one answered in a sentence), and sweeps: stand-ins, closing. ``Client`` is one connection
(a student's kernel, a spectator): it reads that connection's messages — each at most ``MAX_MESSAGE_BYTES``, at most
``Limits.rate`` a second after a burst of ``Limits.burst``; a flood is refused, never queued — and draws the table
for that connection alone (``Table.frame``). Knows no transport: ``bulka_teach.tables.web`` carries its messages.
Safe to call from several threads: each table's work holds that table's lock, the registry's its own, so a computer
thinking at one table holds up no other.
"""
from __future__ import annotations

import json
import secrets
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .protocol import ACT, CODE_LENGTH, CODE_LETTERS, JOIN, MAX_MESSAGE_BYTES, REJOIN, SEATED, WATCH, WATCHING, refused
from .seating import Clock, Refused, Table


@dataclass(frozen=True)
class Limits:
    """What one server allows: tables, connections, messages, and the table's times (seconds)."""

    tables: int = 200  # a class of 30 at tables of 2 needs 15; a school's day of classes, a few dozen
    spectators: int = 8  # per table
    connections_per_seat: int = 3  # a reload opens a new connection before the old one is seen closed
    rate: float = 5.0  # messages a second per connection, once its burst is spent (a click is one message)
    burst: int = 20
    flood: int = 200  # messages dropped in a row (over the rate) after which the connection is closed
    stand_in_after: float = 60.0
    close_after: float = 600.0


@dataclass
class Bucket:
    """A token bucket: ``burst`` messages at once, then ``rate`` a second."""

    rate: float
    burst: int
    clock: Clock
    tokens: float = field(init=False)
    at: float = field(init=False)

    def __post_init__(self) -> None:
        self.tokens, self.at = float(self.burst), self.clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Full(Refused):
    """The server holds as many tables as it may."""


class TableService:
    """The registry of tables: ``create``, ``find``, ``connect`` (a ``Client``), ``sweep``."""

    def __init__(self, limits: Limits | None = None, clock: Clock = time.monotonic) -> None:
        self.limits = limits or Limits()
        self.clock = clock
        self.tables: dict[str, Table] = {}
        self.clients: dict[str, set[Client]] = {}
        self._registry = threading.Lock()

    def create(self, game: object, seats: object, rules: object = None, deal: object = None) -> Table:
        """Set up a table (``Table``'s arguments); refused when the server holds as many tables as it may."""
        with self._registry:
            if len(self.tables) >= self.limits.tables:
                raise Full(f"This server holds {self.limits.tables} tables, as many as it may: try again when a "
                           "table has closed, or join a classmate's table with its code.")
            code = self._new_code()
            table = Table(code, game, seats, rules, deal, stand_in_after=self.limits.stand_in_after,
                          close_after=self.limits.close_after, clock=self.clock)
            self.clients[code] = set()
            self.tables[code] = table
            return table

    def find(self, code: object) -> Table:
        """The open table of a code as a student typed it (spaces and case forgiven); a sentence when there is none."""
        text = code.strip().upper().replace(" ", "") if isinstance(code, str) else ""
        example = "".join(CODE_LETTERS[i * 4 % len(CODE_LETTERS)] for i in range(CODE_LENGTH))
        if len(text) != CODE_LENGTH or any(letter not in CODE_LETTERS for letter in text):
            raise Refused(f"That is not a table code: a table code is {CODE_LENGTH} letters, like {example}. Check "
                          "it with whoever set the table up.")
        with self._registry:
            table = self.tables.get(text)
        if table is None or table.closed:
            raise Refused(f"There is no table {text} here (it may have closed): check the code with whoever set the "
                          "table up, or set up a new table.")
        return table

    def connect(self, code: object) -> Client:
        """A new connection to the table of ``code``; it sits, rejoins or watches with its first message."""
        table = self.find(code)
        with self.lock(table):
            client = Client(self, table)
            self.clients[table.code].add(client)
            return client

    def lock(self, table: Table) -> threading.RLock:
        """The lock whatever works on ``table`` holds."""
        return table.lock

    def at(self, table: Table) -> set[Client]:
        """The connections to ``table``."""
        return self.clients.get(table.code, set())

    def sweep(self) -> Iterator[Table]:
        """Let time act on every table (stand-ins, closing); yields each table that changed. Closed tables go."""
        with self._registry:
            tables = list(self.tables.values())
        for table in tables:
            with self.lock(table):
                version = table.version
                table.tick()
            if table.version != version:
                yield table
            if table.closed:
                with self._registry:
                    self.tables.pop(table.code, None)

    def forget(self, table: Table) -> None:
        """Drop a closed table's connections (their transports are closed)."""
        with self._registry:
            self.clients.pop(table.code, None)

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            if code not in self.tables:
                return code


class Client:
    """One connection to a table: a student's seat, a spectator, or (before its first message) neither."""

    def __init__(self, service: TableService, table: Table) -> None:
        self.service, self.table = service, table
        self.seat: int | None = None
        self.token: str | None = None
        self.watching = False
        self.since = 0  # the events this connection was told of
        self.shown = -1  # the table's version this connection last saw
        self.bucket = Bucket(service.limits.rate, service.limits.burst, service.clock)
        self.dropped = 0  # messages dropped in a row (over the rate)
        self.closed = False

    @property
    def flooding(self) -> bool:
        """Whether the connection sent so many messages over the rate in a row that it should be closed."""
        return self.dropped >= self.service.limits.flood

    def handle(self, raw: str | bytes, computers: bool = True) -> list[dict[str, Any]]:
        """One message from the connection: the replies to it alone (the table's frames are ``frame``'s). The
        computer then plays until a student is asked, unless ``computers`` is False (a server shows the student's
        move to everyone first, then calls ``Table.play_computers``)."""
        with self.service.lock(self.table):
            return self._judged(raw, computers)

    def _judged(self, raw: str | bytes, computers: bool) -> list[dict[str, Any]]:
        if not self.bucket.take():
            self.dropped += 1
            if self.dropped > 1:
                return []  # the flood is told once, then dropped until it stops
            return [refused("You are sending messages faster than anyone plays: they were ignored. Wait a moment, "
                            "then act once.")]
        self.dropped = 0
        try:
            return self._handle(raw, computers)
        except Refused as err:
            return [refused(str(err))]

    def _handle(self, raw: str | bytes, computers: bool) -> list[dict[str, Any]]:
        if len(raw) > MAX_MESSAGE_BYTES:
            raise Refused(f"That message is {len(raw):,} bytes long: a table's messages are a few words.")
        try:
            message = json.loads(raw)
        except (ValueError, RecursionError):
            message = None
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise Refused("That message is not one a table reads: join, rejoin, watch or act.")
        kind = message["type"]
        table = self.table
        if kind == ACT:
            if self.token is None:
                raise Refused("Take a seat first (join with your name): spectators watch, they do not act.")
            table.act(self.token, message.get("action"), message.get("seat"), computers=computers)
            return []
        if self.seat is not None or self.watching:
            raise Refused("This connection has its place at the table already: act, or close it and join again.")
        if kind == JOIN:
            self.seat, self.token = table.join(message.get("name"), message.get("seat"), computers=computers)
        elif kind == REJOIN:
            seat = table.seat_of(message.get("token"))
            if table.seats[seat].connections >= self.service.limits.connections_per_seat:
                raise Refused("Your seat is open in several places already: close one of them, then come back.")
            self.seat, self.token = table.rejoin(message.get("token")), str(message.get("token"))
        elif kind == WATCH:
            if table.spectators >= self.service.limits.spectators:
                raise Refused(f"This table has {table.spectators} spectators, as many as it may: try again later.")
            table.watch()
            self.watching = True
            return [{"type": WATCHING, "code": table.code}]
        else:
            raise Refused("That message is not one a table reads: join, rejoin, watch or act.")
        if table.game is not None:
            self.since = len(table.game.events)  # a seat coming back sees the table as it is, from its own view
        return [{"type": SEATED, "code": table.code, "seat": self.seat, "token": self.token,
                 "name": table.seats[self.seat].name}]

    def frame(self) -> dict[str, Any] | None:
        """The table as this connection may see it, when it changed since the last frame (None: nothing new)."""
        table = self.table
        with self.service.lock(table):
            if self.closed or (self.seat is None and not self.watching) or table.version == self.shown:
                return None
            frame = table.frame(self.seat, self.since)
            self.shown = table.version
            self.since = frame["events"]
            return frame

    def close(self) -> None:
        """The connection closed: the seat stays its student's (the computer stands in after a while)."""
        with self.service.lock(self.table):
            if self.closed:
                return
            self.closed = True
            if self.seat is not None:
                self.table.leave(self.seat)
            elif self.watching:
                self.table.unwatch()
            self.service.at(self.table).discard(self)

"""What the shared tables' server and its clients (the students' kernels) agree on: addresses, the secret's header,
the messages and their limits. Plain constants and JSON shapes, so the client needs nothing else of the server.

Addresses, under the server's base URL (``/`` standalone, ``/services/bulka-tables/`` as a JupyterHub service, the
app's base URL inside the app), each request carrying the header ``X-Bulka-Secret`` when the server has a secret:

- ``POST bulka/tables/new`` with ``{"game", "seats", "rules", "deal"}`` sets a table up: ``seats`` lists, seat by
  seat, ``"student"`` or a computer level (``"rule"``); the answer is ``{"code": "KXQMP", "table": …}`` (201) or
  ``{"error": sentence}`` (400; 429 when the server holds as many tables as it may);
- ``GET bulka/tables/<code>``: the table's public summary (game, seats and who sits there), or 404 with a sentence;
- ``bulka/tables/<code>/seat`` (websocket): the first message is ``{"type": "join", "name": "Ann"}`` (optionally
  ``"seat": n``), ``{"type": "rejoin", "token": …}`` or ``{"type": "watch"}``; the server answers ``seated`` (the
  seat and its token, kept by the client for a reconnect) or ``watching``, then a ``table`` message whenever the
  table changes, drawn for that seat alone (a spectator's: for nobody). Then ``{"type": "act", "action": "play Ah"}``
  acts for the connection's seat. Anything refused is answered ``{"type": "refused", "text": sentence}`` and
  changes nothing.
"""
from __future__ import annotations

from typing import Any, Final

PREFIX: Final = "bulka/tables/"  # under the server's base URL
SECRET_HEADER: Final = "X-Bulka-Secret"
SECRET_ENV: Final = "BULKA_TABLES_SECRET"  # the shared secret of the server and the kernels
URL_ENV: Final = "BULKA_TABLES_URL"  # where a kernel finds the server: http://host:port/base/bulka/tables/

CODE_LETTERS: Final = "ACDEFGHJKLMNPQRTUVWXY"  # no B/8, I/1, O/0, S/5, Z/2: read aloud and typed without doubt
CODE_LENGTH: Final = 5
STUDENT: Final = "student"  # a seat a student takes (any other seat is a computer level)

MAX_MESSAGE_BYTES: Final = 2048  # one message from a client; an action is a few words
MAX_BODY_BYTES: Final = 4096  # a new table's request

# Messages from a client.
JOIN, REJOIN, WATCH, ACT = "join", "rejoin", "watch", "act"
# Messages from the server.
SEATED, WATCHING, TABLE, REFUSED = "seated", "watching", "table", "refused"


def join(name: str, seat: int | None = None) -> dict[str, Any]:
    return {"type": JOIN, "name": name} if seat is None else {"type": JOIN, "name": name, "seat": seat}


def rejoin(token: str) -> dict[str, Any]:
    return {"type": REJOIN, "token": token}


def watch() -> dict[str, Any]:
    return {"type": WATCH}


def act(action: str) -> dict[str, Any]:
    return {"type": ACT, "action": action}


def refused(text: str) -> dict[str, Any]:
    return {"type": REFUSED, "text": text}

"""Shared tables in-process (``bulka_teach.tables``): the authority for a table of classmates, with no network.

Every refusal a careless or mischievous class can cause is a sentence and changes nothing; a seat left empty is played
by the computer, named so, and taken back with its token; a table nobody is at closes; a spectator sees no hidden
card; and a whole deal of every game at every player count, students and computers, sends each connection only what
its seat may know — each frame compared with ``game.view(seat)`` and the log in that seat's words.
"""
from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from bulka_teach.names import NAME_LIMIT
from bulka_teach.tables.protocol import CODE_LETTERS, REFUSED, SEATED, STUDENT, TABLE
from bulka_teach.tables.seating import Refused, Table
from bulka_teach.tables.service import Client, Limits, TableService

S = STUDENT
NAMES = ("Ann", "Ben", "Cleo")


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def send(client: Client, message: Any) -> list[dict[str, Any]]:
    raw = message if isinstance(message, str | bytes) else json.dumps(message)
    return client.handle(raw)


class Witness:
    """What each seat (and the spectator, None) has been shown by the engine: its views and its words for every event;
    a frame drawn for a seat may name no other card."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.known: dict[int | None, set[str]] = {seat: set() for seat in [None, *range(len(table.seats))]}
        self.told = 0
        self.frames = 0

    def pattern(self) -> re.Pattern[str]:
        pack = self.table._game.pack
        return re.compile(rf"(?<![A-Za-z0-9])([{''.join(pack.ranks)}][{''.join(pack.suits)}])(?![A-Za-z0-9])")

    def cards(self, value: Any) -> set[str]:
        return set(self.pattern().findall(json.dumps(value, ensure_ascii=False)))

    def learn(self) -> None:
        game = self.table.game
        if game is None:
            return
        for seat, known in self.known.items():
            known |= self.cards(game.view(seat))
            for event in game.events[self.told:]:
                known |= self.cards(game.explain(event, seat))
        self.told = len(game.events)

    def check(self, frame: dict[str, Any]) -> None:
        assert frame["type"] == TABLE
        self.learn()
        game, seat = self.table.game, frame["me"]
        if game is None:
            assert frame["view"] is None
            return
        assert frame["view"] == json.loads(json.dumps(game.view(seat))), "the frame is not the seat's own view"
        leaked = self.cards(frame) - self.known[seat]
        assert not leaked, f"a frame for seat {seat} names {sorted(leaked)}, never shown to it"
        self.frames += 1


def refused_text(replies: list[dict[str, Any]]) -> str:
    assert len(replies) == 1 and replies[0]["type"] == REFUSED, replies
    text = replies[0]["text"]
    assert text.endswith((".", ")")) and 20 < len(text) < 300 and "<b" not in text and "Traceback" not in text, text
    return text


def state(service: TableService) -> str:
    """Everything a refusal must leave as it was."""
    tables = {code: (t.summary(), [s.token for s in t.seats], t.spectators, t.version,
                     t.game.record().to_json() if t.game else None) for code, t in service.tables.items()}
    return json.dumps(tables, sort_keys=True, default=str)


def seated(game: str, seats: list[str], clock: Clock | None = None, **limits: Any
           ) -> tuple[TableService, Table, dict[int, Client]]:
    service = TableService(Limits(**limits), clock=clock or Clock())
    table = service.create(game, seats)
    clients: dict[int, Client] = {}
    for name in NAMES[:seats.count(S)]:
        client = service.connect(table.code)
        reply = send(client, {"type": "join", "name": name})
        assert reply[0]["type"] == SEATED, reply
        clients[reply[0]["seat"]] = client
    return service, table, clients


def frames(service: TableService, table: Table, witness: Witness) -> list[dict[str, Any]]:
    """Every connection's new frame, each checked."""
    out = [f for c in list(service.at(table)) if (f := c.frame()) is not None]
    for frame in out:
        witness.check(frame)
    return out


# --- refusals: a sentence, nothing changed --------------------------------------------------------------------------
def test_a_mistyped_or_unknown_table_code_is_refused_in_a_sentence_and_a_code_is_forgiving_of_case_and_spaces():
    service, table, _ = seated("czech-bulka", [S, S])
    before = state(service)
    for typed in ("KXQM", "KXQMPP", "K0QMP", "", "12345", None, "x" * 10_000):
        with pytest.raises(Refused, match="not a table code: a table code is 5 letters"):
            service.connect(typed)
    missing = next(c * 5 for c in CODE_LETTERS if c * 5 != table.code)
    with pytest.raises(Refused, match=f"There is no table {missing} here"):
        service.connect(missing)
    assert state(service) == before
    assert service.find(f" {table.code[:2].lower()} {table.code[2:]} ") is table
    assert len(table.code) == 5 and set(table.code) <= set(CODE_LETTERS)


def test_a_full_table_a_taken_name_markup_and_a_long_name_are_refused_and_change_nothing():
    service = TableService(clock=Clock())
    table = service.create("czech-bulka", [S, S, "rule"])
    ann = service.connect(table.code)
    send(ann, {"type": "join", "name": "Ann"})
    before = state(service)
    newcomer = service.connect(table.code)
    cases = {
        "ann": "Ann sits at this table already",
        " ANN ": "Ann sits at this table already",
        "Computer": "Computer sits at this table already",
        "<b>Ben</b>": "not < or >",
        "x" * (NAME_LIMIT + 1): f"at most {NAME_LIMIT}",
        "   ": "Type your name",
        "Ben\u0000": "letters, digits, spaces and punctuation",
    }
    for name, sentence in cases.items():
        assert sentence in refused_text(send(newcomer, {"type": "join", "name": name})), name
    assert "seat 2" in refused_text(send(newcomer, {"type": "join", "name": "Ben", "seat": 0}))
    assert "the computer's" in refused_text(send(newcomer, {"type": "join", "name": "Ben", "seat": 2}))
    assert "seats of this table are 1 to 3" in refused_text(send(newcomer, {"type": "join", "name": "Ben",
                                                                            "seat": 7}))
    long = refused_text(send(newcomer, {"type": "join", "name": "x" * 10_000}))  # the message is over 2 KB
    assert "bytes long: a table's messages are a few words" in long and "x" * 30 not in long
    with pytest.raises(Refused, match="10,000 characters long: use at most 24"):
        table.join("x" * 10_000)
    assert state(service) == before
    assert send(newcomer, {"type": "join", "name": "Ben"})[0]["seat"] == 1  # the cards are dealt now
    full = service.connect(table.code)
    assert "This table is full: all its 3 seats are taken" in refused_text(send(full, {"type": "join",
                                                                                       "name": "Cleo"}))
    before = state(service)
    assert "This table is full" in refused_text(send(full, {"type": "join", "name": "Dan"}))
    assert state(service) == before


def test_a_forged_or_stale_seat_token_is_refused_and_changes_nothing():
    clock = Clock()
    service = TableService(Limits(stand_in_after=60), clock=clock)
    table = service.create("trappola", [S, S, S])
    ann = service.connect(table.code)
    token = send(ann, {"type": "join", "name": "Ann"})[0]["token"]
    other = service.create("trappola", [S, S])
    stranger = service.connect(other.code)
    other_token = send(stranger, {"type": "join", "name": "Zoe"})[0]["token"]
    ann.close()
    clock.now += 61
    list(service.sweep())  # before the deal, an empty seat is freed: its token is stale
    assert table.seats[0].free
    before = state(service)
    for forged in (token, other_token, token[:-1], "", None, 12, "x" * 1000, {"token": token}, "\ud800"):
        client = service.connect(table.code)
        text = refused_text(send(client, {"type": "rejoin", "token": forged}))
        assert "That seat token is not one of this table's seats" in text
        assert "Take a seat first" in refused_text(send(client, {"type": "act", "action": "pass"}))
    assert state(service) == before


def test_an_action_for_another_seat_or_out_of_turn_is_refused_with_the_engines_sentence_and_changes_nothing():
    service, table, clients = seated("czech-bulka", [S, S])
    game = table._game
    mover = game.to_move
    assert mover is not None
    waiter = 1 - mover
    legal = game.legal_actions()[0]
    before = state(service)
    text = refused_text(send(clients[mover], {"type": "act", "action": legal, "seat": waiter}))
    assert text == f"You sit at seat {mover + 1}: you can act only for your own seat."
    text = refused_text(send(clients[waiter], {"type": "act", "action": legal}))
    assert text == f"It is not your turn: {NAMES[mover]} is to move."
    assert "characters long" in refused_text(send(clients[mover], {"type": "act", "action": "play " + "A" * 500}))
    for message in ({"type": "act"}, {"type": "act", "action": 7}, {"type": "dance"}, "not json", "[1, 2]",
                    "{" * 600, b"\xff\xfe"):
        refused_text(send(clients[mover], message))
    spectator = service.connect(table.code)
    send(spectator, {"type": "watch"})
    before = state(service)  # a spectator more
    assert "spectators watch, they do not act" in refused_text(send(spectator, {"type": "act", "action": legal}))
    assert "has its place at the table already" in refused_text(send(clients[mover], {"type": "join",
                                                                                     "name": "Dan"}))
    assert state(service) == before
    assert send(clients[mover], {"type": "act", "action": legal}) == []
    assert table._game.actions == [legal]  # the same action, from its own seat, is taken


def test_a_flood_of_messages_is_refused_once_dropped_not_queued_and_the_connection_is_then_closed():
    clock = Clock()
    service, table, clients = seated("czech-bulka", [S, S], clock=clock, burst=20, rate=5.0, flood=200)
    mover = table._game.to_move
    assert mover is not None
    waiter = clients[1 - mover]
    before = state(service)
    replies = [send(waiter, {"type": "act", "action": "pass"}) for _ in range(1000)]
    told = [r for r in replies if r]
    assert len(told) == 20  # the burst's 20 less the join's: refusals (not your turn), then one for the flood
    assert "faster than anyone plays" in refused_text(told[-1])
    assert waiter.flooding and state(service) == before
    clock.now += 10  # the flood stopped: the connection is heard again
    quiet = clients[mover]
    assert not quiet.flooding
    legal = table._game.legal_actions()[0]
    assert send(quiet, {"type": "act", "action": legal}) == []


# --- seats in real life -------------------------------------------------------------------------------------------
def test_an_empty_seat_is_played_by_the_computer_named_so_and_its_student_takes_it_back_with_the_token():
    clock = Clock()
    service, table, clients = seated("czech-bulka", [S, S], clock=clock, stand_in_after=30)
    witness = Witness(table)
    frames(service, table, witness)
    game = table._game
    away = game.to_move
    assert away is not None
    token = clients[away].token
    clients[away].close()
    clock.now += 29
    assert not list(service.sweep())  # not yet
    assert table.seats[away].connections == 0 and not table.seats[away].stand_in
    clock.now += 2
    assert list(service.sweep()) == [table]
    other = frames(service, table, witness)
    assert len(other) == 1 and other[0]["me"] == 1 - away
    seat = other[0]["seats"][away]
    assert seat["stand_in"] and not seat["present"] and seat["name"] == NAMES[away]
    played = len(game.actions)
    assert played > 0 and (game.to_move != away or game.over)  # the computer played the seat's turn
    assert other[0]["status"] in (f"{NAMES[1 - away]} is to play.", "It is your turn.")
    back = service.connect(table.code)
    reply = send(back, {"type": "rejoin", "token": token})
    assert reply[0]["type"] == SEATED and reply[0]["seat"] == away and reply[0]["name"] == NAMES[away]
    assert not table.seats[away].stand_in and table.seats[away].connections == 1
    for frame in frames(service, table, witness):
        assert not frame["seats"][away]["stand_in"] and frame["seats"][away]["present"]
    # the student plays on from their own seat, and the computer no longer does
    while table._game.to_move == 1 - away:
        send(clients[1 - away], {"type": "act", "action": table._game.legal_actions()[0]})
        frames(service, table, witness)
    if not table._game.over:
        mine = len(table._game.actions)
        clock.now += 100
        list(service.sweep())
        assert len(table._game.actions) == mine  # not played for: its student is here
        assert send(back, {"type": "act", "action": table._game.legal_actions()[0]}) == []


def test_a_table_nobody_is_at_closes_and_its_code_and_tokens_are_then_refused():
    clock = Clock()
    service, table, clients = seated("bouillotte", [S, S, "rule"], clock=clock, close_after=300)
    token = clients[0].token
    for client in clients.values():
        client.close()
    clock.now += 299
    list(service.sweep())
    assert not table.closed and table.code in service.tables
    clock.now += 2
    assert list(service.sweep()) == [table]
    assert table.closed and table.code not in service.tables
    assert table.frame(0)["status"].startswith("This table is closed")
    with pytest.raises(Refused, match=f"There is no table {table.code} here"):
        service.connect(table.code)
    with pytest.raises(Refused, match="This table is closed"):
        table.rejoin(token)


def test_a_spectator_keeps_a_table_open_and_sees_what_everyone_may_see_and_no_hidden_card():
    clock = Clock()
    service, table, clients = seated("trappola", [S, "rule", S], clock=clock, close_after=60)
    witness = Witness(table)
    teacher = service.connect(table.code)
    assert send(teacher, {"type": "watch"}) == [{"type": "watching", "code": table.code}]
    frame = teacher.frame()
    assert frame is not None and frame["me"] is None
    witness.check(frame)
    assert frame["view"]["deal"]["hand"] == [] and frame["view"]["legal"] == []
    for client in clients.values():
        client.close()
    clock.now += 600
    list(service.sweep())
    assert not table.closed  # the teacher is there
    teacher.close()
    clock.now += 61
    list(service.sweep())
    assert table.closed


def test_a_table_that_cannot_be_played_is_refused_in_a_sentence():
    service = TableService()
    cases = [
        (("poker", [S, S]), "Choose one of the games here"),
        (("czech-bulka", [S] * 4), "Czech Bulka is for 2 to 3 players, not 4"),
        (("bouillotte", [S, S]), "Bouillotte is for 3 to 5 players, not 2"),
        (("trappola", [S, "genius"]), "Seat 2 must be a student's or the computer's"),
        (("trappola", ["rule", "rule"]), "Every seat is the computer's"),
        (("czech-bulka", [S, S], {"meld_scope": "nonsense"}), "These house rules cannot be used"),
        (("czech-bulka", [S, S], None, "CB2-std-4KQ7M2XA-Q"), "That deal code cannot be used"),
        (("czech-bulka", [S, S, S], None, "CB2-std-7"), "That deal code cannot be used"),
        (("trappola", [S, S], None, "CB2-std-7"), "it is a deal of Czech Bulka, and this table plays Trappola"),
    ]
    for args, sentence in cases:
        with pytest.raises(Refused, match=re.escape(sentence)):
            service.create(*args)
    assert not service.tables
    full = TableService(Limits(tables=2))
    full.create("czech-bulka", [S, S])
    full.create("czech-bulka", [S, S])
    with pytest.raises(Refused, match="holds 2 tables, as many as it may"):
        full.create("czech-bulka", [S, S])


def test_a_deal_code_and_the_same_moves_replay_the_same_game_computers_included():
    records = []
    for _ in range(2):
        service = TableService(clock=Clock())
        table = service.create("trappola", [S, "rule", S, "rule"], deal="TR4-std-7")
        tokens = {s: table.join(n)[1] for s, n in zip((0, 2), ("Ann", "Ben"), strict=True)}
        rng = random.Random(5)
        for _ in range(12):
            game = table._game
            if game.to_move is None:
                break
            table.act(tokens[game.to_move], rng.choice(game.legal_actions()))
        records.append(table._game.record())
    assert records[0] == records[1] and len(records[0].actions) > 12


# --- whole deals: every game, every player count, students and computers; no frame names a hidden card -------------
DEALS = [
    ("czech-bulka", [S, S]), ("czech-bulka", [S, "rule", S]),
    ("trappola", [S, S]), ("trappola", [S, S, "rule"]), ("trappola", [S, "rule", S, "rule"]),
    ("bouillotte", [S, S, "rule"]), ("bouillotte", [S, "rule", S, S]), ("bouillotte", [S, "rule", S, "rule", S]),
]


@pytest.mark.parametrize("game, seats", DEALS, ids=[f"{g}-{len(s)}-{s.count(S)}students" for g, s in DEALS])
def test_a_whole_deal_sends_each_seat_only_its_own_view_and_a_spectator_no_hidden_card(game, seats):
    clock = Clock()
    service = TableService(clock=clock)
    table = service.create(game, seats)
    witness = Witness(table)
    teacher = service.connect(table.code)
    send(teacher, {"type": "watch"})
    clients: dict[int, Client] = {}
    latest: dict[int, dict[str, Any]] = {}
    for name in NAMES[:seats.count(S)]:
        client = service.connect(table.code)
        clients[send(client, {"type": "join", "name": name})[0]["seat"]] = client
        for frame in frames(service, table, witness):
            if frame["me"] is not None:
                latest[frame["me"]] = frame
    rng = random.Random(len(seats))
    ended = None
    for _ in range(400):
        mover = next((s for s, f in latest.items() if f["view"] and f["view"]["legal"] and f["version"]
                      == table.version), None)
        assert mover is not None, "no student is asked, and the computer does not play"
        action = rng.choice([a for a in latest[mover]["view"]["legal"] if a != "tapis"]
                            or latest[mover]["view"]["legal"])  # chosen from the student's own frame
        assert send(clients[mover], {"type": "act", "action": action}) == []
        for frame in frames(service, table, witness):
            if frame["me"] is not None:
                latest[frame["me"]] = frame
            if frame["ended_deal"] is not None:
                ended = frame
        if ended is not None:
            break
    assert ended is not None, "the deal did not end"
    assert ended["ended"]["deal"]["number"] == table._game.deals[ended["ended_deal"]].number
    assert witness.frames >= 3 * len(clients)
    assert any(frame["news"] for frame in latest.values())

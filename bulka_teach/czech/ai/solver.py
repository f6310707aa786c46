"""The exact solver of Czech Bulka's play phase with every card open.

It works on its own compact ``Position`` (hands as 32-bit masks of card indices, suit * 8 + natural
rank), not on the engine's ``Deal``, and searches with alpha-beta over whole tricks, a transposition
table keyed by the two hands at each trick's start (bounds and the best card found), memoised exact
values of two-card endings, move ordering (the table's best card first; leads strongest first, plain
suits before trumps; answers that win the trick first, the strongest, then the cheapest losers) and
equivalent cards merged. ``solve`` values each legal card by MTD(f): null-window searches from the
value of the card before it (cards often tie), the table keeping what each proved; that is about
a tenth cheaper than one full-window search per card. ``declarer_makes_it`` asks only whether the
declarer wins (one null-window search, several times faster than the exact margin).

**Value.** ``solve`` gives, for every legal card of the player to move, the *margin*: the points that
player wins from here on (the cards of the trick on the table and of every later trick, the last
trick's 10, bela's change under ``bela_mode=capture``) minus the points the opponent wins from here on,
when both play perfectly afterwards. The margin is zero-sum, so it is also what decides the game:
``final_margin`` adds the points already certain (card points of finished tricks, the scored melds,
bela) and ``declarer_wins`` turns that into the game's outcome (the declarer needs strictly more).

**Equivalent cards.** Two cards of one hand are merged when they are of one suit, adjacent in trick
order among the cards still in play (no card of that suit in either hand or on the table lies between
them) and worth the same points: whichever is played, every trick goes the same way and scores the same.
Cards of different points are never merged (a 10 and a king next to each other still differ in value).

**Melds and bela.** Melds are settled at the first trick, so they are constants in ``Position.scored``.
With ``bela_mode=holder`` the bela's 40 is a constant too and the trump O counts 0 (its 20 counts for
nobody). With ``bela_mode=capture`` and bela at stake (someone held trump O and K together), the search
tracks who won the first of the two: when one player wins both, that player gets 40 and the O's 20
is taken back from him; when they are split, the O's 20 counts as usual.

**Not modelled.** The in-play šíbr (a player exchanging the visible stock trump once during play) is
outside the search: the position's hands are fixed. A bot weighs that decision by solving both
branches (hands with and without the exchange), see ``bulka_teach.bots.sampling``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, partial
from typing import Any

from ...bots.mtdf import mtdf
from ..melds import HUNDRED, Meld, find_melds, meld_winner, parse_meld, scored_melds
from ..rules import (
    BELA,
    LAST_TRICK,
    PACK,
    PLAIN_POINTS,
    PLAIN_STRENGTH,
    POINTS_WITH_TRUMP,
    RANK,
    SUITS,
    TRICK_RULES,
    TRUMP_POINTS,
    TRUMP_STRENGTH,
)
from .sampler import Knowledge, World, held_at_checks, opponent_melds, played_by, read_view

INF = 10_000
_O, _K = RANK["O"], RANK["K"]
#: Bela states, relative to the player to move (at a trick's start: the leader).
BELA_NONE, BELA_PENDING, BELA_MINE, BELA_THEIRS = 0, 1, 2, 3


@dataclass(frozen=True)
class Position:
    """A play-phase position with all cards open, seen from the player to move (player 0).

    ``hands``: (mover's, opponent's) card masks (bit ``suit * 8 + rank``); ``led``: the card the
    opponent led to this trick, or -1 when the mover leads; ``scored``: points already certain for
    (mover, opponent); ``declarer``: 0 or 1; ``seats``: the engine's seat numbers of (mover, opponent);
    ``o_points``: what the trump O is worth in a trick (0 when bela is scored in ``holder`` mode);
    ``bela``: one of the BELA_* states (``capture`` mode: who won the first of trump O and K).
    """

    trump: int
    hands: tuple[int, int]
    led: int = -1
    must_beat: bool = False
    scored: tuple[int, int] = (0, 0)
    declarer: int = 0
    seats: tuple[int, int] = (0, 1)
    o_points: int = 20
    bela: int = BELA_NONE


@dataclass
class Solution:
    """Every legal card's margin (code → points), the best card and the search's node count."""

    values: dict[str, int]
    best: str
    nodes: int = 0
    position: Position | None = field(default=None, repr=False)


def solve(position: Position) -> Solution:
    """The exact margin of every legal card of the player to move (see the module's docstring)."""
    hl, hf = position.hands
    legal = _legal_mask(hl, position.led, position.trump, position.must_beat)
    if not legal:
        raise ValueError("the player to move holds no card: the play phase is over")
    values: dict[str, int] = {}
    in_play = hl | hf | (1 << position.led if position.led >= 0 else 0)
    guess = 0
    with _Search(position.trump, position.must_beat, position.o_points) as search:
        for rep, group in search.groups(legal, in_play, position.led):
            if position.led < 0:
                value = guess = search.lead_exact(rep, hl ^ (1 << rep), hf, position.bela, guess)
            else:
                # the mover follows: the opponent led, so the search's leader is the opponent
                value = -search.answer(position.led, rep, hf, hl ^ (1 << rep), _other_side(position.bela))
            for card in _bits(group):
                values[PACK.cards[card].code] = value
        nodes = search.nodes
    best = max(values, key=values.__getitem__)
    return Solution(values, best, nodes, position)


def best_value(position: Position) -> int:
    """The margin of the mover's best card only (cheaper than ``solve``, which values every card)."""
    hl, hf = position.hands
    if not hl:
        raise ValueError("the player to move holds no card: the play phase is over")
    with _Search(position.trump, position.must_beat, position.o_points) as search:
        if position.led < 0:
            return search.exact(hl, hf, position.bela)
        legal = _legal_mask(hl, position.led, position.trump, position.must_beat)
        in_play = hl | hf | (1 << position.led)
        return max(-search.answer(position.led, rep, hf, hl ^ (1 << rep), _other_side(position.bela))
                   for rep, _ in search.groups(legal, in_play, position.led))


def declarer_makes_it(position: Position) -> bool:
    """Whether the declarer wins the game from here with best play on both sides (``declarer_wins`` of the
    best card), found by a null-window search: a yes-or-no question is much cheaper than the exact margin."""
    hl, hf = position.hands
    if position.led >= 0 or hl.bit_count() < 3:
        return declarer_wins(position, best_value(position))
    ahead = position.scored[0] - position.scored[1]
    with _Search(position.trump, position.must_beat, position.o_points) as search:
        if position.declarer == 0:  # the mover needs a final margin above 0: a value of at least 1 - ahead
            return search.lead(hl, hf, position.bela, -ahead, 1 - ahead) >= 1 - ahead
        return search.lead(hl, hf, position.bela, -ahead - 1, -ahead) < -ahead  # the mover's margin below 0


def final_margin(position: Position, value: int) -> int:
    """The mover's final points minus the opponent's, for a card of margin ``value``."""
    return position.scored[0] - position.scored[1] + value


def declarer_wins(position: Position, value: int) -> bool:
    """Whether the declarer wins the game when the mover plays a card of margin ``value`` (ties lose)."""
    margin = final_margin(position, value)
    return margin > 0 if position.declarer == 0 else margin < 0


def _other_side(bela: int) -> int:
    """A bela state told from the other player's side."""
    return bela ^ 1 if bela >= BELA_MINE else bela


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


_legal_mask = TRICK_RULES.follow_mask  # cards of a hand that may follow a card led: the shared trick rules, fast form
_ABOVE = tuple(TRICK_RULES.above[t] for t in range(4))  # same-suit cards stronger than each card


#: Per suit kind (plain, trump with the O at 20, trump with the O at 0): points and strength by natural rank.
_KIND_POINTS = (PLAIN_POINTS[:8], TRUMP_POINTS[:8], tuple(0 if r == _O else p for r, p in enumerate(TRUMP_POINTS[:8])))
_KIND_STRENGTH = (PLAIN_STRENGTH[:8], TRUMP_STRENGTH[:8], TRUMP_STRENGTH[:8])
LEAD, FOLLOW, TRUMP_IN, DISCARD = 0, 1, 2, 3  # how a suit's cards are ordered
#: The most entries each of ``_SUIT_MOVES`` and ``_SUIT_REPS`` holds (under half a MB). Their keys are one suit's
#: cards in play (3^8 ways per suit, kind of suit, order and card to beat): unbounded, a kernel that solves deal after
#: deal met 69,282 of them in 1,000 practice deals, about 30 MB kept for good. Full, a cache starts over: 240 solves
#: of full deals took the same processor time with 1,000, 2,000, 5,000, 40,000 entries or no bound (a search's own
#: working set is small), and ``bench solver`` the same median as before.
SUIT_CACHE_LIMIT = 2_000
_SUIT_MOVES: dict[int, tuple[tuple[int, int], ...]] = {}
_SUIT_REPS: dict[int, tuple[int, ...]] = {}  # the representative cards only (what the search iterates)


def _remember(cache: dict[int, Any], key: int, value: Any) -> Any:
    """``cache[key] = value``, the cache emptied first when it holds ``SUIT_CACHE_LIMIT`` entries."""
    if len(cache) >= SUIT_CACHE_LIMIT:
        cache.clear()
    cache[key] = value
    return value


def suit_moves(suit: int, kind: int, own: int, others: int, mode: int, pivot: int = 0) -> tuple[tuple[int, int], ...]:
    """One suit's cards of a hand, merged and ordered: (representative card, mask of the cards equivalent to it).

    ``own``/``others``: rank bytes of the mover's candidate cards and of every other card of the suit in
    play (either hand, the table). ``mode``: LEAD strongest first; FOLLOW the cheapest card beating strength
    ``pivot`` first, then the others weakest first; TRUMP_IN and DISCARD weakest first.
    """
    key = own | others << 8 | kind << 16 | mode << 18 | pivot << 20 | suit << 28
    found = _SUIT_MOVES.get(key)
    if found is None:
        found = _remember(_SUIT_MOVES, key, _merge_suit(suit, kind, own, others, mode, pivot))
    return found


def suit_reps(suit: int, kind: int, own: int, others: int, mode: int, pivot: int = 0) -> tuple[int, ...]:
    """``suit_moves`` without the masks of equivalent cards."""
    key = own | others << 8 | kind << 16 | mode << 18 | pivot << 20 | suit << 28
    found = _SUIT_REPS.get(key)
    if found is None:
        found = _remember(_SUIT_REPS, key, tuple([g[0] for g in _merge_suit(suit, kind, own, others, mode, pivot)]))
    return found


@cache
def _tricks(trump: int, o_points: int) -> tuple[tuple[bool, int], ...]:
    """By ``led << 5 | answer``: whether the answer wins the trick (the shared trick rules), and the two cards'
    points."""
    pts = list(POINTS_WITH_TRUMP[trump])
    pts[trump * 8 + _O] = o_points
    cards = PACK.cards
    return tuple((TRICK_RULES.beats(cards[f], cards[c], trump), pts[c] + pts[f]) for c in range(32) for f in range(32))


#: Per suit kind, the natural ranks strongest first.
_KIND_ORDER = tuple(tuple(sorted(range(8), key=strength.__getitem__, reverse=True)) for strength in _KIND_STRENGTH)


def _merge_suit(suit: int, kind: int, own: int, others: int, mode: int, pivot: int) -> tuple[tuple[int, int], ...]:
    # Every search meets a few hundred new suit patterns (a tenth of its time went here): no sort, no closure.
    pts = _KIND_POINTS[kind]
    base = suit * 8
    groups: list[tuple[int, int]] = []  # (card, mask of the group), strongest first
    last = -1  # the points of the last group's cards while the next own card may join it (nothing in play between)
    for rank in _KIND_ORDER[kind]:
        if own >> rank & 1:
            if pts[rank] == last:
                card, mask = groups[-1]
                groups[-1] = card, mask | 1 << (base + rank)
            else:
                groups.append((base + rank, 1 << (base + rank)))
                last = pts[rank]
        elif others >> rank & 1:
            last = -1
    if mode == FOLLOW:
        # winners first, the strongest first (it takes the most points); then losers, the cheapest first. The card
        # led lies between them, so no group holds both.
        strength = _KIND_STRENGTH[kind]
        wins = sum(1 for card, _ in groups if strength[card - base] > pivot)
        groups[wins:] = groups[wins:][::-1]
    elif mode != LEAD:
        groups.reverse()
    return tuple(groups)


class _Search:
    """One search: a trump's tables, the transposition table and the node count (``with _Search(…) as search``).

    The recursive steps are closures over local tables (faster than attribute look-ups in CPython):
    ``lead`` (a trick's start, alpha-beta with the transposition table, the follower's answers to each
    card inlined), ``follow`` (the follower's answers to the first card led), ``small`` (the exact value of a
    two-card ending, memoised) and ``answer`` (a trick whose two cards are chosen, then exact play).
    """

    def __init__(self, trump: int, must_beat: bool, o_points: int) -> None:
        bela_cards = (1 << (trump * 8 + _O)) | (1 << (trump * 8 + _K))
        above = _ABOVE[trump]
        trump_kind = 1 if o_points else 2
        kind_of = [trump_kind if s == trump else 0 for s in range(4)]
        #: (suit, shift, kind): plain suits first, trumps last
        suits = tuple((s, s * 8, 0) for s in range(4) if s != trump) + ((trump, trump * 8, trump_kind),)
        reps_cache = _SUIT_REPS
        outcomes = _tricks(trump, o_points)
        tt: dict[int, tuple[int, int, list[int]]] = {}
        memo: dict[int, int] = {}
        self.tt, self.memo = tt, memo
        expanded = self._expanded = [0]  # a list, so that the closures need not hold ``self`` (see ``__del__``)

        def groups(moves: int, in_play: int, led: int = -1, pick=suit_moves) -> list:
            """The candidate cards merged and ordered (see ``suit_moves``); ``led``: the card answered."""
            out: list = []
            for suit, shift, kind in suits:
                own = moves >> shift & 0xFF
                if own:
                    others = in_play >> shift & 0xFF & ~own
                    if led < 0:
                        out += pick(suit, kind, own, others, LEAD)
                    elif suit == led >> 3:
                        out += pick(suit, kind, own, others, FOLLOW, _KIND_STRENGTH[kind][led & 7])
                    elif suit == trump:
                        out += pick(suit, kind, own, others, TRUMP_IN)
                    else:
                        out += pick(suit, kind, own, others, DISCARD)
            return out

        # The hot paths below look ``_SUIT_REPS`` up inline (its key's constant part precomputed), calling
        # ``suit_reps`` only to fill it: a Python call per suit was a fifth of the search's time.
        lead_tags = tuple((shift, kind << 16 | LEAD << 18 | suit << 28) for suit, shift, kind in suits)
        discard_tags = tuple((shift, DISCARD << 18 | suit << 28) for suit, shift, _ in suits[:3])
        trump_shift = trump * 8
        trump_tag = trump_kind << 16 | TRUMP_IN << 18 | trump << 28
        follow_tags = tuple(kind_of[c >> 3] << 16 | FOLLOW << 18 | _KIND_STRENGTH[kind_of[c >> 3]][c & 7] << 20
                            | (c >> 3) << 28 for c in range(32))

        def _fill(key: int) -> tuple[int, ...]:
            """``_SUIT_REPS`` for a key it lacks (the key's fields taken apart again)."""
            return suit_reps(key >> 28, key >> 16 & 3, key & 0xFF, key >> 8 & 0xFF, key >> 18 & 3, key >> 20 & 0xFF)

        def lead_moves(hl: int, in_play: int) -> list[int]:
            """The leader's cards merged and ordered, as ``groups(hl, in_play)`` gives them (the representatives)."""
            out: list[int] = []
            for shift, tag in lead_tags:
                own = hl >> shift & 0xFF
                if own:
                    key = own | (in_play >> shift & 0xFF & ~own) << 8 | tag
                    found = reps_cache.get(key)
                    out += found if found is not None else _fill(key)
            return out

        def answers(c: int, hf: int, in_play: int):
            """The follower's legal cards against ``c``, merged and ordered (as ``groups`` would give them)."""
            shift = c & 0x18
            same = hf >> shift & 0xFF
            if same:
                if must_beat:
                    higher = same & (above[c] >> shift)
                    if higher:
                        same = higher
                key = same | ((in_play >> shift & 0xFF) & ~same) << 8 | follow_tags[c]
            else:
                own = hf >> trump_shift & 0xFF
                if not own:  # discards, plain suits in order
                    out: list[int] = []
                    for shift, tag in discard_tags:
                        own = hf >> shift & 0xFF
                        if own:
                            key = own | (in_play >> shift & 0xFF & ~own) << 8 | tag
                            found = reps_cache.get(key)
                            out += found if found is not None else _fill(key)
                    return out
                key = own | (in_play >> trump_shift & 0xFF & ~own) << 8 | trump_tag
            found = reps_cache.get(key)
            return found if found is not None else _fill(key)

        def close(c: int, f: int, bela: int) -> tuple[int, int, bool]:
            """The trick c-f: its worth to the winner (no last-trick bonus), the winner's bela state, who won."""
            follower_wins, worth = outcomes[c << 5 | f]
            if bela:
                if bela_cards & ((1 << c) | (1 << f)):
                    extra, bela = _bela_step(bela_cards, c, f, bela, follower_wins)
                    worth += extra
                elif follower_wins and bela >= BELA_MINE:
                    bela ^= 1  # told from the winner's side
            return worth, bela, follower_wins

        def last_trick(hl: int, hf: int, bela: int) -> int:
            worth, _, follower_wins = close(hl.bit_length() - 1, hf.bit_length() - 1, bela)
            return -worth - LAST_TRICK if follower_wins else worth + LAST_TRICK

        def small(hl: int, hf: int, bela: int) -> int:
            """The leader's exact margin with two cards each (memoised: it is reached very often)."""
            key = hl | (hf << 32) | (bela << 64)
            found = memo.get(key)
            if found is not None:
                return found
            best = -INF
            in_play = hl | hf
            for c in lead_moves(hl, in_play):
                rest_l = hl ^ (1 << c)
                worst = INF
                for f in answers(c, hf, in_play):
                    rest_f = hf ^ (1 << f)
                    worth, bela_next, follower_wins = close(c, f, bela)
                    if follower_wins:
                        value = -worth - last_trick(rest_f, rest_l, bela_next)
                    else:
                        value = worth + last_trick(rest_l, rest_f, bela_next)
                    if value < worst:
                        worst = value
                        if worst <= best:  # no better than a card already found
                            break
                if worst > best:
                    best = worst
            memo[key] = best
            return best

        def lead(hl: int, hf: int, bela: int, alpha: int, beta: int) -> int:
            """The leader's margin from a trick's start (three cards each or more), within (alpha, beta)."""
            key = hl | (hf << 32) | (bela << 64)
            entry = tt.get(key)
            if entry is not None:
                low, high, moves = entry
                if low >= beta or low == high:
                    return low
                if high <= alpha:
                    return high
                if low > alpha:
                    alpha = low
                if high < beta:
                    beta = high
            else:
                low, high = -INF, INF
                moves = lead_moves(hl, hl | hf)
            expanded[0] += 1
            start_alpha = alpha
            best, best_at = -INF, 0
            in_play = hl | hf
            deep = hl.bit_count() > 3  # whether the trick leaves three cards each or more (else two: ``small``)
            # ``follow``'s loop, inlined (a Python call per card led cost a twentieth of the search's time)
            for at, c in enumerate(moves):
                rest_l = hl ^ (1 << c)
                ceiling, worst = beta, INF
                row = c << 5
                for f in answers(c, hf, in_play):
                    rest_f = hf ^ (1 << f)
                    follower_wins, worth = outcomes[row | f]
                    bela_next = bela
                    if bela:
                        if bela_cards & ((1 << c) | (1 << f)):
                            extra, bela_next = _bela_step(bela_cards, c, f, bela, follower_wins)
                            worth += extra
                        elif follower_wins and bela >= BELA_MINE:
                            bela_next = bela ^ 1  # told from the winner's side
                    if deep:
                        if follower_wins:
                            value = -worth - lead(rest_f, rest_l, bela_next, -ceiling - worth, -alpha - worth)
                        else:
                            value = worth + lead(rest_l, rest_f, bela_next, alpha - worth, ceiling - worth)
                    elif follower_wins:
                        value = -worth - small(rest_f, rest_l, bela_next)
                    else:
                        value = worth + small(rest_l, rest_f, bela_next)
                    if value < worst:
                        worst = value
                        if value < ceiling:
                            ceiling = value
                            if ceiling <= alpha:
                                break
                if worst > best:
                    best, best_at = worst, at
                    if worst > alpha:
                        alpha = worst
                        if alpha >= beta:
                            break
            if best_at:  # the best card is tried first next time
                moves = [moves[best_at]] + moves[:best_at] + moves[best_at + 1:]
            if best <= start_alpha:
                tt[key] = (low, best, moves)
            elif best >= beta:
                tt[key] = (best, high, moves)
            else:
                tt[key] = (best, best, moves)
            return best

        def follow(c: int, hl: int, hf: int, bela: int, alpha: int, beta: int) -> int:
            """The leader's margin after leading ``c`` (``hl`` without it), within (alpha, beta): the follower
            minimises it. The first card's step, once per search pass (``lead`` runs the same loop inline)."""
            deep = hl.bit_count() > 2  # whether the trick leaves three cards each or more (``lead``'s table)
            best = INF
            for f in answers(c, hf, hl | hf | (1 << c)):
                rest = hf ^ (1 << f)
                if not deep:
                    value = answer(c, f, hl, rest, bela)
                else:
                    worth, bela_next, follower_wins = close(c, f, bela)
                    if follower_wins:
                        value = -worth - lead(rest, hl, bela_next, -beta - worth, -alpha - worth)
                    else:
                        value = worth + lead(hl, rest, bela_next, alpha - worth, beta - worth)
                if value < best:
                    best = value
                    if value < beta:
                        beta = value
                        if beta <= alpha:
                            break
            return best

        def exact(hl: int, hf: int, bela: int) -> int:
            """The leader's exact margin from a trick's start, however many cards are left."""
            left = hl.bit_count()
            if left == 0:
                return 0
            if left == 1:
                return last_trick(hl, hf, bela)
            if left == 2:
                return small(hl, hf, bela)
            return lead(hl, hf, bela, -INF, INF)

        def answer(c: int, f: int, hl: int, hf: int, bela: int) -> int:
            """The leader's exact margin when ``c`` was led and ``f`` answers it (hands without both)."""
            worth, bela_next, follower_wins = close(c, f, bela)
            if hl == 0:
                worth += LAST_TRICK
            if follower_wins:
                return -worth - exact(hf, hl, bela_next)
            return worth + exact(hl, hf, bela_next)

        def lead_exact(c: int, hl: int, hf: int, bela: int, guess: int = 0) -> int:
            """The leader's exact margin after leading ``c`` (``hl`` without it), by MTD(f) from ``guess``."""
            return mtdf(partial(follow, c, hl, hf, bela), guess)

        self.groups, self.answer, self.lead_exact, self.exact, self.lead = groups, answer, lead_exact, exact, lead

    @property
    def nodes(self) -> int:
        """Positions searched: trick starts expanded by alpha-beta, plus two-card endings valued."""
        return self._expanded[0] + len(self.memo)

    def __enter__(self) -> _Search:
        return self

    def __exit__(self, *exc: object) -> None:
        # The recursive closures refer to one another, a cycle only the garbage collector frees, and with them the
        # tables: emptied as each use ends, a sampling bot's worlds do not pile up until a collection. (``__del__``
        # did it in the Python source, but the compiled class never ran it for searches made by compiled code: a
        # practice kernel kept 8 MB more.)
        self.tt.clear()
        self.memo.clear()


def _bela_step(bela_cards: int, c: int, f: int, bela: int, follower_wins: bool) -> tuple[int, int]:
    """Capture mode, a trick holding trump O or K: the winner's extra points, the bela state for the winner."""
    if bela_cards & ((1 << c) | (1 << f)) == bela_cards:
        return BELA - 20, BELA_NONE  # both: the 40, less the O's 20 already in the trick's worth
    if bela == BELA_PENDING:
        return 0, BELA_MINE  # the winner leads next and holds the first of the two
    if (bela == BELA_MINE) != follower_wins:
        return BELA - 20, BELA_NONE  # the one who won the first wins the second
    return 0, BELA_NONE  # split: no bela, the O's 20 counts


# --- building positions -----------------------------------------------------------------------
def _mask(codes) -> int:
    m = 0
    for code in codes:
        m |= 1 << PACK.card(code).index
    return m


@dataclass(frozen=True)
class PlayState:
    """The facts a position is built from, by engine seat (codes), whoever provides them (a deal or a world)."""

    trump: int
    rules: dict
    seats: tuple[int, int]  # (forehand, dealer)
    declarer: int
    mover: int
    hands: dict[int, list[str]]
    trick: list[tuple[int, str]]
    tricks: list[tuple[list[str], int]]  # (the two cards, the winner)
    declared: dict[int, list[Meld]]
    first_card_played: dict[int, bool]
    meld_winner: int | None
    scored_melds: int
    bela_holder: int | None
    hundred_asked: bool


def position_from_state(state: PlayState) -> Position:
    """A solver position from play-state facts (used by both builders below)."""
    trump = state.trump
    mover = state.mover
    other = state.seats[0] if state.seats[1] == mover else state.seats[1]
    capture = state.rules.get("bela_mode", "holder") == "capture"
    table = POINTS_WITH_TRUMP[trump]
    o_card, k_card = trump * 8 + _O, trump * 8 + _K
    o_zero = state.bela_holder is not None and not capture
    scored = {mover: 0, other: 0}
    won_by: dict[int, int] = {}
    for cards, winner in state.tricks:
        for code in cards:
            index = PACK.card(code).index
            won_by[index] = winner
            scored[winner] += 0 if (o_zero and index == o_card) else table[index]
    if len(state.tricks) == 9:
        raise ValueError("the play phase is over: nothing to solve")
    scored = _add_melds(state, scored, mover, other)
    bela = BELA_NONE
    if state.bela_holder is not None:
        if not capture:
            scored[state.bela_holder] += BELA
        else:
            bela, scored = _capture_state(state, won_by, o_card, k_card, mover, scored)
    hands = (_mask(state.hands[mover]), _mask(state.hands[other]))
    led = -1
    if state.trick:
        seat, code = state.trick[0]
        if seat == mover:
            raise ValueError("the mover has already played to this trick")
        led = PACK.card(code).index
    return Position(trump=trump, hands=hands, led=led, must_beat=bool(state.rules.get("must_beat", False)),
                    scored=(scored[mover], scored[other]), declarer=0 if state.declarer == mover else 1,
                    seats=(mover, other), o_points=0 if o_zero else 20, bela=bela)


def _capture_state(state: PlayState, won_by: dict[int, int], o_card: int, k_card: int, mover: int,
                   scored: dict[int, int]) -> tuple[int, dict[int, int]]:
    in_hands = 0
    for seat in state.seats:
        in_hands |= _mask(state.hands[seat])
    for _, code in state.trick:
        in_hands |= 1 << PACK.card(code).index
    o_at, k_at = won_by.get(o_card), won_by.get(k_card)
    o_live, k_live = o_at is not None or in_hands >> o_card & 1, k_at is not None or in_hands >> k_card & 1
    if not (o_live and k_live):
        return BELA_NONE, scored
    if o_at is not None and k_at is not None:
        if o_at == k_at:
            scored[o_at] += BELA - 20
        return BELA_NONE, scored
    first = o_at if o_at is not None else k_at
    if first is None:
        return BELA_PENDING, scored
    return (BELA_MINE if first == mover else BELA_THEIRS), scored


def _add_melds(state: PlayState, scored: dict[int, int], mover: int, other: int) -> dict[int, int]:
    """Scored melds: settled after trick 1; before, a seat yet to play its first card declares all it may."""
    if state.meld_winner is not None:
        scored[state.meld_winner] += state.scored_melds
        return scored
    declared: dict[int, list[Meld]] = {}
    for seat in state.seats:
        if state.first_card_played[seat]:
            declared[seat] = list(state.declared[seat])
        else:
            allowed = seat == state.declarer or state.hundred_asked
            declared[seat] = [m for m in find_melds(PACK.cards_of(state.hands[seat])) if m.kind < HUNDRED or allowed]
    winner = meld_winner(*state.seats, declared)
    if winner is not None:
        scored[winner] += sum(m.points for m in scored_melds(declared[winner],
                                                             state.rules.get("meld_scope", "all_of_winner")))
    return scored


def position_from_deal(deal) -> Position:
    """The open-card position of an engine ``Deal`` in play (for tests and benches: it sees every hand)."""
    if deal.phase != "play":
        raise ValueError(f"the deal is in its {deal.phase!r} phase, not in play")
    seats = deal.seats
    state = PlayState(
        trump=deal.trump, rules=deal.rules.to_dict(), seats=seats, declarer=deal.declarer, mover=deal.to_move,
        hands={s: [c.code for c in deal.hands[s]] for s in seats},
        trick=[(s, c.code) for s, c in deal.trick],
        tricks=[([c.code for _, c in t], w) for t, w in deal.tricks],
        declared={s: list(deal.melds[s].declared) for s in seats},
        first_card_played={s: bool(deal.tricks) or any(p == s for p, _ in deal.trick) for s in seats},
        meld_winner=deal.meld_winner, scored_melds=sum(m.points for m in deal.scored_melds),
        bela_holder=deal.bela_holder, hundred_asked=deal.hundred_asked)
    return position_from_state(state)


def bela_holder(trump: int, held: dict[int, list[set[str]]]) -> int | None:
    """The seat that held trump O and K together at one of the engine's checks (``held_at_checks``)."""
    o, k = PACK.cards[trump * 8 + _O].code, PACK.cards[trump * 8 + _K].code
    return next((seat for seat, moments in held.items() if any(o in cards and k in cards for cards in moments)), None)


def play_state_from_world(view: dict[str, Any], world: World, knowledge: Knowledge | None = None) -> PlayState:
    """The play-state facts of a seat's view in play, with the hidden cards as ``world`` deals them.

    ``knowledge``: ``read_view(view)`` when the caller has it already (a bot reads a view once).
    """
    deal = view["deal"]
    if deal is None or deal["phase"] != "play":
        raise ValueError("a position is built in the play phase; this view's deal is not in play")
    knowledge = knowledge or read_view(view)
    viewer, opp = knowledge.viewer, knowledge.opponent
    seats = (deal["forehand"], deal["dealer"])
    trump = SUITS.index(deal["trump"])
    played = played_by(deal, viewer, opp)
    own = [parse_meld(e["meld"]) for e in deal["melds"].get(str(viewer), [])]
    return PlayState(
        trump=trump, rules=view["rules"], seats=seats, declarer=deal["declarer"], mover=deal["to_move"],
        hands={s: list(world.hands[s]) for s in seats}, trick=[(e["seat"], e["card"]) for e in deal["trick"]],
        tricks=[(list(t["cards"]), t["winner"]) for t in deal["tricks"]],
        declared={viewer: own, opp: opponent_melds(knowledge, world)},
        first_card_played={s: bool(played[s]) for s in seats}, meld_winner=deal["meld_winner"],
        scored_melds=deal["meld_points"], bela_holder=bela_holder(trump, held_at_checks(view, world)),
        hundred_asked=any(e["kind"] == "ask-hundred" for e in view.get("log", [])))


def position_from_world(view: dict[str, Any], world: World) -> Position:
    """The open-card position of a seat's view in play, with the hidden cards as ``world`` deals them."""
    return position_from_state(play_state_from_world(view, world))


__all__ = ["Position", "Solution", "PlayState", "solve", "best_value", "declarer_makes_it", "final_margin",
           "declarer_wins",
           "position_from_deal", "position_from_state", "position_from_world", "play_state_from_world", "bela_holder",
           "BELA_NONE", "BELA_PENDING", "BELA_MINE", "BELA_THEIRS"]

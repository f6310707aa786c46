"""The exact solver of a Trappola Partie's play with every card open: nine tricks and their trick bonuses.

It works on its own compact ``Position`` (hands as 36-bit masks, bit ``suit * 9 + rank``, the Two rank 0), not on the
engine's ``Partie``, and searches with alpha-beta over whole tricks, a transposition table keyed by the two hands
and the leader's run of Two-won tricks at each trick's start (bounds and the best card found), move ordering (the
table's best card first; leads highest first; answers that win the trick first, then the cheapest losers) and
equivalent cards merged (two cards of one hand, of one suit, worth no points, neither a Two, with no card in play
between them: whichever is played, every trick goes the same way).

**Value.** ``solve`` gives, for every legal card of the player to move, the *margin*: the points that player wins
from here on minus the points the opponent wins from here on, when both play perfectly: the card points of the
trick on the table and of every later trick, the plain last trick, and the trick bonuses as ``bonuses.py`` counts
them — Marc for trick 1, the Two's bonus for tricks 2–8, and for the last tricks won by one seat's Twos the one
bonus that covers them (the 10s already credited for the tricks it covers are taken back). Declarations are
constants once made, and the points already won are in ``Position.scored``: ``final_margin`` adds them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ...bots.mtdf import mtdf
from ..rules import PACK, TRICKS, TrappolaRules

INF = 100_000
RANKS = 9  # 2 7 8 9 X F C R A
SUIT_BITS = (1 << RANKS) - 1


@dataclass(frozen=True)
class Position:
    """A play position with all cards open, seen from the player to move (player 0).

    ``hands``: (mover's, opponent's) card masks; ``led``: the card the opponent led to this trick, or -1 when the
    mover leads; ``run``: how many of the last tricks (at most two) the leader of this trick won with his own Twos
    (the last-tricks bonus covers them); ``scored``: points already certain for (mover, opponent) — card points won,
    bonuses credited so far, declarations; ``seats``: the engine's seat numbers of (mover, opponent).
    """

    hands: tuple[int, int]
    led: int = -1
    run: int = 0
    scored: tuple[int, int] = (0, 0)
    seats: tuple[int, int] = (0, 1)


@dataclass
class Solution:
    """Every legal card's margin (code → points), the best card and the search's node count."""

    values: dict[str, int]
    best: str
    nodes: int = 0
    position: Position | None = field(default=None, repr=False)


def final_margin(position: Position, value: int) -> int:
    """The mover's final points minus the opponent's, for a card of margin ``value``."""
    return position.scored[0] - position.scored[1] + value


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Scoring:
    """The rules' numbers the search needs, by card index and by trick."""

    def __init__(self, rules: TrappolaRules) -> None:
        self.points = rules.card_points()
        self.last_trick = rules.last_trick
        self.two = rules.bonus_two
        self.marc = rules.bonus_marc
        last = (rules.bonus_last_one, rules.bonus_last_two, rules.bonus_last_three)
        #: the bonus of trick 9 won by a Two, by the winner's run before it (0–2): the last-tricks bonus, less the
        #: Two's 10 already credited for the tricks it covers
        self.ninth = tuple(last[run] - run * rules.bonus_two for run in range(3))


class Solver:
    """Searches positions under one set of house rules; the transposition table lives as long as the solver (a
    sampling bot makes one per world, so later cards of that world reuse it)."""

    def __init__(self, rules: TrappolaRules) -> None:
        self.scoring = Scoring(rules)
        self.tt: dict[int, tuple[int, int, int]] = {}
        self._build()

    @property
    def nodes(self) -> int:
        """Trick starts searched so far (the transposition table's look-ups)."""
        return self.counter[0]

    def __del__(self) -> None:
        # The recursive closures refer to one another, a cycle only the garbage collector frees, and with them the
        # tables: emptied as soon as the solver goes, a sampling bot's worlds do not pile up until a collection.
        for table in getattr(self, "_tables", ()):
            table.clear()

    def _build(self) -> None:
        sc = self.scoring
        pts = sc.points
        two_bonus, marc, ninth, last_trick = sc.two, sc.marc, sc.ninth, sc.last_trick
        tt = self.tt
        zero = tuple(pts[i] == 0 and i % RANKS != 0 for i in range(36))

        suit_cache: dict[int, tuple[int, ...]] = {}

        def suit_reps(own: int, others: int, shift: int) -> tuple[int, ...]:
            """One suit's cards of a hand (rank bits ``own``; ``others``: the suit's other cards in play), merged,
            highest first."""
            out: list[int] = []
            joinable = False
            for rank in range(RANKS - 1, -1, -1):
                card = shift + rank
                if own >> rank & 1:
                    if not (joinable and zero[card] and zero[out[-1]]):
                        out.append(card)
                    joinable = True
                elif others >> rank & 1:
                    joinable = False
            return tuple(out)

        def reps(own: int, others: int) -> tuple[int, ...]:
            """A hand's candidate cards, equivalent ones merged, suit by suit, highest first within each suit."""
            out: tuple[int, ...] = ()
            for shift in (0, 9, 18, 27):
                mine = own >> shift & SUIT_BITS
                if mine:
                    key = mine | (others >> shift & SUIT_BITS) << 9 | shift << 18
                    part = suit_cache.get(key)
                    if part is None:
                        part = suit_cache[key] = suit_reps(mine, others >> shift & SUIT_BITS, shift)
                    out += part
            return out

        def trick(c: int, f: int, cards_left: int, run: int) -> tuple[bool, int, int]:
            """The trick c (led) – f: whether the follower wins, the winner's points from it, the leader's next
            run (the run of the next trick's leader)."""
            worth = pts[c] + pts[f]
            if f // RANKS == c // RANKS and f > c:
                if cards_left == 1:
                    worth += last_trick
                return True, worth, 0
            if c % RANKS == 0:  # the leader's Two won: the follower could not follow
                number = TRICKS + 1 - cards_left
                if number == 1:
                    worth += marc
                elif number < TRICKS:
                    worth += two_bonus
                else:
                    worth += ninth[run]
                return False, worth, min(run + 1, 2)
            if cards_left == 1:
                worth += last_trick
            return False, worth, 0

        answer_cache: dict[tuple[int, int, int], tuple[int, ...]] = {}

        discard_cache: dict[tuple[int, ...], tuple[int, ...]] = {}

        def answers(c: int, hf: int, in_play: int) -> tuple[int, ...]:
            """The follower's legal cards against ``c``: winners first (the highest first), then the cheapest
            losers; void in the suit, the cheapest discards first (a Two last among cards of equal points)."""
            suit_mask = SUIT_BITS << (c // RANKS * RANKS)
            same = hf & suit_mask
            if not same:
                cards = reps(hf, in_play & ~hf)
                found = discard_cache.get(cards)
                if found is None:
                    found = discard_cache[cards] = tuple(sorted(cards, key=lambda f: (pts[f], f % RANKS == 0, f)))
                return found
            key = (c, same, in_play & suit_mask & ~same)
            found = answer_cache.get(key)
            if found is None:
                cards = reps(same, key[2])
                winners = sorted((f for f in cards if f > c), reverse=True)
                losers = sorted((f for f in cards if f < c), key=lambda f: (pts[f], f))
                found = answer_cache[key] = tuple(winners + losers)
            return found

        small_memo: dict[int, int] = {}

        def small(hl: int, hf: int, run: int) -> int:
            """The leader's exact margin with two cards each (memoised: it is reached very often)."""
            key = hl | hf << 36 | run << 72
            found = small_memo.get(key)
            if found is not None:
                return found
            best = -INF
            in_play = hl | hf
            for c in reps(hl, hf):
                rest_l = hl ^ (1 << c)
                worst = INF
                for f in answers(c, hf, in_play):
                    rest_f = hf ^ (1 << f)
                    follower_wins, worth, run_next = trick(c, f, 2, run)
                    if follower_wins:
                        w2, worth2, _ = trick(rest_f.bit_length() - 1, rest_l.bit_length() - 1, 1, 0)
                        value = -worth - (-worth2 if w2 else worth2)
                    else:
                        w2, worth2, _ = trick(rest_l.bit_length() - 1, rest_f.bit_length() - 1, 1, run_next)
                        value = worth + (-worth2 if w2 else worth2)
                    if value < worst:
                        worst = value
                if worst > best:
                    best = worst
            small_memo[key] = best
            return best

        counter = [0]
        pair_points = tuple(pts[c] + pts[f] for c in range(36) for f in range(36))
        beats = tuple(f // RANKS == c // RANKS and f > c for c in range(36) for f in range(36))

        def lead(hl: int, hf: int, run: int, alpha: int, beta: int) -> int:
            """The leader's exact margin from this trick's start, within (alpha, beta) (fail-hard bounds)."""
            counter[0] += 1
            cards_left = hl.bit_count()
            if cards_left <= 2:
                if cards_left == 2:
                    return small(hl, hf, run)
                follower_wins, worth, _ = trick(hl.bit_length() - 1, hf.bit_length() - 1, 1, run)
                return -worth if follower_wins else worth
            key = hl | hf << 36 | run << 72
            entry = tt.get(key)
            first = -1
            if entry is not None:
                low, high, first = entry
                if low >= beta:
                    return low
                if high <= alpha:
                    return high
                if low == high:
                    return low
                alpha, beta = max(alpha, low), min(beta, high)
            a0, b0 = alpha, beta
            in_play = hl | hf
            moves = reps(hl, hf)
            if first >= 0 and moves[0] != first:
                moves = (first, *(m for m in moves if m != first))
            best, best_card = -INF, moves[0]
            lo = alpha
            # three cards or more each: no last trick here; a Two that is not beaten was not followed and won
            two_now = marc if cards_left == TRICKS else two_bonus
            run_two = run + 1 if run < 2 else 2
            for c in moves:
                rest_l = hl ^ (1 << c)
                worst = INF
                b = beta
                row = c * 36
                led_two = c % RANKS == 0
                for f in answers(c, hf, in_play):
                    rest_f = hf ^ (1 << f)
                    worth = pair_points[row + f]
                    if beats[row + f]:
                        value = -worth - lead(rest_f, rest_l, 0, -b - worth, -lo - worth)
                    elif led_two:
                        worth += two_now
                        value = worth + lead(rest_l, rest_f, run_two, lo - worth, b - worth)
                    else:
                        value = worth + lead(rest_l, rest_f, 0, lo - worth, b - worth)
                    if value < worst:
                        worst = value
                        if worst <= lo:
                            break
                        if worst < b:
                            b = worst
                if worst > best:
                    best, best_card = worst, c
                    if best >= beta:
                        break
                    if best > lo:
                        lo = best
            low, high = (entry[0], entry[1]) if entry is not None else (-INF, INF)
            if best <= a0:
                high = min(high, best)
            elif best >= b0:
                low = max(low, best)
            else:
                low = high = best
            tt[key] = (low, high, best_card)
            return best

        self.lead = lead
        self.counter = counter
        self._tables = (tt, suit_cache, answer_cache, discard_cache, small_memo)
        self.trick = trick
        self.answers = answers
        self.reps = reps

    def values(self, position: Position) -> dict[str, int]:
        """The exact margin of every legal card of the mover (equivalent cards share their value)."""
        hl, hf = position.hands
        if not hl:
            raise ValueError("the player to move holds no card: the play is over")
        out: dict[str, int] = {}
        cards_left = hl.bit_count()  # the leader's cards before this trick
        in_play = hl | hf | (1 << position.led if position.led >= 0 else 0)
        if position.led < 0:
            guess = 0
            for c in self.reps(hl, hf):
                guess = mtdf(partial(self._after, c, hl, hf, position.run), guess)
                self._spread(out, c, guess, hl, hf)
        else:
            c = position.led
            legal = self.answers(c, hl, in_play)
            for f in legal:
                follower_wins, worth, run_next = self.trick(c, f, cards_left, position.run)
                rest_l = hl ^ (1 << f)
                if hl.bit_count() == 1:
                    value = worth if follower_wins else -worth
                elif follower_wins:
                    value = worth + self.lead(rest_l, hf, 0, -INF, INF)
                else:
                    value = -worth - self.lead(hf, rest_l, run_next, -INF, INF)
                self._spread(out, f, value, hl, hf | 1 << c)
        return out

    def _after(self, c: int, hl: int, hf: int, run: int, alpha: int, beta: int) -> int:
        """The leader's margin after leading ``c`` from ``hl``, within (alpha, beta): the follower's best answer."""
        cards_left = hl.bit_count()
        rest_l = hl ^ (1 << c)
        worst = INF
        for f in self.answers(c, hf, hl | hf):
            follower_wins, worth, run_next = self.trick(c, f, cards_left, run)
            rest_f = hf ^ (1 << f)
            if cards_left == 1:
                value = -worth if follower_wins else worth
            elif follower_wins:
                value = -worth - self.lead(rest_f, rest_l, 0, -beta - worth, -alpha - worth)
            else:
                value = worth + self.lead(rest_l, rest_f, run_next, alpha - worth, beta - worth)
            if value < worst:
                worst = value
                if worst <= alpha:
                    break
                beta = min(beta, worst)
        return worst

    def _spread(self, out: dict[str, int], rep: int, value: int, own: int, others: int) -> None:
        """Give ``value`` to ``rep`` and every card of ``own`` merged with it."""
        out[PACK.cards[rep].code] = value
        for card in _bits(own):
            if card != rep and _merged(rep, card, own, others, self.scoring.points):
                out[PACK.cards[card].code] = value


def _merged(a: int, b: int, own: int, others: int, pts: tuple[int, ...]) -> bool:
    """Whether two cards of one hand are equivalent: one suit, both worth nothing, neither a Two, and no card of
    ``others`` between them."""
    if a // RANKS != b // RANKS or pts[a] or pts[b] or a % RANKS == 0 or b % RANKS == 0:
        return False
    low, high = min(a, b), max(a, b)
    between = ((1 << high) - 1) ^ ((1 << (low + 1)) - 1)
    return not (others & ~own & between)


def solve(position: Position, rules: TrappolaRules | None = None, solver: Solver | None = None) -> Solution:
    """The exact margin of every legal card of the player to move (see the module's docstring)."""
    solver = solver or Solver(rules or TrappolaRules())
    start = solver.nodes
    values = solver.values(position)
    best = max(values, key=lambda code: (values[code], -PACK.card(code).index))
    return Solution(values, best, solver.nodes - start, position)


def mask(cards: Any) -> int:
    """The mask of some cards."""
    out = 0
    for card in cards:
        out |= 1 << card.index
    return out


def position_from_partie(partie: Any) -> Position:
    """The open position of an engine ``Partie`` in play, from the seat to move."""
    mover = partie.to_move
    assert mover is not None and partie.phase == "play", "the Partie is not in play"
    opponent = partie.other(mover)
    led = partie.trick[0][1].index if partie.trick else -1
    scores = partie.scores()  # card points, credited bonuses and declarations so far
    leader = partie.trick[0][0] if partie.trick else mover
    return Position(hands=(mask(partie.hands[mover]), mask(partie.hands[opponent])), led=led,
                    run=run_of(partie.by_two, leader), scored=(scores[mover], scores[opponent]),
                    seats=(mover, opponent))


def run_of(won_by_two: list[tuple[int, bool]], leader: int) -> int:
    """How many of the last tricks (at most two) ``leader`` won with his own Twos."""
    run = 0
    for winner, by_two in reversed(won_by_two):
        if run == 2 or not by_two or winner != leader:
            break
        run += 1
    return run


__all__ = ["Position", "Solution", "Solver", "final_margin", "mask", "position_from_partie", "run_of", "solve"]

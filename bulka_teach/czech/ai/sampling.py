"""Czech Bulka's side of the sampling bot: worlds from the view, each decision valued by the exact solver.

``SamplingBot(level)`` is the generic ``bots.sampling.SamplingBot`` over ``CZECH``: for each decision it
draws possible worlds consistent with the view (``sampler``, weighed by ``inference``), values every legal
action in each world with the exact open-card solver (``solver``), averages, and picks the action of
highest utility (``bots.sampling``): the chips it brings over the bulka (``stakes``), not the chance to win
this game alone.

- **Chips** (``stakes(view)``): a game won moves my streak towards the bank (three wins in a row take it),
  one lost moves the opponent's; the bank is worth to me my chance of taking it from the streaks after the
  game, every later game taken as an even chance (from no streak 1/2, after one win 4/7, after two 5/7), or
  the whole bank when this win completes my streak. A declarer who falls pays the stake into the bank, so
  paying costs the stake less my chance of taking it back; the opponent paying brings me that chance of it.
  From a fresh bulka (stake 10, bank 20) a game won is worth 8.6 chips over one lost, and falling costs
  5.7 more: counting chips alone, taking trumps pays only when the declarer wins four times in five.
  A game won is also worth ``GAME_WON`` stakes beyond its chips, as to a player who counts the games it
  wins as well as the chips: with chips alone the bot passed hands it makes three times in four and won
  only half the games (see the constant for the measurements). Against an open game won a third of the
  time it takes a hand it makes about two times in five.

- **Play**: every legal card is valued in every world; in a world the chance to win is 0 or 1.
- **Melds** (with the first card): a declaration changes the scored melds, not the play, so "declare M"
  is valued as "declare M, then play c" for every card c (the best c counts: one card for all worlds,
  as for a plain play); the bot declares whenever it helps on average, highest meld first.
- **Šíbr during play**: "exchange, then play c" (the visible stock trump in hand, the exchanging card
  out of play), solved exactly, against the plays without the exchange.
- **Trumps** (take/pass/fold): each world's dokups are added, whoever holds the exchanging card
  exchanges for the face-up trumps and discards its weakest cards, and the solver answers whether the
  declarer makes the game (a yes-or-no search). Passing: the rest of the bidding is played out in the world
  (``later_asks``: the dealer on this suit, then both on the second candidate's): each player answering
  takes with the chance a typical player holding its six cards would (``inference.take_chance``), the
  solver says whether that declarer makes it, and a redeal is a fresh game (``REDEAL``). Folding loses
  and pays.
- **Šíbr and discards before play**: the position at the first lead after each candidate (for discards,
  the few weakest cards: low plain cards outside melds), the rest of the discards done by the same rule.
- **The hundred**: play on against the opponent's hundred when it wins in some world (folding loses for
  sure, without paying); fold when it wins in none.

Not modelled: the opponent's own in-play šíbr, the hundred's fold when valuing earlier decisions (a
hundred against the declarer is counted as played on), and what a declaration tells the opponent.

The worlds follow what the opponent did (``inference.likely_worlds``): its answers on trumps (a world
where the player who passed on hearts held five hearts is kept rarely, one where the player who took
them held three often), its cards played (a world where the teaching rules, holding its cards, would
have played another card is kept a quarter as often), its melds (one where it held a meld it did not
declare, likewise) and its pass on the šíbr (one where it held the exchanging card, likewise).

"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from ...bots import sampling as skeleton
from ...bots.sampling import Decision, Estimate, Evaluation, Outcomes, Stakes, deals_text
from ..deal import offered_suits
from ..match import BANK_STREAK
from ..melds import find_melds, parse_meld
from ..rules import PACK, POINTS_WITH_TRUMP, STRENGTH_WITH_TRUMP, SUITS
from .inference import likely_worlds, take_chance
from .sampler import Knowledge, World, exchanging_card, face_up_exchange, held_at_checks, read_view
from .solver import (
    PlayState,
    Position,
    bela_holder,
    best_value,
    declarer_makes_it,
    declarer_wins,
    final_margin,
    play_state_from_world,
    position_from_state,
    solve,
)

#: the chance to win a redeal (everyone passed on trumps): a fresh game, the players' roles swapped
REDEAL = 0.5

#: a branch of the bidding reached this seldom is not solved (the time goes to more worlds)
NEGLIGIBLE = 0.03

#: what a game won is worth beyond its chips, in stakes (``bots.sampling.Stakes.won``). Measured by duplicate
#: matches of the strong level against the rule bot, the issue's 300 deals (``bench bots --level strong --deals
#: 300 --seed 50001``, 2026-12-03, 11 minutes each): 0 → 51.3% of the games, bank −0.37 against the rule bot's
#: −3.33; 1 → 59.8%, −0.68 against −2.52; 2 → 60.5%, −1.03 against −2.05; the chance to win alone (before chips
#: were counted) 60.8%, −2.32 against −1.33. Then each answer on trumps played out both ways
#: (``scripts/bench_trump_counterfactual.py``, 600 deals, 1,313 answers of the bot at 2): 3 → +1.7 games in 100,
#: 5 → +2.4, 10 → +3.0, each costing the bot's bank 0.11, 0.32, 0.52 chips a game; 5 keeps the bank well above
#: the rule bot's. Over 2,000 deals at 5: 61.6% ± 1.1% of the games, bank −1.00 against −1.82 (README).
GAME_WON = 5.0


def bank_chance(mine: int, theirs: int, streak: int = BANK_STREAK) -> float:
    """My chance to take the bank when I have won ``mine`` games in a row, or the opponent ``theirs`` (one of
    the two is 0), every later game an even chance and ``streak`` wins in a row taking the bank. With one win
    my chance a solves a = h + (1 - a)(1 - h), h = 1/2^(N-1) (win the N-1 games left, else start over a game
    down), so a = 1 / (2 - h); with k wins, h_k + (1 - a)(1 - h_k), h_k = 1/2^(N-k); by symmetry the
    opponent's streak leaves me the rest."""
    if mine >= streak or theirs >= streak:
        return 1.0 if mine >= streak else 0.0
    if mine == theirs == 0:
        return 0.5
    after_one = 1.0 / (2.0 - 0.5 ** (streak - 1))
    k = mine or theirs
    chance = 0.5 ** (streak - k) + (1.0 - after_one) * (1.0 - 0.5 ** (streak - k))
    return chance if mine else 1.0 - chance


def stakes(view: dict[str, Any]) -> Stakes:
    """What this game is worth in chips to the view's seat, from the bank, the streaks and the stake now
    (``bots.sampling.Stakes``). A win that completes my streak takes the bank, and the penalty paid then goes
    into the new bank, shared evenly; otherwise the bank counts by my chance of taking it after the game."""
    stake = float(view["rules"]["stake"])
    bank = float(view["bank"])
    deal = view["deal"]
    me = view["seat"]
    opp = deal["dealer"] if deal["forehand"] == me else deal["forehand"]
    mine, theirs = view["streaks"][me], view["streaks"][opp]
    if mine + 1 >= BANK_STREAK:
        win, receiving = bank, stake / 2
    else:
        chance = bank_chance(mine + 1, 0)
        win, receiving = chance * bank, chance * stake
    if theirs + 1 >= BANK_STREAK:
        lose, paying = 0.0, stake / 2
    else:
        chance = bank_chance(0, theirs + 1)
        lose, paying = chance * bank, stake - chance * stake
    return Stakes(stake=stake, win=win, lose=lose, paying=paying, receiving=receiving, won=GAME_WON)


class CzechSampling:
    """Czech Bulka's side of the sampling bot (``bots.sampling.SamplingGame``)."""

    def decision(self, view: dict[str, Any]) -> Decision | Evaluation:
        legal = list(view.get("legal") or [])
        deal = view["deal"]
        plays = [a for a in legal if a.startswith("play ")]
        if len(legal) == 1:
            return Evaluation({}, 0, "forced", {"rule": _forced_rule(view, plays) if plays else None})
        knowledge = read_view(view)

        def worlds(n: int, rng: random.Random, deadline: float | None) -> list[World]:
            return likely_worlds(view, knowledge, n, rng, deadline=deadline)

        phase = deal["phase"]
        worth = stakes(view)
        if phase == "play":
            return Decision("play", lambda w: self._play(view, knowledge, w, legal), worlds,
                            {"rule": _forced_rule(view, plays)}, settle=_then_best, stakes=worth)
        if phase == "trump":
            return Decision("trump", lambda w: self._trump(view, knowledge, w, legal), worlds, stakes=worth)
        if phase == "exchange":
            return Decision("exchange", lambda w: self._exchange(view, knowledge, w), worlds, stakes=worth)
        if phase == "discard":
            candidates = _discard_candidates(deal["hand"], SUITS.index(deal["trump"]))
            return Decision("discard", lambda w: self._discard(view, knowledge, w, candidates), worlds,
                            stakes=worth)
        if phase == "hundred-answer":
            return Decision("hundred", lambda w: self._hundred(view, knowledge, w), worlds, stakes=worth)
        return Evaluation({}, 0, "forced")

    def why(self, action: str, evaluation: Evaluation, view: dict[str, Any]) -> str:
        return _why(action, evaluation, view)

    def only(self, action: str) -> str:
        return _only_sentence(action)

    def name(self, action: str) -> str:
        return _name(action)

    # --- play -----------------------------------------------------------------------------
    def _play(self, view: dict[str, Any], knowledge: Knowledge, world: World, legal: list[str]) -> Outcomes:
        me = knowledge.viewer
        state = play_state_from_world(view, world, knowledge)
        first = not state.first_card_played[me]
        frozen = _frozen(state, me, state.declared[me]) if first else state  # playing now declares nothing more
        position = position_from_state(frozen)
        solution = solve(position)
        out: Outcomes = {}
        for card, value in solution.values.items():
            out[f"play {card}"] = _mine(position, value, me)
        # a declaration or an exchange comes before a card: valued as "then play c" for every card c, so the
        # card after it is one card for all worlds, as for a plain play (see ``_then_best``)
        for action in legal:
            if action.startswith("declare "):
                meld = parse_meld(action.split(" ", 1)[1])
                with_meld = position_from_state(_frozen(state, me, state.declared[me] + [meld]))
                for card, value in solution.values.items():
                    out[f"{action}{THEN}play {card}"] = _mine(with_meld, value, me)
            elif action == "exchange":
                swapped = position_from_state(_exchanged_in_play(frozen, me, world))
                for card, value in solve(swapped).values.items():
                    out[f"{action}{THEN}play {card}"] = _mine(swapped, value, me)
        return out

    # --- before play ------------------------------------------------------------------------
    def _trump(self, view: dict[str, Any], knowledge: Knowledge, world: World, legal: list[str]) -> Outcomes:
        deal = view["deal"]
        me, opp = knowledge.viewer, knowledge.opponent
        trump = SUITS.index(deal["offer"]["suit"])
        hands = {s: list(world.hands[s]) + list(world.dokup[s]) for s in (me, opp)}
        state = _first_lead(view, trump, me, hands, face_up_exchange(view, world, trump))
        won = declarer_makes_it(position_from_state(state))  # a yes-or-no search: the margin is not needed here
        out: Outcomes = {}
        if "take" in legal:
            out["take"] = (float(won), float(not won), 0.0, None)
        if "pass" in legal:
            out["pass"] = self._passing(view, world, hands, state, trump)
        if "fold" in legal:
            out["fold"] = (0.0, 1.0, 0.0, None)
        return out

    @staticmethod
    def _passing(view: dict[str, Any], world: World, hands: dict[int, list[str]], state: PlayState, trump: int
                 ) -> tuple[float, float, float, None]:
        """(win, pay, the opponent pays) after passing on ``trump`` in this world, where ``hands`` are both players'
        six cards and dokup and ``state`` the first lead with ``trump``: the rest of the bidding played
        out (``later_asks``). At each later ask the player answering takes with the chance a typical player
        holding its six cards would (``inference.take_chance``; a dealer forced on the last offer always does),
        and the solver says whether that declarer makes the game; when everyone passes, the redeal is a fresh
        game, won with chance ``REDEAL``."""
        deal = view["deal"]
        me = deal["to_move"]
        at_first_lead = {trump: state}
        reaching = 1.0  # the chance the bidding gets this far
        win = pay = receive = 0.0
        for seat, suit, forced in later_asks(deal):
            takes = 1.0 if forced else take_chance(list(world.hands[seat]), suit)
            chance = reaching * takes
            if chance >= NEGLIGIBLE:
                if suit not in at_first_lead:
                    at_first_lead[suit] = _first_lead(view, suit, me, hands, face_up_exchange(view, world, suit))
                makes = declarer_makes_it(position_from_state(replace(at_first_lead[suit], declarer=seat)))
                if seat == me:
                    win, pay = win + chance * makes, pay + chance * (not makes)
                else:
                    win, receive = win + chance * (not makes), receive + chance * (not makes)
            reaching *= 1.0 - takes
        return win + reaching * REDEAL, pay, receive, None

    def _exchange(self, view: dict[str, Any], knowledge: Knowledge, world: World) -> Outcomes:
        deal = view["deal"]
        me, opp = knowledge.viewer, knowledge.opponent
        trump = SUITS.index(deal["trump"])
        hands = {s: list(world.hands[s]) for s in (me, opp)}
        keep = _first_lead(view, trump, deal["declarer"], hands, None, world=world)
        face_up = face_up_exchange(view, world, trump)
        swapped = _first_lead(view, trump, deal["declarer"], hands, face_up, world=world, only=me)
        return {"pass": _mine(*_best(keep), me), "exchange": _mine(*_best(swapped), me)}

    def _discard(self, view: dict[str, Any], knowledge: Knowledge, world: World, candidates: list[str]) -> Outcomes:
        deal = view["deal"]
        me, opp = knowledge.viewer, knowledge.opponent
        trump = SUITS.index(deal["trump"])
        out: Outcomes = {}
        for card in candidates:
            hands = {me: [c for c in world.hands[me] if c != card], opp: list(world.hands[opp])}
            state = _first_lead(view, trump, deal["declarer"], hands, None, world=world)
            out[f"discard {card}"] = _mine(*_best(state), me)
        return out

    def _hundred(self, view: dict[str, Any], knowledge: Knowledge, world: World) -> Outcomes:
        deal = view["deal"]
        me, opp = knowledge.viewer, knowledge.opponent
        hands = {s: list(world.hands[s]) for s in (me, opp)}
        state = _first_lead(view, SUITS.index(deal["trump"]), deal["declarer"], hands, None, world=world)
        won = declarer_makes_it(position_from_state(state))
        return {"play-on": (float(won), float(not won), 0.0, None), "fold": (0.0, 0.0, 0.0, None)}


def later_asks(deal: dict[str, Any]) -> list[tuple[int, int, bool]]:
    """The asks on trumps after the one now if everyone passes: (seat, suit, forced). The forehand then the
    dealer on the first candidate's suit, then on the second candidate's (a suit is offered once); only on the
    last deal's last offer is the dealer forced to take (or fold)."""
    forehand, dealer = deal["forehand"], deal["dealer"]
    suits = [suit for suit, _ in offered_suits(PACK.card(deal["first_candidate"]), PACK.card(deal["stock_top"]))]
    asks = [(seat, suit, False) for suit in suits for seat in (forehand, dealer)]
    if deal.get("forced"):
        asks[-1] = (dealer, suits[-1], True)
    now = [(seat, suit) for seat, suit, _ in asks].index((deal["to_move"], SUITS.index(deal["offer"]["suit"])))
    return asks[now + 1:]


THEN = " | then "  # joins a declaration or an exchange and the card played after it


def _then_best(evaluation: Evaluation) -> Evaluation:
    """Each "declare …" and "exchange" valued by its best follow-up card (the same card in every world)."""
    estimates: dict[str, Estimate] = {}
    then: dict[str, str] = {}
    for key, estimate in evaluation.estimates.items():
        action, _, card = key.partition(THEN)
        if action not in estimates or estimate.utility > estimates[action].utility:
            estimates[action] = estimate
            if card:
                then[action] = card
    evaluation.estimates = estimates
    evaluation.details["then"] = then
    return evaluation


# --- positions for decisions -------------------------------------------------------------------
def _best(state: PlayState) -> tuple[Position, int]:
    position = position_from_state(state)
    return position, best_value(position)


def _mine(position: Position, value: int, me: int) -> tuple[float, float, float, float]:
    """(win, I pay, the opponent pays, margin) for seat ``me`` when the position's mover gets margin ``value``:
    the declarer who falls pays the stake."""
    margin = final_margin(position, value)
    if position.seats[0] != me:
        margin = -margin
    declarer_won = declarer_wins(position, value)
    i_declare = position.seats[position.declarer] == me
    won = declarer_won == i_declare
    return float(won), float(i_declare and not won), float(won and not i_declare), float(margin)


def _frozen(state: PlayState, seat: int, declared: list) -> PlayState:
    """The state with ``seat``'s declarations final (it plays its first card now)."""
    return replace(state, declared={**state.declared, seat: list(declared)},
                   first_card_played={**state.first_card_played, seat: True})


def _exchanged_in_play(state: PlayState, me: int, world: World) -> PlayState:
    """The state after ``me`` exchanges for the visible stock trump during play."""
    visible = world.stock[-1]
    given = exchanging_card(state.trump, [visible])
    hand = [c for c in state.hands[me] if c != given] + [visible]
    holder = state.bela_holder
    if holder is None and bela_holder(state.trump, {me: [set(hand)]}) is not None:
        holder = me
    return replace(state, hands={**state.hands, me: hand}, bela_holder=holder)


def _first_lead(view: dict[str, Any], trump: int, declarer: int, hands: dict[int, list[str]],
                exchange: tuple[str, list[str]] | None, world: World | None = None, only: int | None = None
                ) -> PlayState:
    """The state at the first lead after these hands, with the ``exchange`` (the card given, the cards
    taken) made by the seat holding that card (``only``: if it is that seat), and every hand brought to
    9 cards by discarding its weakest."""
    deal = view["deal"]
    hands = {s: list(h) for s, h in hands.items()}
    held: dict[int, list[set[str]]] = {s: [set(h)] for s, h in hands.items()}
    if world is not None and deal["trump"] is not None:
        held = {s: moments + [set(hands[s])] for s, moments in held_at_checks(view, world).items()}
    if exchange is not None:
        given, taken = exchange
        for seat, hand in hands.items():
            if given in hand and (only is None or seat == only):
                hand.remove(given)
                hand += taken
                held[seat].append(set(hand))
    for seat, hand in hands.items():
        if len(hand) > 9:
            hands[seat] = _keep(hand, trump, 9)
    seats = (deal["forehand"], deal["dealer"])
    return PlayState(trump=trump, rules=view["rules"], seats=seats, declarer=declarer, mover=deal["forehand"],
                     hands=hands, trick=[], tricks=[], declared={s: [] for s in seats},
                     first_card_played={s: False for s in seats}, meld_winner=None, scored_melds=0,
                     bela_holder=bela_holder(trump, held), hundred_asked=True)


def _keep_order(cards: list[str], trump: int) -> list[str]:
    """Cards from the one most worth keeping to the least: trumps, melds, points, strength."""
    in_melds = {c.code for m in find_melds(PACK.cards_of(cards)) for c in m.cards}
    points, strength = POINTS_WITH_TRUMP[trump], STRENGTH_WITH_TRUMP[trump]

    def worth(code: str) -> tuple:
        card = PACK.card(code)
        return (card.suit == trump, code in in_melds, points[card.index], strength[card.index])

    return sorted(cards, key=worth, reverse=True)


def _keep(cards: list[str], trump: int, size: int) -> list[str]:
    return _keep_order(cards, trump)[:size]


def _discard_candidates(hand: list[str], trump: int, count: int = 4) -> list[str]:
    """The few cards worth considering for a discard: the weakest by ``_keep_order``."""
    return _keep_order(hand, trump)[::-1][:count]


# --- sentences ----------------------------------------------------------------------------------
def _forced_rule(view: dict[str, Any], plays: list[str]) -> str | None:
    """The follow rule that limits the plays, if any (must-follow-suit, must-beat, must-trump)."""
    deal = view["deal"]
    if not deal or not deal["trick"] or not plays or len(plays) == len(deal["hand"]):
        return None
    led = deal["trick"][0]["card"][-1]
    suits = {a[-1] for a in plays}
    if suits == {led}:
        held = [c for c in deal["hand"] if c[-1] == led]
        return "must-beat" if len(held) > len(plays) else "must-follow-suit"
    return "must-trump"


def _only_sentence(action: str) -> str:
    if action.startswith("play "):
        return f"{action[5:]} is your only legal card."
    if action == "ask-hundred":
        return "You hold a hundred (sto) against the declarer: the rules make you ask whether they play against it."
    return f"{action} is the only thing you may do now."


def _why(action: str, evaluation: Evaluation, view: dict[str, Any]) -> str:
    est = evaluation.estimates
    deals = deals_text(evaluation.worlds)
    ranked = evaluation.ranked()
    others = [a for a in ranked if a != action]
    chosen = est[action]
    kind = evaluation.decision
    if kind == "trump":
        suit = PACK.suit_names[view["deal"]["offer"]["suit"]]
        take = est.get("take")
        chance = f"{take.win:.0%}" if take else "?"
        if action == "take":
            return f"With {suit} as trumps you make the game in {chance} of {deals}: you take (zadat)."
        if action == "pass":
            return (f"With {suit} as trumps you would make the game in only {chance} of {deals}: not often enough to "
                    "risk the stake a falling declarer pays (over the bulka passing is worth more): you pass.")
        return "Taking would lose in every possible deal: you fold and pay the stake."
    if kind == "hundred":
        chance = f"{est['play-on'].win:.0%}"
        if action == "play-on":
            return f"Against the hundred (sto) you win in {chance} of {deals}: you play on (hraju)."
        return f"Against the hundred (sto) you would win in only {chance} of {deals}: you fold and pay nothing."
    if not others:
        return f"Across {deals}, {_name(action)} wins the game in {chosen.win:.0%} of them."
    second = others[0]
    gain = (chosen.margin or 0.0) - (est[second].margin or 0.0)
    odds = f"you win the game in {chosen.win:.0%} of them"
    if action.startswith("declare "):
        if gain < 0.5:
            return (f"Across {deals}, declaring {action[8:]} (hláška) scores nothing on average (the opponent's "
                    f"meld is higher), but it costs nothing either; {odds}.")
        return f"Across {deals}, declaring {action[8:]} (hláška) adds {gain:.0f} points on average; {odds}."
    if action == "exchange":
        return (f"Across {deals}, exchanging (šíbr) gains you {gain:.0f} points on average over keeping your card; "
                f"{odds}.")
    if chosen.win - est[second].win > 1e-9:
        return (f"Across {deals}, {_name(action)} wins the game in {chosen.win:.0%} of them, {_name(second)} "
                f"(the next best) in {est[second].win:.0%}.")
    if gain >= 0.5:
        return (f"Across {deals}, {_name(action)} gains you {gain:.0f} points over the opponent on average "
                f"compared with {_name(second)}, the next best; {odds}.")
    return f"Across {deals}, {_name(action)} does as well as {_name(second)} or better; {odds}."


def _name(action: str) -> str:
    verb, _, card = action.partition(" ")
    return {"play": card, "discard": f"discarding {card}", "declare": f"declaring {card}"}.get(verb, action)


CZECH = CzechSampling()


class SamplingBot(skeleton.SamplingBot):
    """The sampling bot playing Czech Bulka: ``SamplingBot(level, seed, worlds=…, time_cap=…, noise=…)``."""

    def __init__(self, level: str = "strong", seed: int | None = None, *, worlds: int | None = None,
                 time_cap: float | None | str = "level", noise: float | None = None, per_view: bool = False) -> None:
        super().__init__(CZECH, level, seed, worlds=worlds, time_cap=time_cap, noise=noise, per_view=per_view)


__all__ = ["CZECH", "CzechSampling", "SamplingBot", "REDEAL", "bank_chance", "stakes"]

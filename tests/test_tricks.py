"""The shared trick rules (``bulka_teach.tricks``): the plain form on cards and the fast form on masks agree,
for a game with trumps (Czech Bulka) and one without (the Italian pack, highest of the suit led)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bulka_teach.cards import ITALIAN, MARIAS
from bulka_teach.czech.rules import TRICK_RULES
from bulka_teach.tricks import BEAT, FOLLOW, TRUMP, TrickRules

#: the Italian pack without trumps: the card's rank is its strength (the Two lowest, the ace highest)
NO_TRUMPS = TrickRules(ITALIAN, {None: [c.rank for c in ITALIAN.cards]}, must_trump=False)


@st.composite
def situations(draw, rules: TrickRules, trumps: tuple[int | None, ...]):
    cards = list(rules.pack.cards)
    hand = draw(st.lists(st.sampled_from(cards), min_size=1, max_size=9, unique=True))
    led = draw(st.none() | st.sampled_from([c for c in cards if c not in hand]))
    return hand, led, draw(st.sampled_from(trumps)), draw(st.booleans())


@settings(max_examples=600, deadline=None)
@given(data=st.data())
def test_the_fast_form_allows_exactly_the_cards_the_plain_form_allows(data):
    for rules, trumps in ((TRICK_RULES, (0, 1, 2, 3)), (NO_TRUMPS, (None,))):
        hand, led, trump, must_beat = data.draw(situations(rules, trumps))
        allowed, rule = rules.follow(hand, led, trump, must_beat)
        fast = rules.follow_mask(rules.mask(hand), led.index if led is not None else -1, trump, must_beat)
        assert fast == rules.mask(allowed)
        assert set(allowed) <= set(hand) and allowed
        assert (rule is None) == (len(allowed) == len(hand))


@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_the_winner_is_the_highest_of_the_suit_led_or_the_highest_trump(data):
    trump = data.draw(st.sampled_from((0, 1, 2, 3)))
    played = data.draw(st.lists(st.sampled_from(MARIAS.cards), min_size=2, max_size=4, unique=True))
    winner = TRICK_RULES.winner(list(enumerate(played)), trump)
    strength = TRICK_RULES.strengths[trump]
    contenders = [c for c in played if c.suit == trump] or [c for c in played if c.suit == played[0].suit]
    assert played[winner] == max(contenders, key=lambda c: strength[c.index])


def test_the_reasons_name_the_rule_that_forbids_the_other_cards():
    card = MARIAS.card
    hand = [card("7h"), card("Kh"), card("Ab"), card("8l")]
    assert TRICK_RULES.follow(hand, card("Xh"), trump=1)[1] == FOLLOW
    assert TRICK_RULES.follow(hand, card("Oh"), trump=1, must_beat=True) == ([card("Kh")], BEAT)  # K beats O
    assert TRICK_RULES.follow(hand, card("Aa"), trump=1) == ([card("8l")], TRUMP)
    assert TRICK_RULES.follow(hand, card("Aa"), trump=3) == ([card("Ab")], TRUMP)
    assert TRICK_RULES.follow([card("7h"), card("9h")], card("Aa"), trump=1) == ([card("7h"), card("9h")], None)
    assert TRICK_RULES.voids_shown(card("Ab"), card("Aa"), trump=1) == (2, 1)  # no acorns, and no leaves either


def test_a_two_wins_only_when_led_and_not_followed():
    card = ITALIAN.card
    assert NO_TRUMPS.winner([(0, card("2s")), (1, card("Ac"))], None) == 0  # nobody followed the Two
    assert NO_TRUMPS.winner([(0, card("2s")), (1, card("7s"))], None) == 1
    assert NO_TRUMPS.winner([(0, card("Xd")), (1, card("2d"))], None) == 0  # a Two that follows never wins
    hand = [card("2b"), card("Rs")]
    assert NO_TRUMPS.follow(hand, card("Ab"), None) == ([card("2b")], FOLLOW)
    assert NO_TRUMPS.follow(hand, card("Ac"), None) == (hand, None)  # no trumps: any card

"""Packs, card codes, deck validation and where decks come from (stacked, then seeded).

The card codes are a contract (shared/design.md): rank symbol + suit letter, as the rules
files write them. A teacher typing a scenario gets a sentence naming what is wrong.
"""
from __future__ import annotations

import random
import re

import pytest

from bulka_teach import ITALIAN, MARIAS, Card, CardError, Record, ScenarioError, french_pack
from bulka_teach.cards import FRENCH_PRESETS, holds
from bulka_teach.czech.stacking import stack_deck
from bulka_teach.dealing import DealCode, DealCodeError, DeckSource, shuffled

MARIAS_CODES = [c.code for c in MARIAS.cards]


# --- packs ---------------------------------------------------------------------------------
def test_marias_pack_has_32_cards_in_natural_order():
    assert len(MARIAS) == 32
    assert MARIAS.ranks == ("7", "8", "9", "X", "U", "O", "K", "A")  # VII VIII IX X spodek svršek král eso
    assert MARIAS.suits == ("h", "l", "a", "b")  # červené, zelené, žaludy, kule
    assert MARIAS_CODES[:8] == ["7h", "8h", "9h", "Xh", "Uh", "Oh", "Kh", "Ah"]
    assert len(set(MARIAS_CODES)) == 32
    assert {c.code for c in MARIAS.cards} == {r + s for r in "789XUOKA" for s in "hlab"}


def test_italian_pack_has_36_cards():
    assert len(ITALIAN) == 36
    assert ITALIAN.ranks == ("2", "7", "8", "9", "X", "F", "C", "R", "A")
    assert ITALIAN.suits == ("s", "c", "d", "b")
    assert {c.code for c in ITALIAN.cards} == {r + s for r in "2789XFCRA" for s in "scdb"}
    assert ITALIAN.card("Rs") is ITALIAN.cards[7]
    assert ITALIAN.card("2b").code == "2b"


@pytest.mark.parametrize("preset, players, ranks", [
    ("seed", 5, "AKQJX8"),  # the 7s and 9s removed: 24 cards
    ("seed", 4, "AKQX8"),  # also the jacks: 20
    ("seed", 3, "AKX8"),  # also the queens: 16
    ("pagat", 5, "AKQJ98"),
    ("pagat", 4, "AKQ98"),
    ("pagat", 3, "AK98"),
    ("old", 5, "AKQJX98"),  # old Bouillotte: 28 cards
])
def test_french_packs_by_preset_and_players(preset, players, ranks):
    pack = french_pack(players, preset)
    assert len(pack) == 4 * len(ranks)
    assert set(pack.ranks) == set(ranks)
    assert pack.suits == ("c", "d", "h", "s")
    assert {c.code for c in pack.cards} == {r + s for r in ranks for s in "cdhs"}
    # ranks low to high
    order = "789XJQKA"
    assert list(pack.ranks) == sorted(pack.ranks, key=order.index)


def test_french_default_preset_is_the_seeds_and_packs_are_shared():
    assert french_pack(4) is french_pack(4, "seed")
    assert "Q" not in french_pack(3).ranks  # three players: no queens
    assert french_pack(4).card("Qc").code == "Qc"
    assert french_pack(5).card("Jc").code == "Jc"  # the mistigri's jack is in the five-player pack


def test_french_pack_errors_name_the_choices():
    with pytest.raises(CardError, match="preset 'x'.*seed, pagat, old"):
        french_pack(5, "x")
    with pytest.raises(CardError, match="no pack for 2 players.*3, 4, 5"):
        french_pack(2)
    with pytest.raises(CardError, match="'old' preset has no pack for 4 players"):
        french_pack(4, "old")
    assert set(FRENCH_PRESETS) == {"seed", "pagat", "old"}


def test_cards_are_singletons_ordered_by_the_pack():
    assert MARIAS.card("Oa") is MARIAS.card("Oa")
    assert MARIAS.card("7h") < MARIAS.card("Ah") < MARIAS.card("7l")
    assert sorted(MARIAS.cards_of(["Ab", "7h", "Ol"])) == MARIAS.cards_of(["7h", "Ol", "Ab"])
    assert MARIAS.describe(MARIAS.card("Ah")) == "ace (eso) of hearts (červené)"
    assert MARIAS.describe(MARIAS.card("Ul")).startswith("under (spodek) of leaves")


def test_cards_compare_by_identity_as_objects_do():
    """Card's fast ``__eq__``/``__ne__`` (cards.py) answer exactly as object's identity comparison: a card equals
    itself only, hashes by identity, and leaves a comparison with a foreign object to that object."""
    from unittest import mock

    ah, ah_italian = MARIAS.card("Ah"), ITALIAN.card("Ab")
    assert ah == MARIAS.card("Ah") and not ah != MARIAS.card("Ah")
    assert ah != MARIAS.card("Kh") and not ah == MARIAS.card("Kh")
    assert ah != ah_italian and ah != "Ah" and ah != 31 and ah is not None
    assert ah == mock.ANY and mock.ANY == ah  # the foreign object's __eq__ decides, as for any object
    assert Card.__eq__(ah, "Ah") is NotImplemented and Card.__ne__(ah, "Ah") is NotImplemented
    assert hash(ah) == object.__hash__(ah) and {ah: 1}[MARIAS.card("Ah")] == 1
    hand = MARIAS.cards_of(["7h", "Ah", "Ol"])
    assert ah in hand and MARIAS.card("Kh") not in hand and hand.index(ah) == 1
    hand.remove(ah)
    assert [c.code for c in hand] == ["7h", "Ol"]
    assert sorted(MARIAS.cards, reverse=True) == list(MARIAS.cards)[::-1]


def test_holds_asks_as_in_does():
    """The engines' identity look-up (cards.py) agrees with ``in`` on every card of hands."""
    rng = random.Random(5)
    for _ in range(200):
        hand = rng.sample(MARIAS.cards, rng.randrange(0, 12))
        for card in MARIAS.cards:
            assert holds(hand, card) == (card in hand)
    assert not holds([], None)


# --- card codes ------------------------------------------------------------------------------
@pytest.mark.parametrize("code, words", [
    ("Zh", "rank 'Z' is not one of 7 8 9 X U O K A"),
    ("10h", "rank '10' is not one of"),
    ("Ax", "suit 'x' is not one of h l a b"),
    ("As", "suit 's' is not one of h l a b"),  # a French suit in the Mariáš pack
    ("ah", "did you mean 'Ah'?"),
    ("xb", "did you mean 'Xb'?"),
    ("oA", "did you mean 'Oa'?"),
    ("A", "a card code is a rank followed by a suit letter"),
    ("", "a card code is a rank followed by a suit letter"),
])
def test_bad_card_codes_are_explained(code, words):
    with pytest.raises(CardError) as err:
        MARIAS.card(code)
    message = str(err.value)
    assert words in message
    assert repr(code) in message  # the message quotes what was typed
    assert "Mariáš" in message


@pytest.mark.parametrize("value", [None, 5, ("A", "h")])
def test_non_string_card_codes_give_a_card_error(value):
    with pytest.raises(CardError, match="a card code is a rank followed by a suit letter"):
        MARIAS.card(value)


def test_card_error_is_a_value_error():
    assert issubclass(CardError, ValueError)


def test_italian_and_french_codes_are_checked_against_their_own_pack():
    with pytest.raises(CardError, match="suit 'h' is not one of s c d b"):
        ITALIAN.card("Ah")
    with pytest.raises(CardError, match="did you mean 'Rs'"):
        ITALIAN.card("rs")
    with pytest.raises(CardError, match="rank 'J' is not one of"):
        french_pack(3).card("Jc")  # no jacks with three players


# --- decks -----------------------------------------------------------------------------------
def test_a_whole_deck_is_accepted():
    codes = list(reversed(MARIAS_CODES))
    assert [c.code for c in MARIAS.deck(codes)] == codes


@pytest.mark.parametrize("size", [0, 31, 33])
def test_a_deck_of_the_wrong_size_is_refused(size):
    codes = (MARIAS_CODES * 2)[:size]
    with pytest.raises(CardError, match=f"has 32 cards, this one has {size}"):
        MARIAS.deck(codes)


def test_a_deck_with_a_duplicate_names_the_card_and_the_missing_one():
    codes = list(MARIAS_CODES)
    codes[5] = "Ab"  # Oh is missing, Ab is there twice
    with pytest.raises(CardError) as err:
        MARIAS.deck(codes)
    assert "Ab appears twice" in str(err.value)
    assert "missing: Oh" in str(err.value)


def test_a_deck_must_be_a_list_of_codes():
    with pytest.raises(CardError, match="list of 32 card codes"):
        MARIAS.deck("7h 8h 9h")
    with pytest.raises(CardError, match="rank 'Q'"):
        MARIAS.deck(MARIAS_CODES[:31] + ["Qb"])


def test_a_record_with_a_bad_deck_is_a_scenario_error():
    with pytest.raises(ScenarioError, match="32 cards"):
        Record(game="czech-bulka", players=("Ann", "Ben"), dealer=0, decks=(tuple(MARIAS_CODES[:31]),)).start()
    with pytest.raises(ScenarioError, match="did you mean 'Ah'"):
        Record(game="czech-bulka", players=("Ann", "Ben"), dealer=0,
               decks=(tuple(MARIAS_CODES[:-1] + ["ah"]),)).start()


# --- where decks come from -------------------------------------------------------------------
def test_deck_source_gives_stacked_decks_first_then_none_without_seed():
    first = list(reversed(MARIAS.cards))
    second = list(MARIAS.cards)
    source = DeckSource(MARIAS, [first, second])
    assert source.next_deck() == first
    assert source.next_deck() == second
    assert source.next_deck() is None
    assert source.next_deck() is None
    assert source.rng is None


def test_deck_source_gives_stacked_decks_then_seeded_ones():
    stacked = list(reversed(MARIAS.cards))
    source = DeckSource(MARIAS, [stacked], seed=99)
    assert source.next_deck() == stacked
    decks = [source.next_deck() for _ in range(20)]
    for deck in decks:
        assert sorted(deck) == list(MARIAS.cards)  # each a whole pack
    assert len({tuple(c.code for c in d) for d in decks}) == 20  # a fresh shuffle every deal
    assert source.used == 21


def test_deck_source_copies_what_it_is_given_and_what_it_gives():
    stacked = list(MARIAS.cards)
    source = DeckSource(MARIAS, [stacked])
    stacked.reverse()  # the caller changes its list afterwards
    deck = source.next_deck()
    assert deck == list(MARIAS.cards)


def test_the_same_seed_gives_the_same_decks_and_another_seed_others():
    a, b, c = DeckSource(MARIAS, seed=12345), DeckSource(MARIAS, seed=12345), DeckSource(MARIAS, seed=12346)
    deals_a = [a.next_deck() for _ in range(5)]
    assert deals_a == [b.next_deck() for _ in range(5)]
    assert all(x != y for x, y in zip(deals_a, [c.next_deck() for _ in range(5)]))
    assert a.rng is not None


def test_seeded_decks_are_well_mixed():
    """Over many shuffles every card reaches every position (no card stuck near where it started)."""
    rng = random.Random(1)
    seen = [set() for _ in range(32)]
    for _ in range(2000):
        for pos, card in enumerate(shuffled(MARIAS.cards, rng)):
            seen[pos].add(card.code)
    assert all(len(s) == 32 for s in seen)
    tops = [shuffled(MARIAS.cards, random.Random(seed))[0].code for seed in range(3200)]
    counts = {code: tops.count(code) for code in MARIAS_CODES}
    assert min(counts.values()) > 50 and max(counts.values()) < 160  # about 100 each


def test_shuffle_does_not_change_its_input():
    cards = list(MARIAS.cards)
    shuffled(cards, random.Random(3))
    assert cards == list(MARIAS.cards)


# --- the Czech dealing order -----------------------------------------------------------------
def test_czech_deal_takes_cards_from_the_top_in_the_rules_order():
    """3 to the forehand, 3 to the dealer, 3 and 3, the first candidate, 3 + 3 dokup, then the stock."""
    deck = list(MARIAS_CODES)
    game = Record(game="czech-bulka", players=("Ann", "Ben"), dealer=0, decks=(tuple(deck),)).start()
    deal = game.deal
    assert (deal.dealer, deal.forehand) == (0, 1)
    codes = lambda cards: [c.code for c in cards]  # noqa: E731
    assert codes(deal.hands[1]) == deck[0:3] + deck[6:9]
    assert codes(deal.hands[0]) == deck[3:6] + deck[9:12]
    assert deal.first_candidate.code == deck[12]
    assert codes(deal.dokup[1]) == deck[13:16] and codes(deal.dokup[0]) == deck[16:19]
    assert codes(deal.stock) == deck[19:]
    assert game.view(1)["deal"]["stock_top"] == deck[-1]  # the last card lies on top: the second candidate


def test_stack_deck_puts_each_named_card_where_the_deal_gives_it():
    cards = stack_deck(forehand=["Ah", "Kh", "Oh"], dealer=["7b", "8b"], first="Xl", forehand_dokup=["9a"],
                       dealer_dokup=["Ua", "Oa", "Ka"], stock_top=["Ab", "Kb"])
    assert sorted(cards) == sorted(MARIAS_CODES)
    game = Record(game="czech-bulka", players=("Ann", "Ben"), dealer=0, decks=(tuple(cards),)).start()
    deal = game.deal
    hand = lambda seat: {c.code for c in deal.hands[seat]}  # noqa: E731
    assert {"Ah", "Kh", "Oh"} <= hand(1) and {"7b", "8b"} <= hand(0)
    assert deal.first_candidate.code == "Xl"
    assert "9a" in {c.code for c in deal.dokup[1]}
    assert {c.code for c in deal.dokup[0]} == {"Ua", "Oa", "Ka"}
    assert [c.code for c in deal.stock[-2:]] == ["Kb", "Ab"]  # Ab visible, Kb under it


def test_stack_deck_refuses_impossible_requests():
    with pytest.raises(CardError, match="named twice"):
        stack_deck(forehand=["Ah"], dealer=["Ah"])
    with pytest.raises(CardError, match="forehand takes at most 6"):
        stack_deck(forehand=MARIAS_CODES[:7])
    with pytest.raises(CardError, match="did you mean 'Ah'"):
        stack_deck(first="ah")


def test_a_seed_deals_the_same_decks_on_every_machine():
    """Pinned: a deal code handed to a class must deal these cards on any Python, any machine.
    Changing the shuffle changes every deal code already given out: do it only on purpose."""
    source = DeckSource(MARIAS, seed=2024)
    assert [c.code for c in source.next_deck()] == [
        "9b", "Ob", "Aa", "9a", "7b", "Ah", "Kh", "9h", "Ol", "Xb", "Uh", "8b", "9l", "Ub", "Ua", "7h",
        "8l", "Al", "Kl", "Oa", "Oh", "Xl", "8h", "7a", "Kb", "Xa", "Ab", "7l", "Ka", "Xh", "Ul", "8a"]
    assert [c.code for c in source.next_deck()][:8] == ["9l", "7l", "8a", "9b", "9h", "Aa", "Oh", "8l"]


# --- deal codes as the learner types them ------------------------------------------------------------------------

@pytest.mark.parametrize("typed, meant", [("CB2-std-JPEVH49J3", "CB2-std-JPEVH49J-3"),
                                          ("TR2-std-802HHG6TC", "TR2-std-802HHG6T-C"),
                                          ("bo3-std-7z3jhs8pb", "BO3-std-7Z3JHS8P-B")])
def test_a_code_whose_dash_before_the_check_was_lost_is_that_code_never_another_deal(typed, meant):
    assert str(DealCode.parse(typed)) == meant
    wrong = typed[:-1] + ("X" if typed[-1].upper() != "X" else "Y")  # the check no longer fits: a typo
    with pytest.raises(DealCodeError, match="has a typo"):
        DealCode.parse(wrong)


@pytest.mark.parametrize("typed, tag", [("TR2-std-802HHG6T-X", "TR2"), ("BO3-std-7Z3JHS8P-X", "BO3"),
                                        ("CB2-std-4KQ7M2XA-X", "CB2"), ("TR2-std-802HHG6T-C-1", "TR2")])
def test_the_typo_sentence_gives_an_example_of_the_codes_own_game(typed, tag):
    """On a Trappola page a Trappola code with a typo is shown a Trappola code as the example, not a Czech one."""
    with pytest.raises(DealCodeError) as err:
        DealCode.parse(typed)
    example = re.search(r"(?:like|looks like) ((CB|TR|BO)\d-std-[0-9A-Z]{8}-[0-9A-Z])", str(err.value))
    assert example and example[1].startswith(tag), str(err.value)
    assert str(DealCode.parse(example[1])) == example[1]  # the example itself reads, as printed

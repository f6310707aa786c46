"""How sentences speak of input: a quotation of at most a few dozen characters, numbers in the digits 0 to 9 alone,
and games by their titles — in the core (cards, deal codes, house rules, actions, the registry)."""
from __future__ import annotations

import pytest

from bulka_teach.cards import MARIAS, CardError
from bulka_teach.czech.rules import CzechRules
from bulka_teach.dealing import DealCode
from bulka_teach.errors import DealCodeError, IllegalAction, ScenarioError
from bulka_teach.quoting import QUOTED, foreign_digit, quote, whole_number
from bulka_teach.records import Record
from bulka_teach.registry import GAMES, game_spec

BIG = "Q" * 4_000_000
#: A quotation of the longest input: its first QUOTED characters, the quotes, the ellipsis and the length.
LONGEST_QUOTE = QUOTED + len("''… (4,000,000 characters)")
#: Digits Python's ``int`` or ``str.isdigit`` read that are not 0 to 9: Arabic-Indic, Extended Arabic-Indic (Persian),
#: fullwidth, Devanagari, superscript.
FOREIGN_TWOS = ("٢", "۲", "２", "२", "²")


def test_a_short_text_is_quoted_whole_and_a_long_one_cut_with_its_length():
    assert quote("Kh") == "'Kh'"
    assert quote("x" * QUOTED) == f"'{'x' * QUOTED}'"
    assert quote(BIG) == f"'{'Q' * QUOTED}…' (4,000,000 characters)"
    assert len(quote(BIG)) <= LONGEST_QUOTE
    assert quote("CB2-std", bare=True) == "CB2-std" and quote("CB2 std", bare=True) == "'CB2 std'"


def test_what_cannot_be_seen_is_escaped_and_still_short():
    assert quote("a\nb\u202ec") == r"'a\nb\u202ec'"  # a newline, a right-to-left override
    assert quote("\ud800") == r"'\ud800'"  # a lone surrogate: quoted, and still UTF-8 once escaped
    shown = quote("\u202e" * 1000)
    assert len(shown) <= LONGEST_QUOTE and shown.endswith("(1,000 characters)")


def test_what_is_not_a_text_is_written_short():
    assert quote(float("nan")) == "nan" and quote(None) == "None" and quote(7) == "7"
    assert quote(10**5000) == "a number of about 5,001 digits"  # Python refuses to write it out
    assert len(quote({"card": BIG, "more": list(range(1000))})) <= QUOTED + 1
    assert len(quote([[[[BIG]]]])) <= QUOTED + 1


@pytest.mark.parametrize("two", FOREIGN_TWOS)
def test_only_the_digits_0_to_9_read_as_a_number(two):
    assert whole_number("12") == 12 and whole_number("007") == 7
    for text in (two, f"1{two}", "+2", " 2", "1_0", "", "2" * 10):
        assert whole_number(text) is None, text
    assert foreign_digit(f"CB{two}-std") == two and foreign_digit("CB2-std") is None


@pytest.mark.parametrize("two", FOREIGN_TWOS)
@pytest.mark.parametrize("where", ["CB{}-std-4KQ7M2XA-N", "CB2-std-4KQ7M{}XA-N", "CB{}-std-4KQ7M2XA",
                                   "CB2-s{}-4KQ7M2XA-N"])
def test_a_deal_code_with_a_digit_of_another_script_is_refused_saying_so(two, where):
    """``CB٢-std-…`` was read as CB2 (its check character agrees: ٢ and 2 share their low five bits)."""
    with pytest.raises(DealCodeError) as err:
        DealCode.parse(where.format(two))
    assert "is not one of the digits 0 to 9" in str(err.value)
    assert "Copy it again exactly as it was given to you" in str(err.value)


@pytest.mark.parametrize("code", ["CB+2-std-4KQ7M2XA-N", "CB 2-std-4KQ7M2XA-N", "CB2-std-4KQ7M2Xı", "CB2-std-ſ"])
def test_a_deal_code_is_read_from_ascii_alone(code):
    """``int`` reads "+2" and " 2"; ``str.upper`` makes "ı" an I (read as 1) and "ſ" an S."""
    with pytest.raises(DealCodeError):
        DealCode.parse(code)


def test_a_long_deal_code_is_quoted_short():
    for code in ("CB2-std-" + "7" * 10_000, BIG, "CB2-std-" + "7" * 4_000_000 + "-N"):
        with pytest.raises(DealCodeError) as err:
            DealCode.parse(code)
        message = str(err.value)
        assert len(message) < 200 and "characters)" in message, message


def test_a_rules_id_with_a_digit_of_another_script_is_refused_saying_so():
    assert CzechRules.from_id("s20") == CzechRules(stake=20)
    with pytest.raises(ValueError, match="is not one of the digits 0 to 9"):
        CzechRules.from_id("s٢٠")
    with pytest.raises(ValueError) as err:
        CzechRules.from_id("s" + "9" * 4_000_000)
    assert len(str(err.value)) < 200


def test_a_bad_card_code_or_house_rule_is_quoted_short():
    with pytest.raises(CardError) as err:
        MARIAS.card(BIG)
    assert len(str(err.value)) < 2 * LONGEST_QUOTE + 150 and "(4,000,000 characters)" in str(err.value)
    for values in ({BIG: 1}, {"stake": BIG}, {"meld_scope": BIG}, {"must_beat": BIG}):
        with pytest.raises(ScenarioError) as err:
            CzechRules.from_dict(values)
        assert len(str(err.value)) < LONGEST_QUOTE + 200, str(err.value)[:300]


def _start(game: str):
    spec = GAMES[game]
    players = tuple("ABCDE"[:min(spec.players)])
    return Record(game=game, players=players, rules={}, seed=7).start()


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("action", [BIG, f"play {BIG}", f"declare {BIG}", f"raise {BIG}", "raise 1" + "0" * 5000,
                                    f"declare {'-'.join(['Ah'] * 100_000)}"])
def test_a_refused_action_is_quoted_short_and_changes_nothing(game, action):
    g = _start(game)
    before = g.record()
    with pytest.raises(IllegalAction) as err:
        g.apply(action, g.to_move)
    assert len(err.value.message) < 2 * LONGEST_QUOTE + 200, err.value.message[:300]
    assert g.record() == before
    unreadable = g.unreadable(action)
    assert unreadable is None or len(unreadable.message) < 2 * LONGEST_QUOTE + 200


@pytest.mark.parametrize("game, action", [("bouillotte", "open ٤"), ("bouillotte", "raise ４"),
                                          ("czech-bulka", "play ７h"), ("trappola", "play ２s")])
def test_an_action_with_a_digit_of_another_script_is_refused_saying_so(game, action):
    g = _start(game)
    before = g.record()
    refusal = g.verdict(action)
    assert refusal is not None and "is not one of the digits 0 to 9" in refusal.message, refusal
    with pytest.raises(IllegalAction):
        g.apply(action)
    assert g.record() == before


def test_the_registry_names_games_by_their_titles():
    with pytest.raises(ScenarioError) as err:
        game_spec(BIG)
    message = str(err.value)
    assert len(message) < LONGEST_QUOTE + 150
    assert all(spec.title in message for spec in GAMES.values())  # "trappola (Trappola's Bulka)": id and title

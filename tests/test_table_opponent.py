"""The practice opponent: the teaching rules or the sampling bot, chosen by name or in the table's menu, and
deterministic for a deal code and the learner's clicks at every choice."""
from __future__ import annotations

import random

import pytest
from test_table_practice import play

from bulka_teach.bots import Choice
from bulka_teach.czech.ai import OPPONENTS, RuleBot, SamplingBot, opponent_bot
from bulka_teach.table import Practice


def test_every_opponent_name_makes_a_bot_and_a_wrong_one_says_which_exist():
    assert isinstance(opponent_bot("rule", 1), RuleBot)
    assert all(isinstance(opponent_bot(name, 1), SamplingBot) for name in ("easy", "medium", "strong"))
    with pytest.raises(ValueError, match="choose one of rule, easy, medium, strong"):
        Practice(opponent="grandmaster")


def test_a_game_against_the_sampling_bot_replays_from_its_code_and_clicks():
    first = Practice(code="CB2-std-11", opponent="easy")
    clicks = play(first, random.Random(3))
    assert first.finished and first.table.view["deal"]["outcome"] is not None
    again = Practice(code="CB2-std-11", opponent="easy")
    for message in clicks:
        again.table.send_from_browser(message)
    assert again.game.record().actions == first.game.record().actions


def test_the_sampling_bot_plays_differently_from_the_teaching_rules_somewhere():
    games = {name: Practice(code="CB2-std-5", opponent=name) for name in ("rule", "easy")}
    for practice in games.values():
        play(practice, random.Random(8))
    assert games["rule"].game.record().actions != games["easy"].game.record().actions


def test_the_menu_changes_the_opponent_from_its_next_move(monkeypatch):
    practice = Practice(code="CB2-std-7")
    assert practice.opponent_menu.value == "rule"
    assert [name for _, name in practice.opponent_menu.options] == list(OPPONENTS)
    asked = []
    real = SamplingBot.choose

    def spy(self, view):
        asked.append(view["seat"])
        return real(self, view)

    monkeypatch.setattr(SamplingBot, "choose", spy)
    practice.opponent_menu.value = "medium"
    assert practice.opponent == "medium"
    assert "sampling bot, medium" in practice.table.ui["notice"]["text"]
    play(practice, random.Random(2))
    assert asked and set(asked) == {1}  # the computer's seat only, with its own view
    practice.choose_opponent("nobody")
    assert practice.opponent == "medium" and practice.table.ui["notice"]["kind"] == "refused"


def test_a_given_bot_plays_and_the_menu_is_off():
    class Always:
        def choose(self, view):
            return Choice(view["legal"][0], "first legal")

    practice = Practice(code="CB2-std-7", bot=Always())
    assert practice.opponent_menu.disabled
    play(practice, random.Random(1))
    assert practice.finished

"""Trappola's Bulka for three and four players (shared/rules/trappola.md): the draw for order, stakes and their
multiple, payments direct and into the Bulka, the winner-stays rotation, Pro, Alifer, the Bulka won and the
reseating, leaving, joining and the split at the end."""
from __future__ import annotations

import random

import pytest
from trappola_helpers import EX2, EX2_ACTIONS, EX3, EX3_ACTIONS, first_tie, summary, trappola

from bulka_teach import IllegalAction, Record, ScenarioError
from bulka_teach.trappola.rules import PACK

THREE = ("Ann", "Ben", "Cleo")
FOUR = ("Ann", "Ben", "Cleo", "Dan")


def test_the_draw_for_order():
    for seed in range(30):
        game = Record(game="trappola", players=FOUR, seed=seed).start()
        draws = [e for e in game.events if e.kind == "draw"]
        ranks = {s: PACK.ranks.index(c[0]) for s, c in enumerate(draws[-1].data["cards"])}
        assert len(set(ranks.values())) == 4
        order = sorted(ranks, key=ranks.get)
        assert game.dealer == order[0] and game.challenger == order[-1]
        assert game.queue == [order[2], order[1]]  # the others wait, highest first
        ties = [e for e in game.events if e.kind == "draw-tie"]
        assert len(ties) == len(draws) - 1


def test_a_tie_in_the_draw_draws_again():
    assert any(any(e.kind == "draw-tie" for e in Record(game="trappola", players=FOUR, seed=s).start().events)
               for s in range(40))


@pytest.mark.parametrize("fields, words", [
    ({"players": list(THREE), "dealer": 0}, "queue"),
    ({"players": list(THREE), "dealer": 0, "queue": [0]}, "waiting"),
    ({"players": list(FOUR), "dealer": 0, "queue": [1]}, "waiting"),
    ({"players": ["Ann", "Ben"], "dealer": 0, "queue": [1]}, "queue"),
    ({"players": ["Ann", "Ben"]}, "seed"),
    ({"players": ["Ann", "Ben"], "dealer": 0, "rules": {"stake": 15}}, "multiple of 10"),
])
def test_bad_seating_is_a_scenario_error(fields, words):
    with pytest.raises(ScenarioError, match=words):
        Record.from_dict({"game": "trappola", **fields}).start()


def test_stakes_and_payments_direct_and_into_the_bulka():
    game = trappola(EX2, EX2_ACTIONS, players=THREE, queue=[2])
    # stakes 10 + 10; Ann's Two (trick 2) earns 10: Ben pays it into the Bulka; Figura: Ben pays Ann 6 + 10, Ann
    # pays Ben 6
    assert game.pot == 30 and game.chips == [0, -30, 0]
    assert summary(game)["chips"] == [0, -30, 0] and summary(game)["points"] == [39, 50, None]
    assert summary(game)["declarations"][1] == [{"meld": "Rs-Rc-Rd", "points": 6, "trick": 1, "manko": "b"}]
    assert summary(game)["declarations"][2] is None and summary(game)["bonuses"][2] is None


def test_an_agreed_multiple_scales_every_payment():
    game = trappola(EX2, EX2_ACTIONS, players=THREE, queue=[2], rules={"stake": 30})
    assert game.pot == 90 and game.chips == [0, -90, 0]


def test_winner_stays_rotation_three_players():
    game = trappola(EX2, EX2_ACTIONS, players=THREE, queue=[2])
    assert (game.dealer, game.challenger, game.queue, game.streaks) == (1, 2, [0], [0, 1, 0])


def test_winner_stays_rotation_four_players():
    game = trappola(EX2, EX2_ACTIONS, players=FOUR, queue=[2, 3])
    assert (game.dealer, game.challenger, game.queue) == (1, 2, [3, 0])
    assert game.deal is None and game.waiting() == [0, 3]  # no deck left: the queue waits


def test_pro_is_asked_after_two_wins_and_a_won_pro_takes_the_bulka():
    game = trappola(decks=[EX3] * 3, actions=EX3_ACTIONS, players=THREE, queue=[2], rules={"renonc_mode": True})
    parties = game.result()["deals"]
    assert [p["result"] for p in parties] == ["renonc", "renonc", "won"]
    assert parties[2]["pro"] == 1 and parties[2]["pot_won"] == {"seat": 1, "chips": 80}
    assert game.chips == [-39, 49, -10] and game.pot == 0 and game.streaks == [0, 0, 0] and game.bulka == 2
    assert (game.dealer, game.challenger, game.queue) == (0, 2, [1])  # the Pro loser deals, the waiting challenges
    assert game.deal_decision(2).decided == "match" and game.deal_decision(0).decided == "game"


def test_pro_question_comes_before_any_card():
    game = trappola(decks=[EX3] * 3, actions=EX3_ACTIONS[:3], players=THREE, queue=[2], rules={"renonc_mode": True})
    assert game.to_move == 1 and sorted(game.legal_actions()) == ["no-pro", "pro"]
    assert game.view(1)["deal"]["hand"] == [] and game.view(1)["deal"]["phase"] == "pro"
    from trappola_helpers import refuse
    refuse(game, "play Rs", "not-now")
    refuse(game, "declare Rs-Rc-Rd", "not-now")
    refuse(game, "manko", "not-now")
    pot = game.pot
    game.apply("no-pro")
    assert game.pot == pot + 20 and game.deal.pro is None  # single stakes


def test_a_renonc_against_the_pro_player_wins_him_the_bulka():
    game = trappola(decks=[EX3] * 3, actions=EX3_ACTIONS[:4], players=THREE, queue=[2], rules={"renonc_mode": True})
    assert game.to_move == 0  # Ann, the challenger, defends against Ben's Pro
    game.apply("declare Cs-Cc-Cd")  # a false Figura: Ann loses, so the Pro player wins the Partie and the Bulka
    assert game.deals[2].pot_won == {"seat": 1, "chips": 70} and game.bulka == 2


def test_a_lost_pro_leaves_the_bulka_and_the_defender_wins():
    game = trappola(decks=[EX3] * 3, actions=EX3_ACTIONS[:4] + ["play Rs"], players=THREE, queue=[2],
                    rules={"renonc_mode": True})
    pot = game.pot
    game.apply("play Ac")  # Ben, the Pro player, revokes (he holds As 7s): he loses, the Bulka stays
    assert game.pot == pot == 70 and game.bulka == 1 and game.deals[2].pot_won is None
    assert any(e.kind == "pro-lost" for e in game.events)
    assert game.streaks == [1, 0, 0] and (game.dealer, game.challenger, game.queue) == (0, 2, [1])


def test_bulka_won_with_four_players_reseats_the_waiting_pair():
    game = trappola(decks=[EX3] * 3, actions=EX3_ACTIONS, players=FOUR, queue=[2, 3], rules={"renonc_mode": True})
    # Partie 1 Ann deals, Ben challenges; 2: Ben deals, Cleo challenges, queue [3, 0]; 3: Ben deals, Dan challenges
    parties = game.result()["deals"]
    assert [(p["dealer"], p["challenger"]) for p in parties] == [(0, 1), (1, 2), (1, 3)]
    assert parties[2]["pro"] == 1


def test_four_players_after_the_bulka_the_head_challenges_the_second_deals():
    def pick(game, rng):
        legal = game.legal_actions()
        return "pro" if "pro" in legal else rng.choice(legal)

    for seed in range(200):
        rng = random.Random(seed)
        game = Record(game="trappola", players=FOUR, seed=seed).start()
        while game.bulka == 1 and len(game.deals) < 60:
            before = (game.dealer, game.challenger, list(game.queue))
            game.apply(pick(game, rng))
            if game.bulka == 2:
                won = game.deals[-2] if game.deal is not game.deals[-2] else game.deals[-1]
                won = next(p for p in game.deals if p.pot_won is not None)
                winner, loser = won.pot_won["seat"], won.other(won.pot_won["seat"])
                queue = before[2]
                assert (game.challenger, game.dealer) == (queue[0], queue[1])
                assert game.queue == [loser, winner] and game.streaks == [0] * 4
                assert game.pot == sum(e.data["amount"] for e in game.events[game.deal.first_event:]
                                       if e.kind == "stake")  # the new Bulka holds only the new stakes
                return
    raise AssertionError("no Bulka won")


def test_alifer_replays_with_the_multiplier_doubled():
    game, k = first_tie(3)
    tied, replay = game.deals[k], game.deals[k + 1]
    assert tied.outcome.result == "alifer" and game.deal_decision(k).decided == "redeal"
    assert (replay.dealer, replay.challenger, replay.multiplier, replay.replay) == (
        tied.dealer, tied.challenger, 2 * tied.multiplier, True)
    stakes = [e for e in game.events[replay.first_event:] if e.kind == "stake"]
    assert [e.data["amount"] for e in stakes] == [20, 20]
    told = next(game.explain(e) for e in game.events if e.kind == "partie-over" and e.data["result"] == "alifer")
    assert f"doubled to ×{replay.multiplier}" in told, told  # the sentence names the replay's multiplier


def test_alifer_streaks_kept_and_no_pro_question_in_a_replay():
    def pick(game, rng):
        legal = game.legal_actions()
        return "pro" if "pro" in legal else rng.choice(legal)

    game, k = first_tie(3, pick=pick, start=0)
    tied, replay = game.deals[k], game.deals[k + 1]
    assert replay.pro == tied.pro and replay.phase != "pro"
    streaks_before = [e for e in game.events[:tied.first_event] if e.kind == "partie-over"]
    assert streaks_before is not None


def test_a_pro_alifer_replays_as_pro_unasked():
    def pick(game, rng):
        legal = game.legal_actions()
        return "pro" if "pro" in legal else rng.choice(legal)

    for start in range(0, 4000, 400):
        game, k = first_tie(3, pick=pick, start=start)
        if game.deals[k].pro is not None:
            replay = game.deals[k + 1]
            assert replay.pro == game.deals[k].pro and not any(
                e.kind == "pro-asked" for e in game.events[replay.first_event:game.deal_end(k + 1)])
            stakes = [e.data["amount"] for e in game.events[replay.first_event:] if e.kind == "stake"]
            assert sorted(stakes[:2]) == sorted([10 * replay.multiplier, 20 * replay.multiplier])
            return
    pytest.skip("no Pro Partie tied in the seeds tried")


def test_payments_conserve_chips_over_whole_bulkas():
    for seed in range(40):
        rng = random.Random(seed)
        game = Record(game="trappola", players=FOUR[: 3 + seed % 2], seed=seed,
                      rules={"stake": 20, "renonc_mode": seed % 3 == 0}).start()
        while game.bulka < 3 and len(game.deals) < 300:
            legal = game.legal_actions()
            game.apply("pro" if "pro" in legal else rng.choice(legal))
            assert sum(game.chips) + game.pot == 0
        assert game.bulka == 3


def test_leaving_joining_and_the_split():
    game = trappola(EX2, EX2_ACTIONS[:3], players=FOUR, queue=[2, 3])
    refusal = game.leave(1)
    assert refusal is not None and "played to the end" in refusal.message  # Ben is playing
    assert game.leave(3) is None and game.queue == [2] and 3 in game.left
    assert game.pot == 20 and game.chips[3] == 0
    assert game.join_allowed() is False or game.join_allowed() is True
    assert game.split() is None and game.pot == 20 % 3 and game.chips[0] == -10 + 6
    assert game.to_move is None


def test_join_allowed_only_with_an_empty_or_young_bulka():
    game = trappola(EX2, players=FOUR, queue=[2, 3])
    assert game.join_allowed()  # one Partie since the Bulka was emptied: a newcomer would not have challenged yet
    game = trappola(decks=[EX2] * 4, players=FOUR, queue=[2, 3], seed=1)
    rng = random.Random(0)
    while len(game.deals) < 5:
        game.apply(rng.choice(game.legal_actions()))
    assert game.pot > 0 and not game.join_allowed()


def test_the_split_waits_for_a_pro_partie():
    game = trappola(decks=[EX3] * 3, actions=EX3_ACTIONS[:4], players=THREE, queue=[2], rules={"renonc_mode": True})
    refusal = game.split()
    assert refusal is not None and "Pro" in refusal.message


def test_two_players_have_no_bulka():
    game = trappola(EX2, EX2_ACTIONS)
    assert game.result()["bulka"] is None and game.pot == 0 and game.chips == [0, 0]
    assert summary(game)["chips"] == [0, 0]


def test_a_split_during_a_partie_refuses_the_actions_listed_before_it():
    """``apply`` trusts the legal list it made for the same number of actions; a split takes no action, so it must
    forget that list, or a card listed before the split would still be played after it."""
    game = Record(game="trappola", players=("A", "B", "C"), seed=1).start()
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    listed = game.legal_actions()
    assert listed and game.split() is None
    assert game.to_move is None and game.legal_actions() == []
    with pytest.raises(IllegalAction):
        game.apply(listed[0])

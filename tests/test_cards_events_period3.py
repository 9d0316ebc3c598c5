"""Appendix B: period 3 events, as a player sees them.

Staging helpers: tests/staging_events.py."""
from __future__ import annotations

import pytest

from engine.board import LOCATION_IDS
from tests.staging_events import (
    SOVIET,
    at_event_step,
    buy,
    loc_view,
    put_event,
    resolve,
    stage_day_7,
    take_kind,
    to_discard_pile,
    until_over,
)
from tests.support import (
    act,
    choose,
    force_dice,
    game,
    legal,
    log_texts,
    pass_through,
    refresh,
    rev_turn,
    set_hand,
    top,
)


# ===== Period 3 =====================================================================================
def test_e19_multi_party_government_demanded_placement_hit_anywhere_barricade_allowed():
    g = at_event_step("e19")
    g.s["locations"]["astoria"]["barricades"] = 1
    g.s["positions"]["rev2"] = "astoria"
    refresh(g)
    hands = {r: len(g.s["hands"][r]) for r in ("rev1", "rev2")}
    buy(g, "e19")
    assert legal(g, SOVIET) == [{"type": "choose_location", "location": loc} for loc in LOCATION_IDS]
    g.apply(SOVIET, {"type": "choose_location", "location": "astoria"})
    assert g.active_seats() == ["rev2"]  # the Revolutionaries distribute it
    act(g, "rev2", "hit", target="barricade")
    assert loc_view(g, "astoria")["barricades"] == 0
    assert top(g)["kind"] == "event_step"  # Kossuth Square was empty: no discards
    assert {r: len(g.s["hands"][r]) for r in ("rev1", "rev2")} == hands


def test_e19_multi_party_government_demanded_placement_replacing_bloodbath_everyone_discards_two():
    g = at_event_step("e19")
    put_event(g, "e10", "kossuth")
    buy(g, "e19")
    v = g.view("rev1")
    assert v["locations"]["kossuth"]["event"]["id"] == "e19"
    assert v["event_discard"][-1]["id"] == "e10"
    g.apply(SOVIET, {"type": "choose_location", "location": "csepel"})  # no target there
    assert g.active_seats() == ["rev1"]
    act(g, "rev1", "discard", card=g.s["hands"]["rev1"][0])
    act(g, "rev1", "discard", card=g.s["hands"]["rev1"][0])
    assert g.active_seats() == ["rev2"]
    act(g, "rev2", "discard", card=g.s["hands"]["rev2"][0])
    act(g, "rev2", "discard", card=g.s["hands"]["rev2"][0])
    assert top(g)["kind"] == "event_step"
    assert g.view("soviet")["hands"]["rev1"] == 3 and g.view("soviet")["hands"]["rev2"] == 3
    assert "Multi-party government demanded replaced Bloodbath: each Revolutionary discards 2 cards." in log_texts(g)


def test_e19_multi_party_government_demanded_placement_bloodbath_discarded_earlier_is_no_replacement():
    """Bloodbath on top of the event discard pile (resolved earlier), Kossuth Square empty: not replaced."""
    g = at_event_step("e19")
    put_event(g, "e10", "kossuth")
    g.s["locations"]["kossuth"]["event"] = None
    g.s["event_discard"].append("e10")
    refresh(g)
    buy(g, "e19")
    g.apply(SOVIET, {"type": "choose_location", "location": "csepel"})
    assert top(g)["kind"] == "event_step"


@pytest.mark.parametrize("option", ["soviet_discards_2_headlines", "extra_action"])
def test_e19_multi_party_government_demanded_reward_soviet_discards_2_headlines_or_extra_action_ruling_r105(option):
    """R105 (issue 31): the first option needs the Soviet commander (Appendix B forbids it in the
    Zhukov ruleset): he discards 2 headline cards of his choice; the second is the extra action
    Last Stand's rules say E#19's reward can generate."""
    g = rev_turn()
    before = g.view("rev1")["morale"]
    hand = list(g.s["headline_hand"])
    assert len(hand) >= 2
    resolve(g, "rev1", "e19")
    assert legal(g, "rev1") == [{"type": "choose", "option": "soviet_discards_2_headlines"},
                                {"type": "choose", "option": "extra_action"}]
    choose(g, "rev1", option)
    v = g.view("rev1")
    if option == "extra_action":
        assert v["turn"]["actions_left"] == 2 and v["morale"] == before
        assert "rev1 takes 1 extra action(s) this turn." in log_texts(g)
        return
    assert g.active_seats() == [SOVIET]
    assert {a["card"] for a in g.legal_actions(SOVIET) if a["type"] == "discard"} == set(hand)
    assert not [a for a in g.legal_actions("rev1") if a["type"] == "discard"]
    g.apply(SOVIET, {"type": "discard", "card": hand[1]})
    g.apply(SOVIET, {"type": "discard", "card": hand[0]})
    assert g.s["headline_hand"] == hand[2:] and g.s["headline_discard"][-2:] == [hand[1], hand[0]]
    v = g.view("rev1")
    assert v["turn"]["actions_left"] == 1 and v["morale"] == before


@pytest.mark.parametrize("others,winner", [(3, "soviet"), (2, "revolutionaries")])
def test_e19_multi_party_government_demanded_penalty_lose_with_three_more_events(others, winner):
    g = game(2, seed=8)
    if others == 2:
        put_event(g, "e02", "bem")
        g.s["locations"]["bem"]["event"] = None
        g.s["event_discard"].append("e02")
    stage_day_7(g, {"kossuth": "e19"})
    until_over(g)
    assert g.result["winner"] == winner
    if winner == "soviet":
        assert "Multi-party government demanded" in g.result["reason"]
    else:
        assert "Multi-party government demanded: only 2 other event(s) on the board, no effect." in log_texts(g)


def test_e20_international_red_cross_supplies_placement_most_cards_discards_two_ties_soviet_chooses():
    g = at_event_step("e20")
    assert len(g.s["hands"]["rev1"]) == len(g.s["hands"]["rev2"])
    buy(g, "e20")
    act(g, SOVIET, "place", location="blaha")
    assert legal(g, SOVIET) == [{"type": "choose_player", "seat": "rev1"}, {"type": "choose_player", "seat": "rev2"}]
    g.apply(SOVIET, {"type": "choose_player", "seat": "rev2"})
    assert g.active_seats() == ["rev2"]
    n = len(g.s["hands"]["rev2"])
    act(g, "rev2", "discard", card=g.s["hands"]["rev2"][0])
    act(g, "rev2", "discard", card=g.s["hands"]["rev2"][0])
    assert g.view("rev1")["hands"]["rev2"] == n - 2
    assert top(g)["kind"] == "event_step"


def test_e20_international_red_cross_supplies_placement_no_tie_no_choice():
    g = at_event_step("e20")
    set_hand(g, "rev1", ["rc_food_1", "rc_food_2", "rc_food_3", "rc_molotov_1", "rc_molotov_2", "rc_molotov_3"])
    buy(g, "e20")
    act(g, SOVIET, "place", location="blaha")
    assert g.active_seats() == ["rev1"]
    assert top(g)["kind"] == "forced_discard"


def test_e20_international_red_cross_supplies_reward_take_two_and_heal():
    g = rev_turn()
    g.s["injuries"]["rev1"] = 1
    to_discard_pile(g, ["rc_molotov_5", "rc_molotov_6"])
    resolve(g, "rev1", "e20", loc="blaha")
    card = take_kind(g, "rev1", "molotov")
    act(g, "rev1", "done")
    v = g.view("rev1")
    assert v["injuries"]["rev1"] == 0
    assert card in [c["id"] for c in v["hand"]]


def test_e21_ambulance_under_fire_reward_with_kilian_mark_heals_yourself_too():
    g = rev_turn()
    g.s["marks"].append("e14")
    g.s["injuries"].update(rev1=1, rev2=2)
    g.s["positions"]["rev2"] = "astoria"
    resolve(g, "rev1", "e21", loc="astoria")
    g.apply("rev1", {"type": "choose_player", "seat": "rev2"})
    assert g.view("rev1")["injuries"] == {"rev1": 0, "rev2": 1}


def test_e22_battle_placement_tank_and_militia_in_hwpp():
    g = at_event_step("e22", cp=12)
    before = loc_view(g, "hwpp")
    buy(g, "e22")
    after = loc_view(g, "hwpp")
    assert after["event"]["id"] == "e22"
    assert (after["soviet_tanks"], after["militia"]) == (before["soviet_tanks"] + 1, before["militia"] + 1)


def test_e22_battle_reward_clears_hwpp_and_only_the_resolver_gets_an_extra_action():
    g = rev_turn()
    g.s["locations"]["hwpp"].update(militia=3, snipers=2)
    resolve(g, "rev1", "e22")
    v = g.view("rev2")
    assert (v["locations"]["hwpp"]["militia"], v["locations"]["hwpp"]["snipers"]) == (0, 0)
    assert v["turn"] == {"seat": "rev1", "actions_left": 2, "free_move": False}
    act(g, "rev1", "end_turn")
    assert g.view("rev2")["turn"]["seat"] == "rev2" and g.view("rev2")["turn"]["actions_left"] == 2


def penalty_battle_game():
    g = stage_day_7(game(2, seed=8), {"hwpp": "e22"})
    return pass_through(g, lambda x: top(x)["kind"] == "spa_attack_any")


def test_e22_battle_penalty_attack_any_location_or_decline():
    g = penalty_battle_game()
    g.s["today"]["attacked"] = ["hwpp"]  # already attacked: still a legal target
    refresh(g)
    assert g.active_seats() == [SOVIET]
    acts = legal(g, SOVIET)
    assert {"type": "attack", "location": "hwpp"} in acts
    assert acts[-1] == {"type": "done"}
    act(g, SOVIET, "done")
    assert g.result is not None
    assert "The Soviet commander declines the Attack! effect (Battle)." in log_texts(g)


def test_e22_battle_penalty_attack_fires_then_threatens():
    g = penalty_battle_game()
    g.s["locations"]["stalin"].update(snipers=3, militia=2)  # strength 11: threatens
    g.s["morale"] = 1
    force_dice(g, [6, 6])
    act(g, SOVIET, "attack", location="stalin")
    assert g.result == {"winner": "soviet", "reason": "Morale is on the skull at the end of the game."}
    assert any(t.startswith("Attack! on Stalin Square (strength 11): rolled 6 and 6") for t in log_texts(g))

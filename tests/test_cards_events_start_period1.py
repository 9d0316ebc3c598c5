"""Appendix B: starting events and period 1 events, as a player sees them.

Staging helpers: tests/staging_events.py."""
from __future__ import annotations

import pytest

from tests.staging_events import (
    SOVIET,
    at_event_step,
    buy,
    loc_view,
    put_event,
    resolve,
    spa_cards_offered,
    to_discard_pile,
    to_spa_phase,
)
from tests.support import act, choose, legal, log_texts, of_type, rev_turn, set_active, set_hand, top


# ===== Starting events ==============================================================================
def test_e01_students_demands_reward_shifts_morale_toward_the_hungarian_end():
    g = rev_turn()
    before = g.view("rev1")["morale"]
    resolve(g, "rev1", "e01")
    v = g.view("rev2")
    assert v["morale"] == before + 1
    assert v["locations"]["university"]["event"] is None
    assert "e01" in [e["id"] for e in v["event_discard"]]


def test_e02_petofi_circle_organizes_protest_reward_shifts_support_toward_the_hungarian_end():
    g = rev_turn()
    before = g.view("rev1")["support_index"]
    resolve(g, "rev1", "e02")
    assert g.view("soviet")["support_index"] == before - 1
    assert any("Support shifts toward the Hungarian end" in t for t in log_texts(g))


def test_e03_civilians_armed_reward_is_lapsing_and_adds_ammunition():
    g = rev_turn()
    resolve(g, "rev1", "e03")
    v = g.view("rev1")
    assert [c["id"] for c in v["lapsing"]] == ["e03"]
    g.s["locations"]["corvin"]["militia"] = 1
    set_hand(g, "rev1", [])
    assert {"type": "attack_militia"} in g.legal_actions("rev1")  # no card, no fighter


# ===== Period 1 =====================================================================================
def test_e04_stalins_statue_removed_placement_places_a_militia_on_stalin_square():
    g = at_event_step("e04")
    before = loc_view(g, "stalin")["militia"]
    buy(g, "e04")
    v = g.view("rev1")
    assert v["locations"]["stalin"]["event"]["id"] == "e04"
    assert v["locations"]["stalin"]["militia"] == before + 1


def test_e04_stalins_statue_removed_reward_morale_twice_and_mark():
    g = rev_turn()
    before = g.view("rev1")["morale"]
    resolve(g, "rev1", "e04")
    v = g.view("rev2")
    assert v["morale"] == before + 2
    assert [m["id"] for m in v["marks"]] == ["e04"]


@pytest.mark.parametrize("statue_removed,gain", [(False, 1), (True, 2)])
def test_e05_stalins_head_dragged_placement_the_soviet_commander_collects_cp_ruling_r105(statue_removed, gain):
    """R105 (issue 31): the Zhukov ruleset ignores E#5's placement, so it is the commander's own:
    he collects 1 CP, 2 with E#4 resolved (E#4 modifies the placement); no unit is placed."""
    g = at_event_step("e05")
    if statue_removed:
        g.s["marks"].append("e04")
    before = dict(loc_view(g, "blaha"))
    cp = g.s["cp"]
    cost = g.view(SOVIET)["market"][0]["event"]["cost"]
    buy(g, "e05")
    after = loc_view(g, "blaha")
    assert after["event"]["id"] == "e05"
    assert (after["militia"], after["soviet_tanks"]) == (before["militia"], before["soviet_tanks"])
    assert g.s["cp"] == cp - cost + gain


@pytest.mark.parametrize("marks,shift", [([], 0), (["e04"], 0), (["h10"], 1), (["h10", "e04"], 2)])
def test_e05_stalins_head_dragged_reward_needs_h10_and_e04_adds_one(marks, shift):
    g = rev_turn()
    g.s["marks"].extend(marks)
    before = g.view("rev1")["morale"]
    resolve(g, "rev1", "e05")
    assert g.view("rev1")["morale"] == before + shift
    if "h10" not in marks:
        assert "Stalin's head dragged across town: H#10 is not resolved, the reward has no effect." in log_texts(g)


@pytest.mark.parametrize("option,unit,n", [("two_militia", "militia", 2), ("one_sniper", "snipers", 1)])
def test_e06_siege_placement_soviet_chooses_two_militia_or_one_sniper(option, unit, n):
    g = at_event_step("e06")
    before = loc_view(g, "radio")[unit]
    buy(g, "e06")
    assert g.active_seats() == [SOVIET]
    assert legal(g, SOVIET) == [{"type": "choose", "option": "two_militia"}, {"type": "choose", "option": "one_sniper"}]
    choose(g, SOVIET, option)
    assert loc_view(g, "radio")[unit] == before + n
    assert top(g)["kind"] == "event_step"


def test_e06_siege_reward_no_attack_card_in_todays_spa_phase():
    g = rev_turn()
    resolve(g, "rev1", "e06")
    assert [c["id"] for c in g.view("rev1")["lapsing"]] == ["e06"]
    to_spa_phase(g)
    offered = spa_cards_offered(g)
    assert "attack" not in offered and "place_militia" in offered
    # without Siege resolved the Attack! cards are offered
    g2 = rev_turn()
    to_spa_phase(g2)
    assert "attack" in spa_cards_offered(g2)


def test_e07_fire_in_the_national_museum_placement_morale_toward_the_soviet_end():
    g = at_event_step("e07")
    before = g.view("rev1")["morale"]
    buy(g, "e07")
    assert g.view("rev1")["morale"] == before - 1
    assert loc_view(g, "astoria")["event"]["id"] == "e07"


def test_e07_fire_in_the_national_museum_reward_take_up_to_two_from_the_discard_pile():
    from engine.cards import REV_CARD

    g = rev_turn()
    to_discard_pile(g, ["rc_molotov_5", "rc_food_3", "rc_vehicle_2"])
    resolve(g, "rev1", "e07")  # discards a medical and a food card
    assert g.active_seats() == ["rev1"]
    offered = {REV_CARD[a["card"]]["kind"] for a in of_type(g, "rev1", "take")}
    assert offered == {"molotov", "food", "vehicle", "medical"}  # one option per kind of card
    act(g, "rev1", "take", card="rc_molotov_5")
    act(g, "rev1", "take", card="rc_vehicle_2")
    v = g.view("rev1")
    assert {c["id"] for c in v["hand"]} == {"rc_molotov_5", "rc_vehicle_2"}
    assert top(g)["kind"] == "turn"
    assert "rev1 takes Vehicle from the discard pile (Fire in the National Museum)." in log_texts(g, "rev2")


def test_e07_fire_in_the_national_museum_reward_empty_discard_pile_gives_nothing():
    g = rev_turn()
    g.s["rev_discard"] = []
    put_event(g, "e07", "astoria")
    g.s["positions"]["rev1"] = "astoria"
    set_active(g, "astoria", [])
    g.s["today"]["bonus"] += [{"icon": i, "actions": ["resolve_event"], "source": "test"} for i in ("medical", "food")]
    set_hand(g, "rev1", ["rc_molotov_1"])
    act(g, "rev1", "resolve_event")
    act(g, "rev1", "done")
    assert g.s["rev_discard"] == []
    assert top(g)["kind"] == "turn"
    assert [c["id"] for c in g.view("rev1")["hand"]] == ["rc_molotov_1"]


def test_e08_spreading_the_news_reward_shifts_support_toward_the_hungarian_end():
    g = rev_turn()
    before = g.view("rev1")["support_index"]
    resolve(g, "rev1", "e08", loc="astoria")
    assert g.view("rev1")["support_index"] == before - 1


def test_e09_government_building_occupied_placement_militia_where_placed():
    g = at_event_step("e09")
    before = loc_view(g, "blaha")["militia"]
    buy(g, "e09")
    assert {"type": "place", "location": "blaha"} in legal(g, SOVIET)
    act(g, SOVIET, "place", location="blaha")
    v = loc_view(g, "blaha")
    assert v["event"]["id"] == "e09" and v["militia"] == before + 1


def test_e09_government_building_occupied_reward_morale_and_one_card():
    g = rev_turn()
    before = g.view("rev1")["morale"]
    resolve(g, "rev1", "e09", loc="blaha")
    v = g.view("rev1")
    assert v["morale"] == before + 1
    assert len(v["hand"]) == 1
    assert "rev1 draws 1 card(s) (Government building occupied)." in log_texts(g, "rev2")

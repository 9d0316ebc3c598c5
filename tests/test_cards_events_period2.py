"""Appendix B: period 2 events, as a player sees them.

Staging helpers: tests/staging_events.py."""
from __future__ import annotations

import pytest

from engine.board import LOCATION_IDS, NEIGHBOURS
from tests.staging_events import (
    SOVIET,
    at_event_step,
    buy,
    loc_view,
    put_event,
    resolve,
    spa_cards_offered,
    take_kind,
    to_discard_pile,
    to_spa_phase,
)
from tests.support import act, choose, legal, log_texts, of_type, refresh, rev_turn, set_hand, top


# ===== Period 2 =====================================================================================
def test_e10_bloodbath_placement_one_hit_to_kossuth_square():
    g = at_event_step("e10")
    g.s["positions"]["rev1"] = "kossuth"
    refresh(g)
    buy(g, "e10")
    assert g.active_seats() == ["rev1"]
    assert legal(g, "rev1") == [{"type": "hit", "target": "injury", "seat": "rev1"}]
    g.apply("rev1", {"type": "hit", "target": "injury", "seat": "rev1"})
    assert g.view("rev1")["injuries"]["rev1"] == 1
    assert top(g)["kind"] == "event_step"


@pytest.mark.parametrize("option", ["soviet_tanks", "militia_and_snipers"])
def test_e10_bloodbath_reward_choose_tanks_or_spa_units_morale_soviet_twice(option):
    g = rev_turn()
    g.s["locations"]["kossuth"].update(soviet_tanks=2, snipers=1, militia=2)
    before = g.view("rev1")["morale"]
    resolve(g, "rev1", "e10", fighters=["f_peter_hajas"], keep_units=True)
    assert g.active_seats() == ["rev1"]
    assert legal(g, "rev1") == [{"type": "choose", "option": "soviet_tanks"},
                                {"type": "choose", "option": "militia_and_snipers"}]
    choose(g, "rev1", option)
    k = loc_view(g, "kossuth")
    if option == "soviet_tanks":
        assert (k["soviet_tanks"], k["militia"], k["snipers"]) == (0, 2, 1)
    else:
        assert (k["soviet_tanks"], k["militia"], k["snipers"]) == (2, 0, 0)
    assert g.view("rev1")["morale"] == before - 2


def test_e11_fighter_group_organized_placement_militia_in_szena_square():
    g = at_event_step("e11")
    before = loc_view(g, "szena")["militia"]
    buy(g, "e11")
    assert loc_view(g, "szena")["militia"] == before + 1


def test_e11_fighter_group_organized_reward_activate_two_then_take_one_card():
    g = rev_turn()
    to_discard_pile(g, ["rc_molotov_5"])
    inactive = g.s["locations"]["szena"]["inactive"]
    facedown = g.s["locations"]["szena"]["facedown"][0]
    resolve(g, "rev1", "e11")
    assert legal(g, "rev1") == [{"type": "activate_fighter", "location": "szena"}, {"type": "done"}]
    act(g, "rev1", "activate_fighter", location="szena")
    act(g, "rev1", "activate_fighter", location="szena")
    active = [f["id"] for f in loc_view(g, "szena")["fighters"] if f["active"]]
    assert active == [inactive, facedown]
    assert top(g)["kind"] == "take_from_discard"
    card = take_kind(g, "rev1", "molotov")
    assert card in [c["id"] for c in g.view("rev1")["hand"]]
    assert top(g)["kind"] == "turn"
    assert g.view("rev1")["turn"]["actions_left"] == 1  # activations spent no action


def test_e11_fighter_group_organized_reward_may_stop_and_empty_pile_gives_nothing():
    g = rev_turn()
    g.s["rev_discard"] = []
    put_event(g, "e11", "szena")
    g.s["positions"]["rev1"] = "szena"
    g.s["today"]["bonus"] += [{"icon": i, "actions": ["resolve_event"], "source": "test"}
                              for i in ("ammunition", "food", "molotov")]
    set_hand(g, "rev1", [])
    act(g, "rev1", "resolve_event")
    act(g, "rev1", "done")
    act(g, "rev1", "done")  # activate none
    assert [f["active"] for f in loc_view(g, "szena")["fighters"]] == [False]
    assert top(g)["kind"] == "turn"


def test_e12_aid_from_warsaw_distributed_reward_take_up_to_three():
    g = rev_turn()
    to_discard_pile(g, ["rc_molotov_5", "rc_molotov_6", "rc_food_3", "rc_ammunition_5"])
    resolve(g, "rev1", "e12", loc="blaha")  # food per event: 4 events with it
    taken = {take_kind(g, "rev1", k) for k in ("molotov", "food", "ammunition")}
    assert top(g)["kind"] == "turn"
    assert taken <= {c["id"] for c in g.view("rev1")["hand"]}


def test_e12_aid_from_warsaw_distributed_reward_done_early():
    g = rev_turn()
    to_discard_pile(g, ["rc_molotov_5", "rc_molotov_6"])
    resolve(g, "rev1", "e12", loc="blaha")
    take_kind(g, "rev1", "molotov")
    act(g, "rev1", "done")
    assert top(g)["kind"] == "turn"


@pytest.mark.parametrize("h33", [False, True])
def test_e13_spa_units_disguised_as_policemen_placement_two_militia_and_sniper_if_h33(h33):
    g = at_event_step("e13")
    if h33:
        g.s["marks"].append("h33")
    before = g.view("rev1")
    buy(g, "e13")
    act(g, SOVIET, "place", location="blaha")
    assert loc_view(g, "blaha")["militia"] == before["locations"]["blaha"]["militia"] + 2
    if h33:
        assert g.active_seats() == [SOVIET]
        assert legal(g, SOVIET) == [{"type": "choose_location", "location": loc} for loc in LOCATION_IDS]
        g.apply(SOVIET, {"type": "choose_location", "location": "csepel"})
        assert loc_view(g, "csepel")["snipers"] == before["locations"]["csepel"]["snipers"] + 1
    assert top(g)["kind"] == "event_step"


def test_e13_spa_units_disguised_as_policemen_reward_remove_two_move_two_not_out_of_barricades():
    g = rev_turn()
    locs = g.s["locations"]
    locs["astoria"]["militia"] = 3
    locs["stalin"]["barricades"] = 1  # 2 militia there, barricaded: they may not leave
    resolve(g, "rev1", "e13", loc="astoria")
    assert loc_view(g, "astoria")["militia"] == 1
    moves = of_type(g, "rev1", "move_militia")
    assert not any(m["from"] == "stalin" for m in moves)
    assert {"type": "move_militia", "from": "astoria", "to": "radio"} in moves
    assert {"type": "done"} in legal(g, "rev1")
    act(g, "rev1", "move_militia", **{"from": "astoria", "to": "radio"})
    # the militia that arrived in the Radio cannot move again; the Radio had none before
    assert not any(m["from"] == "radio" for m in of_type(g, "rev1", "move_militia"))
    act(g, "rev1", "move_militia", **{"from": "csepel", "to": "corvin"})
    assert top(g)["kind"] == "turn"
    v = g.view("rev1")["locations"]
    assert (v["astoria"]["militia"], v["radio"]["militia"], v["corvin"]["militia"], v["csepel"]["militia"]) == (0, 1, 1, 0)


def test_e14_kilian_barracks_treats_the_wounded_reward_heals_and_leaves_the_mark():
    g = rev_turn()
    g.s["injuries"]["rev1"] = 2
    resolve(g, "rev1", "e14")
    v = g.view("rev2")
    assert v["injuries"]["rev1"] == 1
    assert [m["id"] for m in v["marks"]] == ["e14"]


def test_e14_kilian_barracks_treats_the_wounded_placement_hit_in_the_chosen_players_location():
    g = at_event_step("e14")
    buy(g, "e14")
    g.apply(SOVIET, {"type": "choose_player", "seat": "rev1"})
    assert g.active_seats() == ["rev1"]
    assert legal(g, "rev1") == [{"type": "hit", "target": "injury", "seat": "rev1"}]


def test_e15_weapons_confiscated_placement_each_discards_ammunition_or_molotov():
    g = at_event_step("e15")
    set_hand(g, "rev1", ["rc_ammunition_1", "rc_molotov_crate_1", "rc_food_1"])
    set_hand(g, "rev2", ["rc_food_2", "rc_information_1"])
    buy(g, "e15")
    act(g, SOVIET, "place", location="blaha")
    assert g.active_seats() == ["rev1"]
    assert sorted(a["card"] for a in of_type(g, "rev1", "discard")) == ["rc_ammunition_1", "rc_molotov_crate_1"]
    act(g, "rev1", "discard", card="rc_molotov_crate_1")
    assert top(g)["kind"] == "event_step"  # rev2 has no such card: skipped
    v = g.view("rev2")
    assert v["hands"] == {"soviet": v["hands"]["soviet"], "rev1": 2, "rev2": 2}
    assert any(t.startswith("rev1 discards") and t.endswith("(Weapons confiscated).") for t in log_texts(g, "rev2"))


def test_e15_weapons_confiscated_reward_draw_two():
    g = rev_turn()
    resolve(g, "rev1", "e15", loc="blaha")
    assert len(g.view("rev1")["hand"]) == 2


def test_e16_red_star_removed_reward_morale_and_support():
    g = rev_turn()
    v0 = g.view("rev1")
    resolve(g, "rev1", "e16", loc="blaha")
    v = g.view("rev1")
    assert (v["morale"], v["support_index"]) == (v0["morale"] + 1, v0["support_index"] - 1)


def test_e17_spa_resupplies_placement_a_sniper_where_a_sniper_is():
    g = at_event_step("e17")
    buy(g, "e17")
    assert legal(g, SOVIET) == [{"type": "place", "location": loc} for loc in ("kossuth", "radio", "hwpp")]
    act(g, SOVIET, "place", location="hwpp")
    assert loc_view(g, "hwpp")["snipers"] == 2


def test_e17_spa_resupplies_reward_removes_a_sniper_and_forbids_move_sniper():
    g = rev_turn()
    g.s["locations"]["hwpp"]["snipers"] = 2
    resolve(g, "rev1", "e17", loc="hwpp")
    assert loc_view(g, "hwpp")["snipers"] == 1
    assert [c["id"] for c in g.view("rev1")["lapsing"]] == ["e17"]
    to_spa_phase(g)
    assert "move_sniper" not in spa_cards_offered(g)
    assert "attack" in spa_cards_offered(g)


def test_e18_defense_of_the_iron_works_placement_moves_up_to_two_militia_not_out_of_barricades():
    g = at_event_step("e18")
    neighbours = NEIGHBOURS["csepel"]
    assert "university" in neighbours and "corvin" in neighbours
    locs = g.s["locations"]
    locs["university"]["militia"] = 2
    locs["corvin"]["militia"] = 1
    locs["corvin"]["barricades"] = 1
    refresh(g)
    before = locs["csepel"]["militia"]
    buy(g, "e18")
    moves = of_type(g, SOVIET, "move_militia")
    assert all(m["to"] == "csepel" and m["from"] in neighbours for m in moves)
    assert {"from": "university", "to": "csepel", "type": "move_militia"} in moves
    assert not any(m["from"] == "corvin" for m in moves)
    act(g, SOVIET, "move_militia", **{"from": "university", "to": "csepel"})
    act(g, SOVIET, "move_militia", **{"from": "university", "to": "csepel"})
    assert top(g)["kind"] == "event_step"
    assert loc_view(g, "csepel")["militia"] == before + 2


def test_e18_defense_of_the_iron_works_reward_forbids_move_militia():
    g = rev_turn()
    resolve(g, "rev1", "e18")
    to_spa_phase(g)
    offered = spa_cards_offered(g)
    assert "move_militia" not in offered and "move_sniper" in offered

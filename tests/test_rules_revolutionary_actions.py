"""Revolutionary phase: the seven actions (activate, resolve, attack militia, destroy a tank, card abilities, give/take, draw).

Staging helpers: tests/staging_revolutionary_phase.py."""
from __future__ import annotations

import pytest

from engine import IllegalAction
from tests.staging_revolutionary_phase import PLAIN, kinds, loc_view, turn_view
from tests.support import act, force_dice, log_texts, of_type, refresh, rev_turn, set_active, set_hand


# ===== Action 1: activate a fighter ================================================================
def test_action_1_activate_fighter_face_down_tile_revealed_as_inactive():
    """Remove the inactive marker from the face-up fighter; reveal the face-down tile and place the
    inactive marker on it (otherwise the marker leaves the board)."""
    g = rev_turn()
    here = g.s["locations"]["university"]
    first, second = here["inactive"], here["facedown"][0]
    act(g, "rev1", "activate_fighter")
    uni = loc_view(g, "university")
    assert [(f["id"], f["active"]) for f in uni["fighters"]] == [(first, True), (second, False)]
    assert uni["facedown"] == 0
    assert turn_view(g)["actions_left"] == 1
    act(g, "rev1", "activate_fighter")
    uni = loc_view(g, "university")
    assert [(f["id"], f["active"]) for f in uni["fighters"]] == [(first, True), (second, True)]
    assert g.s["locations"]["university"]["inactive"] is None


def test_action_1_activate_fighter_not_with_4_active_fighters():
    """The Activate a fighter action cannot be carried out in a location with 4 active fighters."""
    g = rev_turn()
    set_active(g, "university", ["f_imre_colos", "f_otto_lakatos", "f_valeria_pille", "f_jerzy_slazak"])
    refresh(g)
    assert g.s["locations"]["university"]["inactive"]
    assert "activate_fighter" not in kinds(g, "rev1")
    with pytest.raises(IllegalAction):
        act(g, "rev1", "activate_fighter")


# ===== Action 2: resolve an event ===================================================================
def test_action_2_resolve_event_icons_from_active_fighters_and_discarded_cards():
    """Icons come from active fighters in the location plus the cards the acting player discards;
    excess icons are ignored; the resolved event leaves the board and is discarded."""
    g = rev_turn()
    set_active(g, "university", ["f_otto_lakatos"])  # information
    set_hand(g, "rev1", ["rc_food_1", "rc_molotov_1", "rc_information_1"])
    refresh(g)
    act(g, "rev1", "resolve_event")
    # Students' demands needs information + food: the fighter gives information, only food is
    # missing; every card may still be discarded (excess icons are ignored, R26).
    assert len(of_type(g, "rev1", "discard")) == 3
    assert {"type": "done"} not in g.legal_actions("rev1")
    assert g.view("rev1")["picks"]["missing"] == {"food": 1}
    act(g, "rev1", "discard", card="rc_food_1")
    act(g, "rev1", "done")
    v = g.view("rev1")
    assert v["locations"]["university"]["event"] is None
    assert v["event_discard"][-1]["id"] == "e01"
    assert [c["id"] for c in v["hand"]] == ["rc_molotov_1", "rc_information_1"]
    assert [c["id"] for c in v["rev_discard"]] == ["rc_food_1"]
    assert v["turn"]["actions_left"] == 1
    assert any(t.startswith("rev1 resolves Students' demands in University of Technology") for t in log_texts(g, "rev1"))


def test_action_2_aid_card_counts_as_only_one_icon():
    """The "Aid" card shows information, medical and food but counts as only one of them."""
    g = rev_turn()
    set_active(g, "university", [])
    set_hand(g, "rev1", ["rc_aid_1", "rc_molotov_1"])
    refresh(g)
    assert "resolve_event" not in kinds(g, "rev1")  # one Aid cannot be information AND food
    set_hand(g, "rev1", ["rc_aid_1", "rc_aid_2"])
    refresh(g)
    act(g, "rev1", "resolve_event")
    act(g, "rev1", "discard", card="rc_aid_1")
    assert {"type": "done"} not in g.legal_actions("rev1")
    act(g, "rev1", "discard", card="rc_aid_2")
    act(g, "rev1", "done")
    assert loc_view(g, "university")["event"] is None


def test_action_2_card_with_two_same_icons_gives_both():
    """A card with 2 of the same icons gives both of them."""
    g = rev_turn()
    g.s["locations"]["stalin"]["event"] = "e04"  # Stalin's statue removed: vehicle, molotov, molotov
    g.s["positions"]["rev1"] = "stalin"
    set_active(g, "stalin", [])
    set_hand(g, "rev1", ["rc_vehicle_1", "rc_molotov_1"])
    refresh(g)
    assert "resolve_event" not in kinds(g, "rev1")
    set_hand(g, "rev1", ["rc_vehicle_1", "rc_molotov_crate_1"])
    refresh(g)
    act(g, "rev1", "resolve_event")
    act(g, "rev1", "discard", card="rc_vehicle_1")
    act(g, "rev1", "discard", card="rc_molotov_crate_1")
    act(g, "rev1", "done")
    v = g.view("rev1")
    assert v["locations"]["stalin"]["event"] is None
    assert [m["id"] for m in v["marks"]] == ["e04"]  # the mark icon: a resolution marker


def test_action_2_per_event_icons_equal_to_the_events_on_the_board():
    """An icon with the per-event sign must be provided as many times as there are event cards on
    locations on the board (this one included)."""
    g = rev_turn()
    g.s["locations"]["astoria"]["event"] = "e12"  # vehicle, medical + food per event
    g.s["positions"]["rev1"] = "astoria"
    set_active(g, "astoria", [])
    assert sum(1 for loc in g.s["locations"].values() if loc["event"]) == 4
    set_hand(g, "rev1", ["rc_vehicle_1", "rc_medical_1", "rc_food_1", "rc_food_2", "rc_food_3"])
    refresh(g)
    assert "resolve_event" not in kinds(g, "rev1")  # 3 food for 4 events
    set_hand(g, "rev1", ["rc_vehicle_1", "rc_medical_1", "rc_food_1", "rc_food_2", "rc_food_3", "rc_aid_1"])
    refresh(g)
    act(g, "rev1", "resolve_event")
    assert "4 food" in g.view("rev1")["prompt"]
    for c in ["rc_vehicle_1", "rc_medical_1", "rc_food_1", "rc_food_2", "rc_food_3"]:
        act(g, "rev1", "discard", card=c)
    assert {"type": "done"} not in g.legal_actions("rev1")
    act(g, "rev1", "discard", card="rc_aid_1")
    act(g, "rev1", "done")
    assert loc_view(g, "astoria")["event"] is None
    # With only 2 events on the board, 2 food are enough.
    g2 = rev_turn()
    g2.s["locations"]["astoria"]["event"] = "e12"
    g2.s["locations"]["bem"]["event"] = None
    g2.s["locations"]["corvin"]["event"] = None
    g2.s["locations"]["university"]["event"] = None
    g2.s["locations"]["kossuth"]["event"] = "e33"
    g2.s["positions"]["rev1"] = "astoria"
    set_active(g2, "astoria", [])
    set_hand(g2, "rev1", ["rc_vehicle_1", "rc_medical_1", "rc_food_1", "rc_food_2"])
    refresh(g2)
    assert "resolve_event" in kinds(g2, "rev1")


def test_action_2_other_players_cannot_discard_cards_to_help():
    """Only the acting player discards cards; others, even in the same location, cannot help."""
    g = rev_turn()
    g.s["positions"]["rev2"] = "university"
    set_active(g, "university", [])
    set_hand(g, "rev1", ["rc_information_1"])
    set_hand(g, "rev2", ["rc_food_1", "rc_information_2"])
    refresh(g)
    assert "resolve_event" not in kinds(g, "rev1")
    set_hand(g, "rev1", ["rc_information_1", "rc_food_2"])
    refresh(g)
    act(g, "rev1", "resolve_event")
    assert g.active_seats() == ["rev1"]
    assert sorted(a["card"] for a in of_type(g, "rev1", "discard")) == ["rc_food_2", "rc_information_1"]


def test_action_2_resolving_executes_the_reward_kilian_barracks():
    """When an event is resolved the acting player executes its reward (E#14: remove one injury
    from yourself) and a marked event leaves a resolution marker."""
    g = rev_turn()
    g.s["locations"]["corvin"]["event"] = "e14"  # medical, food, ammunition
    g.s["positions"]["rev1"] = "corvin"
    g.s["injuries"]["rev1"] = 2
    set_active(g, "corvin", [])
    set_hand(g, "rev1", ["rc_medical_1", "rc_food_1", "rc_ammunition_1"])
    refresh(g)
    act(g, "rev1", "resolve_event")
    for c in ["rc_medical_1", "rc_food_1", "rc_ammunition_1"]:
        act(g, "rev1", "discard", card=c)
    act(g, "rev1", "done")
    v = g.view("rev2")
    assert v["injuries"] == {"rev1": 1, "rev2": 0}
    assert v["locations"]["corvin"]["event"] is None
    assert [m["id"] for m in v["marks"]] == ["e14"]
    assert "rev1 removes an injury (1 left)." in log_texts(g, "rev2")


# ===== Action 3: attack militia =====================================================================
def stage_militia(g, loc: str, militia: int, snipers: int = 0, hand=()) -> None:
    g.s["positions"]["rev1"] = loc
    g.s["locations"][loc]["militia"] = militia
    g.s["locations"][loc]["snipers"] = snipers
    set_active(g, loc, [])
    set_hand(g, "rev1", list(hand))
    refresh(g)


def test_action_3_attack_militia_one_militia_per_ammunition_icon():
    """Collect 1-5 ammunition icons to attack the same number of militia; remove them at once."""
    g = rev_turn()
    stage_militia(g, "astoria", 4, hand=["rc_ammunition_1", "rc_ammunition_2", "rc_food_1"])
    act(g, "rev1", "attack_militia")
    assert {"type": "done"} not in g.legal_actions("rev1")
    act(g, "rev1", "discard", card="rc_ammunition_1")
    act(g, "rev1", "discard", card="rc_ammunition_2")
    act(g, "rev1", "done")
    v = g.view("rev1")
    assert v["locations"]["astoria"]["militia"] == 2
    assert [c["id"] for c in v["hand"]] == ["rc_food_1"]  # fewer than 3 attacked: no card
    assert "rev1 attacks 2 militia in Astoria." in log_texts(g, "rev1")


def test_action_3_attacking_3_or_more_militia_draws_a_card():
    """If at least 3 militia were attacked, draw a card as a reward."""
    g = rev_turn()
    stage_militia(g, "astoria", 4, hand=["rc_ammunition_crate_1", "rc_ammunition_1"])
    deck = len(g.s["rev_deck"])
    act(g, "rev1", "attack_militia")
    act(g, "rev1", "discard", card="rc_ammunition_crate_1")
    act(g, "rev1", "discard", card="rc_ammunition_1")
    act(g, "rev1", "done")
    v = g.view("rev1")
    assert v["locations"]["astoria"]["militia"] == 1
    assert len(v["hand"]) == 1 and v["rev_deck_count"] == deck - 1
    assert "rev1 attacks 3 militia in Astoria." in log_texts(g, "rev1")


def test_action_3_attack_militia_at_most_5():
    """At most 5 militia are attacked: a 6th ammunition icon is ignored (a card may still be
    discarded for it, ruling R26)."""
    g = rev_turn()
    stage_militia(g, "astoria", 7, hand=["rc_ammunition_crate_1", "rc_ammunition_crate_2",
                                         "rc_ammunition_1", "rc_ammunition_2"])
    act(g, "rev1", "attack_militia")
    act(g, "rev1", "discard", card="rc_ammunition_crate_1")
    act(g, "rev1", "discard", card="rc_ammunition_crate_2")
    act(g, "rev1", "discard", card="rc_ammunition_1")
    act(g, "rev1", "discard", card="rc_ammunition_2")  # the 6th icon: excess, ignored
    act(g, "rev1", "done")
    v = g.view("rev1")
    assert v["locations"]["astoria"]["militia"] == 2
    assert "rc_ammunition_2" not in [c["id"] for c in v["hand"]] and len(v["hand"]) == 1  # the reward card


def test_action_3_snipers_cannot_be_attacked():
    """Snipers cannot be killed by Attack militia."""
    g = rev_turn()
    stage_militia(g, "astoria", 0, snipers=1, hand=["rc_ammunition_crate_1"])
    assert "attack_militia" not in kinds(g, "rev1")
    stage_militia(g, "astoria", 2, snipers=1, hand=["rc_ammunition_crate_1", "rc_ammunition_1"])
    act(g, "rev1", "attack_militia")
    act(g, "rev1", "discard", card="rc_ammunition_crate_1")
    act(g, "rev1", "discard", card="rc_ammunition_1")  # a 3rd ammunition: no sniper is hit
    act(g, "rev1", "done")
    astoria = loc_view(g, "astoria")
    assert (astoria["militia"], astoria["snipers"]) == (0, 1)


# ===== Action 4: destroy a tank =====================================================================
def test_action_4_destroy_tank_with_3_molotov_morale_twice_toward_hungarian_end():
    """Collect 3 molotov icons to destroy a Soviet tank; remove it and shift morale toward the
    Hungarian end 2 times."""
    g = rev_turn()
    g.s["positions"]["rev1"] = "astoria"
    g.s["locations"]["astoria"]["soviet_tanks"] = 1
    set_active(g, "astoria", [])
    set_hand(g, "rev1", ["rc_molotov_1", "rc_molotov_2"])
    refresh(g)
    assert "destroy_tank" not in kinds(g, "rev1")
    set_hand(g, "rev1", ["rc_molotov_1", "rc_molotov_crate_1"])
    refresh(g)
    force_dice(g, [6])  # the tank retaliates and misses
    morale = g.view("rev1")["morale"]
    act(g, "rev1", "destroy_tank")
    act(g, "rev1", "discard", card="rc_molotov_1")
    act(g, "rev1", "discard", card="rc_molotov_crate_1")
    act(g, "rev1", "done")
    v = g.view("rev1")
    assert v["locations"]["astoria"]["soviet_tanks"] == 0
    assert v["morale"] == morale + 2
    assert "rev1 destroys a Soviet tank in Astoria." in log_texts(g, "rev1")


# ===== Action 6: give or take cards =================================================================
def test_action_6_give_cards_only_to_a_player_in_the_same_location():
    """Give any number of cards to one other player in the same location."""
    g = rev_turn()
    set_hand(g, "rev1", ["rc_molotov_1", "rc_food_1", "rc_medical_1"])
    set_hand(g, "rev2", ["rc_information_1"])
    refresh(g)
    assert not of_type(g, "rev1", "give_cards") and not of_type(g, "rev1", "take_cards")
    g.s["positions"]["rev2"] = "university"
    refresh(g)
    assert of_type(g, "rev1", "give_cards") == [{"type": "give_cards", "to": "rev2"}]
    assert of_type(g, "rev1", "take_cards") == [{"type": "take_cards", "from": "rev2"}]
    act(g, "rev1", "give_cards", to="rev2")
    act(g, "rev1", "select", card="rc_molotov_1")
    act(g, "rev1", "select", card="rc_food_1")
    act(g, "rev1", "done")
    assert g.s["hands"]["rev1"] == ["rc_medical_1"]
    assert g.s["hands"]["rev2"] == ["rc_information_1", "rc_molotov_1", "rc_food_1"]
    assert turn_view(g)["actions_left"] == 1
    assert "You give Molotov cocktail, Food to rev2." in log_texts(g, "rev1")
    assert "rev1 gives 2 card(s) to rev2." in log_texts(g, "soviet")


def test_action_6_take_cards_from_a_player_in_the_same_location():
    """Take any number of cards from one other player in the same location (the taker picks them
    by their places in the hidden hand, ruling R5)."""
    g = rev_turn()
    g.s["positions"]["rev2"] = "university"
    set_hand(g, "rev1", [])
    set_hand(g, "rev2", ["rc_information_1", "rc_food_1"])
    refresh(g)
    act(g, "rev1", "take_cards", **{"from": "rev2"})
    assert g.active_seats() == ["rev1"]
    act(g, "rev1", "take_card", position=1)
    act(g, "rev1", "done")
    assert g.s["hands"]["rev1"] == ["rc_food_1"]
    assert g.s["hands"]["rev2"] == ["rc_information_1"]
    assert turn_view(g)["actions_left"] == 1


def test_action_6_give_or_take_respects_hand_limit_10():
    """Giving or taking cards never brings a hand above 10."""
    g = rev_turn()
    g.s["positions"]["rev2"] = "university"
    set_hand(g, "rev1", ["rc_food_1", "rc_food_2"])
    set_hand(g, "rev2", PLAIN[:9])
    refresh(g)
    act(g, "rev1", "give_cards", to="rev2")
    act(g, "rev1", "select", card="rc_food_1")
    assert of_type(g, "rev1", "select") == []
    act(g, "rev1", "done")
    assert len(g.s["hands"]["rev2"]) == 10
    assert not of_type(g, "rev1", "give_cards")  # rev2 is full now
    set_hand(g, "rev1", PLAIN[9:19])
    refresh(g)
    assert not of_type(g, "rev1", "take_cards")  # rev1 is full


# ===== Action 7: draw a card ========================================================================
def test_action_7_draw_a_card():
    """A player may draw one revolutionary card from the draw deck."""
    g = rev_turn()
    hand, deck = len(g.s["hands"]["rev1"]), len(g.s["rev_deck"])
    top_card = g.s["rev_deck"][-1]
    act(g, "rev1", "draw_card")
    v = g.view("rev1")
    assert len(v["hand"]) == hand + 1 and v["hand"][-1]["id"] == top_card
    assert v["rev_deck_count"] == deck - 1
    assert v["turn"]["actions_left"] == 1
    assert "rev1 draws 1 card(s)." in log_texts(g, "rev2")


def test_action_7_not_at_hand_limit_10():
    """If already at the hand limit (10 cards), Draw a card may not be taken."""
    g = rev_turn()
    set_hand(g, "rev1", PLAIN[:10])
    refresh(g)
    assert "draw_card" not in kinds(g, "rev1")
    with pytest.raises(IllegalAction):
        act(g, "rev1", "draw_card")


# ===== Action 5: card abilities =====================================================================
def test_action_5_build_barricade_card_no_action_needed():
    """A card ability with no label is used without an action: Build barricade places a barricade
    token in the location; the card is discarded."""
    g = rev_turn()
    set_hand(g, "rev1", ["rc_build_barricade_1", "rc_molotov_1"])
    refresh(g)
    act(g, "rev1", "play_card", card="rc_build_barricade_1")
    v = g.view("rev1")
    assert v["locations"]["university"]["barricades"] == 1
    assert v["turn"]["actions_left"] == 2
    assert [c["id"] for c in v["rev_discard"]] == ["rc_build_barricade_1"]
    assert "rev1 plays Build barricade." in log_texts(g, "rev1")


def test_action_5_build_barricade_only_2_barricade_tokens():
    """There are 2 barricade tokens: with both on the board Build barricade cannot be used."""
    g = rev_turn()
    g.s["locations"]["astoria"]["barricades"] = 2
    set_hand(g, "rev1", ["rc_build_barricade_1"])
    refresh(g)
    assert not of_type(g, "rev1", "play_card")


def test_action_5_ambush_kills_a_sniper_in_your_location():
    """Snipers can be killed with an "Ambush" card (no action needed)."""
    g = rev_turn()
    set_hand(g, "rev1", ["rc_ambush_1"])
    refresh(g)
    assert not of_type(g, "rev1", "play_card")  # no sniper at the university
    g.s["positions"]["rev1"] = "hwpp"
    refresh(g)
    act(g, "rev1", "play_card", card="rc_ambush_1")
    v = g.view("rev1")
    assert v["locations"]["hwpp"]["snipers"] == 0
    assert v["turn"]["actions_left"] == 2


def test_action_5_first_aid_kit_costs_an_action_and_removes_an_injury():
    """An "Action" card ability takes an action: First aid kit removes an injury from a player in
    your location (the user chooses whom)."""
    g = rev_turn()
    set_hand(g, "rev1", ["rc_first_aid_kit_1", "rc_first_aid_kit_2"])
    refresh(g)
    assert not of_type(g, "rev1", "play_card")  # nobody is injured
    g.s["positions"]["rev2"] = "university"
    g.s["injuries"].update(rev1=1, rev2=2)
    refresh(g)
    act(g, "rev1", "play_card", card="rc_first_aid_kit_1")
    assert g.active_seats() == ["rev1"]
    g.apply("rev1", {"type": "choose_player", "seat": "rev2"})
    v = g.view("rev1")
    assert v["injuries"] == {"rev1": 1, "rev2": 1}
    assert v["turn"]["actions_left"] == 1

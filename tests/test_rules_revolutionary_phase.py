"""Rulebook tests: Phase 2, Revolutionary phase (Zhukov ruleset text, used as is by the Conflict
ruleset), plus Appendix B events E#3, E#14 and E#21.

Positions are staged by editing g.s and calling refresh(g); everything else goes through
g.apply / g.legal_actions / g.view.
"""
from __future__ import annotations

import pytest

from engine import IllegalAction
from tests.support import (
    act,
    at_step,
    force_dice,
    game,
    legal,
    of_type,
    pass_through,
    refresh,
    rev_turn,
    set_active,
    set_hand,
    top,
)

# Plain revolutionary cards (no ability), enough for two full hands of 10.
PLAIN = ([f"rc_molotov_{i}" for i in range(1, 7)] + [f"rc_ammunition_{i}" for i in range(1, 6)]
         + [f"rc_information_{i}" for i in range(1, 4)] + [f"rc_medical_{i}" for i in range(1, 4)]
         + [f"rc_food_{i}" for i in range(1, 4)])


# ----- staging helpers ----------------------------------------------------------------------------
def turn_view(g, seat: str = "rev1") -> dict:
    return g.view(seat)["turn"]


def log_texts(g, seat: str = "rev1") -> list[str]:
    return [e["text"] for e in g.view(seat)["log"]]


def active_ids(g, loc: str) -> list[str]:
    return [f["id"] for f in loc_view(g, loc)["fighters"] if f["active"]]


def kinds(g, seat: str) -> set[str]:
    return {a["type"] for a in g.legal_actions(seat)}


def loc_view(g, loc: str, seat: str = "rev1") -> dict:
    return g.view(seat)["locations"][loc]


# ===== turn order ===================================================================================
def test_turn_order_is_chosen_by_the_team_any_revolutionary_may_choose():
    """At the start of the phase the Revolutionary players are free to decide on a turn order."""
    g = game(2, 1)
    pass_through(g, at_step("turn_order"))
    assert g.active_seats() == ["rev1", "rev2"]
    assert g.legal_actions("soviet") == []
    assert of_type(g, "rev2", "choose_next") == [{"type": "choose_next", "seat": "rev1"},
                                                 {"type": "choose_next", "seat": "rev2"}]
    g.apply("rev2", {"type": "choose_next", "seat": "rev2"})
    v = g.view("rev1")
    assert v["turn_order"] == ["rev2", "rev1"]
    assert v["turn"] == {"seat": "rev2", "actions_left": 2, "free_move": True}
    assert "Turn order: rev2, rev1." in log_texts(g)
    assert g.legal_actions("rev1") == []


@pytest.mark.parametrize("revs, expected", [(1, [4]), (2, [2, 2]), (3, [2, 1, 1])])
def test_actions_per_turn_by_player_count_total_four(revs, expected):
    """1 player: 4 actions; 2 players: 2 + 2; 3 players: 2 + 1 + 1 (always 4 for the team)."""
    g = game(revs, 1)
    pass_through(g, lambda x: top(x)["kind"] in ("turn_order", "turn"))
    picks = ["rev3", "rev1"][: revs - 1] if revs == 3 else ["rev2"][: revs - 1]
    for who in picks:
        g.apply("rev1", {"type": "choose_next", "seat": who})
    order = g.view("rev1")["turn_order"]
    assert order == {1: ["rev1"], 2: ["rev2", "rev1"], 3: ["rev3", "rev1", "rev2"]}[revs]
    seen = []
    for seat in order:
        t = turn_view(g, seat)
        assert t["seat"] == seat
        seen.append(t["actions_left"])
        act(g, seat, "end_turn")
    assert seen == expected
    assert sum(seen) == 4


# ===== movement ====================================================================================
def test_movement_first_step_is_free_before_the_first_action():
    """Each turn the first movement step (prior to the first action) is free."""
    g = rev_turn()
    before = list(g.s["hands"]["rev1"])
    act(g, "rev1", "move", to="szena")
    acts = g.legal_actions("rev1")
    assert {"type": "done"} in acts
    assert not [a for a in acts if a["type"] == "discard"]
    act(g, "rev1", "done")
    v = g.view("rev1")
    assert v["positions"]["rev1"] == "szena"
    assert [c["id"] for c in v["hand"]] == before
    assert v["turn"]["free_move"] is False
    assert "rev1 moves from University of Technology to Széna Square (free)." in log_texts(g)


def test_movement_each_additional_step_costs_one_card_of_any_type():
    """Each additional movement step requires discarding 1 revolutionary card (of any type)."""
    g = rev_turn()
    set_hand(g, "rev1", ["rc_aid_1", "rc_build_barricade_1", "rc_molotov_1"])
    refresh(g)
    act(g, "rev1", "move", to="szena")
    act(g, "rev1", "done")
    act(g, "rev1", "move", to="bem")
    acts = g.legal_actions("rev1")
    assert {"type": "done"} not in acts
    assert sorted(a["card"] for a in acts if a["type"] == "discard") == \
        ["rc_aid_1", "rc_build_barricade_1", "rc_molotov_1"]
    act(g, "rev1", "discard", card="rc_build_barricade_1")
    assert not of_type(g, "rev1", "discard")  # one card per step
    act(g, "rev1", "done")
    v = g.view("rev1")
    assert v["positions"]["rev1"] == "bem"
    assert [c["id"] for c in v["hand"]] == ["rc_aid_1", "rc_molotov_1"]
    assert [c["id"] for c in v["rev_discard"]] == ["rc_build_barricade_1"]
    assert v["turn"]["actions_left"] == 2  # moving is not an action
    assert "rev1 moves from Széna Square to Bem Statue (discarding Build barricade)." in log_texts(g)


def test_movement_free_step_is_lost_once_an_action_is_taken():
    """If a player has more than one action, only the first step prior to the first action is free."""
    g = rev_turn()
    act(g, "rev1", "activate_fighter")
    assert turn_view(g)["free_move"] is False
    act(g, "rev1", "move", to="szena")
    assert {"type": "done"} not in g.legal_actions("rev1")
    assert of_type(g, "rev1", "discard")


def test_movement_paid_step_impossible_with_an_empty_hand():
    """A movement step after the free one needs a card to discard; with no card there is no move."""
    g = rev_turn()
    set_hand(g, "rev1", [])
    refresh(g)
    act(g, "rev1", "move", to="szena")
    act(g, "rev1", "done")
    assert not of_type(g, "rev1", "move")


def test_movement_not_after_the_last_action():
    """A player can move before each action, but not after the last action is spent."""
    g = rev_turn()
    set_hand(g, "rev1", ["rc_build_barricade_1", "rc_molotov_1"])
    refresh(g)
    act(g, "rev1", "activate_fighter")
    act(g, "rev1", "activate_fighter")
    assert turn_view(g)["actions_left"] == 0
    # A free card ability may still be played, but no movement step is offered.
    assert kinds(g, "rev1") - {"undo"} == {"play_card", "end_turn"}
    act(g, "rev1", "end_turn")
    assert turn_view(g)["seat"] == "rev2"


def test_movement_turn_ends_by_itself_when_nothing_is_left_after_the_last_action():
    """No move after the last action: with nothing else to do, the next player's turn begins."""
    g = rev_turn()
    set_hand(g, "rev1", ["rc_molotov_1"])
    refresh(g)
    act(g, "rev1", "activate_fighter")
    act(g, "rev1", "activate_fighter")
    assert g.legal_actions("rev1") == []
    assert turn_view(g, "rev2")["seat"] == "rev2"


def test_movement_take_at_most_two_active_fighters_along():
    """When moving, the players may take a maximum of 2 active fighters along with them."""
    g = rev_turn()
    set_active(g, "university", ["f_imre_colos", "f_otto_lakatos", "f_valeria_pille"])
    refresh(g)
    act(g, "rev1", "move", to="szena")
    assert sorted(a["fighter"] for a in of_type(g, "rev1", "take_fighter")) == \
        ["f_imre_colos", "f_otto_lakatos", "f_valeria_pille"]
    act(g, "rev1", "take_fighter", fighter="f_imre_colos")
    act(g, "rev1", "take_fighter", fighter="f_valeria_pille")
    assert of_type(g, "rev1", "take_fighter") == []
    with pytest.raises(IllegalAction):
        act(g, "rev1", "take_fighter", fighter="f_otto_lakatos")
    act(g, "rev1", "done")
    assert [f["id"] for f in loc_view(g, "szena")["fighters"] if f["active"]] == ["f_imre_colos", "f_valeria_pille"]
    assert [f["id"] for f in loc_view(g, "university")["fighters"] if f["active"]] == ["f_otto_lakatos"]
    assert ("rev1 moves from University of Technology to Széna Square with Imre Colos, Valéria Pille (free)."
            in log_texts(g))


def test_movement_rulebook_example_csepel_to_corvin_with_2_fighters_reaching_4():
    """Example: Blue moves from Csepel to Corvin Passage moving 2 active fighters and having 4
    active fighters on his destination (legal)."""
    g = rev_turn()
    g.s["positions"]["rev1"] = "csepel"
    set_active(g, "csepel", ["f_imre_colos", "f_otto_lakatos"])
    set_active(g, "corvin", ["f_valeria_pille", "f_ferenc_potyka"])
    refresh(g)
    act(g, "rev1", "move", to="corvin")
    act(g, "rev1", "take_fighter", fighter="f_imre_colos")
    act(g, "rev1", "take_fighter", fighter="f_otto_lakatos")
    act(g, "rev1", "done")
    corvin = loc_view(g, "corvin")
    assert corvin["players"] == ["rev1"]
    assert sorted(f["id"] for f in corvin["fighters"] if f["active"]) == \
        ["f_ferenc_potyka", "f_imre_colos", "f_otto_lakatos", "f_valeria_pille"]
    assert [f for f in loc_view(g, "csepel")["fighters"] if f["active"]] == []


def test_movement_never_more_than_4_active_fighters_in_a_location():
    """The number of active fighters in one location cannot exceed 4: excess fighters stay behind."""
    g = rev_turn()
    g.s["positions"]["rev1"] = "csepel"
    set_active(g, "csepel", ["f_imre_colos", "f_otto_lakatos"])
    set_active(g, "corvin", ["f_valeria_pille", "f_ferenc_potyka", "f_jerzy_slazak"])
    refresh(g)
    act(g, "rev1", "move", to="corvin")
    assert len(of_type(g, "rev1", "take_fighter")) == 2
    act(g, "rev1", "take_fighter", fighter="f_imre_colos")
    assert of_type(g, "rev1", "take_fighter") == []  # the 5th would exceed 4
    act(g, "rev1", "done")
    assert len([f for f in loc_view(g, "corvin")["fighters"] if f["active"]]) == 4
    # With 4 already there, nobody can be brought along, but the player may still move.
    g2 = rev_turn()
    g2.s["positions"]["rev1"] = "csepel"
    set_active(g2, "csepel", ["f_imre_colos"])
    set_active(g2, "corvin", ["f_valeria_pille", "f_ferenc_potyka", "f_jerzy_slazak", "f_karoly_kicsi"])
    refresh(g2)
    act(g2, "rev1", "move", to="corvin")
    assert of_type(g2, "rev1", "take_fighter") == []
    assert {"type": "done"} in g2.legal_actions("rev1")


def test_movement_cancel_leaves_everything_unchanged():
    """A movement step that is cancelled changes nothing (no card paid, no fighter moved)."""
    g = rev_turn()
    set_active(g, "university", ["f_imre_colos"])
    refresh(g)
    act(g, "rev1", "move", to="szena")
    act(g, "rev1", "done")  # the free step is spent: the next one costs a card

    def snapshot():
        v = g.view("rev1")
        return {k: v[k] for k in ("locations", "positions", "hand", "hands", "rev_discard", "turn", "injuries")}

    before = snapshot()
    act(g, "rev1", "move", to="university")
    act(g, "rev1", "discard", card=g.s["hands"]["rev1"][0])
    act(g, "rev1", "cancel")
    assert snapshot() == before
    assert top(g)["kind"] == "turn"


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
    # Students' demands needs information + food: the fighter gives information, only food is missing.
    assert of_type(g, "rev1", "discard") == [{"type": "discard", "card": "rc_food_1"}]
    assert {"type": "done"} not in g.legal_actions("rev1")
    act(g, "rev1", "discard", card="rc_food_1")
    act(g, "rev1", "done")
    v = g.view("rev1")
    assert v["locations"]["university"]["event"] is None
    assert v["event_discard"][-1]["id"] == "e01"
    assert [c["id"] for c in v["hand"]] == ["rc_molotov_1", "rc_information_1"]
    assert [c["id"] for c in v["rev_discard"]] == ["rc_food_1"]
    assert v["turn"]["actions_left"] == 1
    assert any(t.startswith("rev1 resolves Students' demands in University of Technology") for t in log_texts(g))


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
    assert sorted(a["card"] for a in of_type(g, "rev1", "discard")) == ["rc_ammunition_1", "rc_ammunition_2"]
    assert {"type": "done"} not in g.legal_actions("rev1")
    act(g, "rev1", "discard", card="rc_ammunition_1")
    act(g, "rev1", "discard", card="rc_ammunition_2")
    act(g, "rev1", "done")
    v = g.view("rev1")
    assert v["locations"]["astoria"]["militia"] == 2
    assert [c["id"] for c in v["hand"]] == ["rc_food_1"]  # fewer than 3 attacked: no card
    assert "rev1 attacks 2 militia in Astoria." in log_texts(g)


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
    assert "rev1 attacks 3 militia in Astoria." in log_texts(g)


def test_action_3_attack_militia_at_most_5():
    """At most 5 ammunition icons are collected: at most 5 militia are attacked."""
    g = rev_turn()
    stage_militia(g, "astoria", 7, hand=["rc_ammunition_crate_1", "rc_ammunition_crate_2",
                                         "rc_ammunition_1", "rc_ammunition_2"])
    act(g, "rev1", "attack_militia")
    act(g, "rev1", "discard", card="rc_ammunition_crate_1")
    act(g, "rev1", "discard", card="rc_ammunition_crate_2")
    act(g, "rev1", "discard", card="rc_ammunition_1")
    assert of_type(g, "rev1", "discard") == []
    act(g, "rev1", "done")
    v = g.view("rev1")
    assert v["locations"]["astoria"]["militia"] == 2
    assert "rc_ammunition_2" in [c["id"] for c in v["hand"]] and len(v["hand"]) == 2


def test_action_3_snipers_cannot_be_attacked():
    """Snipers cannot be killed by Attack militia."""
    g = rev_turn()
    stage_militia(g, "astoria", 0, snipers=1, hand=["rc_ammunition_crate_1"])
    assert "attack_militia" not in kinds(g, "rev1")
    stage_militia(g, "astoria", 2, snipers=1, hand=["rc_ammunition_crate_1", "rc_ammunition_1"])
    act(g, "rev1", "attack_militia")
    act(g, "rev1", "discard", card="rc_ammunition_crate_1")
    assert of_type(g, "rev1", "discard") == []  # 2 militia: no use for a 3rd ammunition
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
    assert "rev1 destroys a Soviet tank in Astoria." in log_texts(g)


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
    """Take any number of cards from one other player in the same location (the holder hands them
    over: hands stay hidden)."""
    g = rev_turn()
    g.s["positions"]["rev2"] = "university"
    set_hand(g, "rev1", [])
    set_hand(g, "rev2", ["rc_information_1", "rc_food_1"])
    refresh(g)
    act(g, "rev1", "take_cards", **{"from": "rev2"})
    assert g.active_seats() == ["rev2"]
    act(g, "rev2", "select", card="rc_food_1")
    act(g, "rev2", "done")
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
    assert "rev1 plays Build barricade." in log_texts(g)


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


# ===== Retaliation of Soviet tanks and hits =========================================================
def test_retaliation_one_die_per_tank_1_to_3_is_a_hit_before_the_action():
    """Before an action in a Soviet tank's location, roll a die per tank: each 1-3 deals a hit; the
    hits come before the action is taken."""
    g = rev_turn()
    g.s["positions"]["rev1"] = "astoria"
    g.s["locations"]["astoria"]["soviet_tanks"] = 3
    set_active(g, "astoria", ["f_imre_colos"])
    refresh(g)
    hand = len(g.s["hands"]["rev1"])
    force_dice(g, [3, 4, 1])
    act(g, "rev1", "draw_card")
    assert "Soviet tanks in Astoria fire at rev1: 3, 4, 1: 2 hit(s)." in log_texts(g)
    assert len(g.s["hands"]["rev1"]) == hand  # the action waits for the hits
    assert g.active_seats() == ["rev1"]
    assert sorted(g.legal_actions("rev1"), key=str) == sorted([
        {"type": "hit", "target": "injury", "seat": "rev1"},
        {"type": "hit", "target": "fighter", "fighter": "f_imre_colos"}], key=str)
    g.apply("rev1", {"type": "hit", "target": "injury", "seat": "rev1"})
    g.apply("rev1", {"type": "hit", "target": "fighter", "fighter": "f_imre_colos"})
    v = g.view("rev1")
    assert v["injuries"]["rev1"] == 1
    assert active_ids(g, "astoria") == []
    assert len(v["hand"]) == hand + 1  # then the action is taken


def test_retaliation_4_to_6_misses():
    """Only rolls of 1-3 deal hits."""
    g = rev_turn()
    g.s["positions"]["rev1"] = "astoria"
    g.s["locations"]["astoria"]["soviet_tanks"] = 2
    refresh(g)
    force_dice(g, [4, 6])
    act(g, "rev1", "draw_card")
    assert "Soviet tanks in Astoria fire at rev1: 4, 6: 0 hit(s)." in log_texts(g)
    assert g.s["injuries"]["rev1"] == 0
    assert top(g)["kind"] == "turn"


def test_retaliation_prevented_by_a_barricade():
    """A single barricade stops all Soviet tanks in the location from firing before an action."""
    g = rev_turn()
    g.s["positions"]["rev1"] = "astoria"
    g.s["locations"]["astoria"]["soviet_tanks"] = 3
    g.s["locations"]["astoria"]["barricades"] = 1
    refresh(g)
    state = g.s["rng"]
    act(g, "rev1", "draw_card")
    assert "A barricade in Astoria stops the Soviet tanks from firing." in log_texts(g)
    assert not any("fire at" in t for t in log_texts(g))
    assert g.s["rng"] == state  # no die rolled
    assert g.s["injuries"]["rev1"] == 0


def test_retaliation_icon_of_a_fighter_removed_by_the_hit_still_counts():
    """If the hit removes an active fighter providing a needed icon, the icon still counts and the
    action still succeeds."""
    g = rev_turn()
    g.s["positions"]["rev1"] = "astoria"
    g.s["locations"]["astoria"]["soviet_tanks"] = 2
    set_active(g, "astoria", ["f_karoly_kicsi"])  # molotov
    set_hand(g, "rev1", ["rc_molotov_crate_1"])
    refresh(g)
    morale = g.s["morale"]
    force_dice(g, [2, 5])
    act(g, "rev1", "destroy_tank")
    act(g, "rev1", "discard", card="rc_molotov_crate_1")
    act(g, "rev1", "done")
    g.apply("rev1", {"type": "hit", "target": "fighter", "fighter": "f_karoly_kicsi"})
    v = g.view("rev1")
    assert v["locations"]["astoria"]["soviet_tanks"] == 1
    assert v["morale"] == morale + 2
    assert [f["id"] for f in v["fighters_removed"]] == ["f_karoly_kicsi"]


def test_retaliation_ammunition_of_a_removed_fighter_still_counts_for_attack_militia():
    """Same rule for Attack militia: the removed fighter's ammunition icons still count."""
    g = rev_turn()
    g.s["positions"]["rev1"] = "astoria"
    g.s["locations"]["astoria"].update(soviet_tanks=1, militia=3)
    set_active(g, "astoria", ["f_robert_fekete"])  # ammunition x2
    set_hand(g, "rev1", [])
    refresh(g)
    force_dice(g, [1])
    act(g, "rev1", "attack_militia")
    act(g, "rev1", "done")
    g.apply("rev1", {"type": "hit", "target": "fighter", "fighter": "f_robert_fekete"})
    assert loc_view(g, "astoria")["militia"] == 1
    assert "rev1 attacks 2 militia in Astoria." in log_texts(g)


def test_hits_distributed_by_the_revolutionaries_in_the_location():
    """For each hit the Revolutionary players choose: an injury to a player in the location, an
    active fighter removed there, or a barricade removed there."""
    g = rev_turn()
    g.s["positions"].update(rev1="astoria", rev2="astoria")
    g.s["locations"]["astoria"]["soviet_tanks"] = 1
    set_active(g, "astoria", ["f_imre_colos"])
    refresh(g)
    force_dice(g, [1])
    act(g, "rev1", "draw_card")
    assert g.active_seats() == ["rev1", "rev2"]
    assert g.legal_actions("soviet") == []
    expected = [{"type": "hit", "target": "injury", "seat": "rev1"},
                {"type": "hit", "target": "injury", "seat": "rev2"},
                {"type": "hit", "target": "fighter", "fighter": "f_imre_colos"}]
    assert [a for a in g.legal_actions("rev2") if a["type"] == "hit"] == expected
    g.apply("rev2", {"type": "hit", "target": "injury", "seat": "rev2"})
    assert g.view("rev1")["injuries"] == {"rev1": 0, "rev2": 1}
    assert "rev2 takes an injury (1 in all) (tank fire)." in log_texts(g)


def test_hits_howitzer_must_take_the_hit_in_its_location():
    """Howitzer: a hit dealt to its location must destroy it, nothing else may be chosen."""
    g = rev_turn()
    g.s["positions"]["rev1"] = "astoria"
    g.s["locations"]["astoria"]["soviet_tanks"] = 1
    set_active(g, "astoria", ["f_imre_colos", "rt_howitzer"])
    refresh(g)
    force_dice(g, [2])
    act(g, "rev1", "draw_card")
    assert [a for a in g.legal_actions("rev1") if a["type"] == "hit"] == \
        [{"type": "hit", "target": "fighter", "fighter": "rt_howitzer"}]
    g.apply("rev1", {"type": "hit", "target": "fighter", "fighter": "rt_howitzer"})
    astoria = loc_view(g, "astoria")
    assert astoria["revolutionary_tanks"] == []
    assert active_ids(g, "astoria") == ["f_imre_colos"]
    assert g.s["injuries"]["rev1"] == 0


# ===== drawing revolutionary cards at the end of the phase ==========================================
def to_rev_draw(g) -> None:
    for seat in g.s["turn_order"]:
        act(g, seat, "end_turn")


def test_draw_equal_to_morale_split_evenly_rulebook_example_1():
    """Example 1: morale 5, 2 players with 5 cards each: 2 and 3 is legal (difference 1)."""
    g = rev_turn(2)
    g.s["morale"] = 5
    refresh(g)
    assert g.view("rev1")["morale_draw"] == 5
    to_rev_draw(g)
    assert g.active_seats() == ["rev1", "rev2"]
    offered = of_type(g, "rev2", "distribute")
    assert sorted((a["counts"]["rev1"], a["counts"]["rev2"]) for a in offered) == [(2, 3), (3, 2)]
    g.apply("rev2", {"type": "distribute", "counts": {"rev1": 2, "rev2": 3}})
    assert {s: len(h) for s, h in g.s["hands"].items()} == {"rev1": 7, "rev2": 8}
    assert "Morale draw: rev1 takes 2, rev2 takes 3." in log_texts(g)


def test_draw_rulebook_example_2_one_one_three_is_not_legal():
    """Example 2: morale 5, 3 players with 5 cards each: 1, 1 and 3 is NOT legal."""
    g = rev_turn(3)
    g.s["morale"] = 5
    refresh(g)
    to_rev_draw(g)
    offered = of_type(g, "rev1", "distribute")
    assert sorted(tuple(a["counts"][s] for s in ("rev1", "rev2", "rev3")) for a in offered) == \
        [(1, 2, 2), (2, 1, 2), (2, 2, 1)]
    before = g.to_dict()
    with pytest.raises(IllegalAction):
        g.apply("rev3", {"type": "distribute", "counts": {"rev1": 1, "rev2": 1, "rev3": 3}})
    assert g.to_dict() == before


def test_draw_excess_over_hand_limit_goes_to_the_other_players():
    """Cards that would put a player above 10 are distributed between the remaining players."""
    g = rev_turn(2)
    g.s["morale"] = 5
    set_hand(g, "rev1", PLAIN[:9])
    set_hand(g, "rev2", PLAIN[9:14])
    refresh(g)
    to_rev_draw(g)  # only one legal split (rev1 1, rev2 4): nothing to decide
    assert {s: len(h) for s, h in g.s["hands"].items()} == {"rev1": 10, "rev2": 9}
    assert g.view("rev1")["phase"] == "spa"


def test_draw_cards_nobody_can_take_are_not_drawn():
    """If nobody can take the excess cards, they go back into the draw deck."""
    g = rev_turn(2)
    g.s["morale"] = 5
    set_hand(g, "rev1", PLAIN[:10])
    set_hand(g, "rev2", PLAIN[10:19])
    refresh(g)
    deck = len(g.s["rev_deck"])
    to_rev_draw(g)
    assert {s: len(h) for s, h in g.s["hands"].items()} == {"rev1": 10, "rev2": 10}
    assert len(g.s["rev_deck"]) == deck - 1


# ===== E#3 Civilians armed ==========================================================================
def resolve_civilians_armed(g) -> None:
    """rev1 resolves E#3 in Corvin Passage (ammunition + molotov), keeping one action."""
    g.s["positions"]["rev1"] = "corvin"
    set_active(g, "corvin", [])
    set_hand(g, "rev1", ["rc_ammunition_1", "rc_molotov_1"])
    refresh(g)
    act(g, "rev1", "resolve_event")
    act(g, "rev1", "discard", card="rc_ammunition_1")
    act(g, "rev1", "discard", card="rc_molotov_1")
    act(g, "rev1", "done")


def test_e03_civilians_armed_extra_ammunition_for_attack_militia_without_cards():
    """E#3 reward (lapsing): Attack militia collects one more ammunition icon this day, even when
    no card and no fighter gave icons."""
    g = rev_turn()
    g.s["locations"]["corvin"]["militia"] = 2
    resolve_civilians_armed(g)
    v = g.view("rev1")
    assert [c["id"] for c in v["lapsing"]] == ["e03"]
    assert v["hand"] == []
    assert "attack_militia" in kinds(g, "rev1")
    act(g, "rev1", "attack_militia")
    act(g, "rev1", "done")
    assert loc_view(g, "corvin")["militia"] == 1
    assert "rev1 attacks 1 militia in Corvin Passage." in log_texts(g)


def test_e03_civilians_armed_adds_to_discarded_ammunition():
    """E#3: the extra ammunition icon adds to the icons of discarded cards."""
    g = rev_turn()
    g.s["locations"]["corvin"]["militia"] = 4
    resolve_civilians_armed(g)
    set_hand(g, "rev1", ["rc_ammunition_crate_1"])
    refresh(g)
    act(g, "rev1", "attack_militia")
    act(g, "rev1", "discard", card="rc_ammunition_crate_1")
    act(g, "rev1", "done")
    assert loc_view(g, "corvin")["militia"] == 1
    assert "rev1 attacks 3 militia in Corvin Passage." in log_texts(g)


def test_e03_civilians_armed_extra_ammunition_for_resolve_event():
    """E#3 affects "Resolve an event" as well: another player resolves an event needing ammunition
    with no ammunition card."""
    g = rev_turn()
    g.s["locations"]["bem"]["event"] = "e09"  # ammunition + information
    set_active(g, "bem", [])
    set_hand(g, "rev2", ["rc_information_1"])
    resolve_civilians_armed(g)
    act(g, "rev1", "end_turn")
    assert turn_view(g, "rev2")["seat"] == "rev2"
    assert "resolve_event" in kinds(g, "rev2")
    act(g, "rev2", "resolve_event")
    act(g, "rev2", "discard", card="rc_information_1")
    act(g, "rev2", "done")
    assert loc_view(g, "bem")["event"] is None


def test_e03_civilians_armed_does_not_help_destroy_a_tank():
    """E#3 names only "Resolve an event" and "Attack militia": Destroy a tank gets nothing."""
    g = rev_turn()
    g.s["locations"]["corvin"]["soviet_tanks"] = 1
    g.s["locations"]["corvin"]["barricades"] = 1
    resolve_civilians_armed(g)
    set_hand(g, "rev1", ["rc_molotov_1", "rc_molotov_2"])
    refresh(g)
    assert "destroy_tank" not in kinds(g, "rev1")


def test_e03_civilians_armed_lapses_at_the_end_of_the_day():
    """Lapsing: the reward lasts the whole day; the card is discarded at the end of the day."""
    g = rev_turn()
    resolve_civilians_armed(g)
    pass_through(g, lambda x: x.s["day"] == 2 and top(x)["kind"] in ("turn_order", "turn"))
    v = g.view("rev1")
    assert v["lapsing"] == []
    assert "e03" in [e["id"] for e in v["event_discard"]]
    while top(g)["kind"] == "turn_order":
        g.apply("rev1", {"type": "choose_next", "seat": "rev1"})
    g.s["positions"]["rev1"] = "astoria"
    g.s["locations"]["astoria"].update(militia=2, soviet_tanks=0)
    set_hand(g, "rev1", ["rc_food_1"])
    refresh(g)
    assert turn_view(g)["seat"] == "rev1"
    assert "attack_militia" not in kinds(g, "rev1")


# ===== E#14 and E#21 placement (Soviet phase, event step) ==========================================
def at_event_step(event: str, seed: int = 1):
    """A game at the Soviet event step of day 1 with `event` in market slot 0 and 10 CP."""
    g = game(2, seed)
    pass_through(g, at_step("event"))
    s = g.s
    if event in s["event_deck"]:
        s["event_deck"].remove(event)
    if event in s["market"]:
        s["market"][s["market"].index(event)] = s["market"][0]
    s["market"][0] = event
    s["cp"] = 10
    refresh(g)
    assert top(g)["kind"] == "event_step"
    return g


def test_e14_placement_soviet_chooses_a_player_one_hit_in_that_location():
    """E#14 placement: the Soviet commander chooses a player; 1 hit is dealt to that player's
    location and may go to any valid target there."""
    g = at_event_step("e14")
    g.s["positions"]["rev2"] = "astoria"
    g.s["locations"]["astoria"]["barricades"] = 1
    set_active(g, "astoria", ["f_imre_colos"])
    refresh(g)
    act(g, "soviet", "buy_event", slot=0)
    assert loc_view(g, "corvin")["event"]["id"] == "e14"  # replaces Civilians armed
    assert g.active_seats() == ["soviet"]
    assert legal(g, "soviet") == [{"type": "choose_player", "seat": "rev1"},
                                         {"type": "choose_player", "seat": "rev2"}]
    g.apply("soviet", {"type": "choose_player", "seat": "rev2"})
    assert g.active_seats() == ["rev2"]
    assert sorted(g.legal_actions("rev2"), key=str) == sorted([
        {"type": "hit", "target": "injury", "seat": "rev2"},
        {"type": "hit", "target": "fighter", "fighter": "f_imre_colos"},
        {"type": "hit", "target": "barricade"}], key=str)
    g.apply("rev2", {"type": "hit", "target": "barricade"})
    v = g.view("soviet")
    assert v["locations"]["astoria"]["barricades"] == 0
    assert v["injuries"] == {"rev1": 0, "rev2": 0}
    assert "A barricade is removed from Astoria (Kilián Barracks treats the wounded)." in log_texts(g, "soviet")


def test_e21_placement_player_with_fewest_injuries_takes_one():
    """E#21 placement: the Revolutionary player with the fewest injuries takes one."""
    g = at_event_step("e21")
    g.s["injuries"].update(rev1=1, rev2=0)
    refresh(g)
    act(g, "soviet", "buy_event", slot=0)
    act(g, "soviet", "place", location="astoria")
    assert g.view("rev1")["injuries"] == {"rev1": 1, "rev2": 1}
    assert top(g)["kind"] == "event_step"  # no choice was needed


def test_e21_placement_soviet_breaks_ties():
    """E#21 placement: if tied, the Soviet commander chooses from the tied players."""
    g = at_event_step("e21")
    act(g, "soviet", "buy_event", slot=0)
    act(g, "soviet", "place", location="astoria")
    assert g.active_seats() == ["soviet"]
    assert legal(g, "soviet") == [{"type": "choose_player", "seat": "rev1"},
                                         {"type": "choose_player", "seat": "rev2"}]
    g.apply("soviet", {"type": "choose_player", "seat": "rev2"})
    assert g.view("rev1")["injuries"] == {"rev1": 0, "rev2": 1}


def stage_ambulance(g, kilian_resolved: bool) -> None:
    g.s["locations"]["astoria"]["event"] = "e21"  # medical, vehicle
    g.s["positions"].update(rev1="astoria", rev2="astoria")
    g.s["injuries"].update(rev1=1, rev2=2)
    if kilian_resolved:
        g.s["marks"].append("e14")
    set_active(g, "astoria", [])
    set_hand(g, "rev1", ["rc_medical_1", "rc_vehicle_1"])
    refresh(g)
    act(g, "rev1", "resolve_event")
    act(g, "rev1", "discard", card="rc_medical_1")
    act(g, "rev1", "discard", card="rc_vehicle_1")
    act(g, "rev1", "done")


def test_e21_reward_remove_an_injury_from_a_player_in_your_location():
    """E#21 reward: remove one injury from a Revolutionary player in your location (you choose)."""
    g = rev_turn()
    stage_ambulance(g, kilian_resolved=False)
    assert g.active_seats() == ["rev1"]
    assert legal(g, "rev1") == [{"type": "choose_player", "seat": "rev1"},
                                       {"type": "choose_player", "seat": "rev2"}]
    g.apply("rev1", {"type": "choose_player", "seat": "rev2"})
    assert g.view("rev2")["injuries"] == {"rev1": 1, "rev2": 1}


def test_e21_reward_with_e14_resolved_also_one_more_injury_from_yourself():
    """E#21 reward, E#14 resolved: also remove one other injury from yourself."""
    g = rev_turn()
    stage_ambulance(g, kilian_resolved=True)
    g.apply("rev1", {"type": "choose_player", "seat": "rev2"})
    assert g.view("rev2")["injuries"] == {"rev1": 0, "rev2": 1}

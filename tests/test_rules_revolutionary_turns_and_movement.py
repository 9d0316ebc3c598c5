"""Revolutionary phase: turn order, actions per turn, movement (with fighters).

Staging helpers: tests/staging_revolutionary_phase.py."""
from __future__ import annotations

import pytest

from engine import IllegalAction
from tests.staging_revolutionary_phase import kinds, loc_view, turn_view
from tests.support import (
    act,
    at_step,
    game,
    log_texts,
    of_type,
    pass_through,
    refresh,
    rev_turn,
    set_active,
    set_hand,
    top,
)


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
    assert "Turn order: rev2, rev1." in log_texts(g, "rev1")
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
    assert "rev1 moves from University of Technology to Széna Square (free)." in log_texts(g, "rev1")


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
    assert "rev1 moves from Széna Square to Bem Statue (discarding Build barricade)." in log_texts(g, "rev1")


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
            in log_texts(g, "rev1"))


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


def test_with_no_action_left_the_prompt_offers_what_is_left_not_zero_actions():
    """Issue 33: "Move, then take an action (0 left)" told a player to do what they could not."""
    from tests.support import rev_turn, set_hand, top

    g = rev_turn()
    assert g.view("rev1")["prompt"] == "Move, then take an action (2 left), or end the turn."
    set_hand(g, "rev1", ["rc_transportation_1"])  # a free card keeps the turn going with no action left
    top(g)["actions_left"] = 0
    g.invalidate()
    v = g.view("rev1")
    assert v["prompt"] == "No actions left: play a free card or ability, or end the turn."
    assert {a["type"] for a in v["actions"]} - {"undo"} == {"play_card", "end_turn"}

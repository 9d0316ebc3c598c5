"""Fighters and revolutionary tanks (Action 5: Use card or active fighter ability; Appendix C).

Positions are staged by editing g.s and calling refresh(g); everything else goes through
g.apply / g.legal_actions / g.view.
"""
from __future__ import annotations

import pytest

from engine import IllegalAction, ops
from engine.frames.hits import push_hits, tanks_fire
from tests.rev_staging import active_ids, discard_ids, hand_ids, stage, turn_view
from tests.support import (
    act,
    at_step,
    force_dice,
    game,
    legal,
    log_texts,
    of_type,
    pass_through,
    refresh,
    rev_turn,
    set_active,
    set_hand,
    top,
)


# ===== fighters: passive abilities ==================================================================
def tank_turn(loc="astoria", tanks=1, fighters=(), **options):
    g = rev_turn(**options)
    return stage(g, rev1=loc, active={loc: list(fighters)}, units={loc: {"soviet_tanks": tanks}})


def test_fighter_peter_hajas_cancels_retaliation_only():
    """Péter Hajas cancels the retaliation of Soviet tanks in his location (even with no player);
    a text effect that makes tanks fire is not cancelled."""
    g = tank_turn(tanks=2, fighters=["f_peter_hajas"])
    state = g.s["rng"]
    act(g, "rev1", "draw_card")
    assert "Péter Hajas cancels the retaliation of the Soviet tanks in Astoria." in log_texts(g, "rev1")
    assert g.s["rng"] == state
    force_dice(g, [1, 5])
    assert tanks_fire(g, "astoria", "test") == 1


def test_fighter_julia_tollas_tank_rolls_hit_only_on_1_2():
    """Júlia Tollas: Soviet tank rolls in her location hit only on 1-2, for retaliation and for
    text effects."""
    g = tank_turn(tanks=3, fighters=["f_julia_tollas"])
    force_dice(g, [3, 2, 4])
    act(g, "rev1", "draw_card")
    assert "Soviet tanks in Astoria fire at rev1: 3, 2, 4: 1 hit(s)." in log_texts(g, "rev1")
    g.apply("rev1", {"type": "hit", "target": "injury", "seat": "rev1"})
    force_dice(g, [3, 3, 1])
    assert tanks_fire(g, "astoria", "test") == 1
    assert g.view("soviet")["log"][-1]["dice"] == {"dice": [3, 3, 1], "for": "tank_fire", "location": "astoria",
                                                   "hits": 1}


@pytest.mark.parametrize("fighter, reduction", [("f_marton_kalapos", 3), ("f_marta_wawelska", 1)])
def test_fighter_kalapos_and_wawelska_reduce_spa_strength(fighter, reduction):
    """Márton Kalapos (-3) and Marta Wawelska (-1) reduce the total strength of militia and snipers
    in their location, with no player present, for firing and threatening."""
    g = game(2, 1)
    pass_through(g, at_step("spa"))
    for here in g.s["locations"].values():
        here.update(militia=0, snipers=0, barricades=0)
    g.s["locations"]["stalin"].update(snipers=3, militia=0)  # strength 9: would threaten
    set_active(g, "stalin", [fighter])
    g.s["positions"].update(rev1="university", rev2="university")
    refresh(g)
    morale = g.s["morale"]
    force_dice(g, [6, 6])
    act(g, "soviet", "play_spa", card="spa_attack_1")
    act(g, "soviet", "attack", location="stalin")
    assert f"Attack! on Stalin Square (strength {9 - reduction}): rolled 6 and 6: 1 hit(s)." in log_texts(g, "rev1")
    act(g, "rev2", "hit", target="fighter", fighter=fighter)
    # R13: the threaten step reads the board after the fire; the fire removed the fighter, so the
    # strength is 9 again and morale shifts.
    assert g.s["morale"] == morale - 1
    # The fighter kept (a player takes the hit): below 9, no threaten.
    g = game(2, 1)
    pass_through(g, at_step("spa"))
    for here in g.s["locations"].values():
        here.update(militia=0, snipers=0, barricades=0)
    g.s["locations"]["stalin"].update(snipers=3, militia=0)
    set_active(g, "stalin", [fighter])
    g.s["positions"].update(rev1="stalin", rev2="university")
    refresh(g)
    morale = g.s["morale"]
    force_dice(g, [6, 6])
    act(g, "soviet", "play_spa", card="spa_attack_1")
    act(g, "soviet", "attack", location="stalin")
    g.apply("rev1", {"type": "hit", "target": "injury", "seat": "rev1"})
    assert g.s["morale"] == morale


def test_fighter_without_ability_only_gives_icons():
    """Fighters listed with no text ability offer no ability to use; their icons still count."""
    g = rev_turn()
    stage(g, hand=[], active={"university": ["f_zoltan_bizsu"]}, units={"university": {"militia": 1}})
    assert of_type(g, "rev1", "use_fighter") == []
    assert [f["ability"] for f in g.view("rev1")["locations"]["university"]["fighters"] if f["active"]] == [None]
    assert {"type": "attack_militia"} in legal(g)  # his ammunition icon


# ===== fighters: "Action" abilities =================================================================
def test_fighter_ilona_kek_action_removes_an_injury_tanks_fire_first():
    """Ilona Kék (Action): remove an injury from yourself or another player in her location; it
    costs an action, so Soviet tanks there retaliate first."""
    g = tank_turn(tanks=1, fighters=["f_ilona_kek"])
    assert of_type(g, "rev1", "use_fighter") == []  # nobody is injured
    g.s["positions"]["rev2"] = "astoria"
    g.s["injuries"].update(rev1=1, rev2=2)
    refresh(g)
    force_dice(g, [5])
    act(g, "rev1", "use_fighter", fighter="f_ilona_kek")
    assert "Soviet tanks in Astoria fire at rev1: 5: 0 hit(s)." in log_texts(g, "rev1")
    g.apply("rev1", {"type": "choose_player", "seat": "rev2"})
    v = g.view("rev1")
    assert v["injuries"] == {"rev1": 1, "rev2": 1}
    assert v["turn"]["actions_left"] == 1
    assert "rev1 uses the ability of Ilona Kék." in log_texts(g, "rev1")
    # An Action ability may be used again with another action.
    act(g, "rev1", "use_fighter", fighter="f_ilona_kek")


def test_fighter_inactive_ability_cannot_be_used():
    """A fighter must be active for its ability to be used."""
    g = rev_turn()
    stage(g, active={"university": []}, injuries={"rev1": 1})
    g.s["locations"]["university"]["inactive"] = "f_ilona_kek"
    refresh(g)
    assert of_type(g, "rev1", "use_fighter") == []
    with pytest.raises(IllegalAction):
        act(g, "rev1", "use_fighter", fighter="f_ilona_kek")


def test_fighter_anna_syrenka_discard_up_to_3_draw_as_many():
    """Anna Syrenka (Action): discard 1, 2 or 3 revolutionary cards and draw the same number."""
    g = rev_turn()
    stage(g, hand=["rc_molotov_1", "rc_food_1", "rc_vehicle_1", "rc_aid_1"],
          active={"university": ["f_anna_syrenka"]})
    act(g, "rev1", "use_fighter", fighter="f_anna_syrenka")
    assert {"type": "done"} not in legal(g)  # at least one card
    act(g, "rev1", "discard", card="rc_molotov_1")
    act(g, "rev1", "discard", card="rc_food_1")
    act(g, "rev1", "done")
    v = g.view("rev1")
    assert len(v["hand"]) == 4 and {"rc_vehicle_1", "rc_aid_1"} <= set(hand_ids(g))
    assert discard_ids(g)[-2:] == ["rc_molotov_1", "rc_food_1"]
    assert v["turn"]["actions_left"] == 1
    assert any(t.startswith("You draw ") and t.endswith("(Anna Syrenka).") for t in log_texts(g, "rev1"))


def test_fighter_anna_syrenka_at_most_3_cards():
    g = rev_turn()
    stage(g, hand=["rc_molotov_1", "rc_food_1", "rc_vehicle_1", "rc_aid_1"],
          active={"university": ["f_anna_syrenka"]})
    act(g, "rev1", "use_fighter", fighter="f_anna_syrenka")
    for c in ("rc_molotov_1", "rc_food_1", "rc_vehicle_1"):
        act(g, "rev1", "discard", card=c)
    assert top(g)["kind"] == "turn"  # the third card ends the choice
    assert len(g.s["hands"]["rev1"]) == 4


# ===== fighters: "Once per turn" abilities ==========================================================
def test_fighter_sandor_jampec_once_per_turn_discard_a_medical_card_to_heal():
    """Sándor Jampec (once per turn, no action): discard a medical card to remove an injury from
    yourself or another player in his location; the user discards, whoever is healed."""
    g = rev_turn()
    stage(g, hand=["rc_medical_1", "rc_aid_1", "rc_molotov_1"], active={"university": ["f_sandor_jampec"]},
          positions={"rev2": "university"}, injuries={"rev2": 2})
    act(g, "rev1", "use_fighter", fighter="f_sandor_jampec")
    assert sorted(a["card"] for a in legal(g)) == ["rc_aid_1", "rc_medical_1"]  # medical icon
    act(g, "rev1", "discard", card="rc_aid_1")
    v = g.view("rev1")
    assert v["injuries"]["rev2"] == 1  # only rev2 is hurt: chosen automatically
    assert v["turn"]["actions_left"] == 2
    assert "rc_aid_1" in discard_ids(g)
    assert of_type(g, "rev1", "use_fighter") == []  # once per turn
    # rev2's turn: rev2 may use him too (once per turn per player).
    act(g, "rev1", "end_turn")
    set_hand(g, "rev2", ["rc_medical_2"])
    refresh(g)
    assert of_type(g, "rev2", "use_fighter") == [{"type": "use_fighter", "fighter": "f_sandor_jampec"}]


def test_fighter_sandor_jampec_needs_a_medical_card():
    g = rev_turn()
    stage(g, hand=["rc_molotov_1"], active={"university": ["f_sandor_jampec"]}, injuries={"rev1": 1})
    assert of_type(g, "rev1", "use_fighter") == []


def test_fighter_janos_rezon_moves_himself_once_per_turn_not_into_4_fighters():
    """János Rézon (once per turn): move him to an adjacent location, never one with 4 active
    fighters."""
    g = rev_turn()
    stage(g, active={"university": ["f_janos_rezon"],
                     "szena": ["f_imre_colos", "f_otto_lakatos", "f_valeria_pille", "f_jerzy_slazak"]})
    act(g, "rev1", "use_fighter", fighter="f_janos_rezon")
    assert sorted(a["location"] for a in legal(g)) == ["astoria", "bem", "csepel"]
    act(g, "rev1", "choose_location", location="bem")
    assert "f_janos_rezon" in active_ids(g, "bem")
    assert "János Rézon moves from University of Technology to Bem Statue." in log_texts(g, "rev1")
    assert turn_view(g)["actions_left"] == 2
    g.s["positions"]["rev1"] = "bem"
    refresh(g)
    assert of_type(g, "rev1", "use_fighter") == []  # once per turn


def test_fighter_jozsef_kormanyos_free_step_when_he_comes_along():
    """József Kormányos: a movement step starting from his location is free if he is brought
    along (once per turn); without him it costs a card."""
    g = rev_turn()
    stage(g, hand=["rc_molotov_1"], active={"university": ["f_jozsef_kormanyos", "f_imre_colos"]})
    act(g, "rev1", "draw_card")  # the turn's free step is gone
    act(g, "rev1", "move", to="astoria")
    assert {"type": "done"} not in legal(g)
    assert "or take József Kormányos along for free" in g.view("rev1")["prompt"]
    act(g, "rev1", "take_fighter", fighter="f_imre_colos")
    assert {"type": "done"} not in legal(g)
    act(g, "rev1", "take_fighter", fighter="f_jozsef_kormanyos")
    act(g, "rev1", "done")
    assert ("rev1 moves from University of Technology to Astoria with Imre Colos, József Kormányos "
            "(free with József Kormányos).") in log_texts(g, "rev1")
    assert len(g.s["hands"]["rev1"]) == 2
    act(g, "rev1", "move", to="university")
    act(g, "rev1", "take_fighter", fighter="f_jozsef_kormanyos")
    assert {"type": "done"} not in legal(g)  # once per turn
    act(g, "rev1", "cancel")


def test_fighter_jozsef_kormanyos_lets_a_player_with_no_cards_move():
    """With an empty hand and the free step gone, moving is still offered from his location."""
    g = rev_turn()
    stage(g, hand=[], active={"university": ["f_jozsef_kormanyos"]})
    assert g.s["locations"]["university"]["inactive"]
    act(g, "rev1", "activate_fighter")
    assert turn_view(g)["free_move"] is False and hand_ids(g) == []
    assert of_type(g, "rev1", "move")
    act(g, "rev1", "move", to="csepel")
    act(g, "rev1", "take_fighter", fighter="f_jozsef_kormanyos")
    act(g, "rev1", "done")
    assert g.view("rev1")["positions"]["rev1"] == "csepel"


def test_fighter_jozsef_kormanyos_no_dead_end_when_he_is_the_only_way_to_pay():
    """R94: with an empty hand and the free step gone, the last place along must go to Kormányos,
    and a step into a full location (no room for him) is not offered."""
    g = rev_turn()
    stage(g, hand=[], active={"university": ["f_jozsef_kormanyos", "f_imre_colos", "f_otto_lakatos"],
                              "astoria": ["f_valeria_pille", "f_jerzy_slazak", "f_janos_rezon", "f_ilona_kek"]})
    act(g, "rev1", "activate_fighter")  # the turn's free step is gone
    assert turn_view(g)["free_move"] is False and hand_ids(g) == []
    moves = sorted(a["to"] for a in of_type(g, "rev1", "move"))
    assert "astoria" not in moves and moves
    act(g, "rev1", "move", to=moves[0])
    act(g, "rev1", "take_fighter", fighter="f_imre_colos")
    assert [a["fighter"] for a in of_type(g, "rev1", "take_fighter")] == ["f_jozsef_kormanyos"]
    act(g, "rev1", "take_fighter", fighter="f_jozsef_kormanyos")
    act(g, "rev1", "done")
    assert g.view("rev1")["positions"]["rev1"] == moves[0]


# ===== revolutionary tanks ==========================================================================
def test_rev_tank_howitzer_takes_every_hit_even_with_no_player():
    """Howitzer: a hit to its location must destroy it, even with no player there (the whole team
    decides)."""
    g = rev_turn()
    stage(g, active={"csepel": ["f_imre_colos", "rt_howitzer"]})
    push_hits(g, "csepel", 2, "test")
    refresh(g)
    assert g.active_seats() == ["rev1", "rev2"]
    assert legal(g, "rev2") == [{"type": "hit", "target": "fighter", "fighter": "rt_howitzer"}]
    act(g, "rev2", "hit", target="fighter", fighter="rt_howitzer")
    assert {"type": "hit", "target": "fighter", "fighter": "f_imre_colos"} in legal(g, "rev2")
    assert "Revolutionary tank Howitzer is destroyed in Csepel (test)." in log_texts(g, "rev1")


def test_rev_tank_t34_only_gives_icons():
    """T-34 has no ability: it gives its icons (2 molotov) and a hit may go elsewhere."""
    g = tank_turn(tanks=1, fighters=["rt_t34"])
    stage(g, hand=["rc_molotov_1"])
    assert of_type(g, "rev1", "use_fighter") == []
    force_dice(g, [1])
    act(g, "rev1", "destroy_tank")
    act(g, "rev1", "discard", card="rc_molotov_1")
    act(g, "rev1", "done")
    assert sorted(legal(g), key=str) == sorted([{"type": "hit", "target": "injury", "seat": "rev1"},
                                               {"type": "hit", "target": "fighter", "fighter": "rt_t34"}], key=str)
    g.apply("rev1", {"type": "hit", "target": "injury", "seat": "rev1"})
    assert g.view("rev1")["locations"]["astoria"]["soviet_tanks"] == 0


def test_rev_tank_t55_is_a_barricade():
    """T-55: all barricade rules apply (no retaliation; Soviet tanks, militia and snipers cannot
    leave its location), even with no player there."""
    g = tank_turn(tanks=2, fighters=["rt_t55"])
    state = g.s["rng"]
    act(g, "rev1", "draw_card")
    assert "A barricade in Astoria stops the Soviet tanks from firing." in log_texts(g, "rev1")
    assert g.s["rng"] == state
    from engine.frames.spa import can_leave

    assert not can_leave(g, "astoria") and ops.has_barricade(g, "astoria")
    assert g.view("rev1")["locations"]["astoria"]["barricades"] == 0  # no token, the tank itself


def test_fighter_action_ability_still_resolves_if_the_retaliation_removes_the_fighter():
    """Ruling (as for icons, R8): the action was declared before the tanks fired, so Ilona Kék's
    ability still takes effect when the hit removes her."""
    g = tank_turn(tanks=1, fighters=["f_ilona_kek"])
    g.s["injuries"]["rev1"] = 1
    refresh(g)
    force_dice(g, [2])
    act(g, "rev1", "use_fighter", fighter="f_ilona_kek")
    act(g, "rev1", "hit", target="fighter", fighter="f_ilona_kek")
    v = g.view("rev1")
    assert v["injuries"]["rev1"] == 0
    assert [f["id"] for f in v["fighters_removed"]] == ["f_ilona_kek"]

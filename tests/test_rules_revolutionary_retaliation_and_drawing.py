"""Revolutionary phase: retaliation of Soviet tanks, hits, and drawing cards at the end of the phase.

Staging helpers: tests/staging_revolutionary_phase.py."""
from __future__ import annotations

import pytest

from engine import IllegalAction
from tests.staging_revolutionary_phase import PLAIN, active_ids, loc_view
from tests.support import act, force_dice, log_texts, of_type, refresh, rev_turn, set_active, set_hand, top


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
    assert "Soviet tanks in Astoria fire at rev1: 3, 4, 1: 2 hit(s)." in log_texts(g, "rev1")
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
    assert "Soviet tanks in Astoria fire at rev1: 4, 6: 0 hit(s)." in log_texts(g, "rev1")
    assert g.s["injuries"]["rev1"] == 0
    assert top(g)["kind"] == "turn"


def test_retaliation_dice_are_in_the_log_as_data():
    """Retaliation of Soviet Tanks: the dice of the roll reach every view's log as data (what they
    were rolled for, where, how many hits), so a client shows them without reading the text."""
    g = rev_turn()
    g.s["positions"]["rev1"] = "astoria"
    g.s["locations"]["astoria"]["soviet_tanks"] = 3
    refresh(g)
    force_dice(g, [3, 4, 1])
    act(g, "rev1", "draw_card")
    for seat in ("rev1", "soviet", "spectator"):
        rolls = [e["dice"] for e in g.view(seat)["log"] if "dice" in e]
        assert rolls[-1] == {"dice": [3, 4, 1], "for": "retaliation", "location": "astoria", "hits": 2}


def test_retaliation_prevented_by_a_barricade():
    """A single barricade stops all Soviet tanks in the location from firing before an action."""
    g = rev_turn()
    g.s["positions"]["rev1"] = "astoria"
    g.s["locations"]["astoria"]["soviet_tanks"] = 3
    g.s["locations"]["astoria"]["barricades"] = 1
    refresh(g)
    state = g.s["rng"]
    act(g, "rev1", "draw_card")
    assert "A barricade in Astoria stops the Soviet tanks from firing." in log_texts(g, "rev1")
    assert not any("fire at" in t for t in log_texts(g, "rev1"))
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
    assert "rev1 attacks 2 militia in Astoria." in log_texts(g, "rev1")


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
    assert "rev2 takes an injury (1 in all) (tank fire)." in log_texts(g, "rev1")


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
    assert "Morale draw: rev1 takes 2, rev2 takes 3." in log_texts(g, "rev1")


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

"""Rulebook tests: Conflict ruleset, Phase 3: State Protection Authority phase.

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
    log_texts,
    of_type,
    pass_through,
    refresh,
    top,
)

ALL_SPA = ["spa_move_sniper_1", "spa_move_sniper_2", "spa_move_militia_1", "spa_move_militia_2",
           "spa_place_militia_1", "spa_place_militia_2", "spa_attack_1", "spa_attack_2"]


# ----- staging helpers ----------------------------------------------------------------------------
def spa_phase(seed: int = 1, units: dict | None = None):
    """A 2-Revolutionary game at the SPA phase of day 1. `units` replaces every militia/sniper/
    barricade on the board: {loc: {"militia": n, "snipers": n, "barricades": n}}. A Soviet tank
    stays in Kossuth Square and Radio as in the setup."""
    g = game(2, seed)
    pass_through(g, at_step("spa"))
    assert top(g)["kind"] == "spa"
    if units is not None:
        for here in g.s["locations"].values():
            here.update(militia=0, snipers=0, barricades=0)
        for loc, counts in units.items():
            g.s["locations"][loc].update(counts)
    refresh(g)
    return g


def play(g, card: str) -> None:
    act(g, "soviet", "play_spa", card=card)




def units(g, kind: str) -> dict:
    return {loc: here[kind] for loc, here in g.view("spectator")["locations"].items() if here[kind]}


def militia_moves(g) -> list[tuple]:
    return sorted((a["from"], a["to"], a["again"]) for a in of_type(g, "soviet", "move_militia"))


def move_militia(g, src: str, dst: str, again: bool) -> None:
    g.apply("soviet", {"type": "move_militia", "from": src, "to": dst, "again": again})


def move_sniper(g, src: str, dst: str) -> None:
    g.apply("soviet", {"type": "move_sniper", "from": src, "to": dst})


# ===== playing and retrieving SPA cards =============================================================
def test_spa_play_any_number_of_cards_in_any_order_discard_queue_keeps_the_order():
    """The Soviet commander may play any number of SPA cards in any order; played cards go to the
    discard queue in order of resolution."""
    g = spa_phase()
    assert g.active_seats() == ["soviet"]
    assert sorted(a["card"] for a in of_type(g, "soviet", "play_spa")) == sorted(ALL_SPA)
    play(g, "spa_place_militia_2")
    act(g, "soviet", "place_militia", location="csepel", count=2)
    play(g, "spa_move_sniper_1")
    move_sniper(g, "hwpp", "blaha")
    play(g, "spa_move_militia_1")
    act(g, "soviet", "done")
    v = g.view("rev1")
    assert [c["id"] for c in v["spa_queue"]] == ["spa_place_militia_2", "spa_move_sniper_1", "spa_move_militia_1"]
    assert sorted(c["id"] for c in v["spa_pool"]) == sorted(
        set(ALL_SPA) - {"spa_place_militia_2", "spa_move_sniper_1", "spa_move_militia_1"})
    assert v["locations"]["csepel"]["militia"] == 3
    assert v["locations"]["blaha"]["snipers"] == 1
    assert "The Soviet commander plays Place militia." in log_texts(g, "rev1")
    assert {"type": "retrieve_spa"} not in g.legal_actions("soviet")  # cards were played
    act(g, "soviet", "done")
    assert g.view("soviet")["day"] == 2


def test_spa_retrieve_all_played_cards_back_to_the_pool():
    """Instead of playing, the Soviet commander may retrieve all previously played SPA cards from the
    discard queue to the SPA pool (and plays none this phase)."""
    g = spa_phase()
    g.s["spa_pool"] = [c for c in ALL_SPA if c not in ("spa_attack_1", "spa_move_militia_2", "spa_move_sniper_1")]
    g.s["spa_queue"] = ["spa_attack_1", "spa_move_militia_2", "spa_move_sniper_1"]
    refresh(g)
    assert {"type": "retrieve_spa"} in g.legal_actions("soviet")
    act(g, "soviet", "retrieve_spa")
    v = g.view("rev1")
    assert v["spa_queue"] == []
    assert sorted(c["id"] for c in v["spa_pool"]) == sorted(ALL_SPA)
    assert v["day"] == 2 and v["phase"] == "soviet"  # retrieving ends the SPA phase
    assert any(t.startswith("The Soviet commander retrieves all SPA cards") for t in log_texts(g, "rev1"))


def test_spa_retrieve_only_if_no_card_played_this_phase():
    """The commander either plays SPA cards or retrieves: not both in one phase."""
    g = spa_phase()
    assert {"type": "retrieve_spa"} not in g.legal_actions("soviet")  # the queue is empty
    g.s["spa_pool"] = [c for c in ALL_SPA if c != "spa_attack_1"]
    g.s["spa_queue"] = ["spa_attack_1"]
    refresh(g)
    play(g, "spa_place_militia_1")
    act(g, "soviet", "place_militia", location="szena", count=1)
    assert {"type": "retrieve_spa"} not in g.legal_actions("soviet")
    with pytest.raises(IllegalAction):
        act(g, "soviet", "retrieve_spa")


# ===== SPA card 1: Move sniper =======================================================================
def test_spa_move_sniper_one_sniper_to_an_adjacent_location():
    """Move sniper: a single sniper moves from its location to an adjacent location."""
    g = spa_phase(units={"hwpp": {"snipers": 2}, "stalin": {"militia": 1}})
    play(g, "spa_move_sniper_1")
    moves = sorted((a["from"], a["to"]) for a in of_type(g, "soviet", "move_sniper"))
    assert moves == [("hwpp", "blaha"), ("hwpp", "corvin"), ("hwpp", "stalin")]
    with pytest.raises(IllegalAction):
        move_sniper(g, "hwpp", "radio")  # not adjacent
    move_sniper(g, "hwpp", "corvin")
    assert units(g, "snipers") == {"hwpp": 1, "corvin": 1}
    assert top(g)["kind"] == "spa"  # one sniper, one step: the card is done
    assert "1 sniper(s) moved from HWPP Headquarters to Corvin Passage." in log_texts(g, "soviet")


def test_spa_move_sniper_rulebook_examples_into_a_barricade_but_not_out():
    """Example 1: a sniper moves legally from Radio to Corvin Passage where a barricade is.
    Example 2: a sniper can NOT move from Corvin Passage with a barricade present."""
    g = spa_phase(units={"radio": {"snipers": 1}, "corvin": {"snipers": 1, "barricades": 1},
                         "stalin": {"militia": 1}})
    play(g, "spa_move_sniper_1")
    moves = sorted((a["from"], a["to"]) for a in of_type(g, "soviet", "move_sniper"))
    assert ("radio", "corvin") in moves
    assert not [m for m in moves if m[0] == "corvin"]
    with pytest.raises(IllegalAction):
        move_sniper(g, "corvin", "csepel")
    move_sniper(g, "radio", "corvin")
    assert units(g, "snipers") == {"corvin": 2}
    # Now every sniper is behind the barricade: Move sniper may still be played (R23), and moves nothing.
    play(g, "spa_move_sniper_2")
    assert of_type(g, "soviet", "move_sniper") == [] and of_type(g, "soviet", "done")
    act(g, "soviet", "done")
    assert units(g, "snipers") == {"corvin": 2} and "spa_move_sniper_2" in g.s["spa_queue"]


# ===== SPA card 2: Move militia ======================================================================
def test_spa_move_militia_one_militia_up_to_3_times():
    """Move militia, option 1: move one militia up to 3 times; a 4th move is refused."""
    g = spa_phase(units={"csepel": {"militia": 1}, "stalin": {"militia": 1}})
    play(g, "spa_move_militia_1")
    move_militia(g, "csepel", "corvin", False)
    move_militia(g, "corvin", "radio", True)
    move_militia(g, "radio", "astoria", True)
    assert militia_moves(g) == []  # the card is used up
    with pytest.raises(IllegalAction):
        move_militia(g, "astoria", "blaha", True)
    with pytest.raises(IllegalAction):
        move_militia(g, "stalin", "hwpp", False)
    act(g, "soviet", "done")
    assert units(g, "militia") == {"astoria": 1, "stalin": 1}


def test_spa_move_militia_one_twice_and_another_once():
    """Move militia, option 2: move one militia up to 2 times and another militia once."""
    g = spa_phase(units={"csepel": {"militia": 1}, "stalin": {"militia": 2}})
    play(g, "spa_move_militia_1")
    move_militia(g, "stalin", "blaha", False)
    move_militia(g, "csepel", "corvin", False)
    move_militia(g, "blaha", "astoria", True)
    assert militia_moves(g) == []
    with pytest.raises(IllegalAction):
        move_militia(g, "corvin", "radio", True)  # would be 2 + 2
    act(g, "soviet", "done")
    assert units(g, "militia") == {"astoria": 1, "corvin": 1, "stalin": 1}


def test_spa_move_militia_up_to_3_militia_once_each():
    """Move militia, option 3: move up to 3 militia once each (then none may move again)."""
    g = spa_phase(units={"csepel": {"militia": 1}, "stalin": {"militia": 3}})
    play(g, "spa_move_militia_2")
    move_militia(g, "stalin", "blaha", False)
    move_militia(g, "stalin", "hwpp", False)
    assert ("blaha", "astoria", True) in militia_moves(g)  # 2 + 1 is still possible here
    move_militia(g, "csepel", "corvin", False)
    assert militia_moves(g) == []
    for illegal in (("blaha", "astoria", True), ("stalin", "kossuth", False)):
        with pytest.raises(IllegalAction):
            move_militia(g, *illegal)
    act(g, "soviet", "done")
    assert units(g, "militia") == {"blaha": 1, "hwpp": 1, "corvin": 1, "stalin": 1}


def test_spa_move_militia_rulebook_example_barricade_and_optional_moves():
    """Example: a militia moves once from Astoria to the Radio, where a barricade stops it from
    moving on; another moves once from Csepel to Corvin Passage; a third stays, as every move is
    optional."""
    g = spa_phase(units={"astoria": {"militia": 1}, "radio": {"barricades": 1},
                         "csepel": {"militia": 1}, "stalin": {"militia": 1}})
    play(g, "spa_move_militia_1")
    move_militia(g, "astoria", "radio", False)
    assert not [m for m in militia_moves(g) if m[0] == "radio"]  # never out of a barricade
    with pytest.raises(IllegalAction):
        move_militia(g, "radio", "corvin", True)
    move_militia(g, "csepel", "corvin", False)
    act(g, "soviet", "done")
    assert units(g, "militia") == {"radio": 1, "corvin": 1, "stalin": 1}
    assert top(g)["kind"] == "spa"


def test_spa_move_militia_never_out_of_a_barricaded_location():
    """If a barricade is present in a location, militia may move into it but not out of it."""
    g = spa_phase(units={"stalin": {"militia": 2, "barricades": 1}, "csepel": {"militia": 1}})
    play(g, "spa_move_militia_1")
    assert {m[0] for m in militia_moves(g)} == {"csepel"}
    with pytest.raises(IllegalAction):
        move_militia(g, "stalin", "hwpp", False)


def test_spa_move_militia_card_playable_but_moving_nothing_when_all_militia_are_barricaded():
    """R23 (re-decided, issue 31): "he may play any number in any order": with every militia behind
    a barricade, Move militia may still be played; it moves nothing."""
    g = spa_phase(units={"stalin": {"militia": 2, "barricades": 1}, "kossuth": {"snipers": 1}})
    play(g, "spa_move_militia_1")
    assert militia_moves(g) == [] and of_type(g, "soviet", "done")
    act(g, "soviet", "done")
    assert units(g, "militia") == {"stalin": 2} and g.s["spa_queue"][-1] == "spa_move_militia_1"


# ===== SPA card 3: Place militia =====================================================================
def test_spa_place_militia_up_to_2_together_in_one_reinforcement_location():
    """Place militia: up to 2 militia together in Csepel, Széna Square or HWPP Headquarters."""
    g = spa_phase()
    before = units(g, "militia")
    play(g, "spa_place_militia_1")
    offered = sorted((a["location"], a["count"]) for a in of_type(g, "soviet", "place_militia"))
    assert offered == [("csepel", 1), ("csepel", 2), ("hwpp", 1), ("hwpp", 2), ("szena", 1), ("szena", 2)]
    with pytest.raises(IllegalAction):
        act(g, "soviet", "place_militia", location="stalin", count=2)
    with pytest.raises(IllegalAction):
        act(g, "soviet", "place_militia", location="hwpp", count=3)
    act(g, "soviet", "place_militia", location="hwpp", count=2)
    after = units(g, "militia")
    assert after == {**before, "hwpp": 2}
    assert "2 militia placed in HWPP Headquarters." in log_texts(g, "soviet")


def test_spa_place_militia_never_above_14_militia():
    """At most 14 militia on the board: with 13, only one more can be placed; with 14, none."""
    g = spa_phase(units={"stalin": {"militia": 7}, "blaha": {"militia": 6}})
    play(g, "spa_place_militia_1")
    offered = sorted((a["location"], a["count"]) for a in of_type(g, "soviet", "place_militia"))
    assert offered == [("csepel", 1), ("hwpp", 1), ("szena", 1)]
    act(g, "soviet", "place_militia", location="csepel", count=1)
    assert sum(units(g, "militia").values()) == 14
    play(g, "spa_place_militia_2")  # playable (R23): nothing is left to place
    assert of_type(g, "soviet", "place_militia") == []


def test_spa_unit_caps_14_militia_and_5_snipers():
    """There can only be a maximum of 14 militia and 5 snipers on the board at any point."""
    g = spa_phase(units={"stalin": {"militia": 14}, "hwpp": {"snipers": 5}})
    play(g, "spa_place_militia_1")  # playable (R23) but places nothing: 14 are on the board
    assert of_type(g, "soviet", "place_militia") == []
    act(g, "soviet", "done")
    play(g, "spa_move_sniper_1")
    move_sniper(g, "hwpp", "blaha")
    play(g, "spa_move_militia_1")
    move_militia(g, "stalin", "hwpp", False)
    act(g, "soviet", "done")
    assert sum(units(g, "snipers").values()) == 5
    assert sum(units(g, "militia").values()) == 14


# ===== SPA card 4: Attack! ===========================================================================
def attack(g, loc: str, card: str = "spa_attack_1") -> None:
    play(g, card)
    act(g, "soviet", "attack", location=loc)


def test_spa_attack_rulebook_example_corvin_strength_7_double_hit_no_threaten():
    """Example: Corvin Passage is attacked, strength 3+3+1=7; smaller die below 7 = hit, sum equal to
    7 = hit; Red removes the barricade and takes an injury, the fighter is saved; strength is below 9
    so morale is not shifted (even though the barricade was removed)."""
    g = spa_phase(units={"corvin": {"snipers": 2, "militia": 1, "barricades": 1}, "stalin": {"militia": 1}})
    g.s["positions"]["rev2"] = "corvin"
    g.s["locations"]["corvin"]["active"] = ["f_imre_colos"]
    refresh(g)
    morale = g.s["morale"]
    force_dice(g, [3, 4])
    attack(g, "corvin")
    assert "Attack! on Corvin Passage (strength 7): rolled 3 and 4: 2 hit(s)." in log_texts(g, "soviet")
    assert [e["dice"] for e in g.view("rev2")["log"] if "dice" in e][-1] == \
        {"dice": [3, 4], "for": "attack", "location": "corvin", "hits": 2, "strength": 7}
    assert g.active_seats() == ["rev2"]
    assert sorted(legal(g, "rev2"), key=str) == sorted([
        {"type": "hit", "target": "injury", "seat": "rev2"},
        {"type": "hit", "target": "fighter", "fighter": "f_imre_colos"},
        {"type": "hit", "target": "barricade"}], key=str)
    g.apply("rev2", {"type": "hit", "target": "barricade"})
    g.apply("rev2", {"type": "hit", "target": "injury", "seat": "rev2"})
    v = g.view("rev2")
    assert v["locations"]["corvin"]["barricades"] == 0
    assert v["injuries"] == {"rev1": 0, "rev2": 1}
    assert [f["id"] for f in v["locations"]["corvin"]["fighters"] if f["active"]] == ["f_imre_colos"]
    assert v["morale"] == morale
    assert top(g)["kind"] == "spa"


@pytest.mark.parametrize("snipers, militia, dice, hits", [
    (1, 1, (5, 6), 0),   # strength 4: smaller 5 > 4, sum 11 > 4
    (1, 1, (4, 6), 1),   # smaller 4 <= 4
    (1, 1, (6, 4), 1),   # order of the dice does not matter
    (1, 1, (2, 3), 1),   # sum 5 > 4
    (1, 1, (1, 3), 2),   # sum 4 <= 4
    (0, 2, (3, 3), 0),   # strength 2: militia count 1 each
    (0, 2, (1, 1), 2),
    (2, 0, (6, 6), 1),   # strength 6: sniper counts 3
])
def test_spa_attack_fire_smaller_die_and_sum_against_strength(snipers, militia, dice, hits):
    """Fire: roll 2 dice; smaller die <= total strength (sniper 3, militia 1) is a hit; the sum
    <= strength is one more hit."""
    g = spa_phase(units={"astoria": {"snipers": snipers, "militia": militia}, "stalin": {"militia": 1}})
    g.s["positions"]["rev1"] = "astoria"
    refresh(g)
    force_dice(g, list(dice))
    attack(g, "astoria")
    strength = 3 * snipers + militia
    assert (f"Attack! on Astoria (strength {strength}): rolled {dice[0]} and {dice[1]}: {hits} hit(s)."
            in log_texts(g, "soviet"))
    if hits:
        assert g.active_seats() == ["rev1"]
        assert g.view("rev1")["prompt"].startswith(f"{hits} hit(s) to Astoria")
        for _ in range(hits):
            g.apply("rev1", {"type": "hit", "target": "injury", "seat": "rev1"})
    assert g.view("rev1")["injuries"]["rev1"] == hits
    assert top(g)["kind"] == "spa"


def test_spa_attack_threaten_at_strength_9_or_more():
    """Threaten: if the total unit strength is 9 or more, shift morale toward the Soviet end."""
    g = spa_phase(units={"astoria": {"snipers": 3}, "stalin": {"militia": 1}})
    morale = g.s["morale"]
    force_dice(g, [6, 6])  # 1 hit, nobody to take it
    attack(g, "astoria")
    assert "1 hit(s) to Astoria find no target." in log_texts(g, "soviet")
    assert g.view("rev1")["morale"] == morale - 1
    assert any(t.startswith("Morale shifts toward the Soviet end") for t in log_texts(g, "soviet"))


def test_spa_attack_no_threaten_below_strength_9():
    """Threaten happens only at strength 9 or more (8 is not enough)."""
    g = spa_phase(units={"astoria": {"snipers": 2, "militia": 2}, "stalin": {"militia": 1}})
    morale = g.s["morale"]
    force_dice(g, [6, 6])
    attack(g, "astoria")
    assert "Attack! on Astoria (strength 8): rolled 6 and 6: 1 hit(s)." in log_texts(g, "soviet")
    assert g.view("rev1")["morale"] == morale


def test_spa_attack_no_threaten_where_a_barricade_is_present():
    """Threaten: if a barricade is present, this step does not happen."""
    g = spa_phase(units={"astoria": {"snipers": 3, "militia": 1, "barricades": 1}, "stalin": {"militia": 1}})
    g.s["positions"]["rev1"] = "astoria"
    refresh(g)
    morale = g.s["morale"]
    force_dice(g, [6, 6])
    attack(g, "astoria")
    g.apply("rev1", {"type": "hit", "target": "injury", "seat": "rev1"})  # the barricade stays
    v = g.view("rev1")
    assert v["locations"]["astoria"]["barricades"] == 1
    assert v["morale"] == morale


def test_spa_attack_threaten_when_the_fire_removed_the_barricade():
    """Ruling: the barricade is checked after the fire, so a barricade removed by the fire does not
    stop the threaten (cf. the rulebook example's "even though the barricade is removed")."""
    g = spa_phase(units={"astoria": {"snipers": 3, "barricades": 1}, "stalin": {"militia": 1}})
    morale = g.s["morale"]
    force_dice(g, [6, 6])
    attack(g, "astoria")
    # Nobody stands in Astoria: the whole team decides; the barricade is the only target.
    assert g.active_seats() == ["rev1", "rev2"]
    assert legal(g, "rev2") == [{"type": "hit", "target": "barricade"}]
    g.apply("rev2", {"type": "hit", "target": "barricade"})
    v = g.view("rev1")
    assert v["locations"]["astoria"]["barricades"] == 0
    assert v["morale"] == morale - 1


def test_spa_attack_only_on_a_location_with_spa_units():
    """Attack! chooses a location with SPA units (militia, snipers) in it."""
    g = spa_phase(units={"astoria": {"snipers": 1}, "stalin": {"militia": 2}})
    play(g, "spa_attack_1")
    assert sorted(a["location"] for a in of_type(g, "soviet", "attack")) == ["astoria", "stalin"]


def test_spa_two_attack_cards_on_one_day_never_the_same_location():
    """2 Attack! cards can be played on the same day but they cannot target the same location."""
    g = spa_phase(units={"astoria": {"snipers": 1}, "stalin": {"militia": 2}})
    force_dice(g, [6, 6, 6, 6])
    attack(g, "astoria", "spa_attack_1")
    play(g, "spa_attack_2")
    assert of_type(g, "soviet", "attack") == [{"type": "attack", "location": "stalin"}]
    with pytest.raises(IllegalAction):
        act(g, "soviet", "attack", location="astoria")
    # With only the already attacked location holding units, the second Attack! may still be
    # played (R23): it attacks nothing and the commander goes on with the phase.
    g2 = spa_phase(units={"astoria": {"snipers": 1}})
    g2.s["locations"]["kossuth"]["soviet_tanks"] = 1
    refresh(g2)
    force_dice(g2, [6, 6])
    attack(g2, "astoria", "spa_attack_2")
    play(g2, "spa_attack_1")
    assert top(g2)["kind"] == "spa" and g2.active_seats() == ["soviet"] and of_type(g2, "soviet", "done")
    assert g2.s["spa_queue"][-1] == "spa_attack_1"
    assert "Attack!: no location with militia or snipers is left to attack today." in log_texts(g2, "soviet")


def test_spa_attack_threaten_reads_the_strength_after_the_fire_kalapos_removed_by_the_fire():
    """R13 (Attack!, Threaten): the threaten step reads the board after the fire, for the barricade
    and the strength alike: Márton Kalapos (-3) removed by the fire no longer lowers the strength,
    so 3 snipers (9) threaten."""
    g = spa_phase(units={"astoria": {"snipers": 3}, "stalin": {"militia": 1}})
    g.s["locations"]["astoria"]["active"] = ["f_marton_kalapos"]
    for here in g.s["locations"].values():
        if here is not g.s["locations"]["astoria"] and "f_marton_kalapos" in here["active"]:
            here["active"].remove("f_marton_kalapos")
    for here in g.s["locations"].values():
        if "f_marton_kalapos" in here["facedown"]:
            here["facedown"].remove("f_marton_kalapos")
        if here["inactive"] == "f_marton_kalapos":
            here["inactive"] = None
    refresh(g)
    morale = g.s["morale"]
    force_dice(g, [6, 6])
    attack(g, "astoria")
    assert "Attack! on Astoria (strength 6): rolled 6 and 6: 1 hit(s)." in log_texts(g)
    g.apply("rev1", {"type": "hit", "target": "fighter", "fighter": "f_marton_kalapos"})
    assert g.view("rev1")["morale"] == morale - 1

"""Revolutionary phase rules as events change them: E#3 Civilians armed, E#14 and E#21 placement.

Staging helpers: tests/staging_revolutionary_phase.py."""
from __future__ import annotations

from tests.staging_revolutionary_phase import kinds, loc_view, turn_view
from tests.support import (
    act,
    at_step,
    game,
    legal,
    log_texts,
    pass_through,
    refresh,
    rev_turn,
    set_active,
    set_hand,
    top,
)


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
    assert "rev1 attacks 1 militia in Corvin Passage." in log_texts(g, "rev1")


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
    assert "rev1 attacks 3 militia in Corvin Passage." in log_texts(g, "rev1")


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

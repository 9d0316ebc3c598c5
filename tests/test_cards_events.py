"""Appendix B: the placement, reward and penalty of every event card (E#1-E#33) and of the
promo's alternative starting events (A1-A3), as a player sees them (views, legal actions, log,
result).

Placement: the event is swapped into market slot 0 at the Soviet event step and bought.
Reward: the position is staged (the event in its location, the resolving player there with the
cards the requirement needs) and the player takes {"type": "resolve_event"}, discards, "done".
"""
from __future__ import annotations

import pytest

from bots.random_bot import play_random_game
from engine.board import LOCATION_IDS, NEIGHBOURS
from engine.cards import EVENT
from engine.frames.revolutionary import event_need
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
    set_hand,
    top,
)

SOVIET = "soviet"

# Cards giving each icon, in the order the helper hands them out (Aid is wild for 3 icons).
ICON_CARDS = {
    "molotov": [f"rc_molotov_{i}" for i in range(1, 7)],
    "ammunition": [f"rc_ammunition_{i}" for i in range(1, 6)],
    "information": [f"rc_information_{i}" for i in range(1, 4)] + [f"rc_aid_{i}" for i in range(1, 5)],
    "medical": [f"rc_medical_{i}" for i in range(1, 4)] + [f"rc_aid_{i}" for i in range(1, 5)],
    "food": [f"rc_food_{i}" for i in range(1, 4)] + [f"rc_aid_{i}" for i in range(1, 5)],
    "vehicle": ["rc_vehicle_1", "rc_vehicle_2", "rc_transportation_1", "rc_transportation_2"],
}


# ----- staging helpers ----------------------------------------------------------------------------
def log_texts(g, seat: str = "spectator") -> list[str]:
    return [e["text"] for e in g.view(seat)["log"]]


def loc_view(g, loc: str, seat: str = "spectator") -> dict:
    return g.view(seat)["locations"][loc]


def to_discard_pile(g, cards) -> None:
    """Move these cards from the draw deck into the revolutionary discard pile."""
    for c in cards:
        g.s["rev_deck"].remove(c)
        g.s["rev_discard"].append(c)
    refresh(g)


def set_active(g, loc: str, fighters) -> None:
    """Make exactly these fighters active in `loc` (the ones displaced count as removed)."""
    s = g.s
    for fid in fighters:
        for here in s["locations"].values():
            if fid in here["active"]:
                here["active"].remove(fid)
            if here["inactive"] == fid:
                here["inactive"] = None
            if fid in here["facedown"]:
                here["facedown"].remove(fid)
    here = s["locations"][loc]
    s["fighters_removed"].extend(f for f in here["active"] if f not in fighters)
    here["active"] = list(fighters)
    refresh(g)


def put_event(g, event: str, loc: str) -> None:
    """Put `event` on `loc`; the event there (if any) takes the place `event` came from, so every
    event card stays in exactly one place."""
    s = g.s
    occupant = s["locations"][loc]["event"]
    if occupant == event:
        return
    for pile in (s["event_deck"], s["event_discard"]):
        if event in pile:
            i = pile.index(event)
            if occupant:
                pile[i] = occupant
            else:
                pile.pop(i)
            break
    else:
        if event in s["market"]:
            s["market"][s["market"].index(event)] = occupant
        else:
            src = next(k for k, here in s["locations"].items() if here["event"] == event)
            s["locations"][src]["event"] = occupant
    s["locations"][loc]["event"] = event
    refresh(g)


def cards_for(g, event: str) -> list[str]:
    picked: list[str] = []
    for icon, n in event_need(g, event).items():
        picked += [c for c in ICON_CARDS[icon] if c not in picked][:n]
    return picked


def resolve(g, seat: str, event: str, loc: str | None = None, fighters=(), keep_units: bool = False):
    """Stage and resolve `event` with `seat` (its turn must be on): the event in `loc` (its own
    location by default), the player there, exactly the cards needed in hand. Soviet tanks there
    are removed unless keep_units (then give Péter Hajas as a fighter to stop their fire)."""
    s = g.s
    where = EVENT[event]["location"]
    loc = loc or (where if where in LOCATION_IDS else "astoria")
    put_event(g, event, loc)
    s["positions"][seat] = loc
    if not keep_units:
        s["locations"][loc]["soviet_tanks"] = 0
    set_active(g, loc, list(fighters))
    cards = cards_for(g, event)
    set_hand(g, seat, cards)
    assert {"type": "resolve_event"} in g.legal_actions(seat)
    act(g, seat, "resolve_event")
    for c in cards:
        if {"type": "discard", "card": c} in g.legal_actions(seat):
            act(g, seat, "discard", card=c)
    act(g, seat, "done")
    return g


def at_event_step(event: str, seed: int = 1, revs: int = 2, cp: int = 10, **options):
    """A game at the Soviet event step of day 1 with `event` in market slot 0 and `cp` CP."""
    g = game(revs, seed, **options)
    pass_through(g, at_step("event"))
    s = g.s
    if s["market"][0] != event:
        displaced = s["market"][0]
        s["market"][0] = None
        put_event_in_slot(s, event, displaced)
    s["cp"] = cp
    refresh(g)
    assert top(g)["kind"] == "event_step"
    return g


def put_event_in_slot(s, event, displaced) -> None:
    for pile in (s["event_deck"], s["event_discard"]):
        if event in pile:
            pile[pile.index(event)] = displaced
            break
    else:
        if event in s["market"]:
            s["market"][s["market"].index(event)] = displaced
        else:
            src = next(k for k, here in s["locations"].items() if here["event"] == event)
            s["locations"][src]["event"] = None
            s["event_deck"].insert(0, displaced)
    s["market"][0] = event


def take_kind(g, seat: str, kind: str) -> str:
    """Take the offered card of this kind from the discard pile (copies are alike); returns its id."""
    from engine.cards import REV_CARD

    card = next(a["card"] for a in of_type(g, seat, "take") if REV_CARD[a["card"]]["kind"] == kind)
    act(g, seat, "take", card=card)
    return card


def buy(g, event: str) -> None:
    assert g.s["market"][0] == event
    act(g, SOVIET, "buy_event", slot=0)


def choose(g, seat: str, option: str) -> None:
    g.apply(seat, {"type": "choose", "option": option})


def stage_day_7(g, events=None):
    """Jump to the 7th day (Soviet headline step), the event deck spent as it would be by then."""
    s = g.s
    s["day"] = 7
    s["event_discard"].extend(s["event_deck"])
    s["event_deck"] = []
    for loc, event in (events or {}).items():
        put_event(g, event, loc)
    return refresh(g)


def until_over(g):
    return pass_through(g, lambda x: x.result is not None)


def spa_cards_offered(g) -> set[str]:
    from engine.cards import SPA

    return {SPA[a["card"]]["kind"] for a in of_type(g, SOVIET, "play_spa")}


def to_spa_phase(g):
    return pass_through(g, lambda x: top(x)["kind"] == "spa")


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
    before = g.view("rev1")["support"]
    resolve(g, "rev1", "e02")
    assert g.view("soviet")["support"] == before - 1
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


@pytest.mark.parametrize("statue_removed,unit", [(False, "militia"), (True, "soviet_tanks")])
def test_e05_stalins_head_dragged_placement_militia_or_tank_if_e04_resolved(statue_removed, unit):
    g = at_event_step("e05")
    if statue_removed:
        g.s["marks"].append("e04")
    before = dict(loc_view(g, "blaha"))
    buy(g, "e05")
    after = loc_view(g, "blaha")
    assert after["event"]["id"] == "e05"
    other = "militia" if unit == "soviet_tanks" else "soviet_tanks"
    assert after[unit] == before[unit] + 1
    assert after[other] == before[other]


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
    before = g.view("rev1")["support"]
    resolve(g, "rev1", "e08", loc="astoria")
    assert g.view("rev1")["support"] == before - 1


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
    assert (v["morale"], v["support"]) == (v0["morale"] + 1, v0["support"] - 1)


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


@pytest.mark.parametrize("option", ["extra_action", "morale_twice"])
def test_e19_multi_party_government_demanded_reward_extra_action_or_morale_twice(option):
    g = rev_turn()
    before = g.view("rev1")["morale"]
    resolve(g, "rev1", "e19")
    assert legal(g, "rev1") == [{"type": "choose", "option": "extra_action"},
                                {"type": "choose", "option": "morale_twice"}]
    choose(g, "rev1", option)
    v = g.view("rev1")
    if option == "extra_action":
        assert v["turn"]["actions_left"] == 2 and v["morale"] == before
        assert "rev1 takes 1 extra action(s) this turn." in log_texts(g)
    else:
        assert v["turn"]["actions_left"] == 1 and v["morale"] == before + 2


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


# ===== Minor events =================================================================================
def test_e23_secret_prisons_suspected_reward_morale():
    g = rev_turn()
    before = g.view("rev1")["morale"]
    resolve(g, "rev1", "e23")
    assert g.view("rev1")["morale"] == before + 1


def test_e24_tanks_in_sight_reward_move_a_tank_out_of_astoria():
    g = rev_turn()
    g.s["locations"]["astoria"]["soviet_tanks"] = 1
    resolve(g, "rev1", "e24", fighters=["f_peter_hajas"], keep_units=True)
    assert legal(g, "rev1") == [{"type": "move_tank", "from": "astoria", "to": n} for n in NEIGHBOURS["astoria"]]
    act(g, "rev1", "move_tank", **{"from": "astoria", "to": "blaha"})
    v = g.view("rev1")["locations"]
    assert (v["astoria"]["soviet_tanks"], v["blaha"]["soviet_tanks"]) == (0, 1)


def test_e24_tanks_in_sight_reward_not_out_of_a_barricade():
    g = rev_turn()
    g.s["locations"]["astoria"].update(soviet_tanks=1, barricades=1)
    resolve(g, "rev1", "e24", keep_units=True)
    assert top(g)["kind"] == "turn"
    assert loc_view(g, "astoria")["soviet_tanks"] == 1
    assert "Tanks in sight: no Soviet tank can be moved from Astoria." in log_texts(g)


def test_e25_medic_gravely_injured_reward_heal_a_player_in_szena_square():
    g = rev_turn()
    g.s["positions"]["rev2"] = "szena"
    g.s["injuries"].update(rev1=1, rev2=2)
    resolve(g, "rev1", "e25")
    assert legal(g, "rev1") == [{"type": "choose_player", "seat": "rev1"}, {"type": "choose_player", "seat": "rev2"}]
    g.apply("rev1", {"type": "choose_player", "seat": "rev2"})
    assert g.view("rev2")["injuries"] == {"rev1": 1, "rev2": 1}


def test_e26_fake_anti_tank_mines_reward_move_up_to_two_tanks():
    g = rev_turn()
    g.s["locations"]["corvin"]["soviet_tanks"] = 3
    resolve(g, "rev1", "e26", fighters=["f_peter_hajas"], keep_units=True)
    assert {"type": "done"} in legal(g, "rev1")
    act(g, "rev1", "move_tank", **{"from": "corvin", "to": "radio"})
    act(g, "rev1", "move_tank", **{"from": "corvin", "to": "csepel"})
    assert top(g)["kind"] == "turn"
    v = g.view("rev1")["locations"]
    assert v["corvin"]["soviet_tanks"] == 1 and v["csepel"]["soviet_tanks"] == 1


def test_e27_barricades_built_from_trams_reward_places_a_barricade():
    g = rev_turn()
    resolve(g, "rev1", "e27")
    assert loc_view(g, "blaha")["barricades"] == 1
    g2 = rev_turn()
    g2.s["locations"]["szena"]["barricades"] = 2  # none left in the supply
    resolve(g2, "rev1", "e27")
    assert loc_view(g2, "blaha")["barricades"] == 0
    assert "Barricades built from trams: no barricade token is available." in log_texts(g2)


def test_e28_crowd_surrounding_spa_prison_reward_removes_up_to_two_militia():
    g = rev_turn()
    g.s["locations"]["bem"]["militia"] = 3
    resolve(g, "rev1", "e28")
    assert loc_view(g, "bem")["militia"] == 1


def test_e29_looting_party_district_hq_reward_takes_one_card():
    g = rev_turn()
    to_discard_pile(g, ["rc_vehicle_2"])
    resolve(g, "rev1", "e29")
    take_kind(g, "rev1", "vehicle")
    assert top(g)["kind"] == "turn"
    assert "rc_vehicle_2" in [c["id"] for c in g.view("rev1")["hand"]]


@pytest.mark.parametrize("option", ["snipers", "militia"])
def test_e30_spa_smuggling_weapons_reward_remove_a_sniper_or_a_militia(option):
    g = rev_turn()
    g.s["locations"]["radio"].update(snipers=1, militia=2)
    resolve(g, "rev1", "e30")
    assert legal(g, "rev1") == [{"type": "choose", "option": "snipers"}, {"type": "choose", "option": "militia"}]
    choose(g, "rev1", option)
    r = loc_view(g, "radio")
    assert (r["snipers"], r["militia"]) == ((0, 2) if option == "snipers" else (1, 1))


def test_e31_peterfy_hospital_treats_the_wounded_reward_first_aid_kit_heals_two_today():
    g = rev_turn()
    assert g.s["today"]["first_aid_heals"] == 1
    resolve(g, "rev1", "e31")
    assert g.s["today"]["first_aid_heals"] == 2
    assert [c["id"] for c in g.view("rev1")["lapsing"]] == ["e31"]
    pass_through(g, lambda x: x.s["day"] == 2)
    assert g.s["today"]["first_aid_heals"] == 1
    assert "e31" in [e["id"] for e in g.view("rev1")["event_discard"]]


def test_e32_students_distribute_food_reward_draws_one():
    g = rev_turn()
    resolve(g, "rev1", "e32")
    assert len(g.view("rev1")["hand"]) == 1


def test_e33_radio_station_in_the_parliament_reward_support():
    g = rev_turn()
    before = g.view("rev1")["support"]
    resolve(g, "rev1", "e33")
    assert g.view("rev1")["support"] == before - 1


# ===== Alternative starting events (promo) ==========================================================
def test_ea1_growing_social_discontent_reward_morale_twice():
    g = rev_turn(alternative_start_events=True)
    assert loc_view(g, "university")["event"]["id"] == "ea1"
    before = g.view("rev1")["morale"]
    resolve(g, "rev1", "ea1")
    assert g.view("rev1")["morale"] == before + 2


def test_ea2_remembering_poznan_reward_two_cards_and_morale():
    g = rev_turn(alternative_start_events=True)
    before = g.view("rev1")["morale"]
    resolve(g, "rev1", "ea2")
    v = g.view("rev1")
    assert v["morale"] == before + 1 and len(v["hand"]) == 2


def test_ea3_spa_members_suspected_reward_remove_a_sniper_anywhere_and_draw_two():
    g = rev_turn(alternative_start_events=True)
    resolve(g, "rev1", "ea3")
    assert legal(g, "rev1") == [{"type": "choose_location", "location": loc} for loc in ("kossuth", "radio", "hwpp")]
    g.apply("rev1", {"type": "choose_location", "location": "radio"})
    v = g.view("rev1")
    assert v["locations"]["radio"]["snipers"] == 0 and len(v["hand"]) == 2


def test_ea3_spa_members_suspected_penalty_revolutionaries_lose_if_still_on_the_board():
    g = stage_day_7(game(2, seed=8, alternative_start_events=True))
    until_over(g)
    assert g.result == {"winner": "soviet", "reason": "SPA members suspected is still on the board at the end of the game."}


@pytest.mark.parametrize("seed", range(3))
def test_alternative_start_events_random_games_finish(seed):
    g = play_random_game(1 + seed, 300 + seed, options={"alternative_start_events": True})
    assert g.result["winner"] in ("revolutionaries", "soviet")


def test_e19_multi_party_government_demanded_reward_extra_action_lost_after_last_stand():
    """Promo Last Stand: an extra action generated by the reward is lost."""
    g = rev_turn(promo_last_stand=True)
    put_event(g, "e19", "kossuth")
    g.s["positions"]["rev1"] = "kossuth"
    g.s["locations"]["kossuth"]["soviet_tanks"] = 0
    set_hand(g, "rev1", ["rc_last_stand"])
    top(g)["actions_left"] = 1
    refresh(g)
    act(g, "rev1", "play_card", card="rc_last_stand")
    choose(g, "rev1", "extra_action")
    assert g.view("rev1")["turn"] is None or g.view("rev1")["turn"]["seat"] != "rev1" \
        or g.view("rev1")["turn"]["actions_left"] == 0
    assert any("extra action" in t and "lost" in t for t in log_texts(g))

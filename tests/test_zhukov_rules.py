"""Rulebook tests: the Zhukov ruleset (Cooperative or Solo, 1-4 Players), one rule per test, named
after its section, and the rulebook's worked Zhukov examples (docs/zhukov.md §5).

A position is staged on a fresh setup (`staged`) before the first Soviet phase runs, or by
putting a single frame on the stack; everything else goes through g.apply / g.legal_actions /
g.view.
"""
from __future__ import annotations

import pytest

from engine import Game, IllegalAction, new_game, replay
from engine.frames import kinds
from engine.public import actions_per_turn, injury_limit, seats_for
from engine.setup import initial_state
from tests.support import force_dice, refresh
from tests.zhukov_staging import (
    ALL_Z,
    Z,
    _drawn,
    clear_units,
    one_card,
    run,
    spa_example,
    staged,
    texts,
)


# ----- Setup (Playing with Zhukov ruleset) ----------------------------------------------------------
@pytest.mark.parametrize("revs", [1, 2, 3, 4])
def test_zhukov_setup_decks_seats_and_start_locations(revs):
    g = Game(initial_state(revs, 3, Z))
    s = g.s
    assert g.seats == tuple(f"rev{i}" for i in range(1, revs + 1)) == seats_for(revs, Z)
    starts = {1: ["university"], 2: ["university", "bem"], 3: ["university", "bem", "corvin"],
              4: ["university", "university", "bem", "corvin"]}[revs]
    assert [s["positions"][seat] for seat in g.seats] == starts
    assert all(len(s["hands"][seat]) == 5 for seat in g.seats)
    from engine.cards import EVENT

    periods = [EVENT[e]["period"] for e in reversed(s["event_deck"])]  # top card first
    assert periods == sorted(periods) and periods[0] == 1 and periods[-1] == 3 and len(periods) == 19
    assert sorted(EVENT[e]["period"] for e in s["minor_deck"]) == ["X"] * 11
    assert sorted(s["zhukov_deck"]) == sorted(ALL_Z)
    assert s["market"] == [] and s["spa_pool"] == [] and s["headline_decks"] == {} and s["headline_hand"] == []


def test_zhukov_setup_shuffles_each_deck_with_the_seed():
    a, b = Game(initial_state(2, 1, Z)), Game(initial_state(2, 2, Z))
    assert a.s["zhukov_deck"] != b.s["zhukov_deck"]
    assert Game(initial_state(2, 1, Z)).s == a.s


def test_zhukov_ruleset_player_counts_and_conflict_stays_1_to_3():
    for n in (1, 2, 3, 4):
        assert new_game(n, 1, Z).seats[0] == "rev1"
    with pytest.raises(ValueError, match="1 to 4"):
        new_game(5, 1, Z)
    with pytest.raises(ValueError, match="1, 2 or 3"):
        new_game(4, 1, {})
    with pytest.raises(ValueError, match="1 to 4"):
        new_game(0, 1, Z)
    with pytest.raises(ValueError, match="ruleset"):
        new_game(2, 1, {"ruleset": "solo"})
    assert new_game(2, 1, {"ruleset": "conflict"}).seats == ("soviet", "rev1", "rev2")


def test_zhukov_options_belong_to_their_ruleset():
    with pytest.raises(ValueError, match="conflict ruleset"):
        new_game(2, 1, {**Z, "rev_morale_shift": 1})
    with pytest.raises(ValueError, match="zhukov ruleset"):
        new_game(2, 1, {"zhukov_easy_morale_3": True})
    with pytest.raises(ValueError):
        new_game(2, 1, {**Z, "zhukov_easy_activate_fighter": "nowhere"})
    g = new_game(4, 1, {**Z, "player_powers": {"rev4": "red"}, "promo_ak47": True})
    assert g.options["player_powers"] == {"rev4": "red"}
    # Left at its default, an option of the other ruleset changes nothing and is dropped.
    assert new_game(2, 1, {**Z, "rev_morale_shift": 0, "soviet_morale_shift": False}).options == Z


# ----- First Game With Reduced Difficulty; Difficulty Settings ---------------------------------------
def test_first_game_with_reduced_difficulty():
    plain = Game(initial_state(2, 5, Z)).s
    easy = Game(initial_state(2, 5, {**Z, "zhukov_easy_morale_3": True, "zhukov_easy_remove_radio_sniper": True,
                                     "zhukov_easy_activate_fighter": "szena"})).s
    assert easy["morale"] == 3 and plain["morale"] == 2
    assert easy["locations"]["radio"]["snipers"] == plain["locations"]["radio"]["snipers"] - 1
    here, before = easy["locations"]["szena"], plain["locations"]["szena"]
    assert here["active"] == [before["inactive"]]
    assert here["inactive"] == before["facedown"][0] and here["facedown"] == []


def test_zhukov_difficulty_settings():
    plain = Game(initial_state(2, 5, Z)).s
    hard = Game(initial_state(2, 5, {**Z, "zhukov_support_shift": 2, "zhukov_militia_astoria": True,
                                     "zhukov_militia_blaha": True})).s
    assert hard["support"] == plain["support"] + 2
    assert hard["locations"]["astoria"]["militia"] == plain["locations"]["astoria"]["militia"] + 2
    assert hard["locations"]["blaha"]["militia"] == plain["locations"]["blaha"]["militia"] + 2


# ----- Phase 1: Soviet Phase ----------------------------------------------------------------------
def test_zhukov_soviet_phase_draws_4_cards_in_order():
    g = staged(2, 4, deck_top=("z03", "z07", "z01", "z10"))
    run(g)
    while g.s["phase"] == "soviet" and g.result is None:
        seat = g.active_seats()[0]
        g.apply(seat, [a for a in g.legal_actions(seat) if a["type"] != "undo"][0])
    assert _drawn(g) == ["z03", "z07", "z01", "z10"]
    assert g.s["phase"] == "revolutionary"
    z = g.view("spectator")["zhukov"]
    assert z["deck_count"] == 10 and len(z["discard"]) + len(z["on_board"]) == 4


def test_zhukov_day_4_reshuffles_after_2_cards_including_the_2_resolved():
    g = staged(2, 4, day=4)
    s = g.s
    s["zhukov_deck"], s["zhukov_discard"] = ["z03", "z07"], [c for c in ALL_Z if c not in ("z03", "z07")]
    run(g)
    while g.s["phase"] == "soviet" and g.result is None:
        seat = g.active_seats()[0]
        g.apply(seat, [a for a in g.legal_actions(seat) if a["type"] != "undo"][0])
    assert "The General Zhukov deck is empty: its 14 discarded cards are shuffled into a new deck." in texts(g)
    drawn = _drawn(g)
    assert drawn[:2] == ["z07", "z03"] and len(drawn) == 4
    assert len(g.s["zhukov_deck"]) == 12


def test_zhukov_support_step_example_1_green_card_on_green_4_resolves_its_headline():
    g = staged(2, 1)
    g.s["support"] = 2  # the green 4
    one_card(g, "z01")  # green; top headline Popular support; discard major
    assert g.s["support"] == 1  # the headline ran; the support step moved nothing
    assert any("top headline: Popular support" in t for t in texts(g))
    assert any("is drawn and discarded" in t for t in texts(g))


def test_zhukov_support_step_example_2_red_card_on_green_4_moves_support_and_skips_the_headline():
    g = staged(2, 1)
    g.s["support"] = 2
    one_card(g, "z08", major_top="e04")  # red; Crowd burns propaganda would move it once more
    assert g.s["support"] == 3
    assert not any("Crowd burns propaganda" in t for t in texts(g))
    assert g.s["locations"]["stalin"]["event"] == "e04"  # the event step still ran


def test_zhukov_support_step_neutral_4_resolves_either_colour():
    g = staged(2, 1)
    one_card(g, "z08", major_top="e04")
    assert g.s["support"] == 4  # on the neutral 4 the red headline ran: toward the Soviet end


def test_zhukov_headline_step_top_middle_bottom_by_day():
    rows = {}
    for day in (1, 3, 6):
        g = staged(2, 1, day=day)
        g.s["morale"] = 3
        one_card(g, "z07", major_top="e04")  # green: top/middle/bottom John Dulles, Popular support x2
        rows[day] = next(t for t in texts(g) if "headline:" in t)
    assert "top headline: John Dulles" in rows[1]
    assert "middle headline: Popular support" in rows[3]
    assert "bottom headline: Popular support" in rows[6]


def test_zhukov_lapsing_card_stays_on_the_board_until_the_end_of_the_day():
    g = staged(2, 1)
    one_card(g, "z05")  # Protests in Poland: lapsing, the Aid bonus today
    assert g.s["zhukov_on_board"] == ["z05"] and g.s["today"]["aid_full"]
    assert g.view("rev1")["zhukov"]["on_board"][0]["id"] == "z05"
    g.s["stack"] = [{"kind": "day", "stage": 5}]  # the end of the day
    g.s["phase"] = "spa"
    run(g)
    assert "z05" in g.s["zhukov_discard"] and not g.s["today"]["aid_full"]


def test_zhukov_lapsing_headline_skipped_by_the_support_step_is_discarded():
    g = staged(2, 1)
    g.s["support"] = 5  # red space: a green card skips its headline
    one_card(g, "z05")
    assert g.s["zhukov_on_board"] == [] and g.s["zhukov_discard"] == ["z05"] and not g.s["today"]["aid_full"]


def test_zhukov_event_step_discard_major_is_public():
    g = staged(2, 1)
    g.s["support"] = 4  # red: the green card skips its headline
    one_card(g, "z03", major_top="e06")
    assert g.s["event_discard"][-1] == "e06"
    assert g.view("rev2")["event_discard"][-1]["id"] == "e06"
    assert g.s["locations"]["radio"]["event"] is None


def test_zhukov_event_placement_example_1_anywhere_major_only_in_an_empty_location():
    g = staged(2, 1)
    g.s["support"] = 2  # a green space: the red card skips its headline, so only the event step acts
    one_card(g, "z14", major_top="e08")  # place major; E#8 belongs Anywhere
    acts = {a["location"] for a in g.legal_actions("rev2") if a["type"] == "place"}
    assert "csepel" in acts and "corvin" not in acts
    assert acts == {loc for loc, h in g.s["locations"].items() if not h["event"]}
    assert g.view("rev1")["decision"] == {"kind": "place_event", "stage": "location", "event": "e08"}
    assert set(g.active_seats()) == {"rev1", "rev2"}
    g.apply("rev2", {"type": "place", "location": "csepel"})
    assert g.s["locations"]["csepel"]["event"] == "e08"


def test_zhukov_event_placement_anywhere_one_empty_location_needs_no_prompt_none_discards():
    g = staged(2, 1)
    for loc, here in g.s["locations"].items():
        if loc != "csepel" and not here["event"]:
            here["event"] = "e09"  # stand-ins: any event makes the location occupied
    g.s["support"] = 2  # green: the red place-major card skips its headline
    one_card(g, "z14", major_top="e08")
    assert g.s["locations"]["csepel"]["event"] == "e08" and g.s["stack"] == []
    g = staged(2, 1)
    for here in g.s["locations"].values():
        here["event"] = here["event"] or "e09"
    g.s["support"] = 2  # green: the red place-major card skips its headline
    one_card(g, "z14", major_top="e08")
    assert g.s["event_discard"][-1] == "e08"
    assert any("finds no empty location and is discarded without effect" in t for t in texts(g))


def test_zhukov_event_placement_example_2_major_replaces_the_event_in_its_location_without_effect():
    g = staged(2, 1)
    assert g.s["locations"]["corvin"]["event"] == "e03"
    before = (g.s["morale"], g.s["support"], dict((k, list(v)) for k, v in g.s["hands"].items()))
    g.s["support"] = 2  # a green space: the red card skips its headline, so only the event step acts
    one_card(g, "z14", major_top="e14")  # place major; Kilián Barracks belongs in Corvin Passage
    assert g.s["locations"]["corvin"]["event"] == "e14"
    assert "e03" in g.s["event_discard"]
    assert (g.s["morale"], dict((k, list(v)) for k, v in g.s["hands"].items())) == (before[0], before[2])
    # Its placement: the players choose the Revolutionary whose location takes the hit.
    assert set(g.active_seats()) == {"rev1", "rev2"}
    assert {a["seat"] for a in g.legal_actions("rev1") if a["type"] == "choose_player"} == {"rev1", "rev2"}
    g.apply("rev1", {"type": "choose_player", "seat": "rev2"})
    assert g.view("rev2")["decision"]["kind"] == "hits" and g.view("rev2")["decision"]["location"] == "bem"


def test_zhukov_event_step_minor_into_an_occupied_location_is_discarded():
    g = staged(2, 1)
    g.s["locations"]["szena"]["event"] = "e09"
    g.s["support"] = 4  # red: the green card skips its headline
    one_card(g, "z02", minor_top="e25")  # place minor
    assert g.s["locations"]["szena"]["event"] == "e09" and g.s["event_discard"][-1] == "e25"
    g = staged(2, 1)
    g.s["support"] = 4
    one_card(g, "z02", minor_top="e25")
    assert g.s["locations"]["szena"]["event"] == "e25"


def test_zhukov_e05_placement_is_ignored():
    g = staged(2, 1)
    militia = g.s["locations"]["blaha"]["militia"]
    g.s["support"] = 2  # green: the red card skips its headline
    one_card(g, "z14", major_top="e05")
    assert g.s["locations"]["blaha"]["event"] == "e05" and g.s["locations"]["blaha"]["militia"] == militia


def test_zhukov_choices_are_team_decisions_offered_to_every_revolutionary():
    g = staged(3, 1)
    one_card(g, "z04")  # Imre Nagy appointed: the players choose who draws 2
    assert g.active_seats() == ["rev1", "rev2", "rev3"]
    views = g.views(["rev1", "rev2", "rev3", "spectator"])
    assert all(v["decision"] == {"kind": "choice", "stage": "draw_player", "effect": "z04:top:0", "optional": False}
               for v in views.values())
    assert views["spectator"]["actions"] == []
    g.apply("rev3", {"type": "choose_player", "seat": "rev2"})
    assert len(g.s["hands"]["rev2"]) == 7
    with pytest.raises(IllegalAction):
        g.apply("rev1", {"type": "choose_player", "seat": "rev1"})


def test_zhukov_red_headline_offers_which_never_whether():
    g = staged(2, 1)
    g.s["support"] = 3
    one_card(g, "z11", major_top="e04")  # Ernő Gerő: a tank on an event, then it fires
    acts = g.legal_actions("rev1")
    assert acts and all(a["type"] == "choose_location" for a in acts)
    assert {a["location"] for a in acts} == {loc for loc, h in g.s["locations"].items() if h["event"]}


# ----- Phase 2: Revolutionary Phase ---------------------------------------------------------------
def test_zhukov_four_players_one_action_each():
    g = new_game(4, 2, Z)
    while g.s["stack"][-1]["kind"] not in ("turn_order", "turn"):
        seat = g.active_seats()[0]
        g.apply(seat, [a for a in g.legal_actions(seat) if a["type"] != "undo"][0])
    for n in (1, 2, 3):
        if g.s["stack"][-1]["kind"] == "turn_order":
            g.apply("rev1", {"type": "choose_next", "seat": f"rev{n}"})
    assert g.s["turn_order"] == ["rev1", "rev2", "rev3", "rev4"]
    turns = [f for f in g.s["stack"] if f["kind"] == "turn"]
    today = g.s["today"]
    assert len(turns) == 4 and actions_per_turn(4, Z) == [1, 1, 1, 1]
    assert [f["actions_left"] for f in reversed(turns)] == [
        max(0, 1 + today["extra_actions"].get(seat, 0) - today["fewer_actions"].get(seat, 0)) for seat in g.s["turn_order"]]


def test_zhukov_injury_limit_immediate_defeat():
    assert [injury_limit(n, Z) for n in (1, 2, 3, 4)] == [5, 4, 4, 4]


# ----- Phase 3: State Protection Authority Phase ----------------------------------------------------
def test_zhukov_spa_phase_rulebook_example():
    g = spa_example()
    force_dice(g, [6, 6, 2, 5])  # Corvin (first in board order): 6 <= 9 one hit, 12 > 9; Csepel: 2 <= 2, 7 > 2
    run(g)
    s = g.s
    # 1. Move militia: Radio's goes to Corvin Passage; Astoria's, Corvin's and Csepel's stay.
    assert s["locations"]["radio"]["militia"] == 0 and s["locations"]["astoria"]["militia"] == 1
    assert s["locations"]["corvin"]["militia"] == 3
    # 2. Move snipers: the Astoria sniper is 2 from both players: the team picks Radio or University.
    assert {a["to"] for a in g.legal_actions("rev2") if a["type"] == "move_sniper"} == {"radio", "university"}
    assert g.view("rev1")["decision"] == {"kind": "zhukov_spa", "stage": "move_sniper", "from": "astoria"}
    g.apply("rev2", {"type": "move_sniper", "from": "astoria", "to": "radio"})
    assert s["locations"]["radio"]["snipers"] == 1 and s["locations"]["corvin"]["snipers"] == 2
    # 3. Place militia in Csepel, Széna Square and HWPP Headquarters; no sniper in Astoria.
    assert [s["locations"][x]["militia"] for x in ("csepel", "szena", "hwpp")] == [2, 1, 1]
    assert s["locations"]["astoria"]["snipers"] == 0
    # 4. Attack: Corvin Passage (9) and Csepel (2) roll, nothing else; each one's hits are settled
    # by the player there before the next location rolls.
    assert g.view("rev1")["decision"] == {"kind": "hits", "stage": "assign", "location": "corvin", "count": 1}
    assert g.active_seats() == ["rev1"]
    g.apply("rev1", {"type": "hit", "target": "injury", "seat": "rev1"})
    assert g.active_seats() == ["rev2"]
    g.apply("rev2", {"type": "hit", "target": "injury", "seat": "rev2"})
    rolls = [e["dice"] for e in s["log"] if e.get("dice", {}).get("for") == "attack"]
    assert [(r["location"], r["strength"], r["hits"]) for r in rolls] == [("corvin", 9, 1), ("csepel", 2, 1)]
    assert s["injuries"] == {"rev1": 1, "rev2": 1}
    # Threaten: Corvin Passage has 9 and no barricade: morale one space toward the Soviet end.
    assert s["morale"] == 1
    assert any("SPA threatens Corvin Passage" in t for t in texts(g))


def test_zhukov_spa_barricade_stops_militia_moving_and_the_threaten():
    g = spa_example()
    g.s["locations"]["corvin"]["barricades"] = 1
    g.s["locations"]["radio"]["barricades"] = 1
    run(g)
    g.apply("rev1", {"type": "move_sniper", "from": "astoria", "to": "radio"})
    while g.active_seats():
        seat = g.active_seats()[0]
        g.apply(seat, [a for a in g.legal_actions(seat) if a["type"] == "hit"][0])
    assert g.s["locations"]["radio"]["militia"] == 1  # a barricade keeps its militia in place
    assert g.s["morale"] == 2


@pytest.mark.parametrize("event,skipped", [("e18", "Move militia"), ("e17", "Move snipers"), ("e06", "Attack")])
def test_zhukov_spa_event_rewards_skip_a_step(event, skipped):
    g = spa_example()
    kind = {"e18": "move_militia", "e17": "move_sniper", "e06": "attack"}[event]
    g.s["today"]["spa_forbidden"].append(kind)
    run(g)
    if event != "e17":
        g.apply("rev1", {"type": "move_sniper", "from": "astoria", "to": "radio"})
    while g.active_seats():
        seat = g.active_seats()[0]
        g.apply(seat, [a for a in g.legal_actions(seat) if a["type"] == "hit"][0])
    s = g.s
    assert any(f"{skipped}" in t and "skipped" in t for t in texts(g))
    if event == "e18":
        assert s["locations"]["radio"]["militia"] == 1 and s["locations"]["corvin"]["militia"] == 2
    if event == "e17":
        assert s["locations"]["astoria"]["snipers"] == 1
    if event == "e06":
        assert not [e for e in s["log"] if e.get("dice", {}).get("for") == "attack"] and s["morale"] == 2


def test_zhukov_spa_place_sniper_in_astoria_when_no_militia_left():
    g = spa_example()
    s = g.s
    s["locations"]["stalin"]["militia"] = 14 - 5  # the supply is empty
    s["turn_order"] = []
    s["positions"] = {"rev1": "stalin", "rev2": "stalin"}
    run(g)
    while g.active_seats():
        seat = g.active_seats()[0]
        g.apply(seat, [a for a in g.legal_actions(seat) if a["type"] != "undo"][0])
    assert s["locations"]["astoria"]["snipers"] >= 1
    assert any("1 sniper(s) placed in Astoria" in t for t in texts(g))


def test_zhukov_spa_fewer_than_3_militia_left_the_team_chooses_where():
    g = spa_example()
    s = g.s
    s["locations"]["stalin"]["militia"] = 14 - 5 - 2  # 2 left
    s["positions"] = {"rev1": "stalin", "rev2": "stalin"}
    run(g)
    g.apply("rev1", {"type": "move_sniper", "from": "astoria", "to": "kossuth"})
    assert g.view("rev2")["decision"] == {"kind": "zhukov_spa", "stage": "place_militia", "count": 2}
    assert {a["location"] for a in g.legal_actions("rev2")} == {"csepel", "szena", "hwpp"}
    g.apply("rev2", {"type": "place_militia", "location": "hwpp"})
    assert {a["location"] for a in g.legal_actions("rev1")} == {"csepel", "szena"}
    g.apply("rev1", {"type": "place_militia", "location": "szena"})
    assert s["locations"]["astoria"]["snipers"] == 0  # militia were placed: no sniper
    assert s["locations"]["hwpp"]["militia"] == 1 and s["locations"]["csepel"]["militia"] == 1


# ----- End of the Day; Ending the Game; Immediate Defeat or Victory --------------------------------------
def _evaluate(events: int, **options) -> dict:
    g = staged(2, 1, **options)
    locs = [loc for loc in g.s["locations"]]
    for i, loc in enumerate(locs):
        g.s["locations"][loc]["event"] = "e09" if i < events else None
    for loc in locs[:events]:
        g.s["locations"][loc]["event"] = ["e01", "e02", "e03", "e04", "e06", "e07", "e08", "e09", "e11", "e12",
                                          "e14"][locs.index(loc)]
    g.s["day"] = 7
    g.s["stack"] = [kinds.game_end()]
    run(g)
    return g.result


def test_zhukov_evaluation_4_events_win_5_lose():
    assert _evaluate(4)["winner"] == "revolutionaries"
    assert _evaluate(5)["winner"] == "soviet"


def test_zhukov_difficulty_win_with_3_events():
    assert _evaluate(4, zhukov_win_with_3_events=True)["winner"] == "soviet"
    assert _evaluate(3, zhukov_win_with_3_events=True)["winner"] == "revolutionaries"


def test_zhukov_e22_penalty_runs_the_attack_step():
    g = staged(2, 1)
    clear_units(g)
    for here in g.s["locations"].values():
        here["event"] = None
        here["active"] = []
    g.s["locations"]["hwpp"]["event"] = "e22"
    g.s["positions"] = {"rev1": "corvin", "rev2": "corvin"}
    g.s["locations"]["corvin"].update(snipers=3)
    force_dice(g, [6, 6])
    g.s["stack"] = [kinds.game_end()]
    run(g)
    rolls = [e["dice"] for e in g.s["log"] if e.get("dice", {}).get("for") == "attack"]
    assert [(r["location"], r["strength"]) for r in rolls] == [("corvin", 9)]
    while g.active_seats():
        seat = g.active_seats()[0]
        g.apply(seat, [a for a in g.legal_actions(seat) if a["type"] == "hit"][0])
    assert g.s["morale"] == 1  # threatened (9, no barricade)
    assert g.result["winner"] == "revolutionaries"  # one event left


def test_zhukov_e19_reward_offers_only_the_extra_action_ruling_r105():
    """Appendix B: E#19's first option may not be chosen with the Zhukov ruleset (it needs the
    Soviet commander, R105): resolving it gives the extra action, with no choice."""
    g = new_game(2, 2, Z)
    while g.s["stack"][-1]["kind"] != "turn":
        seat = g.active_seats()[0]
        g.apply(seat, [a for a in g.legal_actions(seat) if a["type"] not in ("undo", "cancel")][0])
    from engine.effects import push_effect

    seat = g.s["stack"][-1]["seat"]
    left = g.s["stack"][-1]["actions_left"]
    morale = g.s["morale"]
    push_effect(g, "e19:reward", by="revolutionaries", actor=seat)  # as resolving it does
    run(g)
    assert g.s["stack"][-1]["kind"] == "turn" and g.s["stack"][-1]["actions_left"] == left + 1
    assert g.s["morale"] == morale
    assert f"{seat} takes 1 extra action(s) this turn." in texts(g)


def test_zhukov_morale_on_the_skull_at_the_end_of_the_day_loses():
    g = staged(2, 1)
    g.s["morale"] = 0
    g.s["stack"] = [{"kind": "day", "stage": 5}]
    run(g)
    assert g.result["winner"] == "soviet" and "skull" in g.result["reason"]
    assert "General Zhukov wins" in texts(g)[-1]


# ----- the contract: no Soviet seat, views, replay ------------------------------------------------
def test_zhukov_no_soviet_seat_in_views_or_active_seats():
    g = new_game(4, 9, Z)
    v = g.view("rev4")
    assert v["seats"] == ["rev1", "rev2", "rev3", "rev4"] and "soviet" not in v["hands"]
    assert v["ruleset"] == "zhukov" and v["zhukov"]["deck_count"] <= 13
    with pytest.raises(IllegalAction):
        g.view("soviet")
    with pytest.raises(IllegalAction):
        g.apply("soviet", {"type": "done"})
    assert new_game(2, 9, {}).view("spectator")["ruleset"] == "conflict"
    assert new_game(2, 9, {}).view("spectator")["zhukov"] is None


def test_zhukov_deck_order_only_in_the_admin_view():
    g = new_game(2, 9, Z)
    assert g.view("admin")["secrets"]["zhukov_deck"] == g.s["zhukov_deck"]
    for seat in g.seats + ("spectator",):
        v = g.view(seat)
        assert "secrets" not in v and set(v["zhukov"]) == {"deck_count", "discard", "on_board", "current",
                                                            "minor_deck_count", "major_deck_count", "row", "today",
                                                            "spa_step", "injury_limit"}


def test_zhukov_replay_is_deterministic():
    from bots.random_bot import play_random_game

    g = play_random_game(4, 77, {**Z, "zhukov_easy_morale_3": True})
    assert replay(g.record()).to_dict() == g.to_dict()
    assert g.record()["options"]["ruleset"] == "zhukov"


def test_zhukov_bad_input_changes_nothing():
    g = new_game(3, 4, Z)
    before = g.state_hash()
    for seat, action in (("rev1", {"type": "place", "location": 1.0}), ("rev9", {"type": "done"}),
                         ("rev1", {"type": "choose_player", "seat": True}), ("rev2", {"type": "\x00"})):
        with pytest.raises(IllegalAction):
            g.apply(seat, action)
    assert g.state_hash() == before
    refresh(g)


def test_zhukov_cards_are_in_the_public_catalog():
    """Clients read the cards' texts once from the catalog; views name them by id."""
    from engine.public import catalog

    cards = catalog()["zhukov_cards"]
    assert sorted(cards) == sorted(ALL_Z)
    assert cards["z05"]["headlines"][0]["title"] == "Protests in Poland" and cards["z05"]["colour"] == "green"
    assert all("basis" not in h for c in cards.values() for h in c["headlines"])
    steps = catalog()["zhukov_spa_steps"]  # Phase 3's fixed steps, and the rewards that skip them (Appendix B)
    assert [(s["id"], s["skipped_by"]) for s in steps] == [("move_militia", "e18"), ("move_snipers", "e17"),
                                                           ("place", None), ("attack", "e06")]

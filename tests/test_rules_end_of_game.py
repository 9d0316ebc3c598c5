"""Rulebook: Conflict Ruleset, End of the Day and Ending the Game (event penalties, evaluation,
immediate defeat or victory), with the injury-limit difficulty setting."""
from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.cards import REV_CARD
from tests.support import act, game, log_texts, of_type, pass_through, refresh

SOVIET = "soviet"


# ----- helpers --------------------------------------------------------------------------------------


def give(g, seat, kinds):
    """Swap cards of these kinds from the revolutionary deck into the seat's hand."""
    s = g.s
    for kind in kinds:
        card = next(c for c in s["rev_deck"] if REV_CARD[c]["kind"] == kind)
        s["rev_deck"].remove(card)
        out = next(c for c in s["hands"][seat] if REV_CARD[c]["kind"] != kind)
        s["hands"][seat].remove(out)
        s["rev_deck"].insert(0, out)
        s["hands"][seat].append(card)
    return refresh(g)


def until_day(g, day):
    return pass_through(g, lambda x: x.s["day"] == day)


def until_over(g):
    return pass_through(g, lambda x: x.result is not None)


def stage_day_7(g, extra_events=None):
    """Jump to the 7th day (Soviet headline step), the event deck spent as it would be by then."""
    s = g.s
    s["day"] = 7
    s["event_discard"].extend(s["event_deck"])
    s["event_deck"] = []
    for loc, event in (extra_events or {}).items():
        s["locations"][loc]["event"] = event
    return refresh(g)


def no_soviet_tanks_or_militia(g):
    for loc in g.s["locations"].values():
        loc["soviet_tanks"] = 0
        loc["militia"] = 0
    return refresh(g)


def assert_over(g):
    """After the game ends nobody may act: no legal actions, apply refused, state unchanged."""
    for seat in g.seats:
        assert g.legal_actions(seat) == []
        assert g.view(seat)["actions"] == []
    assert g.active_seats() == []
    before = g.to_dict()
    for seat, action in ((SOVIET, {"type": "done"}), ("rev1", {"type": "end_turn"}),
                         (SOVIET, {"type": "keep", "slot": 0}), ("rev1", {"type": "undo"})):
        with pytest.raises(IllegalAction):
            g.apply(seat, action)
    assert g.to_dict() == before


# ===== End of the Day ===============================================================================
@pytest.mark.parametrize("revs", [1, 2, 3])
def test_end_of_the_day_day_marker_moves_one_space(revs):
    """End of the day: the SPA phase is the last phase; move the day marker one space (23rd -> 24th)."""
    g = game(revs, seed=2)
    pass_through(g, lambda x: x.s["phase"] == "spa")
    assert g.view("rev1")["day"] == 1
    until_day(g, 2)
    v = g.view("rev1")
    assert (v["day"], v["phase"], v["step"]) == (2, "soviet", "headline")
    assert v["result"] is None
    assert "Day 2 (October 24th): the Soviet phase begins." in log_texts(g)


def test_end_of_the_day_lapsing_cards_are_discarded():
    """Lapsing: keep the resolved card next to the board for the whole day; discard it only at the end of the day."""
    g = game(3, seed=4)
    give(g, "rev3", ["ammunition", "molotov"])  # Civilians armed (Corvin Passage) needs ammunition + molotov
    pass_through(g, lambda x: x.s["step"] == "turn_order")
    g.apply("rev1", {"type": "choose_next", "seat": "rev3"})
    g.apply("rev1", {"type": "choose_next", "seat": "rev1"})
    act(g, "rev3", "resolve_event")
    while of_type(g, "rev3", "discard"):
        g.apply("rev3", of_type(g, "rev3", "discard")[0])
    act(g, "rev3", "done")
    v = g.view("rev1")
    assert v["locations"]["corvin"]["event"] is None
    assert [c["id"] for c in v["lapsing"]] == ["e03"]
    assert "e03" not in [e["id"] for e in v["event_discard"]]
    until_day(g, 2)
    v = g.view("rev1")
    assert v["lapsing"] == []
    assert "e03" in [e["id"] for e in v["event_discard"]]


def test_end_of_the_day_morale_on_the_skull_soviet_wins():
    """Immediate defeat: at the end of any day the morale marker is on the last (Soviet) space of the morale track."""
    g = game(2, seed=3)
    g.s["morale"] = 0
    refresh(g)
    pass_through(g, lambda x: x.s["phase"] == "spa")
    assert g.result is None  # on the skull during the day is not yet a defeat
    until_over(g)
    assert g.result["winner"] == "soviet"
    assert "skull" in g.result["reason"]
    v = g.view("rev1")
    assert v["result"] == g.result and v["day"] == 1
    assert_over(g)


def test_end_of_the_day_morale_off_the_skull_by_then_is_no_defeat():
    """Only the morale at the end of the day counts: leaving the skull during the day avoids the defeat."""
    g = game(1, seed=3)
    g.s["morale"] = 0
    g.s["positions"]["rev1"] = "radio"
    g.s["locations"]["radio"]["barricades"] = 1  # no retaliation: the dice stay out of it
    give(g, "rev1", ["molotov", "molotov", "molotov"])
    pass_through(g, lambda x: x.s["stack"][-1]["kind"] == "turn")
    act(g, "rev1", "destroy_tank")
    while of_type(g, "rev1", "discard"):
        g.apply("rev1", of_type(g, "rev1", "discard")[0])
    act(g, "rev1", "done")
    assert g.view("rev1")["morale_draw"] == 2  # destroying a tank shifts morale 2 toward the Hungarian end
    until_day(g, 2)
    assert g.result is None


# ===== Ending the Game: evaluation ====================================================================
@pytest.mark.parametrize("extra,winner", [
    ({}, "revolutionaries"),
    ({"csepel": "e29"}, "revolutionaries"),
    ({"csepel": "e29", "stalin": "e31"}, "soviet"),
    ({"csepel": "e29", "stalin": "e31", "astoria": "e07"}, "soviet"),
])
def test_evaluation_after_day_7_four_or_fewer_events_revolutionaries_win(extra, winner):
    """Evaluation on October 30th: 4 or less events on the board = Revolutionaries win; more than 4 = they lose."""
    g = stage_day_7(game(2, seed=8), extra)
    n = 3 + len(extra)
    until_over(g)
    assert g.result["winner"] == winner
    assert str(n) in g.result["reason"]
    v = g.view("spectator")
    assert v["day"] == 7 and v["phase"] == "over"
    assert "October 30th: the sides sit down to negotiate." in log_texts(g)
    assert_over(g)


def test_evaluation_events_in_the_market_are_not_on_the_board():
    """Only events placed on locations count at the evaluation, not the ones left in the market."""
    g = stage_day_7(game(2, seed=8), {"csepel": "e29"})
    assert len([m for m in g.view("spectator")["market"] if m["event"]]) == 6
    until_over(g)
    assert g.result["winner"] == "revolutionaries"


def test_game_ends_after_the_7th_day_not_before():
    """The game normally ends after the 7th day: day 6 rolls over into day 7, which ends the game."""
    g = game(2, seed=8)
    g.s["day"] = 6
    refresh(g)
    until_day(g, 7)
    assert g.result is None
    until_over(g)
    assert g.view("rev1")["day"] == 7
    assert g.result["winner"] == "revolutionaries"


def test_event_penalty_multi_party_government_with_3_more_events_revolutionaries_lose():
    """E#19 penalty: the Revolutionary team loses the game if there are 3 more events on the board along with this one."""
    g = stage_day_7(game(2, seed=8), {"kossuth": "e19"})  # 4 events: the evaluation alone would be a win
    until_over(g)
    assert g.result == {"winner": "soviet",
                        "reason": "Multi-party government demanded is on the board with 3 other events."}


def test_event_penalty_multi_party_government_with_fewer_events_is_harmless():
    """E#19 penalty: with fewer than 3 other events on the board, the evaluation decides."""
    g = game(2, seed=8)
    g.s["locations"]["bem"]["event"] = None
    g = stage_day_7(g, {"kossuth": "e19"})  # e19 + 2 others
    until_over(g)
    assert g.result["winner"] == "revolutionaries"
    assert any(t.startswith("Penalty of Multi-party government demanded") for t in log_texts(g))


def test_event_penalty_alternative_starting_event_left_on_the_board_revolutionaries_lose():
    """Promo: one alternative starting event has a penalty: if it is still on the board at the end of the game the Revolutionaries automatically lose."""
    g = stage_day_7(game(2, seed=8, alternative_start_events=True))
    until_over(g)
    assert g.result == {"winner": "soviet",
                        "reason": "SPA members suspected is still on the board at the end of the game."}


# ===== Immediate defeat: injuries ========================================================================
def ambulance_under_fire(g, victim="rev1"):
    """Buy E#21 "Ambulance under fire" (placement: the Revolutionary with the fewest injuries takes one)."""
    s = g.s
    if "e21" in s["event_deck"]:
        s["event_deck"].remove("e21")
    s["event_deck"].insert(0, s["market"][0])
    s["market"][0] = "e21"
    refresh(g)
    act(g, SOVIET, "done")  # headline step
    s["cp"] = 4  # E#21 costs 4 (3 as first reconstructed, +1 for period 3: R104)
    refresh(g)
    act(g, SOVIET, "buy_event", slot=0)
    act(g, SOVIET, "place", location="csepel")
    if of_type(g, SOVIET, "choose_player"):  # tied players: the Soviet commander chooses
        g.apply(SOVIET, {"type": "choose_player", "seat": victim})
    return g


@pytest.mark.parametrize("revs,before,lost", [
    (2, 2, False), (2, 3, True), (3, 3, True), (1, 3, False), (1, 4, True),
])
def test_immediate_defeat_4th_injury_with_2_or_3_revolutionaries_5th_with_1(revs, before, lost):
    """Immediate defeat: any player takes the 4th injury (2-3 Revolutionaries) or the 5th (1 Revolutionary)."""
    g = game(revs, seed=1)
    for seat in g.s["injuries"]:
        g.s["injuries"][seat] = before
    ambulance_under_fire(g)
    v = g.view("rev1")
    assert v["injuries"]["rev1"] == before + 1
    if lost:
        assert g.result == {"winner": "soviet", "reason": f"rev1 took injury number {before + 1}."}
        assert v["phase"] == "over" and v["day"] == 1
        assert_over(g)
    else:
        assert g.result is None
        assert {"type": "done"} in g.legal_actions(SOVIET)  # the event step goes on


@pytest.mark.parametrize("revs,before,lost", [
    (2, 3, False), (2, 4, True), (3, 4, True), (1, 4, False), (1, 5, True),
])
def test_difficulty_increase_the_limit_of_injuries_for_immediate_defeat_by_one(revs, before, lost):
    """Difficulty (favouring the Revolutionaries): increase the limit of injuries for immediate defeat by one."""
    g = game(revs, seed=1, rev_injury_limit_plus_one=True)
    for seat in g.s["injuries"]:
        g.s["injuries"][seat] = before
    ambulance_under_fire(g)
    assert (g.result is not None) is lost
    if lost:
        assert g.result["winner"] == "soviet"


# ===== Immediate victory ===================================================================================
def finish_soviet_phase(g):
    return pass_through(g, lambda x: x.s["phase"] != "soviet")


def test_immediate_victory_no_tanks_and_no_militia_during_the_revolutionary_phase():
    """Immediate victory: no (Soviet) tanks and no militia on the board at any time during the Revolutionary phase."""
    g = no_soviet_tanks_or_militia(game(2, seed=5))
    assert g.result is None and g.active_seats() == [SOVIET]  # not during the Soviet phase
    finish_soviet_phase(g)
    assert g.result == {"winner": "revolutionaries", "reason": "No Soviet tanks and no militia are left on the board."}
    assert g.view("rev1")["locations"]["kossuth"]["snipers"] == 1  # snipers do not matter
    assert_over(g)


def test_immediate_victory_revolutionary_tanks_do_not_prevent_it():
    """Immediate victory counts only Soviet tanks and militia: a revolutionary tank on the board does not prevent it."""
    g = game(2, seed=5)
    g.s["rev_tank_supply"].remove("rt_t34")
    g.s["locations"]["kossuth"]["active"].append("rt_t34")
    no_soviet_tanks_or_militia(g)
    finish_soviet_phase(g)
    assert g.result == {"winner": "revolutionaries", "reason": "No Soviet tanks and no militia are left on the board."}
    assert [t["id"] for t in g.view("rev1")["locations"]["kossuth"]["revolutionary_tanks"]] == ["rt_t34"]


def test_immediate_victory_prevented_by_a_tank_placed_in_the_army_step():
    """Immediate victory needs the board empty of tanks and militia in the Revolutionary phase: a tank placed in the army step prevents it."""
    g = no_soviet_tanks_or_militia(game(2, seed=5))
    act(g, SOVIET, "done")
    act(g, SOVIET, "done")
    g.s["cp"] = 3
    refresh(g)
    act(g, SOVIET, "place_tank", location="csepel")
    finish_soviet_phase(g)
    assert g.result is None
    assert g.view("rev1")["phase"] == "revolutionary"
    assert of_type(g, "rev1", "choose_next")


def test_immediate_victory_when_the_last_militia_falls_mid_turn():
    """Immediate victory "at any time" during the Revolutionary phase: attacking the last militia wins at once."""
    g = no_soviet_tanks_or_militia(game(1, seed=5))
    g.s["locations"]["university"]["militia"] = 1
    give(g, "rev1", ["ammunition"])
    pass_through(g, lambda x: x.s["stack"][-1]["kind"] == "turn")
    assert g.result is None
    act(g, "rev1", "attack_militia")
    ammo = next(c for c in g.s["hands"]["rev1"] if "ammunition" in REV_CARD[c]["icons"])  # all are offered (R26)
    act(g, "rev1", "discard", card=ammo)
    act(g, "rev1", "done")
    assert g.result is not None and g.result["winner"] == "revolutionaries"
    assert g.view("rev1")["locations"]["university"]["militia"] == 0
    assert_over(g)


# ===== After the game ======================================================================================
def test_after_the_game_ends_nobody_can_act():
    """After the game has ended, legal_actions is [] for every seat and apply raises IllegalAction."""
    g = stage_day_7(game(3, seed=9))
    until_over(g)
    assert_over(g)
    for seat in ("soviet", "rev1", "rev2", "rev3", "spectator", "admin"):
        v = g.view(seat)
        assert v["result"] == g.result
        assert v["active"] == []
        assert v["prompt"] == g.result["reason"] or v["prompt"].endswith(g.result["reason"])

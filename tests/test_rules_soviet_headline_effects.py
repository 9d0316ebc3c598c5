"""Soviet phase: headline cards whose effects the rulebook spells out.

Staging helpers: tests/staging_soviet_phase.py."""
from __future__ import annotations

from tests.staging_soviet_phase import SOVIET, buyable, done, play, sv, with_cp, with_hand, with_market
from tests.support import act, choose_player, game, log_texts, of_type, pass_through, refresh


# ===== Headline cards with spelled-out effects =======================================================
def test_h11_crowd_burns_propaganda_resolve_shifts_support_and_retrieves_1_spa():
    """H#11 example: resolving shifts support towards the Soviet end, then the icon retrieves one SPA card; no CP."""
    g = with_hand(game(2), ["h11"])
    card = g.s["spa_pool"].pop()
    g.s["spa_queue"] = [card]
    refresh(g)
    play(g, "h11", "resolve")
    v = sv(g)
    assert v["soviet_hand_limit"] == 5
    assert v["spa_queue"] == [] and len(v["spa_pool"]) == 8
    assert v["cp"] == 0


def test_h11_crowd_burns_propaganda_collect_gives_3_cp():
    """H#11 example: "Collect Command Points" gives 3 CP; text and icon effects are ignored."""
    g = with_hand(game(2), ["h11"])
    play(g, "h11", "cp")
    v = sv(g)
    assert v["cp"] == 3 and v["soviet_hand_limit"] == 4


def test_h11_crowd_burns_propaganda_at_the_soviet_end_does_nothing():
    """H#11: "If support is at the Soviet end, do nothing": ruling R55 (re-decided, issue 31): the
    card does nothing at all, so its SPA icon retrieves no card."""
    g = with_hand(game(2), ["h11"])
    g.s["support"] = 6
    card = g.s["spa_pool"].pop()
    g.s["spa_queue"] = [card]
    refresh(g)
    log_before = len(g.s["log"])
    play(g, "h11", "resolve")
    v = sv(g)
    assert v["support_index"] == 6 and v["soviet_hand_limit"] == 7
    assert not [e for e in g.s["log"][log_before:] if e["text"].startswith("Support shifts")]
    assert [c["id"] for c in v["spa_queue"]] == [card] and len(v["spa_pool"]) == 7
    assert v["cp"] == 0 and "h11" in [c["id"] if isinstance(c, dict) else c for c in v["headline_discard"]]


def test_h34_national_guard_begins_organization_removes_csepel_militia_and_places_rev_tank():
    """H#34 example: collect 3 CP; the Revolutionaries remove one militia from Csepel and place a random revolutionary tank on Kossuth Square."""
    g = with_hand(game(2, seed=3), ["h34"])
    play(g, "h34", "cp")
    v = g.view("rev1")
    assert v["cp"] == 3
    assert v["locations"]["csepel"]["militia"] == 0
    tanks = v["locations"]["kossuth"]["revolutionary_tanks"]
    assert len(tanks) == 1 and tanks[0]["id"] in {"rt_howitzer", "rt_t34", "rt_t55"}
    assert tanks[0]["active"] is True
    assert v["rev_tank_supply"] == 2
    assert any(t.startswith("Revolutionary tank") and "Kossuth Square" in t for t in log_texts(g, "rev1"))


def test_h34_revolutionary_tank_is_chosen_randomly():
    """H#34: the revolutionary tank is chosen randomly from the available tokens."""
    seen = set()
    for seed in range(12):
        g = with_hand(game(2, seed=seed), ["h34"])
        play(g, "h34", "cp")
        seen.add(g.view("rev1")["locations"]["kossuth"]["revolutionary_tanks"][0]["id"])
    assert len(seen) >= 2


def test_h34_not_placed_if_4_active_fighters_on_kossuth_square():
    """H#34: if there are 4 active fighters in Kossuth Square, the tank may not be placed."""
    g = game(2, seed=3)
    locs = g.s["locations"]
    spare = []
    for loc in ("astoria", "blaha"):
        spare += [locs[loc]["inactive"]] + locs[loc]["facedown"]
        locs[loc]["inactive"], locs[loc]["facedown"] = None, []
    locs["kossuth"]["active"] = spare
    with_hand(g, ["h34"])
    play(g, "h34", "cp")
    v = g.view("rev1")
    assert v["locations"]["csepel"]["militia"] == 0
    assert v["locations"]["kossuth"]["revolutionary_tanks"] == []
    assert len(v["locations"]["kossuth"]["fighters"]) == 5  # 4 active + the inactive one
    assert v["rev_tank_supply"] == 3
    assert any("already has 4 active fighters" in t for t in log_texts(g, "rev1"))


def test_h36_pal_maleter_aids_the_revolution_tank_and_team_chooses_who_gets_one_more_action():
    """H#36: a random revolutionary tank in Corvin Passage; the team chooses who takes one more action; the card lapses."""
    g = with_hand(game(2, seed=5), ["h36", "h04"])
    play(g, "h36", "cp")
    v = g.view("rev1")
    assert v["cp"] == 5
    assert len(v["locations"]["corvin"]["revolutionary_tanks"]) == 1
    assert sorted(g.active_seats()) == ["rev1", "rev2"]  # a team choice: offered to every Revolutionary
    assert g.legal_actions(SOVIET) == []  # the card is fully dealt with before the next one
    for seat in ("rev1", "rev2"):
        assert {a["seat"] for a in of_type(g, seat, "choose_player")} == {"rev1", "rev2"}
    choose_player(g, "rev1", "rev2")
    assert g.active_seats() == [SOVIET]
    assert [c["id"] for c in sv(g)["lapsing"]] == ["h36"]
    assert any("rev2 will take one more action today" in t for t in log_texts(g, "rev2"))


def test_h36_the_chosen_player_takes_one_more_action_this_day_only():
    """H#36 lapsing example: one Revolutionary player can take one more action during the day it was resolved."""
    g = with_hand(game(2, seed=5), ["h36"])
    play(g, "h36", "cp")
    choose_player(g, "rev2", "rev2")
    pass_through(g, lambda x: x.s["stack"][-1]["kind"] == "turn")
    assert g.view("rev1")["turn"]["seat"] == "rev1" and g.view("rev1")["turn"]["actions_left"] == 2
    act(g, "rev1", "end_turn")
    assert g.view("rev2")["turn"] == {"seat": "rev2", "actions_left": 3, "free_move": True}
    hand = len(g.s["hands"]["rev2"])
    for _ in range(3):
        act(g, "rev2", "draw_card")
    assert len(g.s["hands"]["rev2"]) == hand + 3
    assert of_type(g, "rev2", "draw_card") == []
    assert [c["id"] for c in g.view("rev1")["lapsing"]] == ["h36"]
    pass_through(g, lambda x: x.s["day"] == 2 and x.s["stack"][-1]["kind"] == "turn")
    v = g.view("rev1")
    assert v["lapsing"] == [] and "h36" in [c["id"] for c in v["headline_discard"]]
    turns = {}
    while g.s["day"] == 2 and g.s["stack"][-1]["kind"] == "turn":
        seat = g.s["stack"][-1]["seat"]
        turns[seat] = g.view(seat)["turn"]["actions_left"]
        act(g, seat, "end_turn")
    assert turns == {"rev1": 2, "rev2": 2}


def test_h36_single_revolutionary_gets_the_extra_action_without_a_choice():
    """H#36 with one Revolutionary: that player takes 4 + 1 actions this day."""
    g = with_hand(game(1, seed=5), ["h36"])
    play(g, "h36", "cp")
    assert g.active_seats() == [SOVIET]
    pass_through(g, lambda x: x.s["stack"][-1]["kind"] == "turn")
    assert g.view("rev1")["turn"]["actions_left"] == 5


def test_h36_tank_not_placed_if_4_active_fighters_in_corvin_passage():
    """H#36: if there are 4 active fighters in Corvin Passage, the tank may not be placed (the extra action still is)."""
    g = game(2, seed=5)
    locs = g.s["locations"]
    spare = []
    for loc in ("astoria", "blaha"):
        spare += [locs[loc]["inactive"]] + locs[loc]["facedown"]
        locs[loc]["inactive"], locs[loc]["facedown"] = None, []
    locs["corvin"]["active"] = spare
    with_hand(g, ["h36"])
    play(g, "h36", "cp")
    assert g.view("rev1")["locations"]["corvin"]["revolutionary_tanks"] == []
    assert g.view("rev1")["rev_tank_supply"] == 3
    choose_player(g, "rev2", "rev1")
    assert g.s["today"]["extra_actions"] == {"rev1": 1}


def test_event_anywhere_with_a_sniper_needs_an_empty_location_with_a_sniper():
    """E#17 (Anywhere with a sniper): placed only in an empty location with a sniper; it cannot be placed with no sniper on the board."""
    g = with_market(game(2), ["e17", "e24", "e05", "e06", "e07", "e09"])  # SPA resupplies, base 4 (R104)
    done(g)
    with_cp(g, 4)
    act(g, SOVIET, "buy_event", slot=0)
    assert {a["location"] for a in of_type(g, SOVIET, "place")} == {"kossuth", "radio", "hwpp"}
    g = with_market(game(2), ["e17", "e24", "e05", "e06", "e07", "e09"])
    for loc in g.s["locations"].values():
        loc["snipers"] = 0
    done(refresh(g))
    with_cp(g, 4)
    assert 0 not in buyable(g)

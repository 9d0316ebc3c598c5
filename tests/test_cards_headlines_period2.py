"""Appendix A: period 2 headlines, as a player sees them.

Staging helpers: tests/staging_headlines.py."""
from __future__ import annotations

from tests.staging_headlines import (
    SOVIET,
    clear_hits,
    give_active,
    give_rev_tank,
    in_headline_step,
    loc_view,
    locations_offered,
    new_log,
    pick_location,
    play,
    set_hand,
    to_turn_of,
)
from tests.support import act, choose, choose_player, game, log_texts, of_type, pass_through, refresh, top


# ===== Period 2 ====================================================================================
def test_h12_curfew_chosen_player_has_one_less_action_today_and_it_lapses():
    """H#12: the Soviet chooses a Revolutionary who has one less action this day (lapsing)."""
    g = game(2)
    play(g, "h12")
    assert sorted(a["seat"] for a in of_type(g, SOVIET, "choose_player")) == ["rev1", "rev2"]
    choose_player(g, SOVIET, "rev2")
    assert g.s["today"]["fewer_actions"] == {"rev2": 1}
    assert "rev2 has one less action today (Curfew)." in log_texts(g, "rev1")
    assert g.view("rev1")["morale"] == 2  # H#10 not resolved: no morale shift
    assert [c["id"] for c in g.view("rev1")["lapsing"]] == ["h12"]
    to_turn_of(g, "rev2")
    assert g.view("rev2")["turn"] == {"seat": "rev2", "actions_left": 1, "free_move": True}
    pass_through(g, lambda x: x.s["day"] == 2)
    assert g.s["today"]["fewer_actions"] == {}


def test_h13_news_blockade_in_romania_tanks_fire_where_an_uninjured_player_stands():
    """H#13: tanks fire (through barricades) only where a Revolutionary with no injuries stands."""
    g = game(2)
    g.s["locations"]["university"]["soviet_tanks"] = 2
    g.s["locations"]["university"]["barricades"] = 1
    g.s["locations"]["bem"]["soviet_tanks"] = 2
    g.s["injuries"]["rev2"] = 1
    refresh(g)
    play(g, "h13")
    texts = log_texts(g, "rev1")
    assert any(t.startswith("Soviet tanks in University of Technology fire (News blockade in Romania)") for t in texts)
    assert not any(t.startswith("Soviet tanks in Bem Statue fire") for t in texts)
    clear_hits(g)
    assert in_headline_step(g)


def test_h14_organizing_workers_militia_two_snipers_on_different_events():
    """H#14 aligned with Appendix D's Z#12 of the same title (R40): both snipers are placed, each
    on a different event; market events are not on the board."""
    g = game(2)
    play(g, "h14")
    assert locations_offered(g, SOVIET) == ["bem", "corvin", "university"]
    assert {"type": "done"} not in g.legal_actions(SOVIET)
    pick_location(g, SOVIET, "bem")
    assert locations_offered(g, SOVIET) == ["corvin", "university"]
    pick_location(g, SOVIET, "corvin")
    assert loc_view(g, "bem")["snipers"] == 1 and loc_view(g, "corvin")["snipers"] == 1
    assert in_headline_step(g)


def test_h14_organizing_workers_militia_one_event_both_snipers_there_no_event_anywhere():
    """Z#12: "If there is only one event on the board, place both snipers on that location. If
    there are no events on the board, place the snipers anywhere." """
    g = game(2)
    for loc in ("bem", "corvin"):
        g.s["locations"][loc]["event"] = None
    refresh(g)
    play(g, "h14")  # one event: both snipers go there without a choice
    assert loc_view(g, "university")["snipers"] == 2 and in_headline_step(g)
    g2 = game(2)
    for loc in g2.s["locations"].values():
        loc["event"] = None
    play(g2, "h14")
    assert len(locations_offered(g2, SOVIET)) == 11  # no event on the board: anywhere
    pick_location(g2, SOVIET, "astoria")
    pick_location(g2, SOVIET, "astoria")
    assert loc_view(g2, "astoria")["snipers"] == 2 and in_headline_step(g2)


def test_h15_march_of_the_bloodied_flag_draws_one_per_active_fighter_at_most_3():
    """H#15: the chosen player draws a card per active fighter in their location (revolutionary
    tanks count), at most 3."""
    g = game(2)
    give_active(g, "bem", 3)
    give_rev_tank(g, "bem")
    play(g, "h15", "cp")
    choose_player(g, "rev1", "rev2")
    assert g.view("rev1")["hands"]["rev2"] == 8
    assert "rev2 draws 3 card(s) (March of the Bloodied Flag)." in log_texts(g, "rev1")
    g2 = game(2)
    give_rev_tank(g2, "bem")
    play(g2, "h15", "cp")
    choose_player(g2, "rev2", "rev2")
    assert g2.view("rev1")["hands"]["rev2"] == 6  # the revolutionary tank counts


def test_h16_soviets_stationed_at_the_parliament_tank_and_sniper_on_kossuth():
    """H#16: a Soviet tank and a sniper on Kossuth Square; without H#9 nothing more."""
    g = game(2)
    play(g, "h16")
    v = loc_view(g, "kossuth")
    assert v["soviet_tanks"] == 2 and v["snipers"] == 2
    assert in_headline_step(g)


def test_h17_sympathetic_soviets_team_removes_up_to_one_tank_without_morale_shift():
    """H#17: the team removes up to one Soviet tank anywhere; removed, not destroyed."""
    g = game(2)
    play(g, "h17", "cp")
    assert locations_offered(g, "rev1") == ["kossuth", "radio"]
    assert {"type": "done"} in g.legal_actions("rev2")
    pick_location(g, "rev2", "radio")
    v = g.view("soviet")
    assert v["locations"]["radio"]["soviet_tanks"] == 0 and v["morale"] == 2
    assert any("not destroyed" in t for t in log_texts(g, "rev1"))


def test_h18_retake_the_radio_tank_placed_and_fires_through_barricade_not_without_target():
    """H#18: a tank on the Radio; the tanks there fire even with a barricade, but not with no target."""
    g = game(2)
    play(g, "h18")
    assert loc_view(g, "radio")["soviet_tanks"] == 2
    assert "The Soviet tanks in Radio have nothing to fire at." in log_texts(g, "rev1")
    assert in_headline_step(g)
    g2 = game(2)
    g2.s["locations"]["radio"]["barricades"] = 1
    refresh(g2)
    play(g2, "h18")
    assert any(t.startswith("Soviet tanks in Radio fire (Retake the Radio)") for t in log_texts(g2, "rev1"))
    clear_hits(g2)
    assert in_headline_step(g2)


def test_h19_soviet_units_confused_one_militia_per_location_with_tanks():
    """H#19: one militia from every location with a Soviet tank, only one even with several tanks."""
    g = game(2)
    g.s["locations"]["kossuth"]["soviet_tanks"] = 3
    g.s["locations"]["kossuth"]["militia"] = 3
    g.s["locations"]["csepel"]["soviet_tanks"] = 1
    play(g, "h19", "cp")
    v = g.view("rev1")["locations"]
    assert v["kossuth"]["militia"] == 2 and v["csepel"]["militia"] == 0
    assert v["stalin"]["militia"] == 2 and v["szena"]["militia"] == 1  # no tanks there


def test_h20_pal_maleter_expels_civilians_only_active_fighters_leave_corvin():
    """H#20: every active fighter leaves Corvin Passage despite a barricade; inactive fighters,
    revolutionary tanks and barricades stay."""
    g = game(2)
    gone = give_active(g, "corvin", 2)
    give_rev_tank(g, "corvin")
    g.s["locations"]["corvin"]["barricades"] = 1
    inactive = g.s["locations"]["corvin"]["inactive"]
    play(g, "h20")
    v = loc_view(g, "corvin")
    assert [f["id"] for f in v["fighters"]] == [inactive]
    assert [t["id"] for t in v["revolutionary_tanks"]] == ["rt_t34"] and v["barricades"] == 1
    assert sorted(f["id"] for f in g.view("rev1")["fighters_removed"]) == sorted(gone)


def test_h21_polish_aid_chosen_player_draws_2():
    """H#21: one Revolutionary (team's choice) draws 2; without H#8 nothing more."""
    g = game(2)
    play(g, "h21", "cp")
    choose_player(g, "rev1", "rev2")
    assert g.view("rev2")["hands"]["rev2"] == 7
    assert in_headline_step(g)


def test_h22_john_dulles_calls_un_security_council_shifts_morale_toward_the_hungarian_end():
    g = game(2)
    play(g, "h22", "cp")
    assert g.view("rev1")["morale"] == 3
    assert any(t.startswith("Morale shifts toward the Hungarian end") for t in log_texts(g, "rev1"))


def test_h23_authorities_open_fire_on_the_crowd_hit_can_fall_on_a_fighter():
    """H#23: same text as H#4; the Revolutionaries there choose what the hit removes."""
    g = game(2)
    fid = give_active(g, "university", 1)[0]
    play(g, "h23")
    pick_location(g, SOVIET, "university")
    act(g, "rev1", "hit", target="fighter", fighter=fid)
    assert fid in [f["id"] for f in g.view("rev1")["fighters_removed"]]
    assert in_headline_step(g)


def test_h24_offer_of_amnesty_move_every_tank_toward_the_nearest_event():
    """H#24: "or": the Soviet chooses; moving: each tank one step toward the nearest event; tanks on
    an event or behind a barricade stay."""
    g = game(2)
    g.s["locations"]["csepel"]["soviet_tanks"] = 1
    g.s["locations"]["csepel"]["barricades"] = 1
    g.s["locations"]["corvin"]["soviet_tanks"] = 1
    give_active(g, "astoria", 1)
    play(g, "h24")
    opts = [a["option"] for a in of_type(g, SOVIET, "choose")]
    assert opts == ["remove_fighter", "move_tanks"]
    choose(g, SOVIET, "move_tanks")
    v = g.view("rev1")["locations"]
    # Kossuth -> Bem Statue (event next door); Radio -> Corvin Passage (event next door).
    assert v["kossuth"]["soviet_tanks"] == 0 and v["bem"]["soviet_tanks"] == 1
    assert v["radio"]["soviet_tanks"] == 0 and v["corvin"]["soviet_tanks"] == 2
    assert v["csepel"]["soviet_tanks"] == 1  # barricade
    assert in_headline_step(g)


def test_h24_offer_of_amnesty_remove_a_fighter_revolutionary_tanks_count():
    g = game(2)
    give_rev_tank(g, "astoria", "rt_t55")
    fid = give_active(g, "blaha", 1)[0]
    play(g, "h24")
    choose(g, SOVIET, "remove_fighter")
    assert sorted(a["fighter"] for a in of_type(g, SOVIET, "choose_fighter")) == sorted(["rt_t55", fid])
    act(g, SOVIET, "choose_fighter", fighter="rt_t55", location="astoria")
    assert in_headline_step(g)
    assert loc_view(g, "astoria")["revolutionary_tanks"] == []
    assert "rt_t55" in g.s["rev_tanks_destroyed"]


def test_h25_local_party_leader_shot_icon_named_first_then_hands_revealed_and_discarded():
    """H#25: the icon is named before the hands are revealed (any of the 6 icons); each
    Revolutionary discards every card showing it, in public."""
    g = game(2)
    set_hand(g, "rev1", ["rc_molotov_1", "rc_molotov_crate_1", "rc_food_1"])
    set_hand(g, "rev2", ["rc_aid_1", "rc_ammunition_1"])
    since = len(g.s["log"])
    play(g, "h25")
    assert sorted(a["option"] for a in of_type(g, SOVIET, "choose")) == sorted(
        ["information", "medical", "molotov", "food", "ammunition", "vehicle"])
    assert not any("reveals their hand (" in t for t in new_log(g, since, SOVIET))  # nothing revealed yet
    choose(g, SOVIET, "food")
    v = g.view("soviet")
    assert v["hands"]["rev1"] == 2 and v["hands"]["rev2"] == 1
    texts = new_log(g, since, SOVIET)
    assert "Local Party leader shot: the Soviet commander names food." in texts
    assert ("rev1 reveals their hand (Molotov cocktail, Molotov crate, Food) and discards Food." in texts)
    assert "rev2 reveals their hand (Aid, Ammunition) and discards Aid." in texts  # Aid shows food
    assert sorted(c["name"] for c in v["rev_discard"]) == ["Aid", "Food"]


def test_h26_radio_free_europe_morale_and_a_card_for_players_with_an_active_fighter():
    """H#26: morale toward the Hungarian end, then each player with an active fighter (revolutionary
    tanks count) in their location draws one card."""
    g = game(3)
    give_rev_tank(g, "bem")
    give_active(g, "corvin", 1)
    play(g, "h26", "cp")
    v = g.view("rev1")
    assert v["morale"] == 3
    assert v["hands"]["rev1"] == 5 and v["hands"]["rev2"] == 6 and v["hands"]["rev3"] == 6


def test_h27_fighters_with_heavy_weaponry_extra_molotov_for_resolve_and_destroy_today():
    """H#27 (lapsing): every Resolve an event and Destroy a tank action collects one more molotov today."""
    g = game(1)
    play(g, "h27", "cp")
    assert g.s["today"]["bonus"] == [{"icon": "molotov", "actions": ["resolve_event", "destroy_tank"],
                                      "source": "h27"}]
    assert [c["id"] for c in g.view("rev1")["lapsing"]] == ["h27"]
    pass_through(g, lambda x: top(x)["kind"] == "turn")
    g.s["locations"]["university"]["soviet_tanks"] = 1
    set_hand(g, "rev1", ["rc_molotov_1", "rc_molotov_2"])  # 2 molotovs + 1 bonus = 3
    assert of_type(g, "rev1", "destroy_tank")
    pass_through(g, lambda x: x.s["day"] == 2)
    assert g.s["today"]["bonus"] == []


def test_h28_cia_asset_in_budapest_shifts_morale_toward_the_soviet_end():
    """H#28 without H#1 or H#29 resolved: only the morale shift."""
    g = game(2)
    play(g, "h28")
    v = g.view("rev1")
    assert v["morale"] == 1 and v["support_index"] == 3


def test_h29_popular_support_second_copy_shifts_support_and_marks():
    g = game(2)
    play(g, "h29", "cp")
    v = g.view("rev1")
    assert v["support_index"] == 2 and [m["id"] for m in v["marks"]] == ["h29"]


def test_h30_bloodbath_in_the_countryside_places_a_soviet_tank_on_an_event_without_h05():
    """H#30 aligned with Appendix D's Z#8 of the same title: a Soviet tank on an event (in any
    location with no event on the board); without H#5 no fighter is removed."""
    g = game(2)
    give_active(g, "bem", 1)
    play(g, "h30")
    assert locations_offered(g, SOVIET) == ["bem", "corvin", "university"]
    pick_location(g, SOVIET, "corvin")
    v = g.view("rev1")
    assert v["locations"]["corvin"]["soviet_tanks"] == 1 and v["morale"] == 2
    assert in_headline_step(g)  # no fighter removed without H#5
    g2 = game(2)
    for loc in g2.s["locations"].values():
        loc["event"] = None
    refresh(g2)
    play(g2, "h30")
    assert len(locations_offered(g2, SOVIET)) == 11


def test_h31_hungarian_army_units_join_random_tank_in_corvin_unless_4_active_there():
    """H#31: a random revolutionary tank in Corvin Passage; not with 4 active fighters there."""
    g = game(2)
    play(g, "h31", "cp")
    assert len(loc_view(g, "corvin")["revolutionary_tanks"]) == 1
    g2 = game(2)
    give_active(g2, "corvin", 4)
    play(g2, "h31", "cp")
    assert loc_view(g2, "corvin")["revolutionary_tanks"] == []
    assert any("already has 4 active fighters" in t for t in log_texts(g2, "rev1"))


def test_h31_hungarian_army_units_join_revolutionary_tanks_count_towards_the_5_active_fighters():
    """Appendix A, H#31: "All revolutionary tanks on the board (including the new one in Corvin
    Passage) count towards the 5 active fighters": with 3 active fighters and 1 revolutionary tank
    on the board, the new tank makes 5 and morale shifts toward the Hungarian end; with one fighter
    fewer it does not."""
    g = game(2)
    give_active(g, "astoria", 3)
    give_rev_tank(g, "radio", "rt_t55")
    morale = g.s["morale"]
    play(g, "h31", "cp")
    assert len(loc_view(g, "corvin")["revolutionary_tanks"]) == 1
    assert g.view("rev1")["morale"] == morale + 1
    g2 = game(2)
    give_active(g2, "astoria", 2)
    give_rev_tank(g2, "radio", "rt_t55")
    play(g2, "h31", "cp")
    assert g2.view("rev1")["morale"] == morale
    assert any("only 4 active fighter(s)" in t for t in log_texts(g2, "rev1"))

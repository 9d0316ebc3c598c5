"""Appendix A: period 1 headlines, as a player sees them.

Staging helpers: tests/staging_headlines.py."""
from __future__ import annotations

from tests.staging_headlines import (
    SOVIET,
    clear_hits,
    fill_hand,
    give_active,
    give_rev_tank,
    hit_injury,
    in_headline_step,
    loc_view,
    locations_offered,
    pick_location,
    play,
    set_hand,
)
from tests.support import act, choose, choose_player, game, log_texts, of_type


# ===== Period 1 ====================================================================================
def test_h01_popular_support_shifts_support_toward_the_hungarian_end_and_marks():
    """H#1: shift support toward the Hungarian end; the card is marked (it modifies H#28)."""
    g = game(2)
    play(g, "h01", "cp")
    v = g.view("rev1")
    assert v["support_index"] == 2 and v["soviet_hand_limit"] == 4 and v["cp"] == 3
    assert [m["id"] for m in v["marks"]] == ["h01"]
    assert any(t.startswith("Support shifts toward the Hungarian end") for t in log_texts(g, "rev1"))


def test_h02_national_song_read_at_bem_statue_team_activates_one_of_three_fighters():
    """H#2: the team activates the inactive fighter at Bem Statue, Kossuth Square or Stalin Square."""
    g = game(2)
    fighter = g.s["locations"]["stalin"]["inactive"]
    play(g, "h02", "cp")
    assert sorted(g.active_seats()) == ["rev1", "rev2"]  # a team choice
    assert locations_offered(g, "rev2") == ["bem", "kossuth", "stalin"]
    pick_location(g, "rev2", "stalin")
    v = loc_view(g, "stalin")
    assert [f["id"] for f in v["fighters"] if f["active"]] == [fighter]
    assert v["facedown"] == 0  # the next tile was revealed as the new inactive fighter
    assert any("is activated in Stalin Square" in t for t in log_texts(g, "rev1"))
    assert in_headline_step(g)


def test_h02_national_song_read_at_bem_statue_does_nothing_without_an_inactive_fighter():
    """H#2 (Appendix A): no inactive fighter at any of the three locations: do nothing. A location
    with 4 active fighters cannot activate one either."""
    g = game(2)
    for loc in ("bem", "stalin"):
        g.s["locations"][loc]["facedown"].append(g.s["locations"][loc]["inactive"])
        g.s["locations"][loc]["inactive"] = None
    give_active(g, "kossuth", 4)
    play(g, "h02", "cp")
    assert in_headline_step(g)
    assert any("nothing happens" in t for t in log_texts(g, "rev1"))
    assert loc_view(g, "kossuth")["fighters"][-1]["active"] is False


def test_h03_peter_veres_reads_manifesto_each_player_moves_free_with_up_to_3_fighters_or_stays():
    """H#3: each Revolutionary may take one free step with up to 3 active fighters (revolutionary
    tanks included, Appendix A), or stay in place."""
    g = game(2)
    fighters = give_active(g, "university", 3)
    give_rev_tank(g, "university")
    hand_before = list(g.s["hands"]["rev1"])
    play(g, "h03", "cp")
    assert g.active_seats() == ["rev1"]
    offered = of_type(g, "rev1", "choose_location")
    assert sorted(a["location"] for a in offered) == ["astoria", "bem", "csepel", "szena"]
    assert {"type": "choose", "option": "stay"} in g.legal_actions("rev1")
    pick_location(g, "rev1", "astoria")
    for fid in ["rt_t34", fighters[0], fighters[1]]:
        act(g, "rev1", "take_fighter", fighter=fid)
    assert not of_type(g, "rev1", "take_fighter")  # at most 3 fighters
    assert not of_type(g, "rev1", "discard")  # the step is free
    act(g, "rev1", "done")
    v = g.view("rev2")
    assert v["positions"]["rev1"] == "astoria"
    assert g.s["hands"]["rev1"] == hand_before
    assert [t["id"] for t in v["locations"]["astoria"]["revolutionary_tanks"]] == ["rt_t34"]
    assert len([f for f in v["locations"]["astoria"]["fighters"] if f["active"]]) == 2
    assert g.active_seats() == ["rev2"]
    choose(g, "rev2", "stay")
    assert g.view("rev2")["positions"]["rev2"] == "bem"
    assert "rev2 stays in Bem Statue (Péter Veres reads Manifesto)." in log_texts(g, "rev1")
    assert in_headline_step(g)


def test_h03_peter_veres_reads_manifesto_4_active_fighter_limit_applies():
    """H#3: the 4-active-fighter limit applies at the destination."""
    g = game(1)
    give_active(g, "university", 3)
    give_active(g, "astoria", 3)
    play(g, "h03", "cp")
    pick_location(g, "rev1", "astoria")
    first = of_type(g, "rev1", "take_fighter")[0]
    g.apply("rev1", first)
    assert not of_type(g, "rev1", "take_fighter")


def test_h04_authorities_open_fire_on_the_crowd_one_hit_where_a_player_stands_despite_barricade():
    """H#4: the Soviet chooses a location with a Revolutionary and deals 1 hit there, even with a barricade."""
    g = game(2)
    g.s["locations"]["bem"]["barricades"] = 1
    play(g, "h04")
    assert locations_offered(g, SOVIET) == ["bem", "university"]
    pick_location(g, SOVIET, "bem")
    assert g.active_seats() == ["rev2"]  # the player there decides the hit
    hits = of_type(g, "rev2", "hit")
    assert {"type": "hit", "target": "injury", "seat": "rev2"} in hits
    assert {"type": "hit", "target": "barricade"} in hits
    hit_injury(g, "rev2", "rev2")
    assert g.view("rev1")["injuries"]["rev2"] == 1
    assert in_headline_step(g)


def test_h05_erno_gero_requests_intervention_tank_on_an_event_fires_through_barricade():
    """H#5: a Soviet tank in a location with an event; every tank there fires even with a barricade."""
    g = game(2)
    g.s["locations"]["bem"]["barricades"] = 1
    g.s["locations"]["bem"]["soviet_tanks"] = 1
    play(g, "h05")
    assert locations_offered(g, SOVIET) == ["bem", "corvin", "university"]  # market events never count
    pick_location(g, SOVIET, "bem")
    assert loc_view(g, "bem")["soviet_tanks"] == 2
    assert any(t.startswith("Soviet tanks in Bem Statue fire (Ernő Gerő requests intervention): ")
               for t in log_texts(g, "rev1"))
    clear_hits(g)
    assert in_headline_step(g)
    assert "h05" in g.s["marks"]


def test_h05_erno_gero_requests_intervention_no_event_on_the_board_tank_in_any_location():
    """H#5 aligned with Appendix D's Z#11 of the same title: "If there are no events on the board
    place the Soviet tank in any location"; the tanks there then fire."""
    g = game(2)
    for loc in g.s["locations"].values():
        loc["event"] = None
    play(g, "h05")
    assert len(locations_offered(g, SOVIET)) == 11
    pick_location(g, SOVIET, "astoria")
    assert loc_view(g, "astoria")["soviet_tanks"] == 1
    clear_hits(g)
    assert in_headline_step(g)


def test_h06_antal_apro_orders_arrest_sniper_on_an_event_only_on_the_board():
    """H#6: a sniper in a location with an event; market events are not on the board."""
    g = game(2)
    play(g, "h06")
    assert locations_offered(g, SOVIET) == ["bem", "corvin", "university"]
    pick_location(g, SOVIET, "corvin")
    assert loc_view(g, "corvin")["snipers"] == 1
    g2 = game(2)
    for loc in g2.s["locations"].values():
        loc["event"] = None
    play(g2, "h06")
    assert in_headline_step(g2) and g2.s["locations"]["corvin"]["snipers"] == 0
    assert any("no event is on the board" in t for t in log_texts(g2, "rev1"))


def test_h07_imre_nagy_appointed_a_player_with_8_or_fewer_cards_draws_2():
    """H#7: one Revolutionary with 8 or fewer cards (team's choice) draws 2."""
    g = game(3)
    fill_hand(g, "rev2", 9)
    play(g, "h07", "cp")
    assert sorted(a["seat"] for a in of_type(g, "rev2", "choose_player")) == ["rev1", "rev3"]
    choose_player(g, "rev2", "rev3")
    v = g.view("rev3")
    assert v["hands"]["rev3"] == 7 and v["hands"]["rev1"] == 5
    assert "rev3 draws 2 card(s) (Imre Nagy appointed)." in log_texts(g, "rev1")
    assert log_texts(g, "rev3")[-1].startswith("You draw ")


def test_h07_imre_nagy_appointed_all_players_with_9_or_10_cards_nothing_happens():
    g = game(2)
    fill_hand(g, "rev1", 9)
    fill_hand(g, "rev2", 10)
    play(g, "h07", "cp")
    assert in_headline_step(g)
    assert g.view("rev1")["hands"] == {"soviet": 3, "rev1": 9, "rev2": 10}
    assert any("nothing happens" in t for t in log_texts(g, "rev1"))


def test_h08_protests_in_poland_each_player_draws_one_never_above_the_hand_limit():
    """H#8: each Revolutionary draws a card; a card above the hand limit cannot be drawn; marked."""
    g = game(2)
    fill_hand(g, "rev1", 10)
    play(g, "h08", "cp")
    v = g.view("rev2")
    assert v["hands"]["rev1"] == 10 and v["hands"]["rev2"] == 6
    assert "rev1 draws no card (Protests in Poland)." in log_texts(g, "rev1")
    assert [m["id"] for m in v["marks"]] == ["h08"]


def test_h09_georgy_zhukov_orders_entry_two_tanks_on_events():
    """H#9: 2 Soviet tanks on events, both in one location or one each in two; marked."""
    g = game(2)
    play(g, "h09")
    assert locations_offered(g, SOVIET) == ["bem", "corvin", "university"]
    pick_location(g, SOVIET, "corvin")
    assert locations_offered(g, SOVIET) == ["bem", "corvin", "university"]
    pick_location(g, SOVIET, "corvin")
    assert loc_view(g, "corvin")["soviet_tanks"] == 2
    assert "h09" in g.s["marks"] and in_headline_step(g)


def test_h09_georgy_zhukov_orders_entry_no_event_two_different_locations_and_the_tank_cap():
    g = game(2)
    for loc in g.s["locations"].values():
        loc["event"] = None
    play(g, "h09")
    assert len(locations_offered(g, SOVIET)) == 11
    pick_location(g, SOVIET, "astoria")
    assert "astoria" not in locations_offered(g, SOVIET)
    pick_location(g, SOVIET, "blaha")
    assert loc_view(g, "astoria")["soviet_tanks"] == 1 and loc_view(g, "blaha")["soviet_tanks"] == 1
    g2 = game(2)
    g2.s["locations"]["csepel"]["soviet_tanks"] = 6  # 8 on the board with Kossuth and Radio
    play(g2, "h09")
    assert in_headline_step(g2)
    assert "No Soviet tank is left in the supply to place." in log_texts(g2, "rev1")


def test_h10_first_speech_of_imre_nagy_each_player_discards_one_of_their_choice():
    """H#10: each Revolutionary discards one card of their choice; an empty hand is unaffected."""
    g = game(3)
    set_hand(g, "rev3", [])
    play(g, "h10")
    assert g.active_seats() == ["rev1"]
    card = g.s["hands"]["rev1"][2]
    assert sorted(a["card"] for a in of_type(g, "rev1", "discard")) == sorted(g.s["hands"]["rev1"])
    act(g, "rev1", "discard", card=card)
    assert g.active_seats() == ["rev2"]
    act(g, "rev2", "discard", card=g.s["hands"]["rev2"][0])
    v = g.view("rev3")
    assert v["hands"] == {"soviet": 3, "rev1": 4, "rev2": 4, "rev3": 0}
    assert len(v["rev_discard"]) == 2
    assert "rev3 has no card to discard (First speech of Imre Nagy)." in log_texts(g, "rev1")
    assert "h10" in g.s["marks"] and in_headline_step(g)


def test_h11_crowd_burns_propaganda_shifts_support_toward_the_soviet_end():
    g = game(2)
    play(g, "h11")
    assert g.view("rev1")["support_index"] == 4
    assert in_headline_step(g)

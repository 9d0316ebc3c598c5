"""Appendix A: the text effects of the 42 headline cards (H#1-H#42) and their mark interactions.

Each test plays the card from the Soviet hand the way the table does (red: "resolve", executed by
the Soviet commander; green: "cp", executed by the Revolutionaries) and checks what the players
see: views, legal actions and the log."""
from __future__ import annotations

from engine.cards import HEADLINE
from tests.support import act, game, of_type, pass_through, refresh, top

SOVIET = "soviet"


# ----- staging helpers ----------------------------------------------------------------------------
def with_hand(g, cards):
    """Swap the given headlines into the Soviet hand: each is taken out of its deck and an old hand
    card goes back into that deck in its place."""
    s = g.s
    hand = s["headline_hand"]
    for card in cards:
        if card in hand:
            continue
        deck = s["headline_decks"][str(HEADLINE[card]["period"])]
        old = next(c for c in hand if c not in cards)
        i = deck.index(card)
        deck[i] = old
        hand[hand.index(old)] = card
    return refresh(g)


def play(g, card, mode=None):
    mode = mode or ("resolve" if HEADLINE[card]["colour"] == "red" else "cp")
    with_hand(g, [card])
    act(g, SOVIET, "play_headline", card=card, mode=mode)


def pick_location(g, seat, loc):
    act(g, seat, "choose_location", location=loc)


def pick_player(g, by, who):
    g.apply(by, {"type": "choose_player", "seat": who})


def pick(g, by, option, **fields):
    g.apply(by, {"type": "choose", "option": option, **fields})


def hit_injury(g, by, who):
    g.apply(by, {"type": "hit", "target": "injury", "seat": who})


def locations_offered(g, seat):
    return sorted(a["location"] for a in of_type(g, seat, "choose_location"))


def log_texts(g, seat="rev1"):
    return [e["text"] for e in g.view(seat)["log"]]


def new_log(g, since, seat="rev1"):
    return [e["text"] for e in g.view(seat)["log"] if e["n"] >= since]


def loc_view(g, loc, seat="rev1"):
    return g.view(seat)["locations"][loc]


def in_headline_step(g):
    """The card is fully dealt with: the Soviet may play the next headline or end the step."""
    return top(g)["kind"] == "headline" and g.active_seats() == [SOVIET]


def take_spare_fighters(g, n, avoid=()):
    """Take n fighter tiles from face-down stacks elsewhere (they stay accounted for)."""
    out = []
    for loc, here in g.s["locations"].items():
        if loc in avoid:
            continue
        while here["facedown"] and len(out) < n:
            out.append(here["facedown"].pop())
    assert len(out) == n
    return out


def give_active(g, loc, n):
    fighters = take_spare_fighters(g, n, avoid=(loc,))
    g.s["locations"][loc]["active"].extend(fighters)
    refresh(g)
    return fighters


def give_rev_tank(g, loc, tank="rt_t34"):
    g.s["rev_tank_supply"].remove(tank)
    g.s["locations"][loc]["active"].append(tank)
    refresh(g)


def set_hand(g, seat, cards):
    """Give `seat` exactly these revolutionary cards (taken from wherever they are)."""
    s = g.s
    for c in s["hands"][seat]:
        s["rev_deck"].insert(0, c)
    s["hands"][seat] = []
    for c in cards:
        for pile in [s["rev_deck"], s["rev_discard"]] + list(s["hands"].values()):
            if c in pile:
                pile.remove(c)
        s["hands"][seat].append(c)
    refresh(g)


def fill_hand(g, seat, n):
    s = g.s
    while len(s["hands"][seat]) < n:
        s["hands"][seat].append(s["rev_deck"].pop())
    while len(s["hands"][seat]) > n:
        s["rev_deck"].insert(0, s["hands"][seat].pop())
    refresh(g)


def clear_hits(g):
    """Take every pending hit on the first option offered (an injury, a fighter or a barricade)."""
    while g.result is None and top(g)["kind"] == "hits":
        seat = g.active_seats()[0]
        g.apply(seat, of_type(g, seat, "hit")[0])


def to_turn_of(g, seat):
    """Advance to the Revolutionary turns with `seat` going first."""
    pass_through(g, lambda x: top(x)["kind"] == "turn_order")
    if of_type(g, "rev1", "choose_next"):
        g.apply("rev1", {"type": "choose_next", "seat": seat})
    pass_through(g, lambda x: top(x)["kind"] == "turn")
    return g


# ===== Period 1 ====================================================================================
def test_h01_popular_support_shifts_support_toward_the_hungarian_end_and_marks():
    """H#1: shift support toward the Hungarian end; the card is marked (it modifies H#28)."""
    g = game(2)
    play(g, "h01", "cp")
    v = g.view("rev1")
    assert v["support"] == 2 and v["soviet_hand_limit"] == 4 and v["cp"] == 3
    assert [m["id"] for m in v["marks"]] == ["h01"]
    assert any(t.startswith("Support shifts toward the Hungarian end") for t in log_texts(g))


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
    assert any("is activated in Stalin Square" in t for t in log_texts(g))
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
    assert any("nothing happens" in t for t in log_texts(g))
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
    pick(g, "rev2", "stay")
    assert g.view("rev2")["positions"]["rev2"] == "bem"
    assert "rev2 stays in Bem Statue (Péter Veres reads Manifesto)." in log_texts(g)
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
               for t in log_texts(g))
    clear_hits(g)
    assert in_headline_step(g)
    assert "h05" in g.s["marks"]


def test_h05_erno_gero_requests_intervention_no_event_on_the_board_does_nothing():
    g = game(2)
    for loc in g.s["locations"].values():
        loc["event"] = None
    play(g, "h05")
    assert in_headline_step(g)
    assert any("no event is on the board" in t for t in log_texts(g))


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
    assert any("no event is on the board" in t for t in log_texts(g2))


def test_h07_imre_nagy_appointed_a_player_with_8_or_fewer_cards_draws_2():
    """H#7: one Revolutionary with 8 or fewer cards (team's choice) draws 2."""
    g = game(3)
    fill_hand(g, "rev2", 9)
    play(g, "h07", "cp")
    assert sorted(a["seat"] for a in of_type(g, "rev2", "choose_player")) == ["rev1", "rev3"]
    pick_player(g, "rev2", "rev3")
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
    assert any("nothing happens" in t for t in log_texts(g))


def test_h08_protests_in_poland_each_player_draws_one_never_above_the_hand_limit():
    """H#8: each Revolutionary draws a card; a card above the hand limit cannot be drawn; marked."""
    g = game(2)
    fill_hand(g, "rev1", 10)
    play(g, "h08", "cp")
    v = g.view("rev2")
    assert v["hands"]["rev1"] == 10 and v["hands"]["rev2"] == 6
    assert "rev1 draws no card (Protests in Poland)." in log_texts(g)
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
    assert "No Soviet tank is left in the supply to place." in log_texts(g2)


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
    assert "rev3 has no card to discard (First speech of Imre Nagy)." in log_texts(g)
    assert "h10" in g.s["marks"] and in_headline_step(g)


def test_h11_crowd_burns_propaganda_shifts_support_toward_the_soviet_end():
    g = game(2)
    play(g, "h11")
    assert g.view("rev1")["support"] == 4
    assert in_headline_step(g)


# ===== Period 2 ====================================================================================
def test_h12_curfew_chosen_player_has_one_less_action_today_and_it_lapses():
    """H#12: the Soviet chooses a Revolutionary who has one less action this day (lapsing)."""
    g = game(2)
    play(g, "h12")
    assert sorted(a["seat"] for a in of_type(g, SOVIET, "choose_player")) == ["rev1", "rev2"]
    pick_player(g, SOVIET, "rev2")
    assert g.s["today"]["fewer_actions"] == {"rev2": 1}
    assert "rev2 has one less action today (Curfew)." in log_texts(g)
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
    texts = log_texts(g)
    assert any(t.startswith("Soviet tanks in University of Technology fire (News blockade in Romania)") for t in texts)
    assert not any(t.startswith("Soviet tanks in Bem Statue fire") for t in texts)
    clear_hits(g)
    assert in_headline_step(g)


def test_h14_organizing_workers_militia_up_to_two_snipers_on_events():
    """H#14: up to 2 snipers in locations with an event; the Soviet may stop after one."""
    g = game(2)
    play(g, "h14")
    assert locations_offered(g, SOVIET) == ["bem", "corvin", "university"]
    assert {"type": "done"} in g.legal_actions(SOVIET)
    pick_location(g, SOVIET, "bem")
    act(g, SOVIET, "done")
    assert loc_view(g, "bem")["snipers"] == 1 and in_headline_step(g)
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
    pick_player(g, "rev1", "rev2")
    assert g.view("rev1")["hands"]["rev2"] == 8
    assert "rev2 draws 3 card(s) (March of the Bloodied Flag)." in log_texts(g)
    g2 = game(2)
    give_rev_tank(g2, "bem")
    play(g2, "h15", "cp")
    pick_player(g2, "rev2", "rev2")
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
    assert any("not destroyed" in t for t in log_texts(g))


def test_h18_retake_the_radio_tank_placed_and_fires_through_barricade_not_without_target():
    """H#18: a tank on the Radio; the tanks there fire even with a barricade, but not with no target."""
    g = game(2)
    play(g, "h18")
    assert loc_view(g, "radio")["soviet_tanks"] == 2
    assert "The Soviet tanks in Radio have nothing to fire at." in log_texts(g)
    assert in_headline_step(g)
    g2 = game(2)
    g2.s["locations"]["radio"]["barricades"] = 1
    refresh(g2)
    play(g2, "h18")
    assert any(t.startswith("Soviet tanks in Radio fire (Retake the Radio)") for t in log_texts(g2))
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
    pick_player(g, "rev1", "rev2")
    assert g.view("rev2")["hands"]["rev2"] == 7
    assert in_headline_step(g)


def test_h22_john_dulles_calls_un_security_council_shifts_morale_toward_the_hungarian_end():
    g = game(2)
    play(g, "h22", "cp")
    assert g.view("rev1")["morale"] == 3
    assert any(t.startswith("Morale shifts toward the Hungarian end") for t in log_texts(g))


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
    pick(g, SOVIET, "move_tanks")
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
    pick(g, SOVIET, "remove_fighter")
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
    pick(g, SOVIET, "food")
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
    assert v["morale"] == 1 and v["support"] == 3


def test_h29_popular_support_second_copy_shifts_support_and_marks():
    g = game(2)
    play(g, "h29", "cp")
    v = g.view("rev1")
    assert v["support"] == 2 and [m["id"] for m in v["marks"]] == ["h29"]


def test_h30_bloodbath_in_the_countryside_shifts_morale_without_h05():
    g = game(2)
    give_active(g, "bem", 1)
    play(g, "h30")
    assert g.view("rev1")["morale"] == 1
    assert in_headline_step(g)  # no fighter removed without H#5


def test_h31_hungarian_army_units_join_random_tank_in_corvin_unless_4_active_there():
    """H#31: a random revolutionary tank in Corvin Passage; not with 4 active fighters there."""
    g = game(2)
    play(g, "h31", "cp")
    assert len(loc_view(g, "corvin")["revolutionary_tanks"]) == 1
    g2 = game(2)
    give_active(g2, "corvin", 4)
    play(g2, "h31", "cp")
    assert loc_view(g2, "corvin")["revolutionary_tanks"] == []
    assert any("already has 4 active fighters" in t for t in log_texts(g2))


# ===== Period 3 ====================================================================================
def test_h32_political_prisoners_released_a_removed_fighter_returns_active_never_a_tank():
    """H#32: the team returns a removed fighter (never a revolutionary tank) active to a
    Revolutionary's location with fewer than 4 active fighters."""
    g = game(2)
    removed = take_spare_fighters(g, 2)
    g.s["fighters_removed"].extend(removed)
    g.s["rev_tank_supply"].remove("rt_t34")
    g.s["rev_tanks_destroyed"].append("rt_t34")
    give_active(g, "bem", 4)
    play(g, "h32", "cp")
    assert sorted(a["fighter"] for a in of_type(g, "rev1", "choose_fighter")) == sorted(removed)
    act(g, "rev1", "choose_fighter", fighter=removed[1], location=None)
    assert locations_offered(g, "rev1") == []  # Bem Statue is full: only the University is left
    v = loc_view(g, "university")
    assert [f["id"] for f in v["fighters"] if f["active"]] == [removed[1]]
    assert [f["id"] for f in g.view("rev1")["fighters_removed"]] == [removed[0]]


def test_h32_political_prisoners_released_no_removed_fighter_nothing_happens():
    g = game(2)
    play(g, "h32", "cp")
    assert in_headline_step(g)
    assert any("no fighter has been removed" in t for t in log_texts(g))


def test_h33_spa_dissolved_move_up_to_3_militia_or_snipers_not_out_of_barricades_then_support():
    """H#33: the team moves up to 3 militia/snipers one step each (none out of a barricaded
    location), then support shifts toward the Hungarian end."""
    g = game(2)
    g.s["locations"]["hwpp"]["barricades"] = 1
    refresh(g)
    play(g, "h33", "cp")
    moves = of_type(g, "rev1", "move_unit")
    assert not [m for m in moves if m["from"] == "hwpp"]  # barricade
    assert {"type": "move_unit", "unit": "militia", "from": "stalin", "to": "kossuth"} in moves
    act(g, "rev1", "move_unit", unit="militia", **{"from": "stalin", "to": "kossuth"})
    # the militia that arrived may not move again; the other one in Stalin Square may
    moves = of_type(g, "rev2", "move_unit")
    assert not [m for m in moves if m["from"] == "kossuth" and m["unit"] == "militia"]
    act(g, "rev2", "move_unit", unit="snipers", **{"from": "radio", "to": "astoria"})
    act(g, "rev2", "done")
    v = g.view("soviet")
    assert v["locations"]["kossuth"]["militia"] == 1 and v["locations"]["astoria"]["snipers"] == 1
    assert v["support"] == 2 and "h33" in g.s["marks"]
    assert in_headline_step(g)


def test_h34_national_guard_begins_organization_csepel_militia_and_kossuth_tank():
    g = game(2)
    play(g, "h34", "cp")
    assert loc_view(g, "csepel")["militia"] == 0
    assert len(loc_view(g, "kossuth")["revolutionary_tanks"]) == 1


def test_h35_polish_fact_finding_mission_chosen_player_draws_one_card():
    """H#35 without H#8: one card for the chosen player, Aid cards unchanged."""
    g = game(2)
    play(g, "h35", "cp")
    pick_player(g, "rev2", "rev1")
    assert g.view("rev1")["hands"]["rev1"] == 6
    assert g.s["today"]["aid_full"] is False
    assert [c["id"] for c in g.view("rev1")["lapsing"]] == ["h35"]


def test_h36_pal_maleter_aids_the_revolution_tank_and_one_more_action():
    g = game(2)
    play(g, "h36", "cp")
    pick_player(g, "rev2", "rev2")
    assert g.s["today"]["extra_actions"] == {"rev2": 1}
    assert len(loc_view(g, "corvin")["revolutionary_tanks"]) == 1


def test_h37_party_leaders_flee_the_country_draws_from_deck_3_and_may_play_it_now():
    """H#37: the new headline comes from The Turning Tide deck if possible and may be played in
    this headline step; the other seats only see that a card was drawn."""
    g = game(2)
    hand = list(g.s["headline_hand"])
    before = dict(g.view("rev1")["headline_decks"])
    play(g, "h37")
    new = [c for c in g.s["headline_hand"] if c not in hand]
    assert len(new) == 1 and HEADLINE[new[0]]["period"] == 3
    assert g.view("rev1")["headline_decks"]["3"] == before["3"] - 1
    assert of_type(g, SOVIET, "play_headline")[0]["card"] in g.s["headline_hand"]
    assert any(a["card"] == new[0] for a in of_type(g, SOVIET, "play_headline"))
    assert "The Soviet commander draws a headline from deck 3." in log_texts(g, "rev1")
    assert f"You draw {HEADLINE[new[0]]['title']} from deck 3." in log_texts(g, SOVIET)


def test_h37_party_leaders_flee_the_country_other_deck_when_deck_3_is_empty():
    g = game(2)
    with_hand(g, ["h37"])
    g.s["headline_discard"].extend(g.s["headline_decks"]["3"])
    g.s["headline_decks"]["3"] = []
    refresh(g)
    act(g, SOVIET, "play_headline", card="h37", mode="resolve")
    assert "The Soviet commander draws a headline from deck 2." in log_texts(g, "rev1")


def test_h38_news_from_suez_retrieves_the_whole_spa_queue_then_morale():
    """H#38: every SPA card in the discard queue goes back to the pool; morale toward the Soviet end."""
    g = game(2)
    g.s["spa_queue"] = [g.s["spa_pool"].pop(), g.s["spa_pool"].pop(), g.s["spa_pool"].pop()]
    refresh(g)
    play(g, "h38")
    v = g.view("rev1")
    assert v["spa_queue"] == [] and len(v["spa_pool"]) == 8
    assert v["morale"] == 1


def test_h39_truce_betrayed_tanks_may_move_once_not_out_of_barricades_then_fire_on_events():
    """H#39: each tank may move to an adjacent location (never out of a barricade, but it may fire
    there); then the tanks in locations with an event fire, through barricades."""
    g = game(2)
    g.s["locations"]["radio"]["barricades"] = 1
    g.s["locations"]["bem"]["barricades"] = 1
    refresh(g)
    play(g, "h39")
    moves = of_type(g, SOVIET, "move_tank")
    assert moves and all(m["from"] == "kossuth" for m in moves)  # Radio is barricaded
    act(g, SOVIET, "move_tank", **{"from": "kossuth", "to": "bem"})
    assert not of_type(g, SOVIET, "move_tank")  # each tank moves at most once
    assert any(t.startswith("Soviet tanks in Bem Statue fire (Truce betrayed)") for t in log_texts(g))
    clear_hits(g)
    assert in_headline_step(g)


def test_h40_discord_in_revolutionary_groups_one_less_action_and_event_removed_without_reward():
    """H#40: one less action for the chosen player; the Soviet may remove one event without its reward."""
    g = game(2)
    morale = g.s["morale"]
    play(g, "h40")
    pick_player(g, SOVIET, "rev1")
    assert locations_offered(g, SOVIET) == ["bem", "corvin", "university"]
    pick_location(g, SOVIET, "corvin")
    v = g.view("rev1")
    assert v["locations"]["corvin"]["event"] is None
    assert [e["id"] for e in v["event_discard"]] == ["e03"]
    assert v["morale"] == morale and g.s["today"]["bonus"] == []  # Civilians armed's reward not executed
    assert any("without effect" in t for t in log_texts(g))
    assert g.s["today"]["fewer_actions"] == {"rev1": 1}


def test_h40_discord_in_revolutionary_groups_a_player_may_be_left_with_zero_actions():
    """H#40 (Appendix A): with zero actions the player still takes a turn, may play free cards, but
    may not move."""
    g = game(3)
    play(g, "h40")
    pick_player(g, SOVIET, "rev3")
    act(g, SOVIET, "done")  # keep every event
    pass_through(g, lambda x: top(x)["kind"] == "turn_order")
    g.apply("rev1", {"type": "choose_next", "seat": "rev1"})
    g.apply("rev1", {"type": "choose_next", "seat": "rev2"})  # rev3 takes the third turn: 1 action - 1
    set_hand(g, "rev3", ["rc_build_barricade_1", "rc_food_1"])  # a free card keeps the turn open
    pass_through(g, lambda x: top(x)["kind"] == "turn" and top(x)["seat"] == "rev3")
    assert g.view("rev1")["turn"] == {"seat": "rev3", "actions_left": 0, "free_move": True}
    kinds = {a["type"] for a in g.legal_actions("rev3")}
    assert top(g)["actions_left"] == 0
    assert "move" not in kinds and "play_card" in kinds and "end_turn" in kinds


def test_h41_president_eisenhower_refuses_to_help_inactive_fighters_from_up_to_2_locations():
    """H#41: morale toward the Soviet end; every inactive fighter (face-up and face-down) leaves up
    to 2 locations; active fighters and revolutionary tanks stay."""
    g = game(2)
    active = give_active(g, "blaha", 1)[0]
    give_rev_tank(g, "stalin")
    tiles = [g.s["locations"]["stalin"]["inactive"]] + g.s["locations"]["stalin"]["facedown"]
    play(g, "h41")
    assert g.view("rev1")["morale"] == 1
    pick_location(g, SOVIET, "stalin")
    pick_location(g, SOVIET, "blaha")
    v = g.view("rev1")
    assert v["locations"]["stalin"]["fighters"] == [] and v["locations"]["stalin"]["facedown"] == 0
    assert [t["id"] for t in v["locations"]["stalin"]["revolutionary_tanks"]] == ["rt_t34"]
    assert [f["id"] for f in v["locations"]["blaha"]["fighters"]] == [active]
    assert set(tiles) <= {f["id"] for f in v["fighters_removed"]}
    assert in_headline_step(g)


def test_h42_authorities_open_fire_on_the_crowd_with_3_players():
    g = game(3)
    play(g, "h42")
    assert locations_offered(g, SOVIET) == ["bem", "corvin", "university"]
    pick_location(g, SOVIET, "corvin")
    hit_injury(g, "rev3", "rev3")
    assert g.view("rev1")["injuries"]["rev3"] == 1


# ===== Marks: interactions between headlines ========================================================
def test_h10_first_speech_with_h12_curfew_also_shifts_morale():
    """H#12 with H#10 resolved: also shift morale toward the Soviet end."""
    g = game(2)
    play(g, "h10")
    act(g, "rev1", "discard", card=g.s["hands"]["rev1"][0])
    act(g, "rev2", "discard", card=g.s["hands"]["rev2"][0])
    play(g, "h12")
    pick_player(g, SOVIET, "rev1")
    assert g.view("rev1")["morale"] == 1
    assert any("Curfew, First speech of Imre Nagy resolved" in t for t in log_texts(g))


def test_h10_first_speech_makes_h17_sympathetic_soviets_undiscardable():
    """H#17: H#10 resolved: the card cannot be discarded (only collected, and resolved by the team)."""
    g = game(2)
    with_hand(g, ["h10", "h17"])
    assert {"type": "play_headline", "card": "h17", "mode": "discard"} in g.legal_actions(SOVIET)
    play(g, "h10")
    act(g, "rev1", "discard", card=g.s["hands"]["rev1"][0])
    act(g, "rev2", "discard", card=g.s["hands"]["rev2"][0])
    acts = [a for a in of_type(g, SOVIET, "play_headline") if a["card"] == "h17"]
    assert acts == [{"type": "play_headline", "card": "h17", "mode": "cp"}]


def test_h01_and_h29_popular_support_with_h28_cia_asset():
    """H#28: H#1 resolved: support toward the Soviet end; H#29 resolved: toward the Hungarian end."""
    g = game(2)
    play(g, "h01", "cp")  # support 3 -> 2
    play(g, "h28")
    assert g.view("rev1")["support"] == 3 and g.view("rev1")["morale"] == 1
    g2 = game(2)
    play(g2, "h29", "cp")  # support 3 -> 2
    play(g2, "h28")
    assert g2.view("rev1")["support"] == 1
    g3 = game(2)
    play(g3, "h01", "cp")
    play(g3, "h29", "cp")  # support 3 -> 1
    play(g3, "h28")
    assert g3.view("rev1")["support"] == 1  # both: +1 then -1
    texts = log_texts(g3)
    assert any("Popular support (H#1) resolved" in t for t in texts)
    assert any("Popular support (H#29) resolved" in t for t in texts)


def test_h09_georgy_zhukov_with_h16_one_more_tank_in_a_reinforcement_location():
    """H#16: H#9 resolved: another Soviet tank may be placed in Csepel, Széna Square or HWPP HQ."""
    g = game(2)
    play(g, "h09")
    pick_location(g, SOVIET, "bem")
    pick_location(g, SOVIET, "bem")
    play(g, "h16")
    assert locations_offered(g, SOVIET) == ["csepel", "hwpp", "szena"]
    assert {"type": "done"} in g.legal_actions(SOVIET)  # "may"
    pick_location(g, SOVIET, "hwpp")
    v = g.view("rev1")["locations"]
    assert v["kossuth"]["soviet_tanks"] == 2 and v["kossuth"]["snipers"] == 2 and v["hwpp"]["soviet_tanks"] == 1


def test_h09_georgy_zhukov_makes_h26_radio_free_europe_undiscardable():
    """H#26: H#9 resolved: the card cannot be discarded."""
    g = game(2)
    with_hand(g, ["h09", "h26"])
    play(g, "h09")
    pick_location(g, SOVIET, "bem")
    pick_location(g, SOVIET, "corvin")
    acts = [a for a in of_type(g, SOVIET, "play_headline") if a["card"] == "h26"]
    assert acts == [{"type": "play_headline", "card": "h26", "mode": "cp"}]


def test_h05_erno_gero_with_h29_popular_support_undiscardable():
    """H#29: H#5 resolved: the card cannot be discarded."""
    g = game(2)
    with_hand(g, ["h05", "h29"])
    play(g, "h05")
    pick_location(g, SOVIET, "corvin")  # nobody there: the tanks have nothing to fire at
    acts = [a for a in of_type(g, SOVIET, "play_headline") if a["card"] == "h29"]
    assert acts == [{"type": "play_headline", "card": "h29", "mode": "cp"}]


def test_h05_erno_gero_with_h30_bloodbath_removes_an_active_fighter_or_revolutionary_tank():
    """H#30: H#5 resolved: the Soviet removes one active fighter or revolutionary tank anywhere."""
    g = game(2)
    fid = give_active(g, "astoria", 1)[0]
    give_rev_tank(g, "blaha", "rt_howitzer")
    play(g, "h05")
    pick_location(g, SOVIET, "corvin")
    play(g, "h30")
    opts = of_type(g, SOVIET, "choose_fighter")
    assert sorted(a["fighter"] for a in opts) == sorted([fid, "rt_howitzer"])
    act(g, SOVIET, "choose_fighter", fighter="rt_howitzer", location="blaha")
    v = g.view("rev1")
    assert v["locations"]["blaha"]["revolutionary_tanks"] == [] and v["morale"] == 1
    assert in_headline_step(g)


def test_h08_protests_in_poland_with_h21_polish_aid_heal_or_draw():
    """H#21: H#8 resolved: one Revolutionary may remove an injury from themselves or draw a card."""
    g = game(2)
    g.s["injuries"]["rev2"] = 2
    refresh(g)
    play(g, "h08", "cp")
    play(g, "h21", "cp")
    pick_player(g, "rev1", "rev1")
    opts = of_type(g, "rev1", "choose")
    assert {"type": "choose", "option": "heal", "seat": "rev2"} in opts
    assert {"type": "choose", "option": "draw", "seat": "rev1"} in opts
    assert {"type": "choose", "option": "heal", "seat": "rev1"} not in opts  # no injury to remove
    pick(g, "rev2", "heal", seat="rev2")
    assert g.view("rev1")["injuries"]["rev2"] == 1
    assert in_headline_step(g)


def test_h08_protests_in_poland_with_h35_polish_fact_finding_aid_cards_give_all_icons_today():
    """H#35: H#8 resolved: today every Aid card discarded for Resolve an event gives all its icons."""
    g = game(1)
    play(g, "h08", "cp")
    play(g, "h35", "cp")
    assert g.s["today"]["aid_full"] is True
    assert any("Aid card" in t for t in log_texts(g))
    pass_through(g, lambda x: top(x)["kind"] == "turn")
    # Students' demands needs information + food: one Aid card gives both today.
    g.s["locations"]["university"]["active"] = []
    set_hand(g, "rev1", ["rc_aid_1"])
    assert g.s["positions"]["rev1"] == "university" and g.s["locations"]["university"]["event"] == "e01"
    assert of_type(g, "rev1", "resolve_event")
    pass_through(g, lambda x: x.s["day"] == 2)
    assert g.s["today"]["aid_full"] is False

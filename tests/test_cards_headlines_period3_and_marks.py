"""Appendix A: period 3 headlines, and the marks' interactions between headlines.

Staging helpers: tests/staging_headlines.py."""
from __future__ import annotations

from engine.cards import HEADLINE
from tests.staging_headlines import (
    SOVIET,
    clear_hits,
    give_active,
    give_rev_tank,
    hit_injury,
    in_headline_step,
    loc_view,
    locations_offered,
    pick_location,
    play,
    set_hand,
    take_spare_fighters,
    with_hand,
)
from tests.support import act, choose, choose_player, game, log_texts, of_type, pass_through, refresh, top


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
    assert any("no fighter has been removed" in t for t in log_texts(g, "rev1"))


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
    assert v["support_index"] == 2 and "h33" in g.s["marks"]
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
    choose_player(g, "rev2", "rev1")
    assert g.view("rev1")["hands"]["rev1"] == 6
    assert g.s["today"]["aid_full"] is False
    assert [c["id"] for c in g.view("rev1")["lapsing"]] == ["h35"]


def test_h36_pal_maleter_aids_the_revolution_tank_and_one_more_action():
    g = game(2)
    play(g, "h36", "cp")
    choose_player(g, "rev2", "rev2")
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


def test_h37_party_leaders_flee_the_country_deck_3_empty_the_commander_chooses_another_deck():
    """R50, Appendix A: "If that deck is empty, the other headline decks may be chosen": the
    commander picks deck 1 or deck 2; with only one of them left, it is drawn without asking."""
    g = game(2)
    with_hand(g, ["h37"])
    g.s["headline_discard"].extend(g.s["headline_decks"]["3"])
    g.s["headline_decks"]["3"] = []
    refresh(g)
    act(g, SOVIET, "play_headline", card="h37", mode="resolve")
    assert sorted(a["deck"] for a in of_type(g, SOVIET, "choose_deck")) == ["1", "2"]
    act(g, SOVIET, "choose_deck", deck="1")
    assert "The Soviet commander draws a headline from deck 1." in log_texts(g, "rev1")
    g2 = game(2)
    with_hand(g2, ["h37"])
    for d in ("3", "1"):
        g2.s["headline_discard"].extend(g2.s["headline_decks"][d])
        g2.s["headline_decks"][d] = []
    refresh(g2)
    act(g2, SOVIET, "play_headline", card="h37", mode="resolve")
    assert not of_type(g2, SOVIET, "choose_deck")
    assert "The Soviet commander draws a headline from deck 2." in log_texts(g2, "rev1")


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
    assert any(t.startswith("Soviet tanks in Bem Statue fire (Truce betrayed)") for t in log_texts(g, "rev1"))
    clear_hits(g)
    assert in_headline_step(g)


def test_h40_discord_in_revolutionary_groups_one_less_action_and_event_removed_without_reward():
    """H#40: one less action for the chosen player; the Soviet may remove one event without its reward."""
    g = game(2)
    morale = g.s["morale"]
    play(g, "h40")
    choose_player(g, SOVIET, "rev1")
    assert locations_offered(g, SOVIET) == ["bem", "corvin", "university"]
    pick_location(g, SOVIET, "corvin")
    v = g.view("rev1")
    assert v["locations"]["corvin"]["event"] is None
    assert [e["id"] for e in v["event_discard"]] == ["e03"]
    assert v["morale"] == morale and g.s["today"]["bonus"] == []  # Civilians armed's reward not executed
    assert any("without effect" in t for t in log_texts(g, "rev1"))
    assert g.s["today"]["fewer_actions"] == {"rev1": 1}


def test_h40_discord_in_revolutionary_groups_a_player_may_be_left_with_zero_actions():
    """H#40 (Appendix A): with zero actions the player still takes a turn, may play free cards, but
    may not move."""
    g = game(3)
    play(g, "h40")
    choose_player(g, SOVIET, "rev3")
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
    choose_player(g, SOVIET, "rev1")
    assert g.view("rev1")["morale"] == 1
    assert any("Curfew, First speech of Imre Nagy resolved" in t for t in log_texts(g, "rev1"))


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
    assert g.view("rev1")["support_index"] == 3 and g.view("rev1")["morale"] == 1
    g2 = game(2)
    play(g2, "h29", "cp")  # support 3 -> 2
    play(g2, "h28")
    assert g2.view("rev1")["support_index"] == 1
    g3 = game(2)
    play(g3, "h01", "cp")
    play(g3, "h29", "cp")  # support 3 -> 1
    play(g3, "h28")
    assert g3.view("rev1")["support_index"] == 1  # both: +1 then -1
    texts = log_texts(g3, "rev1")
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
    pick_location(g, SOVIET, "bem")  # the tank first
    opts = of_type(g, SOVIET, "choose_fighter")
    assert sorted(a["fighter"] for a in opts) == sorted([fid, "rt_howitzer"])
    act(g, SOVIET, "choose_fighter", fighter="rt_howitzer", location="blaha")
    v = g.view("rev1")
    assert v["locations"]["blaha"]["revolutionary_tanks"] == [] and v["locations"]["bem"]["soviet_tanks"] == 1
    assert in_headline_step(g)


def test_h08_protests_in_poland_with_h21_polish_aid_heal_or_draw():
    """H#21: H#8 resolved: one Revolutionary may remove an injury from themselves or draw a card."""
    g = game(2)
    g.s["injuries"]["rev2"] = 2
    refresh(g)
    play(g, "h08", "cp")
    play(g, "h21", "cp")
    choose_player(g, "rev1", "rev1")
    opts = of_type(g, "rev1", "choose")
    assert {"type": "choose", "option": "heal", "seat": "rev2"} in opts
    assert {"type": "choose", "option": "draw", "seat": "rev1"} in opts
    assert {"type": "choose", "option": "heal", "seat": "rev1"} not in opts  # no injury to remove
    choose(g, "rev2", "heal", seat="rev2")
    assert g.view("rev1")["injuries"]["rev2"] == 1
    assert in_headline_step(g)


def test_h08_protests_in_poland_with_h35_polish_fact_finding_aid_cards_give_all_icons_today():
    """H#35: H#8 resolved: today every Aid card discarded for Resolve an event gives all its icons."""
    g = game(1)
    play(g, "h08", "cp")
    play(g, "h35", "cp")
    assert g.s["today"]["aid_full"] is True
    assert any("Aid card" in t for t in log_texts(g, "rev1"))
    pass_through(g, lambda x: top(x)["kind"] == "turn")
    # Students' demands needs information + food: one Aid card gives both today.
    g.s["locations"]["university"]["active"] = []
    set_hand(g, "rev1", ["rc_aid_1"])
    assert g.s["positions"]["rev1"] == "university" and g.s["locations"]["university"]["event"] == "e01"
    assert of_type(g, "rev1", "resolve_event")
    pass_through(g, lambda x: x.s["day"] == 2)
    assert g.s["today"]["aid_full"] is False

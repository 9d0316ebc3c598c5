"""Appendix B: minor events and the promo's alternative starting events.

Staging helpers: tests/staging_events.py."""
from __future__ import annotations

import pytest

from bots.random_bot import play_random_game
from engine.board import NEIGHBOURS
from tests.staging_events import (
    loc_view,
    put_event,
    resolve,
    stage_day_7,
    take_kind,
    to_discard_pile,
    until_over,
)
from tests.support import act, choose, game, legal, log_texts, pass_through, refresh, rev_turn, set_hand, top


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
    before = g.view("rev1")["support_index"]
    resolve(g, "rev1", "e33")
    assert g.view("rev1")["support_index"] == before - 1


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

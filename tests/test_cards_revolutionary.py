"""Revolutionary cards (Action 5: Use card or active fighter ability; Appendix C; Promo Component
Rules: AK-47 and Last Stand); fighters and revolutionary tanks are in test_cards_fighters.py.

Positions are staged by editing g.s and calling refresh(g); everything else goes through
g.apply / g.legal_actions / g.view.
"""
from __future__ import annotations

import pytest

from engine.frames.hits import push_hits
from tests.invariants import check_invariants
from tests.rev_staging import active_ids, discard_ids, hand_ids, stage, turn_view
from tests.support import (
    act,
    at_step,
    force_dice,
    legal,
    log_texts,
    of_type,
    pass_through,
    refresh,
    rev_turn,
    set_active,
    set_hand,
    top,
)

PLAIN_KINDS = {"aid": ["information", "medical", "food"], "molotov_crate": ["molotov", "molotov"],
               "ammunition_crate": ["ammunition", "ammunition"], "information": ["information"],
               "medical": ["medical"], "molotov": ["molotov"], "food": ["food"], "ammunition": ["ammunition"],
               "vehicle": ["vehicle"]}


# ===== revolutionary cards ==========================================================================
@pytest.mark.parametrize("kind", sorted(PLAIN_KINDS))
def test_card_without_ability_only_gives_icons(kind):
    """Cards with no ability text are used only for their icons: the hand shows the icons, no
    'play_card' is offered."""
    g = rev_turn()
    card = f"rc_{kind}_1"
    stage(g, hand=[card])
    (shown,) = g.view("rev1")["hand"]
    assert shown["icons"] == PLAIN_KINDS[kind]
    assert shown["ability"] is None
    assert of_type(g, "rev1", "play_card") == []


def test_card_ability_without_label_is_free_even_after_the_last_action():
    """No label: no action is needed, and it can be used before or after an action (also after
    the last one), but not outside the player's own turn."""
    g = rev_turn()
    stage(g, hand=["rc_build_barricade_1", "rc_molotov_1"])
    set_hand(g, "rev2", ["rc_build_barricade_2"])
    refresh(g)
    assert of_type(g, "rev2", "play_card") == []  # not rev2's turn
    act(g, "rev1", "draw_card")
    act(g, "rev1", "draw_card")
    assert turn_view(g)["actions_left"] == 0
    assert {"type": "play_card", "card": "rc_build_barricade_1"} in legal(g)
    act(g, "rev1", "play_card", card="rc_build_barricade_1")
    assert g.view("rev1")["locations"]["university"]["barricades"] == 1
    assert "rc_build_barricade_1" in discard_ids(g)


def test_card_ambush_kills_a_sniper_never_a_militia():
    """Ambush kills one sniper in your location (free); not offered without a sniper."""
    g = rev_turn()
    stage(g, rev1="hwpp", hand=["rc_ambush_1"], units={"hwpp": {"snipers": 2, "militia": 2}})
    act(g, "rev1", "play_card", card="rc_ambush_1")
    here = g.view("rev1")["locations"]["hwpp"]
    assert (here["snipers"], here["militia"]) == (1, 2)
    assert turn_view(g)["actions_left"] == 2


def test_card_build_barricade_places_a_barricade_token():
    """Build barricade puts a barricade token in your location; retaliation is then stopped there."""
    g = rev_turn()
    stage(g, rev1="astoria", hand=["rc_build_barricade_1"], units={"astoria": {"soviet_tanks": 2}})
    act(g, "rev1", "play_card", card="rc_build_barricade_1")
    act(g, "rev1", "draw_card")
    assert "A barricade in Astoria stops the Soviet tanks from firing." in log_texts(g, "rev1")


def test_card_first_aid_kit_is_an_action_removing_one_injury():
    """First aid kit (Action): remove one injury from a player in your location."""
    g = rev_turn()
    stage(g, hand=["rc_first_aid_kit_1"], positions={"rev2": "university"}, injuries={"rev1": 2, "rev2": 1})
    act(g, "rev1", "play_card", card="rc_first_aid_kit_1")
    assert g.active_seats() == ["rev1"]
    assert legal(g) == [{"type": "choose_player", "seat": "rev1"}, {"type": "choose_player", "seat": "rev2"}]
    g.apply("rev1", {"type": "choose_player", "seat": "rev1"})
    v = g.view("rev1")
    assert v["injuries"] == {"rev1": 1, "rev2": 1}
    assert v["turn"]["actions_left"] == 1


def test_card_first_aid_kit_heals_two_on_the_day_peterfy_hospital_was_resolved():
    """E#31 (lapsing): for the rest of the day each First aid kit removes 2 injuries, from one or
    two players in the location."""
    g = rev_turn()
    stage(g, rev1="stalin", hand=["rc_medical_1", "rc_food_1", "rc_first_aid_kit_1", "rc_first_aid_kit_2"],
          positions={"rev2": "stalin"}, injuries={"rev1": 2, "rev2": 1},
          units={"stalin": {"event": "e31", "militia": 0}})
    g.s["event_deck"] = [e for e in g.s["event_deck"] if e != "e31"]
    g.s["market"] = [None if e == "e31" else e for e in g.s["market"]]
    g.s["event_discard"] = [e for e in g.s["event_discard"] if e != "e31"]
    refresh(g)
    act(g, "rev1", "resolve_event")
    act(g, "rev1", "discard", card="rc_medical_1")
    act(g, "rev1", "discard", card="rc_food_1")
    act(g, "rev1", "done")
    assert "Péterfy Hospital treats the wounded: every First aid kit removes 2 injuries today." in log_texts(g, "rev1")
    act(g, "rev1", "play_card", card="rc_first_aid_kit_1")
    g.apply("rev1", {"type": "choose_player", "seat": "rev2"})
    # rev2 is healed; the second injury can only come from rev1 now (chosen automatically).
    assert g.view("rev1")["injuries"] == {"rev1": 1, "rev2": 0}
    check_invariants(g)


def test_card_first_aid_kit_second_heal_may_go_to_the_same_player():
    """With 2 heals, both may remove injuries from the same player."""
    g = rev_turn()
    stage(g, hand=["rc_first_aid_kit_1"], positions={"rev2": "university"}, injuries={"rev1": 2, "rev2": 1})
    g.s["today"]["first_aid_heals"] = 2
    refresh(g)
    act(g, "rev1", "play_card", card="rc_first_aid_kit_1")
    g.apply("rev1", {"type": "choose_player", "seat": "rev1"})
    assert "First aid kit: remove an injury from whom? (2 of 2)" in g.view("rev1")["prompt"]
    g.apply("rev1", {"type": "choose_player", "seat": "rev1"})
    assert g.view("rev1")["injuries"] == {"rev1": 0, "rev2": 1}


def test_card_transportation_moves_with_two_fighters_without_discarding():
    """Transportation (free): a movement step to an adjacent location, up to 2 active fighters
    along, no card discarded; it does not use up the turn's free movement step; no action spent."""
    g = rev_turn()
    stage(g, hand=["rc_transportation_1", "rc_molotov_1"],
          active={"university": ["f_imre_colos", "f_otto_lakatos", "f_valeria_pille"]})
    act(g, "rev1", "play_card", card="rc_transportation_1")
    assert sorted(a["location"] for a in legal(g)) == ["astoria", "bem", "csepel", "szena"]
    act(g, "rev1", "choose_location", location="astoria")
    acts = legal(g)
    assert {"type": "cancel"} not in acts  # the card is already played
    assert not [a for a in acts if a["type"] == "discard"]
    act(g, "rev1", "take_fighter", fighter="f_imre_colos")
    act(g, "rev1", "take_fighter", fighter="f_otto_lakatos")
    assert of_type(g, "rev1", "take_fighter") == []
    act(g, "rev1", "done")
    v = g.view("rev1")
    assert v["positions"]["rev1"] == "astoria"
    assert hand_ids(g) == ["rc_molotov_1"]
    assert v["turn"] == {"seat": "rev1", "actions_left": 2, "free_move": True}
    assert ("rev1 moves from University of Technology to Astoria with Imre Colos, Ottó Lakatos "
            "(free: Transportation card).") in log_texts(g, "rev1")
    assert active_ids(g, "astoria") == ["f_imre_colos", "f_otto_lakatos"]


def test_card_transportation_with_zero_actions_left_ruling_r80():
    """R80 (re-decided, issue 31): an unlabelled card may be used "before or after taking an
    action", not only before one: Transportation is offered after the last action and moves the
    player."""
    g = rev_turn()
    stage(g, hand=["rc_transportation_1"])
    assert of_type(g, "rev1", "play_card") == [{"type": "play_card", "card": "rc_transportation_1"}]
    act(g, "rev1", "draw_card")
    act(g, "rev1", "draw_card")
    assert turn_view(g)["actions_left"] == 0
    assert {"type": "play_card", "card": "rc_transportation_1"} in legal(g) and {"type": "end_turn"} in legal(g)
    here = g.s["positions"]["rev1"]
    act(g, "rev1", "play_card", card="rc_transportation_1")
    if top(g)["kind"] == "choice":
        g.apply("rev1", of_type(g, "rev1", "choose_location")[0])
    act(g, "rev1", "done")
    assert g.s["positions"]["rev1"] != here and "rc_transportation_1" in discard_ids(g)
    assert not of_type(g, "rev1", "move")  # no action left for a movement step of the turn's own


# ===== promo: AK-47 =================================================================================
def test_ak47_removes_3_militia_without_action_or_reward():
    """AK-47: remove 3 militia from your location; no card is drawn as a reward; not an action."""
    g = rev_turn(promo_ak47=True)
    stage(g, rev1="stalin", hand=["rc_ak47"], units={"stalin": {"militia": 4, "snipers": 1}})
    act(g, "rev1", "play_card", card="rc_ak47")
    v = g.view("rev1")
    assert (v["locations"]["stalin"]["militia"], v["locations"]["stalin"]["snipers"]) == (1, 1)
    assert v["hand"] == [] and v["turn"]["actions_left"] == 2
    assert "AK-47: rev1 removes 3 militia from Stalin Square (no card is drawn)." in log_texts(g, "rev1")
    assert not any("draws" in t for t in log_texts(g, "rev1")[-3:])
    check_invariants(g)


def test_ak47_fewer_militia_removes_them_all_never_snipers():
    """With only 1 or 2 militia, remove them all; snipers may not be removed (not offered with
    snipers only)."""
    g = rev_turn(promo_ak47=True)
    stage(g, rev1="hwpp", hand=["rc_ak47"], units={"hwpp": {"militia": 0, "snipers": 2}})
    assert of_type(g, "rev1", "play_card") == []
    g.s["locations"]["hwpp"]["militia"] = 2
    refresh(g)
    act(g, "rev1", "play_card", card="rc_ak47")
    here = g.view("rev1")["locations"]["hwpp"]
    assert (here["militia"], here["snipers"]) == (0, 2)


def test_ak47_discarded_counts_as_food_and_molotov():
    """As a discarded card AK-47 gives both a food and a molotov icon."""
    g = rev_turn(promo_ak47=True)
    stage(g, hand=["rc_ak47", "rc_information_1"], active={"university": []})
    assert g.s["locations"]["university"]["event"] == "e01"  # needs information + food
    act(g, "rev1", "resolve_event")
    act(g, "rev1", "discard", card="rc_ak47")
    act(g, "rev1", "discard", card="rc_information_1")
    act(g, "rev1", "done")
    assert g.view("rev1")["locations"]["university"]["event"] is None
    # ... and a molotov: with 2 molotov from a T-34, AK-47 completes Destroy a tank.
    g = rev_turn(promo_ak47=True)
    stage(g, rev1="astoria", hand=["rc_ak47"], active={"astoria": ["rt_t34"]}, units={"astoria": {"soviet_tanks": 1}})
    force_dice(g, [6])
    act(g, "rev1", "destroy_tank")
    act(g, "rev1", "discard", card="rc_ak47")
    act(g, "rev1", "done")
    assert g.view("rev1")["locations"]["astoria"]["soviet_tanks"] == 0


def test_ak47_discarded_gives_ammunition_for_attack_militia_and_the_reward_is_collected():
    """Promo rules: "discarding the card for the ammunition resource when performing 'Action 3:
    Attack militia' the reward is collected as normal": with only the AK-47 in hand and militia
    present, Attack militia is offered; the AK-47 gives one ammunition icon."""
    g = rev_turn(promo_ak47=True)
    stage(g, rev1="stalin", hand=["rc_ak47"], active={"stalin": []}, units={"stalin": {"militia": 2}})
    assert {"type": "attack_militia"} in legal(g)
    act(g, "rev1", "attack_militia")
    assert {"type": "discard", "card": "rc_ak47"} in legal(g)
    act(g, "rev1", "discard", card="rc_ak47")
    act(g, "rev1", "done")
    v = g.view("rev1")
    assert v["locations"]["stalin"]["militia"] == 1  # one ammunition icon attacks one militia
    assert v["turn"]["actions_left"] == 1 and v["hand"] == []
    # With 2 more ammunition from the hand, 3 militia are attacked and the card reward is drawn.
    g = rev_turn(promo_ak47=True)
    stage(g, rev1="stalin", hand=["rc_ak47", "rc_ammunition_crate_1"], active={"stalin": []},
          units={"stalin": {"militia": 3}})
    act(g, "rev1", "attack_militia")
    act(g, "rev1", "discard", card="rc_ak47")
    act(g, "rev1", "discard", card="rc_ammunition_crate_1")
    act(g, "rev1", "done")
    v = g.view("rev1")
    assert v["locations"]["stalin"]["militia"] == 0 and len(v["hand"]) == 1



def test_ak47_gives_ammunition_for_every_action_that_asks_for_it_ruling_r98():
    """R98 (re-decided, issue 31): "discarding the card for the ammunition resource": the AK-47's
    ammunition is the card's, so it also pays an event's ammunition (Resolve an event)."""
    g = rev_turn(promo_ak47=True)
    stage(g, rev1="corvin", hand=["rc_ak47"], active={"corvin": []}, units={"corvin": {"soviet_tanks": 0}})
    assert g.s["locations"]["corvin"]["event"] == "e03"  # needs ammunition + molotov
    assert {"type": "resolve_event"} in legal(g)
    act(g, "rev1", "resolve_event")
    act(g, "rev1", "discard", card="rc_ak47")
    act(g, "rev1", "done")
    assert g.s["locations"]["corvin"]["event"] is None and "rc_ak47" in discard_ids(g)
    assert "rc_ak47" not in hand_ids(g) and top(g)["kind"] == "turn"


# ===== promo: Last Stand ============================================================================
def last_stand_turn(**units):
    """rev1 alone in Kossuth Square (a Soviet tank there), holding Last Stand, 2 actions left."""
    g = rev_turn(promo_last_stand=True)
    stage(g, rev1="kossuth", hand=["rc_last_stand", "rc_molotov_1"], active={"kossuth": ["f_imre_colos"]},
          units={"kossuth": {"event": "e01", **units}})
    g.s["locations"]["university"]["event"] = None
    return refresh(g)


def test_last_stand_only_as_the_last_remaining_action():
    """Last Stand can only be used with exactly one action remaining, and only where an event is."""
    g = last_stand_turn(soviet_tanks=0)
    assert of_type(g, "rev1", "play_card") == []  # 2 actions left
    act(g, "rev1", "draw_card")
    assert of_type(g, "rev1", "play_card") == [{"type": "play_card", "card": "rc_last_stand"}]
    g.s["locations"]["kossuth"]["event"] = None
    refresh(g)
    assert of_type(g, "rev1", "play_card") == []


def test_last_stand_resolves_the_event_ignoring_its_requirements_and_stays_in_front():
    """The event is resolved with no icons and its reward executed; the card is kept in front of
    the player (not discarded), and the action is spent."""
    g = last_stand_turn(soviet_tanks=0)
    act(g, "rev1", "draw_card")
    morale = g.s["morale"]
    act(g, "rev1", "play_card", card="rc_last_stand")
    v = g.view("rev1")
    assert v["locations"]["kossuth"]["event"] is None
    assert v["morale"] == morale + 1  # Students' demands: morale toward the Hungarian end
    assert v["last_stand"] == ["rev1"]
    assert "rc_last_stand" not in discard_ids(g) and "rc_last_stand" not in hand_ids(g)
    assert "Last Stand: rev1 resolves the event in Kossuth Square without its resources." in log_texts(g, "rev1")
    assert "rc_molotov_1" in hand_ids(g)  # no card discarded for icons
    assert turn_view(g, "rev2")["seat"] == "rev2"  # rev1's actions are all spent
    check_invariants(g)


def test_last_stand_tanks_retaliate_and_its_hits_must_injure_you():
    """It is an action: Soviet tanks retaliate first; once played, a hit to your location can only
    injure you (not the fighter there)."""
    g = last_stand_turn(soviet_tanks=0)
    act(g, "rev1", "draw_card")
    g.s["locations"]["kossuth"]["soviet_tanks"] = 1
    refresh(g)
    force_dice(g, [1])
    act(g, "rev1", "play_card", card="rc_last_stand")
    assert legal(g) == [{"type": "hit", "target": "injury", "seat": "rev1"}]
    g.apply("rev1", {"type": "hit", "target": "injury", "seat": "rev1"})
    assert g.view("rev1")["injuries"]["rev1"] == 1
    assert active_ids(g, "kossuth") == ["f_imre_colos"]


def test_last_stand_hit_restriction_follows_you_until_the_end_of_the_day():
    """Until the end of the day any hit to your (new) location must injure you; other locations
    are unaffected; the next day the card is gone from play."""
    g = last_stand_turn(soviet_tanks=0)
    act(g, "rev1", "draw_card")
    act(g, "rev1", "play_card", card="rc_last_stand")
    # A hit later in the day where rev1 now stands, with rev2, a fighter and a barricade there.
    g.s["positions"].update(rev1="astoria", rev2="astoria")
    set_active(g, "astoria", ["f_otto_lakatos"])
    g.s["locations"]["astoria"]["barricades"] = 1
    push_hits(g, "astoria", 1, "test")
    refresh(g)
    assert legal(g, "rev2") == [{"type": "hit", "target": "injury", "seat": "rev1"}]
    g.apply("rev2", {"type": "hit", "target": "injury", "seat": "rev1"})
    # Hits elsewhere are distributed freely.
    push_hits(g, "kossuth", 1, "test")
    refresh(g)
    assert {"type": "hit", "target": "fighter", "fighter": "f_imre_colos"} in legal(g, "rev2")
    act(g, "rev2", "hit", target="fighter", fighter="f_imre_colos")
    pass_through(g, at_step("headline", 2))
    v = g.view("rev1")
    assert v["last_stand"] == []
    assert "rc_last_stand" not in g.s["rev_deck"] + g.s["rev_discard"] + [c for h in g.s["hands"].values() for c in h]
    check_invariants(g)


def test_last_stand_with_howitzer_the_team_chooses_between_the_forced_targets():
    """Ruling: Howitzer and Last Stand both force the hit; the team chooses one of the two."""
    g = last_stand_turn(soviet_tanks=0)
    act(g, "rev1", "draw_card")
    act(g, "rev1", "play_card", card="rc_last_stand")
    set_active(g, "kossuth", ["f_imre_colos", "rt_howitzer"])
    push_hits(g, "kossuth", 1, "test")
    refresh(g)
    assert legal(g) == [{"type": "hit", "target": "fighter", "fighter": "rt_howitzer"},
                        {"type": "hit", "target": "injury", "seat": "rev1"}]


def test_last_stand_extra_action_from_the_reward_is_lost():
    """E#22 Battle grants an extra action: after Last Stand it is lost and may not be used."""
    g = rev_turn(promo_last_stand=True)
    stage(g, rev1="hwpp", hand=["rc_last_stand", "rc_molotov_1"],
          units={"hwpp": {"event": "e22", "militia": 2, "snipers": 1, "soviet_tanks": 0}})
    for pile in (g.s["event_deck"], g.s["event_discard"]):
        if "e22" in pile:
            pile.remove("e22")
    g.s["market"] = [None if e == "e22" else e for e in g.s["market"]]
    refresh(g)
    act(g, "rev1", "draw_card")
    act(g, "rev1", "play_card", card="rc_last_stand")
    here = g.view("rev1")["locations"]["hwpp"]
    assert (here["militia"], here["snipers"], here["event"]) == (0, 0, None)
    assert any("extra action" in t and "lost" in t for t in log_texts(g, "rev1"))
    assert g.view("rev1")["turn"]["seat"] == "rev2"  # rev1 has no action to take
    assert g.s["today"]["actions_taken"] == 2
    check_invariants(g)

"""Promo Component Rules: Player Powers. Each power has a benefit and a disadvantage; by default
both apply, and each can be switched off (options powers_without_benefit /
powers_without_disadvantage). Texts: engine/data/promo.py PLAYER_POWERS.
"""
from __future__ import annotations

import pytest

from bots.random_bot import play_random_game
from engine import replay
from tests.invariants import check_day_actions, check_invariants
from tests.rev_staging import hand_ids, stage, turn_view  # the same staging as the card tests
from tests.support import act, force_dice, legal, log_texts, of_type, rev_turn, set_active


def powered(colour: str, *, benefit: bool = True, disadvantage: bool = True, revs: int = 2):
    """rev1 holds the `colour` power; its benefit/disadvantage switched as asked."""
    options = {"player_powers": {"rev1": colour}}
    if not benefit:
        options["powers_without_benefit"] = [colour]
    if not disadvantage:
        options["powers_without_disadvantage"] = [colour]
    return rev_turn(revs, 1, **options)


# ===== red ==========================================================================================
@pytest.mark.parametrize("benefit, molotovs_needed", [(True, 2), (False, 3)])
def test_red_benefit_destroy_a_tank_with_2_molotov(benefit, molotovs_needed):
    """Red (benefit): your Destroy a tank action needs only 2 molotov icons."""
    g = powered("red", benefit=benefit)
    stage(g, rev1="astoria", hand=["rc_molotov_crate_1", "rc_molotov_1"], active={"astoria": []},
          units={"astoria": {"soviet_tanks": 1, "barricades": 1}})
    act(g, "rev1", "destroy_tank")
    act(g, "rev1", "discard", card="rc_molotov_crate_1")
    assert ({"type": "done"} in legal(g)) is (molotovs_needed == 2)
    assert f"needed: {molotovs_needed} molotov" in g.view("rev1")["prompt"]


@pytest.mark.parametrize("disadvantage", [True, False])
def test_red_disadvantage_no_give_or_take_cards(disadvantage):
    """Red (disadvantage): you may not take the Give or take cards action."""
    g = powered("red", disadvantage=disadvantage)
    stage(g, hand=["rc_molotov_1"], positions={"rev2": "university"})
    kinds = {a["type"] for a in legal(g)}
    assert ({"give_cards", "take_cards"} & kinds) == (set() if disadvantage else {"give_cards", "take_cards"})


def test_red_disadvantage_others_may_still_give_to_red():
    """Ruling: only red's own action is forbidden; another player may give cards to red."""
    g = powered("red")
    stage(g, positions={"rev1": "bem"})
    act(g, "rev1", "end_turn")
    assert of_type(g, "rev2", "give_cards") == [{"type": "give_cards", "to": "rev1"}]


# ===== blue =========================================================================================
@pytest.mark.parametrize("benefit", [True, False])
def test_blue_benefit_second_movement_step_also_free(benefit):
    """Blue (benefit): the second movement step of your turn is free as well."""
    g = powered("blue", benefit=benefit)
    stage(g, hand=["rc_molotov_1"])
    act(g, "rev1", "move", to="szena")
    act(g, "rev1", "done")
    act(g, "rev1", "move", to="bem")
    assert ({"type": "done"} in legal(g)) is benefit
    if benefit:
        act(g, "rev1", "done")
        assert "rev1 moves from Széna Square to Bem Statue (free)." in log_texts(g, "rev1")
        act(g, "rev1", "move", to="kossuth")  # the third step costs a card
        assert {"type": "done"} not in legal(g)


def test_blue_benefit_second_step_free_even_after_an_action():
    """Ruling: 'second movement step in each turn' counts the turn's steps, whenever taken."""
    g = powered("blue")
    stage(g, hand=["rc_molotov_1"])
    act(g, "rev1", "move", to="szena")
    act(g, "rev1", "done")
    act(g, "rev1", "draw_card")
    act(g, "rev1", "move", to="bem")
    assert {"type": "done"} in legal(g)


@pytest.mark.parametrize("disadvantage, limit", [(True, 8), (False, 10)])
def test_blue_disadvantage_hand_limit_8(disadvantage, limit):
    """Blue (disadvantage): your hand limit is 8 instead of 10."""
    g = powered("blue", disadvantage=disadvantage)
    cards = [f"rc_molotov_{i}" for i in range(1, 7)] + [f"rc_ammunition_{i}" for i in range(1, 5)]
    stage(g, hand=cards[:8])
    assert ({"type": "draw_card"} in legal(g)) is (limit == 10)
    stage(g, hand=cards[:limit - 1])
    act(g, "rev1", "draw_card")
    assert len(hand_ids(g)) == limit
    assert {"type": "draw_card"} not in legal(g)


# ===== yellow =======================================================================================
@pytest.mark.parametrize("benefit", [True, False])
def test_yellow_benefit_draw_a_card_when_activating_a_fighter_once_per_turn(benefit):
    """Yellow (benefit): once per turn, when you activate a fighter, you may draw one card."""
    g = powered("yellow", benefit=benefit)
    stage(g, hand=["rc_molotov_1"])
    act(g, "rev1", "activate_fighter")
    if not benefit:
        assert g.view("rev1")["turn"]["actions_left"] == 1 and len(hand_ids(g)) == 1
        return
    assert legal(g) == [{"type": "draw_card"}, {"type": "done"}]
    assert g.view("rev1")["prompt"] == "Yellow power: draw a card for activating a fighter?"
    act(g, "rev1", "draw_card")
    assert len(hand_ids(g)) == 2
    assert any(t.startswith("You draw ") and t.endswith("(yellow power).") for t in log_texts(g, "rev1"))
    act(g, "rev1", "activate_fighter")  # the revealed tile
    assert top_kind(g) != "choice"  # no second offer this turn
    assert len(hand_ids(g)) == 2


def test_yellow_benefit_declined_is_not_used_up():
    """Ruling: declining the draw does not use up the once-per-turn benefit."""
    g = powered("yellow")
    stage(g, hand=["rc_molotov_1"])
    act(g, "rev1", "activate_fighter")
    act(g, "rev1", "done")
    act(g, "rev1", "activate_fighter")
    assert legal(g) == [{"type": "draw_card"}, {"type": "done"}]


def top_kind(g) -> str:
    return g.s["stack"][-1]["kind"]


@pytest.mark.parametrize("disadvantage", [True, False])
def test_yellow_disadvantage_retaliation_hits_on_1_to_4(disadvantage):
    """Yellow (disadvantage): Soviet tanks retaliating against you hit on 1-4."""
    g = powered("yellow", disadvantage=disadvantage)
    stage(g, rev1="astoria", active={"astoria": []}, units={"astoria": {"soviet_tanks": 2}})
    force_dice(g, [4, 5])
    act(g, "rev1", "draw_card")
    hits = 1 if disadvantage else 0
    assert f"Soviet tanks in Astoria fire at rev1: 4, 5: {hits} hit(s)." in log_texts(g, "rev1")


def test_yellow_disadvantage_with_julia_tollas_hits_only_on_1_2():
    """Ruling: Júlia Tollas ('only on 1-2') prevails over the yellow disadvantage."""
    g = powered("yellow")
    stage(g, rev1="astoria", units={"astoria": {"soviet_tanks": 2}})
    set_active(g, "astoria", ["f_julia_tollas"])
    force_dice(g, [3, 4])
    act(g, "rev1", "draw_card")
    assert "Soviet tanks in Astoria fire at rev1: 3, 4: 0 hit(s)." in log_texts(g, "rev1")


def test_yellow_disadvantage_only_when_tanks_retaliate_against_yellow():
    """Another player's retaliation is unaffected."""
    g = powered("yellow")
    stage(g, positions={"rev2": "astoria"}, units={"astoria": {"soviet_tanks": 1}})
    act(g, "rev1", "end_turn")
    force_dice(g, [4])
    act(g, "rev2", "draw_card")
    assert "Soviet tanks in Astoria fire at rev2: 4: 0 hit(s)." in log_texts(g, "rev1")


# ===== green ========================================================================================
@pytest.mark.parametrize("benefit", [True, False])
def test_green_benefit_discard_any_card_to_heal_once_per_turn(benefit):
    """Green (benefit): once per turn, discard any card to remove one injury from a player in your
    location (no action)."""
    g = powered("green", benefit=benefit)
    stage(g, hand=["rc_molotov_1", "rc_food_1"], positions={"rev2": "university"}, injuries={"rev1": 1, "rev2": 1})
    if not benefit:
        assert of_type(g, "rev1", "use_power") == []
        return
    act(g, "rev1", "use_power", power="green")
    act(g, "rev1", "discard", card="rc_food_1")
    g.apply("rev1", {"type": "choose_player", "seat": "rev2"})
    v = g.view("rev1")
    assert v["injuries"] == {"rev1": 1, "rev2": 0}
    assert v["turn"]["actions_left"] == 2
    assert "rev1 uses the green player power." in log_texts(g, "rev1")
    assert of_type(g, "rev1", "use_power") == []  # once per turn


def test_green_benefit_needs_an_injured_player_and_a_card():
    g = powered("green")
    stage(g, hand=["rc_molotov_1"])
    assert of_type(g, "rev1", "use_power") == []
    stage(g, hand=[], injuries={"rev1": 1})
    assert of_type(g, "rev1", "use_power") == []


@pytest.mark.parametrize("disadvantage", [True, False])
def test_green_disadvantage_first_movement_step_not_free(disadvantage):
    """Green (disadvantage): your first movement step in each turn is not free."""
    g = powered("green", disadvantage=disadvantage)
    stage(g, hand=["rc_molotov_1"])
    assert turn_view(g)["free_move"] is (not disadvantage)
    act(g, "rev1", "move", to="szena")
    assert ({"type": "done"} in legal(g)) is (not disadvantage)
    assert ({"type": "discard", "card": "rc_molotov_1"} in legal(g)) is disadvantage


def test_powers_only_for_their_holder():
    """A power belongs to one seat: rev2 without a power moves for free as usual."""
    g = powered("green")
    act(g, "rev1", "end_turn")
    assert turn_view(g, "rev2") == {"seat": "rev2", "actions_left": 2, "free_move": True}


# ===== random playouts with promo cards and powers =================================================
def _checked(g, seat, action, state={}):  # noqa: B006  (remembers the previous phase)
    check_invariants(g)
    check_day_actions(g, state.get(id(g)))
    state[id(g)] = g.s["phase"]


@pytest.mark.parametrize("revolutionaries, options", [
    (3, {"promo_ak47": True, "promo_last_stand": True, "player_powers": {"rev1": "red", "rev2": "blue", "rev3": "yellow"}}),
    (1, {"player_powers": {"rev1": "green"}}),
    (2, {"promo_ak47": True, "promo_last_stand": True, "player_powers": {"rev1": "green", "rev2": "yellow"},
         "powers_without_benefit": ["yellow"], "powers_without_disadvantage": ["green"]}),
])
@pytest.mark.parametrize("seed", range(4))
def test_random_playouts_with_promo_cards_and_player_powers(revolutionaries, options, seed):
    """Whole random games with the promo cards and player powers: invariants after every action,
    a result at the end, and an exact replay."""
    g = play_random_game(revolutionaries, 3100 + seed, options=options, on_step=_checked)
    assert g.result is not None
    assert replay(g.record()).to_dict() == g.to_dict()

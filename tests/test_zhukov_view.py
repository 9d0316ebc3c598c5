"""The public Zhukov part of a view (docs/contract.md, The Zhukov ruleset), as the table draws it:
today's headline row, today's General Zhukov cards in draw order with the support step's outcome,
the step of the card being resolved while its choices wait, and the SPA phase's fixed step."""
from __future__ import annotations

from engine import new_game
from engine.frames import kinds
from tests.support import force_dice
from tests.zhukov_staging import clear_units, only_frame, run, spa_example, staged


def _answer(g, seat):
    g.apply(seat, [a for a in g.legal_actions(seat) if a["type"] != "undo"][-1])


def test_zhukov_view_names_the_step_under_way_and_today_s_cards_with_their_support_outcome():
    # Support step: Z#3 (green) on the neutral 4 resolves its top headline (Péter Veres reads
    # Manifesto, a choice for each player); Z#8 (red) too; Z#1 (green) then meets a red space and
    # its headline is skipped.
    g = run(staged(2, 1, deck_top=("z03", "z08", "z01", "z10")))
    z = g.view("spectator")["zhukov"]
    assert z["row"] == "top"
    assert z["current"]["card"]["id"] == "z03"
    assert z["current"]["stage"] == "headline" and z["current"]["headline"] == "resolved"
    assert [(d["id"], d["headline"]) for d in z["today"]] == [("z03", "resolved")]
    assert z["spa_step"] is None
    while g.s["phase"] == "soviet":
        v = g.view("spectator")
        if v["decision"]["kind"] == "place_event":  # the event step's "Anywhere" choice, not the headline's
            assert v["zhukov"]["current"]["stage"] == "event"
        _answer(g, g.active_seats()[0])
    z = g.view("rev2")["zhukov"]
    assert z["current"] is None
    assert [(d["id"], d["headline"]) for d in z["today"]] == [
        ("z03", "resolved"), ("z08", "resolved"), ("z01", "skipped"), ("z10", "resolved")]
    assert [d["title"] for d in z["today"]] == ["Z#3", "Z#8", "Z#1", "Z#10"]


def test_zhukov_view_today_s_cards_start_afresh_each_day_and_the_row_follows_the_day():
    g = run(staged(2, 1, day=3))
    assert g.view("rev1")["zhukov"]["row"] == "middle"
    g.s["today"] = {**g.s["today"], "zhukov_cards": []}
    g.s["day"] = 6
    assert g.view("rev1")["zhukov"]["row"] == "bottom" and g.view("rev1")["zhukov"]["today"] == []
    assert new_game(1, 2, {}).view("spectator")["zhukov"] is None  # Conflict: no Zhukov part


def test_zhukov_view_names_the_spa_phase_fixed_step():
    g = spa_example()
    force_dice(g, [6, 6, 2, 5])
    run(g)
    assert g.view("rev1")["zhukov"]["spa_step"] == "move_snipers"  # the Astoria sniper's tie
    g.apply("rev2", {"type": "move_sniper", "from": "astoria", "to": "radio"})
    assert g.view("rev1")["decision"]["kind"] == "hits"
    assert g.view("rev1")["zhukov"]["spa_step"] == "attack"


def test_zhukov_view_gives_the_injury_that_loses_the_game():
    # Ruling Z3: injury number 5 loses a solo game, number 4 any other.
    assert [new_game(n, 1, {"ruleset": "zhukov"}).view("spectator")["zhukov"]["injury_limit"] for n in (1, 2, 3, 4)] \
        == [5, 4, 4, 4]


def test_zhukov_spa_attack_step_says_why_no_location_rolls():
    # Phase 3, Attack: a location rolls only with a player, an active fighter or a barricade and
    # some strength; with no SPA unit where the players are, the log says so.
    g = staged(2, 1)
    clear_units(g)
    only_frame(g, kinds.zhukov_attack("SPA attack"))
    assert g.s["log"][-1]["text"] == ("SPA attack: no location is attacked (where a player, an active fighter or a "
                                      "barricade is, the SPA strength is 0).")


def test_turn_order_choice_says_the_actions_each_seat_would_have_in_that_position():
    # Phase 2: the team picks the turn order; the player-count table gives 2, 1, 1 actions to 3
    # players, today's lost actions (here one for rev2) count too.
    g = staged(3, 1)
    g.s["today"]["fewer_actions"] = {"rev2": 1}
    only_frame(g, kinds.turn_order())
    assert g.view("rev3")["decision"] == {"kind": "turn_order", "stage": "choose_next", "position": 1,
                                          "actions": {"rev1": 2, "rev2": 1, "rev3": 2}}
    g.apply("rev3", {"type": "choose_next", "seat": "rev1"})
    assert g.view("rev1")["decision"]["actions"] == {"rev2": 0, "rev3": 1}

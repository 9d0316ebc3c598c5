"""Rulebook tests, Zhukov ruleset: the rulings of issue 31 (docs/rulings.md) and the day-4
reshuffle, staged as in tests/test_zhukov_rules.py."""
from __future__ import annotations

from engine import Game
from engine.data.zhukov import ZHUKOV_CARDS
from tests.support import force_dice
from tests.zhukov_staging import (
    ALL_Z,
    CARDS_PER_DAY_Z,
    _drawn,
    clear_units,
    one_card,
    run,
    spa_example,
    staged,
    texts,
)


# ----- Issue 31: rulings Z28, Z29, Z7/Z16 (hostile "up to"), the day-4 reshuffle ------------------
def test_zhukov_z10_local_party_leader_shot_an_empty_handed_player_may_be_chosen_ruling_z28():
    """Appendix D, Z#10 middle: "A player with less than 2 cards in hand may be chosen. That player
    discards all cards from their hand." The empty-handed rev2 is offered and discards nothing."""
    g = staged(2, 1, day=3)
    g.s["support"] = 3  # neutral: either colour resolves
    g.s["hands"]["rev2"] = []
    before = list(g.s["hands"]["rev1"])
    one_card(g, "z10")
    assert g.active_seats() == ["rev1", "rev2"]
    assert {a["seat"] for a in g.legal_actions("rev1") if a["type"] == "choose_player"} == {"rev1", "rev2"}
    g.apply("rev2", {"type": "choose_player", "seat": "rev2"})
    assert g.s["hands"]["rev1"] == before and g.s["hands"]["rev2"] == []
    assert "Local Party leader shot: rev2 has no card to discard." in texts(g)


def test_zhukov_z10_a_player_with_one_card_discards_it_ruling_z28():
    g = staged(2, 1, day=3)
    g.s["support"] = 3  # neutral: either colour resolves
    g.s["hands"]["rev2"] = g.s["hands"]["rev2"][:1]
    one_card(g, "z10")
    g.apply("rev1", {"type": "choose_player", "seat": "rev2"})
    while "rev2" in g.active_seats():
        g.apply("rev2", [a for a in g.legal_actions("rev2") if a["type"] == "discard"][0])
    assert g.s["hands"]["rev2"] == []


PP = "printing_press"


def _press_in_play(g: Game) -> Game:
    from engine.effects import printing_press

    g.s["day"] = 3
    printing_press.start_of_day(g)
    return g


def test_zhukov_spa_units_never_enter_the_printing_press_ruling_r103():
    """R103 (amended, issue 31): the fixed SPA steps move militia and snipers on the city's strings
    only, as Conflict's SPA cards do: rev1 in the Printing Press draws no militia from Blaha Lujza
    Square, no sniper steps in, and nothing there is attacked."""
    g = spa_example()
    g.s["options"]["promo_printing_press"] = True
    _press_in_play(g)
    s = g.s
    assert PP in s["locations"]
    clear_units(g)
    s["positions"] = {"rev1": PP, "rev2": "csepel"}
    s["locations"]["blaha"]["militia"] = 2
    s["locations"]["stalin"]["snipers"] = 1  # 1 step from Blaha, which is 1 from the press
    s["locations"]["radio"]["snipers"] = 1
    force_dice(g, [6, 6] * 4)
    run(g)
    while g.result is None and s["stack"] and s["stack"][-1]["kind"] != "zhukov_attack" and g.active_seats():
        seat = g.active_seats()[0]
        g.apply(seat, [a for a in g.legal_actions(seat) if a["type"] != "undo"][0])
    assert s["locations"][PP]["militia"] == 0 and s["locations"][PP]["snipers"] == 0
    assert s["locations"]["blaha"]["militia"] == 2  # no player next to it in the city
    assert s["injuries"]["rev1"] == 0
    assert not any(e.get("dice", {}).get("location") == PP for e in s["log"])


def test_zhukov_z01_sympathetic_soviets_moves_no_unit_into_the_printing_press_ruling_r103():
    g = staged(2, 1, day=6, promo_printing_press=True)
    _press_in_play(g)
    g.s["day"] = 6
    g.s["support"] = 3  # neutral: either colour resolves
    g.s["locations"]["blaha"].update(militia=1, soviet_tanks=1, barricades=0)
    one_card(g, "z01")
    seen = []
    while g.active_seats() and g.s["phase"] == "soviet":
        seat = g.active_seats()[0]
        acts = [a for a in g.legal_actions(seat) if a["type"] != "undo"]
        moves = [a for a in acts if a["type"] == "move_unit"]
        seen += moves
        g.apply(seat, next((a for a in acts if a["type"] == "done"), acts[0]))
    from_blaha = [a for a in seen if a["from"] == "blaha"]
    assert from_blaha and not [a for a in seen if a["to"] == PP]


def test_zhukov_e18_placement_the_players_choose_how_many_militia_none_included_ruling_z16():
    """Z16 (re-decided, issue 31): E#18 "Move up to 2 militia ... into Csepel" placed by a Zhukov
    card: the players make the text's choice, how many included, so they may move none."""
    g = staged(2, 1)
    clear_units(g)
    g.s["locations"]["csepel"]["event"] = None
    for loc in ("corvin", "szena"):
        g.s["locations"][loc]["militia"] = 1
    g.s["support"] = 2  # green: the red card skips its headline, only the event step acts
    one_card(g, "z14", major_top="e18")
    assert g.s["locations"]["csepel"]["event"] == "e18"
    acts = g.legal_actions("rev2")
    assert {"type": "done"} in acts and any(a["type"] == "move_militia" for a in acts)
    assert g.view("rev1")["decision"]["optional"] is True
    g.apply("rev2", {"type": "done"})
    assert g.s["locations"]["csepel"]["militia"] == 0


def test_zhukov_z10_eisenhower_up_to_2_locations_the_players_choose_how_many_ruling_z7():
    """Z7 (re-decided, issue 31): Z#10 bottom repeats H#41's "up to 2 locations": the players may
    stop after one location, or remove none; the morale shift still happens."""
    g = staged(2, 1, day=6)
    g.s["support"] = 3
    with_tiles = [x for x, h in g.s["locations"].items() if h["inactive"] or h["facedown"]]
    assert len(with_tiles) >= 2
    morale = g.s["morale"]
    one_card(g, "z10")
    assert g.s["morale"] == morale - 1
    acts = g.legal_actions("rev1")
    assert {"type": "done"} in acts and {a["location"] for a in acts if a["type"] == "choose_location"} == set(with_tiles)
    g.apply("rev1", {"type": "choose_location", "location": with_tiles[0]})
    here = g.s["locations"][with_tiles[0]]
    assert here["inactive"] is None and here["facedown"] == []
    g.apply("rev2", {"type": "done"})
    assert all(g.s["locations"][x]["inactive"] or g.s["locations"][x]["facedown"] for x in with_tiles[1:])


def test_zhukov_z08_bloodbath_in_the_countryside_places_a_tank_and_shifts_no_morale_ruling_r100():
    """R100 (extended, issue 31): Z#8 middle reads as H#30 of the same title: a Soviet tank in a
    location with an event, no morale shift."""
    g = staged(2, 1, day=3)
    g.s["support"] = 3
    morale = g.s["morale"]
    events = [x for x, h in g.s["locations"].items() if h["event"]]
    one_card(g, "z08")
    acts = g.legal_actions("rev1")
    assert {a["location"] for a in acts if a["type"] == "choose_location"} == set(events)
    tanks = g.s["locations"][events[0]]["soviet_tanks"]
    g.apply("rev1", {"type": "choose_location", "location": events[0]})
    assert g.s["locations"][events[0]]["soviet_tanks"] == tanks + 1
    assert g.s["morale"] == morale


def test_zhukov_z02_hungarian_army_units_join_places_the_tank_with_no_morale_shift_ruling_z29():
    """Z29 (issue 31): Appendix D's Z#2 repeats only H#31's placement clarification, not its 5
    active fighters: a random revolutionary tank joins in Corvin Passage, and morale stays even
    with 5 or more active fighters on the board."""
    g = staged(2, 1, day=3)
    g.s["support"] = 3
    g.s["locations"]["corvin"]["active"] = []
    tiles = [t for h in g.s["locations"].values() for t in h["facedown"]][:4]
    for h in g.s["locations"].values():
        h["facedown"] = [t for t in h["facedown"] if t not in tiles]
    g.s["locations"]["bem"]["active"] = tiles  # 4 active fighters: the tank makes 5
    morale = g.s["morale"]
    one_card(g, "z02")
    assert [f for f in g.s["locations"]["corvin"]["active"] if f.startswith("rt_")]
    assert sum(len(h["active"]) for h in g.s["locations"].values()) >= 5
    assert g.s["morale"] == morale
    assert not any("Hungarian Army units join:" in t for t in texts(g))


def test_zhukov_day_4_reshuffle_puts_the_2_just_resolved_back_and_leaves_12_for_days_5_to_7_ruling_z13():
    """Z13 (re-checked, issue 31): "shuffle the discarded cards (including the 2 just resolved) to
    form a new draw deck and draw and resolve 2 more cards from it": the first 2 cards of day 4
    are back in the deck (they may even come again that day); the 2 drawn after the reshuffle are
    discarded, so 12 cards are left for the 12 draws of days 5-7 and every card is drawn exactly
    twice in a game. Day 4 resolves middle headlines, none of which lapses, so no reminder is on
    the board at the reshuffle."""
    assert not any(c["headlines"][1]["lapsing"] for c in ZHUKOV_CARDS)
    g = staged(2, 4, day=4)
    s = g.s
    s["zhukov_deck"], s["zhukov_discard"] = ["z03", "z07"], [c for c in ALL_Z if c not in ("z03", "z07")]
    run(g)
    while g.s["phase"] == "soviet" and g.result is None:
        seat = g.active_seats()[0]
        g.apply(seat, [a for a in g.legal_actions(seat) if a["type"] != "undo"][0])
    drawn = _drawn(g)
    assert drawn[:2] == ["z07", "z03"] and len(drawn) == 4
    assert sorted(s["zhukov_deck"] + drawn[2:]) == sorted(ALL_Z)  # the first 2 are in the new deck
    assert sorted(s["zhukov_discard"] + s["zhukov_on_board"]) == sorted(drawn[2:])
    assert 3 * CARDS_PER_DAY_Z == len(s["zhukov_deck"]) == 12

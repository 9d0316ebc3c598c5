"""Zhukov ruleset data (DESIGN §7): the 14 General Zhukov cards and the Zhukov setup facts are
complete, consistent with Appendix D and the Conflict headlines, and every record says where it
comes from."""
from __future__ import annotations

import copy

import pytest

from engine.cards import HEADLINE
from engine.data import EVENTS, HEADLINES, LOCATIONS, SUPPORT_TRACK, zhukov, zhukov_setup
from engine.data.check import problems, zhukov_problems
from engine.data.zhukov import EFFECT_OPS, HEADLINE_ROW_BY_DAY, PLACEMENT_ICONS, ZHUKOV_CARDS
from engine.effects import EFFECTS

# Appendix D, transcribed independently of engine/data/zhukov.py: (card, position) -> (title, the
# first words of its clarification).
APPENDIX_D = {
    (3, "top"): ("Péter Veres reads Manifesto", "If there are less than 3 active fighters"),
    (4, "top"): ("Imre Nagy appointed", "The hand limit is 10 cards."),
    (5, "top"): ("Protests in Poland", "When used for the \"Resolve an event\" action"),
    (6, "top"): ("March of the Bloodied Flag", "The hand limit is 10 cards."),
    (9, "top"): ("Georgy Zhukov orders entry into Budapest", "If there is only one event on the board"),
    (10, "top"): ("First speech of Imre Nagy", "A player with no revolutionary cards"),
    (11, "top"): ("Ernő Gerő requests intervention", "If there are no events on the board place the Soviet tank"),
    (12, "top"): ("Antal Apró orders arrest of the \"fascist mob\"", "If there is no event on the board do not"),
    (13, "top"): ("Curfew", "The player with one less action may be left with zero actions."),
    (14, "top"): ("Authorities open fire on the crowd", "The card takes effect even if there is a barricade"),
    (2, "middle"): ("Hungarian Army units join", "The revolutionary tank is chosen randomly"),
    (4, "middle"): ("Fighters with heavy weaponry", "The hand limit is 10 cards."),
    (8, "middle"): ("Bloodbath in the countryside", "If there are no events on the board place the Soviet tank"),
    (10, "middle"): ("Local Party leader shot", "A player with less than 2 cards in hand may be chosen."),
    (11, "middle"): ("News blockade in Romania", "The card takes effect even if there is a barricade token on the "
                                                "location of a Soviet tank."),
    (12, "middle"): ("Soviets stationed at the Parliament", "The sniper and the Soviet tank may be placed on "
                                                           "different events."),
    (13, "middle"): ("Offer of amnesty", "A revolutionary tank can be chosen to be removed."),
    (14, "middle"): ("Pál Maléter expels civilians from Kilián Barracks", "The card takes effect even if there is "
                                                                         "a barricade token on Corvin Passage"),
    (1, "bottom"): ("Sympathetic Soviets", "Militia or Soviet tanks cannot be moved"),
    (4, "bottom"): ("Radio Free Europe", "The hand limit is 10 cards."),
    (9, "bottom"): ("Truce betrayed", "After placing the Soviet tanks"),
    (10, "bottom"): ("President Eisenhower refuses to help", "Do not remove active fighters and revolutionary tanks."),
    (11, "bottom"): ("Party leaders flee the country", "If there are no events on the board, place the Soviet tank"),
    (12, "bottom"): ("Organizing Worker's Militia", "If there is only one event on the board, place both snipers"),
    (13, "bottom"): ("Discord in revolutionary groups", "The player with one less action may be left with zero"),
    (14, "bottom"): ("Authorities open fire on the crowd", "The card takes effect even if there is a barricade"),
}


def _headline(number: int, position: str) -> dict:
    card = ZHUKOV_CARDS[number - 1]
    return next(h for h in card["headlines"] if h["position"] == position)


def test_zhukov_data_self_check_finds_no_problem():
    """The Zhukov self-check is clean and is part of the component self-check."""
    assert zhukov_problems() == []
    assert problems() == []


def test_zhukov_components_14_general_zhukov_cards_each_with_three_headlines():
    """Components: 14 General Zhukov cards. Phase 1: every card has 3 headline titles and effects
    (top, middle, bottom) and one event placement icon."""
    assert len(ZHUKOV_CARDS) == 14
    assert [c["id"] for c in ZHUKOV_CARDS] == [f"z{i:02d}" for i in range(1, 15)]
    for c in ZHUKOV_CARDS:
        assert [h["position"] for h in c["headlines"]] == ["top", "middle", "bottom"], c["id"]
        for h in c["headlines"]:
            assert h["title"] and h["text"] and h["effect"], (c["id"], h["position"])
        assert c["placement"] in PLACEMENT_ICONS


def test_zhukov_titles_and_clarifications_match_appendix_d():
    """Every headline Appendix D names has that title at that position on that card, with its
    clarification; the 16 it does not name are marked reconstructed and carry no clarification."""
    assert len(APPENDIX_D) == 26
    for c in ZHUKOV_CARDS:
        for h in c["headlines"]:
            key = (c["number"], h["position"])
            if key in APPENDIX_D:
                title, clarification = APPENDIX_D[key]
                assert h["title"] == title, key
                assert h["clarification"].startswith(clarification), key
                assert h["title_provenance"] == "rulebook", key
            else:
                assert h["title_provenance"] == "reconstructed" and h["clarification"] is None, key
                assert "No Appendix D entry" in h["basis"], key


def test_zhukov_every_record_has_provenance_and_a_basis():
    """DESIGN §7: every card, headline and Zhukov setup record says rulebook or reconstructed, and
    a reconstructed one says why in a one-line basis."""
    records = list(ZHUKOV_CARDS) + [h for c in ZHUKOV_CARDS for h in c["headlines"]]
    records += [zhukov_setup.SETUP, zhukov_setup.SOVIET_PHASE, zhukov_setup.ACTIONS_PER_TURN_PROVENANCE,
                zhukov_setup.INJURY_LIMIT_PROVENANCE, zhukov_setup.END]
    records += zhukov_setup.SPA_STEPS + zhukov_setup.EVENT_RULES + zhukov_setup.OPTIONS
    for rec in records:
        assert rec["provenance"] in ("rulebook", "reconstructed"), rec
        if rec["provenance"] == "reconstructed":
            assert isinstance(rec["basis"], str) and rec["basis"].strip() and "\n" not in rec["basis"], rec
    # The rulebook prints no Zhukov card text: every card and headline is a reconstruction.
    assert all(r["provenance"] == "reconstructed" for r in records[:14 + 42])


def test_zhukov_colours_green_or_red_and_the_same_as_the_same_titled_conflict_headlines():
    """Phase 1: a Zhukov card is red or green. Every title is a Conflict headline title (Appendix A)
    of the card's colour; the titled cards make Z#1-Z#6 green and Z#8-Z#14 red, and the untitled
    Z#7 is green so the deck splits 7/7 (ruling Z1)."""
    colours_by_title: dict[str, set[str]] = {}
    for h in HEADLINES:
        colours_by_title.setdefault(h["title"], set()).add(h["colour"])
    for c in ZHUKOV_CARDS:
        assert c["colour"] in ("green", "red")
        for h in c["headlines"]:
            assert colours_by_title[h["title"]] == {c["colour"]}, (c["id"], h["title"])
    assert [c["colour"] for c in ZHUKOV_CARDS] == ["green"] * 7 + ["red"] * 7


def test_zhukov_lapsing_icons_only_on_texts_in_force_all_day():
    """Headline step: a text with the lapsing icon is enforced the whole day. The lapsing texts are
    exactly those whose effect lasts the day (Aid bonus, one less/one more action)."""
    lapsing = {(c["number"], h["position"]) for c in ZHUKOV_CARDS for h in c["headlines"] if h["lapsing"]}
    assert lapsing == {(5, "top"), (5, "bottom"), (6, "bottom"), (13, "top"), (13, "bottom")}
    for c in ZHUKOV_CARDS:
        for h in c["headlines"]:
            assert h["text"].startswith("Lapsing.") is h["lapsing"], (c["id"], h["position"])
            day_long = any(EFFECT_OPS[s["op"]]["day_long"] or (s["op"] == "ref" and HEADLINE[s["effect"]]["lapsing"])
                           for s in h["effect"])
            assert day_long is h["lapsing"], (c["id"], h["position"])


def test_zhukov_event_placement_icons_never_run_the_event_decks_dry():
    """Phase 1: 4 cards a day, on day 4 the deck runs out after 2 and is reshuffled, so each of the
    14 cards is drawn exactly twice in 7 days. With 3 place-major, 6 discard-major and 5
    place-minor icons the game draws 18 of the 19 major events (placing 6) and 10 of the 11
    minor ones (rulings Z2, Z27)."""
    phase = zhukov_setup.SOVIET_PHASE
    deck, discard = [c["id"] for c in ZHUKOV_CARDS], []
    drawn: dict[str, int] = {}
    for day in range(1, 8):
        for i in range(phase["cards_per_day"]):
            if not deck:
                assert day == phase["reshuffle"]["day"] and i == phase["reshuffle"]["after"]
                deck, discard = discard, []
            card = deck.pop()
            drawn[card] = drawn.get(card, 0) + 1
            discard.append(card)
    assert set(drawn.values()) == {2} and len(drawn) == 14
    icons = [c["placement"] for c in ZHUKOV_CARDS]
    assert (icons.count("place_major"), icons.count("discard_major"), icons.count("place_minor")) == (3, 6, 5)
    majors = [e for e in EVENTS if e["period"] in (1, 2, 3)]
    minors = [e for e in EVENTS if e["period"] == "X"]
    assert 2 * (icons.count("place_major") + icons.count("discard_major")) == 18 <= len(majors) == 19
    assert 2 * icons.count("place_minor") == 10 <= len(minors) == 11


def test_zhukov_placement_icons_split_by_colour_ruling_z27():
    """Event step (ruling Z27): green cards carry 4 of the 6 discard-major icons and no major
    placement; the 3 place-major icons are on red cards (Z#8, Z#11, Z#14)."""
    by = {c["number"]: c for c in ZHUKOV_CARDS}
    assert sorted(n for n, c in by.items() if c["placement"] == "place_major") == [8, 11, 14]
    assert sorted(n for n, c in by.items() if c["placement"] == "discard_major") == [1, 3, 5, 7, 9, 12]
    assert all(by[n]["colour"] == "red" for n in (8, 11, 14))
    assert sum(by[n]["colour"] == "green" for n in (1, 3, 5, 7, 9, 12)) == 4


def test_zhukov_headline_step_top_on_days_1_2_middle_on_3_5_bottom_on_6_7():
    """Headline step: the top headline on days 1-2, the middle on days 3-5, the bottom on 6-7."""
    assert HEADLINE_ROW_BY_DAY == {1: "top", 2: "top", 3: "middle", 4: "middle", 5: "middle",
                                   6: "bottom", 7: "bottom"}
    assert zhukov_setup.SOVIET_PHASE["headline_row_by_day"] == HEADLINE_ROW_BY_DAY


def test_zhukov_support_step_uses_the_track_colours():
    """Support step: neutral or matching colour resolves the headline; another colour moves support
    one space toward the neutral 4 and skips it. The track has green spaces beside the neutral 4
    (support step examples: a "green 4") and red ones on the Soviet side."""
    rule = zhukov_setup.SOVIET_PHASE["support_step"]
    assert rule["proceed_if"] == ["neutral", "matching_colour"]
    assert rule["otherwise"] == {"support_toward": "neutral", "steps": 1, "skip": "headline"}
    colours = [t["colour"] for t in SUPPORT_TRACK]
    neutral = colours.index("neutral")
    assert colours[neutral - 1] == "green" and SUPPORT_TRACK[neutral - 1]["hand_limit"] == 4
    assert set(colours) == {"green", "neutral", "red"}


def test_zhukov_effect_refs_are_registered_conflict_effects_of_the_same_title_and_colour():
    """A headline that is the same as a Conflict headline runs that effect (engine/effects) by id;
    the referenced headline has the same title and colour."""
    refs = 0
    for c in ZHUKOV_CARDS:
        for h in c["headlines"]:
            for step in h["effect"]:
                assert step["op"] in EFFECT_OPS, step
                if step["op"] == "ref":
                    refs += 1
                    assert step["effect"] in EFFECTS, step
                    twin = HEADLINE[step["effect"]]
                    assert (twin["title"], twin["colour"]) == (h["title"], c["colour"]), (c["id"], step)
    assert refs >= 20


def test_zhukov_effects_follow_their_appendix_d_clarifications():
    """Where Appendix D changes what a same-titled card does, the structured effect says so."""
    def steps(n, pos):
        return _headline(n, pos)["effect"]

    # Z#9 top / Z#12 bottom: both units on the only event, so otherwise on different events.
    assert steps(9, "top") == [{"op": "place_units", "unit": "soviet_tanks", "count": 2, "where": "event",
                                "distinct": True, "no_event": "different_locations"}]
    assert steps(12, "bottom") == [{"op": "place_units", "unit": "snipers", "count": 2, "where": "event",
                                    "distinct": True, "no_event": "anywhere"}]
    # Z#8 middle, Z#11 top and bottom: a tank on an event, anywhere when there is none.
    for n, pos in ((8, "middle"), (11, "top"), (11, "bottom")):
        tank = [s for s in steps(n, pos) if s["op"] == "place_units"]
        assert tank == [{"op": "place_units", "unit": "soviet_tanks", "count": 1, "where": "event",
                         "distinct": False, "no_event": "anywhere"}], (n, pos)
    # Z#12 top: no event, no sniper (H#6's effect).
    assert steps(12, "top") == [{"op": "ref", "effect": "h06"}]
    # Z#12 middle: a sniper and a tank, possibly on different events.
    assert [s["unit"] for s in steps(12, "middle")] == ["snipers", "soviet_tanks"]
    # Z#9 bottom: levelled over the event locations.
    assert steps(9, "bottom")[0]["where"] == "event_fewest_tanks"
    # Z#11 middle: every tank fires through barricades.
    assert steps(11, "middle") == [{"op": "tanks_fire", "where": "every_tank", "through_barricade": True}]
    # Z#13 middle: a fighter (a revolutionary tank may be chosen) and the tanks toward events.
    assert [s["op"] for s in steps(13, "middle")] == ["remove_active_fighters", "move_tanks_toward_events"]
    # Z#13 bottom: one less action, and the team discards 4 in all.
    assert steps(13, "bottom")[1] == {"op": "discard", "who": "team_total", "count": 4}
    # Z#10 middle: a chosen player discards 2 (all if fewer); Z#10 bottom leaves active fighters.
    assert steps(10, "middle") == [{"op": "discard", "who": "chosen_player", "count": 2}]
    assert [s["op"] for s in steps(10, "bottom")] == ["shift_morale", "remove_inactive_fighters"]
    # Z#14 middle: Corvin Passage and its neighbours, only active fighters removed.
    assert [s["where"] for s in steps(14, "middle")] == ["corvin", "adjacent_to_corvin"]
    # Z#4: a chosen player draws on all three headlines.
    for pos in ("top", "middle", "bottom"):
        assert {"who": "chosen_player"}.items() <= [s for s in steps(4, pos) if s["op"] == "draw"][0].items()
    # Z#1 bottom: militia or Soviet tanks moved, never out of a barricade.
    assert steps(1, "bottom")[1]["units"] == ["militia", "soviet_tanks"]


@pytest.mark.parametrize("breakage, message", [
    (lambda cs: cs[0].update(colour="blue"), "bad colour"),
    (lambda cs: cs[1].update(placement="place_event"), "bad event placement icon"),
    (lambda cs: cs[2].update(basis=""), "reconstructed without a basis"),
    (lambda cs: cs[3]["headlines"][0].update(basis=" "), "reconstructed without a basis"),
    (lambda cs: cs[4]["headlines"][1].update(effect=[{"op": "ref", "effect": "h04"}]), "refers to h04"),
    (lambda cs: cs[5]["headlines"][2].update(lapsing=False), "lapsing"),
    (lambda cs: cs[6]["headlines"][0].update(effect=[{"op": "teleport"}]), "unknown op"),
    (lambda cs: cs[7]["headlines"][1]["effect"][0].update(count=1.0), "bad count"),
    (lambda cs: cs[8]["headlines"][0]["effect"][0].update(count=True), "bad count"),
    (lambda cs: cs[9]["headlines"][0].update(title="Popular support"), "green headline on a red card"),
    (lambda cs: cs[10]["headlines"][0].update(clarification=None), "clarification"),
    (lambda cs: cs.pop(), "13 records"),
    (lambda cs: cs[0]["headlines"].reverse(), "top, middle, bottom"),
    (lambda cs: [c.update(placement="place_minor") for c in cs], "run the event decks dry"),
])
def test_zhukov_self_check_catches_broken_cards(monkeypatch, breakage, message):
    """The self-check reports each kind of broken card record (and accepts no wrong type such as
    1.0 or True for a count)."""
    cards = copy.deepcopy(ZHUKOV_CARDS)
    breakage(cards)
    monkeypatch.setattr(zhukov, "ZHUKOV_CARDS", cards)
    found = zhukov_problems()
    assert any(message in p for p in found), found


def test_zhukov_setup_decks_major_1_2_3_stacked_3_at_the_bottom_minor_x_no_spa_no_headlines():
    """Setting Up the Soviet Side, Playing with Zhukov ruleset: decks 1, 2 and 3 shuffled separately
    and stacked 3 at the bottom (1 on top), the X events shuffled as the minor deck, the Zhukov deck
    shuffled; SPA cards, headline decks (and so the market) are not used."""
    s = zhukov_setup.SETUP
    assert s["major_event_deck"] == {"periods_top_to_bottom": [1, 2, 3], "shuffle": "each_period_separately"}
    assert s["minor_event_deck"] == {"periods": ["X"], "shuffle": True}
    assert s["zhukov_deck"] == {"cards": 14, "shuffle": True}
    assert set(s["not_used"]) == {"headline_decks", "spa_cards", "event_market"}
    assert s["soviet_player"] is False and s["revolutionaries"] == [1, 2, 3, 4]


def test_zhukov_setup_four_revolutionaries_start_two_at_university_and_take_one_action_each():
    """Setup 3d: 4 Revolutionaries (Zhukov only) start University of Technology (2), Bem Statue,
    Corvin Passage. Revolutionary phase: with 4 players every player has 1 action (4 in all)."""
    assert zhukov_setup.SETUP["start_positions"][4] == ["university", "university", "bem", "corvin"]
    assert zhukov_setup.ACTIONS_PER_TURN == {1: [4], 2: [2, 2], 3: [2, 1, 1], 4: [1, 1, 1, 1]}


def test_zhukov_immediate_defeat_injury_limits_with_four_players_the_fourth_injury():
    """Immediate defeat: the 5th injury with 1 player, the 4th with 2-3; 4 players take the 4th
    (ruling Z3: the rulebook names only 1-3)."""
    assert zhukov_setup.INJURY_LIMIT == {1: 5, 2: 4, 3: 4, 4: 4}
    assert zhukov_setup.INJURY_LIMIT_PROVENANCE["provenance"] == "reconstructed"


def test_zhukov_spa_phase_fixed_steps_and_locations():
    """Phase 3: move militia, move snipers, place one militia each in Csepel, Széna Square and HWPP
    Headquarters (else one sniper in Astoria), attack where a player, active fighter or barricade
    is (snipers 3, militia 1; threaten at 9 without a barricade). E#18, E#17 and E#6 skip steps 1,
    2 and 4."""
    by_id = {s["id"]: s for s in zhukov_setup.SPA_STEPS}
    assert list(by_id) == ["move_militia", "move_snipers", "place", "attack"]
    assert by_id["move_militia"]["tie"] == "earlier_in_turn_order"
    assert by_id["move_snipers"]["tie"] == "players_choose"
    for step in ("move_militia", "move_snipers"):
        assert by_id[step]["stays_if"] == ["player", "barricade"]
    assert by_id["place"]["militia"] == {"csepel": 1, "szena": 1, "hwpp": 1}
    assert by_id["place"]["if_no_militia_placed"] == {"unit": "snipers", "location": "astoria", "count": 1}
    attack = by_id["attack"]
    assert attack["strength"] == {"snipers": 3, "militia": 1} and attack["threaten_at"] == 9
    assert attack["fire_where_any"] == ["player", "active_fighter", "barricade"]
    assert {s["id"]: s["skipped_by"] for s in zhukov_setup.SPA_STEPS} == {
        "move_militia": "e18", "move_snipers": "e17", "place": None, "attack": "e06"}
    reinforcement = {loc["id"] for loc in LOCATIONS if loc["reinforcement"]}
    assert set(by_id["place"]["militia"]) == reinforcement


def test_zhukov_first_game_and_difficulty_settings_are_room_options():
    """First Game With Reduced Difficulty (morale 3, one Radio sniper less, activate a fighter) and
    the Zhukov Difficulty Settings (support toward the Soviet end 1-2 times, 2 militia in Astoria
    and/or Blaha Lujza Square, win with 3 or fewer events)."""
    opts = {o["name"]: o for o in zhukov_setup.OPTIONS}
    assert {n for n, o in opts.items() if o["group"] == "first_game"} == {
        "zhukov_easy_morale_3", "zhukov_easy_remove_radio_sniper", "zhukov_easy_activate_fighter"}
    assert {n for n, o in opts.items() if o["group"] == "difficulty"} == {
        "zhukov_support_shift", "zhukov_militia_astoria", "zhukov_militia_blaha", "zhukov_win_with_3_events"}
    assert opts["zhukov_support_shift"]["range"] == [0, 2]
    # Ruling Z12: "activate a fighter on any location" is the option's value, a location id.
    assert opts["zhukov_easy_activate_fighter"]["type"] == "location"
    assert opts["zhukov_win_with_3_events"]["effect"] == {"evaluation_max_events": 3}
    assert zhukov_setup.END["evaluation_max_events"] == 4
    assert all(o["default"] in (False, 0, None) for o in opts.values())


def test_zhukov_event_texts_that_change_in_the_zhukov_ruleset():
    """Appendix B: E#5 placement ignored, E#6/E#17/E#18 rewards skip an SPA step, E#13's H#33
    condition never met, E#19's first reward option forbidden, E#22's penalty is the Attack step."""
    rules = {r["event"]: r["rule"] for r in zhukov_setup.EVENT_RULES}
    assert rules == {"e05": "ignored", "e06": "skip_spa_step", "e13": "condition_never_met",
                     "e17": "skip_spa_step", "e18": "skip_spa_step", "e19": "first_option_forbidden",
                     "e22": "spa_attack_step"}


def test_zhukov_cards_carry_no_mark_and_no_spa_icon():
    """Phase 1: a Zhukov card has headline texts, lapsing icons and one event placement icon, no
    mark or SPA icon, so "H#n resolved" clauses of referenced Conflict texts never apply (ruling
    Z5; Appendix B E#13: "SPA dissolved" never happens in the Zhukov ruleset)."""
    for c in ZHUKOV_CARDS:
        assert set(c) == {"id", "number", "colour", "headlines", "placement", "provenance", "basis"}
        for h in c["headlines"]:
            assert "mark" not in h and "spa" not in h and "cp" not in h
            assert h["title"] != "SPA dissolved"


def test_zhukov_red_headlines_keep_their_up_to_and_the_players_choose_how_many_ruling_z7():
    """Ruling Z7 (re-decided, issue 31): "If the text provides a choice, the players can make the
    choice": a red text keeps the "up to" of the Conflict text it repeats, and the players choose
    how many (none included); a red step is optional exactly when its text says "up to"."""
    for c in ZHUKOV_CARDS:
        if c["colour"] != "red":
            continue
        for h in c["headlines"]:
            ups = [step for step in h["effect"] if step.get("up_to")]
            assert bool(ups) == ("up to" in h["text"]), (c["id"], h["position"])
    eisenhower = _headline(10, "bottom")["effect"][1]
    assert eisenhower == {"op": "remove_inactive_fighters", "locations": 2, "up_to": True}

"""Rulebook: Setup (Setting Up the Board / the Revolutionary Side / the Soviet Side, Conflict
ruleset) and Conflict Ruleset: Difficulty Settings."""
from __future__ import annotations

import json

import pytest

from engine import new_game, replay
from tests.support import game

REV_COUNTS = (1, 2, 3)
ALL_LOCATIONS = ("szena", "bem", "university", "kossuth", "astoria", "radio", "blaha", "corvin", "hwpp",
                 "stalin", "csepel")
DECK1_MAJOR = {f"e{n:02d}" for n in range(4, 10)}
DECK2_MAJOR = {f"e{n:02d}" for n in range(10, 19)}
DECK3 = {f"e{n:02d}" for n in range(19, 23)}
MINOR = {f"e{n:02d}" for n in range(23, 34)}


def _units(view) -> dict:
    """The Soviet/SPA units and barricades of every location that has any."""
    kinds = ("militia", "snipers", "soviet_tanks", "barricades")
    out = {}
    for loc, here in view["locations"].items():
        units = {k: here[k] for k in kinds if here[k]}
        if units:
            out[loc] = units
    return out


def _event_order_top_first(g) -> list[str]:
    """The full event deck in draw order: the market (drawn first, slots 0-5) then the deck, top first."""
    secrets = g.view("admin")["secrets"]
    return [m["event"]["id"] for m in g.view("admin")["market"]] + list(reversed(secrets["event_deck"]))


def _diff(a, b, path=""):
    """Paths where two JSON-like values differ."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for k in sorted(set(a) | set(b), key=str):
            out += _diff(a.get(k), b.get(k), f"{path}.{k}" if path else str(k))
        return out
    return [] if a == b else [path]


# ----- Setting Up the Board ----------------------------------------------------------------------
@pytest.mark.parametrize("revs", REV_COUNTS)
def test_setup_board_day_marker_on_october_23rd(revs):
    """2. Place the day marker on the "October 23rd" space: the game opens on day 1, Soviet phase, headline step."""
    v = game(revs).view("spectator")
    assert (v["day"], v["phase"], v["step"]) == (1, "soviet", "headline")
    assert v["result"] is None
    assert "October 23rd" in v["log"][0]["text"]


@pytest.mark.parametrize("revs", REV_COUNTS)
def test_setup_board_morale_starts_on_underlined_2(revs):
    """3. Place the morale marker on the underlined 2 space of the morale track."""
    v = game(revs).view("rev1")
    assert v["morale_draw"] == 2


@pytest.mark.parametrize("revs", REV_COUNTS)
def test_setup_board_support_starts_on_neutral_underlined_4(revs):
    """4. Place the support marker on the underlined (neutral) 4 space of the support track."""
    v = game(revs).view("soviet")
    assert v["soviet_hand_limit"] == 4
    assert v["support_colour"] == "neutral"


def test_setup_board_revolutionary_tanks_start_next_to_the_board():
    """5. Take the 3 revolutionary tank tiles and place them next to the board (none on it)."""
    v = game(2).view("rev1")
    assert v["rev_tank_supply"] == 3
    assert all(loc["revolutionary_tanks"] == [] for loc in v["locations"].values())


@pytest.mark.parametrize("revs", REV_COUNTS)
def test_setup_board_two_fighters_per_location_top_face_up_and_inactive(revs):
    """6. Randomly place 2 of the 22 fighters on each location, flip the top one face up with an inactive marker."""
    g = game(revs, seed=11)
    v = g.view("rev1")
    for loc in ALL_LOCATIONS:
        here = v["locations"][loc]
        assert len(here["fighters"]) == 1, loc
        assert here["fighters"][0]["active"] is False
        assert here["facedown"] == 1
    secrets = g.view("admin")["secrets"]["facedown"]
    face_up = [v["locations"][loc]["fighters"][0]["id"] for loc in ALL_LOCATIONS]
    face_down = [fid for loc in ALL_LOCATIONS for fid in secrets[loc]]
    assert len(face_down) == 11
    assert len(set(face_up + face_down)) == 22
    assert all(fid.startswith("f_") for fid in face_up + face_down)


def test_setup_board_face_down_fighters_are_only_counted_in_views():
    """6. The bottom fighter is face down: players see that it is there, never who it is."""
    g = game(3, seed=5)
    hidden = [fid for ids in g.view("admin")["secrets"]["facedown"].values() for fid in ids]
    for seat in ("soviet", "rev1", "rev2", "rev3", "spectator"):
        text = json.dumps(g.view(seat))
        assert not [fid for fid in hidden if fid in text], seat


def test_setup_board_fighter_placement_is_random():
    """6. The fighters are placed randomly: different seeds give different face-up fighters."""
    tops = {tuple(loc["fighters"][0]["id"] for loc in game(2, seed=s).view("rev1")["locations"].values())
            for s in range(5)}
    assert len(tops) > 1


@pytest.mark.parametrize("revs", REV_COUNTS)
def test_setup_board_snipers_tanks_and_militia(revs):
    """7. Kossuth Square: 1 sniper 1 tank; Radio: 1 sniper 1 tank; HWPP: 1 sniper; Stalin Sq: 2 militia; Csepel: 1 militia; Széna Sq: 1 militia."""
    assert _units(game(revs).view("spectator")) == {
        "kossuth": {"snipers": 1, "soviet_tanks": 1},
        "radio": {"snipers": 1, "soviet_tanks": 1},
        "hwpp": {"snipers": 1},
        "stalin": {"militia": 2},
        "csepel": {"militia": 1},
        "szena": {"militia": 1},
    }


@pytest.mark.parametrize("revs", REV_COUNTS)
def test_setup_board_three_starting_events(revs):
    """8. Students' demands at University of Technology, Petőfi Circle organizes protest at Bem Statue, Civilians Armed in Corvin Passage."""
    locs = game(revs).view("rev1")["locations"]
    events = {loc: v["event"]["title"] for loc, v in locs.items() if v["event"]}
    assert events == {"university": "Students' demands", "bem": "Petőfi Circle organizes protest",
                      "corvin": "Civilians armed"}


# ----- Setting Up the Revolutionary Side ---------------------------------------------------------
@pytest.mark.parametrize("revs", REV_COUNTS)
def test_setup_revolutionaries_deal_5_cards_to_each_revolutionary(revs):
    """Revolutionary side 1. Deal 5 cards to each Revolutionary player (each sees only their own)."""
    g = game(revs, seed=3)
    seats = [f"rev{i}" for i in range(1, revs + 1)]
    assert g.seats == ("soviet", *seats)
    for seat in seats:
        v = g.view(seat)
        assert len(v["hand"]) == 5
        assert all(c["id"].startswith("rc_") for c in v["hand"])
        assert v["hands"][seat] == 5
    assert g.view("spectator")["hand"] == []
    assert g.view("spectator")["rev_deck_count"] == 38 - 5 * revs
    dealt = [c["id"] for seat in seats for c in g.view(seat)["hand"]]
    assert len(set(dealt)) == 5 * revs


@pytest.mark.parametrize("revs,expected", [
    (1, {"rev1": "university"}),
    (2, {"rev1": "university", "rev2": "bem"}),
    (3, {"rev1": "university", "rev2": "bem", "rev3": "corvin"}),
])
def test_setup_revolutionaries_start_locations_by_player_count(revs, expected):
    """Revolutionary side 3. 1 player: University; 2: University, Bem Statue; 3: University, Bem Statue, Corvin Passage."""
    v = game(revs).view("spectator")
    assert v["positions"] == expected
    for seat, loc in expected.items():
        assert seat in v["locations"][loc]["players"]
    assert v["injuries"] == {seat: 0 for seat in expected}


# ----- Setting Up the Soviet Side (Conflict ruleset) ---------------------------------------------
@pytest.mark.parametrize("revs", REV_COUNTS)
def test_setup_soviet_deal_4_headlines_from_day_of_the_revolution_deck(revs):
    """Soviet side 6. Deal 4 headline cards to the Soviet commander from the deck "Day of the Revolution" (1)."""
    g = game(revs, seed=4)
    v = g.view("soviet")
    assert len(v["hand"]) == 4
    assert {c["period"] for c in v["hand"]} == {1}
    assert v["headline_decks"] == {"1": 7, "2": 20, "3": 11}
    assert v["hands"]["soviet"] == 4
    assert g.view("rev1")["hand"] != v["hand"]  # only the Soviet sees the headlines


@pytest.mark.parametrize("revs", REV_COUNTS)
def test_setup_soviet_spa_pool_of_8_face_up(revs):
    """Soviet side 7. Give all 8 State Protection Authority cards to the Soviet commander as a face-up pool."""
    v = game(revs).view("rev1")
    assert len(v["spa_pool"]) == 8
    assert v["spa_queue"] == []
    kinds = [c["kind"] for c in v["spa_pool"]]
    assert set(kinds) == {"move_sniper", "move_militia", "place_militia", "attack"}
    assert kinds.count("attack") >= 2


@pytest.mark.parametrize("revs", REV_COUNTS)
def test_setup_soviet_market_filled_with_6_events_from_the_top(revs):
    """Soviet side 4. Fill the 6 market slots with one event each from the top of the event deck (deck 1)."""
    g = game(revs, seed=8)
    market = g.view("soviet")["market"]
    assert [m["slot"] for m in market] == [0, 1, 2, 3, 4, 5]
    assert [m["surcharge"] for m in market] == [0, 0, 1, 1, 2, 2]
    ids = [m["event"]["id"] for m in market]
    assert len(set(ids)) == 6
    assert set(ids) <= DECK1_MAJOR | MINOR
    assert g.view("soviet")["event_deck_count"] == 24


@pytest.mark.parametrize("revs", REV_COUNTS)
@pytest.mark.parametrize("seed", [0, 1, 2, 99])
def test_setup_soviet_event_deck_built_from_1_2_3_x_decks(revs, seed):
    """Soviet side 2-3. 3 X into deck 1, 4 X into deck 2, none into 3; stack X (4 left) at the bottom, then 3, 2, 1 on top."""
    g = game(revs, seed=seed)
    order = _event_order_top_first(g)
    assert len(order) == 30 == len(set(order))
    deck1, deck2, deck3, rest = order[:9], order[9:22], order[22:26], order[26:]
    assert set(deck1) & DECK1_MAJOR == DECK1_MAJOR and len(set(deck1) & MINOR) == 3
    assert set(deck2) & DECK2_MAJOR == DECK2_MAJOR and len(set(deck2) & MINOR) == 4
    assert set(deck3) == DECK3
    assert set(rest) <= MINOR and len(rest) == 4
    assert set(deck1 + deck2 + rest) & MINOR == MINOR
    assert not (set(order) & {"e01", "e02", "e03"})  # the starting events are on the board, not in the deck


def test_setup_soviet_event_decks_are_shuffled():
    """Soviet side 2. The X events are shuffled randomly into the decks: seeds give different orders."""
    orders = {tuple(_event_order_top_first(game(2, seed=s))) for s in range(6)}
    assert len(orders) > 1


# ----- determinism ----------------------------------------------------------------------------------
@pytest.mark.parametrize("revs", REV_COUNTS)
def test_setup_same_seed_gives_the_same_game(revs):
    """DESIGN §2: the engine is a deterministic function of (revolutionaries, options, seed)."""
    a, b = new_game(revs, 42, {}), new_game(revs, 42, {})
    assert a.to_dict() == b.to_dict()
    assert a.view("admin") == b.view("admin")
    assert replay(a.record()).to_dict() == a.to_dict()


@pytest.mark.parametrize("revs", REV_COUNTS)
def test_setup_different_seeds_give_different_games(revs):
    """DESIGN §2: randomness comes from the seeded PRNG, so another seed shuffles differently."""
    a, b = new_game(revs, 1, {}), new_game(revs, 2, {})
    sa, sb = a.to_dict(), b.to_dict()
    assert sa != sb
    assert (sa["hands"], sa["market"], sa["event_deck"]) != (sb["hands"], sb["market"], sb["event_deck"])


# ----- Difficulty Settings ----------------------------------------------------------------------------
def _changes(revs: int, **options) -> tuple[dict, dict, list[str]]:
    plain = new_game(revs, 17, {}).to_dict()
    tuned = new_game(revs, 17, options).to_dict()
    paths = [p for p in _diff(plain, tuned) if not p.startswith("options")]
    return plain, tuned, paths


@pytest.mark.parametrize("steps", [1, 2])
def test_difficulty_shift_morale_toward_hungarian_end_once_or_twice(steps):
    """Favouring the Revolutionaries: shift morale towards the Hungarian end once or 2 times after setup."""
    _, tuned, paths = _changes(2, rev_morale_shift=steps)
    assert paths == ["morale"]
    assert new_game(2, 17, {"rev_morale_shift": steps}).view("rev1")["morale_draw"] == 2 + steps


def test_difficulty_remove_the_sniper_from_the_radio():
    """Favouring the Revolutionaries: remove the sniper from the Radio after setup."""
    plain, tuned, paths = _changes(2, rev_remove_radio_sniper=True)
    assert paths == ["locations.radio.snipers"]
    assert tuned["locations"]["radio"]["snipers"] == 0
    assert tuned["locations"]["radio"]["soviet_tanks"] == 1


def test_difficulty_increase_injury_limit_changes_nothing_at_setup():
    """Favouring the Revolutionaries: increase the limit of injuries for immediate defeat by one (no board change)."""
    _, tuned, paths = _changes(3, rev_injury_limit_plus_one=True)
    assert paths == []
    assert tuned["options"] == {"rev_injury_limit_plus_one": True}


def test_difficulty_activate_a_fighter_where_a_revolutionary_stands():
    """Favouring the Revolutionaries: activate a fighter in the same location as one of the Revolutionary players
    (one Revolutionary: no choice to make)."""
    plain, tuned, paths = _changes(1, rev_activate_fighter=True)
    before, after = plain["locations"]["university"], tuned["locations"]["university"]
    assert {p for p in paths if p.startswith("locations")} == {
        "locations.university.active", "locations.university.facedown", "locations.university.inactive"}
    assert after["active"] == [before["inactive"]]
    assert after["inactive"] == before["facedown"][0]
    assert after["facedown"] == []
    v = new_game(1, 17, {"rev_activate_fighter": True}).view("rev1")["locations"]["university"]
    assert [f["active"] for f in v["fighters"]] == [True, False]
    assert v["facedown"] == 0


def test_difficulty_activate_a_fighter_the_team_chooses_which_revolutionarys_location():
    """R31: "in the same location as one of the Revolutionary players": the team chooses which
    player's location, before the first headline step; the first to click decides."""
    g = new_game(3, 17, {"rev_activate_fighter": True})
    assert g.active_seats() == ["rev1", "rev2", "rev3"]
    offered = sorted(a["location"] for a in g.legal_actions("rev2") if a["type"] == "choose_location")
    assert offered == ["bem", "corvin", "university"]
    inactive = g.s["locations"]["corvin"]["inactive"]
    g.apply("rev3", {"type": "choose_location", "location": "corvin"})
    v = g.view("spectator")["locations"]
    assert [f["id"] for f in v["corvin"]["fighters"] if f["active"]] == [inactive]
    assert all(not f["active"] for loc in ("university", "bem") for f in v[loc]["fighters"])
    assert g.active_seats() == ["soviet"] and g.view("soviet")["step"] == "headline"


def test_difficulty_shift_morale_toward_soviet_end():
    """Favouring the Soviet commander: shift morale towards the Soviet end after setup."""
    _, tuned, paths = _changes(2, soviet_morale_shift=True)
    assert paths == ["morale"]
    assert new_game(2, 17, {"soviet_morale_shift": True}).view("rev1")["morale_draw"] == 1


@pytest.mark.parametrize("option,loc,militia", [("soviet_militia_csepel", "csepel", 2),
                                                ("soviet_militia_stalin", "stalin", 3)])
def test_difficulty_place_one_militia_in_csepel_and_or_stalin_square(option, loc, militia):
    """Favouring the Soviet commander: place one militia in Csepel and/or Stalin Square after setup."""
    _, tuned, paths = _changes(2, **{option: True})
    assert paths == [f"locations.{loc}.militia"]
    assert tuned["locations"][loc]["militia"] == militia


def test_difficulty_place_militia_in_both_csepel_and_stalin_square():
    """Favouring the Soviet commander: the two militia options combine ("and/or")."""
    _, tuned, paths = _changes(2, soviet_militia_csepel=True, soviet_militia_stalin=True)
    assert sorted(paths) == ["locations.csepel.militia", "locations.stalin.militia"]
    assert (tuned["locations"]["csepel"]["militia"], tuned["locations"]["stalin"]["militia"]) == (2, 3)


def test_difficulty_shift_support_toward_soviet_end():
    """Favouring the Soviet commander: shift support towards the Soviet end after setup (larger Soviet hand limit)."""
    _, tuned, paths = _changes(2, soviet_support_shift=True)
    assert paths == ["support"]
    v = new_game(2, 17, {"soviet_support_shift": True}).view("soviet")
    assert v["soviet_hand_limit"] == 5
    assert v["support_colour"] == "red"


def test_promo_alternative_starting_events_replace_the_three_default_ones():
    """Promo: swap the 3 starting events for the alternative ones at University, Bem Statue and Corvin Passage."""
    _, tuned, paths = _changes(2, alternative_start_events=True)
    assert sorted(paths) == ["locations.bem.event", "locations.corvin.event", "locations.university.event"]
    locs = new_game(2, 17, {"alternative_start_events": True}).view("rev1")["locations"]
    assert locs["university"]["event"]["title"] == "Growing social discontent"
    assert locs["bem"]["event"]["title"] == "Remembering Poznań"
    assert locs["corvin"]["event"]["title"] == "SPA members suspected"


@pytest.mark.parametrize("option,card", [("promo_ak47", "rc_ak47"), ("promo_last_stand", "rc_last_stand")])
def test_promo_card_shuffled_into_the_revolutionary_deck(option, card):
    """Promo: shuffle the "AK-47" / "Last Stand" card into the Revolutionary card deck."""
    s = new_game(2, 17, {option: True}).to_dict()
    cards = s["rev_deck"] + [c for h in s["hands"].values() for c in h]
    assert len(cards) == 39
    assert card in cards
    plain = new_game(2, 17, {}).to_dict()
    assert card not in plain["rev_deck"] + [c for h in plain["hands"].values() for c in h]


def test_difficulty_default_values_are_not_recorded():
    """Options equal to their defaults are no options at all (the record stays canonical)."""
    g = new_game(2, 3, {"rev_morale_shift": 0, "soviet_morale_shift": False})
    assert g.record()["options"] == {}
    assert g.to_dict() == new_game(2, 3, {}).to_dict()


@pytest.mark.parametrize("options", [
    {"no_such_option": True},
    {"rev_morale_shift": 3},
    {"rev_morale_shift": -1},
    {"rev_morale_shift": "1"},
    {"rev_morale_shift": True},
    {"rev_morale_shift": 1.0},
    {"rev_remove_radio_sniper": 1},
    {"soviet_support_shift": "yes"},
    {"promo_ak47": None},
])
def test_difficulty_unknown_or_ill_typed_options_raise_value_error(options):
    """Options are named and typed: an unknown name or a bad value is refused with ValueError."""
    with pytest.raises(ValueError):
        new_game(2, 1, options)


def test_setup_refuses_bad_player_count_seed_or_options_object():
    """Conflict ruleset: 1-3 Revolutionaries (4 only in Zhukov); seed must be an int; options an object."""
    for revs in (0, 4):
        with pytest.raises(ValueError):
            new_game(revs, 1, {})
    with pytest.raises(ValueError):
        new_game(2, "7", {})
    with pytest.raises(ValueError):
        new_game(2, 1, ["rev_morale_shift"])

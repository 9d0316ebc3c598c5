"""Component data (DESIGN §7): complete, consistent, every record with its provenance."""
from __future__ import annotations

from engine.board import DISTANCE, LOCATION_IDS, NEIGHBOURS, adjacent
from engine.data import (
    EVENTS,
    FIGHTERS,
    HEADLINES,
    ICONS,
    REVOLUTIONARY_CARDS,
    REVOLUTIONARY_TANKS,
    SPA_CARDS,
)
from engine.data.check import problems


def test_component_data_self_check_finds_no_problem():
    """Counts (11 locations, 42 headlines, 33 events, 38 cards, 22 fighters, 3 tanks, 8 SPA),
    unique ids, valid icons and locations, provenance and basis on every record."""
    assert problems() == []


def test_every_headline_number_is_complete():
    """Headline CP, colour, SPA icon (red cards: 0-3), lapsing and mark icons are all set."""
    assert len(HEADLINES) == 42
    for h in HEADLINES:
        assert isinstance(h["cp"], int) and 1 <= h["cp"] <= 5, h["id"]
        assert h["colour"] in ("red", "green")
        if h["colour"] == "red":
            assert h["spa"] in (0, 1, 2, 3), h["id"]
        assert isinstance(h["lapsing"], bool) and isinstance(h["mark"], bool)
        assert h["text"]


def test_every_event_number_is_complete():
    """Event cost (minor: X), location, resource requirements and icons are all set."""
    assert len(EVENTS) == 33
    for e in EVENTS:
        assert e["location"] in LOCATION_IDS + ("anywhere", "anywhere_sniper"), e["id"]
        assert e["requires"] and all(i in ICONS for i in e["requires"])
        if e["period"] == "X":
            assert e["cost"] is None
        else:
            assert isinstance(e["cost"], int)
        assert e["reward"]


def test_cards_fighters_tanks_and_spa_have_icons_or_kinds():
    """38 revolutionary cards with icons, 22 fighters with icons, 3 tanks, 8 SPA cards with >= 2 Attack!."""
    assert len(REVOLUTIONARY_CARDS) == 38 and all(c["icons"] or c.get("ability") for c in REVOLUTIONARY_CARDS)
    assert len(FIGHTERS) == 22 and all(f["icons"] for f in FIGHTERS)
    assert [t["name"] for t in REVOLUTIONARY_TANKS] == ["Howitzer", "T-34", "T-55"]
    assert sum(1 for c in SPA_CARDS if c["kind"] == "attack") >= 2


def test_adjacency_matches_the_rulebook_examples():
    """Radio-Corvin Passage, Astoria-Radio and Csepel-Corvin Passage are adjacent; Astoria-Corvin
    Passage are not (Revolutionary phase and SPA examples); the map is connected, 2-4 neighbours."""
    assert adjacent("radio", "corvin") and adjacent("corvin", "radio")
    assert adjacent("astoria", "radio")
    assert adjacent("csepel", "corvin")
    assert not adjacent("astoria", "corvin")
    assert DISTANCE["astoria"]["corvin"] == 2  # "The sniper on Astoria is 2 distance away"
    for loc in LOCATION_IDS:
        assert 2 <= len(NEIGHBOURS[loc]) <= 4
        assert len([x for x in DISTANCE[loc] if x in LOCATION_IDS]) == 11  # (+ the promo Printing Press)


# Costs of the major events as first reconstructed, before the balance tuning (R95, R104, R106).
FIRST_RECONSTRUCTED_COST = {
    "e04": 3, "e05": 1, "e06": 2, "e07": 2, "e08": 1, "e09": 2,
    "e10": 4, "e11": 3, "e12": 3, "e13": 2, "e14": 3, "e15": 2, "e16": 2, "e17": 3, "e18": 3,
    "e19": 4, "e20": 3, "e21": 3, "e22": 5,
}


def test_r106_major_event_costs_period_1_plus_2_periods_2_and_3_as_first_reconstructed():
    """R104 (replacing R96's +3 on period 3) added 1 CP to the reconstructed base cost of every major
    event, never above 5 CP; R106, after the bots' blunders were fixed, sets period 1 at +2 and
    periods 2 and 3 back at their first reconstructed costs. Every major costs 2-5 like the
    rulebook's market example (majors of 2 and 4 CP). The starting events (0) and the minor X events
    (cost by count) keep theirs, and every major's basis says how its cost was reached."""
    from engine.data.events import MAJOR_COST_CAP, MAJOR_COST_TUNING

    assert MAJOR_COST_TUNING == {1: 2, 2: 0, 3: 0} and MAJOR_COST_CAP == 5
    by_id = {e["id"]: e for e in EVENTS}
    for eid, first in FIRST_RECONSTRUCTED_COST.items():
        e = by_id[eid]
        assert e["provenance"] == "reconstructed", eid
        assert "R106" in e["basis"], eid
        if e["period"] == 1:
            assert e["cost"] == min(5, first + 2), eid
            assert f"Base cost {first} as first reconstructed, +2 for period 1" in e["basis"], eid
        else:
            assert e["cost"] == first, eid
            assert f"Base cost {first} as first reconstructed, untuned" in e["basis"], eid
    assert [by_id[e]["cost"] for e in ("e04", "e05", "e06", "e07", "e08", "e09")] == [5, 3, 4, 4, 3, 4]
    assert [by_id[e]["cost"] for e in ("e10", "e11", "e12", "e13", "e14", "e15", "e16", "e17", "e18")] == \
        [4, 3, 3, 2, 3, 2, 2, 3, 3]
    assert [by_id[e]["cost"] for e in ("e19", "e20", "e21", "e22")] == [4, 3, 3, 5]
    assert {by_id[e]["cost"] for e in FIRST_RECONSTRUCTED_COST} == {2, 3, 4, 5}
    assert [by_id[e]["cost"] for e in ("e01", "e02", "e03")] == [0, 0, 0]
    assert all(e["cost"] is None for e in EVENTS if e["period"] == "X")
    assert {e["id"] for e in EVENTS if e["period"] in (1, 2, 3)} == set(FIRST_RECONSTRUCTED_COST)

"""The engine contract of DESIGN §2: seats, actions, illegal input, JSON round trip, views, undo."""
from __future__ import annotations

import copy
import json

import pytest

from bots.random_bot import RandomBot
from engine import Game, IllegalAction, new_game, replay
from tests.support import act, game, of_type, to_rev_turn, top

VIEW_KEYS = {"seat", "day", "phase", "step", "morale", "support", "locations", "market", "event_deck_count",
             "headline_decks", "hands", "hand", "spa_pool", "spa_queue", "injuries", "positions", "active",
             "prompt", "decision", "actions", "log", "result", "morale_index", "support_index"}
LOCATION_KEYS = {"event", "militia", "snipers", "soviet_tanks", "barricades", "fighters", "revolutionary_tanks",
                 "players"}


@pytest.mark.parametrize("k,seats", [(1, ("soviet", "rev1")), (2, ("soviet", "rev1", "rev2")),
                                     (3, ("soviet", "rev1", "rev2", "rev3"))])
def test_seats_by_revolutionary_count(k, seats):
    """One Soviet commander against 1-3 Revolutionaries; the Soviet phase opens the game."""
    g = new_game(revolutionaries=k, seed=7, options={})
    assert g.seats == seats
    assert g.active_seats() == ["soviet"]
    assert g.result is None


def test_new_game_refuses_four_revolutionaries_and_bad_options():
    """The Conflict ruleset has 1-3 Revolutionaries; unknown options are refused, not ignored."""
    with pytest.raises(ValueError):
        new_game(4, 1, {})
    with pytest.raises(ValueError):
        new_game(2, 1, {"no_such_option": True})


def test_views_have_every_contract_key():
    """Every view (each seat, spectator, admin) has the keys the client relies on."""
    g = game(3, 2)
    for seat in g.seats + ("spectator", "admin"):
        v = g.view(seat)
        assert VIEW_KEYS <= set(v), VIEW_KEYS - set(v)
        for loc in v["locations"].values():
            assert LOCATION_KEYS <= set(loc)
        json.dumps(v)  # JSON-able
    assert g.view("spectator")["hand"] == []
    assert g.view("spectator")["actions"] == []
    assert len(g.view("soviet")["hand"]) == 4
    assert len(g.view("rev1")["hand"]) == 5
    assert "secrets" in g.view("admin") and "secrets" not in g.view("soviet")


def test_zhukov_views_have_every_contract_key():
    """The Zhukov ruleset keeps every key a client relies on (docs/contract.md), with no Soviet seat."""
    g = new_game(4, 2, {"ruleset": "zhukov"})
    for seat in g.seats + ("spectator", "admin"):
        v = g.view(seat)
        assert VIEW_KEYS <= set(v), VIEW_KEYS - set(v)
        assert v["ruleset"] == "zhukov" and v["zhukov"] is not None
        json.dumps(v)
    assert g.seats == ("rev1", "rev2", "rev3", "rev4")
    assert "secrets" in g.view("admin") and "zhukov_deck" in g.view("admin")["secrets"]


def test_to_dict_from_dict_round_trip_is_exact():
    """to_dict -> JSON -> from_dict gives the same game, which plays on identically."""
    g = game(2, 11)
    bot = RandomBot(3)
    for _ in range(60):
        seat = bot.rng.choice(g.active_seats())
        g.apply(seat, bot.choose(g.legal_actions(seat)))
    d = json.loads(json.dumps(g.to_dict()))
    h = Game.from_dict(d)
    assert h.to_dict() == g.to_dict()
    for seat in g.seats:
        assert h.legal_actions(seat) == g.legal_actions(seat)
    seat = g.active_seats()[0]
    a = g.legal_actions(seat)[0]
    g.apply(seat, a)
    h.apply(seat, a)
    assert h.to_dict() == g.to_dict()


def test_record_replays_to_equal_state():
    """record() -> replay() gives an equal to_dict()."""
    g = game(3, 5)
    bot = RandomBot(5)
    for _ in range(150):
        if g.result:
            break
        seat = bot.rng.choice(g.active_seats())
        g.apply(seat, bot.choose(g.legal_actions(seat)))
    rec = g.record()
    assert set(rec) == {"revolutionaries", "options", "seed", "actions"}
    assert replay(json.loads(json.dumps(rec))).to_dict() == g.to_dict()


BAD_INPUTS = [
    ("rev1", {"type": "done"}, "not your turn"),
    ("nobody", {"type": "done"}, "Unknown seat"),
    (None, {"type": "done"}, "Unknown seat"),
    ("soviet", {"type": "fly_away"}, "not possible now"),
    ("soviet", {"type": "done", "junk": 1}, "Unexpected field"),
    ("soviet", {"type": "play_headline", "card": "h99", "mode": "cp"}, "not allowed here"),
    ("soviet", {"type": "play_headline", "card": "h01", "mode": "steal"}, ""),
    ("soviet", {"type": "play_headline"}, "Missing field"),
    ("soviet", {}, "type"),
    ("soviet", "done", "JSON object"),
    ("soviet", {"type": 5}, "type"),
    ("soviet", {"type": "undo"}, ""),
]


@pytest.mark.parametrize("seat,action,reason", BAD_INPUTS)
def test_illegal_input_is_refused_and_changes_nothing(seat, action, reason):
    """An illegal move is refused with a reason and the state is byte-for-byte the same."""
    g = game(2, 3)
    before = json.dumps(g.to_dict(), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        g.apply(seat, action)
    assert reason.lower() in err.value.reason.lower()
    assert json.dumps(g.to_dict(), sort_keys=True) == before


def test_illegal_input_mid_game_changes_nothing():
    """Out-of-range values and wrong seats during a Revolutionary turn are refused unchanged."""
    g = to_rev_turn(game(2, 4))
    seat = top(g)["seat"]
    other = "rev2" if seat == "rev1" else "rev1"
    before = json.dumps(g.to_dict(), sort_keys=True)
    for who, a in [(seat, {"type": "move", "to": "moon"}), (seat, {"type": "move", "to": 3}),
                   (other, {"type": "end_turn"}), ("soviet", {"type": "end_turn"}),
                   (seat, {"type": "give_cards", "to": seat}), (seat, {"type": "move", "to": ["radio"]})]:
        with pytest.raises(IllegalAction):
            g.apply(who, a)
        assert json.dumps(g.to_dict(), sort_keys=True) == before


def test_apply_does_not_alias_caller_dicts():
    """Mutating the returned legal actions or the applied action afterwards changes nothing."""
    g = game(1, 1)
    acts = g.legal_actions("soviet")
    acts[0]["type"] = "zzz"
    assert g.legal_actions("soviet")[0]["type"] != "zzz"
    a = g.legal_actions("soviet")[0]
    g.apply("soviet", a)
    snapshot = copy.deepcopy(g.to_dict())
    a["card"] = "h99"
    assert g.to_dict() == snapshot


def test_undo_restores_the_state_before_the_action():
    """Undo (BGA policy): the acting seat takes back its last action; the state is as before."""
    g = game(2, 9)
    before = g.to_dict()
    a = of_type(g, "soviet", "play_headline")[0]
    g.apply("soviet", a)
    assert {"type": "undo"} in g.legal_actions("soviet")
    act(g, "soviet", "undo")
    after = g.to_dict()
    assert {k: v for k, v in after.items() if k != "history"} == {k: v for k, v in before.items() if k != "history"}
    assert g.record()["actions"] == [["soviet", a], ["soviet", {"type": "undo"}]]
    assert replay(g.record()).to_dict() == g.to_dict()


def test_undo_not_offered_after_hidden_information_or_dice():
    """No undo back across drawn cards (the support step draws headlines)."""
    g = game(1, 2)
    g.apply("soviet", of_type(g, "soviet", "play_headline")[0])
    act(g, "soviet", "done")   # headline step
    act(g, "soviet", "done")   # event step
    act(g, "soviet", "done")   # army step -> support step draws hidden cards, market
    assert g.s["step"] == "market"
    # the army "done" drew headline cards: it cannot be undone any more
    assert {"type": "undo"} not in g.legal_actions("soviet")


def test_undo_not_offered_across_a_change_of_active_seat():
    """Once another seat is to act, the previous seat cannot take its move back."""
    g = to_rev_turn(game(2, 6))
    seat = top(g)["seat"]
    act(g, seat, "end_turn")
    nxt = top(g)["seat"]
    assert nxt != seat
    assert {"type": "undo"} not in g.legal_actions(seat)
    assert {"type": "undo"} not in g.legal_actions(nxt)


def test_result_shape_and_game_over():
    """result is None during play, then {"winner", "reason"}; no actions after the end."""
    from bots.random_bot import play_random_game

    g = play_random_game(2, 42)
    assert set(g.result) == {"winner", "reason"}
    with pytest.raises(IllegalAction, match="over"):
        g.apply("soviet", {"type": "done"})


def test_public_properties_day_seed_options_and_move_count():
    """DESIGN §2: the server, bots and benchmarks read day, seed, options and the record's length
    through the contract, never through the game's internal state."""
    g = new_game(2, seed=11, options={})
    assert (g.day, g.seed, g.options, g.move_count) == (1, 11, {}, 0)
    g.options["x"] = 1  # a copy: changing it changes nothing
    assert g.options == {}
    seat = g.active_seats()[0]
    g.apply(seat, g.legal_actions(seat)[0])
    assert g.move_count == 1 == len(g.record()["actions"])


def _random_views(revolutionaries: int, seed: int, options: dict | None = None):
    """Every view of every seat after every action of a random game, with the frame on top."""
    g = new_game(revolutionaries, seed, options or {})
    bot = RandomBot(seed)
    while True:
        top_kind = g.s["stack"][-1]["kind"] if g.result is None else None
        yield top_kind, g.views(g.seats + ("spectator",))
        if g.result is not None:
            return
        seat = bot.rng.choice(g.active_seats())
        g.apply(seat, bot.choose(g.legal_actions(seat)))


def test_every_view_says_which_decision_is_pending():
    """DESIGN §2 (docs/contract.md): every view carries `decision` {kind, stage, ...}, the same for
    every seat; its kind is the frame that waits for the decision, or game_over at the end."""
    zhukov = {"ruleset": "zhukov"}
    for revolutionaries, seed, options in ((1, 41, {}), (2, 42, {}), (3, 43, {}), (1, 44, zhukov), (4, 45, zhukov)):
        for top_kind, views in _random_views(revolutionaries, seed, options):
            decisions = [v["decision"] for v in views.values()]
            assert all(d == decisions[0] for d in decisions)
            d = decisions[0]
            assert isinstance(d["kind"], str) and isinstance(d["stage"], str)
            json.dumps(d)
            assert d["kind"] == (top_kind or "game_over")


def test_decision_kinds_cover_every_frame_kind_that_decides():
    """Every frame kind that can wait for a seat describes its decision; automatic frames do not."""
    from engine.frames.base import FRAMES, Frame

    for kind, frame in FRAMES.items():
        decides = type(frame).deciders is not Frame.deciders
        describes = type(frame).decision is not Frame.decision
        assert decides == describes, kind


def test_track_fields_give_what_the_board_prints():
    """Setup: the support marker starts on the neutral, underlined 4 and the morale marker on the
    underlined 2; the view reads 4 and 2 (the spaces' positions are morale_index/support_index)."""
    v = game(2, 1).view("spectator")
    assert (v["support"], v["support_colour"], v["support_index"]) == (4, "neutral", 3)
    assert (v["morale"], v["morale_index"], v["morale_skull"]) == (2, 2, False)


def test_every_frame_names_its_rulebook_section():
    """Each frame class's docstring starts with "Rulebook: <section title>", a title the rulebook
    prints as a heading, so the code of a rule is found from its section in one search."""
    import pathlib

    from engine.frames.base import FRAMES

    rulebook = pathlib.Path("/work/shared/seeds/days-of-ire-rulebook.txt")
    headings = {line.strip() for line in rulebook.read_text().splitlines()} if rulebook.exists() else None
    for kind, frame in FRAMES.items():
        first = (type(frame).__doc__ or "").splitlines()[0]
        assert first.startswith("Rulebook: "), kind
        if headings is not None:
            assert first.removeprefix("Rulebook: ") in headings, (kind, first)

"""The greedy bots' rules of thumb added for balance (docs/balance.md): the Soviet resolves red
headlines when their effect beats their CP (hits, morale, cards), aims "open fire" hits at the most
exposed injured Revolutionary, and the Revolutionaries guard morale next to the skull."""
from __future__ import annotations

import pytest

from bots.greedy import GreedyBot
from bots.revolutionary_values import morale_value
from bots.soviet_score import hit_value, red_value, soviet_score
from tests.support import at_step, game, pass_through, refresh


def _view(revs: int, seed: int = 1):
    g = game(revs, seed)
    return g, g.view("soviet")


def _expose(v: dict, loc: str) -> None:
    """No barricade, fighter or revolutionary tank to take a hit in `loc`."""
    here = v["locations"][loc]
    here["barricades"] = 0
    here["revolutionary_tanks"] = []
    for f in here["fighters"]:
        f["active"] = False


def test_hit_value_is_small_on_a_barricade_or_fighter_and_decisive_on_the_last_injury():
    _, v = _view(2)
    loc = v["positions"]["rev1"]
    _expose(v, loc)
    v["locations"][loc]["players"] = ["rev1"]
    v["injuries"]["rev1"] = 0
    fresh = hit_value(v, loc)
    v["injuries"]["rev1"] = 2
    assert hit_value(v, loc) > fresh
    v["injuries"]["rev1"] = 3  # the 4th injury loses the game with 2 Revolutionaries
    assert hit_value(v, loc) >= 200
    v["locations"][loc]["barricades"] = 1
    assert hit_value(v, loc) < fresh  # the Revolutionaries take it on the barricade


def test_hit_value_solo_limit_is_the_fifth_injury():
    _, v = _view(1)
    loc = v["positions"]["rev1"]
    _expose(v, loc)
    v["injuries"]["rev1"] = 3
    assert hit_value(v, loc) < 200
    v["injuries"]["rev1"] = 4
    assert hit_value(v, loc) >= 200


def test_soviet_resolves_open_fire_for_a_lethal_hit_and_takes_cp_otherwise():
    _, v = _view(3)
    loc = v["positions"]["rev2"]
    _expose(v, loc)
    v["hand"] = [{"id": "h04", "colour": "red", "cp": 3, "spa": 1}]
    cp = {"type": "play_headline", "card": "h04", "mode": "cp"}
    resolve = {"type": "play_headline", "card": "h04", "mode": "resolve"}
    assert soviet_score(v, cp) > soviet_score(v, resolve)
    v["injuries"]["rev2"] = 3
    assert red_value(v, "h04") > 3
    assert soviet_score(v, resolve) > soviet_score(v, cp)


def test_soviet_aims_open_fire_at_the_most_injured_exposed_player():
    _, v = _view(3)
    a, b = v["positions"]["rev1"], v["positions"]["rev2"]
    _expose(v, a)
    _expose(v, b)
    v["injuries"].update({"rev1": 0, "rev2": 2})
    v["decision"] = {"kind": "choice", "stage": "hit_location", "effect": "h04"}
    pick = max([a, b], key=lambda loc: soviet_score(v, {"type": "choose_location", "location": loc}))
    assert pick == b


def test_first_speech_scales_with_the_revolutionaries_holding_cards():
    _, v1 = _view(1)
    _, v3 = _view(3)
    assert red_value(v1, "h10") == 1
    assert red_value(v3, "h10") == 3


def test_morale_headline_resolved_next_to_the_skull():
    _, v = _view(2)
    v["hand"] = [{"id": "h28", "colour": "red", "cp": 3, "spa": 2}]
    cp = {"type": "play_headline", "card": "h28", "mode": "cp"}
    resolve = {"type": "play_headline", "card": "h28", "mode": "resolve"}
    v["day"], v["morale"] = 6, 4
    assert soviet_score(v, cp) > soviet_score(v, resolve)
    v["morale"] = 1
    assert soviet_score(v, resolve) > soviet_score(v, cp)


def test_tank_fire_headlines_are_worth_the_expected_hits_on_exposed_players():
    _, v = _view(2)
    for loc in v["locations"].values():
        loc["soviet_tanks"] = 0
    loc = v["positions"]["rev1"]
    _expose(v, loc)
    assert red_value(v, "h13") == 0
    v["locations"][loc]["soviet_tanks"] = 2
    assert red_value(v, "h13") > 0  # rev1 has no injury: the tanks there fire


def test_revolutionaries_value_morale_most_next_to_the_skull():
    _, v = _view(1)
    v["day"] = 3
    values = {}
    for m in (0, 1, 2, 3):
        v["morale"] = m
        values[m] = morale_value(v)
    assert values[0] > 10 * values[1]  # on the skull: lost at the end of the day unless raised
    assert values[1] > values[2] > values[3]


def test_greedy_soviet_plays_a_legal_headline_action():
    g = pass_through(game(3, 2), at_step("headline"))
    refresh(g)
    a = GreedyBot(1).choose(g.view("soviet"), g.legal_actions("soviet"))
    assert a in g.legal_actions("soviet")


def test_bots_use_only_the_public_engine_contract():
    """DESIGN §2 (docs/contract.md): bots import `engine` and `engine.public` only, never the
    engine's internals, and never read a Game's state."""
    import ast
    import pathlib

    for path in sorted(pathlib.Path(__file__).parent.parent.joinpath("bots").glob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("engine"):
                assert node.module in ("engine", "engine.public"), f"{path.name} imports {node.module}"
            if isinstance(node, ast.Import):
                assert all(not a.name.startswith("engine.") for a in node.names), path.name
            if isinstance(node, ast.Attribute) and node.attr == "s":
                raise AssertionError(f"{path.name} reads the state of a Game (.s)")


class _NoPrompt(dict):
    """A view whose English prompt cannot be read: bots must use `decision`."""

    def __getitem__(self, key):
        if key == "prompt":
            raise AssertionError("the bot read the prompt")
        return super().__getitem__(key)

    def get(self, key, default=None):
        if key == "prompt":
            raise AssertionError("the bot read the prompt")
        return super().get(key, default)


@pytest.mark.parametrize("revolutionaries", [1, 3])
def test_greedy_bots_decide_from_the_decision_field_not_the_prompt(revolutionaries):
    """A whole greedy-against-greedy game with views whose prompt is unreadable plays to the end."""
    from engine import new_game

    g = new_game(revolutionaries, 5, {})
    bots = {"soviet": GreedyBot(1), "rev": GreedyBot(2)}
    steps = 0
    while g.result is None and steps < 5000:
        seat = g.active_seats()[0]
        view = _NoPrompt(g.view(seat))
        action = bots["soviet" if seat == "soviet" else "rev"].choose(view, g.legal_actions(seat))
        g.apply(seat, action)
        steps += 1
    assert g.result is not None

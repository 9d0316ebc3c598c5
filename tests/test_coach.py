"""The lesson's coach (issue 33): its lines are data (static/coach.json), written in our own words,
and they stay right: on the lesson's deal each decision of the first day gets the line written for
it, a player who does something else gets the general line of their decision (never a deal line
about a position that is not on the board), and every kind of decision a lone Revolutionary meets
has a line of its own. `context` and `pick` mirror static/js/coach.js (the browser test,
tests/browser/test_coach.py, runs the JavaScript itself on the same day)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.play.lessons import LESSONS
from app.seats.seat_bots import SeatBot, bot_seed
from bots.greedy import GreedyBot
from engine import new_game
from tests.test_rules_page import RULEBOOK, grams, words

COACH = json.loads((Path(__file__).parent.parent / "static" / "coach.json").read_text(encoding="utf-8"))
LINES = COACH["lines"]
KEYS = {"mine", "day", "phase", "kind", "stage", "at", "actions_left", "free_step", "to", "free", "paid", "along",
        "action", "location", "event_here", "active_here", "hand_has", "can", "cannot", "offers", "fighter_active",
        "event_at"}
LESSON = LESSONS["first_game"]

# The first day as the coach teaches it: (the line expected, the move the line asks for).
DAY_ONE = [
    ("d1-start", {"type": "move", "to": "bem"}),
    ("d1-confirm-bem", {"type": "done"}),
    ("d1-activate-margit", {"type": "activate_fighter"}),
    ("d1-resolve-bem", {"type": "resolve_event"}),
    ("d1-pay-bem", {"type": "discard", "card": "rc_information_3"}),
    ("d1-confirm-bem-event", {"type": "done"}),
    ("d1-walk-back", {"type": "move", "to": "university"}),
    ("d1-take-margit", {"type": "take_fighter", "fighter": "f_margit_kocos"}),
    ("d1-pay-step", {"type": "discard", "card": "rc_ammunition_4"}),
    ("d1-confirm-university", {"type": "done"}),
    ("d1-activate-otto", {"type": "activate_fighter"}),
    ("d1-resolve-university", {"type": "resolve_event"}),
    ("d1-confirm-university-event", {"type": "done"}),
    ("d1-end-turn", {"type": "end_turn"}),
]


def context(view: dict, me: str) -> dict:
    d = view["decision"] or {}
    at = (view.get("positions") or {}).get(me)
    here = view["locations"].get(at) if at else None
    acts = [a for a in view["actions"] if a["type"] != "undo"]
    return {"mine": not view["result"] and bool(acts), "day": view["day"], "phase": view["phase"],
            "kind": d.get("kind"), "stage": d.get("stage"), "at": at, "actions_left": d.get("actions_left"),
            "free_step": d.get("free_step"), "to": d.get("to"), "free": d.get("free"), "paid": d.get("paid"),
            "along": len(d.get("fighters") or []), "action": d.get("action"), "location": d.get("location"),
            "event_here": here["event"]["id"] if here and here.get("event") else None,
            "active_here": sum(1 for f in here["fighters"] if f["active"]) if here else 0,
            "hand": [c["id"] for c in view["hand"]], "can": {a["type"] for a in acts}, "actions": acts,
            "fighters": {f["id"]: f["active"] for f in here["fighters"]} if here else {},
            "events": {k: (loc["event"] or {}).get("id") for k, loc in view["locations"].items()}}


def holds(when: dict, ctx: dict) -> bool:
    for k, want in when.items():
        if k == "hand_has":
            ok = all(c in ctx["hand"] for c in want)
        elif k == "can":
            ok = want in ctx["can"]
        elif k == "cannot":
            ok = want not in ctx["can"]
        elif k == "offers":
            ok = want in ctx["actions"]
        elif k == "fighter_active":
            ok = all(ctx["fighters"].get(f) is on for f, on in want.items())
        elif k == "event_at":
            ok = all(ctx["events"].get(loc) == ev for loc, ev in want.items())
        else:
            ok = ctx[k] == want and type(ctx[k]) is type(want)  # JavaScript's === (0 is not false)
        if not ok:
            return False
    return True


def pick(ctx: dict) -> dict | None:
    return next((line for line in LINES if (not line.get("deal") or ctx["day"] == 1) and holds(line["when"], ctx)), None)


def lesson_game():
    """The lesson room's game at rev1's first decision: its Soviet bot plays as the server's does."""
    g = new_game(LESSON.revolutionaries, LESSON.seed, dict(LESSON.options))
    soviet = SeatBot(LESSON.bots["soviet"], bot_seed(LESSON.seed, "soviet"))
    while g.active_seats() == ["soviet"]:
        g.apply("soviet", soviet.choose(g.view("soviet", marks=False)))
    return g, soviet


def test_every_line_is_well_formed_and_its_id_unique():
    ids = [line["id"] for line in LINES]
    assert len(ids) == len(set(ids))
    for line in LINES:
        assert set(line["when"]) <= KEYS, line["id"]
        assert all(isinstance(line[k], str) and line[k].strip() for k in ("do", "why", "not")), line["id"]
        assert not line.get("deal") or line["when"].get("day") == 1, "a deal line is for the first day"
    assert COACH["farewell"]["do"] and COACH["farewell"]["why"]


def test_no_run_of_8_words_is_copied_from_the_rulebook():
    book = grams(words(RULEBOOK.read_text(encoding="utf-8")))
    texts = [line[k] for line in LINES for k in ("do", "why", "not")] + list(COACH["farewell"].values())
    copied = [t for t in texts if grams(words(t)) & book]
    assert not copied, copied


def test_the_lesson_s_first_day_gets_the_line_written_for_each_decision():
    g, soviet = lesson_game()
    for expected, move in DAY_ONE:
        view = g.view("rev1", marks=False)
        assert pick(context(view, "rev1"))["id"] == expected, (expected, view["decision"])
        assert move in view["actions"], (expected, move, view["actions"])
        g.apply("rev1", move)
    assert g.view("rev1")["morale"] == 3 and g.view("rev1")["support"] == 3  # both events resolved


@pytest.mark.parametrize("detour", [
    [{"type": "activate_fighter"}],                        # acts before walking: the free step is gone
    [{"type": "draw_card"}],
    [{"type": "move", "to": "szena"}, {"type": "done"}],  # walks elsewhere
    [{"type": "move", "to": "bem"}, {"type": "done"}, {"type": "resolve_event"}],  # resolves before activating
])
def test_a_player_who_leaves_the_plan_gets_general_lines_never_a_wrong_deal_line(detour):
    g, _ = lesson_game()
    for move in detour:
        g.apply("rev1", move)
    bot = GreedyBot(3)
    seen = 0
    while g.day == 1 and g.result is None and "rev1" in g.active_seats():
        view = g.view("rev1", marks=False)
        line = pick(context(view, "rev1"))
        assert line is not None
        if line.get("deal"):
            # A deal line only where its position is the real one: its suggested move is legal here.
            i = [x for x, _ in DAY_ONE].index(line["id"])
            assert DAY_ONE[i][1] in view["actions"], (line["id"], view["decision"])
        seen += 1
        g.apply("rev1", bot.choose(view, view["actions"]))
    assert seen


def test_random_first_days_never_show_a_deal_line_whose_move_is_not_there():
    """30 first days of random clicks from the lesson's start (undo included): whenever a deal line
    shows, the move it asks for is on offer, and the line after the plan's moves is the plan's."""
    from bots.random_bot import RandomBot

    shown = set()
    for seed in range(30):
        g, _ = lesson_game()
        clicks = RandomBot(seed)
        while g.day == 1 and g.result is None and "rev1" in g.active_seats():
            view = g.view("rev1", marks=False)
            line = pick(context(view, "rev1"))
            if line.get("deal"):
                shown.add(line["id"])
                move = dict(DAY_ONE)[line["id"]]
                assert move in view["actions"], (seed, line["id"], view["decision"])
            g.apply("rev1", clicks.choose(view["actions"]))
    assert "d1-start" in shown


def test_every_kind_of_decision_of_a_lone_revolutionary_has_its_own_line():
    kinds: set[str] = set()
    for seed in range(1, 13):
        g = new_game(1, seed, {})
        bots = {s: GreedyBot(seed * 7 + i) for i, s in enumerate(g.seats)}
        while g.result is None:
            seat = g.active_seats()[0]
            view = g.view(seat, marks=False)
            if seat == "rev1":
                ctx = {**context(view, "rev1"), "day": 2}  # after the lesson's day: general lines only
                line = pick(ctx)
                assert line is not None and not line.get("deal")
                kinds.add(ctx["kind"])
                assert line["id"] != "mine" or ctx["kind"] in {"turn_order", "rev_draw", "spa"}, ctx["kind"]
            g.apply(seat, bots[seat].choose(view, view["actions"]))
    assert {"turn", "move", "act", "hits"} <= kinds

"""The undo marks (the view's `irreversible`, docs/contract.md) are made cheaply
(engine/action_notes.py) but must say exactly what trying every action on a whole copy of the game
says (tests/marks_reference.py, the algorithm before session 6): checked action by action for
every seat with actions, at every step of random games in both rulesets, with and without promo
options, and on a state whose seed orjson refuses (an integer beyond 64 bits)."""
from __future__ import annotations

import random

import pytest

from engine import action_notes, new_game
from tests import marks_reference

GAMES = [(revs, seed, {}) for revs in (1, 2, 3) for seed in (1, 2, 3, 4)] + [
    (3, 5, {"promo_printing_press": True, "promo_ak47": True, "promo_last_stand": True}),
    (2, 6, {"promo_printing_press": True, "player_powers": {}}),
    (2, 2**70, {}),
] + [(revs, 30 + revs, {"ruleset": "zhukov"}) for revs in (1, 2, 3, 4)] + [
    (2, 40, {"ruleset": "zhukov", "promo_printing_press": True, "promo_ak47": True}),
]


def _play(revs, seed, options, each, steps=400, undo_rate=0.05):
    g = new_game(revs, seed, options)
    rnd = random.Random(seed % 1000 * 31 + revs)
    for _ in range(steps):
        if g.result is not None:
            break
        each(g)
        seat = rnd.choice(g.active_seats())
        acts = g.legal_actions(seat)
        undo = [a for a in acts if a["type"] == "undo"]
        if undo and rnd.random() < undo_rate:
            g.apply(seat, undo[0])
            continue
        pool = [a for a in acts if a["type"] not in ("undo", "cancel")] or acts
        g.apply(seat, rnd.choice(pool))
    return g


@pytest.mark.parametrize(("revs", "seed", "options"), GAMES)
def test_marks_equal_the_whole_copy_tries_action_by_action(revs, seed, options):
    """Undo (DESIGN §2): a player is told before the click whether undo survives each action; the
    cheap marks must read exactly as the full tries do, for every action of every seat."""
    compared = []

    def check(g):
        before = g.to_dict()
        want = {seat: marks_reference.irreversible(g, seat) for seat in g.seats}
        for seat in g.seats:
            # Where the decision is the team's, one seat's tries mark the others' actions too.
            for other, got in action_notes.marks(g, seat).items():
                assert got == want[other], (seed, seat, other, g.s["stack"][-1]["kind"],
                                            [(a, w, x) for a, w, x in zip(g.legal_actions(other), want[other], got,
                                                                           strict=False) if w != x])
                assert [type(m) for m in got] == [type(m) for m in want[other]]
                compared.extend(got)
        assert g.to_dict() == before  # trying actions never touches the game itself

    _play(revs, seed, options, check)
    assert len(compared) > 100


def test_a_tries_state_reads_and_writes_as_a_whole_copy_would():
    """A try copies a top-level value of the state only when it first asks for it
    (engine/action_notes.py `_TryState`): whatever a frame does with the state (read, write,
    test, delete, walk it, or look without a copy as ops.board does), it must see what a whole
    copy would show, key order included."""
    import copy

    from engine.action_notes import _Snapshot, _TryState

    rnd = random.Random(5)
    source = {"a": 1, "b": [1, 2], "c": {"x": [3]}, "log": ["old"], "d": None, "e": "s", "f": [], "big": 2**70, "g": [2**70]}
    keys = list(source) + ["new", "other"]
    for _ in range(400):
        plain = copy.deepcopy(source)
        plain["log"] = []
        lazy = _TryState(_Snapshot(source))
        for _ in range(rnd.randrange(1, 12)):
            k = rnd.choice(keys)
            op = rnd.randrange(14)
            results = []
            for d in (plain, lazy):
                try:
                    if op == 0:
                        results.append(d[k])
                    elif op == 1:
                        d[k] = [k]
                        results.append(None)
                    elif op == 2:
                        results.append(k in d)
                    elif op == 3:
                        results.append(d.get(k, "default"))
                    elif op == 4:
                        results.append(d.setdefault(k, {"set": 1}))
                    elif op == 5:
                        results.append(d.pop(k))
                    elif op == 6:
                        del d[k]
                        results.append(None)
                    elif op == 7:
                        results.append(list(d.items()))
                    elif op == 8:
                        results.append((len(d), list(d), list(d.values())))
                    elif op == 9:
                        d[k].append(1) if isinstance(d.get(k), list) else None
                        results.append(d.get(k))
                    elif op == 10:
                        results.append((dict(d), {**d}, copy.deepcopy(d), d.copy()))
                    elif op == 11:
                        results.append(d.pop(k, "gone"))
                    elif op == 13:  # ops.board: the lazy state's read-only look, without a copy
                        results.append(d.peek(k) if d is lazy else d[k])
                    else:
                        d.clear()
                        results.append(None)
                except KeyError as e:
                    results.append(("KeyError", e.args))
            assert results[0] == results[1], (op, k, results)
            assert [type(r) for r in results[0]] == [type(r) for r in results[1]] if op == 10 else True
        assert list(lazy.items()) == list(plain.items())
    assert source == {"a": 1, "b": [1, 2], "c": {"x": [3]}, "log": ["old"], "d": None, "e": "s", "f": [], "big": 2**70, "g": [2**70]}


def test_every_mark_declared_without_a_try_is_the_whole_copy_tries_mark():
    """The marks skip the tries of actions a frame declares to keep undo (`Frame.keeps_undo`,
    `Frame.keeps_undo_for`) or to cut it for a known reason (`Frame.cuts_undo`,
    `Frame.cuts_undo_for`). Each such claim, wherever random games of both rulesets offer it,
    must read as the whole-copy try does (tests/marks_reference.py tries every action): None for
    a keep, the same first reason for a cut. Every declared action type must come up at least
    once, and each cut claim also where it does not hold (the try then decides), so no claim goes
    unchecked."""
    from engine.frames.base import FRAMES

    declared = {(kind, t) for kind, h in FRAMES.items() for t in h.keeps_undo}
    declared.add(("headline", "play_headline"))  # HeadlineStep.keeps_undo_for: red for CP, green discarded
    declared.add(("move", "done"))  # Move.keeps_undo_for (Movement): the turn's own step confirmed
    declared.add(("market", "keep"))  # MarketStep.keeps_undo_for: the first of the two kept
    declared.add(("turn", "activate_fighter"))  # Turn.keeps_undo_for: nothing rolled, revealed or drawn
    declared.add(("event_step", "buy_event"))  # EventStep.keeps_undo_for: the commander places it next
    declared.add(("turn_order", "choose_next"))  # TurnOrder.keeps_undo_for: the team picks again
    cut = {(kind, t) for kind, h in FRAMES.items() for t in h.cuts_undo}
    cut |= {("turn", "draw_card"), ("market", "keep")}  # Turn.cuts_undo_for, MarketStep.cuts_undo_for
    cut |= {("rev_draw", "distribute")}  # RevDraw.cuts_undo_for
    # The overrides of `cuts_undo_for` that hold only in some states: each must also be seen not
    # holding (the try decides there).
    partial = {("turn", "end_turn"), ("turn", "activate_fighter"), ("act", "done")}
    seen, cut_seen, cut_unclaimed = set(), set(), set()

    def check(g):
        top = g.s["stack"][-1]
        handler = FRAMES[top["kind"]]
        for seat in g.seats:
            legal = g._legal_for(seat)
            keeps = [i for i, a in enumerate(legal) if a["type"] != "undo" and handler.keeps_undo_for(g, top, a)]
            cuts = {i: handler.cuts_undo_for(g, top, a) for i, a in enumerate(legal)
                    if a["type"] != "undo" and i not in keeps}
            if not keeps and not any(cuts.values()):
                cut_unclaimed.update((top["kind"], a["type"]) for a in legal)
                continue
            want = marks_reference.irreversible(g, seat)
            for i in keeps:
                assert want[i] is None, (top["kind"], legal[i], want[i])
                seen.add((top["kind"], legal[i]["type"]))
            for i, reason in cuts.items():
                if reason is None:
                    cut_unclaimed.add((top["kind"], legal[i]["type"]))
                    continue
                assert want[i] == reason, (top["kind"], legal[i], want[i], reason)
                cut_seen.add((top["kind"], legal[i]["type"]))

    # (1, 72): a game where E#22's penalty offers the Attack! effect (spa_attack_any) a target.
    for revs, seed, options in GAMES + [(revs, 60 + revs, {}) for revs in (1, 2, 3)] + [(1, 72, {})] + [
            (revs, 70 + revs, {"ruleset": "zhukov"}) for revs in (2, 3)]:
        _play(revs, seed, options, check, steps=600)
    assert declared <= seen, sorted(declared - seen)
    assert cut | partial <= cut_seen, sorted((cut | partial) - cut_seen)
    assert partial <= cut_unclaimed, sorted(partial - cut_unclaimed)


def test_the_turns_marks_without_a_try_read_as_the_tries_in_every_edge_case():
    """Actions 1 and 7 and "done" of an action are marked without a try (`Turn.cuts_undo_for`,
    `Act.cuts_undo_for`): Retaliation of Soviet Tanks first (tanks there, unless a barricade, the
    T-55 or Péter Hajas stops them), then the fighter revealed under the activated one, or the
    card drawn (Drawing cards: the discard pile reshuffled into an empty deck, no shuffle for a
    single card). Random games rarely reach some of these: each combination is staged and every
    action's mark compared with the whole-copy tries."""
    from itertools import product

    from tests.support import rev_turn, set_active

    compared = 0
    for tanks, stop, deck, discard, facedown in product((0, 2), (None, "barricade", "rt_t55", "f_peter_hajas"),
                                                        (True, False), (0, 1, 2), (True, False)):
        g = rev_turn(2)
        s = g.s
        loc = s["positions"]["rev1"]
        here = s["locations"][loc]
        here["soviet_tanks"] = tanks
        here["militia"] = 1
        s["today"]["bonus"].append({"icon": "ammunition", "actions": ["attack_militia"], "source": "test"})
        here["barricades"] = 1 if stop == "barricade" else 0
        if stop in ("rt_t55", "f_peter_hajas"):
            set_active(g, loc, [stop])
        here["inactive"] = here["inactive"] or next(h["inactive"] for h in s["locations"].values() if h["inactive"])
        if not facedown:
            here["facedown"] = []
        elif not here["facedown"]:
            here["facedown"] = [next(f for h in s["locations"].values() for f in h["facedown"])]
        pile = s["rev_deck"] + s["rev_discard"]
        s["rev_deck"] = pile[discard:] if deck else []
        s["rev_discard"] = pile[:discard]
        g.invalidate()
        for seat in g.seats:
            assert action_notes.irreversible(g, seat) == marks_reference.irreversible(g, seat), \
                (tanks, stop, deck, discard, facedown, seat)
            compared += 1
        # "done" of Action 3 (attack militia, its icon a bonus of the day) there: the
        # retaliation comes first.
        g.apply("rev1", {"type": "attack_militia"})
        assert {"type": "done"} in g._legal_for("rev1")
        assert action_notes.irreversible(g, "rev1") == marks_reference.irreversible(g, "rev1")
        compared += 1
    assert compared > 100

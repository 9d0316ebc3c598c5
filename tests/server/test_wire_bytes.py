"""The wire's shortcuts (app/play/wire.py: pieces taken over from the previous cut, operations shared
between seats, the fields cut afresh) change no byte of a message: after every move of random games
(both rulesets, promos, undo, any set of seats pushed to), each seat's full view and patch read
byte for byte as those built the straightforward way from copies of the views taken when they were
handed out (every field diffed, nothing shared). One shortcut is the wire's contract and is kept
in the reference: a public field (a location) equal to its previous value keeps its previous bytes,
also when its members are in another order (the event needs after an event moved to the board)."""
from __future__ import annotations

import random

import orjson
import pytest

from app.play.wire import Cut, _seat_cut, cut, diff, members, patch_payload, view_payload
from engine import new_game

GAMES = [(revs, seed, {}) for revs in (1, 2, 3) for seed in (31, 32)] + [
    (3, 33, {"promo_printing_press": True, "promo_ak47": True, "promo_last_stand": True}),
] + [(revs, 36, {"ruleset": "zhukov"}) for revs in (2, 4)]


def _copy(x):
    return orjson.loads(orjson.dumps(x))


def _public_cut(public: dict, before: dict | None, pieces: dict | None) -> dict:
    """The public part cut whole, each field (each location) equal to its value before keeping its bytes."""
    out = cut(public)
    for k, v in public.items():
        if before is None or k not in before:
            continue
        if before[k] == v:
            out[k] = pieces[k]
        elif v.__class__ is dict and before[k].__class__ is dict and k == "locations":
            out[k] = {m: pieces[k][m] if before[k].get(m) == x else orjson.dumps(x) for m, x in v.items()}
    return out


def _full(public: dict, own: dict, seat: str, version: int) -> str:
    view = b"{" + b",".join(orjson.dumps(k) + b":" + orjson.dumps(v) for k, v in {"seat": seat, **own}.items())
    view += b"," + members(public) + b"}"
    return (b'{"type":"view","version":%d,"status":"active","seat":%b,"seats":[],"view":%b}'
            % (version, orjson.dumps(seat), view)).decode()


def _patch(old: tuple, new: tuple, seat: str, version: int) -> str:
    ops = diff(old[2], new[2]) + diff(_seat_cut(seat, old[1][seat]), _seat_cut(seat, new[1][seat]))
    return patch_payload(ops, version, version - 1, "active")


@pytest.mark.parametrize(("revs", "seed", "options"), GAMES)
def test_messages_read_as_the_straightforward_ones(revs, seed, options):
    g = new_game(revs, seed, options)
    rnd, asking = random.Random(seed), random.Random(-seed)
    everyone = [*g.seats, "spectator", "admin"]
    old = old_copy = None
    checked = 0
    for version in range(1, 300):
        if g.result is not None:
            break
        seat = rnd.choice(g.active_seats())
        acts = g.legal_actions(seat)
        undo = [a for a in acts if a["type"] == "undo"]
        g.apply(seat, undo[0] if undo and rnd.random() < 0.06 else
                rnd.choice([a for a in acts if a["type"] not in ("undo", "cancel")] or acts))
        seats = everyone if asking.random() < 0.8 else asking.sample(everyone, asking.randint(1, len(everyone)))
        public, own = g.view_parts(seats, texts=False)
        new = Cut.of(public, own, old)
        pub = _copy(public)
        new_copy = (pub, _copy(own), _public_cut(pub, *(old_copy[0], old_copy[2]) if old_copy else (None, None)))
        for s in seats:
            assert view_payload(new, version, "active", s, []) == _full(new_copy[2], new_copy[1][s], s, version)
            if old is not None and s in old.own:
                assert patch_payload(new.patch(old, s), version, version - 1, "active") == \
                    _patch(old_copy, new_copy, s, version), (seed, version, s)
                checked += 1
        old, old_copy = new, new_copy
    assert checked > 200

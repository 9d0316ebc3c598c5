"""Views without static texts (issue 14): what the server sends names components by id; the
catalog's `view_records` give back every text a full view shows, so a client joining them sees
the same as before, and the wire view carries no printed text at all."""
from __future__ import annotations

import random

from engine import new_game
from engine.public import catalog, view_records

RECORDS = view_records()
STATIC = {"name", "title", "text", "icons", "ability", "colour", "cp", "period", "requires", "requires_per_event",
          "aid", "action_icons", "kind", "spa", "penalty", "lapsing", "mark"}


def join(view, key=None):
    """What a client does (static/js/catalog.js): each record under its id, the view's fields winning;
    a location's record under its key in `locations`."""
    if isinstance(view, list):
        return [join(x) for x in view]
    if not isinstance(view, dict):
        return view
    out = {k: join(v, k) for k, v in view.items()}
    if isinstance(view.get("id"), str) and view["id"] in RECORDS:
        out = {**RECORDS[view["id"]], **out}
    if key == "locations":
        out = {loc: {**RECORDS[loc], **v} for loc, v in out.items()}
    return out


def covers(full, joined, path="view"):
    """Everything the full view says, the joined one says the same (it may say more: a pile's card
    gets its whole record)."""
    if isinstance(full, dict):
        assert isinstance(joined, dict), path
        for k, v in full.items():
            assert k in joined, f"{path}/{k} missing"
            covers(v, joined[k], f"{path}/{k}")
    elif isinstance(full, list):
        assert isinstance(joined, list) and len(full) == len(joined), path
        for i, (a, b) in enumerate(zip(full, joined, strict=True)):
            covers(a, b, f"{path}/{i}")
    else:
        assert full == joined, (path, full, joined)


def static_keys(view, path="view", found=None):
    """Keys of static texts anywhere in a view, outside the log and the reasons in `unavailable` (messages
    the game writes, like the prompt)."""
    found = [] if found is None else found
    if isinstance(view, dict):
        for k, v in view.items():
            if k in ("log", "decision", "actions", "all_actions", "result", "options", "stack", "unavailable"):
                continue
            if k in STATIC and path != "view":
                found.append(f"{path}/{k}")
            static_keys(v, f"{path}/{k}", found)
    elif isinstance(view, list):
        for i, v in enumerate(view):
            static_keys(v, f"{path}/{i}", found)
    return found


def _playout(seed: int, revolutionaries: int, every: int = 5, options: dict | None = None):
    g = new_game(revolutionaries, seed, options if options is not None else
                 {"promo_printing_press": True, "promo_ak47": True, "promo_last_stand": True} if seed % 2 else {})
    rng = random.Random(seed)
    n = 0
    while not g.result and n < 600:
        if n % every == 0:
            yield g
        seat = rng.choice([s for s in g.seats if g.legal_actions(s)])
        acts = [a for a in g.legal_actions(seat) if a["type"] not in ("undo", "cancel")] or g.legal_actions(seat)
        g.apply(seat, rng.choice(acts))
        n += 1
    yield g


def test_joined_wire_views_show_everything_a_full_view_shows():
    for seed, revs in ((1, 2), (2, 3), (3, 3)):
        for g in _playout(seed, revs):
            for seat in (*g.seats, "spectator", "admin"):
                slim = g.view(seat, texts=False)
                assert not static_keys(slim), static_keys(slim)[:5]
                covers(g.view(seat), join(slim))


def test_zhukov_wire_views_show_everything_a_full_view_shows():
    """The Zhukov deck's piles (briefs of General Zhukov cards) are joined from the records too."""
    for seed, revs in ((5, 4), (6, 1)):
        for g in _playout(seed, revs, every=7, options={"ruleset": "zhukov"}):
            for seat in (*g.seats, "spectator", "admin"):
                slim = g.view(seat, texts=False)
                assert not static_keys(slim), static_keys(slim)[:5]
                covers(g.view(seat), join(slim))


def test_wire_views_are_smaller():
    g = list(_playout(4, 3, every=40))[2]
    import orjson

    for seat in (*g.seats, "spectator"):
        assert len(orjson.dumps(g.view(seat, texts=False))) < 0.75 * len(orjson.dumps(g.view(seat)))


def test_the_catalog_carries_the_view_records():
    assert catalog()["view_records"] == RECORDS
    assert RECORDS["kossuth"]["name"] and all(isinstance(r, dict) for r in RECORDS.values())

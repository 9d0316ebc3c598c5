"""Notes on a seat's legal actions for the table (the view's `irreversible` and `unavailable`,
docs/contract.md): which actions cut undo and why, and why a card's other uses are not offered.

Undo is offered after an action unless it drew, rolled, shuffled or revealed something
(`ops.checkpoint`), ended the game, or left its seat without a decision (`core.Game._apply_effective`).
The marks come from trying each action on a copy of the game, so they say what the engine will
do, not what an action type usually does.

Secrecy: whether a frame waits for a seat can depend on that seat's hand (a forced discard of
cards with an icon is skipped when the hand has none). A try stops at the first frame that asks
other seats only, judged by `Frame.asks` from public facts, and reports "passes" then; so the
mark reads the same whatever the hidden hands hold, and a roll or draw after a skipped question
never shows through.

`g` is an engine.core.Game. The driver is the layer above (it imports this module for
`Game.irreversible` and `Game.unavailable`), so a try builds its copy with `g.__class__`.
"""
from __future__ import annotations

import pickle
from operator import itemgetter

try:  # the fastest exact copy of a JSON state (below); the engine runs without it too
    import orjson
except ImportError:  # pragma: no cover
    orjson = None

from . import ops
from .actions import copy_action, same_json
from .cards import HEADLINE, name_of
from .frames.base import FRAMES, Frame
from .frames.revolutionary import card_ability, fighter_ability

# What the engine tells the player for each reason (the client has its own words; these are for
# bots, logs and tests).
REASONS = {
    "draw": "cards are drawn",
    "roll": "dice are rolled",
    "random": "something is picked at random",
    "shuffle": "a deck is shuffled",
    "reveal": "hidden cards or tiles are revealed",
    "cards_seen": "another player sees the cards handed over",
    "passes": "the decision passes to another player",
    "game_over": "the game ends",
}

# Left out of a try (it starts them empty): the frames only append to them and never read them.
_RECORDS = ("log", "history", "effective")


def irreversible(g, seat: str) -> list[str | None]:
    """For each of `seat`'s legal actions (same order): None when undo is still offered after
    it, else the first reason it is not (a key of REASONS)."""
    return marks(g, seat)[seat]


def marks(g, seat: str) -> dict[str, list[str | None]]:
    """`irreversible` of `seat`, and of every other seat the same tries answer for: where the
    decision is the team's (`Frame.team_answer`), an action several seats are offered is tried
    once for all of them (Game.irreversible keeps each seat's)."""
    legal = g._legal_for(seat)
    if not legal:
        return {seat: []}
    top = g.s["stack"][-1]
    handler = FRAMES[top["kind"]]
    lists = {seat: legal}
    if handler.team_answer:
        for other in g.s["seats"]:
            if other != seat:
                theirs = g._legal_for(other)
                if theirs:
                    lists[other] = theirs
    if len(lists) == 1:
        return {seat: _marks_of_one_seat(g, top, handler, seat, legal)}
    keeps = handler.keeps_undo_for
    cuts = _plan(handler)[2]
    out: dict[str, list] = {st: [None] * len(acts) for st, acts in lists.items()}
    done: dict[str, set] = {st: set() for st in lists}  # the indices already marked, per seat
    snapshot = None
    for st, acts in lists.items():
        for i, a in enumerate(acts):
            if i in done[st] or a["type"] == "undo" or keeps(g, top, a):
                continue
            if cuts is not None:
                out[st][i] = cuts(g, top, a)
                if out[st][i] is not None:
                    continue
            # The seats offered this same action at the same place (their lists are the frame's
            # actions, the undo of the last mover's seat aside).
            asking = [(st, i)] + [(other, i) for other, theirs in lists.items()
                                  if other != st and i not in done[other] and i < len(theirs)
                                  and same_json(theirs[i], a)]
            if snapshot is None:
                snapshot = _Snapshot(g.s)
            for (who, j), mark in zip(asking, _try(g, snapshot, [who for who, _ in asking], a), strict=True):
                out[who][j] = mark
                done[who].add(j)
    return out


def _marks_of_one_seat(g, top: dict, handler: Frame, seat: str, legal: list[dict]) -> list[str | None]:
    """`marks` where no other seat shares the tries (most decisions): no bookkeeping of who else
    is asked; an action type the frame declares to keep undo is skipped without a call."""
    out: list[str | None] = [None] * len(legal)
    skipped, keeps, cuts = _plan(handler)
    seats = [seat]
    snapshot = None
    for i, a in enumerate(legal):
        if a["type"] in skipped or (keeps is not None and keeps(g, top, a)):
            continue
        if cuts is not None:
            out[i] = cuts(g, top, a)
            if out[i] is not None:
                continue
        if snapshot is None:
            snapshot = _Snapshot(g.s)
        out[i] = _try(g, snapshot, seats, a)[0]
    return out


_UNDO = frozenset(("undo",))
_PLANS: dict[Frame, tuple] = {}


def _plan(handler: Frame) -> tuple:
    """(the action types never tried: `keeps_undo` and undo; the frame's `keeps_undo_for` and
    `cuts_undo_for`, each None where the frame declares nothing more), once per frame kind: most
    actions are then skipped, or tried, without a call. A `keeps_undo_for` override answers True
    for the `keeps_undo` types too, so asking the set first changes no answer."""
    plan = _PLANS.get(handler)
    if plan is None:
        cls = handler.__class__
        keeps = None if cls.keeps_undo_for is Frame.keeps_undo_for else handler.keeps_undo_for
        cuts = None if cls.cuts_undo_for is Frame.cuts_undo_for and not handler.cuts_undo else handler.cuts_undo_for
        plan = _PLANS[handler] = (handler.keeps_undo | _UNDO, keeps, cuts)
    return plan


# Values a try may share with the game: nothing can change them in place.
_SCALARS = frozenset((str, int, float, bool, type(None)))


class _Snapshot:
    """The game's state as every try of one `irreversible` call starts from. A try reads about 2/5
    of the state's bytes, most of them in a few keys, so each top-level value is copied on its
    own and only when a try first asks for it (`_TryState`): turned into bytes once (the game's
    value does not change while its actions are tried: the tries work on copies) and read back
    per try. The state is plain JSON (snapshots are JSON), so orjson gives a value back exactly,
    key order included (the engine walks its dicts in order); pickle when orjson is missing or
    refuses a value (an integer beyond 64 bits); a flat list or dict is copied as it stands
    (`_frozen`). Scalars are shared; the records (`_RECORDS`) start empty. Nothing is walked when
    the snapshot is made: sorting the state's ~40 keys into scalars and the rest cost more than
    a short try, and a try reads only a few scalars."""

    __slots__ = ("source", "frozen", "preset")

    def __init__(self, state: dict):
        self.source = state
        self.frozen: dict = dict.fromkeys(_RECORDS, _EMPTY)  # key -> (copy, arg): `_frozen`
        # What every try starts with instead of asking for it (`_TryState`): the values set at
        # setup and never changed in place (`_CONSTANT`), shared; the scalars most tries read.
        preset = {key: state[key] for key in _CONSTANT if key in state}
        for key in _HOT_SCALARS:
            value = state.get(key, preset)
            if value.__class__ in _SCALARS:
                preset[key] = value
        self.preset = preset

    def copy_of(self, key: str):
        frozen = self.frozen.get(key)
        if frozen is None:
            frozen = self.frozen[key] = _frozen(self.source[key])
        return frozen[0](frozen[1])


def _frozen(value) -> tuple:
    """(copy, arg): `copy(arg)` is a fresh copy of `value`, as many times as asked. A scalar is
    shared; a flat list or dict (scalars only, as most of the state's piles are) is copied as it
    stands, key order kept: the game's value does not change while its actions are tried."""
    c = value.__class__
    if c in _SCALARS:
        return _FIRST, (value,)
    if (c is list or c is dict) and all(map(_SCALARS.__contains__, map(type, value if c is list else value.values()))):
        return c.copy, value
    if orjson is not None:
        try:
            return orjson.loads, orjson.dumps(value)
        except TypeError:  # orjson.JSONEncodeError
            pass
    return pickle.loads, pickle.dumps(value, pickle.HIGHEST_PROTOCOL)


# Set at setup and never changed in place while the game runs: a try may share them with the game
# (tests/test_marks_oracle.py checks that trying never changes the game).
_CONSTANT = ("options", "seats")
# Scalars that a try usually reads (`result` and `phase` by every victory check): each one asked
# for costs a `__missing__` call, and a scalar is shared anyway.
_HOT_SCALARS = ("result", "phase", "day", "morale", "rng", "cp", "support", "revolutionaries")

_FIRST = itemgetter(0)  # a scalar's "copy": itself, by a call in C
_EMPTY = (list, ())


class _TryState(dict):
    """A try's state: every key of the snapshot copied from it the first time it is asked for
    (`__missing__`; scalars shared), so a try pays only for what it reads. Reads and writes by
    key run at dict speed; `in`, `get`, `setdefault`, `pop` and `del` see the keys not read yet
    (those of the snapshot neither in the dict nor deleted, `_gone`); anything that walks the
    whole state first reads every key and puts them in the snapshot's order, so it sees exactly
    what a whole copy would (tests/test_marks_oracle.py)."""

    __slots__ = ("_snap", "_source", "_gone")

    def __init__(self, snap: _Snapshot):
        dict.__init__(self, snap.preset)
        self._snap = snap
        self._source = snap.source
        self._gone = ()  # the snapshot's keys deleted from this state (a set once one is)

    def __missing__(self, key):
        if key not in self._source or key in self._gone:
            raise KeyError(key)
        snap = self._snap
        frozen = snap.frozen.get(key)  # snap.copy_of(key), inline: a try reads a few keys
        if frozen is None:
            frozen = snap.frozen[key] = _frozen(self._source[key])
        value = self[key] = frozen[0](frozen[1])  # __setitem__ is dict's own
        return value

    def peek(self, key):
        """The value of `key` for a caller that only reads it and keeps nothing of it (ops.board:
        a count, a yes or no): the try's own value once it has one, else the game's, not copied."""
        if dict.__contains__(self, key):
            return dict.__getitem__(self, key)
        if key in self._gone:
            raise KeyError(key)
        if key in _RECORDS:  # the try's start empty
            return self[key]
        return self._source[key]

    def _cold(self, key) -> bool:
        """Whether `key` is the snapshot's and not read (nor set, nor deleted) yet."""
        return not dict.__contains__(self, key) and key in self._source and key not in self._gone

    def __contains__(self, key) -> bool:
        return dict.__contains__(self, key) or (key in self._source and key not in self._gone)

    def get(self, key, default=None):
        if dict.__contains__(self, key):
            return dict.__getitem__(self, key)
        return self.__missing__(key) if key in self._source and key not in self._gone else default

    def setdefault(self, key, default=None):
        if self._cold(key):
            self.__missing__(key)
        return dict.setdefault(self, key, default)

    def pop(self, key, *default):
        self._forget(key)
        return dict.pop(self, key, *default)

    def __delitem__(self, key) -> None:
        self._forget(key)
        dict.__delitem__(self, key)

    def _forget(self, key) -> None:
        """Before a key is deleted: read it (pop returns it, and a missing key must raise as in a
        plain dict); if it comes back it goes to the end, as in a plain dict."""
        if self._cold(key):
            self.__missing__(key)
        if key in self._source and key not in self._gone:
            self._gone = set(self._gone) | {key}

    def _whole(self) -> dict:
        """Every key read, in the order a whole copy has (new keys after, as added)."""
        gone = self._gone
        order = []
        for key in self._source:
            if key in gone:
                continue
            if not dict.__contains__(self, key):
                self.__missing__(key)
            order.append(key)
        if list(dict.keys(self))[:len(order)] != order:
            items = dict(dict.items(self))
            dict.clear(self)
            for k in order:
                dict.__setitem__(self, k, items.pop(k))
            dict.update(self, items)
        return self

    def clear(self) -> None:
        self._gone = set(self._source)
        dict.clear(self)

    def popitem(self):
        key, value = dict.popitem(self._whole())
        self._forget(key)
        return key, value

    def __copy__(self) -> dict:
        return dict(self._whole())

    def __deepcopy__(self, memo) -> dict:
        import copy

        return copy.deepcopy(dict(self._whole()), memo)

    def __reduce_ex__(self, protocol):
        return dict, (dict(self._whole()),)


def _whole_then(name: str):
    method = getattr(dict, name)

    def whole(self, *args, **kwargs):
        return method(self._whole(), *args, **kwargs)

    whole.__name__ = name
    return whole


for _name in ("keys", "values", "items", "__iter__", "__len__", "__eq__", "__ne__", "__repr__", "__reversed__",
              "copy", "__or__", "__ror__", "__ior__", "update"):
    setattr(_TryState, _name, _whole_then(_name))


def _try(g, snapshot: _Snapshot, seats: list[str], action: dict) -> list[str | None]:
    """The mark of one action for each of `seats` (one seat, or several that a team decision
    offers it to: the action does the same whoever sends it), tried on a fresh copy of the state.
    A seat's try ends at the first checkpoint (ops.checkpoint raises ops.Decided in a trial: the
    first reason is the mark), the first frame that asks other seats only, or the first where
    the seat decides again; the copy runs on while any seat's mark is open."""
    s = _TryState(snapshot)
    h = g.__class__(s)  # a Game of the copy (the module docstring says why not `Game`)
    h.trial = True
    s["checkpoint"] = False
    frame = s["stack"][-1]
    marks: dict[str, str | None] = {}
    open_ = list(seats)  # the seats whose mark the try does not know yet
    try:
        FRAMES[frame["kind"]].apply(h, frame, seats[0], copy_action(action))

        def watch(fr: dict) -> bool:
            handler = FRAMES[fr["kind"]]
            # `asks` is the deciders unless a frame says otherwise (from public facts only).
            plain = handler.__class__.asks is Frame.asks
            asked = handler.deciders(h, fr) if plain else handler.asks(h, fr)
            deciders = None
            for seat in list(open_):
                if asked and seat not in asked:
                    marks[seat] = "passes"
                    open_.remove(seat)
                    continue
                # Where the seat itself has a choice the driver stops too, with the seat active.
                if deciders is None:
                    deciders = asked if plain else handler.deciders(h, fr)
                if seat in deciders and handler.has_actions(h, fr, seat):
                    marks[seat] = None
                    open_.remove(seat)
            return not open_

        h._advance(watch)
    except ops.Decided as decided:
        for seat in open_:
            marks[seat] = decided.args[0]
        return [marks[seat] for seat in seats]
    if open_:
        active = h.active_seats() if s["result"] is None else ()
        for seat in open_:
            marks[seat] = "game_over" if s["result"] is not None else None if seat in active else "passes"
    return [marks[seat] for seat in seats]


def card_ref(cid: str) -> str:
    """How the cards print a reference: h09 -> "H#9", e04 -> "E#4"."""
    if cid[:1] in ("h", "e") and cid[1:].isdigit():
        return f"{cid[0].upper()}#{int(cid[1:])}"
    return cid


def unavailable(g, seat: str) -> list[dict]:
    """Uses of `seat`'s cards and fighters that the current decision does not offer, with why:
    [{"card" | "fighter", "use", "reason", "text", ...}]. Only what the seat may know: its own
    hand, public marks and fighters."""
    s = g.s
    if s["result"] is not None or not s["stack"] or not g._legal_for(seat):
        return []
    top = s["stack"][-1]
    if top["kind"] == "headline" and seat == "soviet":
        return _headline_uses(g)
    if top["kind"] == "turn" and top["seat"] == seat:
        return _turn_uses(g, top, seat)
    return []


def _headline_uses(g) -> list[dict]:
    out = []
    for card in g.s["headline_hand"]:
        mark = HEADLINE[card].get("cannot_discard_if")
        if mark and mark in g.s["marks"]:
            out.append({"card": card, "use": "discard", "reason": "mark_resolved", "mark": mark,
                        "text": f"cannot be discarded: {card_ref(mark)} ({name_of(mark)}) is resolved"})
    return out


def _turn_uses(g, t: dict, seat: str) -> list[dict]:
    offered = g._legal_for(seat)
    played = {a["card"] for a in offered if a["type"] == "play_card"}
    used = {a["fighter"] for a in offered if a["type"] == "use_fighter"}
    out = []
    for card in g.s["hands"][seat]:
        ability = card_ability(card)
        if not ability or card in played:
            continue
        if ability["label"] != "free" and t["actions_left"] <= 0:
            reason, text = "no_actions_left", "its ability costs an action and none is left"
        else:
            reason, text = "not_now", "its ability has nothing to work on now"
        out.append({"card": card, "use": "play", "reason": reason, "text": text})
    for fid in ops.active_fighters(g, g.s["positions"][seat]):
        ability = fighter_ability(fid)
        if not ability or fid in used:
            continue
        if ability["label"] == "once_per_turn" and fid in t["used_once"]:
            reason, text = "used_this_turn", "already used this turn"
        elif ability["label"] == "action" and t["actions_left"] <= 0:
            reason, text = "no_actions_left", "its ability costs an action and none is left"
        else:
            reason, text = "not_now", "its ability has nothing to work on now"
        out.append({"fighter": fid, "use": "use", "reason": reason, "text": text})
    return out

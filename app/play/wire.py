"""Views on the wire: each view cut into JSON pieces once, full-view messages assembled from them,
and JSON Patches (RFC 6902) between two versions of one seat's view (docs/protocol.md).

The engine hands the views of one version in two parts (`Game.view_parts`): the public part, the
same for every seat, and each seat's own fields. A part is cut into pieces: each field serialised
on its own, and the big ones (DEEP) member by member or item by item. The public part is cut,
joined and compared with the previous version once per push, whatever the number of sockets; each
seat adds its own few fields. Pieces are immutable bytes: what a socket was sent cannot change under
us when the game moves on, and comparing two versions is comparing bytes.

A patch is add / remove / replace operations at most two levels deep: `/field`, `/field/key` or
`/field/index` (`-` to append). A list that lost items at its front and gained some at its end
(the log tail) becomes removes of `/field/0` and appends. Whenever a field's operations would be
longer than its new value, the value is replaced whole."""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import compress
from operator import ne
from weakref import ref

import orjson

dumps = orjson.dumps

# A field's pieces: bytes (a scalar, or any value kept whole), dict[str, bytes] or list[bytes].
Pieces = bytes | dict | list
Part = dict[str, Pieces]

# Fields cut member by member or item by item; any other field is one piece (replaced whole when it
# changes: small, or changing wholesale, like the legal actions).
DEEP = frozenset({"locations", "log", "market", "secrets", "all_actions"})


def cut(part: dict, memo: dict[int, tuple[object, bytes]] | None = None) -> Part:
    """`memo` (id -> (object, bytes)) shares the pieces of list items several parts hold as the same
    object: the log entries that read the same for every seat."""
    return {k: _cut(k, v, memo) if k in DEEP else dumps(v) for k, v in part.items()}


def _cut(k: str, v, memo=None) -> Pieces:
    if k not in DEEP:
        return dumps(v)
    if v.__class__ is dict:
        return {kk: dumps(vv) for kk, vv in v.items()}
    if v.__class__ is not list:
        return dumps(v)
    if memo is None:
        return [dumps(x) for x in v]
    items = []
    for x in v:
        hit = memo.get(id(x))
        if hit is None or hit[0] is not x:
            hit = memo[id(x)] = (x, dumps(x))  # holding x keeps its id from being reused
        items.append(hit[1])
    return items


def cut_since(part: dict, before: dict, pieces: Part) -> tuple[Part, list[str] | None]:
    """Cut `part`, taking the pieces of every field equal to its value in `before` (compared in C,
    deep) from `pieces` (the cut of `before`): a move changes a few fields of the public part.
    Safe because views are built afresh: `before` still holds what was sent (tests check it).
    Also the fields cut afresh, when the others are `pieces`' own and no field was added or
    removed (else None)."""
    if tuple(part) != tuple(pieces):  # fields added, gone or moved: the order is the message's
        return {k: pieces[k] if k in pieces and before.get(k, _MISSING) == v else _cut(k, v)
                for k, v in part.items()}, None
    out = dict(pieces)
    # The fields that changed, found in C: a loop in Python over the 43 fields cost more.
    fresh = list(compress(part, map(ne, map(before.get, part), part.values())))
    for k in fresh:
        v, was = part[k], before[k]
        if v.__class__ is dict and was.__class__ is dict and out[k].__class__ is dict:
            out[k] = _members_since(v, was, out[k])
        else:
            out[k] = _cut(k, v)
    return out, fresh


def _members_since(new: dict, old: dict, pieces: dict) -> dict:
    """A DEEP dict field's pieces, each member equal to its value in `old` taken from `pieces`: a
    move changes a location or two of the eleven."""
    return {k: pieces[k] if k in pieces and old.get(k, _MISSING) == v else dumps(v) for k, v in new.items()}


def _list_since(new: list, old: list, pieces: list[bytes], memo) -> list[bytes]:
    """The pieces of list `new`, given list `old` and its pieces: when `new` starts with old's tail
    (the log after a move), those items' pieces are taken over and only the rest is serialised."""
    if new and old and pieces.__class__ is list:
        try:
            s = old.index(new[0])  # items are distinct in practice (log entries are numbered)
        except ValueError:
            s = -1
        if s >= 0:
            keep = min(len(old) - s, len(new))
            if old[s:s + keep] == new[:keep]:
                return pieces[s:s + keep] + _cut("log", new[keep:], memo)
    return _cut("log", new, memo)


_MISSING = object()


def joined(p: Pieces) -> bytes:
    cls = p.__class__
    if cls is bytes:
        return p
    if cls is dict:
        return b"{" + b",".join(dumps(k) + b":" + v for k, v in p.items()) + b"}"
    return b"[" + b",".join(p) + b"]"


def members(part: Part) -> bytes:
    """The part's fields as JSON object members (no braces)."""
    return b",".join(dumps(k) + b":" + joined(p) for k, p in part.items())


def diff(old: Part, new: Part, seen: dict | None = None, shifts: dict | None = None) -> list[bytes]:
    """The operations (each a JSON object, as bytes) that turn part `old` into part `new`. `seen`
    (field -> (old pieces, new pieces, operations)) takes the operations of a field whose pieces,
    before and after, equal those of the last part diffed with it: the seats' own parts change
    alike (the decision, the log's new entries). `shifts` (see `_list_ops`) takes the operations
    of a list that lost and gained the same items as one diffed before."""
    ops: list[bytes] = []
    for k, p in new.items():
        q = old.get(k)
        if q is p or q == p:  # the same pieces (an unchanged field), or compared in C, piece by piece
            continue
        if q is None:
            ops.append(_op(b"add", _ptr(k), joined(p)))
        elif seen is None:
            ops.extend(_field(_ptr(k), q, p))
        else:
            hit = seen.get(k)
            if hit is None or hit[1] != p or hit[0] != q:
                hit = seen[k] = (q, p, _field(_ptr(k), q, p, shifts))
            ops.extend(hit[2])
    if not old.keys() <= new.keys():
        ops += [_op(b"remove", _ptr(k)) for k in old if k not in new]
    return ops


def _fields(old: Part, new: Part, keys: list[str]) -> list[bytes]:
    """`diff(old, new)` when `keys` are the only fields whose pieces may differ and both parts
    have the same fields."""
    ops: list[bytes] = []
    for k in keys:
        q, p = old[k], new[k]
        if q != p:
            ops.extend(_field(_ptr(k), q, p))
    return ops


def _field(path: bytes, q: Pieces, p: Pieces, shifts: dict | None = None) -> list[bytes]:
    if q.__class__ is not p.__class__ or p.__class__ is bytes:
        return [_op(b"replace", path, joined(p))]
    if p.__class__ is dict:
        ops = [_op(b"replace" if k in q else b"add", path + _ptr(k), v) for k, v in p.items() if q.get(k) != v]
        ops += [_op(b"remove", path + _ptr(k)) for k in q if k not in p]
    else:
        ops = _list_ops(path, q, p, shifts)
    # Operations longer than the value itself: replace it whole (sizes summed, not joined, first).
    size = sum(map(len, p.values() if p.__class__ is dict else p)) + len(p) * (12 if p.__class__ is dict else 1)
    if sum(map(len, ops)) > size + len(path) + 30:
        return [_op(b"replace", path, joined(p))]
    return ops


def _list_ops(path: bytes, old: list[bytes], new: list[bytes], shifts: dict | None = None) -> list[bytes]:
    """Read-only: the list may be handed out again (`shifts`: (path, items removed at the front,
    *items added at the end) -> its operations; the seats' logs shift alike, whatever private
    entries tell them apart)."""
    n, m = len(old), len(new)
    # The old list less its first s items is the new list's start: remove those, append the rest.
    if not m:
        s = n
    else:
        try:
            s = old.index(new[0])  # items are distinct in practice (log entries are numbered)
        except ValueError:
            s = n
    keep = n - s
    if keep <= m and old[s:] == new[:keep]:
        if shifts is None:
            return _shift_ops(path, s, new[keep:])
        key = (path, s, *new[keep:])
        ops = shifts.get(key)
        if ops is None:
            ops = shifts[key] = _shift_ops(path, s, new[keep:])
        return ops
    ops = [_op(b"replace", path + b"/%d" % i, new[i]) for i in range(min(n, m)) if old[i] != new[i]]
    ops += [_op(b"add", path + b"/-", v) for v in new[n:]]
    ops += [_op(b"remove", path + b"/%d" % i) for i in range(n - 1, m - 1, -1)]
    return ops


def _shift_ops(path: bytes, s: int, added: list[bytes]) -> list[bytes]:
    return [_op(b"remove", path + b"/0")] * s + [_op(b"add", path + b"/-", v) for v in added]


_PTRS: dict[str, bytes] = {}


def _ptr(key: str) -> bytes:
    """A JSON Pointer (RFC 6901) token for a member of the view, with its leading slash."""
    got = _PTRS.get(key)
    if got is None:
        got = b"/" + key.replace("~", "~0").replace("/", "~1").encode()
        if len(_PTRS) < 4096:  # the view's field names and component ids: a few hundred
            _PTRS[key] = got
    return got


_HEADS: dict[tuple[bytes, bytes], bytes] = {}


def _op(op: bytes, path: bytes, value: bytes | None = None) -> bytes:
    head = _HEADS.get((op, path))
    if head is None:  # the few hundred paths a view has recur every move: quoting them cost more than the rest
        head = b'{"op":"' + op + b'","path":' + dumps(path.decode())
        if len(_HEADS) < 4096:
            _HEADS[(op, path)] = head
    return head + b"}" if value is None else b"".join((head, b',"value":', value, b"}"))


@dataclass
class Cut:
    """The views of one version, in pieces: the public part once, each seat's own part."""

    public: Part
    own: dict[str, Part] = field(default_factory=dict)
    raw: dict | None = None  # the public part as the engine built it (read-only): the next cut compares with it
    raw_own: dict[str, dict] = field(default_factory=dict)  # each seat's own part as built, likewise
    _members: bytes | None = None
    _ops: list[bytes] | None = None
    _ops_base: int = 0
    _seen: dict = field(default_factory=dict)  # `diff`'s last operations per own field, since _ops_base
    _shifts: dict = field(default_factory=dict)  # `diff`'s operations of shifted lists, since _ops_base
    _since: tuple | None = None  # (a weak reference to the cut this one was cut since, the public fields cut afresh)

    @classmethod
    def of(cls, public: dict, own: dict[str, dict], before: Cut | None = None) -> Cut:
        """`before`: the cut of the previous version, whose unchanged fields (public, and each
        seat's own ones) are reused: most of a seat's own part is the same from one move to the
        next (its hand, its log but for the move's entries)."""
        memo: dict = {}
        logs: list = []
        since = None
        if before is None or before.raw is None:
            pub = cut(public)
            prev_own, prev_raw = {}, {}
        else:
            pub, fresh = cut_since(public, before.raw, before.public)
            prev_own, prev_raw = before.own, before.raw_own
            if fresh is not None:
                since = (ref(before), fresh)
        pieces = {}
        for seat, part in own.items():
            was = prev_raw.get(seat)
            if was is None:
                pieces[seat] = _seat_cut(seat, part, memo)
            else:
                pieces[seat] = _seat_cut_since(part, was, prev_own[seat], memo, logs)
        return cls(pub, pieces, public, dict(own), _since=since)

    def add(self, seat: str, own: dict) -> None:
        self.own[seat] = _seat_cut(seat, own)
        self.raw_own[seat] = own

    def keep(self, other: Cut) -> None:
        """Take over `other`'s seats that this cut has none of (a push to some seats only)."""
        for seat, part in other.own.items():
            if seat not in self.own:
                self.own[seat] = part
                self.raw_own[seat] = other.raw_own[seat]

    def full(self, seat: str) -> bytes:
        if self._members is None:
            self._members = members(self.public)
        return b"{" + members(self.own[seat]) + b"," + self._members + b"}"

    def patch(self, old: Cut, seat: str) -> list[bytes]:
        """The operations from `old`'s view of `seat` to ours (the public ones computed once per `old`)."""
        if self._ops is None or self._ops_base != id(old):
            self._ops, self._ops_base = self._public_ops(old), id(old)
            self._seen, self._shifts = {}, {}
        return self._ops + diff(old.own[seat], self.own[seat], self._seen, self._shifts)

    def _public_ops(self, old: Cut) -> list[bytes]:
        since = self._since
        if since is not None and since[0]() is old:  # the other fields are old's very pieces
            return _fields(old.public, self.public, since[1])
        return diff(old.public, self.public)


def _seat_cut_since(part: dict, before: dict, pieces: Part, memo: dict, logs: list) -> Part:
    """A seat's own part cut with its previous version's pieces: only the log's entries still there
    are taken over (the log is built afresh per view; the admin's secrets are not, and the small
    fields cost about as much to compare as to serialise)."""
    out = {"seat": pieces["seat"]}
    for k, v in part.items():
        if k not in DEEP:
            # An unchanged field keeps its very piece, so that `diff` passes it at `is`.
            out[k] = pieces[k] if v == before.get(k, _MISSING) and k in pieces else dumps(v)
            continue
        old = before.get(k) if k == "log" else None
        if old.__class__ is list and v.__class__ is list and pieces.get(k).__class__ is list:
            out[k] = _log_since(v, old, pieces[k], memo, logs)
        else:
            out[k] = _cut(k, v, memo)
    return out


def _log_since(new: list, old: list, pieces: list[bytes], memo: dict, logs: list) -> list[bytes]:
    """`logs` holds the logs of this version's seats cut so far, with their pieces: a seat whose log
    equals one of them (no private entry tells them apart) takes those pieces, which also lets
    `Cut.patch` take that seat's operations."""
    for was, got in logs:
        if was == new:  # equal entries read the same, as _list_since has it
            return got
    got = pieces if old == new else _list_since(new, old, pieces, memo)
    logs.append((new, got))
    return got


def _seat_cut(seat: str, part: dict, memo: dict | None = None) -> Part:
    """A seat's own part with its name (a view's `seat` field, in the own part: it differs by seat)."""
    return {"seat": dumps(seat), **cut(part, memo)}


def view_payload(c: Cut, version: int, status: str, seat: str, seats: list) -> str:
    return (b'{"type":"view","version":%d,"status":%b,"seat":%b,"seats":%b,"view":%b}'
            % (version, dumps(status), dumps(seat), dumps(seats), c.full(seat))).decode()


def patch_payload(ops: list[bytes], version: int, base: int, status: str) -> str:
    return (b'{"type":"patch","version":%d,"base":%d,"status":%b,"patch":[%b]}'
            % (version, base, dumps(status), b",".join(ops))).decode()

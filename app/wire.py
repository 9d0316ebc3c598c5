"""Views on the wire: each view cut into JSON pieces once, full-view messages assembled from them,
and JSON Patches (RFC 6902) between two versions of one seat's view (docs/protocol.md).

A view is a flat object of about thirty fields; each field is serialised on its own (a list item by
item, an object member by member), so a field the seats share (the public part: the engine hands
every seat the same objects) is serialised once per move, whichever socket it goes to, and two
versions are compared piece by piece as bytes. The pieces are immutable: what a socket was sent
cannot change under us when the game moves on.

A patch is add / remove / replace operations at most two levels deep: `/field`, `/field/key` or
`/field/index` (`-` to append). A list that lost items at its front and gained some at its end
(the log tail) becomes removes of `/field/0` and appends. Whenever the operations would be longer
than the new value, the value is replaced whole."""
from __future__ import annotations

import orjson

dumps = orjson.dumps

# A field's pieces: bytes (a scalar, or any value kept whole), dict[str, bytes] or list[bytes].
Pieces = bytes | dict | list


def _cut(value) -> Pieces:
    cls = value.__class__
    if cls is dict:
        return {k: dumps(v) for k, v in value.items()}
    if cls is list:
        return [dumps(v) for v in value]
    return dumps(value)


def _joined(p: Pieces) -> bytes:
    cls = p.__class__
    if cls is bytes:
        return p
    if cls is dict:
        return b"{" + b",".join(dumps(k) + b":" + v for k, v in p.items()) + b"}"
    return b"[" + b",".join(p) + b"]"


class Cutter:
    """Cuts the views of one push. Fields the views share (the same object) are cut, joined and
    compared once."""

    def __init__(self):
        self._pieces: dict[int, tuple[object, Pieces]] = {}
        self._joined: dict[int, bytes] = {}
        self._ops: dict[tuple[str, int, int], list[bytes]] = {}

    def cut(self, view: dict) -> dict[str, Pieces]:
        out = {}
        memo = self._pieces
        for k, v in view.items():
            hit = memo.get(id(v))
            if hit is None or hit[0] is not v:
                hit = memo[id(v)] = (v, _cut(v))  # holding v keeps its id from being reused
            out[k] = hit[1]
        return out

    def joined(self, p: Pieces) -> bytes:
        if p.__class__ is bytes:
            return p
        got = self._joined.get(id(p))
        if got is None:
            got = self._joined[id(p)] = _joined(p)
        return got

    def full(self, parts: dict[str, Pieces]) -> bytes:
        return b"{" + b",".join(dumps(k) + b":" + self.joined(p) for k, p in parts.items()) + b"}"

    def diff(self, old: dict[str, Pieces], new: dict[str, Pieces]) -> list[bytes]:
        """The operations (each a JSON object, as bytes) that turn view `old` into view `new`."""
        ops: list[bytes] = []
        for k, p in new.items():
            q = old.get(k)
            if q is None:
                ops.append(_op(b"add", _ptr(k), self.joined(p)))
            elif q is not p:
                key = (k, id(q), id(p))
                got = self._ops.get(key)
                if got is None:
                    got = self._ops[key] = self._field(_ptr(k), q, p)
                ops.extend(got)
        for k in old:
            if k not in new:
                ops.append(_op(b"remove", _ptr(k)))
        return ops

    def _field(self, path: bytes, q: Pieces, p: Pieces) -> list[bytes]:
        if q.__class__ is not p.__class__ or p.__class__ is bytes:
            return [] if q == p else [_op(b"replace", path, self.joined(p))]
        if p.__class__ is dict:
            ops = [_op(b"replace" if k in q else b"add", path + _ptr(k), v) for k, v in p.items() if q.get(k) != v]
            ops += [_op(b"remove", path + _ptr(k)) for k in q if k not in p]
        else:
            ops = _list_ops(path, q, p)
        whole = self.joined(p)
        if sum(len(o) for o in ops) > len(whole) + len(path) + 30:
            return [_op(b"replace", path, whole)]
        return ops


def _list_ops(path: bytes, old: list[bytes], new: list[bytes]) -> list[bytes]:
    if old == new:
        return []
    n, m = len(old), len(new)
    # The old list less its first s items is the new list's start: remove those, append the rest.
    starts = [0] if not m else [s for s in range(n) if old[s] == new[0]]
    for s in starts[:4]:
        keep = n - s
        if keep <= m and old[s:] == new[:keep]:
            return [_op(b"remove", path + b"/0")] * s + [_op(b"add", path + b"/-", v) for v in new[keep:]]
    ops = [_op(b"replace", path + b"/%d" % i, new[i]) for i in range(min(n, m)) if old[i] != new[i]]
    ops += [_op(b"add", path + b"/-", v) for v in new[n:]]
    ops += [_op(b"remove", path + b"/%d" % i) for i in range(n - 1, m - 1, -1)]
    return ops


def _ptr(key: str) -> bytes:
    """A JSON Pointer (RFC 6901) to a member of the view."""
    return b"/" + key.replace("~", "~0").replace("/", "~1").encode()


def _op(op: bytes, path: bytes, value: bytes | None = None) -> bytes:
    head = b'{"op":"' + op + b'","path":' + dumps(path.decode())
    return head + b"}" if value is None else head + b',"value":' + value + b"}"


def view_payload(cutter: Cutter, parts: dict[str, Pieces], version: int, status: str, seat: str, seats: list) -> str:
    return (b'{"type":"view","version":%d,"status":%b,"seat":%b,"seats":%b,"view":%b}'
            % (version, dumps(status), dumps(seat), dumps(seats), cutter.full(parts))).decode()


def patch_payload(ops: list[bytes], version: int, base: int, status: str) -> str:
    return (b'{"type":"patch","version":%d,"base":%d,"status":%b,"patch":[%b]}'
            % (version, base, dumps(status), b",".join(ops))).decode()

"""The public engine contract (DESIGN §2): Game, new_game, replay.

The game is a stack machine. `state["stack"]` holds frames (plain dicts with a "kind"); the top
frame either needs a decision (it names the seats that may act and their legal actions) or runs
by itself. After every action the driver runs automatic frames until a decision is needed.
"""
from __future__ import annotations

import copy
import json
from typing import Any

from . import action_notes, ops, sampling
from . import effects as _effects  # noqa: F401  (registers every card effect)
from . import frames as _frames  # noqa: F401  (registers every frame kind)
from .actions import copy_action, same_json
from .errors import IllegalAction
from .frames.base import FRAMES
from .setup import initial_state
from .views import build_view, build_view_parts, build_views, log_page


class Game:
    def __init__(self, state: dict):
        self.s = state
        # True only on the copies engine/action_notes.py tries actions on: the first checkpoint
        # ends the try (ops.checkpoint raises ops.Decided). Set on the instance, not the class:
        # the engine asks it on every log line and board look, and an instance's own attribute is
        # the cheaper read.
        self.trial = False
        self._legal: dict[str, list[dict]] | None = None
        # The frame's own actions per seat, computed once by the driver after each change.
        self._frame_acts: dict[str, list[dict]] | None = None
        # seat -> (the legal list the notes were made for, irreversible marks): engine/action_notes.py
        self._marks: dict[str, tuple[list, list]] = {}
        # The pieces of the last `texts=False` views, reused while unchanged (engine/views.py _Memo).
        self._view_memo = None

    # ----- contract -------------------------------------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(self.s["seats"])

    @property
    def result(self) -> dict | None:
        return self.s["result"]

    @property
    def day(self) -> int:
        """The day of the game (1-7) as the board's calendar shows it."""
        return self.s["day"]

    @property
    def seed(self) -> int | str:
        """The seed: a seed key (hex string, engine/rng.py) or, for older games, an int."""
        return self.s["seed"]

    @property
    def options(self) -> dict:
        """The options the game was created with (a copy)."""
        return copy.deepcopy(self.s["options"])

    @property
    def move_count(self) -> int:
        """How many actions the record holds (undo included): `len(record()["actions"])` without the copy."""
        return len(self.s["history"])

    def active_seats(self) -> list[str]:
        return [seat for seat in self.s["seats"] if self._legal_for(seat)]

    def legal_actions(self, seat: str) -> list[dict]:
        return [copy_action(a) for a in self._legal_for(seat)]

    def irreversible(self, seat: str) -> list[str | None]:
        """For each of legal_actions(seat), in order: None when undo is still offered after it,
        else why not ("draw", "roll", "random", "shuffle", "reveal", "cards_seen", "passes",
        "game_over"; engine/action_notes.py)."""
        legal = self._legal_for(seat)
        cached = self._marks.get(seat)
        if cached is None or cached[0] is not legal:
            for other, notes in action_notes.marks(self, seat).items():  # the seat's, and any others' the same tries made
                self._marks[other] = (self._legal_for(other), notes)
            cached = self._marks[seat]
        return list(cached[1])

    def unavailable(self, seat: str) -> list[dict]:
        """Uses of the seat's cards and fighters the current decision does not offer, each with
        its reason (engine/action_notes.py)."""
        return action_notes.unavailable(self, seat)

    def apply(self, seat: Any, action: Any) -> None:
        self._check_shape(seat, action)
        if self.s["result"] is not None:
            raise IllegalAction("The game is over.")
        legal = self._legal_for(seat)
        for a in legal:
            if a == action and same_json(action, a):
                break
        else:
            raise IllegalAction(self._explain(seat, action, legal))
        action = copy_action(action)  # the caller keeps its dict; we keep ours
        if action["type"] == "undo":
            self._undo(seat)
            return
        self._apply_effective(seat, action)
        self.s["history"].append([seat, action])

    def view(self, seat: str, texts: bool = True, marks: bool = True) -> dict:
        """`texts=False`: components by id, without the static texts `engine.public.view_records`
        holds (what the server sends; clients join the texts back). `marks=False`: the view's
        `irreversible` is None instead of the undo marks, which cost a try of every legal action
        (for a player that never reads them, such as a server bot; docs/contract.md)."""
        if seat not in self.s["seats"] and seat not in ("spectator", "admin"):
            raise IllegalAction(f"Unknown seat '{seat}'.")
        return build_view(self, seat, texts, marks)

    @property
    def log_length(self) -> int:
        """How many entries the whole log holds (a view shows only its last `LOG_TAIL`)."""
        return len(self.s["log"])

    def log_page(self, seat: str, start: int = 0, stop: int | None = None) -> list[dict]:
        """Log entries `start` to `stop` (slice bounds, 0 the first entry) as `seat` may read
        them: filtered exactly as its views filter their log tail, each with its `phase`."""
        if seat not in self.s["seats"] and seat not in ("spectator", "admin"):
            raise IllegalAction(f"Unknown seat '{seat}'.")
        if start < 0 or (stop is not None and stop < 0):
            raise ValueError("log_page takes non-negative bounds.")
        return log_page(self, seat, start, stop)

    def views(self, seats, texts: bool = True) -> dict[str, dict]:
        """The views of several seats at once (their public part is shared: treat as read-only)."""
        for seat in seats:
            if seat not in self.s["seats"] and seat not in ("spectator", "admin"):
                raise IllegalAction(f"Unknown seat '{seat}'.")
        return build_views(self, list(seats), texts)

    def view_parts(self, seats, texts: bool = True) -> tuple[dict, dict[str, dict]]:
        """The same views in two parts, `(public, {seat: own})`: the view of `seat` is
        `{"seat": seat, **public, **own[seat]}` (what a server shares between seats)."""
        for seat in seats:
            if seat not in self.s["seats"] and seat not in ("spectator", "admin"):
                raise IllegalAction(f"Unknown seat '{seat}'.")
        return build_view_parts(self, list(seats), texts)

    def invalidate(self) -> None:
        """Drop the cached legal actions. A test and staging hook: call it after editing the state
        (`g.s`) by hand; play through `apply` never needs it."""
        self._legal = None
        self._frame_acts = None
        self._view_memo = None

    def record(self) -> dict:
        return {
            "revolutionaries": self.s["revolutionaries"],
            "options": copy.deepcopy(self.s["options"]),
            "seed": self.s["seed"],
            "actions": copy.deepcopy(self.s["history"]),
        }

    def to_dict(self) -> dict:
        return copy.deepcopy(self.s)

    @classmethod
    def from_dict(cls, d: dict, *, copy_state: bool = True) -> Game:
        """`copy_state=False` adopts `d` itself, for a caller that just parsed it and keeps no other
        reference (a state loaded from the database): the deep copy of a long game's history took
        seconds (a 100,000-action record: 4.6 s)."""
        return cls(copy.deepcopy(d) if copy_state else d)

    def copy(self) -> Game:
        """An independent copy of the game, cheaper than `from_dict(to_dict())` (search playouts)."""
        return self.__class__(sampling.json_copy(self.s))

    def information_set(self, seat: str) -> dict:
        """What `seat` may know, as JSON: the state without the secrets the seat cannot see, which
        wait sorted in pools (engine/sampling.py). Equal for two states that give the seat the
        same view; holds no secret of another seat, so it may go to a search worker."""
        if seat not in self.s["seats"]:
            raise IllegalAction(f"Unknown seat '{seat}'.")
        return sampling.information_set(self, seat)

    @classmethod
    def sample(cls, info: dict, rng) -> Game:
        """A full game consistent with an information set: the unseen cards and tiles dealt at
        random with `rng` (a `random.Random`), dice unknown. Play it like any game; its record
        and undo are not the true game's (it has no history)."""
        return cls(sampling.sample(info, rng))

    def state_hash(self) -> str:
        import hashlib

        # Key order is part of the state: the engine walks its dicts in order, so a copy with the
        # same content in another order (jsonb does that) could play differently.
        return hashlib.sha256(json.dumps(self.s).encode()).hexdigest()

    # ----- internals -------------------------------------------------------------------------
    def _legal_for(self, seat: str) -> list[dict]:
        """The cached legal actions (internal: callers must not mutate them)."""
        if self._legal is None:
            self._legal = {}
        cached = self._legal.get(seat)
        if cached is None:
            cached = self._compute_legal(seat)
            self._legal[seat] = cached
        return cached

    def _compute_legal(self, seat: str) -> list[dict]:
        s = self.s
        if s["result"] is not None or seat not in s["seats"] or not s["stack"]:
            return []
        frame = s["stack"][-1]
        handler = FRAMES[frame["kind"]]
        acts = self._frame_acts.get(seat) if self._frame_acts is not None else None
        if acts is None:
            acts = handler.actions(self, frame, seat) if seat in handler.deciders(self, frame) else []
        if acts and self._undo_allowed(seat):
            acts = acts + [{"type": "undo"}]
        return acts

    def _undo_allowed(self, seat: str) -> bool:
        eff = self.s["effective"]
        return len(eff) > self.s["undo_floor"] and eff[-1][0] == seat

    def _apply_effective(self, seat: str, action: dict) -> None:
        s = self.s
        self._legal = None
        self._frame_acts = None
        s["checkpoint"] = False
        frame = s["stack"][-1]
        FRAMES[frame["kind"]].apply(self, frame, seat, action)
        self._advance()
        s["effective"].append([seat, action])
        self._legal = None
        if s["checkpoint"] or s["result"] is not None or seat not in self.active_seats():
            s["undo_floor"] = len(s["effective"])
        s["checkpoint"] = False

    def _advance(self, watch=None) -> None:
        """Run automatic frames until a decision is needed. `watch(frame)` (engine/action_notes.py)
        sees each frame that comes to the top and stops the run by returning True."""
        s = self.s
        guard = 0
        while s["result"] is None and s["stack"]:
            frame = s["stack"][-1]
            if watch is not None and watch(frame):
                return
            handler = FRAMES[frame["kind"]]
            deciders = handler.deciders(self, frame)
            if deciders:
                acts = {d: handler.actions(self, frame, d) for d in deciders}
                if any(acts.values()):
                    self._frame_acts = {seat: acts.get(seat, []) for seat in s["seats"]}
                    return
            handler.run(self, frame)
            ops.check_immediate_victory(self)
            guard += 1
            if guard > 10000:
                raise RuntimeError(f"engine loop stuck on frame {frame['kind']}")

    def _undo(self, seat: str) -> None:
        history = self.s["history"] + [[seat, {"type": "undo"}]]
        effective = self.s["effective"][:-1]
        fresh = new_game(self.s["revolutionaries"], self.s["seed"], self.s["options"])
        for st, act in effective:
            fresh._apply_effective(st, act)
        fresh.s["history"] = history
        self.s = fresh.s
        self._legal = None
        self._frame_acts = fresh._frame_acts

    def _check_shape(self, seat: Any, action: Any) -> None:
        if not isinstance(seat, str) or seat not in self.s["seats"]:
            raise IllegalAction(f"Unknown seat {seat!r}: this game's seats are {', '.join(self.s['seats'])}.")
        if not isinstance(action, dict):
            raise IllegalAction("An action must be a JSON object with a \"type\".")
        if not isinstance(action.get("type"), str):
            raise IllegalAction("An action needs a \"type\" string.")

    def _explain(self, seat: str, action: dict, legal: list[dict]) -> str:
        if not legal:
            waiting = self.active_seats()
            who = ", ".join(waiting) if waiting else "nobody"
            return f"It is not your turn ({seat}): waiting for {who}."
        kind = action["type"]
        same = [a for a in legal if a["type"] == kind]
        if not same:
            allowed = sorted({a["type"] for a in legal})
            return f"'{kind}' is not possible now; you may: {', '.join(allowed)}."
        keys = set().union(*(a.keys() for a in same))
        extra = set(action) - keys
        if extra:
            return f"Unexpected field(s) {', '.join(sorted(extra))} for '{kind}'."
        missing = keys - set(action)
        if missing:
            return f"Missing field(s) {', '.join(sorted(missing))} for '{kind}'."
        return f"That '{kind}' is not allowed here: {self._reason_hint(same)}"

    @staticmethod
    def _reason_hint(same: list[dict]) -> str:
        options = []
        for a in same[:6]:
            options.append(", ".join(f"{k}={v}" for k, v in a.items() if k != "type") or "(no fields)")
        more = "" if len(same) <= 6 else f" and {len(same) - 6} more"
        return "choose one of " + "; ".join(options) + more + "."


def new_game(revolutionaries: int = 1, seed: int | str = 0, options: dict | None = None) -> Game:
    g = Game(initial_state(revolutionaries, seed, options or {}))
    g._advance()
    return g


def replay(record: dict) -> Game:
    g = new_game(record["revolutionaries"], record["seed"], record.get("options") or {})
    for seat, action in record["actions"]:
        g.apply(seat, action)
    return g

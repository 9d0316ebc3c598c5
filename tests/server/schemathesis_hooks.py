"""Schemathesis hooks for tests/server/test_openapi_fuzz.py (loaded through SCHEMATHESIS_HOOKS).

Three rules of room creation are beyond JSON Schema and stated in the document's prose instead:
an integer is a JSON integer (`1.0` is refused: JSON Schema counts it as an integer),
`player_powers` gives each seat its own colour, and it and `bots` name only seats the room has; the ruleset
(top level or in the options, the same) sets the player count and which options may leave their defaults; a
`webhook` must lead to an address the server may call (not loopback or private by default). Bodies that
break them are refused with 422 as documented; keeping them out of the positive examples lets the
"schema-valid request accepted" check hold for everything else."""
from __future__ import annotations

import schemathesis

from engine.public import OPTIONS, revolutionary_counts, seats_for


def _integral_float(x) -> bool:
    if isinstance(x, float):
        return x.is_integer()
    if isinstance(x, dict):
        return any(_integral_float(v) for v in x.values())
    if isinstance(x, list):
        return any(_integral_float(v) for v in x)
    return False


def _ruleset(body: dict) -> str:
    options = body.get("options") if isinstance(body.get("options"), dict) else {}
    return options.get("ruleset") or body.get("ruleset") or "conflict"


def _one_ruleset(body: dict) -> bool:
    """The rules of a room's ruleset the schema cannot say: one ruleset named (top level and options
    agree), its player count, and no option of the other ruleset away from its default."""
    options = body.get("options") if isinstance(body.get("options"), dict) else {}
    if "ruleset" in body and "ruleset" in options and body["ruleset"] != options["ruleset"]:
        return False
    ruleset = _ruleset(body)
    if body["revolutionaries"] not in revolutionary_counts(ruleset):
        return False
    return all(ruleset in OPTIONS[k].get("rulesets", (ruleset,)) or v == OPTIONS[k]["default"]
               for k, v in options.items() if k in OPTIONS)


@schemathesis.hook("filter_body").apply_to(method="POST", path="/api/games")
def within_the_rules_of_a_room(ctx, body) -> bool:
    if _integral_float(body):
        return False
    if isinstance(body, dict) and "webhook" in body:  # (and no generated host is ever looked up)
        return False
    if not isinstance(body, dict) or not isinstance(body.get("revolutionaries"), int):
        return True
    if not _one_ruleset(body):
        return False
    seats = set(seats_for(body["revolutionaries"], {"ruleset": _ruleset(body)}))
    bots = body.get("bots")
    if isinstance(bots, dict) and not set(bots) <= seats:
        return False
    powers = body["options"].get("player_powers") if isinstance(body.get("options"), dict) else None
    if not isinstance(powers, dict):
        return True
    return len(set(powers.values())) == len(powers) and set(powers) <= seats


@schemathesis.hook("filter_body").apply_to(method="POST", path="/api/games/{gid}/actions")
def versions_are_json_integers(ctx, body) -> bool:
    return not _integral_float(body.get("version") if isinstance(body, dict) else None)


@schemathesis.hook("filter_body").apply_to(method="POST", path="/api/games/{gid}/hint")
def hint_versions_are_json_integers(ctx, body) -> bool:
    return not _integral_float(body.get("version") if isinstance(body, dict) else None)


@schemathesis.hook("filter_case").apply_to(method="POST", path="/api/games")
def within_the_rules_of_a_room_in_every_phase(ctx, case) -> bool:
    """The same rules for whole cases: the coverage phase applies `filter_case`, not `filter_body`."""
    body = case.body
    if not isinstance(body, dict) or not isinstance(body.get("revolutionaries"), int):
        return True
    return within_the_rules_of_a_room(ctx, body)

"""Schemathesis hooks for tests/server/test_openapi_fuzz.py (loaded through SCHEMATHESIS_HOOKS).

Three rules of room creation are beyond JSON Schema and stated in the document's prose instead:
an integer is a JSON integer (`1.0` is refused: JSON Schema counts it as an integer),
`player_powers` gives each seat its own colour, and it and `bots` name only seats the room has; a
`webhook` must lead to an address the server may call (not loopback or private by default). Bodies that
break them are refused with 422 as documented; keeping them out of the positive examples lets the
"schema-valid request accepted" check hold for everything else."""
from __future__ import annotations

import schemathesis


def _integral_float(x) -> bool:
    if isinstance(x, float):
        return x.is_integer()
    if isinstance(x, dict):
        return any(_integral_float(v) for v in x.values())
    if isinstance(x, list):
        return any(_integral_float(v) for v in x)
    return False


@schemathesis.hook("filter_body").apply_to(method="POST", path="/api/games")
def within_the_rules_of_a_room(ctx, body) -> bool:
    if _integral_float(body):
        return False
    if isinstance(body, dict) and "webhook" in body:  # (and no generated host is ever looked up)
        return False
    if not isinstance(body, dict) or not isinstance(body.get("revolutionaries"), int):
        return True
    seats = {f"rev{i}" for i in range(1, body["revolutionaries"] + 1)}
    bots = body.get("bots")
    if isinstance(bots, dict) and not set(bots) <= seats | {"soviet"}:
        return False
    powers = body["options"].get("player_powers") if isinstance(body.get("options"), dict) else None
    if not isinstance(powers, dict):
        return True
    return len(set(powers.values())) == len(powers) and set(powers) <= seats


@schemathesis.hook("filter_body").apply_to(method="POST", path="/api/games/{gid}/actions")
def versions_are_json_integers(ctx, body) -> bool:
    return not _integral_float(body.get("version") if isinstance(body, dict) else None)

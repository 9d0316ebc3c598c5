"""Staging helpers for the Revolutionary phase rule tests (tests/test_rules_revolutionary_*.py).

Rulebook tests: Phase 2, Revolutionary phase (Zhukov ruleset text, used as is by the Conflict
ruleset), plus Appendix B events E#3, E#14 and E#21.

Positions are staged by editing g.s and calling refresh(g); everything else goes through
g.apply / g.legal_actions / g.view."""
from __future__ import annotations

# Plain revolutionary cards (no ability), enough for two full hands of 10.
PLAIN = ([f"rc_molotov_{i}" for i in range(1, 7)] + [f"rc_ammunition_{i}" for i in range(1, 6)]
         + [f"rc_information_{i}" for i in range(1, 4)] + [f"rc_medical_{i}" for i in range(1, 4)]
         + [f"rc_food_{i}" for i in range(1, 4)])


# ----- staging helpers ----------------------------------------------------------------------------
def turn_view(g, seat: str = "rev1") -> dict:
    return g.view(seat)["turn"]




def active_ids(g, loc: str) -> list[str]:
    return [f["id"] for f in loc_view(g, loc)["fighters"] if f["active"]]


def kinds(g, seat: str) -> set[str]:
    return {a["type"] for a in g.legal_actions(seat)}


def loc_view(g, loc: str, seat: str = "rev1") -> dict:
    return g.view(seat)["locations"][loc]

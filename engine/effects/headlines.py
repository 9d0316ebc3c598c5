"""Headline text effects (Appendix A)."""
from __future__ import annotations

from .. import ops
from ..frames.choice import ask
from . import effect
from .common import seat_options


@effect("h11")
def crowd_burns_propaganda(g, f):
    """Shift support toward the Soviet end; if it is already at the Soviet end, nothing happens."""
    ops.shift_support(g, +1, "Crowd burns propaganda")
    return True


@effect("h34")
def national_guard_begins_organization(g, f):
    """Remove one militia from Csepel, then a random revolutionary tank joins on Kossuth Square."""
    ops.remove_units(g, "csepel", "militia", 1)
    ops.place_random_rev_tank(g, "kossuth")
    return True


@effect("h36")
def pal_maleter_aids_the_revolution(g, f):
    """A random revolutionary tank joins in Corvin Passage; one Revolutionary (the team's choice)
    takes one more action this day (lapsing)."""
    v = f["vars"]
    if f["step"] == 0:
        f["step"] = 1
        ops.place_random_rev_tank(g, "corvin")
    if "seat" not in v and ask(g, f, "seat", ops.rev_seats(g),
                               "Pál Maléter aids the revolution: who takes one more action today?",
                               seat_options(ops.rev_seats(g))):
        return False
    seat = v["seat"]["seat"] if v["seat"] else ops.rev_seats(g)[0]
    extra = g.s["today"]["extra_actions"]
    extra[seat] = extra.get(seat, 0) + 1
    ops.log(g, f"{seat} will take one more action today (Pál Maléter aids the revolution).", refs=[seat])
    return True

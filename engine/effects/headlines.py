"""Headline text effects (Appendix A), one module per headline deck.

Every effect follows the protocol of `engine.effects`: it runs inside an `effect` frame `f`, keeps
its progress in f["step"] and f["vars"], asks with `ask` (one click = one action), and returns
FINISHED when finished (WAITING while it waits). Red cards are executed by the Soviet commander, green ones by the
Revolutionary team (`deciders`), unless the text names who chooses.

Conventions for the choices offered here:
- {"type": "choose_location", "location": loc}, {"type": "choose_player", "seat": s};
- {"type": "choose_fighter", "fighter": fid, "location": loc} (loc None for a removed fighter);
- {"type": "choose", "option": ...} for a named option (an icon, a mode, heal/draw);
- {"type": "done"} declines an optional step ("up to", "may").
"""
from . import headlines_period1, headlines_period2, headlines_period3  # noqa: F401

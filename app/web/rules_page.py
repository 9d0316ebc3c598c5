"""What the /rules page renders on the server: the rulings of docs/rulings.md (question and
ruling, linkable by id) and the names of the components the rules text links to."""
from __future__ import annotations

import re
from functools import lru_cache

from app.infra.files import project_dir
from engine.public import EVALUATION_MAX_EVENTS, catalog

RULINGS = project_dir("docs") / "rulings.md"
_ROW = re.compile(r"^\| ([RZ]\d+) \| (.*?) \| (.*?) \| .*\|\s*$")
_MARKUP = re.compile(r"\*\*|`")


@lru_cache(maxsize=1)
def rulings() -> tuple[dict, ...]:
    """Each ruling's id, question and ruling, in the document's order (markdown emphasis and code
    marks dropped: the page shows plain text)."""
    out = []
    for line in RULINGS.read_text(encoding="utf-8").splitlines():
        m = _ROW.match(line)
        if m:
            out.append({"id": m[1], "question": _MARKUP.sub("", m[2]), "ruling": _MARKUP.sub("", m[3])})
    return tuple(out)


@lru_cache(maxsize=1)
def names() -> dict[str, str]:
    """Display names by the ids the catalogue's entries are anchored by (card-<id>)."""
    c = catalog()
    out = {}
    for group, key in (("headlines", "title"), ("events", "title"), ("card_kinds", "name"), ("fighters", "name"),
                       ("spa_cards", "name"), ("player_powers", "name")):
        out.update({cid: rec[key] for cid, rec in c[group].items()})
    return out


def context() -> dict:
    return {"rulings": rulings(), "names": names(), "goal": {"evaluation_max_events": EVALUATION_MAX_EVENTS}}

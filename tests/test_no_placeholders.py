"""No card may be a no-op placeholder: every component whose printed text does something has an
implemented effect and a test that names it. Cards with icons only are listed explicitly."""
from __future__ import annotations

import re
from pathlib import Path

from engine.data import EVENTS, FIGHTERS, HEADLINES, PROMO_CARDS, REVOLUTIONARY_CARDS, REVOLUTIONARY_TANKS
from engine.data.promo import ALTERNATIVE_START_EVENTS
from engine.effects import EFFECTS

TESTS = Path(__file__).parent
# Passive abilities are rules, not effects run on demand: each is wired where the rule applies.
PASSIVE_IN_RULES = {
    "f_peter_hajas": "engine/frames/hits.py (retaliate)",
    "f_julia_tollas": "engine/frames/hits.py (hit_threshold)",
    "f_marton_kalapos": "engine/frames/spa.py (strength)",
    "f_marta_wawelska": "engine/frames/spa.py (strength)",
    "f_jozsef_kormanyos": "engine/frames/revolutionary.py (movement)",
    "rt_howitzer": "engine/frames/hits.py (hit_options)",
    "rt_t55": "engine/ops.py (has_barricade)",
}
ICONS_ONLY_KINDS = {"aid", "molotov", "molotov_crate", "ammunition", "ammunition_crate", "information",
                    "medical", "food", "vehicle"}


def _test_names(pattern: str) -> str:
    return "\n".join(name for path in sorted(TESTS.glob(pattern))
                     for name in re.findall(r"^def (test_\w+)", path.read_text(), re.M))


def test_every_headline_has_an_effect_and_a_test():
    names = _test_names("test_cards_headlines*.py")
    for h in HEADLINES:
        assert h["id"] in EFFECTS, f"{h['id']} {h['title']} has no effect"
        assert f"test_{h['id']}_" in names, f"{h['id']} {h['title']} has no test"


def test_every_event_text_has_an_effect_and_a_test():
    names = _test_names("test_cards_events*.py")
    for e in list(EVENTS) + list(ALTERNATIVE_START_EVENTS):
        for part in ("placement", "reward", "penalty"):
            if e.get(part):
                assert f"{e['id']}:{part}" in EFFECTS, f"{e['id']} {e['title']}: {part} not implemented"
        assert f"test_{e['id']}_" in names, f"{e['id']} {e['title']} has no test"


def test_every_card_ability_has_an_effect_and_a_test():
    text = (TESTS / "test_cards_revolutionary.py").read_text()
    kinds = {c["kind"]: c for c in list(REVOLUTIONARY_CARDS) + list(PROMO_CARDS)}
    for kind, card in kinds.items():
        if card.get("ability"):
            assert f"rc:{kind}" in EFFECTS, f"{card['name']} ability not implemented"
            assert kind in text or card["name"].lower().replace(" ", "_") in text, f"{card['name']} untested"
        else:
            assert kind in ICONS_ONLY_KINDS, f"{card['name']} has no ability and is not listed as icons-only"


def test_every_fighter_and_tank_ability_is_implemented_and_tested():
    text = (TESTS / "test_cards_fighters.py").read_text()
    for f in list(FIGHTERS) + list(REVOLUTIONARY_TANKS):
        if not f.get("ability"):
            continue
        assert f["id"] in EFFECTS or f["id"] in PASSIVE_IN_RULES, f"{f['name']} ability not implemented"
        short = f["id"].split("_", 1)[1]
        assert short in text or f["id"] in text, f"{f['name']} untested"

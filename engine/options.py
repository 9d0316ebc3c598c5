"""Room options: the Conflict ruleset's difficulty settings and the promo components.

Each option is named, typed and documented here; unknown names or bad values are refused so a
room can never run with an option the engine silently ignores.
"""
from __future__ import annotations

OPTIONS: dict[str, dict] = {
    # Difficulty settings, favouring the Revolutionary players (Conflict ruleset).
    "rev_morale_shift": {"type": int, "range": (0, 2), "default": 0,
                         "doc": "Shift morale toward the Hungarian end 1 or 2 times after setup."},
    "rev_remove_radio_sniper": {"type": bool, "default": False, "doc": "Remove the sniper from the Radio after setup."},
    "rev_injury_limit_plus_one": {"type": bool, "default": False,
                                  "doc": "Increase the injury limit for immediate defeat by one."},
    "rev_activate_fighter": {"type": bool, "default": False,
                             "doc": "After setup the team activates the fighter in one Revolutionary's starting "
                                    "location (the team chooses which)."},
    # Difficulty settings, favouring the Soviet commander.
    "soviet_morale_shift": {"type": bool, "default": False, "doc": "Shift morale toward the Soviet end after setup."},
    "soviet_militia_csepel": {"type": bool, "default": False, "doc": "Place one militia in Csepel after setup."},
    "soviet_militia_stalin": {"type": bool, "default": False, "doc": "Place one militia in Stalin Square after setup."},
    "soviet_support_shift": {"type": bool, "default": False,
                             "doc": "Shift support toward the Soviet end after setup (drastic)."},
    # Promo components.
    "promo_ak47": {"type": bool, "default": False, "doc": "Shuffle the AK-47 card into the revolutionary deck."},
    "promo_last_stand": {"type": bool, "default": False, "doc": "Shuffle the Last Stand card into the revolutionary deck."},
    "promo_printing_press": {"type": bool, "default": False,
                             "doc": "The Printing Press promo: a location next to Blaha Lujza Square from day 3, "
                                    "with its printed event."},
    "alternative_start_events": {"type": bool, "default": False,
                                 "doc": "Use the 3 alternative starting events instead of the default ones."},
    "player_powers": {"type": dict, "default": {},
                      "doc": "Promo player powers: seat -> colour (red, blue, yellow, green), each colour once."},
    "powers_without_benefit": {"type": list, "default": [],
                               "doc": "Colours whose benefit is switched off (favours the Soviet commander)."},
    "powers_without_disadvantage": {"type": list, "default": [],
                                    "doc": "Colours whose disadvantage is switched off (favours the Revolutionaries)."},
}

_COLOURS = ("red", "blue", "yellow", "green")
_SEATS = ("rev1", "rev2", "rev3")


def validate_options(options: dict) -> dict:
    if not isinstance(options, dict):
        raise ValueError("options must be an object")
    clean = {}
    for key, value in options.items():
        spec = OPTIONS.get(key)
        if spec is None:
            raise ValueError(f"Unknown option '{key}'.")
        if spec["type"] is bool:
            if not isinstance(value, bool):
                raise ValueError(f"Option '{key}' must be true or false.")
        elif spec["type"] is dict:
            if not isinstance(value, dict) or any(k not in _SEATS or v not in _COLOURS for k, v in value.items()) \
                    or len(set(value.values())) != len(value):
                raise ValueError(f"Option '{key}' maps rev1/rev2/rev3 to distinct colours (red, blue, yellow, green).")
            value = dict(sorted(value.items()))
        elif spec["type"] is list:
            if not isinstance(value, list) or any(v not in _COLOURS for v in value):
                raise ValueError(f"Option '{key}' is a list of colours (red, blue, yellow, green).")
            value = sorted(set(value))
        else:
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"Option '{key}' must be an integer.")
            lo, hi = spec["range"]
            if not lo <= value <= hi:
                raise ValueError(f"Option '{key}' must be between {lo} and {hi}.")
        if value != spec["default"]:
            clean[key] = value
    return dict(sorted(clean.items()))


def apply_setup_options(state: dict) -> None:
    """Difficulty settings that change the board right after setup."""
    o = state["options"]
    locs = state["locations"]
    state["morale"] = min(6, state["morale"] + o.get("rev_morale_shift", 0))
    if o.get("soviet_morale_shift"):
        state["morale"] -= 1
    if o.get("rev_remove_radio_sniper"):
        locs["radio"]["snipers"] = max(0, locs["radio"]["snipers"] - 1)
    if o.get("soviet_militia_csepel"):
        locs["csepel"]["militia"] += 1
    if o.get("soviet_militia_stalin"):
        locs["stalin"]["militia"] += 1
    if o.get("soviet_support_shift"):
        state["support"] += 1
    if o.get("rev_activate_fighter"):
        # R31: the team chooses the location (engine/effects/setup_options.py), before day 1 begins.
        state["stack"].append({"kind": "effect", "key": "setup:rev_activate_fighter", "by": "revolutionaries",
                               "actor": None, "location": None, "step": 0, "vars": {}})

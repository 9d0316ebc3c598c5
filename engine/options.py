"""Room options: the ruleset, each ruleset's difficulty settings and the promo components; and
the player-count tables (injury limit, actions per turn) as the ruleset and the options set them.

Each option is named, typed and documented here; unknown names or bad values are refused so a
room can never run with an option the engine silently ignores. `rulesets` names the rulesets an
option belongs to (absent: both); an option of the other ruleset is refused.
"""
from __future__ import annotations

from .board import LOCATION_IDS
from .data import zhukov_setup
from .data.board import ACTIONS_PER_TURN, INJURY_LIMIT, SUPPORT_TRACK

RULESETS = ("conflict", "zhukov")
CONFLICT_ONLY = ("conflict",)
ZHUKOV_ONLY = ("zhukov",)

OPTIONS: dict[str, dict] = {
    "ruleset": {"type": str, "choices": RULESETS, "default": "conflict",
                "doc": "conflict: a Soviet commander against 1-3 Revolutionaries; zhukov: 1-4 Revolutionaries "
                       "together against the General Zhukov deck (no Soviet seat)."},
    # Difficulty settings, favouring the Revolutionary players (Conflict ruleset).
    "rev_morale_shift": {"rulesets": CONFLICT_ONLY, "type": int, "range": (0, 2), "default": 0,
                         "doc": "Shift morale toward the Hungarian end 1 or 2 times after setup."},
    "rev_remove_radio_sniper": {"rulesets": CONFLICT_ONLY, "type": bool, "default": False, "doc": "Remove the sniper from the Radio after setup."},
    "rev_injury_limit_plus_one": {"rulesets": CONFLICT_ONLY, "type": bool, "default": False,
                                  "doc": "Increase the injury limit for immediate defeat by one."},
    "rev_activate_fighter": {"rulesets": CONFLICT_ONLY, "type": bool, "default": False,
                             "doc": "After setup the team activates the fighter in one Revolutionary's starting "
                                    "location (the team chooses which)."},
    # Difficulty settings, favouring the Soviet commander.
    "soviet_morale_shift": {"rulesets": CONFLICT_ONLY, "type": bool, "default": False, "doc": "Shift morale toward the Soviet end after setup."},
    "soviet_militia_csepel": {"rulesets": CONFLICT_ONLY, "type": bool, "default": False, "doc": "Place one militia in Csepel after setup."},
    "soviet_militia_stalin": {"rulesets": CONFLICT_ONLY, "type": bool, "default": False, "doc": "Place one militia in Stalin Square after setup."},
    "soviet_support_shift": {"rulesets": CONFLICT_ONLY, "type": bool, "default": False,
                             "doc": "Shift support toward the Soviet end after setup (drastic)."},
    # Zhukov ruleset: First Game With Reduced Difficulty (favours the Revolutionaries).
    "zhukov_easy_morale_3": {"rulesets": ZHUKOV_ONLY, "type": bool, "default": False,
                             "doc": "First game: place the morale marker on the 3 space after setup."},
    "zhukov_easy_remove_radio_sniper": {"rulesets": ZHUKOV_ONLY, "type": bool, "default": False,
                                        "doc": "First game: remove one sniper from the Radio after setup."},
    "zhukov_easy_activate_fighter": {"rulesets": ZHUKOV_ONLY, "type": str, "choices": ("",) + LOCATION_IDS,
                                     "default": "",
                                     "doc": "First game: activate the face-up fighter at this location after "
                                            "setup (the other one there is flipped, inactive); empty: none."},
    # Zhukov Difficulty Settings (harder).
    "zhukov_support_shift": {"rulesets": ZHUKOV_ONLY, "type": int, "range": (0, 2), "default": 0,
                             "doc": "Shift support toward the Soviet end once or twice after setup."},
    "zhukov_militia_astoria": {"rulesets": ZHUKOV_ONLY, "type": bool, "default": False,
                               "doc": "Add 2 militia to Astoria during setup."},
    "zhukov_militia_blaha": {"rulesets": ZHUKOV_ONLY, "type": bool, "default": False,
                             "doc": "Add 2 militia to Blaha Lujza Square during setup."},
    "zhukov_win_with_3_events": {"rulesets": ZHUKOV_ONLY, "type": bool, "default": False,
                                 "doc": "Win only with 3 or fewer events on the board at the evaluation (not 4)."},
    # Promo components (both rulesets).
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
_SEATS = ("rev1", "rev2", "rev3", "rev4")


def validate_options(options: dict) -> dict:
    if not isinstance(options, dict):
        raise ValueError("options must be an object")
    clean = {}
    ruleset = options.get("ruleset", "conflict")
    if ruleset not in RULESETS:
        raise ValueError("Option 'ruleset' must be one of: conflict, zhukov.")
    for key, value in options.items():
        spec = OPTIONS.get(key)
        if spec is None:
            raise ValueError(f"Unknown option '{key}'.")
        if spec["type"] is str:
            if not isinstance(value, str) or value not in spec["choices"]:
                raise ValueError(f"Option '{key}' must be one of: {', '.join(c or '(empty)' for c in spec['choices'])}.")
        elif spec["type"] is bool:
            if not isinstance(value, bool):
                raise ValueError(f"Option '{key}' must be true or false.")
        elif spec["type"] is dict:
            if not isinstance(value, dict) or any(k not in _SEATS or v not in _COLOURS for k, v in value.items()) \
                    or len(set(value.values())) != len(value):
                raise ValueError(f"Option '{key}' maps rev1-rev4 to distinct colours (red, blue, yellow, green).")
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
            # An option of the other ruleset is refused unless it is left at its default (a form
            # may send every option): it would change nothing, so it is dropped like any default.
            if ruleset not in spec.get("rulesets", RULESETS):
                raise ValueError(f"Option '{key}' belongs to the {spec['rulesets'][0]} ruleset, not {ruleset}.")
            clean[key] = value
    return dict(sorted(clean.items()))


def ruleset_of(options: dict) -> str:
    return options.get("ruleset", "conflict")


# ----- the player-count tables, as the ruleset and the options set them ------------------------
# engine/ops.py and the frames read them (so they live in this low layer); engine/public.py
# hands them to outside code.
def ruleset(options: dict | None) -> str:
    """The ruleset a game's options name: "conflict" (the default) or "zhukov"."""
    return (options or {}).get("ruleset", "conflict")


def injury_limit(revolutionaries: int, options: dict | None = None) -> int:
    """The injury that loses the game for a team of `revolutionaries` under these game options."""
    if ruleset(options) == "zhukov":
        return zhukov_setup.INJURY_LIMIT[revolutionaries]
    return INJURY_LIMIT[revolutionaries] + (1 if (options or {}).get("rev_injury_limit_plus_one") else 0)


def actions_per_turn(revolutionaries: int, options: dict | None = None) -> list[int]:
    """The actions of the 1st, 2nd... player in turn order (the player-count table)."""
    table = zhukov_setup.ACTIONS_PER_TURN if ruleset(options) == "zhukov" else ACTIONS_PER_TURN
    return list(table[revolutionaries])


def apply_setup_options(state: dict) -> None:
    """Difficulty settings that change the board right after setup."""
    o = state["options"]
    locs = state["locations"]
    if ruleset_of(o) == "zhukov":
        _apply_zhukov_options(state)
        return
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


def _apply_zhukov_options(state: dict) -> None:
    """Zhukov ruleset: First Game With Reduced Difficulty and the Difficulty Settings."""
    o = state["options"]
    locs = state["locations"]
    if o.get("zhukov_easy_morale_3"):
        state["morale"] = 3
    if o.get("zhukov_easy_remove_radio_sniper"):
        locs["radio"]["snipers"] = max(0, locs["radio"]["snipers"] - 1)
    loc = o.get("zhukov_easy_activate_fighter")
    if loc:
        # Ruling Z12: the room creator names the location; the face-up tile becomes active and the
        # face-down one is flipped and becomes the inactive one there.
        here = locs[loc]
        if here["inactive"]:
            here["active"].append(here["inactive"])
            here["inactive"] = here["facedown"].pop() if here["facedown"] else None
    state["support"] = min(len(SUPPORT_TRACK) - 1, state["support"] + o.get("zhukov_support_shift", 0))
    if o.get("zhukov_militia_astoria"):
        locs["astoria"]["militia"] += 2
    if o.get("zhukov_militia_blaha"):
        locs["blaha"]["militia"] += 2

"""Promo components: alternative starting events and player powers (rulebook: Promo Component Rules).

ALTERNATIVE_START_EVENTS use the event schema (see events.py). PLAYER_POWERS: id, colour, name,
benefit, disadvantage, provenance, basis.
"""
from __future__ import annotations

ALTERNATIVE_START_EVENTS = [
    {"id": "ea1", "title": "Growing social discontent", "location": "university", "period": "start",
     "cost": 0, "requires": ["information", "food"], "requires_per_event": [],
     "placement": None,
     "reward": "Shift morale toward the Hungarian end twice.",
     "penalty": None, "lapsing": False, "mark": False, "modifiers": [],
     "provenance": "reconstructed",
     "basis": "Promo rules: alternative start at the University, mostly morale and cards."},
    {"id": "ea2", "title": "Remembering Poznań", "location": "bem", "period": "start",
     "cost": 0, "requires": ["information", "medical"], "requires_per_event": [],
     "placement": None,
     "reward": "Draw 2 cards and shift morale toward the Hungarian end.",
     "penalty": None, "lapsing": False, "mark": False, "modifiers": [],
     "provenance": "reconstructed",
     "basis": "Promo rules: alternative start at Bem Statue, mostly morale and cards; history: Poznań, June 1956."},
    {"id": "ea3", "title": "SPA members suspected", "location": "corvin", "period": "start",
     "cost": 0, "requires": ["ammunition", "information"], "requires_per_event": [],
     "placement": None,
     "reward": "Remove one sniper from any location and draw 2 cards.",
     "penalty": "The Revolutionaries lose the game.",
     "lapsing": False, "mark": False, "modifiers": [],
     "provenance": "reconstructed",
     "basis": "Promo rules: one alternative event has a penalty that loses the game if it is still on the board; "
              "assumed to be this SPA one."},
]

_PP_BASIS = ("Promo rules: 4 player-power cards matching the standees, each with a benefit and a "
             "disadvantage; the texts are reconstructed.")

PLAYER_POWERS = [
    {"id": "pp_red", "colour": "red", "name": "Fighter",
     "benefit": "Your 'Destroy a tank' action needs only 2 molotov icons.",
     "disadvantage": "You may not take the 'Give or take cards' action.",
     "provenance": "reconstructed", "basis": _PP_BASIS},
    {"id": "pp_blue", "colour": "blue", "name": "Runner",
     "benefit": "Your second movement step in each turn is also free.",
     "disadvantage": "Your hand limit is 8 instead of 10.",
     "provenance": "reconstructed", "basis": _PP_BASIS},
    {"id": "pp_yellow", "colour": "yellow", "name": "Organizer",
     "benefit": "Once per turn, when you activate a fighter, you may draw one card.",
     "disadvantage": "Soviet tank rolls against your location hit on 1-4 when they retaliate against you.",
     "provenance": "reconstructed", "basis": _PP_BASIS},
    {"id": "pp_green", "colour": "green", "name": "Medic",
     "benefit": "Once per turn you may discard any card to remove one injury from a Revolutionary player "
                "in your location.",
     "disadvantage": "Your first movement step in each turn is not free.",
     "provenance": "reconstructed", "basis": _PP_BASIS},
]

# ----- The Printing Press (a promo location with its printed event) ----------------------------------
_PP_CARD = ("Promo card 'Printing Press': a new location adjacent only to Blaha Lujza Square, in play from the "
            "beginning of day 3 with no fighters; its printed event needs two information and one ammunition.")

PRINTING_PRESS_LOCATION = {
    "id": "printing_press", "name": "Printing Press", "side": "pest", "reinforcement": False,
    "neighbours": ["blaha"], "from_day": 3, "option": "promo_printing_press",
    "provenance": "promo card", "basis": _PP_CARD,
}

PRINTING_PRESS_EVENTS = [
    {"id": "epp", "title": "Making Pamphlets at the Atheneaum Printing Press", "location": "printing_press",
     "period": "promo", "cost": 0, "requires": ["information", "information", "ammunition"],
     "requires_per_event": [], "placement": None,
     "reward": "Peek at up to 3 face-down inactive fighters, then place up to 2 of them active in Blaha Lujza "
               "Square together with every piece in the Printing Press (the 4-active-fighter limit applies). "
               "Then remove the Printing Press from the game.",
     "penalty": "Shift morale toward the Soviet end.",
     "lapsing": False, "mark": False, "modifiers": [],
     "provenance": "promo card",
     "basis": _PP_CARD + " Reward and penalty as printed (the title is spelled so on the card). Not printed: a CP "
                         "cost (0 here: the event is never bought, like the starting events) and the size of the "
                         "morale shift (one space, as every 'shift' in the game)."},
]

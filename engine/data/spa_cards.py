"""The 8 State Protection Authority cards (Conflict ruleset, Phase 3)."""
from __future__ import annotations

_BASIS = ("Rulebook: 8 SPA cards of 4 kinds, two Attack! cards may be played on one day; the 2/2/2/2 "
          "split is reconstructed.")

_KINDS = [
    ("move_sniper", "Move sniper",
     "Move one sniper from its location to an adjacent location. A sniper may move into a location with a "
     "barricade but not out of one."),
    ("move_militia", "Move militia",
     "Choose one: move one militia up to 3 times; or move one militia up to 2 times and another once; or "
     "move up to 3 militia once each. Every step is to an adjacent location and optional. A militia may "
     "move into a location with a barricade but not out of one."),
    ("place_militia", "Place militia",
     "Place up to 2 militia together in one reinforcement location (Csepel, Széna Square or HWPP "
     "Headquarters); at most 14 militia on the board."),
    ("attack", "Attack!",
     "Choose a location with militia or snipers (not one already attacked by an Attack! card this day). "
     "Total strength: 3 per sniper, 1 per militia. Fire: roll 2 dice; 1 hit if the smaller die is at most "
     "the strength, 1 more hit if the sum is at most the strength. Threaten: if the strength is 9 or more "
     "and no barricade is there, shift morale toward the Soviet end."),
]

SPA_CARDS = [
    {"id": f"spa_{kind}_{n}", "kind": kind, "name": name, "text": text,
     "provenance": "reconstructed", "basis": _BASIS}
    for kind, name, text in _KINDS
    for n in (1, 2)
]

"""Board, tracks and token pool for Days of Ire (both rulesets), and the Conflict ruleset's setup
(the Zhukov ruleset's is in zhukov_setup.py).

Plain data only (str/int/bool/None in lists and dicts). Every record carries a
``provenance`` ("rulebook" when the rulebook or DESIGN.md states every field, else
"reconstructed") and a one-line ``basis``.
"""
from __future__ import annotations

LOCATIONS = [
    {"id": "szena", "name": "Széna Square", "side": "buda", "reinforcement": True,
     "provenance": "rulebook",
     "basis": "Rulebook: location list and reinforcement locations; DESIGN §7: Buda side."},
    {"id": "bem", "name": "Bem Statue", "side": "buda", "reinforcement": False,
     "provenance": "rulebook",
     "basis": "Rulebook: starting event E#2 location; DESIGN §7: Buda side."},
    {"id": "university", "name": "University of Technology", "side": "buda", "reinforcement": False,
     "provenance": "rulebook",
     "basis": "Rulebook: starting event E#1 location; DESIGN §7: Buda side."},
    {"id": "kossuth", "name": "Kossuth Square", "side": "pest", "reinforcement": False,
     "provenance": "rulebook",
     "basis": "Rulebook: setup (1 sniper, 1 Soviet tank); DESIGN §7: Pest side."},
    {"id": "astoria", "name": "Astoria", "side": "pest", "reinforcement": False,
     "provenance": "rulebook",
     "basis": "Rulebook: SPA phase places a sniper in Astoria; DESIGN §7: Pest side."},
    {"id": "radio", "name": "Radio", "side": "pest", "reinforcement": False,
     "provenance": "rulebook",
     "basis": "Rulebook: setup (1 sniper, 1 Soviet tank); DESIGN §7: Pest side."},
    {"id": "blaha", "name": "Blaha Lujza Square", "side": "pest", "reinforcement": False,
     "provenance": "rulebook",
     "basis": "Rulebook: location list (E#5, E#27); DESIGN §7: Pest side."},
    {"id": "corvin", "name": "Corvin Passage", "side": "pest", "reinforcement": False,
     "provenance": "rulebook",
     "basis": "Rulebook: starting event E#3 location; DESIGN §7: Pest side."},
    {"id": "hwpp", "name": "HWPP Headquarters", "side": "pest", "reinforcement": True,
     "provenance": "rulebook",
     "basis": "Rulebook: reinforcement location, setup 1 sniper; DESIGN §7: Pest side."},
    {"id": "stalin", "name": "Stalin Square", "side": "pest", "reinforcement": False,
     "provenance": "rulebook",
     "basis": "Rulebook: setup (2 militia); DESIGN §7: Pest side."},
    {"id": "csepel", "name": "Csepel", "side": "csepel", "reinforcement": True,
     "provenance": "rulebook",
     "basis": "Rulebook: reinforcement location; DESIGN §7: Csepel island in the south."},
]


def _edge(a: str, b: str, provenance: str, basis: str) -> dict:
    return {"a": a, "b": b, "provenance": provenance, "basis": basis}


ADJACENCY = [
    _edge("szena", "bem", "reconstructed",
          "Buda: Széna Square and Bem Square are both on the Margit körút / Frankel Leó út side of Buda."),
    _edge("szena", "university", "reconstructed",
          "Buda: Krisztina körút and Hegyalja út run south from Széna Square toward Gellért Hill and the university."),
    _edge("bem", "university", "reconstructed",
          "Buda: the Danube embankment (Bem rakpart, Corvin tér, Döbrentei tér) links Bem Square and the university."),
    _edge("bem", "kossuth", "reconstructed",
          "Margaret Bridge: Bem Statue sits at its Buda end, Parliament (Kossuth Square) a short way from its Pest end."),
    _edge("university", "astoria", "reconstructed",
          "Liberty Bridge: from the university at Gellért Square across to Fővám tér, Kálvin tér and Astoria."),
    _edge("university", "csepel", "reconstructed",
          "South along the Buda bank (Budafoki út, Csepel's bridges from Kelenföld/Lágymányos side) to Csepel."),
    _edge("kossuth", "astoria", "reconstructed",
          "Pest inner city: Kossuth Square to Astoria along Bajcsy-Zsilinszky út and the Kiskörút."),
    _edge("kossuth", "stalin", "reconstructed",
          "Pest: from Parliament up Andrássy (then Stalin) út / Podmaniczky utca to the Stalin statue by City Park."),
    _edge("astoria", "radio", "rulebook",
          "Rulebook example: Astoria and Radio are adjacent (Múzeum körút / Bródy Sándor utca)."),
    _edge("astoria", "blaha", "reconstructed",
          "Pest: Rákóczi út runs straight from Astoria to Blaha Lujza Square."),
    _edge("radio", "corvin", "rulebook",
          "Rulebook example: Radio and Corvin Passage are adjacent."),
    _edge("radio", "blaha", "reconstructed",
          "Pest: the Radio on Bródy Sándor utca is a few blocks from Blaha Lujza Square (Gyulai Pál utca, Rákóczi út)."),
    _edge("blaha", "hwpp", "reconstructed",
          "Pest: Népszínház / Somogyi Béla utca lead from Blaha Lujza Square to the Party HQ on Republic (Köztársaság) Square."),
    _edge("blaha", "stalin", "reconstructed",
          "Pest: the Nagykörút and Rottenbiller / Dózsa György út lead from Blaha Lujza Square to Stalin Square."),
    _edge("corvin", "csepel", "rulebook",
          "Rulebook example: Csepel and Corvin Passage are adjacent (Soroksári út / Üllői út to the south)."),
    _edge("corvin", "hwpp", "reconstructed",
          "Pest: József körút and Kálvária tér connect Corvin Passage with Republic Square (HWPP HQ)."),
    _edge("hwpp", "stalin", "reconstructed",
          "Pest: Thököly út / Dózsa György út from Republic Square to Stalin Square."),
]

# Morale track: index 0 is the skull (Soviet end, defeat at end of day), index 6 the Hungarian end.
MORALE_TRACK = [
    {"index": 0, "draw": 0, "skull": True},
    {"index": 1, "draw": 1, "skull": False},
    {"index": 2, "draw": 2, "skull": False},
    {"index": 3, "draw": 3, "skull": False},
    {"index": 4, "draw": 4, "skull": False},
    {"index": 5, "draw": 5, "skull": False},
    {"index": 6, "draw": 6, "skull": False},
]
MORALE_START = 2  # the underlined 2

# Support track: index 0 is the Hungarian end, index 6 the Soviet end; the number is the
# Soviet commander's headline hand limit.
SUPPORT_TRACK = [
    {"index": 0, "hand_limit": 2, "colour": "green"},
    {"index": 1, "hand_limit": 3, "colour": "green"},
    {"index": 2, "hand_limit": 4, "colour": "green"},
    {"index": 3, "hand_limit": 4, "colour": "neutral"},
    {"index": 4, "hand_limit": 5, "colour": "red"},
    {"index": 5, "hand_limit": 6, "colour": "red"},
    {"index": 6, "hand_limit": 7, "colour": "red"},
]
SUPPORT_START = 3  # the neutral, underlined 4

TRACK_PROVENANCE = {
    "morale": {
        "provenance": "reconstructed",
        "basis": "Rulebook: start on the underlined 2, skull at the Soviet end, the number is the "
                 "Revolutionaries' draw; examples use morale 5; 7 spaces (skull, 1-6) reconstructed.",
    },
    "support": {
        "provenance": "reconstructed",
        "basis": "Rulebook: start on the neutral underlined 4, coloured ends, a 'green 4' beside the "
                 "neutral 4, the number is the Soviet hand limit; values 2-7 reconstructed.",
    },
}

TOKENS = {
    "soviet_tanks": 8,
    "militia": 14,
    "snipers": 5,
    "barricades": 2,
    "injuries": 13,
    "resolution_markers": 9,
    "fighters": 22,
    "rev_tanks": 3,
}

SETUP = {
    "units": {
        "kossuth": {"snipers": 1, "soviet_tanks": 1},
        "radio": {"snipers": 1, "soviet_tanks": 1},
        "hwpp": {"snipers": 1},
        "stalin": {"militia": 2},
        "csepel": {"militia": 1},
        "szena": {"militia": 1},
    },
    "start_events": {"university": "e01", "bem": "e02", "corvin": "e03"},
    "start_positions": {
        1: ["university"],
        2: ["university", "bem"],
        3: ["university", "bem", "corvin"],
    },
    "fighters_per_location": 2,
    "headlines_dealt": 4,
    "rev_cards_dealt": 5,
    "x_into_deck": {1: 3, 2: 4, 3: 0},
    "market_slots": 6,
    "provenance": "rulebook",
    "basis": "Rulebook: Setup (Setting Up the Board, Revolutionary Side, Soviet Side: Conflict ruleset).",
}

ACTIONS_PER_TURN = {1: [4], 2: [2, 2], 3: [2, 1, 1]}
MARKET_SURCHARGE = [0, 0, 1, 1, 2, 2]
INJURY_LIMIT = {1: 5, 2: 4, 3: 4}  # the injury that loses the game
EVALUATION_MAX_EVENTS = 4

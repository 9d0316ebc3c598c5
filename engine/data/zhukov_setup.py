"""Zhukov ruleset facts as data: setup, the Soviet phase's card flow, the 4-player action table,
the fixed SPA phase, the room options (first game, difficulty) and the end of the game.

The board, tracks, token pool, fighters and Revolutionary-side setup are shared with the Conflict
ruleset (engine/data/board.py); only what differs is here. Every record carries `provenance` and,
where reconstructed, a one-line `basis` (DESIGN §7). Location ids are those of board.LOCATIONS.
"""
from __future__ import annotations

SETUP = {
    "revolutionaries": [1, 2, 3, 4],
    "soviet_player": False,
    # Setting Up the Board and the Revolutionary side are the Conflict ones, plus a 4th player.
    "start_positions": {
        1: ["university"],
        2: ["university", "bem"],
        3: ["university", "bem", "corvin"],
        4: ["university", "university", "bem", "corvin"],
    },
    # Setting Up the Soviet Side, Playing with Zhukov ruleset, steps 1-4.
    "major_event_deck": {"periods_top_to_bottom": [1, 2, 3], "shuffle": "each_period_separately"},
    "minor_event_deck": {"periods": ["X"], "shuffle": True},
    "zhukov_deck": {"cards": 14, "shuffle": True},
    "not_used": ["headline_decks", "spa_cards", "event_market"],
    "provenance": "rulebook",
    "basis": "Rulebook: Setup (Setting Up the Revolutionary Side 3d; Setting Up the Soviet Side, Playing with "
             "Zhukov ruleset 1-4 and the note that SPA and headline cards are not needed).",
}

SOVIET_PHASE = {
    "cards_per_day": 4,
    "resolve": "in_draw_order",
    # On day 4 the deck runs out after 2 cards: every discarded card (the 2 just resolved included)
    # is shuffled into a new deck and 2 more are drawn. 12 + 2 = 14: every card is drawn twice a game.
    "reshuffle": {"day": 4, "after": 2, "then": 2, "includes_just_resolved": True},
    "steps": ["support", "headline", "event"],
    "support_step": {
        "proceed_if": ["neutral", "matching_colour"],
        "otherwise": {"support_toward": "neutral", "steps": 1, "skip": "headline"},
    },
    "headline_row_by_day": {1: "top", 2: "top", 3: "middle", 4: "middle", 5: "middle", 6: "bottom", 7: "bottom"},
    "lapsing": "card_stays_on_the_board_until_the_end_of_the_day",
    "event_step": {
        "place_minor": {"deck": "minor", "place": "its_location", "if_occupied": "discard_drawn"},
        "discard_major": {"deck": "major", "place": None},
        "place_major": {"deck": "major", "place": "its_location", "if_occupied": "discard_occupant_without_effect",
                        "then": "placement_effect", "anywhere": "any_empty_location",
                        "anywhere_if_none_empty": "discard_drawn_without_effect", "choices_by": "players"},
    },
    "choices_by": "players",
    "provenance": "rulebook",
    "basis": "Rulebook: Zhukov Ruleset, Phase 1: Soviet Phase (card draw, support, headline and event steps).",
}

ACTIONS_PER_TURN = {1: [4], 2: [2, 2], 3: [2, 1, 1], 4: [1, 1, 1, 1]}
ACTIONS_PER_TURN_PROVENANCE = {
    "provenance": "rulebook",
    "basis": "Rulebook: Zhukov Ruleset, Phase 2: Revolutionary Phase, the player count table (4 actions in all).",
}

# The injury that loses the game: the rulebook names 1 player (5th) and 2-3 players (4th) only.
INJURY_LIMIT = {1: 5, 2: 4, 3: 4, 4: 4}
INJURY_LIMIT_PROVENANCE = {
    "provenance": "reconstructed",
    "basis": "Rulebook: Immediate Defeat names the 4th injury for 2-3 players and the 5th for one; 4 players "
             "take the team games' 4th (only the solo game is singled out).",
}

# Phase 3: the four fixed steps, in order, no cards played. "players_choose" marks the rulebook's
# "either can be chosen" / "choose between": a team decision.
SPA_STEPS = [
    {"id": "move_militia", "order": 1, "steps": 1,
     "moves": "every militia in a location adjacent to a player into that player's location",
     "tie": "earlier_in_turn_order", "stays_if": ["player", "barricade"], "skipped_by": "e18",
     "provenance": "rulebook",
     "basis": "Rulebook: Zhukov SPA phase step 1; Appendix B E#18: its reward skips this step."},
    {"id": "move_snipers", "order": 2, "steps": 1,
     "moves": "every sniper one location closer to the closest player",
     "tie": "players_choose", "stays_if": ["player", "barricade"], "skipped_by": "e17",
     "provenance": "rulebook",
     "basis": "Rulebook: Zhukov SPA phase step 2; Appendix B E#17: its reward skips this step."},
    {"id": "place", "order": 3,
     "militia": {"csepel": 1, "szena": 1, "hwpp": 1}, "fewer_militia_left": "players_choose",
     "if_no_militia_placed": {"unit": "snipers", "location": "astoria", "count": 1},
     "skipped_by": None,
     "provenance": "rulebook",
     "basis": "Rulebook: Zhukov SPA phase step 3 (its second 'a)' is the sniper fallback)."},
    {"id": "attack", "order": 4,
     "strength": {"snipers": 3, "militia": 1},
     "fire_where_any": ["player", "active_fighter", "barricade"], "dice": 2,
     "hits": ["smaller_die_at_most_strength", "sum_at_most_strength"],
     "threaten_at": 9, "threaten_unless": "barricade", "threaten": {"morale_toward": "soviet", "steps": 1},
     "skipped_by": "e06",
     "provenance": "rulebook",
     "basis": "Rulebook: Zhukov SPA phase step 4 and its example (strength 9 threatens); Appendix B E#6 skips it."},
]

# The event texts that change in the Zhukov ruleset (Appendix B).
EVENT_RULES = [
    {"event": "e05", "part": "placement", "rule": "ignored",
     "provenance": "rulebook", "basis": "Appendix B E#5: ignore the placement effect and place the card."},
    {"event": "e06", "part": "reward", "rule": "skip_spa_step", "step": "attack",
     "provenance": "rulebook", "basis": "Appendix B E#6: skip the Attack step of the SPA phase."},
    {"event": "e13", "part": "placement", "rule": "condition_never_met", "condition": "h33",
     "provenance": "rulebook", "basis": "Appendix B E#13: 'SPA dissolved' will never happen."},
    {"event": "e17", "part": "reward", "rule": "skip_spa_step", "step": "move_snipers",
     "provenance": "rulebook", "basis": "Appendix B E#17: skip the Move snipers step of the SPA phase."},
    {"event": "e18", "part": "reward", "rule": "skip_spa_step", "step": "move_militia",
     "provenance": "rulebook", "basis": "Appendix B E#18: skip the Move militia step of the SPA phase."},
    {"event": "e19", "part": "reward", "rule": "first_option_forbidden",
     "provenance": "rulebook", "basis": "Appendix B E#19: the first option may not be chosen in the Zhukov ruleset."},
    {"event": "e22", "part": "penalty", "rule": "spa_attack_step",
     "provenance": "rulebook", "basis": "Appendix B E#22: execute the Attack step of the SPA phase."},
]

# Room options. `effect` says what changes right after setup (or at the evaluation).
OPTIONS = [
    # First Game With Reduced Difficulty: "all or some of these changes".
    {"name": "zhukov_easy_morale_3", "group": "first_game", "type": "bool", "default": False,
     "effect": {"morale": 3},
     "doc": "Place the morale marker on the 3 space.",
     "provenance": "rulebook", "basis": "Rulebook: First Game With Reduced Difficulty, change 1."},
    {"name": "zhukov_easy_remove_radio_sniper", "group": "first_game", "type": "bool", "default": False,
     "effect": {"remove": {"location": "radio", "unit": "snipers", "count": 1}},
     "doc": "Remove one sniper from the Radio.",
     "provenance": "rulebook", "basis": "Rulebook: First Game With Reduced Difficulty, change 2."},
    {"name": "zhukov_easy_activate_fighter", "group": "first_game", "type": "location", "default": None,
     "effect": {"activate_fighter": "chosen_location"},
     "doc": "Activate the face-up fighter at this location and flip the other one there, inactive.",
     "provenance": "reconstructed",
     "basis": "Rulebook: change 3 is 'on any location'; the room creator names it (an option, not a setup click)."},
    # Difficulty Settings: harder.
    {"name": "zhukov_support_shift", "group": "difficulty", "type": "int", "range": [0, 2], "default": 0,
     "effect": {"support_toward": "soviet", "steps": "value"},
     "doc": "Shift support toward the Soviet end once or twice after setup.",
     "provenance": "rulebook", "basis": "Rulebook: Zhukov Difficulty Settings, option 1."},
    {"name": "zhukov_militia_astoria", "group": "difficulty", "type": "bool", "default": False,
     "effect": {"place": {"location": "astoria", "unit": "militia", "count": 2}},
     "doc": "Add 2 militia to Astoria during setup.",
     "provenance": "rulebook", "basis": "Rulebook: Zhukov Difficulty Settings, option 2 (Astoria)."},
    {"name": "zhukov_militia_blaha", "group": "difficulty", "type": "bool", "default": False,
     "effect": {"place": {"location": "blaha", "unit": "militia", "count": 2}},
     "doc": "Add 2 militia to Blaha Lujza Square during setup.",
     "provenance": "rulebook", "basis": "Rulebook: Zhukov Difficulty Settings, option 2 (Blaha Lujza Square)."},
    {"name": "zhukov_win_with_3_events", "group": "difficulty", "type": "bool", "default": False,
     "effect": {"evaluation_max_events": 3},
     "doc": "Win only if 3 or fewer events are on the board at the evaluation (instead of 4).",
     "provenance": "rulebook", "basis": "Rulebook: Zhukov Difficulty Settings, option 3."},
]

END = {
    "days": 7,
    "end_of_day": ["discard_lapsing_zhukov_cards", "check_morale_skull", "advance_day"],
    "game_end": ["event_penalties", "check_morale_skull", "evaluation"],
    "evaluation_max_events": 4,
    "immediate_defeat": ["injury_limit_reached", "morale_on_skull_at_end_of_day_or_game"],
    "immediate_victory": "no_soviet_tanks_and_no_militia_during_revolutionary_phase",
    "provenance": "rulebook",
    "basis": "Rulebook: Zhukov End of the Day and Ending the Game (penalties, evaluation, immediate defeat "
             "or victory); the same as Conflict with the Zhukov penalty of E#22.",
}

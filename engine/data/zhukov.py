"""General Zhukov cards Z#1-Z#14 (Zhukov ruleset, Phase 1: Soviet phase; Appendix D).

The rulebook gives the mechanics of a Zhukov card (a colour, three headlines for the three time
periods, lapsing icons next to some texts, one event placement icon) and, in Appendix D, the
titles and clarifications of 26 of the 42 headlines. It prints no card text. Everything else is
reconstructed (DESIGN §7) and says so in a `basis`.

Card fields: id ("z01".."z14"), number, colour ("green"|"red"), headlines (top, middle, bottom),
placement (one of PLACEMENT_ICONS), provenance, basis (colour and placement icon).

Headline fields: position, title, title_provenance ("rulebook" when Appendix D names it at that
position), clarification (Appendix D's text, or None), text (reconstructed rules text), lapsing,
effect (a list of steps in the EFFECT_OPS vocabulary, run in order), provenance, basis.

Conventions used in the texts and effects:
- There is no Soviet player: every choice a text leaves open ("a location with an event", "a
  Revolutionary player", "up to") is made by the Revolutionary players as a team.
- A "ref" step runs the Conflict headline effect of that id (engine/effects) unchanged, with the
  team deciding. Zhukov cards carry no mark and no SPA icon, so an "H#n resolved:" clause of a
  referenced Conflict text never applies (Appendix B, E#13: "SPA dissolved" never happens).
- Every title is the title of a Conflict headline of the same colour (Appendix A); where the
  Appendix D clarification changes what the card does, the effect is written out as steps.
"""
from __future__ import annotations

POSITIONS = ("top", "middle", "bottom")
# Headline step: which headline of the card is resolved on which day.
HEADLINE_ROW_BY_DAY = {1: "top", 2: "top", 3: "middle", 4: "middle", 5: "middle", 6: "bottom", 7: "bottom"}
PLACEMENT_ICONS = ("place_minor", "discard_major", "place_major")

# The effect vocabulary: op -> parameters (name -> allowed values, or a kind checked by
# engine/data/check.py: "headline" = a Conflict headline id, "count" = int >= 1, "count_or_all",
# "units" = a non-empty list of SPA/Soviet unit kinds, bool), whether the op lasts the whole day
# (a lapsing text), and what the future frames must do.
EFFECT_OPS = {
    "ref": {"params": {"effect": "headline"}, "day_long": False,
            "doc": "Run the Conflict headline effect with this id; the team makes every choice it leaves open."},
    "draw": {"params": {"who": ("chosen_player",), "count": "count"}, "day_long": False,
             "doc": "The team chooses one Revolutionary, who draws `count` cards (none above their hand limit)."},
    "shift_morale": {"params": {"toward": ("hungarian", "soviet")}, "day_long": False,
                     "doc": "Shift morale one space toward the named end."},
    "aid_full_today": {"params": {}, "day_long": True,
                       "doc": "For the rest of the day an Aid card discarded for Resolve an event gives all its icons."},
    "place_units": {"params": {"unit": ("soviet_tanks", "snipers"), "count": "count",
                               "where": ("event", "event_fewest_tanks"), "distinct": bool,
                               "no_event": ("anywhere", "different_locations", "fewest_tanks")},
                    "day_long": False,
                    "doc": "Place `count` units one at a time in locations with an event (team's choice); "
                           "`distinct`: each in a different such location while there are enough, all in "
                           "the only one otherwise; `event_fewest_tanks`: only among the event locations "
                           "with the fewest Soviet tanks; `no_event`: where they go when no event is on the "
                           "board. Unit caps apply."},
    "tanks_fire": {"params": {"where": ("placed", "every_tank"), "through_barricade": bool}, "day_long": False,
                   "doc": "Every Soviet tank in the location of the previous placement (`placed`) or on the "
                          "whole board (`every_tank`) fires, location by location in board order; a tank "
                          "with nothing to hit does not fire."},
    "move_units": {"params": {"units": "units", "count": "count", "up_to": bool}, "day_long": False,
                   "doc": "The team moves up to `count` of these units one step each to an adjacent location; "
                          "a unit moves at most once and never out of a location with a barricade."},
    "discard": {"params": {"who": ("chosen_player", "team_total"), "count": "count"}, "day_long": False,
                "doc": "`chosen_player`: the team chooses a Revolutionary who discards `count` cards; "
                       "`team_total`: the team discards `count` cards in all, split as it chooses. The "
                       "holder picks the cards; with fewer cards than asked, all of them are discarded."},
    "remove_active_fighters": {"params": {"where": ("any", "corvin", "adjacent_to_corvin"),
                                          "count": "count_or_all", "per_location": bool},
                               "day_long": False,
                               "doc": "Remove active fighters (revolutionary tanks count) even where a "
                                      "barricade is; `per_location`: `count` from each location named; "
                                      "the team chooses which."},
    "move_tanks_toward_events": {"params": {}, "day_long": False,
                                 "doc": "Every Soviet tank not on an event and not behind a barricade moves "
                                        "one step toward the nearest location with an event (team breaks "
                                        "ties); with no event on the board nothing moves."},
    "remove_inactive_fighters": {"params": {"locations": "count", "up_to": bool}, "day_long": False,
                                 "doc": "The team chooses this many locations with inactive fighters (all "
                                        "of them if fewer; `up_to`: or fewer, none included, ruling Z7); "
                                        "every inactive tile there (face up and face down) is removed."},
    "place_rev_tank": {"params": {"location": ("corvin",)}, "day_long": False,
                       "doc": "Place a random revolutionary tank from the supply in the location (not if it "
                              "already has 4 active fighters or no tank is left); nothing else (ruling Z29)."},
    "one_less_action": {"params": {}, "day_long": True,
                        "doc": "The team chooses a Revolutionary, who has one less action this day."},
}


def _ref(hid: str) -> dict:
    return {"op": "ref", "effect": hid}


def _hl(position, title, text, effect, basis, *, clarification=None, lapsing=False):
    return {
        "position": position, "title": title,
        "title_provenance": "rulebook" if clarification is not None else "reconstructed",
        "clarification": clarification, "text": text, "lapsing": lapsing, "effect": list(effect),
        "provenance": "reconstructed", "basis": basis,
    }


def _z(number, colour, placement, top, middle, bottom, basis):
    return {
        "id": f"z{number:02d}", "number": number, "colour": colour, "headlines": [top, middle, bottom],
        "placement": placement, "provenance": "reconstructed", "basis": basis,
    }


_NO_D = "No Appendix D entry at this position"

_HAND_LIMIT_D = "The hand limit is 10 cards. Excess cards may not be drawn by the chosen player."
_OPEN_FIRE_D = "The card takes effect even if there is a barricade token on the chosen location."
_OPEN_FIRE = ("The players choose a location with a Revolutionary player; deal 1 hit there. A barricade there "
              "does not prevent it.")
_POPULAR_SUPPORT = "Shift support toward the Hungarian end."
_JOHN_DULLES = "Shift morale toward the Hungarian end."
_ONE_LESS = ("The players choose one Revolutionary player, who has one less action this day (possibly zero: "
             "they still take their turn and may use abilities not marked 'Action:', but may not move).")
_AID_FULL = ("For the rest of this day an 'Aid' card discarded for a 'Resolve an event' action gives all three "
             "of its icons (information, medical and food).")


def _place_on_event(unit="soviet_tanks", count=1, distinct=False, no_event="anywhere", where="event"):
    return {"op": "place_units", "unit": unit, "count": count, "where": where, "distinct": distinct,
            "no_event": no_event}


ZHUKOV_CARDS = [
    # ---- Green cards (Z#1-Z#7): help the Revolutionaries --------------------------------------
    _z(1, "green", "discard_major",
       _hl("top", "Popular support", _POPULAR_SUPPORT, [_ref("h01")],
           f"{_NO_D}; green period-1 title (H#1) with its text: a green support space makes the next red card "
           "skip its headline (Zhukov support step)."),
       _hl("middle", "Soviet units confused",
           "Remove one militia from every location that has at least one Soviet tank (only one militia per "
           "location, however many tanks are there).", [_ref("h19")],
           f"{_NO_D}; green period-2 title (H#19) with its Appendix A reading."),
       _hl("bottom", "Sympathetic Soviets",
           "Remove up to one Soviet tank from any location (removed, not destroyed: morale does not shift). Then "
           "move up to 2 militia and/or Soviet tanks, each one step to an adjacent location; none may be moved "
           "out of a location with a barricade.",
           [_ref("h17"), {"op": "move_units", "units": ["militia", "soviet_tanks"], "count": 2, "up_to": True}],
           "Appendix D: militia or Soviet tanks are moved but never out of a barricade, so the card moves them; "
           "Appendix A H#17: remove up to one Soviet tank anywhere (kept).",
           clarification="Militia or Soviet tanks cannot be moved from a location with a barricade token on it."),
       "Colour: its Appendix D title (Sympathetic Soviets) is a green Conflict headline (H#17). Placement: the "
       "14 cards are drawn exactly twice a game, so at most 9 major icons (18 of 19 majors) and 5 minor icons "
       "(10 of 11 X events). Split 3 place major / 6 discard / 5 minor (ruling Z27, a balance choice within "
       "that bound): green cards carry 4 of the 6 discard icons (Z#1, Z#3, Z#5, Z#7)."),
    _z(2, "green", "place_minor",
       _hl("top", "National Song read at Bem Statue",
           "The players activate the inactive fighter at Bem Statue, Kossuth Square or Stalin Square (no "
           "Revolutionary player needs to be there and no action is spent; the 4-active-fighter limit applies). "
           "If none of them has an inactive fighter, nothing happens.", [_ref("h02")],
           f"{_NO_D}; green period-1 title (H#2) with its Appendix A reading."),
       _hl("middle", "Hungarian Army units join",
           "Place a random revolutionary tank from the supply in Corvin Passage (not if it already has 4 active "
           "fighters or no tank is left).", [{"op": "place_rev_tank", "location": "corvin"}],
           "Appendix D repeats only the first two sentences of Appendix A's H#31 clarification, not the one "
           "about the 5 active fighters: the card places the tank and shifts no morale (ruling Z29).",
           clarification="The revolutionary tank is chosen randomly from the available tokens. If there are 4 "
                         "active fighters in Corvin Passage, the tank may not be placed."),
       _hl("bottom", "National Guard begins organization",
           "Remove one militia from Csepel. Then place a random revolutionary tank from the supply on Kossuth "
           "Square (not if it already has 4 active fighters or no tank is left).", [_ref("h34")],
           f"{_NO_D}; green period-3 title (H#34) with the rulebook's green headline example text."),
       "Colour: its Appendix D title (Hungarian Army units join) is a green Conflict headline (H#31). "
       "Placement: one of the 5 minor icons the minor deck allows (11 X events, each card drawn twice)."),
    _z(3, "green", "discard_major",
       _hl("top", "Péter Veres reads Manifesto",
           "Each Revolutionary player may take one movement step to an adjacent location without discarding, "
           "taking up to 3 active fighters (revolutionary tanks included) along; a player may stay in place. "
           "The 4-active-fighter limit applies.", [_ref("h03")],
           "Appendix D: fewer than 3 active fighters means only those move, so up to 3 move, as H#3 reads.",
           clarification="If there are less than 3 active fighters, only those can be moved."),
       _hl("middle", "John Dulles calls UN Security Council", _JOHN_DULLES, [_ref("h22")],
           f"{_NO_D}; green period-2 title (H#22), which needs no clarification in either appendix."),
       _hl("bottom", "Political prisoners released",
           "The players choose one fighter removed from the board earlier (never a revolutionary tank) and place "
           "it active in the location of a Revolutionary player that has fewer than 4 active fighters. If no "
           "fighter has been removed, nothing happens.", [_ref("h32")],
           f"{_NO_D}; green period-3 title (H#32) with its Appendix A reading."),
       "Colour: its Appendix D title (Péter Veres reads Manifesto) is a green Conflict headline (H#3). "
       "Placement: one of the 3 discard icons (9 major icons at most, see Z#1)."),
    _z(4, "green", "place_minor",
       _hl("top", "Imre Nagy appointed",
           "The players choose one Revolutionary player, who draws 2 cards (cards above the hand limit of 10 are "
           "not drawn).", [{"op": "draw", "who": "chosen_player", "count": 2}],
           "Appendix D: a chosen player draws, excess cards are not drawn (so a player holding 9 may be chosen "
           "and draws 1, unlike H#7's 8-or-fewer condition); 2 cards as H#7.",
           clarification=_HAND_LIMIT_D),
       _hl("middle", "Fighters with heavy weaponry",
           "The players choose one Revolutionary player, who draws 3 cards (cards above the hand limit of 10 are "
           "not drawn).", [{"op": "draw", "who": "chosen_player", "count": 3}],
           "Appendix D gives this title the hand-limit clarification of a chosen player's draw (not H#27's "
           "molotov bonus); 3 cards as the middle-period step up from the top headline's 2.",
           clarification=_HAND_LIMIT_D),
       _hl("bottom", "Radio Free Europe",
           "Shift morale toward the Hungarian end. Then the players choose one Revolutionary player, who draws 2 "
           "cards (cards above the hand limit of 10 are not drawn).",
           [{"op": "shift_morale", "toward": "hungarian"}, {"op": "draw", "who": "chosen_player", "count": 2}],
           "Appendix D: a chosen player draws; H#26's morale shift kept, its per-player draw becomes the chosen "
           "player's.",
           clarification=_HAND_LIMIT_D),
       "Colour: all three Appendix D titles are green Conflict headlines (H#7, H#27, H#26). Placement: one of "
       "the 5 minor icons (see Z#2)."),
    _z(5, "green", "discard_major",
       _hl("top", "Protests in Poland", "Lapsing. " + _AID_FULL, [{"op": "aid_full_today"}],
           "Appendix D: an Aid card gives its information, medical and food icons for Resolve an event, a "
           "day-long effect (lapsing) as H#35's H#8 clause.",
           clarification="When used for the \"Resolve an event\" action, one information, medical and food "
                         "icon may be collected from a discarded \"Aid\" card.",
           lapsing=True),
       _hl("middle", "Polish Aid", "The players choose one Revolutionary player, who draws 2 cards.", [_ref("h21")],
           f"{_NO_D}; green period-2 title (H#21); its H#8 clause never applies (no marks in the Zhukov game)."),
       _hl("bottom", "Pál Maléter aids the revolution",
           "Lapsing. Place a random revolutionary tank from the supply in Corvin Passage (not if it already has "
           "4 active fighters or no tank is left). One Revolutionary player (the players' choice) may take one "
           "more action this day.", [_ref("h36")],
           f"{_NO_D}; green period-3 title (H#36) with the rulebook's lapsing example (one more action that day).",
           lapsing=True),
       "Colour: its Appendix D title (Protests in Poland) is a green Conflict headline (H#8). Placement: one "
       "of the 3 discard icons (see Z#1)."),
    _z(6, "green", "place_minor",
       _hl("top", "March of the Bloodied Flag",
           "The players choose one Revolutionary player, who draws one card for each active fighter in their "
           "location (revolutionary tanks count), at most 3 cards.", [_ref("h15")],
           "Appendix D: the chosen player draws within the hand limit, as H#15 reads.",
           clarification=_HAND_LIMIT_D),
       _hl("middle", "Popular support", _POPULAR_SUPPORT, [_ref("h29")],
           f"{_NO_D}; green period-2 title (H#29, the second Popular support copy) with its text."),
       _hl("bottom", "Polish fact-finding mission",
           "Lapsing. The players choose one Revolutionary player, who draws one card. " + _AID_FULL,
           [{"op": "draw", "who": "chosen_player", "count": 1}, {"op": "aid_full_today"}],
           f"{_NO_D}; green period-3 title (H#35): its draw, and its Aid clause unconditional because Z#5 shows "
           "the Zhukov deck gives the Aid bonus without the H#8 mark.",
           lapsing=True),
       "Colour: its Appendix D title (March of the Bloodied Flag) is a green Conflict headline (H#15). "
       "Placement: one of the 5 minor icons (see Z#2)."),
    _z(7, "green", "discard_major",
       _hl("top", "John Dulles calls UN Security Council", _JOHN_DULLES, [_ref("h22")],
           f"{_NO_D}; green title (H#22) needing no clarification."),
       _hl("middle", "Popular support", _POPULAR_SUPPORT, [_ref("h29")],
           f"{_NO_D}; green title (H#29) needing no clarification."),
       _hl("bottom", "Popular support", _POPULAR_SUPPORT, [_ref("h29")],
           f"{_NO_D}; green title (H#29) needing no clarification, repeated as Z#14 repeats its red title."),
       "Colour: Appendix D names none of its headlines; green so the deck splits 7 green (Z#1-Z#7) and 7 red "
       "(Z#8-Z#14), the numbering the titled cards follow. Placement: the 4th green discard icon (Z27, see Z#1)."),

    # ---- Red cards (Z#8-Z#14): the Soviet side -------------------------------------------------
    _z(8, "red", "place_major",
       _hl("top", "Crowd burns propaganda",
           "Shift support toward the Soviet end. If support is already at the Soviet end, nothing happens.",
           [_ref("h11")],
           f"{_NO_D}; red period-1 title with the rulebook's red headline example text (H#11): a red support "
           "space makes the next green card skip its headline."),
       _hl("middle", "Bloodbath in the countryside",
           "Place one Soviet tank in a location with an event (the players choose which); if no event is on the "
           "board, in any location.",
           [_place_on_event()],
           "Appendix D: the card places a Soviet tank, anywhere with no event; as H#30 (ruling R100), no morale "
           "shift (its H#5 clause never applies).",
           clarification="If there are no events on the board place the Soviet tank in any location."),
       _hl("bottom", "Retake the Radio",
           "Place one Soviet tank on the Radio. Then every Soviet tank on the Radio fires, even if a barricade is "
           "there (if there is nothing there to hit, they do not fire).", [_ref("h18")],
           f"{_NO_D}; red period-2 title (H#18) with its Appendix A reading."),
       "Colour: its Appendix D title (Bloodbath in the countryside) is a red Conflict headline (H#30). "
       "Placement: red cards carry the 3 place-major icons, Z#8, Z#11 and Z#14 (ruling Z27, see Z#1)."),
    _z(9, "red", "discard_major",
       _hl("top", "Georgy Zhukov orders entry into Budapest",
           "Place 2 Soviet tanks in 2 different locations with an event (the players choose which); if only one "
           "event is on the board, both there; if there is none, in any 2 different locations.",
           [_place_on_event(count=2, distinct=True, no_event="different_locations")],
           "Appendix D: both tanks go on the only event, so with 2+ events they go on different ones; 2 different "
           "locations without events.",
           clarification="If there is only one event on the board, place both Soviet tanks on that location. If "
                         "there are no events, place the Soviet tanks on any 2 different locations."),
       _hl("middle", "CIA asset in Budapest", "Shift morale toward the Soviet end.", [_ref("h28")],
           f"{_NO_D}; red period-2 title (H#28); its H#1/H#29 clauses never apply (no marks)."),
       _hl("bottom", "Truce betrayed",
           "Place 2 Soviet tanks, one at a time, each in a location with an event that has the fewest Soviet "
           "tanks of all locations with an event (the players choose among ties); with no event on the board, "
           "each in a location with the fewest Soviet tanks.",
           [_place_on_event(count=2, where="event_fewest_tanks", no_event="fewest_tanks")],
           "Appendix D: after placing, an event location has at most one tank more than another, and with no "
           "event the tanks go where the fewest are; 2 tanks as H#9.",
           clarification="After placing the Soviet tanks, any location with an event on it may only have one "
                         "Soviet tank more than any other location with an event. If there are no events on the "
                         "board, place the Soviet tanks on a location with the least Soviet tanks possible, in "
                         "the same manner."),
       "Colour: its Appendix D titles are red Conflict headlines (H#9, H#39). Placement: one of the 2 red "
       "discard icons (ruling Z27, see Z#1)."),
    _z(10, "red", "place_minor",
       _hl("top", "First speech of Imre Nagy",
           "Each Revolutionary player discards one card of their choice. A player with no cards in hand is "
           "unaffected.", [_ref("h10")],
           "Appendix D: a player with no cards may ignore the effect, as H#10 reads.",
           clarification="A player with no revolutionary cards in hand may ignore the effect."),
       _hl("middle", "Local Party leader shot",
           "The players choose one Revolutionary player, who discards 2 cards of their choice (all their cards "
           "if they hold fewer than 2).", [{"op": "discard", "who": "chosen_player", "count": 2}],
           "Appendix D: any player may be chosen, one with fewer than 2 cards (none included) too, and "
           "discards all (ruling Z28); H#25's named icon needs a Soviet player.",
           clarification="A player with less than 2 cards in hand may be chosen. That player discards all cards "
                         "from their hand."),
       _hl("bottom", "President Eisenhower refuses to help",
           "Shift morale toward the Soviet end. Then remove every inactive fighter (face-up and face-down tiles) "
           "from up to 2 locations (the players' choice). Active fighters and revolutionary tanks stay.",
           [{"op": "shift_morale", "toward": "soviet"},
            {"op": "remove_inactive_fighters", "locations": 2, "up_to": True}],
           "Appendix D repeats H#41's clarification; H#41's 'up to 2' stays, the players choosing how many "
           "(ruling Z7: 'If the text provides a choice, the players can make the choice').",
           clarification="Do not remove active fighters and revolutionary tanks."),
       "Colour: its Appendix D titles are red Conflict headlines (H#10, H#25, H#41). Placement: red cards "
       "carry 2 of the 5 minor icons (see Z#2)."),
    _z(11, "red", "place_major",
       _hl("top", "Ernő Gerő requests intervention",
           "Place one Soviet tank in a location with an event (the players choose which); if no event is on the "
           "board, in any location. Then every Soviet tank in that location fires, even if a barricade is there.",
           [_place_on_event(), {"op": "tanks_fire", "where": "placed", "through_barricade": True}],
           "Appendix D: with no event the tank goes anywhere (H#5 then does nothing); Appendix A H#5: the tanks "
           "there fire through a barricade.",
           clarification="If there are no events on the board place the Soviet tank in any location."),
       _hl("middle", "News blockade in Romania",
           "Every Soviet tank on the board fires, even where a barricade is. A tank in a location with no "
           "Revolutionary player, active fighter, revolutionary tank or barricade does not fire.",
           [{"op": "tanks_fire", "where": "every_tank", "through_barricade": True}],
           "Appendix D: tanks fire through barricades and every location with a tank and a target counts (H#13's "
           "uninjured-player condition dropped).",
           clarification="The card takes effect even if there is a barricade token on the location of a Soviet "
                         "tank. If there are no players, active fighters, revolutionary tanks or barricades on a "
                         "location of a Soviet tank, it does not fire."),
       _hl("bottom", "Party leaders flee the country",
           "Place one Soviet tank in a location with an event (the players choose which); if no event is on the "
           "board, in any location.", [_place_on_event()],
           "Appendix D: the card places a Soviet tank, anywhere with no event (H#37's headline draw needs a "
           "Soviet player).",
           clarification="If there are no events on the board, place the Soviet tank anywhere."),
       "Colour: its Appendix D titles are red Conflict headlines (H#5, H#13, H#37). Placement: see Z#8."),
    _z(12, "red", "discard_major",
       _hl("top", "Antal Apró orders arrest of the \"fascist mob\"",
           "Place one sniper in a location with an event (the players choose which). If no event is on the "
           "board, nothing happens.", [_ref("h06")],
           "Appendix D: no sniper without an event, as H#6 reads.",
           clarification="If there is no event on the board do not place the sniper."),
       _hl("middle", "Soviets stationed at the Parliament",
           "Place one sniper and one Soviet tank in locations with an event (the same or different ones; the "
           "players choose); if no event is on the board, anywhere.",
           [_place_on_event(unit="snipers"), _place_on_event()],
           "Appendix D: sniper and tank go on events, possibly different ones, anywhere with none (not H#16's "
           "Kossuth Square).",
           clarification="The sniper and the Soviet tank may be placed on different events. If there are no "
                         "events on the board, place the sniper and the Soviet tank anywhere."),
       _hl("bottom", "Organizing Worker's Militia",
           "Place 2 snipers in 2 different locations with an event (the players choose which); if only one "
           "event is on the board, both there; if there is none, anywhere.",
           [_place_on_event(unit="snipers", count=2, distinct=True)],
           "Appendix D: both snipers go on the only event, so with 2+ events on different ones; anywhere "
           "without events.",
           clarification="If there is only one event on the board, place both snipers on that location. If there "
                         "are no events on the board, place the snipers anywhere."),
       "Colour: its Appendix D titles are red Conflict headlines (H#6, H#16, H#14). Placement: one of the 2 "
       "red discard icons (ruling Z27, see Z#1)."),
    _z(13, "red", "place_minor",
       _hl("top", "Curfew", "Lapsing. " + _ONE_LESS, [_ref("h12")],
           "Appendix D repeats H#12/H#40's zero-action clarification; H#12's H#10 clause never applies.",
           clarification="The player with one less action may be left with zero actions. That player still "
                         "takes a turn and may play cards and active fighter abilities that do not say "
                         "\"Action:\", but may not move as there is no action to move before.",
           lapsing=True),
       _hl("middle", "Offer of amnesty",
           "Remove one active fighter (a revolutionary tank may be chosen) from any location (the players "
           "choose). Then every Soviet tank that is not on an event and not in a location with a barricade "
           "moves one step toward the nearest location with an event (the players choose among equally near "
           "events); with no event on the board, no tank moves.",
           [{"op": "remove_active_fighters", "where": "any", "count": 1, "per_location": False},
            {"op": "move_tanks_toward_events"}],
           "Appendix D clarifies both H#24 options but drops its «or» note, so both happen.",
           clarification="A revolutionary tank can be chosen to be removed. If a Soviet tank is the same distance "
                         "from multiple events, any of them may be chosen as a target. If a Soviet tank is already "
                         "on an event, it may not be moved. If there are no events on the board, do not move the "
                         "Soviet tanks."),
       _hl("bottom", "Discord in revolutionary groups",
           "Lapsing. " + _ONE_LESS + " Then the Revolutionary players discard 4 cards in total, split as they "
           "choose (all their cards if they hold fewer than 4 together).",
           [{"op": "one_less_action"}, {"op": "discard", "who": "team_total", "count": 4}],
           "Appendix D: H#40's zero-action clarification, plus a team discard of 4 (all if fewer) instead of "
           "H#40's event removal, which would help the players.",
           clarification="The player with one less action may be left with zero actions. That player still takes "
                         "a turn and may play cards and active fighter abilities that do not say \"Action:\", but "
                         "may not move. If the players have less than a total of 4 cards, they must discard all "
                         "of them.",
           lapsing=True),
       "Colour: its Appendix D titles are red Conflict headlines (H#12, H#24, H#40). Placement: see Z#10."),
    _z(14, "red", "place_major",
       _hl("top", "Authorities open fire on the crowd", _OPEN_FIRE, [_ref("h04")],
           "Appendix D repeats H#4's clarification: the same card text.", clarification=_OPEN_FIRE_D),
       _hl("middle", "Pál Maléter expels civilians from Kilián Barracks",
           "Remove every active fighter (revolutionary tanks included) from Corvin Passage, then one active "
           "fighter (the players choose) from each location adjacent to Corvin Passage, even where a barricade "
           "is. Inactive fighters and barricades stay.",
           [{"op": "remove_active_fighters", "where": "corvin", "count": "all", "per_location": True},
            {"op": "remove_active_fighters", "where": "adjacent_to_corvin", "count": 1, "per_location": True}],
           "Appendix D: works through barricades on Corvin Passage and its neighbours, keeps inactive fighters "
           "and barricades but (unlike H#20) not revolutionary tanks.",
           clarification="The card takes effect even if there is a barricade token on Corvin Passage or a "
                         "location adjacent to it. Do not remove inactive fighters and barricade tokens from "
                         "Corvin Passage."),
       _hl("bottom", "Authorities open fire on the crowd", _OPEN_FIRE, [_ref("h42")],
           "Appendix D repeats H#42's clarification: the same card text.", clarification=_OPEN_FIRE_D),
       "Colour: its Appendix D titles are red Conflict headlines (H#4/H#42, H#20). Placement: see Z#8."),
]

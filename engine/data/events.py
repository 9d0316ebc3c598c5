"""Event cards E#1-E#33 (Appendix B).

Fields: id, title, location (location id, "anywhere", or "anywhere_sniper" for E#17), period
("start", 1, 2, 3 or "X"), cost (base CP cost of a major event; None for minor "X" events whose
cost is the number of minor events on the board; 0 for starting events), requires (the fixed
resource icons of the reward section, repeats allowed), requires_per_event (icons printed with
the "per event" sign: each must be provided at least N times, N = events on board locations
including this one; these come IN ADDITION to `requires`), placement (executed by the Soviet
commander when the event is placed; None if none), reward (executed by the resolving player),
penalty (executed at the end of the game if the event is still on the board; None if none),
lapsing, mark, modifiers (ids the texts refer to), provenance, basis.

Conventions: "this location" is the event's location; "you" is the resolving player; shifts are
one space; "X resolved:" means X's resolution marker is in the ashtray.
"""
from __future__ import annotations

# Balance tuning from bot-vs-bot simulation (docs/balance.md, docs/rulings.md R95, R96, R104 and R106):
# added to the base cost of every major event of the period, never above MAJOR_COST_CAP. The printed
# costs are reconstructed (the rulebook gives only the starting events' 0 and the market example's
# majors of 2 and 4 CP), so they are the number tuned; starting events and minor X events are
# unchanged. R104: +1 in every period, capped at 5 CP (R96's +3 on period 3 put E#19-E#22 at 6-8 CP,
# outside the range the rulebook's examples show). R106, after the bots' blunders were fixed (issue
# 32): period 1 +2 (3-5 CP), periods 2 and 3 back at their first costs (2-5 CP). Dearer first-day
# events help the split hands of a team most; cheaper later ones cost every game.
MAJOR_COST_TUNING = {1: 2, 2: 0, 3: 0}
MAJOR_COST_CAP = 5
TUNING_RULINGS = {1: "R95, R104, R106", 2: "R104, R106", 3: "R95, R104, R106"}


def _e(id, title, location, period, cost, requires, reward, basis, *, placement=None, penalty=None,
       per_event=None, lapsing=False, mark=False, modifiers=None, provenance="reconstructed"):
    if period in (1, 2, 3) and cost is not None and MAJOR_COST_TUNING[period]:
        tuned = min(MAJOR_COST_CAP, cost + MAJOR_COST_TUNING[period])
        basis += (f" Base cost {cost} as first reconstructed, +{MAJOR_COST_TUNING[period]} for period {period} "
                  f"(at most {MAJOR_COST_CAP} CP: {tuned}) from bot-vs-bot balance simulation "
                  f"({TUNING_RULINGS[period]}).")
        cost = tuned
    elif period in (1, 2, 3) and cost is not None:
        basis += (f" Base cost {cost} as first reconstructed, untuned for period {period} after bot-vs-bot "
                  f"balance simulation ({TUNING_RULINGS[period]}).")
    return {
        "id": id, "title": title, "location": location, "period": period, "cost": cost,
        "requires": list(requires), "requires_per_event": list(per_event or []),
        "placement": placement, "reward": reward, "penalty": penalty,
        "lapsing": lapsing, "mark": mark, "modifiers": list(modifiers or []),
        "provenance": provenance, "basis": basis,
    }


_DISCARD_PILE = ("Appendix B: if the revolutionary discard pile is empty no cards can be drawn, so the "
                 "reward takes cards from the discard pile.")

EVENTS = [
    # ---- Starting events ------------------------------------------------------------------------
    _e("e01", "Students' demands", "university", "start", 0, ["information", "food"],
       "Shift morale toward the Hungarian end.",
       "Rulebook: starting event at the University of Technology; history: the students' 16 points of 22-23 Oct."),
    _e("e02", "Petőfi Circle organizes protest", "bem", "start", 0, ["information", "medical"],
       "Shift support toward the Hungarian end.",
       "Rulebook: starting event at Bem Statue; history: the 23 Oct march to the Bem statue won public opinion."),
    _e("e03", "Civilians armed", "corvin", "start", 0, ["ammunition", "molotov"],
       "Lapsing. For the rest of this day every 'Resolve an event' and 'Attack militia' action of the "
       "Revolutionaries collects one extra ammunition icon, even if no card or fighter gave icons.",
       "Appendix B: both Resolve and Attack militia are affected, icons count even with no cards or fighters used.",
       lapsing=True),

    # ---- Period 1 ------------------------------------------------------------------------------
    _e("e04", "Stalin's statue removed", "stalin", 1, 3, ["vehicle", "molotov", "molotov"],
       "Shift morale toward the Hungarian end twice.",
       "Appendix B: marked, modifies E#5; history: the statue was cut down with torches and pulled down by trucks on 23 Oct.",
       placement="Place one militia on Stalin Square.", mark=True),
    _e("e05", "Stalin's head dragged across town", "blaha", 1, 1, ["vehicle", "food"],
       "Only if H#10 is resolved: shift morale toward the Hungarian end, and once more if E#4 is also "
       "resolved. Without H#10 resolved the reward has no effect.",
       "Appendix B: the reward needs H#10 resolved, E#4 modifies placement and reward; the Zhukov ruleset "
       "ignores the placement, so it is the Soviet commander's own (CP; ruling R105); history: the head was "
       "dragged to the National Theatre by Blaha Lujza Square.",
       placement="The Soviet commander collects 1 CP (2 CP if E#4 is resolved).",
       modifiers=["e04", "h10"]),
    _e("e06", "Siege", "radio", 1, 2, ["ammunition", "molotov", "medical"],
       "Lapsing. In this day's SPA phase the Soviet commander may play no 'Attack!' card.",
       "Appendix B: placement has an «or»; reward forbids Attack! cards in the SPA phase; history: siege of the Radio on 23-24 Oct.",
       placement="Place 2 militia on the Radio, or place one sniper on the Radio.", lapsing=True),
    _e("e07", "Fire in the National Museum", "astoria", 1, 2, ["medical", "food"],
       "Take up to 2 cards of your choice from the revolutionary discard pile into your hand (hand limit "
       "10; none if the pile is empty).",
       _DISCARD_PILE + " History: the National Museum by Astoria caught fire on 24 Oct.",
       placement="Shift morale toward the Soviet end."),
    _e("e08", "Spreading the news to the countryside", "anywhere", 1, 1, ["information", "vehicle"],
       "Shift support toward the Hungarian end.",
       "No clarification; history: railway workers carried the news to the countryside."),
    _e("e09", "Government building occupied", "anywhere", 1, 2, ["ammunition", "information"],
       "Shift morale toward the Hungarian end and draw one card.",
       "No clarification; history: insurgents occupied newspaper and ministry buildings on 24-25 Oct.",
       placement="Place one militia in this location."),

    # ---- Period 2 ------------------------------------------------------------------------------
    _e("e10", "Bloodbath", "kossuth", 2, 4, ["medical", "medical", "ammunition"],
       "Choose one: remove every Soviet tank from Kossuth Square, or remove every militia and sniper from "
       "Kossuth Square. In either case shift morale toward the Soviet end twice.",
       "Appendix B: the reward has an «or» and morale shifts to the Soviet end twice in either case; E#19 "
       "can replace it; history: the Kossuth Square massacre of 25 Oct.",
       placement="Deal 1 hit to Kossuth Square."),
    _e("e11", "Fighter group organized", "szena", 2, 3, ["ammunition", "food", "molotov"],
       "Activate up to 2 fighters in Széna Square (ordinary activation rules, no action spent), then take "
       "one card of your choice from the revolutionary discard pile (none if it is empty).",
       _DISCARD_PILE + " History: the Széna Square group of 'Uncle Szabó'.",
       placement="Place one militia in Széna Square."),
    _e("e12", "Aid from Warsaw distributed", "anywhere", 2, 3, ["vehicle", "medical"],
       "Take up to 3 cards of your choice from the revolutionary discard pile into your hand (hand limit "
       "10; none if the pile is empty).",
       _DISCARD_PILE + " History: Polish blood and food convoys from 26 Oct.",
       per_event=["food"]),
    _e("e13", "SPA units disguised as policemen", "anywhere", 2, 2, ["information", "ammunition"],
       "Remove up to 2 militia from this location. Then move up to 2 other militia one step each to an "
       "adjacent location (none may leave a location with a barricade).",
       "Appendix B: H#33 resolved adds a sniper anywhere to the placement; the reward moves militia, not out of barricades.",
       placement="Place 2 militia in this location. H#33 resolved: also place one sniper in any location.",
       modifiers=["h33"]),
    _e("e14", "Kilián Barracks treats the wounded", "corvin", 2, 3, ["medical", "food", "ammunition"],
       "Remove one injury from yourself.",
       "Appendix B: the placement hit goes to the chosen player's location, any valid target; marked, modifies E#21.",
       placement="The Soviet commander chooses a Revolutionary player and deals 1 hit to that player's "
                 "location (the Revolutionaries distribute it to any valid target there).",
       mark=True),
    _e("e15", "Weapons confiscated", "anywhere", 2, 2, ["information", "ammunition"],
       "Draw 2 cards.",
       "No clarification; history: weapons seized from and by the authorities.",
       placement="Each Revolutionary player discards one card showing ammunition or molotov, if they have one "
                 "(their choice of card)."),
    _e("e16", "Red star removed from buildings", "anywhere", 2, 2, ["vehicle", "molotov"],
       "Shift morale toward the Hungarian end and shift support toward the Hungarian end.",
       "No clarification; history: red stars were torn from public buildings across the city."),
    _e("e17", "SPA resupplies", "anywhere_sniper", 2, 3, ["ammunition", "ammunition", "molotov"],
       "Lapsing. Remove one sniper from this location. In this day's SPA phase the Soviet commander may play "
       "no 'Move sniper' card.",
       "Appendix B: placed only where a sniper is; reward forbids Move sniper cards in the SPA phase.",
       placement="Place one sniper in this location.", lapsing=True),
    _e("e18", "Defense of the Iron Works", "csepel", 2, 3, ["ammunition", "molotov", "food"],
       "Lapsing. In this day's SPA phase the Soviet commander may play no 'Move militia' card.",
       "Appendix B: placement moves militia, not out of barricades; reward forbids Move militia cards; history: Csepel Iron and Metal Works.",
       placement="Move up to 2 militia from locations adjacent to Csepel into Csepel (none may leave a "
                 "location with a barricade).",
       lapsing=True),

    # ---- Period 3 ------------------------------------------------------------------------------
    _e("e19", "Multi-party government demanded", "kossuth", 3, 4, ["food", "medical"],
       "Choose one: the Soviet commander discards 2 headline cards of his choice from his hand (all if fewer); "
       "or take one extra action this turn (lost after Last Stand).",
       "Appendix B: placement hit to any location, barricaded allowed, revolutionaries distribute; replacing "
       "Bloodbath makes everyone discard 2; reward «or» whose first option the Zhukov ruleset forbids, so it "
       "needs the Soviet commander (his headline hand; ruling R105); Last Stand's rules name E#19's reward as "
       "one that generates an additional action (the second option); penalty loses with 3 more events.",
       placement="Deal 1 hit to any location (Soviet's choice, a barricaded one allowed); the Revolutionaries "
                 "distribute it. If this event replaced Bloodbath (E#10) on Kossuth Square, each Revolutionary "
                 "player discards 2 cards.",
       penalty="If at least 3 other events are on the board along with this one, the Revolutionaries lose "
               "the game.",
       per_event=["information"], modifiers=["e10"]),
    _e("e20", "International Red Cross supplies", "anywhere", 3, 3, ["vehicle", "medical", "food"],
       "Take up to 2 cards of your choice from the revolutionary discard pile into your hand (none if it is "
       "empty), and remove one injury from yourself.",
       _DISCARD_PILE + " Placement: ties resolved among the tied players.",
       placement="The Revolutionary player with the most cards in hand discards 2 cards (if tied, the Soviet "
                 "commander chooses among the tied players)."),
    _e("e21", "Ambulance under fire", "anywhere", 3, 3, ["medical", "vehicle"],
       "Remove one injury from a Revolutionary player in your location (yourself included). E#14 resolved: "
       "also remove one other injury from yourself.",
       "Appendix B: placement ties resolved among tied players; E#14 resolved removes another injury from yourself; "
       "mark example in the rulebook.",
       placement="The Revolutionary player with the fewest injuries takes one injury (if tied, the Soviet "
                 "commander chooses among the tied players).",
       modifiers=["e14"]),
    _e("e22", "Battle", "hwpp", 3, 5, ["molotov", "medical"],
       "Remove every militia and sniper from HWPP Headquarters. Then you take one extra action this turn "
       "(only you may take it; lost if you have none left to take, e.g. after Last Stand).",
       "Appendix B: only the resolver takes the extra action; penalty: an Attack! effect on any location; "
       "history: the siege of the Party HQ on Republic Square, 30 Oct.",
       placement="Place one Soviet tank and one militia in HWPP Headquarters.",
       penalty="The Soviet commander may execute the effect of an 'Attack!' card (fire, then threaten) on any "
               "location, regardless of the Attack! cards played on the last day.",
       per_event=["ammunition"]),

    # ---- Minor events (X) ----------------------------------------------------------------------
    _e("e23", "Secret prisons suspected", "hwpp", "X", None, ["information", "ammunition"],
       "Shift morale toward the Hungarian end.",
       "Minor event; history: the crowd searched for secret cells under the Party HQ."),
    _e("e24", "Tanks in sight", "astoria", "X", None, ["molotov", "information"],
       "Move one Soviet tank from Astoria to an adjacent location (not if a barricade is in Astoria).",
       "Minor event; history: Soviet armour on the Kiskörút at Astoria."),
    _e("e25", "Medic gravely injured", "szena", "X", None, ["medical", "food"],
       "Remove one injury from a Revolutionary player in Széna Square (yourself included).",
       "Minor event; history: medics and ambulances were shot at (see the rulebook's history)."),
    _e("e26", "Fake anti-tank mines", "corvin", "X", None, ["molotov", "food"],
       "Move up to 2 Soviet tanks from Corvin Passage, each to an adjacent location (not if a barricade is in "
       "Corvin Passage).",
       "Minor event; history: Corvin fighters laid upturned plates as fake mines to stop tanks."),
    _e("e27", "Barricades built from trams", "blaha", "X", None, ["vehicle", "food"],
       "Place a barricade token in your location, if one is available.",
       "Minor event; history: overturned trams barricaded the Nagykörút."),
    _e("e28", "Crowd surrounding SPA prison", "bem", "X", None, ["information", "food"],
       "Remove up to 2 militia from Bem Statue.",
       "Minor event; history: crowds besieged the SPA's Fő utca prison near Bem Square."),
    _e("e29", "Looting Party district HQ", "csepel", "X", None, ["ammunition", "food"],
       "Take one card of your choice from the revolutionary discard pile (none if it is empty).",
       "Minor event; history: district Party offices were ransacked for weapons and files."),
    _e("e30", "SPA smuggling weapons", "radio", "X", None, ["ammunition", "medical"],
       "Remove one sniper or one militia from the Radio.",
       "Minor event; history: SPA men caught carrying weapons in ambulances (rulebook history)."),
    _e("e31", "Péterfy Hospital treats the wounded", "stalin", "X", None, ["medical", "food"],
       "Lapsing. For the rest of this day each 'First aid kit' card removes 2 injuries (from one or two "
       "players in the location) instead of one.",
       "Rulebook lapsing example: an event reward makes 'First aid kit' stronger for the whole day.",
       lapsing=True),
    _e("e32", "Students distribute food", "university", "X", None, ["food", "medical"],
       "Draw one card.",
       "Minor event; history: students distributed food in the districts (rulebook history)."),
    _e("e33", "Radio station in the Parliament", "kossuth", "X", None, ["information", "ammunition"],
       "Shift support toward the Hungarian end.",
       "Minor event; history: Free Kossuth Radio broadcast from the Parliament from 30 Oct."),
]

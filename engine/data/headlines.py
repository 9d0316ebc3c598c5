"""Headline cards H#1-H#42 (Conflict ruleset, Appendix A).

Fields: id, title, period (1|2|3), colour ("red"|"green"), cp (1-5), spa (0-3 on red cards,
None on green), lapsing, mark, text (reconstructed rules text), modifiers (ids the text refers
to), cannot_discard_if (mark id that makes a green card undiscardable, or None), provenance,
basis.

Conventions used in the texts:
- "toward the Soviet end" / "toward the Hungarian end": one space on the named track.
- "a location with an event" means an event on a board location (never the market row).
- "X resolved:" means X's resolution marker is in the ashtray.
- Red texts are executed by the Soviet commander (who makes the choices unless the text says
  otherwise); green texts by the Revolutionary players ("the team").
- Lapsing cards stay on the board until the end of the day; their text is in force all day.
"""
from __future__ import annotations


def _h(id, title, period, colour, cp, spa, text, basis, *, lapsing=False, mark=False,
       modifiers=None, cannot_discard_if=None, provenance="reconstructed"):
    return {
        "id": id, "title": title, "period": period, "colour": colour, "cp": cp,
        "spa": spa if colour == "red" else None,
        "lapsing": lapsing, "mark": mark, "text": text,
        "modifiers": list(modifiers or []), "cannot_discard_if": cannot_discard_if,
        "provenance": provenance, "basis": basis,
    }


_OPEN_FIRE = ("The Soviet commander chooses a location with a Revolutionary player and deals 1 hit "
              "there. A barricade there does not prevent it.")
_OPEN_FIRE_BASIS = ("Appendix A: takes effect even with a barricade on the chosen location; history: "
                    "volleys into crowds in 52 places outside Budapest.")

_POPULAR_SUPPORT = "Shift support toward the Hungarian end."

HEADLINES = [
    # ---- Period 1: Day of the Revolution (H#1-H#11) -------------------------------------------
    _h("h01", "Popular support", 1, "green", 3, None, _POPULAR_SUPPORT,
       "Appendix A: marked (modifies H#28, whose support shift it triggers); one of two copies; green like H#29.",
       mark=True),
    _h("h02", "National Song read at Bem Statue", 1, "green", 3, None,
       "The team activates the inactive fighter at Bem Statue, Kossuth Square or Stalin Square (no "
       "Revolutionary player needs to be there and no action is spent; the 4-active-fighter limit applies). "
       "If none of them has an inactive fighter, nothing happens.",
       "Appendix A: does nothing without an inactive fighter at Bem Statue, Kossuth Square or Stalin Square "
       "(its only condition, so no player needs to be there)."),
    _h("h03", "Péter Veres reads Manifesto", 1, "green", 3, None,
       "Each Revolutionary player may take one movement step to an adjacent location without discarding, "
       "taking up to 3 active fighters (revolutionary tanks included) along; a player may stay in place. "
       "The 4-active-fighter limit applies.",
       "Appendix A: players may stay in place, revolutionary tanks may be moved; Appendix D: up to 3 fighters move."),
    _h("h04", "Authorities open fire on the crowd", 1, "red", 3, 1, _OPEN_FIRE, _OPEN_FIRE_BASIS),
    _h("h05", "Ernő Gerő requests intervention", 1, "red", 2, 0,
       "Place one Soviet tank in a location with an event (Soviet's choice; any location if no event is on "
       "the board). Then every Soviet tank in that location fires, even if a barricade is there.",
       "Appendix A: tanks in the chosen location fire through barricades; Appendix D (Z#11, same title): places "
       "a tank on an event, in any location if there is none; marked (modifies H#29, H#30).",
       mark=True),
    _h("h06", "Antal Apró orders arrest of the \"fascist mob\"", 1, "red", 3, 1,
       "Place one sniper in a location with an event (Soviet's choice). If no event is on the board, "
       "nothing happens.",
       "Appendix A: events on the market are not on the board; Appendix D: places a sniper on an event."),
    _h("h07", "Imre Nagy appointed", 1, "green", 4, None,
       "One Revolutionary player with 8 or fewer cards in hand (team's choice) draws 2 cards. If every "
       "Revolutionary holds 9 or 10 cards, nothing happens.",
       "Appendix A: does nothing if all Revolutionaries hold 9-10 cards; Appendix D: a chosen player draws."),
    _h("h08", "Protests in Poland", 1, "green", 3, None,
       "Each Revolutionary player draws one card (a player at the hand limit of 10 draws none).",
       "Appendix A: a card above the hand limit cannot be drawn; marked (modifies H#21, H#35); history: Poznań, Polish October.",
       mark=True),
    _h("h09", "Georgy Zhukov orders entry into Budapest", 1, "red", 1, 0,
       "Place 2 Soviet tanks in locations with an event (both in one location or one each in two). If no "
       "event is on the board, place them in any 2 different locations.",
       "Appendix D: two tanks placed on events; marked (modifies H#16, H#26); history: Soviet troops entered on the night of 23 Oct.",
       mark=True),
    _h("h10", "First speech of Imre Nagy", 1, "red", 3, 1,
       "Each Revolutionary player discards one card of their choice. A player with no cards in hand is "
       "unaffected.",
       "Appendix D: a player with no cards may ignore the effect (so it is a discard); marked and it "
       "strengthens red Curfew (H#12) like the other red marks; history: Nagy's 24 Oct call to lay down arms.",
       mark=True),
    _h("h11", "Crowd burns propaganda", 1, "red", 3, 1,
       "Shift support toward the Soviet end. If support is already at the Soviet end, nothing happens.",
       "Rulebook red headline examples 1-2: red, 3 CP, shifts support to the Soviet end, SPA icon 1.",
       provenance="rulebook"),

    # ---- Period 2: Armed Uprising (H#12-H#31) --------------------------------------------------
    _h("h12", "Curfew", 2, "red", 2, 1,
       "Lapsing. The Soviet commander chooses one Revolutionary player: that player has one less action "
       "this day (possibly zero: they still take their turn and may use abilities not marked 'Action:', "
       "but may not move). H#10 resolved: also shift morale toward the Soviet end.",
       "Appendix A: H#10 resolved adds a morale shift; Appendix D: one player has one less action, may reach zero.",
       lapsing=True, modifiers=["h10"]),
    _h("h13", "News blockade in Romania", 2, "red", 2, 1,
       "In each location where a Revolutionary player with no injuries stands, every Soviet tank there "
       "fires, even if a barricade is there.",
       "Appendix A: refers to 'a player with no injuries'; Appendix D: Soviet tanks fire even through barricades."),
    _h("h14", "Organizing Worker's Militia", 2, "red", 2, 1,
       "Place 2 snipers, each in a different location with an event. If only one event is on the board, "
       "place both there; if no event is on the board, place them anywhere.",
       "Appendix A: events on the market are not on the board; Appendix D (Z#12, same title): both snipers are "
       "placed, both on the one event if there is only one, anywhere if there is none."),
    _h("h15", "March of the Bloodied Flag", 2, "green", 4, None,
       "One Revolutionary player (team's choice) draws one card for each active fighter in their location "
       "(revolutionary tanks count), at most 3 cards.",
       "Appendix A: revolutionary tanks count as active fighters; Appendix D: the chosen player draws cards."),
    _h("h16", "Soviets stationed at the Parliament", 2, "red", 1, 0,
       "Place one Soviet tank and one sniper on Kossuth Square. H#9 resolved: the Soviet commander may also "
       "place one more Soviet tank in Csepel, Széna Square or HWPP Headquarters.",
       "Appendix A: H#9 resolved allows another tank in a reinforcement location; mark example: one more tank; "
       "Parliament is on Kossuth Square.",
       modifiers=["h09"]),
    _h("h17", "Sympathetic Soviets", 2, "green", 5, None,
       "The team removes up to one Soviet tank from any location (removed, not destroyed: morale does not "
       "shift).",
       "Appendix A: remove up to one Soviet tank anywhere; undiscardable if H#10 resolved; history: fraternising Soviet crews.",
       modifiers=["h10"], cannot_discard_if="h10"),
    _h("h18", "Retake the Radio", 2, "red", 2, 1,
       "Place one Soviet tank on the Radio. Then every Soviet tank on the Radio fires, even if a barricade "
       "is there (if there is nothing there to hit, they do not fire).",
       "Appendix A: tanks at the Radio fire despite a barricade, not if there is no target; history: siege of the Radio building."),
    _h("h19", "Soviet units confused", 2, "green", 4, None,
       "Remove one militia from every location that has at least one Soviet tank (only one militia per "
       "location, however many tanks are there).",
       "Appendix A: only one militia removed from locations with several Soviet tanks."),
    _h("h20", "Pál Maléter expels civilians from Kilián Barracks", 2, "red", 3, 1,
       "Remove every active fighter from Corvin Passage, even if a barricade is there. Inactive fighters, "
       "revolutionary tanks and barricades stay.",
       "Appendix A: works despite a barricade; inactive fighters, revolutionary tanks and barricades are not removed."),
    _h("h21", "Polish Aid", 2, "green", 3, None,
       "One Revolutionary player (team's choice) draws 2 cards. H#8 resolved: in addition, one Revolutionary "
       "player (team's choice) removes one injury from themselves or draws one card.",
       "Appendix A: H#8 resolved lets one revolutionary remove an injury or draw a card; history: Polish aid from 26 Oct.",
       modifiers=["h08"]),
    _h("h22", "John Dulles calls UN Security Council", 2, "green", 3, None,
       "Shift morale toward the Hungarian end.",
       "No clarification; history: the US, UK and France brought Hungary before the Security Council on 27-28 Oct."),
    _h("h23", "Authorities open fire on the crowd", 2, "red", 3, 2, _OPEN_FIRE, _OPEN_FIRE_BASIS),
    _h("h24", "Offer of amnesty", 2, "red", 2, 1,
       "The Soviet commander chooses one: remove one active fighter (revolutionary tanks count) from any "
       "location; or move every Soviet tank one step toward the nearest location with an event (tanks on an "
       "event or in a location with a barricade stay).",
       "Appendix A: an «or» choice, revolutionary tanks count as fighters; Appendix D: remove a fighter, tanks move toward events."),
    _h("h25", "Local Party leader shot", 2, "red", 1, 0,
       "The Soviet commander names one resource icon. Then each Revolutionary player reveals their hand and "
       "discards every card showing that icon.",
       "Appendix A: the icon is named before the Revolutionaries reveal their hands; any of the 6 icons."),
    _h("h26", "Radio Free Europe", 2, "green", 4, None,
       "Shift morale toward the Hungarian end. Then each Revolutionary player in a location with an active "
       "fighter (revolutionary tanks count) draws one card.",
       "Appendix A: revolutionary tanks count as active fighters, undiscardable if H#9 resolved; Appendix D: players draw.",
       modifiers=["h09"], cannot_discard_if="h09"),
    _h("h27", "Fighters with heavy weaponry", 2, "green", 4, None,
       "Lapsing. For the rest of this day every 'Resolve an event' and 'Destroy a tank' action of the "
       "Revolutionaries collects one extra molotov icon.",
       "Appendix A: the effect applies to both 'Resolve an event' and 'Destroy a tank', so a day-long icon bonus.",
       lapsing=True),
    _h("h28", "CIA asset in Budapest", 2, "red", 3, 2,
       "Shift morale toward the Soviet end. H#1 resolved: shift support toward the Soviet end. H#29 resolved: "
       "shift support toward the Hungarian end.",
       "Appendix A: the H#1 and H#29 conditions; base morale shift reconstructed (Soviet 'Western plot' propaganda).",
       modifiers=["h01", "h29"]),
    _h("h29", "Popular support", 2, "green", 3, None, _POPULAR_SUPPORT,
       "Appendix A: second copy of Popular support, marked (modifies H#28), undiscardable if H#5 resolved.",
       mark=True, modifiers=["h05"], cannot_discard_if="h05"),
    _h("h30", "Bloodbath in the countryside", 2, "red", 3, 1,
       "Place one Soviet tank in a location with an event (Soviet's choice; any location if no event is on "
       "the board). H#5 resolved: the Soviet commander also removes one active fighter or revolutionary tank "
       "from any location.",
       "Appendix A: H#5 resolved removes an active fighter or revolutionary tank; Appendix D (Z#8, same title): "
       "places a Soviet tank, in any location if no event is on the board; history: Mosonmagyaróvár, 26 Oct.",
       modifiers=["h05"]),
    _h("h31", "Hungarian Army units join", 2, "green", 5, None,
       "Place a random revolutionary tank from the supply in Corvin Passage (not if it already has 4 active "
       "fighters or no tank is left). Then, if there are 5 or more active fighters on the board (every "
       "revolutionary tank counts, the new one included), shift morale toward the Hungarian end.",
       "Appendix A: a random tank in Corvin Passage unless 4 active fighters are there; \"all revolutionary "
       "tanks on the board (including the new one in Corvin Passage) count towards the 5 active fighters\", so "
       "the text has a condition on 5 active fighters on the board checked after the placement; its effect (a "
       "morale shift toward the Hungarian end) is reconstructed: history, army units joining the fighters "
       "lifted the city's spirits."),

    # ---- Period 3: The Turning Tide (H#32-H#42) ------------------------------------------------
    _h("h32", "Political prisoners released", 3, "green", 4, None,
       "The team chooses one fighter removed from the board earlier (never a revolutionary tank) and places "
       "it active in the location of a Revolutionary player that has fewer than 4 active fighters. If no "
       "fighter has been removed, nothing happens.",
       "Appendix A: a removed fighter returns (also ones removed by H#41), never a revolutionary tank; history: prisoners freed from 27 Oct."),
    _h("h33", "SPA dissolved", 3, "green", 4, None,
       "The team moves up to 3 militia and/or snipers, each one step to an adjacent location (none may leave "
       "a location with a barricade). Then shift support toward the Hungarian end.",
       "Appendix A: snipers and militia may not be moved out of barricaded locations; marked because it "
       "modifies E#13's placement; history: SPA dissolved on 28 Oct.",
       mark=True),
    _h("h34", "National Guard begins organization", 3, "green", 3, None,
       "Remove one militia from Csepel. Then place a random revolutionary tank from the supply on Kossuth "
       "Square (not if it already has 4 active fighters or no tank is left).",
       "Rulebook green headline example and DESIGN §7: green, 3 CP, removes a Csepel militia, random tank on "
       "Kossuth Square, no icon effect.",
       provenance="rulebook"),
    _h("h35", "Polish fact-finding mission", 3, "green", 3, None,
       "Lapsing. One Revolutionary player (team's choice) draws one card. H#8 resolved: for the rest of this "
       "day, an 'Aid' card discarded for a 'Resolve an event' action gives all three of its icons "
       "(information, medical and food).",
       "Appendix A: with H#8 resolved Aid cards give all their icons on the current day; Appendix D (Z#5) same wording.",
       lapsing=True, modifiers=["h08"]),
    _h("h36", "Pál Maléter aids the revolution", 3, "green", 5, None,
       "Lapsing. Place a random revolutionary tank from the supply in Corvin Passage (not if it already has 4 "
       "active fighters or no tank is left). One Revolutionary player (team's choice) may take one more "
       "action this day.",
       "Appendix A: random tank in Corvin Passage; rulebook lapsing example: one player takes one more action that day.",
       lapsing=True),
    _h("h37", "Party leaders flee the country", 3, "red", 2, 2,
       "The Soviet commander draws one headline card, from The Turning Tide (3) deck if possible, otherwise "
       "from another deck of the commander's choice, and may play it in this headline step.",
       "Appendix A: the new headline is drawn from The Turning Tide deck if possible; history: Gerő and Hegedűs fled to Moscow."),
    _h("h38", "News from Suez", 3, "red", 2, 0,
       "Retrieve every SPA card from the SPA discard queue into the SPA pool. Then shift morale toward the "
       "Soviet end.",
       "Appendix A: retrieved SPA cards return from the discard queue to the pool; history: Suez crisis from 29 Oct."),
    _h("h39", "Truce betrayed", 3, "red", 1, 0,
       "Each Soviet tank may move to an adjacent location (none may leave a location with a barricade). Then "
       "every Soviet tank in a location with an event fires, even where a barricade is.",
       "Appendix A: tanks move to adjacent locations, may not leave barricades but may fire there, only events on the board count."),
    _h("h40", "Discord in revolutionary groups", 3, "red", 2, 1,
       "Lapsing. The Soviet commander chooses one Revolutionary player: that player has one less action this "
       "day (possibly zero: they still take their turn and may use abilities not marked 'Action:', but may "
       "not move). Then the Soviet commander may remove one event from the board without executing its reward.",
       "Appendix A: the player may be left with zero actions; an event is removed without its reward.",
       lapsing=True),
    _h("h41", "President Eisenhower refuses to help", 3, "red", 2, 1,
       "Shift morale toward the Soviet end. Then remove every inactive fighter (face-up and face-down tiles) "
       "from up to 2 locations (Soviet's choice). Active fighters and revolutionary tanks stay.",
       "Appendix A: active fighters and revolutionary tanks are not removed; H#32 can bring removed fighters back."),
    _h("h42", "Authorities open fire on the crowd", 3, "red", 3, 3, _OPEN_FIRE, _OPEN_FIRE_BASIS),
]

"""The normal (greedy) bot's blunders of issue 32, each on a staged position: the bot decides from
the seat's view and legal actions, exactly as the server's bot seats do."""
from __future__ import annotations

from bots.greedy import GreedyBot
from tests.staging_soviet_phase import with_hand
from tests.support import at_step, game, pass_through, refresh, rev_turn, set_hand

SOVIET = "soviet"
NO_UNITS = {"militia": 0, "snipers": 0}


def _spa_phase(day: int = 1, seed: int = 1):
    """A 2-Revolutionary game at the Soviet's SPA phase decision, every SPA unit and Soviet tank off
    the board, every event removed, no barricade, no fighter active (to stage from)."""
    g = pass_through(game(2, seed), lambda x: x.s["stack"][-1]["kind"] == "spa")
    for here in g.s["locations"].values():
        here.update(NO_UNITS, soviet_tanks=0, barricades=0, event=None)
        g.s["fighters_removed"].extend(here["active"])
        here["active"] = []
    g.s["day"] = day
    return refresh(g)


def _pool(g, cards, queue=()):
    g.s["spa_pool"] = list(cards)
    g.s["spa_queue"] = list(queue)
    refresh(g)


def _bot_plays(g, bot, seat=SOVIET, limit=40):
    """Let the bot answer every decision of `seat` until another seat is to move (or `limit`);
    returns the actions it took."""
    taken = []
    for _ in range(limit):
        if g.result is not None or seat not in g.active_seats():
            break
        a = bot.choose(g.view(seat), g.legal_actions(seat))
        taken.append(a)
        g.apply(seat, a)
        if a["type"] == "done" and g.s["stack"] and g.s["stack"][-1]["kind"] != "spa" \
                and not g.s["stack"][-1]["kind"].startswith("spa_"):
            break
    return taken


# ----- Soviet: SPA phase -------------------------------------------------------------------------
def test_spa_attack_not_played_where_no_target_is_and_no_threat():
    """Rulebook, SPA card 4: Attack!: the fire hits a player, an active fighter or a barricade
    there; with none of them and a strength under 9, an Attack! does nothing."""
    g = _spa_phase()
    _pool(g, ["spa_attack_1", "spa_attack_2"])
    empty = next(loc for loc, x in g.s["locations"].items() if loc not in g.s["positions"].values())
    g.s["locations"][empty]["militia"] = 3
    refresh(g)
    assert {"type": "play_spa", "card": "spa_attack_1"} in g.legal_actions(SOVIET)
    assert GreedyBot(1).choose(g.view(SOVIET), g.legal_actions(SOVIET)) == {"type": "done"}


def test_spa_attack_played_on_the_location_with_a_revolutionary():
    """The same Attack! cards with a Revolutionary where the militia stand: the bot attacks there."""
    g = _spa_phase()
    _pool(g, ["spa_attack_1"])
    empty = next(loc for loc, x in g.s["locations"].items() if loc not in g.s["positions"].values())
    g.s["locations"][empty]["militia"] = 3
    target = g.s["positions"]["rev1"]
    g.s["locations"][target]["militia"] = 2
    refresh(g)
    taken = _bot_plays(g, GreedyBot(1))
    attacks = [a for a in taken if a["type"] == "attack"]
    assert attacks == [{"type": "attack", "location": target}]


def test_spa_attack_threatens_where_strength_is_9_without_a_barricade():
    """Rulebook, Attack! step 2 Threaten: strength 9 or more without a barricade shifts morale even
    with nobody there, so that attack is worth a card."""
    g = _spa_phase()
    _pool(g, ["spa_attack_1"])
    empty = next(loc for loc, x in g.s["locations"].items() if loc not in g.s["positions"].values())
    g.s["locations"][empty]["snipers"] = 3
    refresh(g)
    morale = g.s["morale"]
    taken = _bot_plays(g, GreedyBot(1))
    assert {"type": "attack", "location": empty} in taken
    assert g.s["morale"] == morale - 1


def test_spa_moves_militia_in_before_it_attacks():
    """Rulebook, Playing SPA cards: any number in any order. The bot plays Move militia first,
    bringing militia next to a Revolutionary into their location, then attacks there."""
    g = _spa_phase()
    _pool(g, ["spa_attack_1", "spa_move_militia_1"])
    from engine.public import catalog

    target = g.s["positions"]["rev1"]
    nbrs = {x["id"]: x["neighbours"] for x in catalog()["locations"]}
    beside = next(n for n in nbrs[target] if n not in g.s["positions"].values())
    g.s["locations"][beside]["militia"] = 3
    g.s["locations"][target]["militia"] = 1
    refresh(g)
    taken = _bot_plays(g, GreedyBot(1))
    kinds = [a["card"].rsplit("_", 1)[0] for a in taken if a["type"] == "play_spa"]
    assert kinds == ["spa_move_militia", "spa_attack"]
    assert {"type": "attack", "location": target} in taken
    assert any(a["type"] == "move_militia" and a["to"] == target for a in taken)


def test_spa_cards_not_retrieved_on_day_7():
    """Rulebook, End of the Day: the game ends after the 7th day's SPA phase, the last phase of a
    day, so SPA cards retrieved then can never be played."""
    g = _spa_phase(day=7)
    _pool(g, [], queue=["spa_attack_1", "spa_move_militia_1"])
    assert {"type": "retrieve_spa"} in g.legal_actions(SOVIET)
    assert GreedyBot(1).choose(g.view(SOVIET), g.legal_actions(SOVIET)) == {"type": "done"}


def test_spa_cards_retrieved_before_day_7_when_the_pool_is_empty():
    g = _spa_phase(day=3)
    _pool(g, [], queue=["spa_attack_1", "spa_move_militia_1"])
    assert GreedyBot(1).choose(g.view(SOVIET), g.legal_actions(SOVIET)) == {"type": "retrieve_spa"}


# ----- Soviet: headline step ---------------------------------------------------------------------
def _headline_step(cards, day: int = 1):
    g = pass_through(game(2, 1), at_step("headline"))
    g.s["day"] = day
    return with_hand(g, cards)


def test_green_popular_support_discarded_while_it_would_cut_the_hand_limit():
    """Rulebook, Support step: the Soviet draws up to the hand limit the support marker shows.
    Popular support (green) shifts support toward the Hungarian end; early in the game its 3 CP
    are worth less than the cards a lower limit costs at every remaining support step."""
    g = _headline_step(["h01"], day=1)
    g.s["support"] = 2  # hand limit 4; one step more: 3
    refresh(g)
    pick = GreedyBot(1).choose(g.view(SOVIET), g.legal_actions(SOVIET))
    assert pick == {"type": "play_headline", "card": "h01", "mode": "discard"}


def test_green_popular_support_taken_for_cp_on_the_last_days():
    g = _headline_step(["h29"], day=6)
    pick = GreedyBot(1).choose(g.view(SOVIET), g.legal_actions(SOVIET))
    assert pick == {"type": "play_headline", "card": "h29", "mode": "cp"}


def test_red_crowd_burns_propaganda_resolved_for_a_bigger_hand():
    """Rulebook, red headline example 2: resolving Crowd burns propaganda shifts support toward the
    Soviet end (a hand limit of 5 from the neutral 4) and retrieves an SPA card."""
    g = _headline_step(["h11"], day=1)
    pick = GreedyBot(1).choose(g.view(SOVIET), g.legal_actions(SOVIET))
    assert pick == {"type": "play_headline", "card": "h11", "mode": "resolve"}


def test_red_curfew_resolved_to_take_an_action_away():
    """H#12 Curfew: a Revolutionary has one less action this day: worth more than its 2 CP."""
    g = _headline_step(["h12"], day=2)
    pick = GreedyBot(1).choose(g.view(SOVIET), g.legal_actions(SOVIET))
    assert pick == {"type": "play_headline", "card": "h12", "mode": "resolve"}


def test_red_headline_with_no_effect_on_the_board_gives_its_cp():
    """H#20 with no active fighter in Corvin Passage removes nothing: its 3 CP are worth more."""
    g = _headline_step(["h20"], day=2)
    g.s["fighters_removed"].extend(g.s["locations"]["corvin"]["active"])
    g.s["locations"]["corvin"]["active"] = []
    refresh(g)
    pick = GreedyBot(1).choose(g.view(SOVIET), g.legal_actions(SOVIET))
    assert pick == {"type": "play_headline", "card": "h20", "mode": "cp"}


# ----- Revolutionaries ---------------------------------------------------------------------------
def _rev1_turn(injuries: int, hand, tanks: int = 0, event: str | None = None, **options):
    """rev1's first turn of day 1 (2 Revolutionaries, injury limit 4), no fighter active, no
    barricade, `tanks` Soviet tanks where rev1 stands, and `event` there, the only one on the board."""
    g = rev_turn(2, 1, **options)
    for here in g.s["locations"].values():
        g.s["fighters_removed"].extend(here["active"])
        here["active"] = []
        here["barricades"] = 0
        here["event"] = None
    g.s["injuries"]["rev1"] = injuries
    start = g.s["locations"][g.s["positions"]["rev1"]]
    start["soviet_tanks"] = tanks
    start["event"] = event
    set_hand(g, "rev1", hand)
    return refresh(g)


def _rev_plays(g, bot, seat="rev1", limit=60):
    taken = []
    for _ in range(limit):
        if g.result is not None or g.active_seats() != [seat]:
            break
        a = bot.choose(g.view(seat), g.legal_actions(seat))
        taken.append((g.s["positions"][seat], a))
        g.apply(seat, a)
        if a["type"] == "end_turn":
            break
    return taken


def test_revolutionary_with_injuries_heals_with_first_aid_kit_before_spending_it():
    """First aid kit (Action: remove one injury from a player in your location): at 2 of 4
    injuries the bot plays it instead of discarding it for icons or a movement step."""
    g = _rev1_turn(2, ["rc_first_aid_kit_1", "rc_aid_4", "rc_food_2", "rc_molotov_crate_2"])
    first = GreedyBot(2).choose(g.view("rev1"), g.legal_actions("rev1"))
    assert first == {"type": "play_card", "card": "rc_first_aid_kit_1"}
    _rev_plays(g, GreedyBot(2))
    assert g.s["injuries"]["rev1"] == 1


def test_revolutionary_keeps_first_aid_kit_when_other_cards_pay():
    """At 1 injury the kit is kept for a later heal: the event's medical icon is paid with an Aid
    card (a wildcard), not with the kit."""
    g = _rev1_turn(1, ["rc_first_aid_kit_1", "rc_aid_4", "rc_information_1", "rc_food_2"], event="e02")
    taken = _rev_plays(g, GreedyBot(2))
    assert any(a["type"] == "resolve_event" for _, a in taken)
    assert "rc_first_aid_kit_1" in g.s["hands"]["rev1"]


def test_revolutionary_pays_with_single_icon_cards_and_keeps_the_aid_wildcard():
    """Action 2 (R26: any card may be discarded, excess icons ignored): the event's information and
    medical icons are paid with the Information and Medical supplies cards; the Aid card (any one
    of three icons) is kept for later."""
    g = _rev1_turn(0, ["rc_aid_1", "rc_information_1", "rc_medical_1", "rc_food_2"], event="e02")
    taken = _rev_plays(g, GreedyBot(2))
    paid = [a["card"] for _, a in taken if a["type"] == "discard"]
    assert sorted(paid) == ["rc_information_1", "rc_medical_1"]
    assert "rc_aid_1" in g.s["hands"]["rev1"]


def test_revolutionary_pays_an_event_with_the_ak47_alone():
    """Promo rules (R98): the AK-47 counts as food and molotov, and as ammunition for an action
    that asks for it, so it alone pays Civilians armed (ammunition, molotov): cheaper than the
    Ammunition and Molotov cocktail cards together."""
    g = _rev1_turn(0, ["rc_ak47", "rc_ammunition_1", "rc_molotov_1"], event="e03", promo_ak47=True)
    taken = _rev_plays(g, GreedyBot(2))
    assert any(a["type"] == "resolve_event" for _, a in taken)
    assert [a["card"] for _, a in taken if a["type"] == "discard"] == ["rc_ak47"]
    assert {"rc_ammunition_1", "rc_molotov_1"} <= set(g.s["hands"]["rev1"])


def test_revolutionary_pays_from_a_view_without_texts():
    """A view without texts names hand cards by id only (what the server sends): the bot reads
    their icons from the public catalog and still pays the cheapest set, the kit kept."""
    g = _rev1_turn(1, ["rc_first_aid_kit_1", "rc_aid_4", "rc_information_1", "rc_food_2"], event="e02")
    g.apply("rev1", {"type": "resolve_event"})
    bot = GreedyBot(2)
    for _ in range(4):
        v = g.view("rev1", texts=False)
        assert all(set(c) == {"id"} for c in v["hand"])
        a = bot.choose(v, g.legal_actions("rev1"))
        g.apply("rev1", a)
        if a["type"] == "done":
            break
    assert a == {"type": "done"}
    assert sorted(g.s["hands"]["rev1"]) == ["rc_first_aid_kit_1", "rc_food_2"]


def test_revolutionary_one_injury_from_the_limit_takes_no_action_under_soviet_tanks():
    """Rulebook, Retaliation of Soviet Tanks: tanks fire before each action in their location; at 3
    injuries of 4 a hit loses the game, so the bot acts elsewhere (or not at all), never there."""
    for seed in (1, 2, 3):
        g = _rev1_turn(3, ["rc_aid_4", "rc_food_2", "rc_molotov_crate_2", "rc_ammunition_1", "rc_aid_3"], tanks=2,
                       event="e01")
        start = g.s["positions"]["rev1"]
        taken = _rev_plays(g, GreedyBot(seed))
        fired_at = [a for where, a in taken if where == start and a["type"] in
                    ("resolve_event", "destroy_tank", "attack_militia", "activate_fighter", "draw_card",
                     "give_cards", "take_cards")]
        assert fired_at == []
        assert g.result is None


def test_revolutionary_ends_the_turn_out_of_reach_of_tonights_spa_attack():
    """Rulebook, Phase 3 (SPA phase, after the Revolutionary phase): the Soviet's Attack! cards fire
    where militia and snipers stand. With both Attack! cards in the SPA pool and 2 snipers and 3
    militia where rev1 stands (and no fighter to take a hit), the bot walks away before it ends
    its turn."""
    g = _rev1_turn(0, ["rc_aid_4", "rc_food_2", "rc_molotov_crate_2", "rc_ammunition_1", "rc_vehicle_1"])
    start = g.s["positions"]["rev1"]
    for here in g.s["locations"].values():
        here.update(NO_UNITS, soviet_tanks=0)
    g.s["locations"][start].update(snipers=2, militia=3, inactive=None, facedown=[])  # no fighter to shield
    g.s["spa_pool"] = ["spa_attack_1", "spa_attack_2"]
    refresh(g)
    stay = GreedyBot(2)
    _rev_plays(g, stay)
    assert g.s["positions"]["rev1"] != start

"""The greedy bot as the Zhukov team (bots/zhukov_team.py): it executes the hostile texts where
they hurt least and plays whole Zhukov games from views and legal actions only."""
from __future__ import annotations

from bots import zhukov_team
from bots.greedy import GreedyBot
from bots.match import play
from engine.frames import kinds
from tests.rev_staging import stage
from tests.support import act, rev_turn
from tests.zhukov_staging import one_card, run, staged


def test_greedy_team_places_the_soviet_tank_where_no_player_stands():
    g = staged(2, 1)
    g.s["support"] = 3
    one_card(g, "z11", major_top="e04")  # Ernő Gerő: a tank on an event, then the tanks there fire
    view = g.view("rev1")
    assert view["decision"]["stage"] == "place_soviet_tanks"
    pick = GreedyBot(1).choose(view, g.legal_actions("rev1"))
    assert pick == {"type": "choose_location", "location": "corvin"}  # university and bem hold players


def test_greedy_team_gives_a_draw_to_the_smallest_hand():
    g = staged(3, 1)
    g.s["rev_discard"].extend(g.s["hands"]["rev1"][:3])
    del g.s["hands"]["rev1"][:3]
    one_card(g, "z04")  # Imre Nagy appointed: the players choose who draws 2
    assert GreedyBot(2).choose(g.view("rev2"), g.legal_actions("rev2")) == {"type": "choose_player", "seat": "rev1"}


def test_greedy_bots_play_whole_zhukov_games_for_every_player_count():
    for revs in (1, 4):
        g = play(revs, 3, "random", "greedy", {"ruleset": "zhukov"})
        assert g.result["winner"] in ("revolutionaries", "soviet")


def _first_turn(revs: int):
    """A Zhukov game advanced by the greedy bots to the first Revolutionary turn."""
    from engine import new_game

    g = new_game(revs, 5, {"ruleset": "zhukov"})
    bot = GreedyBot(5)
    while g.view(g.active_seats()[0])["decision"]["kind"] != "turn":
        seat = g.active_seats()[0]
        g.apply(seat, bot.choose(g.view(seat), g.legal_actions(seat)))
    return g, g.active_seats()[0]


def test_greedy_zhukov_player_heals_with_ilona_kek_at_once():
    # Phase 3 (Zhukov): the SPA attacks every night, so an offered fighter's healing is taken.
    g, seat = _first_turn(1)
    here = g.s["locations"][g.s["positions"][seat]]
    here["active"].append("f_ilona_kek")
    g.s["injuries"][seat] = 2
    g.invalidate()
    actions = g.legal_actions(seat)
    assert {"type": "use_fighter", "fighter": "f_ilona_kek"} in actions
    assert GreedyBot(1).choose(g.view(seat), actions) == {"type": "use_fighter", "fighter": "f_ilona_kek"}


def test_greedy_zhukov_night_cost_counts_tomorrows_reinforcements_next_door():
    # Phase 3 (Zhukov), Place militia: Csepel, Széna Square and HWPP Headquarters get a militia every
    # night, which walks into a player's location next door the night after.
    from bots.zhukov_night import night_cost
    from tests.test_zhukov_rules import clear_units

    g = staged(1, 1)
    clear_units(g)
    g.invalidate()
    v = g.view("rev1")
    assert night_cost(v, {"rev1": "kossuth"}) == 0.0      # no SPA unit near, no reinforcement next door
    assert night_cost(v, {"rev1": "university"}) > 0.0    # next to Csepel and Széna Square


def test_greedy_zhukov_night_model_places_the_units_as_the_spa_phase_does():
    # Phase 3 (Zhukov), the rulebook's SPA example: the bot's forecast of steps 1-3 from the view
    # (militia walk in, snipers come one step closer, reinforcements) is what the engine then does.
    from bots.zhukov_night import spa_moves
    from tests.test_zhukov_rules import run, spa_example

    g = spa_example()
    g.invalidate()
    v = g.view("rev1")
    militia, snipers = spa_moves(v, v["positions"], {k: x["militia"] for k, x in v["locations"].items()},
                                 {k: x["snipers"] for k, x in v["locations"].items()})
    run(g)
    g.apply("rev2", {"type": "move_sniper", "from": "astoria", "to": "radio"})  # the tie the team picks
    here = g.s["locations"]
    for loc in ("corvin", "csepel", "radio", "szena", "hwpp"):
        assert (militia.get(loc, 0), snipers.get(loc, 0)) == (here[loc]["militia"], here[loc]["snipers"]), loc


def test_greedy_zhukov_night_a_teammate_joined_adds_no_second_attack():
    # Phase 3 (Zhukov), Attack: the SPA rolls once per location with a player, so ending the day
    # beside a teammate costs the team less than ending it alone next to other SPA units.
    from bots.zhukov_night import night_cost
    from tests.test_zhukov_rules import spa_example

    g = spa_example()
    g.invalidate()
    v = g.view("rev1")
    together = night_cost(v, {"rev1": "corvin", "rev2": "corvin"})
    apart = night_cost(v, {"rev1": "corvin", "rev2": "csepel"})
    assert together < apart


def test_greedy_zhukov_turn_order_puts_the_largest_hand_first():
    # Phase 2: the team chooses the turn order; with 3 players the first takes 2 actions.
    g = staged(3, 1)
    g.s["hands"]["rev3"].extend(g.s["rev_deck"][:3])
    del g.s["rev_deck"][:3]
    g.s["stack"] = [kinds.turn_order()]
    run(g)
    view = g.view("rev1")
    assert view["decision"]["kind"] == "turn_order"
    assert GreedyBot(1).choose(view, g.legal_actions("rev1")) == {"type": "choose_next", "seat": "rev3"}


def test_greedy_team_first_aid_kit_heals_the_most_injured_player_there():
    """First aid kit (remove one injury from a player in your location): the team heals the one
    nearest the injury limit, not the player holding the kit."""
    g = rev_turn()
    stage(g, hand=["rc_first_aid_kit_1"], positions={"rev2": "university"}, injuries={"rev1": 1, "rev2": 2})
    act(g, "rev1", "play_card", card="rc_first_aid_kit_1")
    view = g.view("rev1")
    assert view["decision"]["effect"] == "rc:first_aid_kit"
    assert zhukov_team.choose(view, g.legal_actions("rev1")) == {"type": "choose_player", "seat": "rev2"}

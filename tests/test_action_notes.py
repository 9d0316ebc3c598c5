"""The view's `irreversible` (beside `actions`) and `unavailable` (docs/contract.md): a player is
told before the click which actions end undo and why a card's other uses are missing.

Rulebook anchors: Appendix A (H#26 Radio Free Europe: "H#9 resolved: This card cannot be
discarded"), Retaliation of Soviet Tanks (dice before the action), Drawing cards; undo and its
checkpoints are DESIGN §2."""
from __future__ import annotations

import random

from engine import Game, new_game
from engine.action_notes import REASONS
from engine.frames.base import FRAMES
from tests.staging_headlines import give_active, pick_location
from tests.staging_soviet_phase import with_cp, with_hand, with_market
from tests.support import act, at_step, game, pass_through, refresh, rev_turn, set_hand, top

SOVIET = "soviet"


def mark_of(g: Game, seat: str, action: dict) -> str | None:
    v = g.view(seat)
    assert len(v["irreversible"]) == len(v["actions"])
    return v["irreversible"][v["actions"].index(action)]


def undo_after(g: Game, seat: str, action: dict) -> bool:
    """Whether undo is offered to `seat` after the action (tried on a copy of the game)."""
    c = Game.from_dict(g.to_dict())
    c.apply(seat, action)
    return {"type": "undo"} in c.legal_actions(seat)


# ----- Appendix A: H#26 Radio Free Europe, H#9 resolved -------------------------------------------
def _zhukov_resolved(g: Game) -> Game:
    with_hand(g, ["h09", "h26"])
    act(g, SOVIET, "play_headline", card="h09", mode="resolve")
    pick_location(g, SOVIET, "bem")
    pick_location(g, SOVIET, "corvin")
    assert top(g)["kind"] == "headline"
    return g


def test_h26_radio_free_europe_with_h09_resolved_says_why_it_cannot_be_discarded():
    """H#26: "H#9 resolved: This card cannot be discarded." Its only use is to collect CP; the
    view says why the discard is missing, naming H#9."""
    g = _zhukov_resolved(game(2))
    v = g.view(SOVIET)
    assert [a for a in v["actions"] if a.get("card") == "h26"] == [{"type": "play_headline", "card": "h26", "mode": "cp"}]
    assert v["unavailable"] == [{"card": "h26", "use": "discard", "reason": "mark_resolved", "mark": "h09",
                                 "text": "cannot be discarded: H#9 (Georgy Zhukov orders entry into Budapest) is resolved"}]
    assert g.view("rev1")["unavailable"] == []  # the Soviet hand is the Soviet's secret


def test_h26_collect_cp_is_marked_irreversible_exactly_when_players_draw():
    """H#26 (green: the Revolutionaries carry out its text): each player in a location with an
    active fighter draws a card, and a draw ends undo; with nobody drawing, undo stays."""
    cp = {"type": "play_headline", "card": "h26", "mode": "cp"}
    g = _zhukov_resolved(game(2))
    here = g.s["positions"]["rev1"]
    g.s["locations"][here]["active"] = []
    give_active(g, here, 1)
    assert mark_of(g, SOVIET, cp) == "draw"
    assert not undo_after(g, SOVIET, cp)

    g = _zhukov_resolved(game(2))
    for loc in g.s["locations"].values():
        loc["active"] = [f for f in loc["active"] if f.startswith("rt_")]
    for pos in g.s["positions"].values():
        g.s["locations"][pos]["active"] = []
    refresh(g)
    assert mark_of(g, SOVIET, cp) is None
    assert undo_after(g, SOVIET, cp)


# ----- Retaliation of Soviet Tanks / drawing ------------------------------------------------------
def test_an_action_where_soviet_tanks_stand_is_marked_for_the_retaliation_roll():
    """Retaliation of Soviet Tanks: the tanks in the player's location fire before the action, so
    drawing a card there is marked "roll" (the dice come first); without tanks it is "draw"."""
    g = rev_turn(2)
    here = g.s["positions"]["rev1"]
    g.s["locations"][here]["soviet_tanks"] = 0
    refresh(g)
    assert mark_of(g, "rev1", {"type": "draw_card"}) == "draw"
    g.s["locations"][here]["soviet_tanks"] = 1
    refresh(g)
    assert mark_of(g, "rev1", {"type": "draw_card"}) == "roll"
    assert not undo_after(g, "rev1", {"type": "draw_card"})


def test_a_movement_step_and_its_picks_keep_undo():
    """Movement: choosing a step, fighters along and the card to pay are choices that can be taken
    back (and are marked so); the confirmed step keeps undo too when nothing is revealed."""
    g = rev_turn(2)
    v = g.view("rev1")
    moves = [a for a in v["actions"] if a["type"] == "move"]
    assert moves and all(mark_of(g, "rev1", a) is None for a in moves)
    g.apply("rev1", moves[0])
    v = g.view("rev1")
    for a, m in zip(v["actions"], v["irreversible"], strict=True):
        if a["type"] in ("take_fighter", "discard", "cancel", "undo"):
            assert m is None


def test_movement_confirming_the_turns_own_step_is_declared_to_keep_undo():
    """Movement: a step taken before an action, once confirmed, leaves the same player to act
    (the action is still to come), so its "done" is declared to keep undo (Move.keeps_undo_for)
    without a try, and undo is indeed offered after it; a step a card pushed is still tried."""
    g = rev_turn(2)
    step = next(a for a in g.legal_actions("rev1") if a["type"] == "move")
    g.apply("rev1", step)
    assert top(g)["source"] == "turn"
    if not top(g)["free"]:
        g.apply("rev1", next(a for a in g.legal_actions("rev1") if a["type"] == "discard"))
    done = {"type": "done"}
    handler = FRAMES["move"]
    assert handler.keeps_undo_for(g, top(g), done)
    assert mark_of(g, "rev1", done) is None and undo_after(g, "rev1", done)
    assert not handler.keeps_undo_for(g, {**top(g), "source": "transportation"}, done)


# ----- secrecy ------------------------------------------------------------------------------------
def _weapons_confiscated_placement(rev_cards) -> tuple[Game, list]:
    g = pass_through(game(2), at_step("event"))
    with_market(g, ["e15", None, None, None, None, None])
    with_cp(g, 10)
    for seat in ("rev1", "rev2"):
        set_hand(g, seat, rev_cards[seat])
    act(g, SOVIET, "buy_event", slot=0)
    assert top(g)["kind"] == "place_event"
    v = g.view(SOVIET)
    return g, [m for a, m in zip(v["actions"], v["irreversible"], strict=True) if a["type"] == "place"]


def test_weapons_confiscated_marks_do_not_tell_the_soviet_what_the_hands_hold():
    """E#15 placement: each Revolutionary discards a card showing ammunition or molotov, if they
    have one. Whether they have one is their secret: the Soviet's marks for the placement read
    the same either way ("passes": the question goes to the Revolutionaries)."""
    armed, marks_armed = _weapons_confiscated_placement({"rev1": ["rc_ammunition_1"], "rev2": ["rc_molotov_1"]})
    unarmed, marks_unarmed = _weapons_confiscated_placement({"rev1": ["rc_food_1"], "rev2": ["rc_medical_1"]})
    assert marks_armed == marks_unarmed
    assert set(marks_armed) == {"passes"}
    place = next(a for a in armed.legal_actions(SOVIET) if a["type"] == "place")
    assert not undo_after(armed, SOVIET, place)


def test_only_the_acting_seat_gets_marks():
    g = rev_turn(2)
    views = g.views(["soviet", "rev1", "rev2", "spectator", "admin"])
    assert len(views["rev1"]["irreversible"]) == len(views["rev1"]["actions"]) > 0
    for seat in ("soviet", "rev2", "spectator", "admin"):
        assert views[seat]["irreversible"] == [] and views[seat]["unavailable"] == []


def test_a_view_without_marks_is_the_same_view_without_trying_any_action(monkeypatch):
    """`view(seat, marks=False)` (what the server's bots read): the same view, actions included,
    with `irreversible` None, and no action tried on a copy of the game to make it."""
    import engine.action_notes

    g = rev_turn(2)
    full = g.view("rev1")
    assert full["irreversible"]

    def no_tries(*_):
        raise AssertionError("the marks were computed")

    monkeypatch.setattr(engine.action_notes, "irreversible", no_tries)
    lean = Game.from_dict(g.to_dict()).view("rev1", marks=False)
    assert lean["irreversible"] is None
    assert {k: v for k, v in lean.items() if k != "irreversible"} == {k: v for k, v in full.items() if k != "irreversible"}
    assert Game.from_dict(g.to_dict()).view("spectator", marks=False)["irreversible"] == []


# ----- the marks agree with the engine's undo ------------------------------------------------------
def test_marks_agree_with_undo_over_random_games():
    """For every action offered in random games: marked None means undo is offered after it; undo
    gone means it is marked with a reason. The one allowed difference is "passes" with undo kept:
    a question to other seats that their hidden hands let them skip (the secrecy rule above).
    Actions a frame declares to keep undo (`Frame.keeps_undo_for`) always keep it."""
    conservative = 0
    checked = 0
    for seed in (3, 11):
        rnd = random.Random(seed)
        g = new_game(2, seed)
        for _ in range(120):
            if g.result is not None:
                break
            for seat in g.active_seats():
                frame = top(g)
                keeps = FRAMES[frame["kind"]].keeps_undo_for
                for a, mark in zip(g.legal_actions(seat), g.irreversible(seat), strict=True):
                    if a["type"] == "undo":
                        continue
                    assert mark is None or mark in REASONS
                    kept = undo_after(g, seat, a)
                    checked += 1
                    if keeps(g, frame, a):
                        assert kept and mark is None, (a, top(g)["kind"])
                    if mark is None:
                        assert kept, (a, top(g)["kind"])
                    elif kept:
                        assert mark == "passes", (a, mark, top(g)["kind"])
                        conservative += 1
            seat = rnd.choice(g.active_seats())
            g.apply(seat, rnd.choice([a for a in g.legal_actions(seat) if a["type"] != "undo"]))
    assert checked > 300
    assert conservative <= checked // 20



def test_a_team_decision_does_the_same_whichever_seat_sends_it():
    """A frame with `team_answer` says an action does the same to the game whichever of its
    deciders sends it (the first to click decides for the team); the marks try such an action
    once for every seat offered it. Checked: each such action applied by each seat offered it
    leaves the same game, the log's words aside (and the record of who moved: undo is the
    sender's)."""
    from engine.core import Game

    checked = set()
    for revs, seed, options in [(3, 1, {}), (3, 2, {}), (2, 4, {}), (3, 55, {"ruleset": "zhukov"}),
                                (4, 55, {"ruleset": "zhukov"}), (3, 9, {"promo_printing_press": True})]:
        rnd = random.Random(seed)
        g = new_game(revs, seed, options)
        while g.result is None:
            handler = FRAMES[top(g)["kind"]]
            offered = [seat for seat in g.seats if g.legal_actions(seat)]
            if handler.team_answer and len(offered) > 1:
                for a in g.legal_actions(offered[0]):
                    if a["type"] == "undo":
                        continue
                    after = []
                    for seat in offered:
                        if a in g.legal_actions(seat):
                            h = Game(g.to_dict())
                            h.apply(seat, a)
                            after.append({k: v for k, v in h.to_dict().items()
                                          if k not in ("log", "history", "effective", "undo_floor")})
                    assert len(after) > 1 and all(x == after[0] for x in after[1:]), (top(g)["kind"], a)
                    checked.add(top(g)["kind"])
            seat = rnd.choice(g.active_seats())
            g.apply(seat, rnd.choice([a for a in g.legal_actions(seat) if a["type"] not in ("undo", "cancel")]))
    assert {"turn_order", "rev_draw", "choice"} <= checked, checked


def test_marks_are_the_same_whichever_copy_the_tries_use(monkeypatch):
    """The tries copy the state with orjson, or pickle when orjson refuses a value (an integer
    beyond 64 bits, such as an imported seed of 2**70): both copies must give the same marks."""
    from engine import action_notes

    for seed in (5, 2**70):
        rnd = random.Random(7)
        g = new_game(3, seed)
        for _ in range(80):
            if g.result is not None:
                break
            for seat in g.active_seats():
                fast = action_notes.irreversible(g, seat)
                with monkeypatch.context() as m:
                    m.setattr(action_notes, "orjson", None)
                    assert action_notes.irreversible(g, seat) == fast, (seed, seat)
            seat = rnd.choice(g.active_seats())
            g.apply(seat, rnd.choice([a for a in g.legal_actions(seat) if a["type"] != "undo"]))


# ----- decision data the table reads instead of the prompt ------------------------------------------
def test_h16_a_may_effect_is_marked_optional_in_the_decision():
    """H#16 (H#9 resolved): another Soviet tank "may" be placed: the decision says the choice is
    optional, so "done" reads as declining; H#9's own placement is not."""
    from tests.staging_headlines import play
    g = game(2)
    play(g, "h09")
    assert g.view(SOVIET)["decision"]["optional"] is False
    pick_location(g, SOVIET, "bem")
    pick_location(g, SOVIET, "bem")
    play(g, "h16")
    d = g.view(SOVIET)["decision"]
    assert d["kind"] == "choice" and d["optional"] is True


def test_movement_the_decision_says_whether_the_next_step_is_free():
    """Movement: the first step of a turn is free before the first action; after an action the
    next step costs a card."""
    g = rev_turn(2)
    g.s["locations"][g.s["positions"]["rev1"]]["soviet_tanks"] = 0
    refresh(g)
    d = g.view("rev1")["decision"]
    assert d["kind"] == "turn" and d["free_step"] is True and d["free_with"] is None
    act(g, "rev1", "draw_card")
    assert g.view("rev1")["decision"]["free_step"] is False


def test_movement_picks_show_the_fighters_along_and_the_payment_to_the_mover_only():
    """Movement: a paid step shows the card chosen to pay only to its player; the fighters taken
    along are public."""
    g = rev_turn(2)
    s = g.s
    here = s["positions"]["rev1"]
    s["locations"][here]["soviet_tanks"] = 0
    refresh(g)
    act(g, "rev1", "draw_card")  # the free step is gone
    move = next(a for a in g.legal_actions("rev1") if a["type"] == "move")
    g.apply("rev1", move)
    card = s["hands"]["rev1"][0]
    act(g, "rev1", "discard", card=card)
    mine, other = g.view("rev1"), g.view("rev2")
    assert mine["decision"] == other["decision"]
    assert mine["decision"]["paid"] is True and mine["decision"]["free"] is False
    assert mine["picks"] == {"selected": [card], "pay": card}
    assert other["picks"] is None
    assert card not in str(other["decision"])


def test_action_3_picks_say_which_icons_are_still_missing():
    """Action 3 (Attack militia): one ammunition icon is needed; the picks show what is still
    missing as cards are chosen."""
    g = rev_turn(2)
    here = g.s["positions"]["rev1"]
    g.s["locations"][here].update(militia=2, soviet_tanks=0, active=[])
    set_hand(g, "rev1", ["rc_ammunition_1", "rc_food_1"])
    act(g, "rev1", "attack_militia")
    assert g.view("rev1")["picks"] == {"selected": [], "missing": {"ammunition": 1}}
    act(g, "rev1", "discard", card="rc_ammunition_1")
    assert g.view("rev1")["picks"] == {"selected": ["rc_ammunition_1"], "missing": {}}
    assert g.view("rev2")["picks"] is None


def test_event_needs_in_the_view_are_what_resolving_collects():
    """Action 2 (Resolve an event) with a "per event" icon (E#19: one information per event on the
    board): the view's event_needs counts the events now, for the board and the market alike, and
    is the need the action's decision then asks for."""
    from tests.staging_soviet_phase import with_event
    g = rev_turn(2)
    here = g.s["positions"]["rev1"]
    for loc in g.s["locations"].values():
        loc["event"] = None
    with_event(g, here, "e19")
    with_event(g, "radio" if here != "radio" else "astoria", "e04")
    g.s["market"][0] = "e12"
    g.s["locations"][here]["soviet_tanks"] = 0
    refresh(g)
    needs = g.view("rev2")["event_needs"]
    assert needs["e19"] == {"food": 1, "medical": 1, "information": 2}
    assert needs["e12"] == {"vehicle": 1, "medical": 1, "food": 2}
    set_hand(g, "rev1", ["rc_information_1", "rc_information_2", "rc_food_1", "rc_medical_1"])
    act(g, "rev1", "resolve_event")
    assert g.view("rev1")["decision"]["need"] == needs["e19"]


def test_zhukov_draws_are_marked_with_a_reason_the_table_can_say():
    """Zhukov ruleset, Phase 1 and the Event step: drawing a General Zhukov card or an event card
    ends undo, and the mark names why ("draw", or "shuffle" when the empty deck is shuffled first)
    like every other mark: one of the reason codes, never a bare flag."""
    seen = set()
    for seed, revs in ((21, 1), (22, 2), (23, 3)):
        rnd = random.Random(seed)
        g = new_game(revs, seed, {"ruleset": "zhukov"})
        while g.result is None:
            for seat in g.active_seats():
                seen.update(g.irreversible(seat))
            seat = rnd.choice(g.active_seats())
            g.apply(seat, rnd.choice([a for a in g.legal_actions(seat) if a["type"] not in ("undo", "cancel")]
                                     or g.legal_actions(seat)))
    assert "draw" in seen
    assert seen <= set(REASONS) | {None}, seen - set(REASONS)


def test_has_actions_says_what_listing_the_actions_says():
    """The tries ask a frame only whether a seat has actions (`Frame.has_actions`), and frames
    answer without listing them where they can (`always_has_actions`, Turn, Act): the answer must
    be the list's, for every decider of every frame random games of both rulesets reach."""
    kinds = set()
    for revs, seed, options in [(3, 1, {}), (2, 4, {}), (1, 8, {}), (3, 9, {"promo_printing_press": True}),
                                (3, 55, {"ruleset": "zhukov"}), (2, 56, {"ruleset": "zhukov"})]:
        rnd = random.Random(seed)
        g = new_game(revs, seed, options)
        while g.result is None:
            f = top(g)
            handler = FRAMES[f["kind"]]
            for seat in handler.deciders(g, f):
                assert handler.has_actions(g, f, seat) == bool(handler.actions(g, f, seat)), (f["kind"], seat)
                kinds.add(f["kind"])
            seat = rnd.choice(g.active_seats())
            g.apply(seat, rnd.choice([a for a in g.legal_actions(seat) if a["type"] not in ("undo", "cancel")]))
    declared = {kind for kind, h in FRAMES.items() if h.always_has_actions} | {"turn", "act"}
    assert declared <= kinds, sorted(declared - kinds)

"""Phase 2: Revolutionary phase (both rulesets): a Revolutionary's turn (movement, the 7 actions,
Soviet tank retaliation). The turn order is in frames/turn_order.py, the morale draw at the end of
the phase in frames/rev_draw.py."""
from __future__ import annotations

from collections import Counter

from .. import icons, ops
from ..cards import EVENT, FIGHTER, REV_CARD, name_of
from ..powers import has_power
from . import kinds
from .base import Frame, pop, push, register
from .choice import EFFECTS, can_play, push_effect
from .hits import retaliate, retaliation_rolls

MAX_MILITIA_ATTACKED = 5
MOLOTOVS_PER_TANK = 3


# ----- a Revolutionary's turn -------------------------------------------------------------------
def spend_action(g, seat: str) -> None:
    t = ops.turn_frame(g, seat)
    t["actions_left"] -= 1
    t["free_move"] = False
    g.s["today"]["actions_taken"] += 1


def available_supply(g, seat: str, cards, what: str) -> tuple[Counter, list]:
    loc = g.s["positions"][seat]
    today = g.s["today"]
    more = icons.fighter_icons(ops.active_fighters(g, loc))
    more += [b["icon"] for b in today["bonus"] if what in b["actions"]]
    return icons.card_supply(cards, aid_full=what == "resolve_event" and today["aid_full"], what=what, more=more)


def event_need(g, event: str, n_events: int | None = None) -> dict:
    """The icons resolving `event` needs now: its printed icons, then each "per event" icon once
    per event on the board (`n_events`, counted here unless given)."""
    e = EVENT[event]
    need: dict[str, int] = {}  # in the order the icons first appear, as a Counter has them
    for icon in e["requires"]:
        need[icon] = need.get(icon, 0) + 1
    per_event = e.get("requires_per_event")
    if per_event:
        if n_events is None:
            n_events = len(ops.events_on_board(g))
        for icon in per_event:
            need[icon] = need.get(icon, 0) + n_events
    return need


def action_need(g, seat: str, what: str) -> dict:
    loc = g.s["positions"][seat]
    if what == "resolve_event":
        return event_need(g, g.s["locations"][loc]["event"])
    if what == "attack_militia":
        return {"ammunition": 1}
    # Red player power (benefit): Destroy a tank needs only 2 molotov icons.
    return {"molotov": MOLOTOVS_PER_TANK - (1 if has_power(g, seat, "red", "benefit") else 0)}


def can_do(g, seat: str, what: str, cards) -> bool:
    fixed, wild = available_supply(g, seat, cards, what)
    return icons.satisfied(action_need(g, seat, what), fixed, wild)


def card_ability(card: str) -> dict | None:
    ability = REV_CARD[card].get("ability")
    if ability and f"rc:{REV_CARD[card]['kind']}" in EFFECTS:
        return ability
    return None


def fighter_ability(fid: str) -> dict | None:
    """The ability of a fighter (or revolutionary tank) that a player uses by choice: "action" or
    "once_per_turn" with an effect keyed by the fighter id. Passive abilities and József
    Kormányos (his free movement step is part of movement) have no effect to use."""
    ability = FIGHTER[fid].get("ability")
    if ability and ability["label"] in ("action", "once_per_turn") and fid in EFFECTS:
        return ability
    return None


KORMANYOS = "f_jozsef_kormanyos"


def name_of_source(source: str) -> str:
    return {"transportation": "Transportation card"}.get(source, source)


def step_is_free(g, seat: str, t: dict) -> bool:
    """Movement: the first step of a turn is free only before the first action (the turn's
    "free_move"; the green power's disadvantage clears it when the turn starts). Blue power
    (benefit): the turn's second movement step is free as well."""
    if t["free_move"]:
        return True
    return t["steps"] == 1 and has_power(g, seat, "blue", "benefit")


def kormanyos_ready(g, seat: str, loc: str, t: dict) -> bool:
    """József Kormányos (once per turn): a movement step from his location is free if he comes along."""
    return KORMANYOS in ops.active_fighters(g, loc) and KORMANYOS not in t["used_once"]


@register("turn")
class Turn(Frame):
    """Rulebook: Actions

    One Revolutionary's turn: movement before each action, the 7 actions, card and fighter abilities,
    ending the turn (one handler per action type)."""

    # Each opens the same seat's next decision: a movement step's (fighters along, payment), or an
    # action's icons to collect (Actions 2-4) or cards to give or take (Action 6), where "cancel" is always
    # offered (`Act`); nothing is spent, drawn or rolled before it.
    keeps_undo = frozenset({"move", "resolve_event", "attack_militia", "destroy_tank", "give_cards", "take_cards"})

    def deciders(self, g, f):
        return [f["seat"]]

    def actions(self, g, f, seat):
        s = g.s
        hand = s["hands"][seat]
        loc = s["positions"][seat]
        here = s["locations"][loc]
        acts = []
        red_bound = has_power(g, seat, "red", "disadvantage")  # may not give or take cards
        if f["actions_left"] > 0:
            if step_is_free(g, seat, f) or hand:
                acts.extend({"type": "move", "to": n} for n in ops.neighbours(g, loc))
            elif kormanyos_ready(g, seat, loc, f):  # only where there is room for him to come along
                acts.extend({"type": "move", "to": n} for n in ops.neighbours(g, loc) if ops.fighter_room(g, n) > 0)
            if here["inactive"] and ops.fighter_room(g, loc) > 0:
                acts.append({"type": "activate_fighter"})
            if here["event"] and can_do(g, seat, "resolve_event", hand):
                acts.append({"type": "resolve_event"})
            if here["militia"] > 0 and can_do(g, seat, "attack_militia", hand):
                acts.append({"type": "attack_militia"})
            if here["soviet_tanks"] > 0 and can_do(g, seat, "destroy_tank", hand):
                acts.append({"type": "destroy_tank"})
            for other in ops.players_at(g, loc):
                if other == seat or red_bound:
                    continue
                if hand and ops.hand_room(g, other) > 0:
                    acts.append({"type": "give_cards", "to": other})
                if s["hands"][other] and ops.hand_room(g, seat) > 0:
                    acts.append({"type": "take_cards", "from": other})
            if ops.hand_room(g, seat) > 0 and (s["rev_deck"] or s["rev_discard"]):
                acts.append({"type": "draw_card"})
        for card in hand:
            ability = card_ability(card)
            if ability and (ability["label"] == "free" or f["actions_left"] > 0) and \
                    can_play(g, f"rc:{REV_CARD[card]['kind']}", seat):
                acts.append({"type": "play_card", "card": card})
        for fid in ops.active_fighters(g, loc):
            ability = fighter_ability(fid)
            if not ability:
                continue
            if ability["label"] == "action" and f["actions_left"] <= 0:
                continue
            if ability["label"] == "once_per_turn" and fid in f["used_once"]:
                continue
            if can_play(g, fid, seat):
                acts.append({"type": "use_fighter", "fighter": fid})
        if has_power(g, seat, "green", "benefit") and "pp_green" not in f["used_once"] and can_play(g, "pp_green", seat):
            acts.append({"type": "use_power", "power": "green"})
        if f["actions_left"] == 0 and not acts:
            return []
        acts.append({"type": "end_turn"})
        return acts

    def has_actions(self, g, f, seat):
        # With an action left, `actions` always offers at least end_turn.
        return f["actions_left"] > 0 or bool(self.actions(g, f, seat))

    def keeps_undo_for(self, g, f, action):
        kind = action["type"]
        if kind in self.keeps_undo:
            return True
        # Action 1 where no tank fires, no fighter is face down beneath and the yellow power draws
        # nothing: the fighter turns active and the turn goes on with an action left.
        return kind == "activate_fighter" and f["actions_left"] > 1 and _at_once_cut(g, f["seat"], kind) is None \
            and not has_power(g, f["seat"], "yellow", "benefit")

    def cuts_undo_for(self, g, f, action):
        kind = action["type"]
        if kind == "end_turn":
            # The turn only pops: where the next player's turn is next on the stack, it asks them.
            below = g.s["stack"][-2]
            return "passes" if below["kind"] == "turn" and below["seat"] != f["seat"] else None
        if kind == "draw_card" or kind == "activate_fighter":
            return _at_once_cut(g, f["seat"], kind)
        return None

    def on_end_turn(self, g, f, seat, a):
        if f["actions_left"] > 0:
            ops.log(g, f"{seat} passes {f['actions_left']} action(s).", refs=[seat])
            g.s["today"]["actions_passed"] += f["actions_left"]
        f["actions_left"] = 0
        pop(g, f)
        ops.log(g, f"{seat} ends the turn.", refs=[seat])

    def on_move(self, g, f, seat, a):
        push(g, kinds.move(seat, g.s["positions"][seat], a["to"], step_is_free(g, seat, f)))

    def on_use_fighter(self, g, f, seat, a):
        fid = a["fighter"]
        loc = g.s["positions"][seat]
        ops.log(g, f"{seat} uses the ability of {name_of(fid)}.", refs=[seat, fid])
        if fighter_ability(fid)["label"] == "once_per_turn":
            f["used_once"].append(fid)
            push_effect(g, fid, by="revolutionaries", actor=seat, location=loc)
            return
        spend_action(g, seat)
        push(g, kinds.act(seat, "fighter", loc, "retaliate", fighter=fid))

    def on_use_power(self, g, f, seat, a):
        f["used_once"].append("pp_green")
        ops.log(g, f"{seat} uses the green player power.", refs=[seat])
        push_effect(g, "pp_green", by="revolutionaries", actor=seat, location=g.s["positions"][seat])

    def on_play_card(self, g, f, seat, a):
        s = g.s
        card = a["card"]
        loc = s["positions"][seat]
        if REV_CARD[card]["kind"] == "last_stand":
            # Kept in front of the player until the end of the day, then out of play for good.
            s["hands"][seat].remove(card)
            s.setdefault("removed_from_play", []).append(card)
            s["today"]["last_stand"].append(seat)
        else:
            ops.discard_rev_card(g, seat, card)
        ops.log(g, f"{seat} plays {name_of(card)}.", refs=[seat, card])
        if card_ability(card)["label"] == "free":
            push_effect(g, f"rc:{REV_CARD[card]['kind']}", by="revolutionaries", actor=seat, location=loc)
            return
        spend_action(g, seat)
        push(g, kinds.act(seat, "ability", loc, "retaliate", card=card))

    def _collect(self, g, f, seat, a):
        """Actions 2-4: collect icons first (the `act` frame), then retaliation and the effect."""
        push(g, kinds.act(seat, a["type"], g.s["positions"][seat], "collect"))

    on_resolve_event = on_attack_militia = on_destroy_tank = _collect

    def _at_once(self, g, f, seat, a):
        """Actions 1 and 7: spent at once; retaliation, then the effect."""
        spend_action(g, seat)
        push(g, kinds.act(seat, a["type"], g.s["positions"][seat], "retaliate"))

    on_activate_fighter = on_draw_card = _at_once

    def on_give_cards(self, g, f, seat, a):
        push(g, kinds.act(seat, "give_cards", g.s["positions"][seat], "select", giver=seat, receiver=a["to"]))

    def on_take_cards(self, g, f, seat, a):
        # Ruling R5: the taker chooses how many and which, blind (by their places in the holder's
        # hand, which the holder sees in the same order and may talk about); nothing is spent yet.
        push(g, kinds.act(seat, "take_cards", g.s["positions"][seat], "select", giver=a["from"], receiver=seat))

    def run(self, g, f):
        ops.log(g, f"{f['seat']} ends the turn.", refs=[f["seat"]])
        pop(g, f)

    def decision(self, g, f):
        loc = g.s["positions"][f["seat"]]
        # The next movement step: free, or paid with a card unless Kormányos comes along.
        return {"kind": "turn", "stage": "action", "seat": f["seat"], "actions_left": f["actions_left"],
                "free_step": step_is_free(g, f["seat"], f),
                "free_with": KORMANYOS if kormanyos_ready(g, f["seat"], loc, f) else None}

    def prompt(self, g, f):
        n = f["actions_left"]
        if n == 0:  # only free cards and abilities are left to play
            return "No actions left: play a free card or ability, or end the turn."
        return f"Move, then take an action ({n} left), or end the turn."


def _at_once_cut(g, seat: str, kind: str) -> str | None:
    """The first reason Actions 1 and 7 (`Turn._at_once`) cut undo for: the retaliation's dice,
    then the fighter revealed under the one activated, or the card drawn (after a reshuffle of
    the discard pile when the deck is empty). None where the activation reveals nothing."""
    s = g.s
    loc = s["positions"][seat]
    if retaliation_rolls(g, loc):
        return "roll"
    if kind == "activate_fighter":
        return "reveal" if ops.board(g)[loc]["facedown"] else None
    return "draw" if s["rev_deck"] or len(s["rev_discard"]) < 2 else "shuffle"


# ----- movement ---------------------------------------------------------------------------------
@register("move")
class Move(Frame):
    """Rulebook: Movement

    One movement step: take up to 2 active fighters along, pay with a discard unless free, confirm."""

    keeps_undo = frozenset({"take_fighter", "discard", "cancel"})

    def keeps_undo_for(self, g, f, action):
        # A step of the turn's own movement (Turn.on_move, offered only with an action left)
        # sits on that turn: "done" moves, pays and pops, and the same seat's turn decides next,
        # still with its action. A step an effect pushed hands back to that effect, which may go on.
        if action["type"] in self.keeps_undo:
            return True
        return action["type"] == "done" and f["source"] == "turn"

    def deciders(self, g, f):
        return [f["seat"]]

    def actions(self, g, f, seat):
        s = g.s
        acts = []
        room = ops.fighter_room(g, f["to"])
        slots = min(f["max_fighters"], room) - len(f["fighters"])
        if slots > 0:
            takeable = [fid for fid in ops.active_fighters(g, f["from"]) if fid not in f["fighters"]]
            if slots == 1 and self._needs_kormanyos(g, f, seat):
                # the last place must go to Kormányos, or the step could never be confirmed
                takeable = [fid for fid in takeable if fid == KORMANYOS]
            acts.extend({"type": "take_fighter", "fighter": fid} for fid in takeable)
        if not f["free"] and f["pay"] is None:
            acts.extend({"type": "discard", "card": c} for c in s["hands"][seat])
        if f["free"] or f["pay"] is not None or self._kormanyos(g, f):
            acts.append({"type": "done"})
        if f["source"] == "turn":  # a Transportation card is already played
            acts.append({"type": "cancel"})
        return acts

    def _needs_kormanyos(self, g, f, seat) -> bool:
        """An unpaid step with an empty hand can only be paid by taking Kormányos along."""
        if f["free"] or f["pay"] is not None or g.s["hands"][seat] or KORMANYOS in f["fighters"]:
            return False
        return f["source"] == "turn" and KORMANYOS not in ops.turn_frame(g, seat)["used_once"]

    @staticmethod
    def _kormanyos(g, f) -> bool:
        """József Kormányos comes along on a step from his location: the step is free (once per turn)."""
        if f["source"] != "turn" or KORMANYOS not in f["fighters"]:
            return False
        return KORMANYOS not in ops.turn_frame(g, f["seat"])["used_once"]

    def on_take_fighter(self, g, f, seat, a):
        f["fighters"].append(a["fighter"])

    def on_discard(self, g, f, seat, a):
        f["pay"] = a["card"]

    on_cancel = Frame.close

    def on_done(self, g, f, seat, a):
        s = g.s
        pop(g, f)
        if f["pay"]:
            ops.discard_rev_card(g, seat, f["pay"])
        for fid in f["fighters"]:
            s["locations"][f["from"]]["active"].remove(fid)
            s["locations"][f["to"]]["active"].append(fid)
        s["positions"][seat] = f["to"]
        if f["free"]:
            cost = "free"
        elif f["pay"]:
            cost = f"discarding {name_of(f['pay'])}"
        else:
            cost = f"free with {name_of(KORMANYOS)}"
            ops.turn_frame(g, seat)["used_once"].append(KORMANYOS)
        source = f["source"]
        if source == "turn":
            t = ops.turn_frame(g, seat)
            t["free_move"] = False
            t["steps"] += 1
        else:
            cost = f"{cost}: {name_of_source(source)}"
        along = f" with {', '.join(name_of(x) for x in f['fighters'])}" if f["fighters"] else ""
        ops.log(g, f"{seat} moves from {ops.name_of_loc(f['from'])} to {ops.name_of_loc(f['to'])}{along} ({cost}).",
                refs=[seat, f["from"], f["to"]] + f["fighters"])

    def decision(self, g, f):
        free_with = KORMANYOS if (not f["free"] and f["source"] == "turn" and KORMANYOS in ops.active_fighters(g, f["from"])
                                  and KORMANYOS not in ops.turn_frame(g, f["seat"])["used_once"]) else None
        return {"kind": "move", "stage": "step", "seat": f["seat"], "from": f["from"], "to": f["to"],
                "free": f["free"], "source": f["source"], "free_with": free_with,
                "fighters": list(f["fighters"]), "max_fighters": f["max_fighters"], "paid": f["pay"] is not None}

    def picks(self, g, f, seat):
        if seat != f["seat"]:
            return None
        return {"selected": list(f["fighters"]) + ([f["pay"]] if f["pay"] else []), "pay": f["pay"]}

    def prompt(self, g, f):
        pay = "" if f["free"] else " Discard a card to pay for this step."
        if not f["free"] and f["source"] == "turn" and KORMANYOS in ops.active_fighters(g, f["from"]) \
                and KORMANYOS not in ops.turn_frame(g, f["seat"])["used_once"]:
            pay = f" Discard a card to pay for this step, or take {name_of(KORMANYOS)} along for free."
        n = f["max_fighters"]
        return f"Move to {ops.name_of_loc(f['to'])}: take up to {n} active fighters along.{pay} Then confirm."


# ----- an action: collect icons / choose cards, tank retaliation, then the effect ---------------
@register("act")
class Act(Frame):
    """Rulebook: Actions

    One action in progress: collect icons (Actions 2-4) or choose the cards (Action 6: the giver
    picks the cards to give; the taker picks places in the holder's hidden hand, ruling R5), then
    the Retaliation of Soviet Tanks (frames/hits.py), then the effect (`perform`)."""

    keeps_undo = frozenset({"discard", "select", "take_card", "cancel"})

    def deciders(self, g, f):
        if f["stage"] in ("collect", "select"):
            return [f["seat"]]  # the acting player: the giver, or the taker (R5)
        return []

    def actions(self, g, f, seat):
        if f["stage"] == "collect":
            return self._collect_actions(g, f, seat)
        return self._select_actions(g, f, seat)

    def has_actions(self, g, f, seat):
        # "cancel" is offered while collecting icons and while choosing cards to give or take.
        return True

    def _collect_actions(self, g, f, seat):
        need = action_need(g, seat, f["what"])
        fixed, wild = available_supply(g, seat, f["cards"], f["what"])
        # Ruling R26: "the acting player may discard any number of revolutionary cards ... Any
        # excess icons are ignored": every card in hand may be discarded, useful or not.
        acts = [{"type": "discard", "card": c} for c in g.s["hands"][seat] if c not in f["cards"]]
        if icons.satisfied(need, fixed, wild):
            acts.append({"type": "done"})
        acts.append({"type": "cancel"})
        return acts

    def _select_actions(self, g, f, seat):
        acts = []
        if f["what"] == "take_cards":
            taken = f.get("positions", [])
            if len(taken) < ops.hand_room(g, f["receiver"]):
                acts.extend({"type": "take_card", "position": i}
                            for i in range(len(g.s["hands"][f["giver"]])) if i not in taken)
            if taken:
                acts.append({"type": "done"})
        else:
            if len(f["cards"]) < ops.hand_room(g, f["receiver"]):
                acts.extend({"type": "select", "card": c} for c in g.s["hands"][f["giver"]] if c not in f["cards"])
            if f["cards"]:
                acts.append({"type": "done"})
        acts.append({"type": "cancel"})
        return acts

    on_cancel = Frame.close

    def cuts_undo_for(self, g, f, action):
        # "done" commits the action: the retaliation in its location is the first thing that happens.
        return "roll" if action["type"] == "done" and retaliation_rolls(g, f["loc"]) else None

    def on_discard(self, g, f, seat, a):
        f["cards"].append(a["card"])

    on_select = on_discard

    def on_take_card(self, g, f, seat, a):
        f.setdefault("positions", []).append(a["position"])

    def on_done(self, g, f, seat, a):
        """Commit the action: discard the icon cards (or fix the cards to give), spend it."""
        if f["stage"] == "collect":
            actor = f["seat"]
            fixed, wild = available_supply(g, actor, f["cards"], f["what"])
            f["ammo"] = icons.count_icon("ammunition", fixed, wild)
            for c in f["cards"]:
                ops.discard_rev_card(g, actor, c)
            if f["cards"]:
                ops.log(g, f"{actor} discards {', '.join(name_of(c) for c in f['cards'])} for icons.",
                        refs=[actor] + f["cards"])
            spend_action(g, actor)
        else:  # Action 6: the cards are fixed now (a hit during the retaliation cannot change them)
            if f["what"] == "take_cards":
                hand = g.s["hands"][f["giver"]]
                f["cards"] = [hand[i] for i in sorted(f["positions"])]
            spend_action(g, f["seat"])
        f["stage"] = "retaliate"

    def run(self, g, f):
        if f["stage"] == "retaliate":
            f["stage"] = "perform"
            retaliate(g, f["loc"], f["seat"])
            return
        pop(g, f)
        perform(g, f)

    def picks(self, g, f, seat):
        if f["stage"] == "collect" and seat == f["seat"]:
            need = action_need(g, seat, f["what"])
            fixed, wild = available_supply(g, seat, f["cards"], f["what"])
            return {"selected": list(f["cards"]), "missing": icons.still_missing(need, fixed, wild)}
        if f["stage"] == "select" and f["what"] == "take_cards" and seat in (f["giver"], f["receiver"]):
            # Places in the holder's hand only: the taker never learns a card before it arrives.
            return {"positions": list(f.get("positions", [])), "limit": ops.hand_room(g, f["receiver"])}
        if f["stage"] == "select" and seat == f["giver"]:
            return {"selected": list(f["cards"]), "limit": ops.hand_room(g, f["receiver"])}
        return None

    def decision(self, g, f):
        d = {"kind": "act", "stage": f["stage"], "action": f["what"], "seat": f["seat"], "location": f["loc"]}
        if f["stage"] == "collect":
            d["need"] = action_need(g, f["seat"], f["what"])
        else:
            d.update(giver=f["giver"], receiver=f["receiver"])
        return d

    def prompt(self, g, f):
        if f["stage"] == "collect":
            label = {"resolve_event": "resolve the event", "attack_militia": "attack militia",
                     "destroy_tank": "destroy a tank"}[f["what"]]
            need = action_need(g, f["seat"], f["what"])
            want = ", ".join(f"{n} {icon}" for icon, n in sorted(need.items()))
            return f"Discard cards to collect icons to {label} (needed: {want}; fighters here count), then confirm."
        if f["what"] == "give_cards":
            return f"Choose the cards to give to {f['receiver']}, then confirm."
        return (f"{f['receiver']} takes cards from {f['giver']}: choose which of the {len(g.s['hands'][f['giver']])} "
                "face-down cards, by their places in that hand (its holder sees them in the same order), then confirm.")



def perform(g, f) -> None:
    s = g.s
    seat, what, loc = f["seat"], f["what"], f["loc"]
    # The location is looked up by the actions on the board only: a try of drawing a card
    # (engine/action_notes.py) then never copies the board.
    if what == "activate_fighter":
        here = s["locations"][loc]
        if here["inactive"] and ops.fighter_room(g, loc) > 0:
            ops.activate_fighter(g, loc)
            t = ops.turn_frame(g, seat)
            # Yellow player power (benefit): once per turn, may draw a card on activating a fighter.
            if has_power(g, seat, "yellow", "benefit") and t and "pp_yellow" not in t["used_once"] \
                    and ops.hand_room(g, seat) > 0 and (s["rev_deck"] or s["rev_discard"]):
                push_effect(g, "pp_yellow", by="revolutionaries", actor=seat, location=loc)
        else:
            ops.log(g, f"{seat} cannot activate a fighter in {ops.name_of_loc(loc)} any more.", refs=[loc])
    elif what == "draw_card":
        ops.draw_rev_cards(g, seat, 1)
    elif what == "resolve_event":
        resolve_event(g, seat, loc)
    elif what == "attack_militia":
        n = min(f["ammo"], s["locations"][loc]["militia"], MAX_MILITIA_ATTACKED)
        ops.remove_units(g, loc, "militia", n)
        ops.log(g, f"{seat} attacks {n} militia in {ops.name_of_loc(loc)}.", refs=[seat, loc])
        if n >= 3:
            ops.draw_rev_cards(g, seat, 1, " for attacking 3 or more militia")
    elif what == "destroy_tank":
        if s["locations"][loc]["soviet_tanks"]:
            ops.remove_units(g, loc, "soviet_tanks", 1)
            ops.log(g, f"{seat} destroys a Soviet tank in {ops.name_of_loc(loc)}.", refs=[seat, loc])
            ops.shift_morale(g, +2, "a Soviet tank destroyed")
    elif what in ("give_cards", "take_cards"):
        giver, receiver = f["giver"], f["receiver"]
        moved = [c for c in f["cards"] if c in s["hands"][giver]][: max(0, ops.hand_room(g, receiver))]
        for c in moved:
            s["hands"][giver].remove(c)
            s["hands"][receiver].append(c)
        if moved:
            # The receiver has now seen the giver's cards: no undo may take them back (DESIGN §2).
            ops.checkpoint(g, "cards_seen")
        names = ", ".join(name_of(c) for c in moved)
        if what == "take_cards":
            ops.log(g, f"{receiver} takes {len(moved)} card(s) from {giver}.", refs=[receiver, giver],
                    private={giver: f"{receiver} takes {names} from you.", receiver: f"You take {names} from {giver}."})
        else:
            ops.log(g, f"{giver} gives {len(moved)} card(s) to {receiver}.", refs=[giver, receiver],
                    private={giver: f"You give {names} to {receiver}.", receiver: f"{giver} gives you {names}."})
    elif what == "ability":
        push_effect(g, f"rc:{REV_CARD[f['card']]['kind']}", by="revolutionaries", actor=seat, location=loc)
    elif what == "fighter":
        push_effect(g, f["fighter"], by="revolutionaries", actor=seat, location=loc)
    ops.check_immediate_victory(g)


def resolve_event(g, seat: str, loc: str) -> None:
    s = g.s
    event = s["locations"][loc]["event"]
    e = EVENT[event]
    s["locations"][loc]["event"] = None
    ops.log(g, f"{seat} resolves {e['title']} in {ops.name_of_loc(loc)}: {e['reward']}", refs=[seat, event, loc])
    if e.get("mark") and event not in s["marks"]:
        s["marks"].append(event)
    if e.get("lapsing"):
        s["lapsing"].append(event)
    else:
        s["event_discard"].append(event)
    push_effect(g, f"{event}:reward", by="revolutionaries", actor=seat, location=loc)

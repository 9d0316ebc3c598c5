"""State-changing primitives shared by the phases and the card effects.

Every function takes the Game `g` and mutates `g.s`. Limits of the rulebook (unit caps, hand
limit, track ends, the 4 active fighters per location) are enforced here, once.
"""
from __future__ import annotations

from . import options, rng
from .board import LOCATION_NAMES, NEIGHBOURS, PROMO_NEXT
from .cards import EVENT, HEADLINE, REV_CARD, name_of
from .data import MORALE_TRACK, SUPPORT_TRACK, TOKENS, zhukov_setup
from .data.board import EVALUATION_MAX_EVENTS
from .powers import has_power

HAND_LIMIT = 10  # every Revolutionary's hand limit (a player power may lower it: hand_limit())
MAX_ACTIVE_FIGHTERS = 4
CAPS = {"militia": TOKENS["militia"], "snipers": TOKENS["snipers"], "soviet_tanks": TOKENS["soviet_tanks"],
        "barricades": TOKENS["barricades"]}
UNIT_WORD = {"militia": "militia", "snipers": "sniper(s)", "soviet_tanks": "Soviet tank(s)", "barricades": "barricade(s)"}


# ----- log and randomness -----------------------------------------------------------------------
def log(g, text: str, refs=(), private: dict | None = None, dice: dict | None = None) -> None:
    """Append a log entry. `private` maps a seat to the text it reads instead; `dice` is a roll as
    data: {"dice": [...], "for": "retaliation" | "tank_fire" | "attack", "location", "hits", ...}."""
    if g.trial:  # a try of engine/action_notes.py: nothing reads the log, and its copy starts empty
        return
    # Revolutionary cards are referred to by kind, never by copy: a copy's id could later sit in
    # someone's hand or in the deck, and the log must not point at it there.
    refs = [f"rc_{REV_CARD[r]['kind']}" if r in REV_CARD else r for r in refs]
    # The phase lets a reader of the whole log group it by day and phase (Game.log_page).
    entry = {"n": len(g.s["log"]), "day": g.s["day"], "phase": g.s["phase"], "text": text, "refs": refs}
    if private:
        entry["private"] = private
    if dice:
        entry["dice"] = dice
    g.s["log"].append(entry)


class Decided(Exception):
    """Raised by `checkpoint` in a try of engine/action_notes.py (a game with `trial` set): the
    first reason is the mark, so the rest of the try is not run. Nothing in the engine catches
    exceptions, so it reaches the try."""


def checkpoint(g, why: str) -> None:
    """No undo across this action: `why` says what cut it ("draw", "roll", "random", "shuffle",
    "reveal", "cards_seen"). The first reason of an action is kept: engine/action_notes.py reports it."""
    if not g.s["checkpoint"]:
        g.s["checkpoint"] = why
        if g.trial:
            raise Decided(why)


def rand_below(g, n: int, why: str = "random") -> int:
    g.s["rng"], value = rng.below(g.s["rng"], n)
    checkpoint(g, why)
    return value


def roll(g) -> int:
    return rand_below(g, 6, "roll") + 1


def shuffle(g, items: list) -> None:
    if len(items) > 1:
        g.s["rng"] = rng.shuffle(g.s["rng"], items)
        checkpoint(g, "shuffle")


def is_zhukov(g) -> bool:
    """The Zhukov ruleset (no Soviet player: the General Zhukov deck and the fixed SPA phase)."""
    return g.s["options"].get("ruleset") == "zhukov"


def set_result(g, winner: str, reason: str) -> None:
    if g.s["result"] is None:
        g.s["result"] = {"winner": winner, "reason": reason}
        g.s["phase"] = "over"
        g.s["step"] = "over"
        loser = "General Zhukov wins" if is_zhukov(g) else "the Soviet commander wins"
        log(g, f"Game over: {'the Revolutionaries win' if winner == 'revolutionaries' else loser}. {reason}")


# ----- tracks -----------------------------------------------------------------------------------
def morale_draw(g) -> int:
    return MORALE_TRACK[g.s["morale"]]["draw"]


def morale_on_skull(g) -> bool:
    return bool(MORALE_TRACK[g.s["morale"]]["skull"])


def hand_limit_soviet(g) -> int:
    return SUPPORT_TRACK[g.s["support"]]["hand_limit"]


def _move_marker(g, track_key: str, track: list, steps: int) -> bool:
    """Move a track's marker `steps` spaces, never past either end; True if it moved."""
    before = g.s[track_key]
    g.s[track_key] = max(0, min(len(track) - 1, before + steps))
    return g.s[track_key] != before


def shift_morale(g, steps: int, why: str = "") -> None:
    """Positive steps go toward the Hungarian end, negative toward the Soviet end (the skull)."""
    if _move_marker(g, "morale", MORALE_TRACK, steps):
        end = "Hungarian" if steps > 0 else "Soviet"
        log(g, f"Morale shifts toward the {end} end to {morale_draw(g)}{' (' + why + ')' if why else ''}.")


def shift_support(g, steps: int, why: str = "") -> None:
    """Positive steps go toward the Soviet end (larger Soviet hand), negative toward the Hungarian end."""
    if _move_marker(g, "support", SUPPORT_TRACK, steps):
        end = "Soviet" if steps > 0 else "Hungarian"
        limit = "" if is_zhukov(g) else f" (Soviet hand limit {hand_limit_soviet(g)})"
        log(g, f"Support shifts toward the {end} end{limit}{' (' + why + ')' if why else ''}.")


# ----- units ------------------------------------------------------------------------------------
def board(g) -> dict:
    """The locations, for a caller that only reads them and keeps nothing of them (a count, a
    yes or no, new lists of ids). A try (engine/action_notes.py) copies a state value the first
    time it is asked for; here it reads the game's own board while it has no copy yet, so a try
    that changes nothing on the board never pays for copying it. Whatever changes the board, or
    hands a piece of it on (a row, its list of fighters), goes through g.s["locations"]."""
    return g.s.peek("locations") if g.trial else g.s["locations"]


def on_board(g, kind: str) -> int:
    return sum(loc[kind] for loc in board(g).values())


def out_of_game(g, kind: str) -> int:
    """Tokens of `kind` permanently out of the game (Hits: removed barricades never come back)."""
    return g.s.get("out_of_game", {}).get(kind, 0)


def supply(g, kind: str, placed: int | None = None) -> int:
    """Tokens of `kind` that can still be placed: the box minus the board minus those out of the
    game. `placed`: those on the board, when the caller has counted them already."""
    return CAPS[kind] - (on_board(g, kind) if placed is None else placed) - out_of_game(g, kind)


def place_units(g, loc: str, kind: str, n: int) -> int:
    """Place up to n units, never above what the supply holds; returns how many were placed."""
    room = supply(g, kind)
    placed = max(0, min(n, room))
    if placed:
        g.s["locations"][loc][kind] += placed
        log(g, f"{placed} {UNIT_WORD[kind]} placed in {name_of_loc(loc)}.", refs=[loc])
    return placed


def remove_units(g, loc: str, kind: str, n: int) -> int:
    have = g.s["locations"][loc][kind]
    removed = max(0, min(n, have))
    if removed:
        g.s["locations"][loc][kind] -= removed
        log(g, f"{removed} {UNIT_WORD[kind]} removed from {name_of_loc(loc)}.", refs=[loc])
    return removed


def remove_barricade(g, loc: str, why: str = "") -> None:
    """A barricade removed from the board is permanently out of the game (Hits)."""
    g.s["locations"][loc]["barricades"] -= 1
    out = g.s.setdefault("out_of_game", {})
    out["barricades"] = out.get("barricades", 0) + 1
    log(g, f"A barricade is removed from {name_of_loc(loc)}{why}.", refs=[loc])


def move_units(g, src: str, dst: str, kind: str, n: int = 1) -> None:
    g.s["locations"][src][kind] -= n
    g.s["locations"][dst][kind] += n
    log(g, f"{n} {UNIT_WORD[kind]} moved from {name_of_loc(src)} to {name_of_loc(dst)}.", refs=[src, dst])


def name_of_loc(loc: str) -> str:
    return LOCATION_NAMES[loc]


def neighbours(g, loc: str) -> tuple[str, ...]:
    """Locations a piece may step to from `loc`: the board's, plus a promo location (the Printing
    Press, next to Blaha Lujza Square) while it is in play."""
    steps = NEIGHBOURS[loc]  # city locations are always in play; only promo ones come and go
    extra = PROMO_NEXT[loc]
    if not extra:
        return steps
    return steps + tuple(p for p in extra if p in g.s["locations"])


def has_barricade(g, loc: str) -> bool:
    """A barricade token, or the T-55 revolutionary tank (which counts as a barricade)."""
    here = board(g)[loc]
    return here["barricades"] > 0 or "rt_t55" in here["active"]


def active_fighters(g, loc: str) -> list[str]:
    return g.s["locations"][loc]["active"]


def fighter_room(g, loc: str) -> int:
    return MAX_ACTIVE_FIGHTERS - len(g.s["locations"][loc]["active"])




def place_random_rev_tank(g, loc: str) -> str | None:
    supply = g.s["rev_tank_supply"]
    if not supply:
        log(g, "No revolutionary tank is left to place.")
        return None
    if fighter_room(g, loc) <= 0:
        log(g, f"No revolutionary tank can be placed: {name_of_loc(loc)} already has 4 active fighters.", refs=[loc])
        return None
    tank = supply.pop(rand_below(g, len(supply)))
    g.s["locations"][loc]["active"].append(tank)
    log(g, f"Revolutionary tank {name_of(tank)} joins in {name_of_loc(loc)}.", refs=[loc, tank])
    return tank


def remove_fighter(g, loc: str, fighter: str, why: str = "") -> None:
    g.s["locations"][loc]["active"].remove(fighter)
    if fighter.startswith("rt_"):
        g.s["rev_tanks_destroyed"].append(fighter)
        log(g, f"Revolutionary tank {name_of(fighter)} is destroyed in {name_of_loc(loc)}{why}.", refs=[loc, fighter])
    else:
        g.s["fighters_removed"].append(fighter)
        log(g, f"{name_of(fighter)} is removed from {name_of_loc(loc)}{why}.", refs=[loc, fighter])


def activate_fighter(g, loc: str) -> None:
    here = g.s["locations"][loc]
    fighter = here["inactive"]
    here["active"].append(fighter)
    here["inactive"] = None
    log(g, f"{name_of(fighter)} is activated in {name_of_loc(loc)}.", refs=[loc, fighter])
    if here["facedown"]:
        revealed = here["facedown"].pop()
        here["inactive"] = revealed
        checkpoint(g, "reveal")
        log(g, f"{name_of(revealed)} is revealed (inactive) in {name_of_loc(loc)}.", refs=[loc, revealed])


# ----- revolutionaries ----------------------------------------------------------------------------
def rev_seats(g) -> list[str]:
    return [s for s in g.s["seats"] if s != "soviet"]


def players_at(g, loc: str) -> list[str]:
    return [seat for seat, where in g.s["positions"].items() if where == loc]


def injury_limit(g) -> int:
    return options.injury_limit(g.s["revolutionaries"], g.s["options"])


def injure(g, seat: str, why: str = "") -> None:
    g.s["injuries"][seat] += 1
    n = g.s["injuries"][seat]
    log(g, f"{seat} takes an injury ({n} in all){why}.", refs=[seat])
    if n >= injury_limit(g):
        set_result(g, "soviet", f"{seat} took injury number {n}.")


def heal(g, seat: str) -> bool:
    if g.s["injuries"][seat] <= 0:
        return False
    g.s["injuries"][seat] -= 1
    log(g, f"{seat} removes an injury ({g.s['injuries'][seat]} left).", refs=[seat])
    return True


def hand_limit(g, seat: str) -> int:
    return 8 if has_power(g, seat, "blue", "disadvantage") else HAND_LIMIT


def hand_room(g, seat: str) -> int:
    return hand_limit(g, seat) - len(g.s["hands"][seat])


def draw_one(g) -> str | None:
    """Take the top revolutionary card; reshuffle the discard pile into a new deck when empty."""
    deck = g.s["rev_deck"]
    if not deck:
        if not g.s["rev_discard"]:
            return None
        deck.extend(g.s["rev_discard"])
        g.s["rev_discard"].clear()
        shuffle(g, deck)
        log(g, "The revolutionary discard pile is reshuffled into a new draw deck.")
    checkpoint(g, "draw")
    return deck.pop()


def draw_rev_cards(g, seat: str, n: int, why: str = "") -> int:
    drawn = []
    for _ in range(n):
        if hand_room(g, seat) <= 0:
            break
        card = draw_one(g)
        if card is None:
            break
        g.s["hands"][seat].append(card)
        drawn.append(card)
    if drawn:
        names = ", ".join(name_of(c) for c in drawn)
        log(g, f"{seat} draws {len(drawn)} card(s){why}.", refs=[seat],
            private={seat: f"You draw {names}{why}."})
    return len(drawn)


def discard_rev_card(g, seat: str, card: str) -> None:
    g.s["hands"][seat].remove(card)
    g.s["rev_discard"].append(card)


# ----- events -----------------------------------------------------------------------------------
def events_on_board(g) -> list[str]:
    return [loc["event"] for loc in board(g).values() if loc["event"]]


def minor_events_on_board(g) -> int:
    return sum(1 for e in events_on_board(g) if EVENT[e]["cost"] is None)






# ----- end conditions ---------------------------------------------------------------------------
def evaluation_max_events(g) -> int:
    """The most events the board may hold at the evaluation for the Revolutionaries to win."""
    if is_zhukov(g):
        return 3 if g.s["options"].get("zhukov_win_with_3_events") else zhukov_setup.END["evaluation_max_events"]
    return EVALUATION_MAX_EVENTS


def check_immediate_victory(g) -> None:
    """No Soviet tanks and no militia on the board at any time during the Revolutionary phase."""
    if g.s["result"] is None and g.s["phase"] == "revolutionary":
        # Counts are never negative (tests/invariants.py): the first tank or militia found settles it.
        if not any(here["soviet_tanks"] or here["militia"] for here in board(g).values()):
            set_result(g, "revolutionaries", "No Soviet tanks and no militia are left on the board.")


# ----- primitives for card effects ---------------------------------------------------------------
def add_bonus_icon(g, icon: str, actions, source: str) -> None:
    """For the rest of the day every Revolutionary action of the given kinds collects `icon`."""
    g.s["today"]["bonus"].append({"icon": icon, "actions": list(actions), "source": source})



def draw_headline(g, preferred=("3", "2", "1")) -> str | None:
    """The Soviet commander draws a headline from the first non-empty deck of `preferred`."""
    for deck in preferred:
        if g.s["headline_decks"][deck]:
            card = g.s["headline_decks"][deck].pop()
            g.s["headline_hand"].append(card)
            checkpoint(g, "draw")
            log(g, f"The Soviet commander draws a headline from deck {deck}.",
                private={"soviet": f"You draw {HEADLINE[card]['title']} from deck {deck}."})
            return card
    return None


def remove_event(g, loc: str, why: str = "") -> str | None:
    """Remove the event in `loc` from the board without its reward (discarded for good)."""
    event = g.s["locations"][loc]["event"]
    if event:
        g.s["locations"][loc]["event"] = None
        g.s["event_discard"].append(event)
        log(g, f"{EVENT[event]['title']} is removed from {name_of_loc(loc)} without effect{why}.", refs=[event, loc])
    return event


def turn_frame(g, seat: str | None = None) -> dict | None:
    """The Revolutionary turn in progress (of `seat`, if given), or None."""
    for fr in reversed(g.s["stack"]):
        if fr["kind"] == "turn" and (seat is None or fr["seat"] == seat):
            return fr
    return None


def extra_action_now(g, seat: str, n: int = 1) -> bool:
    """Give `seat` n more actions in its current turn (lost if it is not their turn now)."""
    fr = turn_frame(g, seat)
    if fr is None:
        log(g, f"{seat}'s extra action is lost.", refs=[seat])
        return False
    fr["actions_left"] += n
    g.s["today"]["actions_allowed"] += n
    log(g, f"{seat} takes {n} extra action(s) this turn.", refs=[seat])
    return True

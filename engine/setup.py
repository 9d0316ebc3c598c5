"""Setup (rulebook: Setup; Setting Up the Board / Revolutionary / Soviet Side), for the Conflict
ruleset and, where the Soviet side differs, the Zhukov ruleset ("Playing with Zhukov ruleset")."""
from __future__ import annotations

from . import rng
from .board import LOCATION_IDS
from .cards import EVENT, HEADLINE, REV_CARD
from .data import FIGHTERS, REVOLUTIONARY_CARDS, REVOLUTIONARY_TANKS, SPA_CARDS, zhukov_setup
from .data.board import MORALE_START, SETUP, SUPPORT_START
from .data.promo import ALTERNATIVE_START_EVENTS
from .data.zhukov import ZHUKOV_CARDS
from .frames import kinds
from .frames.flow import fresh_day_flags
from .options import apply_setup_options, ruleset_of, validate_options


class _Shuffler:
    """Setup-time randomness drawn from the same PRNG state the game keeps."""

    def __init__(self, seed: int | str):
        self.state = rng.seed_state(seed)

    def below(self, n: int) -> int:
        self.state, v = rng.below(self.state, n)
        return v

    def shuffle(self, items: list) -> list:
        self.state = rng.shuffle(self.state, items)
        return items


def seats_for(revolutionaries: int, options: dict | None = None) -> tuple[str, ...]:
    """The seats of a game: the Soviet commander (Conflict only) and the Revolutionaries."""
    revs = tuple(f"rev{i}" for i in range(1, revolutionaries + 1))
    return revs if ruleset_of(options or {}) == "zhukov" else ("soviet",) + revs


def revolutionary_counts(ruleset: str) -> tuple[int, ...]:
    return tuple(zhukov_setup.SETUP["revolutionaries"]) if ruleset == "zhukov" else (1, 2, 3)


def initial_state(revolutionaries: int, seed: int | str, options: dict) -> dict:
    rng.check_seed(seed)
    options = validate_options(options)
    zhukov = ruleset_of(options) == "zhukov"
    if isinstance(revolutionaries, bool) or revolutionaries not in revolutionary_counts(ruleset_of(options)):
        raise ValueError("The Zhukov ruleset has 1 to 4 Revolutionaries." if zhukov
                         else "The Conflict ruleset has 1, 2 or 3 Revolutionaries.")
    for seat in options.get("player_powers", {}):
        if int(seat[3:]) > revolutionaries:
            raise ValueError(f"Option 'player_powers' names {seat}, but the game has {revolutionaries} Revolutionaries.")
    r = _Shuffler(seed)
    revs = [f"rev{i}" for i in range(1, revolutionaries + 1)]

    locations = {
        loc: {"event": None, "militia": 0, "snipers": 0, "soviet_tanks": 0, "barricades": 0,
              "active": [], "inactive": None, "facedown": []}
        for loc in LOCATION_IDS
    }
    # Fighters: two random tiles per location, the top one face up and inactive.
    fighters = r.shuffle([f["id"] for f in FIGHTERS])
    for i, loc in enumerate(LOCATION_IDS):
        locations[loc]["facedown"] = [fighters[2 * i]]
        locations[loc]["inactive"] = fighters[2 * i + 1]
    for loc, units in SETUP["units"].items():
        for kind, n in units.items():
            locations[loc][kind] += n

    start_events = SETUP["start_events"]
    if options.get("alternative_start_events"):
        start_events = {e["location"]: e["id"] for e in ALTERNATIVE_START_EVENTS}
    for loc, event in start_events.items():
        locations[loc]["event"] = event

    # Event deck: 1/2/3/X decks, 3 X into deck 1, 4 into deck 2, the rest at the bottom.
    by_period: dict[str, list[str]] = {"1": [], "2": [], "3": [], "X": []}
    for eid, e in EVENT.items():
        if str(e["period"]) in by_period and not eid.startswith("ea"):
            by_period[str(e["period"])].append(eid)
    if zhukov:
        (event_deck, minor_deck), market = _zhukov_event_decks(r, by_period), []
    else:
        event_deck, minor_deck, market = _conflict_event_deck(r, by_period)

    if zhukov:
        headline_decks: dict[str, list[str]] = {}
        soviet_hand: list[str] = []
    else:
        headline_decks = {p: r.shuffle(sorted(h for h, c in HEADLINE.items() if c["period"] == int(p))) for p in "123"}
        soviet_hand = [headline_decks["1"].pop() for _ in range(SETUP["headlines_dealt"])]

    rev_cards = [c["id"] for c in REVOLUTIONARY_CARDS]
    if options.get("promo_ak47"):
        rev_cards.append("rc_ak47")
    if options.get("promo_last_stand"):
        rev_cards.append("rc_last_stand")
    rev_deck = r.shuffle(sorted(rev_cards))
    hands = {seat: [rev_deck.pop() for _ in range(SETUP["rev_cards_dealt"])] for seat in revs}
    starts = zhukov_setup.SETUP["start_positions"] if zhukov else SETUP["start_positions"]
    positions = dict(zip(revs, starts[revolutionaries], strict=True))
    assert all(c in REV_CARD for c in rev_cards)
    zhukov_deck = r.shuffle([c["id"] for c in ZHUKOV_CARDS]) if zhukov else []

    state = {
        "version": 1,
        "revolutionaries": revolutionaries,
        "options": options,
        "seed": seed,
        "rng": r.state,
        "seats": list(seats_for(revolutionaries, options)),
        "day": 1,
        "phase": "soviet",
        "step": "zhukov" if zhukov else "headline",
        "morale": MORALE_START,
        "support": SUPPORT_START,
        "locations": locations,
        "positions": positions,
        "injuries": {seat: 0 for seat in revs},
        "hands": hands,
        "rev_deck": rev_deck,
        "rev_discard": [],
        "headline_hand": soviet_hand,
        "headline_decks": headline_decks,
        "headline_discard": [],
        "cp_cards": [],
        "cp": 0,
        "event_deck": event_deck,
        "market": market,
        "event_discard": [],
        "spa_pool": [] if zhukov else [c["id"] for c in SPA_CARDS],
        "spa_queue": [],
        "rev_tank_supply": [t["id"] for t in REVOLUTIONARY_TANKS],
        "rev_tanks_destroyed": [],
        "out_of_game": {"barricades": 0},  # tokens removed from the board for good (Hits)
        "fighters_removed": [],
        "marks": [],
        "lapsing": [],
        "today": fresh_day_flags(),
        "turn_order": [],
        "stack": [kinds.day()],
        "log": [],
        "history": [],
        "effective": [],
        "undo_floor": 0,
        "checkpoint": False,
        "result": None,
    }
    if zhukov:
        # The Zhukov ruleset's Soviet side (Setting Up the Soviet Side, Playing with Zhukov ruleset):
        # the minor event deck and the General Zhukov deck (its end is the top card), its discard
        # pile and the lapsing cards lying on the board as reminders until the end of the day.
        state.update({"minor_deck": minor_deck, "zhukov_deck": zhukov_deck, "zhukov_discard": [],
                      "zhukov_on_board": []})
    apply_setup_options(state)
    who = f"{revolutionaries} Revolutionary player(s)" + (" against General Zhukov" if zhukov else "")
    state["log"].append({"n": 0, "day": 1, "phase": "setup", "text": f"A game for {who} begins on October 23rd.", "refs": []})
    return state


def _zhukov_event_decks(r: _Shuffler, by_period: dict[str, list[str]]) -> tuple[list[str], list[str]]:
    """The major event deck (1, 2 and 3 each shuffled, 1 on top, 3 at the bottom) and the minor
    event deck (the X events shuffled); each list's end is its top card."""
    decks = [r.shuffle(sorted(by_period[p])) for p in "123"]
    major = list(reversed(decks[0] + decks[1] + decks[2]))
    minor = r.shuffle(sorted(by_period["X"]))
    return major, minor


def _conflict_event_deck(r: _Shuffler, by_period: dict[str, list[str]]):
    """The event deck (3 X into deck 1, 4 into deck 2, the rest at the bottom) and the market."""
    xs = r.shuffle(sorted(by_period["X"]))
    deck1 = r.shuffle(sorted(by_period["1"]) + xs[: SETUP["x_into_deck"][1]])
    deck2 = r.shuffle(sorted(by_period["2"]) + xs[SETUP["x_into_deck"][1]: SETUP["x_into_deck"][1] + SETUP["x_into_deck"][2]])
    deck3 = r.shuffle(sorted(by_period["3"]))
    rest = r.shuffle(xs[SETUP["x_into_deck"][1] + SETUP["x_into_deck"][2]:])
    # The deck is a list whose end is the top card.
    event_deck = list(reversed(deck1 + deck2 + deck3 + rest))
    market = [event_deck.pop() for _ in range(6)]
    return event_deck, None, market


"""The 38 revolutionary cards and the 2 promo cards.

Fields: id, kind (snake_case), name, icons (resource icons in the top-left corner; a repeated
icon gives both), aid (True only for "Aid": shows information, medical and food but counts as
ONE of them, chosen when discarded), ability (None, or {"label": "action"|"free", "text"}:
"action" costs an action, "free" may be used during the owner's turn at any time; the card is
discarded either way), action_icons (optional: action -> icons the card gives only for that
action, e.g. the AK-47's ammunition for Attack militia), provenance, basis.

Deck (38): Aid 4, Ambush 2, Build barricade 2, First aid kit 2, Transportation 2, Molotov crate 2,
Ammunition crate 2, Information 3, Medical supplies 3, Molotov cocktail 6, Food 3, Ammunition 5,
Vehicle 2.
"""
from __future__ import annotations

_DECK_BASIS = ("Rulebook: 38 revolutionary cards, the named Aid/Ambush/Build barricade/First aid kit/"
               "Transportation cards and double-icon cards; deck split reconstructed (3 molotov to destroy "
               "a tank, 1-5 ammunition to attack militia, so these are the commonest icons).")


def _kind(kind, name, icons, count, basis, *, aid=False, ability=None):
    return [
        {"id": f"rc_{kind}_{n}", "kind": kind, "name": name, "icons": list(icons), "aid": aid,
         "ability": dict(ability) if ability else None,
         "provenance": "reconstructed", "basis": basis}
        for n in range(1, count + 1)
    ]


REVOLUTIONARY_CARDS = (
    _kind("aid", "Aid", ["information", "medical", "food"], 4,
          "Rulebook: the Aid card shows information, medical and food but counts as only one; 4 copies reconstructed.",
          aid=True)
    + _kind("ambush", "Ambush", ["ammunition"], 2,
            "Rulebook: snipers cannot be attacked but can be killed with an Ambush card; icon and count reconstructed.",
            ability={"label": "free", "text": "Kill one sniper in your location."})
    + _kind("build_barricade", "Build barricade", ["vehicle"], 2,
            "Rulebook: playing Build barricade places a barricade token (2 exist); icon and count reconstructed.",
            ability={"label": "free",
                     "text": "Place a barricade token in your location, if one is available."})
    + _kind("first_aid_kit", "First aid kit", ["medical"], 2,
            "Rulebook: cards and abilities remove injuries, First aid kit named in the lapsing example; "
            "text, label and count reconstructed.",
            ability={"label": "action",
                     "text": "Remove one injury from a Revolutionary player in your location (yourself included)."})
    + _kind("transportation", "Transportation", ["vehicle"], 2,
            "Rulebook (Last Stand): a player may move after using Transportation; text and count reconstructed.",
            ability={"label": "free",
                     "text": "Move to an adjacent location without discarding a card, taking up to 2 active "
                             "fighters along (the 4-active-fighter limit applies)."})
    + _kind("molotov_crate", "Molotov crate", ["molotov", "molotov"], 2,
            "Rulebook: a card with 2 of the same icons gives both; " + _DECK_BASIS)
    + _kind("ammunition_crate", "Ammunition crate", ["ammunition", "ammunition"], 2,
            "Rulebook: a card with 2 of the same icons gives both; " + _DECK_BASIS)
    + _kind("information", "Information", ["information"], 3, _DECK_BASIS)
    + _kind("medical", "Medical supplies", ["medical"], 3, _DECK_BASIS)
    + _kind("molotov", "Molotov cocktail", ["molotov"], 6, _DECK_BASIS)
    + _kind("food", "Food", ["food"], 3, _DECK_BASIS)
    + _kind("ammunition", "Ammunition", ["ammunition"], 5, _DECK_BASIS)
    + _kind("vehicle", "Vehicle", ["vehicle"], 2, _DECK_BASIS)
)

PROMO_CARDS = [
    {"id": "rc_ak47", "kind": "ak47", "name": "AK-47", "icons": ["food", "molotov"], "aid": False,
     # Icons the card gives only for some actions, on top of `icons` (ruling R98: every action that
     # asks for ammunition).
     "action_icons": {"attack_militia": ["ammunition"], "resolve_event": ["ammunition"],
                      "destroy_tank": ["ammunition"]},
     "ability": {"label": "free",
                 "text": "Remove 3 militia from your location (all of them if fewer; never snipers). No card is "
                         "drawn as an attack reward. This is not an action. Discarded for icons it counts as "
                         "food and molotov, and as ammunition for an action that asks for it (Attack militia's "
                         "reward is collected as normal)."},
     "provenance": "rulebook",
     "basis": "Promo rules: counts as both a food and a molotov resource; ability removes 3 militia, not an action; "
              "discarded for the ammunition resource in 'Action 3: Attack militia' the reward is collected as normal; "
              "'the ammunition resource' is the card's, so it is given to every action asking for ammunition (R98)."},
    {"id": "rc_last_stand", "kind": "last_stand", "name": "Last Stand", "icons": [], "aid": False,
     "ability": {"label": "action",
                 "text": "Once per game, only as your last remaining action: resolve the event in your location "
                         "ignoring its resource requirements and execute its reward (an extra action it grants "
                         "is lost). Keep this card in front of you until the end of the day: every hit dealt to "
                         "your location must injure you. Then remove it from play."},
     "provenance": "reconstructed",
     "basis": "Promo rules give the ability in full; its resource icons (none assumed) are not stated."},
]

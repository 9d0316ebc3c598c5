"""The 22 fighter tiles and the 3 revolutionary tanks (Appendix C).

Fields: id, name, icons (resource icons the active tile provides to its location's actions),
ability (None or {"label": "action"|"once_per_turn"|"passive", "text"}), provenance, basis.
Abilities work only while the tile is active. Revolutionary tanks count as active fighters.
"""
from __future__ import annotations

_NO_ABILITY = "Appendix C: listed among fighters with no text abilities; icons reconstructed."


def _f(id, name, icons, basis, label=None, text=None):
    return {"id": id, "name": name, "icons": list(icons),
            "ability": {"label": label, "text": text} if label else None,
            "provenance": "reconstructed", "basis": basis}


FIGHTERS = [
    _f("f_peter_hajas", "Péter Hajas", ["molotov"],
       "Appendix C: cancels only the retaliation of Soviet tanks, works with no player present.",
       "passive",
       "Soviet tanks in his location do not fire before a Revolutionary's action (retaliation). Text effects "
       "that make tanks fire still apply."),
    _f("f_sandor_jampec", "Sándor Jampec", ["ammunition"],
       "Appendix C: removes an injury from yourself or another player in his location; the user discards the card.",
       "once_per_turn",
       "Discard a medical card (a card showing the medical icon) to remove one injury from yourself or from "
       "another Revolutionary player in his location."),
    _f("f_jozsef_kormanyos", "József Kormányos", ["vehicle"],
       "Appendix C: you get a free movement if you start from his location and bring him along.",
       "once_per_turn",
       "When you start a movement from his location and take him along, one movement step of that movement "
       "is free (no card discarded)."),
    _f("f_marton_kalapos", "Márton Kalapos, dr.", ["medical", "information"],
       "Appendix C: -3 to the total strength of SPA units, both firing and threatening, with no player present.",
       "passive",
       "The total strength of militia and snipers in his location is reduced by 3 (for firing and "
       "threatening)."),
    _f("f_ilona_kek", "Ilona Kék", ["medical"],
       "Appendix C: remove an injury from yourself or another player in Ilona's location (no card discarded, so an action).",
       "action",
       "Remove one injury from yourself or from another Revolutionary player in her location."),
    _f("f_janos_rezon", "János Rézon", ["ammunition"],
       "Appendix C: he cannot be moved this way to a location with 4 active fighters.",
       "once_per_turn",
       "Move János Rézon to an adjacent location that has fewer than 4 active fighters."),
    _f("f_anna_syrenka", "Anna Syrenka", ["food"],
       "Appendix C: discard 1, 2 or 3 revolutionary cards and draw the same number.",
       "action",
       "Discard 1, 2 or 3 revolutionary cards and draw the same number from the draw deck."),
    _f("f_julia_tollas", "Júlia Tollas", ["molotov"],
       "Appendix C: applies to all Soviet tank rolls, retaliation and text effects.",
       "passive",
       "Soviet tank rolls in her location hit only on 1-2 (retaliation and text effects alike)."),
    _f("f_marta_wawelska", "Marta Wawelska", ["information"],
       "Appendix C: -1 to the total strength of SPA units, both firing and threatening, with no player present.",
       "passive",
       "The total strength of militia and snipers in her location is reduced by 1 (for firing and "
       "threatening)."),
    _f("f_zoltan_bizsu", "Zoltán Bizsu", ["molotov", "ammunition"], _NO_ABILITY),
    _f("f_imre_colos", "Imre Colos", ["food"], _NO_ABILITY),
    _f("f_robert_fekete", "Róbert Fekete", ["ammunition", "ammunition"], _NO_ABILITY),
    _f("f_karoly_kicsi", "Károly Kicsi", ["molotov"], _NO_ABILITY),
    _f("f_margit_kocos", "Margit Kócos", ["medical", "food"], _NO_ABILITY),
    _f("f_istvan_kopasz", "István Kopasz", ["vehicle", "ammunition"], _NO_ABILITY),
    _f("f_otto_lakatos", "Ottó Lakatos", ["information"], _NO_ABILITY),
    _f("f_maria_lisztes", "Mária Lisztes", ["food", "information"], _NO_ABILITY),
    _f("f_valeria_pille", "Valéria Pille", ["medical"], _NO_ABILITY),
    _f("f_erzsebet_piros", "Erzsébet Piros", ["molotov", "food"], _NO_ABILITY),
    _f("f_krzysztof_polak", "Krzysztof Polak", ["vehicle", "medical"], _NO_ABILITY),
    _f("f_ferenc_potyka", "Ferenc Potyka", ["molotov"], _NO_ABILITY),
    _f("f_jerzy_slazak", "Jerzy Ślązak", ["information"], _NO_ABILITY),
]

REVOLUTIONARY_TANKS = [
    _f("rt_howitzer", "Howitzer", ["ammunition", "molotov"],
       "Appendix C: hits to its location must destroy it, even with no player present; icons reconstructed.",
       "passive",
       "Every hit dealt to its location must be taken by destroying this tank (while it is there)."),
    _f("rt_t34", "T-34", ["molotov", "molotov"],
       "Appendix C: no ability; icons reconstructed."),
    _f("rt_t55", "T-55", ["ammunition", "vehicle"],
       "Appendix C: all barricade rules apply to it, text effects on barricades included; icons reconstructed.",
       "passive",
       "Acts as a barricade in its location: Soviet tanks, militia and snipers cannot move out, Soviet tanks "
       "do not retaliate, and text effects about barricades apply to it."),
]

"""Promo player powers (Promo Component Rules: Player Powers): which seat holds which power, and
whether its benefit and its disadvantage apply. The option `player_powers` maps a seat to a
colour; `powers_without_benefit` / `powers_without_disadvantage` list colours whose benefit or
disadvantage is switched off (the promo's own difficulty setting)."""
from __future__ import annotations


def power_of(g, seat: str) -> str | None:
    return (g.s["options"].get("player_powers") or {}).get(seat)


def has_power(g, seat: str, colour: str, side: str) -> bool:
    """side is "benefit" or "disadvantage"."""
    if power_of(g, seat) != colour:
        return False
    off = g.s["options"].get(f"powers_without_{side}") or []
    return colour not in off

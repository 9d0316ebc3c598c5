"""Lessons (issue 33): "Learn to play" starts a solo room on a fixed deal, where the table's coach
(static/coach.json, static/js/coach.js) explains the first day.

The deal is public on purpose: a lesson's seed key is in this file, so whoever reads it knows every
card of a lesson room. A lesson is a private practice room (unlisted, one person against a bot), so
nothing is at stake; a lesson room is known by its seed key (no server-made room ever gets it: those
get 128 fresh random bits, app.play.store).
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Lesson:
    seed: str                 # an engine seed key (docs/contract.md, "Seeds")
    revolutionaries: int
    options: dict = field(default_factory=dict)
    bots: dict = field(default_factory=dict)
    bot_pace: str = "normal"


# The first game: Conflict, one Revolutionary (the person) against the easy (random) Soviet bot.
# Easy, not normal: the normal (greedy) Soviet holds even the greedy Revolutionary bot to about 45%
# solo (docs/balance.md), so a newcomer still reading every icon would mostly lose the first game;
# against the random Soviet the greedy Revolutionary wins about 9 games in 10, so a learner who
# follows the coach and the hints wins, and one who ignores injuries or morale can still lose. The
# board's own threats (the tanks, snipers and militia of the setup) are there whatever the bot does.
# The seed key was chosen for its first day (the Soviet bot's day-1 moves follow from it too): the
# player starts at the University with the Students' demands event, the free step reaches Bem Statue,
# where Margit Kócos (medical, food) and the Petőfi Circle event wait, no tank stands within a step,
# and the hand (Information, First aid kit, Transportation, Molotov, Ammunition) resolves both events
# in 4 actions with the two fighters' icons: the whole first day teaches moving, activating,
# resolving, paying a step and taking a fighter along.
FIRST_GAME = "first_game"
LESSONS = {
    FIRST_GAME: Lesson(seed="b5ab3000ca961263f86380de10e51ff6", revolutionaries=1, bots={"soviet": "easy"}),
}
_BY_SEED = {lesson.seed: name for name, lesson in LESSONS.items()}


def lesson_of(seed_key: str | None) -> str | None:
    """The lesson a room is, from its seed key (None: not a lesson)."""
    return _BY_SEED.get(seed_key) if seed_key else None

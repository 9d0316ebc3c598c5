"""The arithmetic of ratings (docs/ratings.md), with no database: who sits on which team at what
rating, and what openskill's Plackett-Luce model makes of a win.

openskill adds up a team's players. Days of Ire is balanced for its number of players (one Soviet
commander holds off one Revolutionary or three), so a side here counts as its average player: each
of a team's n entrants goes into openskill at (mu/n, sigma/n), which makes the team's mu the mean
and its variance that of a mean, and comes out scaled back by n. The dynamics step (tau, which
keeps a settled rating able to move) is applied before that scaling, so it is the same for every
player whatever the size of their team."""
from __future__ import annotations

import math
from dataclasses import dataclass

from openskill.models import PlackettLuce

MU, SIGMA = 25.0, 25.0 / 3.0  # openskill's defaults: where a new account starts
TAU = 25.0 / 300.0            # openskill's default dynamics
MODEL = PlackettLuce(mu=MU, sigma=SIGMA, tau=0.0)  # tau applied here, before the team scaling (above)
# A bot seat is a player of fixed strength per level, never changed: a first guess (easy below a
# new player, hard above), to be tuned once rated games against bots show how they fare.
BOT_RATING = {"easy": (18.0, 2.0), "normal": (25.0, 2.0), "hard": (30.0, 2.0)}
GUEST_RATING = (MU, SIGMA)    # a guest seat: an unknown player, never changed
SCALE, OFFSET = 40, 1000      # the published rating: 40 * (mu - 3 sigma) + 1000, rounded


def published(mu: float, sigma: float) -> int:
    """The number shown: openskill's ordinal (mu - 3 sigma, the skill one is 99.7% sure of),
    scaled so a new account shows 1000 (MODEL.rating(mu, sigma).ordinal(alpha=40, target=1000))."""
    return round(MODEL.rating(mu=mu, sigma=sigma).ordinal(alpha=SCALE, target=OFFSET))


@dataclass
class Entrant:
    """One player of a team: `key` names whose rating it is (an account, a deck), None for a
    guest or a bot, whose rating does not change."""
    key: object
    mu: float
    sigma: float


def _with_dynamics(sigma: float) -> float:
    return math.sqrt(sigma * sigma + TAU * TAU)


def rate(winners: list[Entrant], losers: list[Entrant]) -> dict[object, tuple[float, float]]:
    """The new (mu, sigma) of every entrant with a key, after `winners` beat `losers`."""
    teams = [winners, losers]
    scaled = [[MODEL.rating(mu=e.mu / len(team), sigma=_with_dynamics(e.sigma) / len(team)) for e in team]
              for team in teams]
    out = MODEL.rate(scaled, ranks=[1, 2])
    new: dict[object, tuple[float, float]] = {}
    for team, rated in zip(teams, out, strict=True):
        n = len(team)
        for entrant, r in zip(team, rated, strict=True):
            if entrant.key is not None:
                new[entrant.key] = (r.mu * n, r.sigma * n)
    return new

"""What anyone may read of a player: their games (live and finished, public rooms only unless the
reader is that player), wins per ruleset and side, ratings; and the leaderboards. Never an
address, a setting or a seat token: the queries here do not read those columns."""
from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime

from sqlalchemy import func, select

from app.accounts.ratings import SIDES, side_of
from app.accounts.store import Account
from app.infra.models import AccountRow, GameRow, RatingRow, SeatRow

LISTED = 50  # live games, and finished games, a profile lists (the most recent)


def _iso(at: datetime) -> str:
    return (at if at.tzinfo else at.replace(tzinfo=UTC)).isoformat()


def _game(row, mine: list[str], players: list[dict]) -> dict:
    ruleset = row.options.get("ruleset", "conflict")
    winner = (row.result or {}).get("winner") if row.status == "finished" else None
    sides = sorted({side_of(seat) for seat in mine})
    return {"id": row.id, "ruleset": ruleset, "revolutionaries": row.revolutionaries, "status": row.status,
            "seats": mine, "sides": sides, "players": players,
            "result": row.result if row.status == "finished" else None,
            # Seats on both sides (a game against oneself): neither won nor lost.
            "won": (winner in sides) if winner and len(sides) == 1 else None, "updated_at": _iso(row.updated_at),
            "table": f"/games/{row.id}/table" if row.status != "open" else f"/games/{row.id}",
            "replay": f"/games/{row.id}/replay" if row.status == "finished" else None}


async def profile(store, account: Account, reader_id: int | None) -> dict:
    """The public profile of `account`; `reader_id`: the account reading it (its own private rooms
    are listed to it, and to nobody else)."""
    async with store.reading() as s:
        q = (select(GameRow.id, GameRow.status, GameRow.options, GameRow.revolutionaries, GameRow.private,
                    GameRow.result, GameRow.updated_at, SeatRow.seat)
             .join(SeatRow, SeatRow.game_id == GameRow.id)
             .where(SeatRow.account_id == account.id, GameRow.status.in_(("open", "active", "finished")))
             .order_by(GameRow.updated_at.desc(), GameRow.id, SeatRow.seat))
        rows = (await s.execute(q)).all()
        ratings = (await s.execute(select(RatingRow).where(RatingRow.account_id == account.id)
                                   .order_by(RatingRow.ruleset, RatingRow.side))).scalars().all()
        rating_list = [{"ruleset": r.ruleset, "side": r.side, "rating": r.score, "games": r.games, "wins": r.wins,
                        "mu": round(r.mu, 3), "sigma": round(r.sigma, 3)} for r in ratings]
    by_game: dict[str, tuple] = {}
    mine: dict[str, list[str]] = {}
    played: Counter = Counter()
    won: Counter = Counter()
    for row in rows:
        if row.id not in by_game:
            by_game[row.id] = row
        mine.setdefault(row.id, []).append(row.seat)
    for gid, row in by_game.items():  # every finished game counts, private ones too (a count lists no room)
        if row.status != "finished":
            continue
        ruleset = row.options.get("ruleset", "conflict")
        winner = (row.result or {}).get("winner")
        for side in {side_of(seat) for seat in mine[gid]}:
            played[ruleset, side] += 1
            won[ruleset, side] += winner == side
    shown = [row for row in by_game.values() if not row.private or account.id == reader_id]
    live = [row for row in shown if row.status != "finished"][:LISTED]
    finished = [row for row in shown if row.status == "finished"]
    listed = live + finished[:LISTED]
    players = await _players(store, [row.id for row in listed])
    wins = [{"ruleset": ruleset, "side": side, "games": played[ruleset, side], "wins": won[ruleset, side]}
            for ruleset, sides in SIDES.items() for side in sides if played[ruleset, side]]
    return {"name": account.name, "since": _iso(account.created_at), "ratings": rating_list, "wins": wins,
            "live": [_game(row, mine[row.id], players.get(row.id, [])) for row in live],
            "finished": [_game(row, mine[row.id], players.get(row.id, [])) for row in finished[:LISTED]],
            "finished_total": len(finished)}


async def _players(store, gids: list[str]) -> dict[str, list[dict]]:
    """Who sits where in these games, as the games' public summaries show it, with the account's
    name where an account holds the seat (its profile is public)."""
    if not gids:
        return {}
    async with store.reading() as s:
        q = (select(SeatRow.game_id, SeatRow.seat, SeatRow.name, SeatRow.bot, AccountRow.name)
             .outerjoin(AccountRow, AccountRow.id == SeatRow.account_id)
             .where(SeatRow.game_id.in_(gids)).order_by(SeatRow.game_id, SeatRow.id))
        rows = (await s.execute(q)).all()
    out: dict[str, list[dict]] = {}
    for gid, seat, name, bot, account in rows:
        out.setdefault(gid, []).append({"seat": seat, "name": name, "bot": bot, "account": account})
    return out


async def leaderboard(store, ruleset: str, side: str, min_games: int, page: int, per_page: int) -> tuple[int, list[dict]]:
    """(how many players qualify, the page's rows best first) of a ruleset and side."""
    where = (RatingRow.ruleset == ruleset, RatingRow.side == side, RatingRow.games >= min_games)
    async with store.reading() as s:
        total = (await s.execute(select(func.count()).select_from(RatingRow).where(*where))).scalar_one()
        q = (select(AccountRow.name, RatingRow.score, RatingRow.games, RatingRow.wins)
             .join(AccountRow, AccountRow.id == RatingRow.account_id).where(*where)
             .order_by(RatingRow.score.desc(), RatingRow.games.desc(), AccountRow.name_key)
             .offset((page - 1) * per_page).limit(per_page))
        rows = (await s.execute(q)).all()
    return total, [{"rank": (page - 1) * per_page + i + 1, "name": name, "rating": score, "games": games, "wins": wins}
                   for i, (name, score, games, wins) in enumerate(rows)]

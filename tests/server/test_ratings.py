"""Issue 34: ratings per ruleset and side (docs/ratings.md). A game between accounts, played to its
end through the API, moves both players' ratings exactly as openskill computes them from the same
inputs; a second look at the game (another poke, the sweep, two raters at once) rates nothing
again; games that are not between accounts, or abandoned, do not rate."""
from __future__ import annotations

import asyncio
import math
import random

from openskill.models import PlackettLuce

from app.accounts.ratings import rate_game
from bots.random_bot import RandomBot
from tests.server.conftest import make_settings
from tests.server.helpers import AsgiClient, auth, browser, create_room, invite_of, run_async
from tests.server.test_accounts import fresh_name, sign_up

TAU = 25 / 300


def claim(who, room, seat, name="Me") -> str:
    r = who.post(f"/api/games/{room['id']}/seats/{seat}", json={"name": name, "invite": invite_of(room, seat)})
    assert r.status_code == 200, r.text
    return r.json()["token"]


def play_out(client, gid: str, tokens: dict[str, str], seed: int = 1, limit: int = 20_000) -> dict:
    """Random legal moves over REST, each by the seat the engine waits for, until the game ends."""
    bot = RandomBot(seed)
    any_token = next(iter(tokens.values()))
    body = client.get(f"/api/games/{gid}/view", headers=auth(any_token)).json()
    version, status, active = body["version"], body["status"], body["view"]["active"]
    for _ in range(limit):
        if status != "active":
            break
        for seat in active:
            mine = client.get(f"/api/games/{gid}/view", headers=auth(tokens[seat])).json()["view"]
            if mine["actions"]:
                break
        r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                        json={"version": version, "action": bot.choose(mine["actions"])})
        assert r.status_code == 200, r.text
        version, status, active = r.json()["version"], r.json()["status"], r.json()["view"]["active"]
    summary = client.get(f"/api/games/{gid}").json()
    assert summary["status"] == "finished", summary
    return summary["result"]


def ratings_of(client, name: str) -> dict:
    r = client.get(f"/api/players/{name}")
    assert r.status_code == 200, r.text
    return {(x["ruleset"], x["side"]): x for x in r.json()["ratings"]}


def rated(client, name: str, key, games: int = 1, timeout: float = 20.0) -> dict:
    """The player's rating once the rater has counted `games` games on that side."""
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = ratings_of(client, name).get(key)
        if got and got["games"] >= games:
            return got
        time.sleep(0.05)
    raise AssertionError(f"{name} was never rated on {key}")


def stored(client, name: str, side: str, ruleset: str = "conflict") -> tuple[float, float]:
    """The exact (mu, sigma) the database holds (the API rounds them)."""
    from sqlalchemy import select

    from app.infra.models import AccountRow, RatingRow

    async def read():
        async with client.app.state.store.reading() as s:
            return tuple((await s.execute(
                select(RatingRow.mu, RatingRow.sigma).join(AccountRow, AccountRow.id == RatingRow.account_id)
                .where(AccountRow.name == name, RatingRow.ruleset == ruleset, RatingRow.side == side))).one())

    return client.portal.call(read)


def account_browser(client):
    who = browser(client)
    name, _ = sign_up(who, fresh_name("Rated"))
    return who, name


def close(got: dict, expected) -> None:
    assert math.isclose(got["mu"], expected.mu, abs_tol=5e-4), (got, expected)
    assert math.isclose(got["sigma"], expected.sigma, abs_tol=5e-4), (got, expected)
    assert got["rating"] == round(40 * (expected.mu - 3 * expected.sigma) + 1000)


def test_a_one_on_one_game_between_accounts_rates_both_exactly_as_openskill_does(client):
    soviet, sname = account_browser(client)
    rev, rname = account_browser(client)
    room = create_room(client, 1)
    tokens = {"soviet": claim(soviet, room, "soviet", "S"), "rev1": claim(rev, room, "rev1", "R")}
    result = play_out(client, room["id"], tokens, seed=3)
    s_got = rated(client, sname, ("conflict", "soviet"))
    r_got = rated(client, rname, ("conflict", "revolutionaries"))

    model = PlackettLuce()  # openskill's defaults: a new player, the default dynamics (tau)
    s, r = model.rating(), model.rating()
    soviet_won = result["winner"] == "soviet"
    teams = [[s], [r]] if soviet_won else [[r], [s]]
    [[w], [lo]] = model.rate(teams)
    s_new, r_new = (w, lo) if soviet_won else (lo, w)
    close(s_got, s_new)
    close(r_got, r_new)
    assert (s_got["games"], s_got["wins"]) == (1, int(soviet_won))
    assert (r_got["games"], r_got["wins"]) == (1, int(not soviet_won))
    assert (s_got["rating"] > r_got["rating"]) == soviet_won
    # Only the sides played have a rating; wins count the finished game.
    assert set(ratings_of(client, sname)) == {("conflict", "soviet")}
    wins = client.get(f"/api/players/{sname}").json()["wins"]
    assert wins == [{"ruleset": "conflict", "side": "soviet", "games": 1, "wins": int(soviet_won)}]

    # Told again that the game ended (another poke, the sweep, a direct call): nothing moves.
    store = client.app.state.store
    client.app.state.rater.poke(room["id"])
    assert client.portal.call(rate_game, store, room["id"]) is None
    client.portal.call(client.app.state.rater.sweep)
    assert ratings_of(client, sname)[("conflict", "soviet")] == s_got
    assert ratings_of(client, rname)[("conflict", "revolutionaries")] == r_got

    # A second game starts from the ratings the first left.
    s_before, r_before = stored(client, sname, "soviet"), stored(client, rname, "revolutionaries")
    room = create_room(client, 1)
    tokens = {"soviet": claim(soviet, room, "soviet", "S"), "rev1": claim(rev, room, "rev1", "R")}
    result = play_out(client, room["id"], tokens, seed=4)
    s_got = rated(client, sname, ("conflict", "soviet"), games=2)
    r_got = rated(client, rname, ("conflict", "revolutionaries"), games=2)
    s, r = model.rating(*s_before), model.rating(*r_before)
    again = result["winner"] == "soviet"
    [[w], [lo]] = model.rate([[s], [r]] if again else [[r], [s]])
    close(s_got, w if again else lo)
    close(r_got, lo if again else w)
    assert s_got["wins"] == int(soviet_won) + int(again)


def test_a_team_of_two_counts_as_its_average_player_and_a_guest_is_a_new_player_never_changed(client):
    """One Soviet against two Revolutionaries (an account and a guest): each of the two goes into
    openskill at (mu/2, sigma/2), the dynamics step first, and comes out scaled back by 2."""
    soviet, sname = account_browser(client)
    rev, rname = account_browser(client)
    guest = browser(client)
    room = create_room(client, 2)
    tokens = {"soviet": claim(soviet, room, "soviet"), "rev1": claim(rev, room, "rev1"),
              "rev2": claim(guest, room, "rev2", "Guest")}
    result = play_out(client, room["id"], tokens, seed=5)
    s_got = rated(client, sname, ("conflict", "soviet"))
    r_got = rated(client, rname, ("conflict", "revolutionaries"))

    model = PlackettLuce(tau=0.0)
    fresh = math.sqrt((25 / 3) ** 2 + TAU ** 2)
    s = model.rating(mu=25.0, sigma=fresh)
    r, g = model.rating(mu=25.0 / 2, sigma=fresh / 2), model.rating(mu=25.0 / 2, sigma=fresh / 2)
    soviet_won = result["winner"] == "soviet"
    out = model.rate([[s], [r, g]], ranks=[1, 2] if soviet_won else [2, 1])
    close(s_got, out[0][0])
    r_new = out[1][0]
    close(r_got, type(r_new)(mu=r_new.mu * 2, sigma=r_new.sigma * 2))
    assert client.get(f"/api/players/{sname}").json()["ratings"][0]["games"] == 1


def test_zhukov_rates_the_revolutionaries_against_the_deck_of_their_options(client):
    rev, rname = account_browser(client)
    room = create_room(client, 1, {"ruleset": "zhukov", "zhukov_militia_blaha": True, "promo_ak47": True})
    result = play_out(client, room["id"], {"rev1": claim(rev, room, "rev1")}, seed=7)
    got = rated(client, rname, ("zhukov", "revolutionaries"))
    # The deck of an option set never played before starts where a new player does.
    model = PlackettLuce()
    me, deck = model.rating(), model.rating()
    won = result["winner"] == "revolutionaries"
    out = model.rate([[me], [deck]], ranks=[1, 2] if won else [2, 1])
    close(got, out[0][0])
    assert got["wins"] == int(won)
    board = client.get("/api/leaderboard", params={"ruleset": "zhukov", "side": "soviet"}).json()
    assert (board["total"], board["players"]) == (0, [])  # nobody plays the Soviet in Zhukov


def test_games_not_between_accounts_do_not_rate(client):
    soviet, sname = account_browser(client)
    # An account against a guest: no rating (anyone could farm their own guest seats).
    room = create_room(client, 1)
    tokens = {"soviet": claim(soviet, room, "soviet"), "rev1": claim(browser(client), room, "rev1")}
    play_out(client, room["id"], tokens, seed=9)
    store = client.app.state.store
    assert client.portal.call(rate_game, store, room["id"]) in (None, "not between accounts")
    assert marker(client, room["id"]) == (False, "not between accounts")
    assert ratings_of(client, sname) == {}
    assert client.get(f"/api/players/{sname}").json()["wins"][0]["games"] == 1  # yet the game counts as played
    # One account on both sides (a solo game against itself): no rating either.
    room = create_room(client, 1)
    tokens = {"soviet": claim(soviet, room, "soviet"), "rev1": claim(soviet, room, "rev1")}
    play_out(client, room["id"], tokens, seed=11)
    client.portal.call(client.app.state.rater.sweep)
    assert marker(client, room["id"]) == (False, "one account on both sides")
    solo = next(g for g in client.get(f"/api/players/{sname}").json()["finished"] if g["id"] == room["id"])
    assert solo["sides"] == ["revolutionaries", "soviet"] and solo["won"] is None  # neither won nor lost
    assert ratings_of(client, sname) == {}
    # An abandoned game between accounts: no rating.
    other, oname = account_browser(client)
    room = create_room(client, 1)
    claim(soviet, room, "soviet")
    claim(other, room, "rev1")
    client.portal.call(store.set_status, room["id"], "abandoned")
    assert client.portal.call(rate_game, store, room["id"]) is None
    assert marker(client, room["id"]) is None and ratings_of(client, oname) == {}


def marker(client, gid: str):
    """(rated, note) of the game's marker, or None when the rater has not dealt with it."""
    from app.infra.models import RatedGameRow

    async def read():
        async with client.app.state.store.reading() as s:
            row = await s.get(RatedGameRow, gid)
            return (row.rated, row.note) if row else None

    return client.portal.call(read)


def test_the_migration_marks_games_that_ended_before_ratings_so_they_are_never_rated(tmp_path):
    """A finished game between accounts from before ratings existed: marked, never rated late."""
    from alembic import command
    from sqlalchemy import create_engine, text

    from app.infra.migrate import alembic_config

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    command.upgrade(alembic_config(url), "0012_notifications")
    engine = create_engine(url)
    with engine.begin() as c:
        for i in (1, 2):
            c.execute(text("INSERT INTO accounts (id, name, name_key, password_hash, email_verified, generation, "
                           "created_at) VALUES (:i, :n, :n, 'x', false, 0, CURRENT_TIMESTAMP)"), {"i": i, "n": f"old{i}"})
        c.execute(text("INSERT INTO games (id, revolutionaries, options, private, seed, status, version, result, "
                       "creator_ip, bot_skip, created_at, updated_at) VALUES ('oldgame', 1, '{}', false, 1, "
                       "'finished', 3, '{\"winner\": \"soviet\", \"reason\": \"x\"}', '', false, "
                       "CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"))
        for seat, acct in (("soviet", 1), ("rev1", 2)):
            c.execute(text("INSERT INTO seats (game_id, seat, invite_hash, account_id, zombie) "
                           "VALUES ('oldgame', :s, 'h', :a, false)"), {"s": seat, "a": acct})
    command.upgrade(alembic_config(url), "head")
    with engine.begin() as c:
        assert c.execute(text("SELECT rated, note FROM rated_games WHERE game_id = 'oldgame'")).one() == \
            (0, "ended before ratings")
    engine.dispose()
    from fastapi.testclient import TestClient

    from app.main import create_app

    with TestClient(create_app(make_settings(url))) as client:
        client.portal.call(client.app.state.rater.sweep)
        assert client.portal.call(rate_game, client.app.state.store, "oldgame") is None
        assert client.get("/api/players/old1").json()["ratings"] == []
        assert client.get("/api/players/old1").json()["wins"] == [
            {"ruleset": "conflict", "side": "soviet", "games": 1, "wins": 1}]


def test_two_raters_at_once_rate_a_game_once(db_url):
    """Two instances (or a retry) dealing with the same ending at the same moment: one rates."""
    async def scenario():
        settings = make_settings(db_url)
        one, two = AsgiClient(settings), AsgiClient(settings)
        async with one as http_a, two as http_b:
            for app in (one.app, two.app):  # only the three calls below rate: at the same moment
                await app.state.rater.stop()
            names = []
            cookies = []
            for _ in range(2):
                name = fresh_name("Twice")
                r = await http_a.post("/api/accounts", json={"name": name, "password": "correct horse battery"})
                assert r.status_code == 201
                names.append(name)
                cookies.append(dict(r.cookies))
                http_a.cookies.clear()
            r = await http_a.post("/api/games", json={"revolutionaries": 1, "options": {}})
            room = r.json()
            tokens = {}
            for seat, jar in zip(("soviet", "rev1"), cookies, strict=True):
                r = await http_a.post(f"/api/games/{room['id']}/seats/{seat}", cookies=jar,
                                      json={"name": seat, "invite": invite_of(room, seat)})
                tokens[seat] = r.json()["token"]
            gid = room["id"]
            # The end is written straight to the database, as an instance that died before its rater
            # ran would leave it: the two apps' raters then race for it.
            store_a = one.app.state.store
            async with store_a.transaction() as s:
                from app.infra.models import GameRow

                row = await s.get(GameRow, gid)
                row.status, row.result = "finished", {"winner": "soviet", "reason": "test"}
            notes = await asyncio.gather(rate_game(store_a, gid), rate_game(two.app.state.store, gid),
                                         rate_game(store_a, gid))
            profiles = [(await http_b.get(f"/api/players/{n}")).json()["ratings"] for n in names]
            return notes, profiles

    notes, profiles = run_async(scenario())
    assert sorted(notes, key=str) == sorted(["rated", None, None], key=str)
    soviet, rev = profiles
    assert [(r["side"], r["games"], r["wins"]) for r in soviet] == [("soviet", 1, 1)]
    assert [(r["side"], r["games"], r["wins"]) for r in rev] == [("revolutionaries", 1, 0)]
    model = PlackettLuce()
    [[w], [lo]] = model.rate([[model.rating()], [model.rating()]])
    assert math.isclose(soviet[0]["mu"], w.mu, abs_tol=5e-4) and math.isclose(rev[0]["mu"], lo.mu, abs_tol=5e-4)


def test_leaderboard_lists_players_with_enough_rated_games_best_first_paged(client):
    from app.infra.models import AccountRow, RatingRow

    store = client.app.state.store
    ruleset, side = "conflict", "soviet"
    names = [fresh_name("Board") for _ in range(60)]
    rng = random.Random(4)

    async def seed():
        async with store.transaction() as s:
            for i, name in enumerate(names):
                acct = AccountRow(name=name, name_key=name.casefold(), password_hash="x", generation=0)
                s.add(acct)
                await s.flush()
                s.add(RatingRow(account_id=acct.id, ruleset=ruleset, side=side, mu=20 + rng.random() * 10,
                                sigma=2.0, score=100_000 + i * 7 % 60, games=4 if i % 5 == 0 else 6, wins=1))

    client.portal.call(seed)
    qualified = {name for i, name in enumerate(names) if i % 5}
    first = client.get("/api/leaderboard", params={"ruleset": ruleset, "side": side}).json()
    second = client.get("/api/leaderboard", params={"ruleset": ruleset, "side": side, "page": 2}).json()
    assert first["min_games"] == 5 and (first["page"], second["page"]) == (1, 2)
    assert first["total"] >= 48 and first["pages"] >= 2
    listed = first["players"] + second["players"]
    assert len(first["players"]) == 25 and len(listed) == min(50, first["total"])
    assert [p["rank"] for p in listed] == list(range(1, len(listed) + 1))
    # Best first; the 48 seeded players with 5 games or more lead (their scores are the highest),
    # the 12 with fewer are not listed.
    scores = [p["rating"] for p in listed]
    assert scores == sorted(scores, reverse=True)
    assert {p["name"] for p in listed[:48]} == qualified
    mine = listed[:48]
    page = client.get("/leaderboard", params={"ruleset": ruleset, "side": side})
    assert page.status_code == 200 and mine[0]["name"] in page.text
    for bad in ({"page": 0}, {"page": "1.5"}, {"page": "true"}, {"ruleset": "chess"}, {"side": "zhukov"},
                {"ruleset": "a\x00"}, {"page": "9" * 40}):
        assert client.get("/api/leaderboard", params=bad).status_code == 422, bad


def test_a_bot_seat_counts_at_the_fixed_rating_of_its_level_and_never_changes():
    """docs/ratings.md: a bot is a player of fixed strength per level; an account holding two seats
    of a side counts once; a guest is a new player."""
    from app.accounts.rating_math import BOT_RATING, Entrant, rate
    from app.accounts.ratings import _teams, why_not
    from app.infra.models import SeatRow

    seats = [SeatRow(seat="soviet", account_id=1), SeatRow(seat="rev1", account_id=2),
             SeatRow(seat="rev2", bot="hard"), SeatRow(seat="rev3", account_id=2)]
    assert why_not("conflict", seats) is None
    teams = _teams(seats, {})
    assert [(e.key, e.mu, e.sigma) for e in teams["soviet"]] == [((1, "soviet"), 25.0, 25 / 3)]
    assert [(e.key, e.mu, e.sigma) for e in teams["revolutionaries"]] == [
        ((2, "revolutionaries"), 25.0, 25 / 3), (None, *BOT_RATING["hard"])]
    new = rate(teams["revolutionaries"], teams["soviet"])
    assert set(new) == {(1, "soviet"), (2, "revolutionaries")}  # the bot's rating is nobody's to change
    model = PlackettLuce(tau=0.0)
    fresh = math.sqrt((25 / 3) ** 2 + TAU ** 2)
    hard_mu, hard_sigma = BOT_RATING["hard"]
    out = model.rate([[model.rating(mu=12.5, sigma=fresh / 2),
                       model.rating(mu=hard_mu / 2, sigma=math.sqrt(hard_sigma ** 2 + TAU ** 2) / 2)],
                      [model.rating(mu=25.0, sigma=fresh)]])
    assert math.isclose(new[(2, "revolutionaries")][0], out[0][0].mu * 2)
    assert math.isclose(new[(1, "soviet")][0], out[1][0].mu)
    # A strong teammate makes the win less of a feat than beside a weak one.
    weak = rate([Entrant("me", 25.0, 25 / 3), Entrant(None, *BOT_RATING["easy"])], [Entrant("them", 25.0, 25 / 3)])
    assert weak["me"][0] > new[(2, "revolutionaries")][0]
    assert why_not("conflict", [SeatRow(seat="soviet", account_id=1), SeatRow(seat="rev1", bot="normal")]) \
        == "not between accounts"
    assert why_not("zhukov", [SeatRow(seat="rev1", bot="normal"), SeatRow(seat="rev2", guest_id="g")]) == "no account"


def test_two_games_ending_at_once_for_one_player_both_count(db_url):
    """Two instances rate two games of the same Soviet at the same moment: the player's rating
    ends as the two games applied one after the other (the accounts are locked while rated)."""
    async def scenario():
        from app.infra.models import GameRow

        settings = make_settings(db_url)
        one, two = AsgiClient(settings), AsgiClient(settings)
        async with one as http_a, two as http_b:
            for app in (one.app, two.app):  # only the two calls below rate: at the same moment
                await app.state.rater.stop()
            jars, names = [], []
            for _ in range(3):
                name = fresh_name("Both")
                r = await http_a.post("/api/accounts", json={"name": name, "password": "correct horse battery"})
                jars.append(dict(r.cookies))
                names.append(name)
                http_a.cookies.clear()
            gids = []
            for opponent in (1, 2):
                room = (await http_a.post("/api/games", json={"revolutionaries": 1, "options": {}})).json()
                for seat, jar in (("soviet", jars[0]), ("rev1", jars[opponent])):
                    r = await http_a.post(f"/api/games/{room['id']}/seats/{seat}", cookies=jar,
                                          json={"name": seat, "invite": invite_of(room, seat)})
                    assert r.status_code == 200
                gids.append(room["id"])
            store_a, store_b = one.app.state.store, two.app.state.store
            for gid, winner in zip(gids, ("soviet", "revolutionaries"), strict=True):
                async with store_a.transaction() as s:
                    row = await s.get(GameRow, gid)
                    row.status, row.result = "finished", {"winner": winner, "reason": "test"}
            notes = await asyncio.gather(rate_game(store_a, gids[0]), rate_game(store_b, gids[1]))
            got = (await http_b.get(f"/api/players/{names[0]}")).json()["ratings"]
            return notes, got

    notes, got = run_async(scenario())
    assert notes == ["rated", "rated"]
    [soviet] = got
    assert (soviet["games"], soviet["wins"]) == (2, 1)
    model = PlackettLuce()
    fresh = model.rating

    def after(order):
        me = fresh()
        for won in order:
            teams = [[me], [fresh()]] if won else [[fresh()], [me]]
            out = model.rate(teams)
            me = out[0][0] if won else out[1][0]
        return me

    candidates = [after((True, False)), after((False, True))]
    assert any(math.isclose(soviet["mu"], c.mu, abs_tol=5e-4) and math.isclose(soviet["sigma"], c.sigma, abs_tol=5e-4)
               for c in candidates), (soviet, [(c.mu, c.sigma) for c in candidates])

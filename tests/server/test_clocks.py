"""Pace (issue 13, "When a player is away"): chess clocks and correspondence deadlines kept by the
server, a seat whose time runs out played by a bot, its owner's resume link taking it back, and
the log of who played what. On SQLite and PostgreSQL."""
from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from app.infra.models import ClockRow
from app.main import create_app
from tests.server.conftest import make_settings
from tests.server.helpers import auth, claim_all, recv_until, recv_view, take_back_move, undoable_room

MINUTE = 60_000


def paced_client(db_url, **update):
    settings = make_settings(db_url).model_copy(update={"clock_tick": 0.05, **update})
    return TestClient(create_app(settings))


def paced_room(client, pace, bots=None) -> tuple[dict, dict[str, str]]:
    r = client.post("/api/games", json={"revolutionaries": 1, "pace": pace, "bots": bots or {}})
    assert r.status_code == 201, r.text
    room = r.json()
    return room, claim_all(client, room)


def abandon(client, gid):
    """Tests share their database: a clock left running would run out under a later test's server
    (its bots then play the game to the end there)."""
    client.portal.call(client.app.state.store.set_status, gid, "abandoned")


def wait_for(fetch, pred, timeout=30.0):
    deadline = time.monotonic() + timeout
    while True:
        value = fetch()
        if pred(value):
            return value
        assert time.monotonic() < deadline, f"waited {timeout}s: {value}"
        time.sleep(0.02)


def clock_of(client, gid):
    return client.get(f"/api/games/{gid}/clock").json()


def first_move(client, gid, token) -> dict:
    view = client.get(f"/api/games/{gid}/view", headers=auth(token)).json()
    action = next(a for a in view["view"]["actions"] if a["type"] != "undo")
    r = client.post(f"/api/games/{gid}/actions", json={"version": view["version"], "action": action},
                    headers=auth(token))
    assert r.status_code == 200, r.text
    return r.json()


def age_clock(client, gid, seat, ms):
    """Time passes: `seat`'s clock started `ms` earlier than it did (as if the player sat and thought)."""
    store = client.app.state.store

    async def go():
        async with store.transaction() as s:
            row = (await s.execute(select(ClockRow).where(ClockRow.game_id == gid))).scalar_one()
            state = {k: dict(v) for k, v in row.state.items()}
            state[seat]["since"] -= ms
            state[seat]["deadline"] -= ms
            from app.seats.clock_state import next_deadline

            row.state, row.next_deadline = state, next_deadline(state)

    client.portal.call(go)


def test_a_chess_clock_runs_only_for_the_seat_the_engine_waits_for(db_url):
    with paced_client(db_url) as client:
        room, tokens = paced_room(client, {"mode": "clock", "minutes": 5})
        gid = room["id"]
        assert client.get(f"/api/games/{gid}").json()["pace"] == {"mode": "clock", "minutes": 5}
        c = wait_for(lambda: clock_of(client, gid), lambda c: c["version"] == 0)
        # The Soviet opens the game (rulebook: Soviet phase first): only its clock runs.
        assert c["clocks"]["soviet"]["since"] is not None and c["clocks"]["rev1"]["since"] is None
        assert c["clocks"]["soviet"]["deadline"] == c["clocks"]["soviet"]["since"] + 5 * MINUTE
        assert c["clocks"]["rev1"]["left_ms"] == 5 * MINUTE
        age_clock(client, gid, "soviet", 20_000)  # the Soviet thinks for 20 s
        moved = first_move(client, gid, tokens["soviet"])
        c = wait_for(lambda: clock_of(client, gid), lambda c: c["version"] == moved["version"])
        left = c["clocks"]["soviet"]["left_ms"]
        assert 5 * MINUTE - 25_000 < left <= 5 * MINUTE - 20_000  # the 20 s (and the test's own time) are gone
        assert c["clocks"]["rev1"]["left_ms"] == 5 * MINUTE  # the waiting seat lost nothing
        assert c["handovers"] == []
        abandon(client, gid)


def test_a_run_out_clock_hands_the_seat_to_a_bot_and_the_resume_link_takes_it_back(db_url):
    with paced_client(db_url) as client:
        room, tokens = paced_room(client, {"mode": "clock", "minutes": 1})
        gid = room["id"]
        wait_for(lambda: clock_of(client, gid), lambda c: c["version"] == 0)
        with client.websocket_connect(f"/ws/games/{gid}?token={tokens['rev1']}") as ws:
            recv_until(ws, lambda m: m["type"] == "clock")
            age_clock(client, gid, "soviet", MINUTE + 1)  # the Soviet's minute is gone
            frame = recv_until(ws, lambda m: m["type"] == "clock" and m["handovers"], limit=200)
            assert frame["handovers"][0] | {"at": None} == {"seat": "soviet", "version": 0, "by": "bot",
                                                            "reason": "time", "at": None}
            seats = {s["seat"]: s for s in client.get(f"/api/games/{gid}").json()["seats"]}
            assert seats["soviet"]["zombie"] is True and seats["soviet"]["bot"] == "normal"
            # The bot plays the Soviet until the Revolutionary must act: the game goes on.
            g = wait_for(lambda: client.get(f"/api/games/{gid}").json(), lambda g: g["version"] > 0)
            assert g["status"] == "active"
        # The owner comes back with the token of their resume link.
        r = client.post(f"/api/games/{gid}/seats/soviet/resume", headers=auth(tokens["soviet"]))
        assert r.status_code == 200 and r.json() == {"seat": "soviet", "zombie": False, "changed": True}
        seats = {s["seat"]: s for s in client.get(f"/api/games/{gid}").json()["seats"]}
        assert seats["soviet"]["zombie"] is False and seats["soviet"]["bot"] is None
        c = clock_of(client, gid)
        assert [(h["seat"], h["by"], h["reason"]) for h in c["handovers"]] == [("soviet", "bot", "time"),
                                                                              ("soviet", "human", "back")]
        assert c["handovers"][1]["version"] >= c["handovers"][0]["version"]
        # It had run out; it gets DOI_CLOCK_RESUME_SECONDS (60) back (less what has run since, if on the move).
        assert 50_000 < c["clocks"]["soviet"]["left_ms"] <= 60_000
        # Taking it back again changes nothing; the seat's token acts for it again.
        again = client.post(f"/api/games/{gid}/seats/soviet/resume", headers=auth(tokens["soviet"]))
        assert again.json()["changed"] is False
        assert client.get(f"/api/games/{gid}/view", headers=auth(tokens["soviet"])).json()["seat"] == "soviet"
        abandon(client, gid)


def test_a_correspondence_deadline_is_per_decision(db_url):
    with paced_client(db_url) as client:
        room, tokens = paced_room(client, {"mode": "correspondence", "hours": 24})
        gid = room["id"]
        c = wait_for(lambda: clock_of(client, gid), lambda c: c["version"] == 0)
        soviet = c["clocks"]["soviet"]
        assert soviet["deadline"] - soviet["since"] == 24 * 3_600_000 and soviet["left_ms"] is None
        age_clock(client, gid, "soviet", 3_600_000)
        moved = first_move(client, gid, tokens["soviet"])
        c = wait_for(lambda: clock_of(client, gid), lambda c: c["version"] == moved["version"])
        for seat, clock in c["clocks"].items():  # whoever acts now has a whole new day
            if clock["since"] is not None:
                assert clock["deadline"] - clock["since"] == 24 * 3_600_000
                assert clock["deadline"] > c["now"] + 23 * 3_600_000, seat
        abandon(client, gid)


def test_an_undo_does_not_extend_a_correspondence_deadline(db_url):
    """Issue 30, item 6: a move then `undo` restarted the decision's deadline, so a player could
    stall a game forever. A decision's deadline is set when it first appears; the undo goes back to
    it (the Soviet's first headline and its undo: rulebook, Soviet phase)."""
    with paced_client(db_url) as client:
        room, tokens = undoable_room(client, {"revolutionaries": 1, "pace": {"mode": "correspondence", "hours": 24}})
        gid = room["id"]
        wait_for(lambda: clock_of(client, gid), lambda c: c["version"] == 0)
        age_clock(client, gid, "soviet", 3_600_000)  # an hour of the first decision has gone
        first = clock_of(client, gid)["clocks"]["soviet"]
        for _ in range(3):
            moved = take_back_move(client, gid, tokens["soviet"])
            c = wait_for(lambda: clock_of(client, gid), lambda c, v=moved: c["version"] == v)
            assert c["clocks"]["soviet"]["deadline"] > first["deadline"] + 3_000_000  # a new decision: a new day
            undone = take_back_move(client, gid, tokens["soviet"])
            c = wait_for(lambda: clock_of(client, gid), lambda c, v=undone: c["version"] == v)
            assert c["clocks"]["soviet"] == first  # back to the first decision and its deadline
        assert c["clocks"]["soviet"]["deadline"] < c["now"] + 23 * 3_600_000
        abandon(client, gid)


def test_a_live_room_has_no_clock(client):
    room, tokens = paced_room(client, {"mode": "live"})
    assert client.get(f"/api/games/{room['id']}").json()["pace"] is None
    frame = clock_of(client, room["id"])
    assert frame["pace"] == {"mode": "live"} and frame["clocks"] == {} and frame["handovers"] == []
    clocks, reads = client.app.state.clocks, []
    real = clocks.frame

    async def counted(gid):
        reads.append(gid)
        return await real(gid)

    clocks.frame = counted
    for seat in ("rev1", "soviet", "rev1"):
        with client.websocket_connect(f"/ws/games/{room['id']}?token={tokens[seat]}") as ws:
            recv_view(ws)
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}  # no clock frame in between: nothing to show
    assert len(reads) <= 1  # read for the first socket at most (a room seen live and quiet stays so until a hand-over)


@pytest.mark.parametrize("pace, message", [
    ({"mode": "clock"}, "minutes"),
    ({"mode": "clock", "minutes": 1.0}, "integer"),
    ({"mode": "clock", "minutes": True}, "integer"),
    ({"mode": "clock", "minutes": 0}, "greater than or equal"),
    ({"mode": "clock", "minutes": 5, "hours": 1}, "Extra inputs"),
    ({"mode": "correspondence", "hours": 721}, "less than or equal"),
    ({"mode": "live", "minutes": 3}, "Extra inputs"),
    ({"mode": "blitz", "minutes": 3}, "does not match any of the expected tags"),
    ({"minutes": 3}, "Unable to extract tag"),
    ({"mode": "clock", "minutes": 3, "increment": 2}, "Extra inputs"),
])
def test_bad_paces_are_refused_and_create_nothing(client, pace, message):
    before = len(client.get("/api/games?status=open").json())
    r = client.post("/api/games", json={"revolutionaries": 1, "pace": pace})
    assert r.status_code == 422 and message in r.text, r.text
    assert len(client.get("/api/games?status=open").json()) == before


def test_an_away_player_can_be_handed_to_a_bot_by_the_others_only(db_url):
    with paced_client(db_url, away_grace_seconds=1) as client:
        room, tokens = paced_room(client, {"mode": "live"})
        gid = room["id"]
        with client.websocket_connect(f"/ws/games/{gid}?token={tokens['soviet']}") as ws:
            recv_view(ws)
            ws.send_json({"type": "ping"})
            ws.receive_json()  # (the socket's start, seen_at included, is done)
            r = client.post(f"/api/games/{gid}/seats/soviet/bot", headers=auth(tokens["rev1"]))
            assert r.status_code == 409 and r.json()["code"] == "present"  # its socket is open
        own = client.post(f"/api/games/{gid}/seats/rev1/bot", headers=auth(tokens["rev1"]))
        assert own.status_code == 409 and own.json()["code"] == "own_seat"
        nobody = client.post(f"/api/games/{gid}/seats/soviet/bot")
        assert nobody.status_code == 401
        time.sleep(1.1)  # the grace period passes without a socket of the Soviet
        r = client.post(f"/api/games/{gid}/seats/soviet/bot", headers=auth(tokens["rev1"]))
        assert r.status_code == 200, r.text
        twice = client.post(f"/api/games/{gid}/seats/soviet/bot", headers=auth(tokens["rev1"]))
        assert twice.status_code == 409 and twice.json()["code"] == "bot"
        g = wait_for(lambda: client.get(f"/api/games/{gid}").json(), lambda g: g["version"] > 0)
        assert g["status"] == "active"
        assert [(h["seat"], h["reason"]) for h in clock_of(client, gid)["handovers"]] == [("soviet", "away")]
        with client.websocket_connect(f"/ws/games/{gid}?token={tokens['rev1']}&views=full") as ws:  # no longer quiet
            first = recv_view(ws)
            frame = recv_until(ws, lambda m: m["type"] == "clock", limit=200)
            assert [(h["seat"], h["reason"]) for h in frame["handovers"]] == [("soviet", "away")]
            if first["view"]["actions"]:  # the bot waits for us: move, so that the push carries the seats
                action = next(a for a in first["view"]["actions"] if a["type"] != "undo")
                ws.send_json({"type": "action", "version": first["version"], "action": action})
            pushed = recv_until(ws, lambda m: m["type"] == "view" and m["version"] > first["version"], limit=200)
            seats = {x["seat"]: x for x in pushed["seats"]}  # a move's push: the seat list after the hand-over
            assert seats["soviet"]["zombie"] is True and seats["soviet"]["bot"] == "normal"
        abandon(client, gid)


def test_a_resume_link_for_another_game_or_a_given_up_seat_gets_a_clear_error(client):
    room, tokens = paced_room(client, {"mode": "live"})
    other, other_tokens = paced_room(client, {"mode": "live"})
    gid = room["id"]
    r = client.post(f"/api/games/{gid}/seats/soviet/resume", headers=auth(other_tokens["soviet"]))
    assert r.status_code == 403 and r.json()["code"] == "other_game" and "another game" in r.json()["detail"]
    r = client.post(f"/api/games/{gid}/seats/soviet/resume", headers=auth(tokens["rev1"]))
    assert r.status_code == 403 and "for seat 'rev1'" in r.json()["detail"]
    r = client.post(f"/api/games/{gid}/seats/soviet/resume", headers=auth("x" * 20))
    assert r.status_code == 403 and r.json()["code"] == "forbidden"
    r = client.post(f"/api/games/{gid}/seats/soviet/resume")
    assert r.status_code == 401
    # A seat given up before the start: its old link is revoked, and says so.
    r = client.post("/api/games", json={"revolutionaries": 1})
    fresh = r.json()
    from tests.server.helpers import invite_of

    claimed = client.post(f"/api/games/{fresh['id']}/seats/rev1",
                          json={"name": "Anna", "invite": invite_of(fresh, "rev1")}).json()["token"]
    assert client.delete(f"/api/games/{fresh['id']}/seats/rev1", headers=auth(claimed)).status_code == 204
    r = client.post(f"/api/games/{fresh['id']}/seats/rev1/resume", headers=auth(claimed))
    assert r.status_code == 403 and r.json()["code"] == "revoked" and "given up" in r.json()["detail"]
    assert client.post("/api/games/nosuchgame/seats/rev1/resume", headers=auth(claimed)).status_code == 404

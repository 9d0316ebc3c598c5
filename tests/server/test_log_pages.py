"""GET /api/games/{id}/log (issue 33, "the whole log"): every entry of a game readable from the
table, a page at a time, filtered for the requesting seat exactly as its views are; views keep
sending only the recent tail. Bad paging parameters get 422 and change nothing."""
from __future__ import annotations

import pytest

from tests.server.helpers import auth, started_room

LOG_TAIL = 25


def play_some(client, gid, tokens, moves=120):
    """Moves by whoever is to act (the first legal action that is not undo), through the REST API."""
    for _ in range(moves):
        views = {seat: client.get(f"/api/games/{gid}/view", headers=auth(tok)).json() for seat, tok in tokens.items()}
        seat, v = next(((s, v) for s, v in views.items() if v["view"]["actions"]), (None, None))
        if seat is None:
            return
        action = next(a for a in v["view"]["actions"] if a["type"] != "undo")
        r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                        json={"version": v["version"], "action": action})
        assert r.status_code == 200, r.text


@pytest.fixture
def long_game(client):
    room, tokens = started_room(client, 2)
    play_some(client, room["id"], tokens)
    return room["id"], tokens


def test_the_whole_log_is_readable_page_by_page_while_views_keep_the_tail(client, long_game):
    gid, tokens = long_game
    view = client.get(f"/api/games/{gid}/view").json()["view"]
    assert len(view["log"]) == LOG_TAIL
    first = client.get(f"/api/games/{gid}/log", params={"limit": 50}).json()
    total = first["total"]
    assert total > LOG_TAIL * 2 and first["start"] == total - 50
    assert [e["n"] for e in first["entries"]] == list(range(total - 50, total))
    older = client.get(f"/api/games/{gid}/log", params={"before": first["start"], "limit": 500}).json()
    assert older["start"] == 0 and older["entries"][0]["text"].startswith("A game for 2 Revolutionary")
    assert [e["n"] for e in older["entries"] + first["entries"]] == list(range(total))
    # The newest entries of a page read as the spectator view's tail, each with its day and phase.
    assert first["entries"][-LOG_TAIL:] == view["log"]
    assert all(e["phase"] in ("setup", "soviet", "revolutionary", "spa", "end", "over") for e in first["entries"])


def test_a_seat_reads_its_own_draws_and_nobody_else_does(client, long_game):
    gid, tokens = long_game
    mine = client.get(f"/api/games/{gid}/log", params={"before": 60}, headers=auth(tokens["rev1"])).json()["entries"]
    theirs = client.get(f"/api/games/{gid}/log", params={"before": 60}, headers=auth(tokens["rev2"])).json()["entries"]
    watcher = client.get(f"/api/games/{gid}/log", params={"before": 60}).json()["entries"]
    soviet = client.get(f"/api/games/{gid}/log", params={"before": 60}, headers=auth(tokens["soviet"])).json()["entries"]
    own_draws = [e["n"] for e in mine if e["text"].startswith("You draw")]
    assert own_draws, "rev1 drew cards in its first 60 entries"
    for n in own_draws:
        for other in (theirs, watcher, soviet):
            text = next(e["text"] for e in other if e["n"] == n)
            assert text.startswith("rev1 draws") and "You draw" not in text


@pytest.mark.parametrize("params", [{"before": -1}, {"limit": 0}, {"limit": 501}, {"before": 10**12},
                                    {"limit": "ten"}, {"before": "1.5"}, {"limit": 2.5}])
def test_bad_paging_parameters_get_422(client, params):
    room, tokens = started_room(client, 1)
    r = client.get(f"/api/games/{room['id']}/log", params=params)
    assert r.status_code == 422, r.text


def test_a_wrong_token_or_game_is_refused(client):
    room, tokens = started_room(client, 1)
    assert client.get(f"/api/games/{room['id']}/log", headers=auth("not-a-token")).status_code in (401, 403)
    assert client.get("/api/games/nosuchgame/log").status_code == 404

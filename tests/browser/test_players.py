"""Browser (1280x800), issue 34: the "Next game" button of the table and a player's profile page.
Two accounts sit in three Conflict rooms; the first finished game between them is rated. The button
counts the other games that wait for your move and takes you to the longest-waiting one in one
click; with none it says so. The profile page shows the rating, the games and their replay links."""
from __future__ import annotations

import random
import secrets
from urllib.parse import parse_qs, urlparse

import pytest

from .conftest import ARTIFACTS
from .test_csp import RECORD_VIOLATIONS, violations

pytestmark = pytest.mark.browser
PASSWORD = "correct horse battery"


def account(browser, server, prefix: str):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.add_init_script(RECORD_VIOLATIONS)  # every page here runs under its Content-Security-Policy
    name = f"{prefix}{secrets.token_hex(2)}"
    r = ctx.request.post(server.url + "/api/accounts", data={"name": name, "password": PASSWORD})
    assert r.status == 201, r.text()
    return ctx, name


def room(ctx, server) -> dict:
    r = ctx.request.post(server.url + "/api/games", data={"revolutionaries": 1, "options": {}})
    assert r.status == 201
    return r.json()


def claim(ctx, server, room: dict, seat: str, name: str) -> str:
    invite = parse_qs(urlparse(room["invites"][seat]).query)["invite"][0]
    r = ctx.request.post(f"{server.url}/api/games/{room['id']}/seats/{seat}", data={"name": name, "invite": invite})
    assert r.status == 200, r.text()
    return r.json()["token"]


def play_out(ctx, server, gid: str, tokens: dict[str, str]) -> dict:
    """Random legal moves over REST until the game is over (the table's own moves are tested elsewhere)."""
    rng = random.Random(1)
    base = f"{server.url}/api/games/{gid}"
    body = ctx.request.get(base + "/view", headers={"Authorization": f"Bearer {tokens['soviet']}"}).json()
    version, status, active = body["version"], body["status"], body["view"]["active"]
    while status == "active":
        for seat in active:
            view = ctx.request.get(base + "/view", headers={"Authorization": f"Bearer {tokens[seat]}"}).json()["view"]
            if view["actions"]:
                break
        actions = [a for a in view["actions"] if a["type"] not in ("undo", "cancel")] or view["actions"]
        r = ctx.request.post(base + "/actions", headers={"Authorization": f"Bearer {tokens[seat]}"},
                             data={"version": version, "action": rng.choice(actions)})
        assert r.ok, r.text()
        version, status, active = r.json()["version"], r.json()["status"], r.json()["view"]["active"]
    return ctx.request.get(base).json()["result"]


def open_table(ctx, server, gid: str, seat: str, token: str):
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.evaluate("([gid, seat, token]) => localStorage.setItem(`doi:seat:${gid}`, JSON.stringify({seat, token}))",
                  [gid, seat, token])
    page.goto(f"{server.url}/games/{gid}/table")
    return page


def test_next_game_button_and_profile_page(server, browser):
    alice_ctx, alice = account(browser, server, "Alice")
    bob_ctx, bob = account(browser, server, "Bob")
    errors: list[str] = []
    # Two games waiting for Alice's Soviet (the Soviet opens a Conflict game), and one played to its end.
    first, second, ended = room(alice_ctx, server), room(alice_ctx, server), room(alice_ctx, server)
    tokens = {}
    for r in (first, second, ended):
        tokens[r["id"]] = {"soviet": claim(alice_ctx, server, r, "soviet", alice),
                           "rev1": claim(bob_ctx, server, r, "rev1", bob)}
    result = play_out(alice_ctx, server, ended["id"], tokens[ended["id"]])

    page = open_table(alice_ctx, server, first["id"], "soviet", tokens[first["id"]]["soviet"])
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.wait_for_function("() => document.getElementById('next-game')?.dataset.waiting === '1'", timeout=10_000)
    assert page.inner_text("#next-game") == "Next game (1)"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "next_game_1280.png"))
    page.click("#next-game")
    page.wait_for_url(f"**/games/{second['id']}/table", timeout=10_000)
    page.wait_for_function("() => document.getElementById('next-game')?.dataset.waiting === '1'", timeout=10_000)

    # Bob's seats wait for nobody's move but Alice's: the button says so.
    bob_page = open_table(bob_ctx, server, first["id"], "rev1", tokens[first["id"]]["rev1"])
    bob_page.on("pageerror", lambda e: errors.append(str(e)))
    bob_page.wait_for_function("() => document.getElementById('next-game')?.dataset.waiting === '0'", timeout=10_000)
    bob_page.click("#next-game")
    bob_page.wait_for_function("() => document.getElementById('next-note').textContent !== ''", timeout=10_000)
    assert bob_page.inner_text("#next-note") == "No other game waits for you right now."
    assert bob_page.url.endswith(f"/games/{first['id']}/table")
    bob_page.screenshot(path=str(ARTIFACTS / "next_game_none_1280.png"))
    # On a phone the button and its note fit the top bar without widening the page.
    bob_page.set_viewport_size({"width": 390, "height": 844})
    assert bob_page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert bob_page.locator("#next-game").is_visible()
    bob_page.screenshot(path=str(ARTIFACTS / "next_game_none_390.png"))

    # Alice's profile, as Bob (a stranger to her account) sees it, once the rater has counted the game.
    for _ in range(100):
        if bob_ctx.request.get(f"{server.url}/api/players/{alice}").json()["ratings"]:
            break
        bob_page.wait_for_timeout(100)
    profile = bob_ctx.new_page()
    profile.on("pageerror", lambda e: errors.append(str(e)))
    profile.goto(f"{server.url}/players/{alice.lower()}")
    assert profile.inner_text("#player-name") == alice
    row = profile.locator('#ratings tr[data-ruleset="conflict"][data-side="soviet"]')
    cells = row.locator("td").all_inner_texts()
    assert cells[:2] == ["Conflict", "Soviet"] and cells[3:] == ["1", str(int(result["winner"] == "soviet"))]
    assert {first["id"], second["id"]} == set(profile.locator("#live-games li").evaluate_all(
        "items => items.map(li => li.dataset.game)"))
    replay = profile.locator(f'#finished-games li[data-game="{ended["id"]}"] a.replay-link')
    assert replay.get_attribute("href") == f"/games/{ended['id']}/replay"
    profile.screenshot(path=str(ARTIFACTS / "profile_1280.png"), full_page=True)
    profile.click(f'#finished-games li[data-game="{ended["id"]}"] a.replay-link')
    profile.wait_for_url(f"**/games/{ended['id']}/replay", timeout=10_000)

    board = bob_ctx.new_page()
    board.goto(f"{server.url}/leaderboard?ruleset=conflict&side=soviet")
    assert "at least 5 rated games" in board.inner_text("main")
    board.screenshot(path=str(ARTIFACTS / "leaderboard_1280.png"))
    assert errors == []
    for p in (page, bob_page, profile, board):
        assert violations(p) == [], p.url
    for ctx in (alice_ctx, bob_ctx):
        ctx.close()

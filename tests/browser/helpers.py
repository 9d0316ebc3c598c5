"""Drive the table UI by clicking only what the page highlights as legal."""
from __future__ import annotations

import json
import time
import urllib.request

SUMMARY_JS = """() => {
  const t = document.getElementById('table');
  const legal = [...document.querySelectorAll('[data-legal="1"]')].map((n, i) => {
    n.dataset.pick = String(i);
    return {pick: i, kind: n.dataset.loc ? 'loc' : n.dataset.fighter ? 'fighter' : (n.dataset.slot !== undefined ? 'slot' : 'card'),
            id: n.dataset.loc || n.dataset.fighter || n.dataset.card || n.dataset.slot || '',
            types: (n.dataset.actionTypes || '').split(' '),
            selected: n.classList.contains('selected')};
  });
  const buttons = [...document.querySelectorAll('#buttons button')].map((b, i) => {
    b.dataset.pick = 'b' + i;
    return {pick: 'b' + i, type: b.dataset.actionType, text: b.textContent};
  });
  return {version: +t.dataset.version, seat: t.dataset.seat, day: +t.dataset.day, phase: t.dataset.phase,
          step: t.dataset.step, actions: +t.dataset.actions, legal, buttons,
          prompt: document.getElementById('prompt-text').textContent};
}"""


def summary(page) -> dict:
    return page.evaluate(SUMMARY_JS)


def version(page) -> int:
    return int(page.eval_on_selector("#table", "t => t.dataset.version || '-1'"))


def wait_version(page, above: int, timeout: float = 10_000) -> None:
    page.wait_for_function(f"() => +document.getElementById('table').dataset.version > {above}", timeout=timeout)


def sync(pages, timeout: float = 10.0) -> int:
    """Wait until every page shows the same version; return it."""
    deadline = time.time() + timeout
    while True:
        vs = [version(p) for p in pages]
        if len(set(vs)) == 1 and vs[0] >= 0:
            return vs[0]
        if time.time() > deadline:
            raise AssertionError(f"pages never synced: {vs}")
        time.sleep(0.05)


PAGE_STATE_JS = """() => {
  const toast = document.getElementById('toast');
  return {version: +document.getElementById('table').dataset.version,
          confirm: document.getElementById('confirm').open,
          choice: !!document.querySelector('#choice button.action'),
          selected: !!document.querySelector('.loc.selected'),
          toast: toast.hidden ? null : toast.textContent};
}"""


def click_pick(page, pick: str, prefer: str | None = None, timeout: float = 10.0) -> None:
    """Click a legal element or button; answer the confirmation, the choice box or the second step of a move
    when one opens, until the page shows a newer version.

    Polls rather than waiting for the first sign of life: a toast left over from an earlier click (they stay
    six seconds) must not be taken for the answer to this one, which once made the test give up on a choice
    box that opened a moment later."""
    v = version(page)
    page.click(f'[data-pick="{pick}"]')
    answered: set[str] = set()
    deadline = time.time() + timeout
    while True:
        state = page.evaluate(PAGE_STATE_JS)
        if state["version"] > v:
            return
        if state["confirm"] and "confirm" not in answered:
            answered.add("confirm")
            page.click("#confirm-yes")  # an irreversible single-use click asks first
        elif state["choice"] and "choice" not in answered:
            answered.add("choice")
            buttons = page.query_selector_all("#choice button.action")
            chosen = buttons[0]
            if prefer:
                chosen = next((b for b in buttons if (b.text_content() or "").startswith(prefer)), chosen)
            chosen.click()
        elif state["selected"] and "loc" not in answered:
            answered.add("loc")
            target = page.query_selector('.loc[data-legal="1"]:not(.selected)')
            if target:
                target.click()
        if time.time() > deadline:
            raise AssertionError(f"clicking {pick} at version {v} never led to a newer version: {state}")
        time.sleep(0.05)


def admin_session(base: str, name: str, password: str):
    """Log in to the admin API (urllib with a cookie jar); returns a GET function."""
    import http.cookiejar

    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    req = urllib.request.Request(base + "/api/admin/login", data=json.dumps({"name": name, "password": password}).encode(),
                                 headers={"Content-Type": "application/json"}, method="POST")
    opener.open(req).read()

    def get(path: str) -> dict:
        with opener.open(base + path) as r:
            return json.loads(r.read())

    return get


# ----- games set up over REST (fast), then looked at in the browser -------------------------------
def _req(base: str, path: str, body: dict | None = None, token: str | None = None, method: str | None = None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, headers=headers, method=method or ("POST" if data else "GET"))
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read() or b"null")


def rest_room(base: str, revolutionaries: int = 1, names: dict | None = None, options: dict | None = None) -> dict:
    """A room whose seats are all claimed over REST: {gid, tokens, names, invites}."""
    from urllib.parse import parse_qs, urlparse

    created = _req(base, "/api/games", {"revolutionaries": revolutionaries, "options": options or {}, "private": False})
    tokens, names = {}, dict(names or {})
    for seat, link in created["invites"].items():
        invite = parse_qs(urlparse(link).query)["invite"][0]
        names.setdefault(seat, f"Player {seat}")
        tokens[seat] = _req(base, f"/api/games/{created['id']}/seats/{seat}", {"name": names[seat], "invite": invite})["token"]
    return {"gid": created["id"], "tokens": tokens, "names": names, "invites": created["invites"]}


def rest_view(base: str, room: dict, seat: str) -> dict:
    return _req(base, f"/api/games/{room['gid']}/view", token=room["tokens"].get(seat))


def rest_play(base: str, room: dict, until, seed: int = 1, max_moves: int = 3000, prefer_end: float = 0.5) -> dict:
    """Move with a random bot (never undo) until `until(view)` holds for the Soviet's view message."""
    import random

    rng = random.Random(seed)
    for _ in range(max_moves):
        msg = rest_view(base, room, "soviet")
        if until(msg["view"]) or msg["status"] != "active":
            return msg
        seat = rng.choice(msg["view"]["active"])
        m = rest_view(base, room, seat)
        acts = [a for a in m["view"]["actions"] if a["type"] != "undo"]
        enders = [a for a in acts if a["type"] in ("done", "end_turn", "retrieve_spa")]
        pool = [a for a in acts if a["type"] != "cancel"] or acts
        action = rng.choice(enders) if enders and rng.random() < prefer_end else rng.choice(pool)
        _req(base, f"/api/games/{room['gid']}/actions", {"version": m["version"], "action": action}, token=room["tokens"][seat])
    raise AssertionError("the condition was not reached")


def open_seat(browser, base: str, room: dict, seat: str | None, size=(1280, 800), errors: list | None = None):
    """A page at the table as `seat` (None: a spectator), in its own browser context."""
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, device_scale_factor=1)
    page = ctx.new_page()
    if errors is not None:
        page.on("pageerror", lambda e: errors.append(str(e)))
    if seat:
        page.goto(base + "/rules")
        page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                      [f"doi:seat:{room['gid']}", json.dumps({"seat": seat, "token": room["tokens"][seat], "name": room["names"][seat]})])
    page.goto(f"{base}/games/{room['gid']}/table")
    page.wait_for_selector("#loc-radio")
    page.wait_for_function("() => +document.getElementById('table').dataset.version >= 0")
    return page


# ----- a room made on the home page, every seat claimed by clicking -------------------------------
def browser_room(server, browser, revolutionaries: int, names: dict[str, str], ruleset: str | None = None) -> dict:
    """Create a room on the home page and claim each seat of `names` (seat -> player name) through its
    invite link in a browser context of its own: {gid, pages, spectator, home, errors}. Every page
    has reached its table and the spectator watches; `errors` collects the pages' script errors."""
    host = browser.new_context(viewport={"width": 1280, "height": 800})
    home = host.new_page()
    errors: list[str] = []
    home.on("pageerror", lambda e: errors.append(str(e)))
    home.goto(server.url + "/")
    if ruleset:
        home.check(f"input[name=ruleset][value='{ruleset}']")
    home.check(f"input[name=revolutionaries][value='{revolutionaries}']")
    home.click("#create-btn")
    home.wait_for_selector("input.invite-link")
    links = {i.get_attribute("data-seat"): i.input_value() for i in home.query_selector_all("input.invite-link")}
    assert set(links) == set(names), links
    gid = home.url.rstrip("/").rsplit("/", 1)[-1]
    pages = {}
    for seat, name in names.items():
        page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(links[seat])
        page.fill("#claim-name", name)
        page.click("#claim-btn")
        pages[seat] = page
    for page in pages.values():
        page.wait_for_url("**/table", timeout=15_000)
        page.wait_for_selector("#loc-radio")
    spectator = host.new_page()
    spectator.goto(f"{server.url}/games/{gid}/table")
    spectator.wait_for_selector("#loc-radio")
    return {"gid": gid, "pages": pages, "spectator": spectator, "home": home, "errors": errors}

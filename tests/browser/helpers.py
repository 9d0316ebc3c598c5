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


def click_pick(page, pick: str, prefer: str | None = None) -> None:
    """Click a legal element or button; answer the choice box (or the second step of a move) if one opens."""
    v = version(page)
    page.click(f'[data-pick="{pick}"]')
    page.wait_for_function(
        f"() => +document.getElementById('table').dataset.version > {v} || document.querySelector('#choice button.action')"
        " || document.querySelector('.loc.selected') || !document.getElementById('toast').hidden", timeout=10_000)
    if version(page) > v:
        return
    if page.query_selector("#choice button.action"):
        buttons = page.query_selector_all("#choice button.action")
        chosen = buttons[0]
        if prefer:
            for b in buttons:
                if b.text_content().startswith(prefer):
                    chosen = b
                    break
        chosen.click()
    elif page.query_selector(".loc.selected"):
        target = page.query_selector('.loc[data-legal="1"]:not(.selected)')
        target.click()
        if page.query_selector("#choice button.action") and version(page) == v:
            page.click("#choice button.action")
    wait_version(page, v)


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

"""Issue 11 item 9: every page works under its Content-Security-Policy. Each page of the site is
opened in Chromium (lobby, room, table, rules, admin, admin game) and every policy violation the
browser reports is collected: there must be none, and the table must still connect its websocket."""
from __future__ import annotations

import pytest

from .conftest import ADMIN

pytestmark = pytest.mark.browser

RECORD_VIOLATIONS = """document.addEventListener('securitypolicyviolation',
  (e) => (window.__csp = window.__csp || []).push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));"""


def watched_page(ctx, problems: list):
    page = ctx.new_page()
    page.add_init_script(RECORD_VIOLATIONS)
    page.on("console", lambda m: problems.append(m.text) if "Content Security Policy" in m.text else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    return page


def violations(page) -> list:
    return page.evaluate("() => window.__csp || []")


def test_every_page_runs_under_the_content_security_policy(server, browser):
    problems: list[str] = []
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    home = watched_page(ctx, problems)
    answer = home.goto(server.url + "/")
    assert "script-src 'self'" in answer.headers["content-security-policy"]
    assert answer.headers["x-frame-options"] == "DENY" and answer.headers["x-content-type-options"] == "nosniff"
    home.check("input[name=revolutionaries][value='1']")
    home.click("#create-btn")
    home.wait_for_selector("input.invite-link")
    links = {i.get_attribute("data-seat"): i.input_value() for i in home.query_selector_all("input.invite-link")}
    gid = home.url.rstrip("/").rsplit("/", 1)[-1]
    seats = []
    for seat, link in links.items():
        page = watched_page(browser.new_context(), problems)
        page.goto(link)
        page.fill("#claim-name", f"CSP {seat}")
        page.click("#claim-btn")
        seats.append(page)
    seen = [home]
    for page in seats:  # the game starts with the last claim: every room page goes to the table
        page.wait_for_url("**/table", timeout=15_000)
        page.wait_for_selector("#loc-radio")  # the board was drawn from the websocket's view
        page.wait_for_selector(".seat-dot")
        seen.append(page)
    rules = watched_page(ctx, problems)
    rules.goto(server.url + "/rules")
    rules.wait_for_load_state("networkidle")
    admin = watched_page(ctx, problems)
    admin.goto(server.url + "/admin")
    admin.fill("#admin-name", ADMIN[0])
    admin.fill("#admin-password", ADMIN[1])
    admin.click("#login-btn")
    admin.wait_for_selector("#games-panel:not([hidden])")
    review = watched_page(ctx, problems)
    review.goto(f"{server.url}/admin/games/{gid}")
    review.wait_for_load_state("networkidle")
    seen += [rules, admin, review]
    found = [v for page in seen for v in violations(page)]
    assert found == [] and problems == [], (found, problems)
    for page in seen:
        page.context.close() if page.context is not ctx else None
    ctx.close()

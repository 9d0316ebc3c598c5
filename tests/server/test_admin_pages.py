"""The admin pages without a login (issue 33): the public top bar has no "Admin" link, /admin shows
its login form without asking the API first (no 401 in a visitor's console), and a game's review
sends a visitor to that login instead of a page whose requests would all be refused."""
from __future__ import annotations

from tests.server.helpers import started_room
from tests.server.test_admin import login


def test_admin_pages_know_the_login_before_their_scripts_ask(client, db_url):
    room, _ = started_room(client, 1)
    for path in ("/", "/rules", f"/games/{room['id']}", f"/games/{room['id']}/table", "/admin"):
        page = client.get(path)
        assert page.status_code == 200 and 'href="/admin"' not in page.text.split("</header>")[0], path
    assert 'data-logged-in="0"' in client.get("/admin").text
    review = client.get(f"/admin/games/{room['id']}", follow_redirects=False)
    assert review.status_code == 303 and review.headers["location"] == "/admin"
    login(client, db_url)
    assert 'data-logged-in="1"' in client.get("/admin").text
    review = client.get(f"/admin/games/{room['id']}", follow_redirects=False)
    assert review.status_code == 200 and room["id"] in review.text

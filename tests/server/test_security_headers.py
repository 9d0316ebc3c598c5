"""Issue 11 item 9 (REST): every HTTP answer (pages, API, static files) carries a
Content-Security-Policy without inline scripts or styles, refuses framing and MIME sniffing, and
sends no Referer (invite links hold their invite). tests/browser/test_csp.py runs the pages under it."""
from __future__ import annotations

import pytest

from tests.server.helpers import create_room


@pytest.mark.parametrize("path", ["/", "/rules", "/admin", "/games/abc/table", "/api/games", "/static/js/common.js",
                                  "/healthz", "/api/games/nope"])
def test_answers_carry_the_security_headers(client, path):
    h = client.get(path).headers
    csp = h["content-security-policy"]
    assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp and "object-src 'none'" in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert h["x-frame-options"] == "DENY"
    assert h["x-content-type-options"] == "nosniff"
    assert h["referrer-policy"] == "no-referrer"


def test_room_page_with_an_invite_sends_no_referrer(client):
    room = create_room(client, 1)
    link = room["invites"]["rev1"]
    assert client.get(link).headers["referrer-policy"] == "no-referrer"


def test_api_docs_page_gets_its_own_policy(client):
    h = client.get("/docs").headers
    assert "cdn.jsdelivr.net" in h["content-security-policy"] and h["x-frame-options"] == "DENY"

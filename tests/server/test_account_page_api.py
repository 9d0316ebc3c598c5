"""Issue 34: what the account pages ask the server besides the account API itself: who this
browser is signed in as (never a 401, so a guest's every page load logs no error), and the
verification link sent again, to its own address only, a few times an hour at most."""
from __future__ import annotations

import time

import tests.server.test_notify_mail as notify_mail
from tests.server.helpers import browser
from tests.server.test_accounts import PASSWORD, sign_up
from tests.server.test_notify_mail import link_in

mail_client, smtp = notify_mail.mail_client, notify_mail.smtp  # their fixtures: a real SMTP server


def mail_to(inbox, address: str, timeout: float = 15.0) -> dict:
    """The first mail to `address` (a shared database's outbox may still send other tests' mails)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = [m for m in inbox.mails if m["to"] == [address]]
        if found:
            return found[0]
        time.sleep(0.05)
    raise AssertionError(f"no mail to {address}: {[m['to'] for m in inbox.mails]}")


def test_who_is_signed_in_is_a_plain_200_either_way(client):
    guest = browser(client)
    assert guest.get("/api/session").status_code == 200 and guest.get("/api/session").json() == {"name": None}
    name, csrf = sign_up(client, email="who@example.org")
    r = client.get("/api/session")
    assert r.json() == {"name": name} and "who@example.org" not in r.text and csrf not in r.text
    client.delete("/api/session", headers={"X-CSRF-Token": csrf})
    assert client.get("/api/session").json() == {"name": None}
    guest.cookies.set("doi_session", "forged.cookie.value")
    assert guest.get("/api/session").json() == {"name": None}


def test_the_verification_link_is_sent_again_to_the_accounts_own_address(mail_client):
    client, inbox = mail_client
    _, csrf = sign_up(client, email="again@example.org")
    mail_to(inbox, "again@example.org")
    h = {"X-CSRF-Token": csrf}
    assert client.post("/api/me/email/verify").status_code == 403  # no CSRF token
    r = client.post("/api/me/email/verify", headers=h)
    assert r.status_code == 200 and r.json() == {"mail": True}
    mails = [m for m in inbox.wait_for(2) if m["to"] == ["again@example.org"]]
    deadline = time.monotonic() + 15
    while len(mails) < 2 and time.monotonic() < deadline:  # the first and the one sent again
        time.sleep(0.05)
        mails = [m for m in inbox.mails if m["to"] == ["again@example.org"]]
    assert len(mails) == 2
    codes = [client.post("/api/me/email/verify", headers=h).status_code for _ in range(5)]
    assert codes == [200, 200, 200, 200, 429]  # five an hour
    assert client.get(link_in(mails[1], "/account/verify")).status_code == 200
    r = client.post("/api/me/email/verify", headers=h)
    assert r.status_code == 409 and "already verified" in r.json()["detail"]


def test_no_address_no_link(client):
    _, csrf = sign_up(client)
    r = client.post("/api/me/email/verify", headers={"X-CSRF-Token": csrf})
    assert r.status_code == 409 and "no e-mail address" in r.json()["detail"]
    assert browser(client).post("/api/me/email/verify").status_code == 401


def test_the_verify_landing_page_is_in_the_sites_layout_and_escapes_the_address(mail_client):
    client, inbox = mail_client
    # Angle brackets delimit addresses in mail: "<b>x</b>@example.org" went to "b". Refused now.
    r = client.post("/api/accounts", json={"name": "Angles", "password": PASSWORD, "email": "<b>x</b>@example.org"})
    assert r.status_code == 422
    sign_up(client, email="o'brien&co@example.org")
    page = client.get(link_in(mail_to(inbox, "o'brien&co@example.org"), "/account/verify"))
    assert page.status_code == 200 and 'class="topbar"' in page.text and "Address confirmed" in page.text
    assert "o'brien&co" not in page.text and "o&#39;brien&amp;co@example.org" in page.text
    bad = client.get("/account/verify?token=" + "x" * 5000)
    assert bad.status_code == 400 and "used up, expired or damaged" in bad.text


def test_the_account_pages_render(client):
    for path in ("/account", "/account/reset", "/account/reset?token=abc"):
        r = client.get(path)
        assert r.status_code == 200 and 'id="account-link"' in r.text
    assert 'id="account-push"' in client.get("/account").text

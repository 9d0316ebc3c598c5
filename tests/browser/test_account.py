"""Browser (issue 34): the account page. Sign up (the guest seat this browser holds joins the
account), sign out, sign in with the password, add a passkey with Chromium's virtual authenticator
(CDP WebAuthn domain) and sign in with it, notification preferences kept; screenshots at 1280x800
and 390x844. Passkeys need a secure context and a host name for the RP id: http://localhost is one."""
from __future__ import annotations

import json
import secrets
import urllib.request

import pytest

pytestmark = pytest.mark.browser

PASSWORD = "browser test passphrase"


def post(url: str, body: dict) -> dict:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.load(r)


def virtual_authenticator(page) -> tuple:
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable", {"enableUI": False})
    made = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True, "hasUserVerification": True,
        "isUserVerified": True, "automaticPresenceSimulation": True}})
    return cdp, made["authenticatorId"]


def sign_out(page) -> None:
    page.click("#signout-btn")
    page.wait_for_selector("#signed-out:not([hidden])")
    assert page.inner_text("#account-link") == "Sign in"


def test_sign_up_out_in_and_a_passkey_on_the_account_page(server, browser, artifacts):
    base = f"http://localhost:{server.port}"  # a host name: an IP address cannot be a passkey's RP id
    room = post(base + "/api/games", {"revolutionaries": 1})
    invite = room["invites"]["rev1"].split("invite=")[1]
    seat = post(f"{base}/api/games/{room['id']}/seats/rev1", {"name": "Guest me", "invite": invite})
    name = f"Anna{secrets.token_hex(3)}"

    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # Refusals the test provokes (401, 422) log "Failed to load resource"; anything else is a fault.
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "Failed to load" not in m.text else None)
    cdp, authenticator = virtual_authenticator(page)
    page.goto(base + "/account")
    page.evaluate("([gid, s]) => localStorage.setItem(`doi:seat:${gid}`, JSON.stringify(s))",
                  [room["id"], {"seat": "rev1", "token": seat["token"], "name": "Guest me"}])
    page.wait_for_selector("#signed-out:not([hidden])")
    page.screenshot(path=str(artifacts / "account-signed-out-1280.png"), full_page=True)

    # A wrong password: the server's words, in the form's alert line.
    page.fill("#signin-name", name)
    page.fill("#signin-password", "not the password at all")
    page.click("#signin-btn")
    page.wait_for_function("() => document.getElementById('signin-error').textContent.length > 0")
    assert page.inner_text("#signin-error") == "Wrong name or password."

    # Sign up: a too short password is refused in words, then the account is made.
    page.fill("#signup-name", name)
    page.fill("#signup-password", "short")
    page.click("#signup-btn")
    page.wait_for_function("() => document.getElementById('signup-error').textContent.length > 0")
    assert page.inner_text("#signup-error").startswith("Password: ")
    page.fill("#signup-password", PASSWORD)
    page.fill("#signup-email", "anna@example.org")
    page.click("#signup-btn")
    page.wait_for_selector("#signed-in:not([hidden])")
    assert page.inner_text("#me-name") == name
    assert "1 seat of this browser joined your account" in page.inner_text("#me-status")
    assert page.inner_text("#account-link") == name
    assert "not verified yet" in page.inner_text("#email-state")
    assert page.is_visible("#email-resend-btn")
    assert page.query_selector("section#account-push") is not None

    # A passkey, made by the virtual authenticator.
    page.fill("#passkey-label", "Laptop")
    page.fill("#passkey-password", PASSWORD)
    page.click("#passkey-add-btn")
    page.wait_for_selector("#passkey-list li[data-passkey]")
    assert "Laptop" in page.inner_text("#passkey-list") and "never used" in page.inner_text("#passkey-list")
    creds = cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})["credentials"]
    assert len(creds) == 1 and creds[0]["isResidentCredential"]

    # Notification preferences are kept.
    page.uncheck("#notify-start")
    page.wait_for_function("() => document.getElementById('notify-status').textContent === 'Saved.'")
    page.screenshot(path=str(artifacts / "account-signed-in-1280.png"), full_page=True)

    # Sign out, sign in with the password.
    sign_out(page)
    page.fill("#signin-name", name.lower())
    page.fill("#signin-password", PASSWORD)
    page.click("#signin-btn")
    page.wait_for_selector("#signed-in:not([hidden])")
    assert page.inner_text("#me-name") == name
    assert not page.is_checked("#notify-start") and page.is_checked("#notify-turn")

    # Sign out, sign in with the passkey: no name, no password.
    sign_out(page)
    page.click("#signin-passkey-btn")
    page.wait_for_selector("#signed-in:not([hidden])")
    assert page.inner_text("#me-name") == name
    assert "Signed in with your passkey" in page.inner_text("#me-status")
    page.wait_for_function("() => document.getElementById('passkey-list').textContent.includes('last used')")
    assert page.evaluate("() => document.cookie") == ""  # the session and passkey cookies are HttpOnly

    # Every page's top bar names the account.
    page.goto(base + "/rules")
    page.wait_for_function(f"() => document.getElementById('account-link').textContent === {json.dumps(name)}")
    page.goto(base + "/account")

    # Another device signs in: the account's seat comes along (no resume link), and leaves at sign-out.
    other = browser.new_context(viewport={"width": 390, "height": 844})
    phone = other.new_page()
    phone.goto(base + "/account")
    phone.fill("#signin-name", name)
    phone.fill("#signin-password", PASSWORD)
    phone.click("#signin-btn")
    phone.wait_for_selector("#signed-in:not([hidden])")
    held = phone.evaluate("(gid) => JSON.parse(localStorage.getItem(`doi:seat:${gid}`))", room["id"])
    assert held["seat"] == "rev1" and held["token"] == seat["token"]
    # A seat the account claims on the laptop reaches the phone's lobby and table by itself.
    room2 = post(base + "/api/games", {"revolutionaries": 1})
    invite2 = room2["invites"]["soviet"].split("invite=")[1]
    claimed = page.evaluate("""async ([gid, invite, name]) => {
      const r = await fetch(`/api/games/${gid}/seats/soviet`, {method: "POST", headers: {"Content-Type": "application/json"},
                                                              body: JSON.stringify({name, invite})});
      return (await r.json()).token; }""", [room2["id"], invite2, name])
    phone.goto(base + "/")
    phone.wait_for_function("(gid) => localStorage.getItem(`doi:seat:${gid}`) !== null", arg=room2["id"])
    assert phone.evaluate("(gid) => JSON.parse(localStorage.getItem(`doi:seat:${gid}`)).token", room2["id"]) == claimed
    phone.goto(base + "/account")
    phone.click("#signout-btn")
    phone.wait_for_selector("#signed-out:not([hidden])")
    for gid in (room["id"], room2["id"]):
        assert phone.evaluate("(gid) => localStorage.getItem(`doi:seat:${gid}`)", gid) is None
    other.close()

    # The phone's width: nothing wider than the screen.
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    page.wait_for_selector("#signed-in:not([hidden])")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(artifacts / "account-signed-in-390.png"), full_page=True)
    sign_out(page)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(artifacts / "account-signed-out-390.png"), full_page=True)

    # Removing the passkey (with its inline confirmation), then it no longer signs in.
    page.fill("#signin-name", name)
    page.fill("#signin-password", PASSWORD)
    page.click("#signin-btn")
    page.wait_for_selector("#signed-in:not([hidden])")
    page.click("#passkey-list li[data-passkey] button")
    page.click("text=Remove it")
    page.wait_for_selector("#passkey-none:not([hidden])")
    sign_out(page)
    page.click("#signin-passkey-btn")
    page.wait_for_function("() => document.getElementById('signin-error').textContent.length > 0")
    assert "does not sign in any account" in page.inner_text("#signin-error")
    assert page.is_visible("#signed-out")
    assert not errors, errors
    ctx.close()


def test_the_reset_page_takes_the_token_out_of_the_address_bar_and_explains_a_bad_link(server, browser, artifacts):
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    page.goto(server.url + "/account/reset?token=forged.token.value")
    assert "token" not in page.url
    page.fill("#reset-password", "a new passphrase")
    page.fill("#reset-again", "a different one!")
    page.click("#reset-btn")
    assert page.inner_text("#reset-error") == "The two passwords differ."
    page.fill("#reset-again", "a new passphrase")
    page.click("#reset-btn")
    page.wait_for_function("() => document.getElementById('reset-error').textContent.includes('link')")
    assert "used up, expired or damaged" in page.inner_text("#reset-error")
    page.screenshot(path=str(artifacts / "account-reset-390.png"), full_page=True)
    ctx.close()


def test_no_form_of_the_account_pages_can_put_a_password_in_a_url(server, browser):
    """Before the page's script runs (or if it never does), submitting a form must not navigate to
    a URL with the password in it: every form posts, and no field has a name to be sent under."""
    ctx = browser.new_context(java_script_enabled=False)
    page = ctx.new_page()
    for path in ("/account", "/account/reset"):
        page.goto(server.url + path)
        forms = page.evaluate("() => [...document.forms].map(f => [f.id, f.method, "
                              "[...f.elements].filter(e => e.name).map(e => e.name)])")
        assert forms and all(method == "post" and not named for _, method, named in forms), forms
    ctx.close()

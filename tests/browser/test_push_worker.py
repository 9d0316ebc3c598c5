"""Issue 34, Web Push in a real browser (Debian's Chromium, headless): the service worker registers
at the site's root, `pushManager` is reachable, and what it does with a push (the notification's
title, text and link, a foreign link refused) is checked by dispatching a push event inside the
worker itself. A real subscription cannot be made here: Chromium's push service (Google's FCM)
needs the internet, and headless Chromium refuses `pushManager.subscribe` anyway ("Registration
failed - permission denied", the notification permission granted or not). So subscribing is tried,
and must fail cleanly, saying so on the page and storing nothing; what the server then sends is
tested against a push-service stand-in (tests/server/test_notify_push.py)."""
from __future__ import annotations

import json
import secrets

import pytest

pytestmark = pytest.mark.browser


@pytest.fixture
def signed_in(server, browser):
    context = browser.new_context()
    context.grant_permissions(["notifications"], origin=server.url)
    page = context.new_page()
    page.goto(server.url + "/")
    name = f"Push{secrets.token_hex(3)}"
    status = page.evaluate("""async (name) => (await fetch('/api/accounts', {method: 'POST',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({name, password: 'correct horse battery'})})).status""", name)
    assert status == 201
    page.goto(server.url + "/")
    yield context, page
    context.close()


def test_the_control_shows_for_an_account_and_the_worker_registers_with_push_reachable(signed_in, server):
    context, page = signed_in
    panel = page.locator("#push-panel")
    panel.wait_for(state="visible")
    assert page.locator("[data-push-toggle]").inner_text() == "Enable notifications on this browser"
    got = page.evaluate("""async () => {
        const m = await import('/static/js/push.js');
        const reg = await m.registerWorker();
        return {scope: reg.scope, active: Boolean(reg.active), supported: m.supported(),
                push: typeof reg.pushManager.subscribe, state: await reg.pushManager.permissionState({userVisibleOnly: true}),
                key: (await (await fetch('/api/push/key')).json()).key};
    }""")
    assert got["scope"] == server.url + "/" and got["active"] and got["supported"]
    assert got["push"] == "function" and got["state"] == "granted"
    assert len(got["key"]) == 87


def test_the_worker_shows_a_pushed_notification_with_the_tables_link_and_refuses_a_foreign_one(signed_in, server):
    context, page = signed_in
    page.evaluate("async () => (await import('/static/js/push.js')).registerWorker()")
    worker = next(w for w in context.service_workers if w.url.endswith("/sw.js"))
    payload = {"title": "Your turn in Days of Ire (game abc)", "body": "It is your turn as Revolutionary 1.",
               "url": server.url + "/games/abc/table", "tag": "doi-abc"}
    shown = worker.evaluate("""async (payloads) => {
        const out = [];
        for (const p of payloads) {
            // A push event as the push service's would be (dispatched here: no push service offline).
            try { self.dispatchEvent(new PushEvent('push', {data: p})); } catch (e) { /* waitUntil of an untrusted event */ }
            await new Promise((r) => setTimeout(r, 300));
            const [n] = await self.registration.getNotifications({tag: JSON.parse(p).tag});
            out.push(n ? {title: n.title, body: n.body, url: n.data.url} : null);
        }
        return out;
    }""", [json.dumps(payload), json.dumps({**payload, "url": "https://evil.example/phish", "tag": "doi-evil"}),
           json.dumps({"tag": "doi-empty"})])
    assert shown[0] == {"title": payload["title"], "body": payload["body"], "url": payload["url"]}
    assert shown[1]["url"] == server.url + "/"  # a link off the site is never opened
    assert shown[2] == {"title": "Days of Ire", "body": "", "url": server.url + "/"}


def test_subscribing_offline_fails_cleanly_and_stores_nothing(signed_in):
    context, page = signed_in
    page.locator("#push-panel").wait_for(state="visible")
    page.locator("[data-push-toggle]").click()
    error = page.locator("[data-push-error]")
    error.wait_for(state="visible", timeout=30_000)
    page.wait_for_function("document.querySelector('[data-push-error]').textContent.length > 0", timeout=30_000)
    assert error.inner_text().startswith("Could not change it:"), error.inner_text()
    assert page.locator("[data-push-toggle]").inner_text() == "Enable notifications on this browser"
    assert page.evaluate("async () => (await (await fetch('/api/me/push')).json()).browsers") == 0

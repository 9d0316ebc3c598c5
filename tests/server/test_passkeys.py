"""Issue 34: passkeys, a second way into an account. A software authenticator (ES256, "none"
attestation) answers the server's options; the server's real verifier (the `webauthn` library)
checks every answer: nothing of it is mocked."""
from __future__ import annotations

import asyncio
import copy
from datetime import UTC, datetime, timedelta

from sqlalchemy import update

from app.infra.models import PasskeyChallengeRow
from tests.server.helpers import browser, create_room
from tests.server.soft_authenticator import SoftAuthenticator, b64url, unb64url
from tests.server.test_accounts import PASSWORD, claim, sign_up


def add_passkey(client, csrf, key: SoftAuthenticator, label=None):
    r = client.post("/api/me/passkey/options", headers={"X-CSRF-Token": csrf}, json={"current_password": PASSWORD})
    assert r.status_code == 200, r.text
    body = {"credential": key.create(r.json()["publicKey"])}
    if label:
        body["label"] = label
    r = client.post("/api/me/passkey", headers={"X-CSRF-Token": csrf}, json=body)
    assert r.status_code == 201, r.text
    return r.json()


def sign_in_options(client) -> dict:
    r = client.post("/api/session/passkey/options")
    assert r.status_code == 200, r.text
    return r.json()["publicKey"]


def test_a_passkey_registered_signs_the_account_in_on_another_device_without_a_name(client):
    name, csrf = sign_up(client)
    key = SoftAuthenticator()
    out = add_passkey(client, csrf, key, label="Phone")
    assert out["label"] == "Phone" and out["last_used_at"] is None
    phone = browser(client)
    options = sign_in_options(phone)
    assert options["rpId"] == "testserver"
    assert not options.get("allowCredentials")  # discoverable: the options name no account's credentials
    r = phone.post("/api/session/passkey", json={"credential": key.get(options)})
    assert r.status_code == 200, r.text
    assert r.json()["account"]["name"] == name and r.json()["csrf"]
    assert phone.get("/api/me").json()["account"]["name"] == name
    listed = phone.get("/api/me/passkeys").json()
    assert [p["label"] for p in listed] == ["Phone"] and listed[0]["last_used_at"]


def test_the_registration_options_ask_for_a_discoverable_passkey_of_this_site_and_need_the_password(client):
    name, csrf = sign_up(client)
    assert client.post("/api/me/passkey/options", json={"current_password": PASSWORD}).status_code == 403  # CSRF
    r = client.post("/api/me/passkey/options", headers={"X-CSRF-Token": csrf}, json={"current_password": "wrong pass"})
    assert r.status_code == 403
    r = client.post("/api/me/passkey/options", headers={"X-CSRF-Token": csrf}, json={"current_password": PASSWORD})
    options = r.json()["publicKey"]
    assert options["rp"] == {"id": "testserver", "name": "Days of Ire Online"}
    assert options["user"]["name"] == name and name.encode() not in unb64url(options["user"]["id"])
    assert options["authenticatorSelection"]["residentKey"] == "required"
    assert len(unb64url(options["challenge"])) == 32
    assert "doi_passkey" in r.headers["set-cookie"] and "HttpOnly" in r.headers["set-cookie"]
    assert browser(client).post("/api/me/passkey/options", json={"current_password": PASSWORD}).status_code == 401


def test_a_replayed_challenge_is_refused(client):
    name, csrf = sign_up(client)
    key = SoftAuthenticator()
    add_passkey(client, csrf, key)
    phone = browser(client)
    options = sign_in_options(phone)
    answer = key.get(options)
    assert phone.post("/api/session/passkey", json={"credential": answer}).status_code == 200
    # The same answer again (the cookie put back, as an attacker who saw both would):
    phone.cookies.set("doi_passkey", _last_ticket(phone, options, key), path="/api/")
    again = phone.post("/api/session/passkey", json={"credential": key.get(options)})
    assert again.status_code == 401 and "start again" in again.json()["detail"]
    # A fresh signature over the old challenge, without any ticket: nothing waits for it either.
    fresh = browser(client)
    assert fresh.post("/api/session/passkey", json={"credential": key.get(options)}).status_code == 401


def _last_ticket(client, options, key) -> str:
    """A ticket that was used: start a new ceremony and keep its cookie, then use it up."""
    opts = sign_in_options(client)
    ticket = client.cookies.get("doi_passkey", path="/api/")
    assert client.post("/api/session/passkey", json={"credential": key.get(opts)}).status_code == 200
    return ticket


def test_a_failed_answer_uses_the_challenge_up_too(client):
    _, csrf = sign_up(client)
    key = SoftAuthenticator()
    add_passkey(client, csrf, key)
    phone = browser(client)
    options = sign_in_options(phone)
    ticket = phone.cookies.get("doi_passkey", path="/api/")
    bad = key.get(options)
    bad["response"]["signature"] = b64url(b"\x30\x06\x02\x01\x01\x02\x01\x01")
    assert phone.post("/api/session/passkey", json={"credential": bad}).status_code == 401
    phone.cookies.set("doi_passkey", ticket, path="/api/")
    r = phone.post("/api/session/passkey", json={"credential": key.get(options)})
    assert r.status_code == 401 and "start again" in r.json()["detail"] and phone.get("/api/me").status_code == 401


def test_an_expired_challenge_is_refused(client):
    _, csrf = sign_up(client)
    key = SoftAuthenticator()
    add_passkey(client, csrf, key)
    phone = browser(client)
    options = sign_in_options(phone)

    async def age():
        async with client.app.state.store.transaction() as s:
            await s.execute(update(PasskeyChallengeRow).values(expires_at=datetime.now(UTC) - timedelta(seconds=1)))

    client.portal.call(age)
    r = phone.post("/api/session/passkey", json={"credential": key.get(options)})
    assert r.status_code == 401 and "expired" in r.json()["detail"]
    assert phone.get("/api/me").status_code == 401


def test_an_answer_for_another_site_or_a_registration_challenge_is_refused(client):
    _, csrf = sign_up(client)
    key = SoftAuthenticator()
    add_passkey(client, csrf, key)
    phone = browser(client)
    r = phone.post("/api/session/passkey", json={"credential": key.get(sign_in_options(phone), origin="https://evil.example")})
    assert r.status_code == 401 and "origin" in r.json()["detail"].lower()
    # A registration's challenge cannot sign in: its ticket is for another purpose.
    opts = client.post("/api/me/passkey/options", headers={"X-CSRF-Token": csrf},
                       json={"current_password": PASSWORD}).json()["publicKey"]
    r = client.post("/api/session/passkey", json={"credential": key.get(opts)})
    assert r.status_code == 401 and "start again" in r.json()["detail"]


def test_a_sign_counter_that_goes_back_is_refused(client):
    _, csrf = sign_up(client)
    key = SoftAuthenticator()
    add_passkey(client, csrf, key)
    phone = browser(client)
    assert phone.post("/api/session/passkey", json={"credential": key.get(sign_in_options(phone), count_step=5)}).status_code == 200
    clone = copy.deepcopy(key)  # a copy of the authenticator, as it was before that use
    clone.credentials[-1].sign_count -= 5
    laptop = browser(client)
    r = laptop.post("/api/session/passkey", json={"credential": clone.get(sign_in_options(laptop))})
    assert r.status_code == 401 and "sign count" in r.json()["detail"]
    assert laptop.get("/api/me").status_code == 401


def test_an_unknown_passkey_or_another_accounts_name_signs_nobody_in(client):
    _, csrf = sign_up(client)
    key = SoftAuthenticator()
    add_passkey(client, csrf, key)
    stranger = SoftAuthenticator()
    stranger.credentials = []
    phone = browser(client)
    stray = stranger.create({"rp": {"id": "testserver"}, "user": {"id": b64url(b"x" * 32)}, "challenge": "AA"})
    del stray  # made, never registered
    r = phone.post("/api/session/passkey", json={"credential": stranger.get(sign_in_options(phone))})
    assert r.status_code == 401
    other, _ = sign_up(browser(client))
    r = phone.post("/api/session/passkey", json={"credential": key.get(sign_in_options(phone)), "name": other})
    assert r.status_code == 401 and phone.get("/api/me").status_code == 401


def test_another_accounts_passkey_cannot_be_listed_or_deleted(client):
    _, anna_csrf = sign_up(client)
    anna_key = add_passkey(client, anna_csrf, SoftAuthenticator())
    bob = browser(client)
    _, bob_csrf = sign_up(bob)
    assert bob.get("/api/me/passkeys").json() == []
    r = bob.delete(f"/api/me/passkeys/{anna_key['id']}", headers={"X-CSRF-Token": bob_csrf})
    assert r.status_code == 404
    assert [p["id"] for p in client.get("/api/me/passkeys").json()] == [anna_key["id"]]
    assert client.delete(f"/api/me/passkeys/{anna_key['id']}").status_code == 403  # no CSRF token
    assert client.delete(f"/api/me/passkeys/{anna_key['id']}", headers={"X-CSRF-Token": anna_csrf}).status_code == 204
    assert client.get("/api/me/passkeys").json() == []


def test_a_removed_passkey_no_longer_signs_in(client):
    _, csrf = sign_up(client)
    key = SoftAuthenticator()
    pk = add_passkey(client, csrf, key)
    client.delete(f"/api/me/passkeys/{pk['id']}", headers={"X-CSRF-Token": csrf})
    phone = browser(client)
    assert phone.post("/api/session/passkey", json={"credential": key.get(sign_in_options(phone))}).status_code == 401


def test_the_same_passkey_cannot_be_registered_twice_nor_for_another_account(client):
    _, csrf = sign_up(client)
    key = SoftAuthenticator()
    add_passkey(client, csrf, key)
    cred = key.credentials[-1]
    opts = client.post("/api/me/passkey/options", headers={"X-CSRF-Token": csrf},
                       json={"current_password": PASSWORD}).json()["publicKey"]
    assert [c["id"] for c in opts["excludeCredentials"]] == [b64url(cred.id)]
    answer = key.create(opts)
    answer["id"] = answer["rawId"] = b64url(cred.id)  # claims the old id
    r = client.post("/api/me/passkey", headers={"X-CSRF-Token": csrf}, json={"credential": answer})
    assert r.status_code in (400, 409)
    assert len(client.get("/api/me/passkeys").json()) == 1


def test_passkey_sign_in_joins_the_seats_this_browser_holds(client):
    name, csrf = sign_up(client)
    key = SoftAuthenticator()
    add_passkey(client, csrf, key)
    room = create_room(client, 1)
    guest = browser(client)
    token = claim(guest, room, "rev1", "Anna")
    r = guest.post("/api/session/passkey", json={"credential": key.get(sign_in_options(guest)),
                                                 "seats": [{"game": room["id"], "seat": "rev1", "token": token}]})
    assert r.status_code == 200 and r.json()["seats_joined"] == 1
    assert client.get("/api/me/seats").json() == [{"game": room["id"], "seat": "rev1", "token": token}]


def test_deleting_the_account_deletes_its_passkeys(client):
    _, csrf = sign_up(client)
    key = SoftAuthenticator()
    add_passkey(client, csrf, key)
    assert client.request("DELETE", "/api/me", headers={"X-CSRF-Token": csrf}, json={"password": PASSWORD}).status_code == 204
    phone = browser(client)
    assert phone.post("/api/session/passkey", json={"credential": key.get(sign_in_options(phone))}).status_code == 401


def test_bad_passkey_input_is_refused_with_4xx_and_changes_nothing(client):
    _, csrf = sign_up(client)
    key = SoftAuthenticator()
    add_passkey(client, csrf, key)
    h = {"X-CSRF-Token": csrf}
    opts = client.post("/api/me/passkey/options", headers=h, json={"current_password": PASSWORD}).json()["publicKey"]
    good = key.create(opts)
    bads = [1, "x", None, [], {"id": 1}, {**good, "type": "password"}, {**good, "id": "a\x00b", "rawId": "a\x00b"},
            {**good, "id": "A" * 5000, "rawId": "A" * 5000}, {**good, "extra": True},
            {**good, "response": {**good["response"], "clientDataJSON": True}},
            {**good, "response": {**good["response"], "attestationObject": "A" * 200_000}},
            {**good, "response": {**good["response"], "attestationObject": "AAAA"}},
            {**good, "response": {**good["response"], "clientDataJSON": "A"}}]
    for bad in bads:
        r = client.post("/api/me/passkey/options", headers=h, json={"current_password": PASSWORD})
        assert r.status_code == 200
        r = client.post("/api/me/passkey", headers=h, json={"credential": bad})
        assert 400 <= r.status_code < 500, (bad if len(str(bad)) < 300 else str(bad)[:300], r.text)
    for label in (1, True, "a\x00b", "x" * 500, " padded "):
        client.post("/api/me/passkey/options", headers=h, json={"current_password": PASSWORD})
        assert client.post("/api/me/passkey", headers=h, json={"credential": good, "label": label}).status_code == 422
    assert len(client.get("/api/me/passkeys").json()) == 1
    for pid in ("x", "1.0", "-1", "99999999999999999999", "true"):
        assert client.delete(f"/api/me/passkeys/{pid}", headers=h).status_code == 422
    phone = browser(client)
    opts = sign_in_options(phone)
    answer = key.get(opts)
    for bad in ({**answer, "response": {**answer["response"], "signature": "A" * 5000}},
                {**answer, "response": {**answer["response"], "userHandle": 5}},
                {**answer, "response": {**answer["response"], "authenticatorData": "A"}},
                {**answer, "response": {**answer["response"], "clientDataJSON": b64url(b"{not json")}},
                {**answer, "name": "a\x00b"}, answer | {"id": "Zm9v", "rawId": "Zm9v"}):
        sign_in_options(phone)
        body = {"credential": bad} if "name" not in bad else {"credential": answer, "name": bad["name"]}
        r = phone.post("/api/session/passkey", json=body)
        assert 400 <= r.status_code < 500, r.text
    assert phone.get("/api/me").status_code == 401
    r = phone.post("/api/session/passkey", content=b'{"credential": ' + b"[" * 10_000 + b"]" * 10_000 + b"}",
                   headers={"Content-Type": "application/json"})
    assert 400 <= r.status_code < 500


def test_one_answer_sent_twice_at_once_signs_in_once(db_url):
    """Two requests carrying the same ticket and answer at the same moment: the challenge is taken
    by one delete, so exactly one of them signs in."""
    from tests.server.conftest import make_settings
    from tests.server.helpers import AsgiClient, run_async
    from tests.server.test_accounts import fresh_name

    async def scenario():
        async with AsgiClient(make_settings(db_url)) as http:
            r = await http.post("/api/accounts", json={"name": fresh_name(), "password": PASSWORD})
            h = {"X-CSRF-Token": r.json()["csrf"]}
            key = SoftAuthenticator()
            opts = (await http.post("/api/me/passkey/options", headers=h, json={"current_password": PASSWORD})).json()
            assert (await http.post("/api/me/passkey", headers=h,
                                    json={"credential": key.create(opts["publicKey"])})).status_code == 201
            await http.request("DELETE", "/api/session", headers=h)
            options = (await http.post("/api/session/passkey/options")).json()["publicKey"]
            answer = key.get(options)
            both = await asyncio.gather(*[http.post("/api/session/passkey", json={"credential": answer})
                                          for _ in range(2)])
            return sorted(r.status_code for r in both)

    assert run_async(scenario()) == [200, 401]


def test_the_relying_party_comes_from_the_public_url():
    from app.accounts.passkeys import RelyingParty, relying_party

    assert relying_party("https://doi.example.org/", "http://10.0.0.5:8000/") == \
        relying_party("https://doi.example.org:443", "") == RelyingParty("doi.example.org", "https://doi.example.org")
    assert relying_party("https://doi.example.org:8443/play/", "") == \
        RelyingParty("doi.example.org", "https://doi.example.org:8443")
    assert relying_party("", "http://localhost:8000/") == RelyingParty("localhost", "http://localhost:8000")


def test_with_a_public_url_a_passkey_made_at_another_address_is_refused(db_url):
    from fastapi.testclient import TestClient

    from app.main import create_app
    from tests.server.conftest import make_settings

    settings = make_settings(db_url).model_copy(update={"public_url": "https://play.example"})
    with TestClient(create_app(settings)) as client:
        _, csrf = sign_up(client)
        r = client.post("/api/me/passkey/options", headers={"X-CSRF-Token": csrf}, json={"current_password": PASSWORD})
        options = r.json()["publicKey"]
        assert options["rp"]["id"] == "play.example"
        key = SoftAuthenticator(origin="http://testserver")  # the page was not the public one
        r = client.post("/api/me/passkey", headers={"X-CSRF-Token": csrf}, json={"credential": key.create(options)})
        assert r.status_code == 400 and "origin" in r.json()["detail"]
        r = client.post("/api/me/passkey/options", headers={"X-CSRF-Token": csrf}, json={"current_password": PASSWORD})
        key = SoftAuthenticator(origin="https://play.example")
        r = client.post("/api/me/passkey", headers={"X-CSRF-Token": csrf},
                        json={"credential": key.create(r.json()["publicKey"])})
        assert r.status_code == 201
        assert client.get("/api/me/passkeys").json()[0]["id"] == r.json()["id"]

"""Browser tests: lobby -> room -> table, a whole first day played by clicking, per-seat secrecy,
admin review, layout at desktop and phone sizes, reconnect after a server restart."""
from __future__ import annotations

import pytest

from .conftest import ADMIN
from .helpers import admin_session, browser_room, click_pick, summary, sync, version

pytestmark = pytest.mark.browser
SEATS = ("soviet", "rev1", "rev2")
NAMES = {"soviet": "Ivan <b>Konev</b>", "rev1": "Anna & Co", "rev2": "Béla"}


@pytest.fixture(scope="module")
def table(server, browser):
    """A 2-Revolutionary room created on the home page; every seat claimed in its own context."""
    t = browser_room(server, browser, 2, NAMES)
    sync(list(t["pages"].values()) + [t["spectator"]])
    yield t
    for page in list(t["pages"].values()) + [t["home"]]:
        page.context.close()


def all_pages(t):
    return list(t["pages"].values()) + [t["spectator"]]


def first(items, pred):
    return next((x for x in items if pred(x)), None)


def decide(seat: str, v: dict, mine: set) -> tuple[str, str | None]:
    """Which highlighted element or button to click (a scripted player for day 1)."""
    legal, buttons, step = v["legal"], v["buttons"], v["step"]

    def btn(typ):
        return first(buttons, lambda b: b["type"] == typ)

    def leg(typ):
        return first(legal, lambda x: typ in x["types"])

    def once(tag, found):
        if found and tag not in mine:
            mine.add(tag)
            return True
        return False

    if seat == "soviet":
        if step == "headline" and once("cp", leg("play_headline")):
            return leg("play_headline")["pick"], "Collect CP"
        if step == "event" and once("buy", leg("buy_event")):
            return leg("buy_event")["pick"], None
        if btn("draw_headline"):
            mine.add("support")
            return btn("draw_headline")["pick"], None
        if leg("keep"):
            mine.add("keep")
            return leg("keep")["pick"], None
        if once("spa", leg("play_spa")):
            return leg("play_spa")["pick"], None
        if "spa" in mine and btn("retrieve_spa") and not btn("done"):
            return btn("retrieve_spa")["pick"], None
    else:
        if btn("choose_next"):
            return btn("choose_next")["pick"], None
        # Activate the fighter here, then move and take it along by clicking its tile.
        action = btn("activate_fighter") or btn("draw_card")
        if once("act", action):
            return action["pick"], None
        if once("move", leg("move")):
            return leg("move")["pick"], None
        if once("take", leg("take_fighter")):
            return leg("take_fighter")["pick"], None
        if "act" in mine and "move" in mine and btn("end_turn"):
            return btn("end_turn")["pick"], None
    if btn("done"):
        return btn("done")["pick"], None
    if legal:
        return legal[0]["pick"], None
    other = first(buttons, lambda b: b["type"] not in ("undo", "cancel")) or buttons[0]
    return other["pick"], None


def play_day_one(t) -> dict:
    """Play day 1 by clicking legal elements only. Returns what was done, per seat."""
    pages = t["pages"]
    done: dict[str, set] = {s: set() for s in SEATS}
    for _ in range(200):
        sync(all_pages(t))
        state = {s: summary(p) for s, p in pages.items()}
        if all(v["day"] >= 2 for v in state.values()):
            return done
        seat = next((s for s in SEATS if state[s]["actions"] > 0), None)
        assert seat, f"nobody can act: {state['soviet']['prompt']}"
        done[seat].add("step:" + state[seat]["step"])
        # The spectator never gets a clickable target.
        spec = summary(t["spectator"])
        assert spec["actions"] == 0 and not spec["legal"] and not spec["buttons"]
        pick, prefer = decide(seat, state[seat], done[seat])
        click_pick(pages[seat], pick, prefer)
    raise AssertionError("day 1 did not end within 200 clicks")


def page_text(page) -> str:
    return page.inner_text("body")


def test_play_first_day_and_secrecy(server, browser, table):
    t = table
    pages = t["pages"]
    # Names are shown as text, never as markup.
    assert "Ivan <b>Konev</b>" in page_text(pages["rev1"])
    assert pages["rev1"].query_selector("#player-list b") is None
    done = play_day_one(t)
    print(done)
    assert {"cp", "keep", "step:headline", "step:army", "step:market"} <= done["soviet"], done
    for seat in ("rev1", "rev2"):
        assert {"move", "act"} <= done[seat], done
    # A fighter is a click target on its own tile (taken along on a move).
    assert any("take" in done[seat] for seat in ("rev1", "rev2")), done
    assert not t["errors"], t["errors"]
    sync(all_pages(t))

    # Secrecy: every context shows only its own hand.
    get = admin_session(server.url, *ADMIN)
    admin_view = get(f"/api/admin/games/{t['gid']}")["view"]
    texts = __import__("engine.public", fromlist=["view_records"]).view_records()  # views carry ids only
    hands = {seat: {texts[c["id"]]["name"] for c in cards} for seat, cards in admin_view["secrets"]["hands"].items()}
    headlines = {texts[h["id"]]["title"] for h in admin_view["secrets"]["headline_hand"]}
    public = page_text(t["spectator"])
    for seat, page in pages.items():
        own_hand = page.inner_text("#hand")
        text = page_text(page).replace(own_hand, "")  # own cards may contain other names ("Ammunition crate")
        if seat == "soviet":
            assert all(h in own_hand for h in headlines)
        else:
            assert all(n in own_hand for n in hands[seat])
        for other, names in hands.items():
            if other == seat:
                continue
            for n in names - hands.get(seat, set()) - {x for x in names if x in public}:
                # "Ammunition" is also part of "Ammunition crate": drop longer card names first.
                bare = text
                for longer in CARD_NAMES:
                    if n in longer and longer != n:
                        bare = bare.replace(longer, "")
                assert n not in bare, f"{seat} sees {other}'s card {n}"
        if seat != "soviet":
            for h in headlines - {x for x in headlines if x in public}:
                assert h not in text, f"{seat} sees the Soviet headline {h}"
    assert "spectating" in t["spectator"].inner_text("#hand-wrap").lower()
    assert t["spectator"].query_selector("#hand .card") is None

    # The admin review shows every hand.
    admin = browser.new_context(viewport={"width": 1280, "height": 800})
    ap = admin.new_page()
    ap.goto(server.url + "/admin")
    ap.fill("#admin-name", ADMIN[0])
    ap.fill("#admin-password", ADMIN[1])
    ap.click("#login-btn")
    ap.click("#status-tabs button[data-status=active]")
    ap.click(f"a[href='/admin/games/{t['gid']}']")
    ap.wait_for_selector("#all-hands ul[data-seat=rev2] li")
    for seat, names in hands.items():
        shown = ap.inner_text(f"#all-hands ul[data-seat={seat}]")
        assert all(n in shown for n in names), (seat, names, shown)
    assert all(h in ap.inner_text("#all-hands ul[data-seat=soviet]") for h in headlines)
    # Step back through the replay with the slider.
    ap.eval_on_selector("#step", "s => { s.value = '0'; s.dispatchEvent(new Event('input')); }")
    ap.wait_for_function("() => document.getElementById('step-action').textContent.startsWith('Start')")
    ap.click("#step-next")
    ap.wait_for_function("() => document.getElementById('step-action').textContent.startsWith('Step 1')")
    admin.close()


CARD_NAMES = sorted({c["name"] for c in __import__("engine.catalog", fromlist=["catalog"]).catalog()
                     ["revolutionary_cards"].values()}, key=len, reverse=True)


def boxes_overlap(a, b) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"] or
                a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_layout_screenshots(server, browser, table, artifacts, size):
    w, h = size
    ctx = browser.new_context(viewport={"width": w, "height": h}, device_scale_factor=1)
    seat_page = table["pages"]["rev1"]
    # Same seat in a second context: copy its token from localStorage.
    token = seat_page.evaluate(f"() => localStorage.getItem('doi:seat:{table['gid']}')")
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"doi:seat:{table['gid']}", token])
    page.goto(f"{server.url}/games/{table['gid']}/table")
    page.wait_for_selector("#loc-radio")
    page.wait_for_selector("#hand .card")
    board = page.locator("#board-wrap").bounding_box()
    hand = page.locator("#hand-wrap").bounding_box()
    prompt = page.locator("#prompt").bounding_box()
    for a, b, what in ((board, hand, "board/hand"), (board, prompt, "board/prompt"), (hand, prompt, "hand/prompt")):
        assert not boxes_overlap(a, b), what
    # Every location visible within the viewport or its scroll container.
    scroll = page.locator("#board-scroll").bounding_box()
    sw = page.eval_on_selector("#board-scroll", "s => [s.scrollWidth, s.scrollHeight]")
    for loc in ("szena", "bem", "university", "kossuth", "astoria", "radio", "blaha", "corvin", "hwpp", "stalin", "csepel"):
        page.eval_on_selector(f"#loc-{loc}", "n => n.scrollIntoView({block: 'center', inline: 'center'})")
        box = page.locator(f"#loc-{loc}").bounding_box()
        assert box and box["width"] > 40, loc
        page_w = page.evaluate("() => document.documentElement.clientWidth")
        assert box["x"] >= scroll["x"] - 2 and box["x"] + box["width"] <= scroll["x"] + max(scroll["width"], 0) + 2 \
            or box["x"] >= 0 and box["x"] + box["width"] <= page_w, (loc, box, scroll, sw)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.eval_on_selector("#board-scroll", "s => s.scrollTo(0, 0)")
    name = "desktop" if w > 1000 else "phone"
    page.screenshot(path=str(artifacts / f"table-{name}.png"))
    page.screenshot(path=str(artifacts / f"table-{name}-full.png"), full_page=True)
    ctx.close()


def test_reconnect_after_restart(server, table):
    page = table["pages"]["rev2"]
    v = version(page)
    prompt = page.inner_text("#prompt-text")
    server.kill()
    page.wait_for_function("() => document.getElementById('conn').dataset.state === 'reconnecting'", timeout=10_000)
    assert "connect" in page.inner_text("#conn").lower()
    server.start()
    page.wait_for_function("() => document.getElementById('conn').dataset.state === 'connected'", timeout=20_000)
    page.wait_for_function(f"() => +document.getElementById('table').dataset.version === {v}", timeout=10_000)
    assert page.inner_text("#prompt-text") == prompt
    # Still playable: the table answers a click after the restart (all contexts reconnected).
    sync(all_pages(table), timeout=20)

"""Browser test (issue 15): a Zhukov room for 4 Revolutionaries created on the home page, no Soviet
seat anywhere, and the whole first day played by clicking only what the page highlights."""
from __future__ import annotations

import pytest

from .helpers import browser_room, click_pick, summary, sync

pytestmark = pytest.mark.browser
SEATS = ("rev1", "rev2", "rev3", "rev4")


def test_zhukov_room_for_4_plays_the_first_day(server, browser):
    home = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    home.goto(server.url + "/")
    assert not home.is_visible("input[name=revolutionaries][value='4']")  # Conflict: 1-3
    home.check("input[name=ruleset][value='zhukov']")
    assert not home.is_visible('.seat-player[data-seat="soviet"]')
    home.context.close()
    t = browser_room(server, browser, 4, {seat: f"Player {seat[-1]}" for seat in SEATS}, ruleset="zhukov")
    pages, spectator, errors, home = t["pages"], t["spectator"], t["errors"], t["home"]
    everyone = list(pages.values()) + [spectator]
    try:
        players = pages["rev1"].inner_text("#player-list")
        assert "Soviet commander" not in players
        assert "General Zhukov deck" in pages["rev1"].inner_text("#market-wrap")  # its panel, where Conflict has the market
        assert [li.get_attribute("data-seat") for li in pages["rev1"].query_selector_all("#player-list li[data-seat]")] \
            == list(SEATS)
        steps: set[str] = set()
        for _ in range(300):
            sync(everyone)
            state = {s: summary(p) for s, p in pages.items()}
            if all(v["day"] >= 2 for v in state.values()) or state["rev1"]["phase"] == "over":
                break  # clicking the first legal thing can lose on day 1 (four injuries): the game is over then
            seat = next((s for s in SEATS if state[s]["actions"] > 0), None)
            assert seat, f"nobody can act in phase {state['rev1']['phase']}: {state['rev1']['prompt']}"
            v = state[seat]
            steps.add(v["step"])
            spec = summary(spectator)
            assert spec["actions"] == 0 and not spec["legal"] and not spec["buttons"]
            buttons = [b for b in v["buttons"] if b["type"] not in ("undo", "cancel")]
            pick = next((b["pick"] for b in buttons if b["type"] in ("choose_next", "draw_card", "end_turn", "done")),
                        None)
            if pick is None:
                pick = v["legal"][0]["pick"] if v["legal"] else buttons[0]["pick"]
            click_pick(pages[seat], pick)
        else:
            raise AssertionError("day 1 did not end within 300 clicks")
        assert {"turns"} <= steps, steps
        sync(everyone)
        assert summary(spectator)["day"] == 2 or summary(spectator)["phase"] == "over"
        assert not errors, errors
    finally:
        for page in list(pages.values()) + [home]:
            page.context.close()

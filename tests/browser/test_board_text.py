"""Browser tests of issue 12, "a board people enjoy looking at": every word and number drawn on the
map is readable at the size a player sees it, and none spills out of the card it belongs to.

The board is an SVG scaled into its column, so a font size in the SVG says nothing by itself: the
size on screen is the computed font size times the scale of the text's screen matrix (the viewBox
into the column, times any scale of its location). Measured for the Soviet and a Revolutionary at
1280x800 and on a phone at 390x844 at its default zoom (the map at its own width, scrolled sideways;
"Fit map" is the player's choice), on a crowded position: several fighters on one location, a
Revolutionary tank, events with a count per icon and a penalty, standees.

Screenshots: tests/browser/artifacts/board-text-<seat>-<size>.png."""
from __future__ import annotations

import pytest

from tests.staging_headlines import give_active, give_rev_tank
from tests.staging_soviet_phase import with_event
from tests.support import game, to_rev_turn

from .staged import StagedTable

pytestmark = pytest.mark.browser
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
MIN_PX = 10.0  # the smallest text on the board, in screen pixels, at every size a player sees it

# Every visible text node of the board: its size on screen and where it is.
TEXT_SIZES_JS = """() => [...document.querySelectorAll('#board text')].filter(t => t.textContent.trim()
    && getComputedStyle(t).display !== 'none' && getComputedStyle(t).visibility !== 'hidden').map(t => {
  const m = t.getScreenCTM();
  const k = Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
  const loc = t.closest('.loc');
  const own = [...t.childNodes].filter(n => n.nodeType === 3).map(n => n.data).join('');  // not its tooltip
  return {px: +(parseFloat(getComputedStyle(t).fontSize) * k).toFixed(2), text: own,
          cls: t.getAttribute('class') || t.parentNode.getAttribute('class') || '', loc: loc ? loc.dataset.loc : null};
}).sort((a, b) => a.px - b.px)"""

# Texts that lie outside the shape that holds them: a location's card, a fighter's tile, an event's box.
SPILLS_JS = """() => {
  const inside = (r, b) => r.left >= b.left - 1 && r.right <= b.right + 1 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1;
  const out = [];
  for (const t of document.querySelectorAll('#board .loc text')) {
    if (!t.textContent.trim() || t.classList.contains('dest-label')) continue;  // "moving here" sits above its card
    const holder = t.closest('.fighter') ? t.closest('.fighter').querySelector('.chip')
                 : t.closest('.event') ? t.closest('.event').querySelector('.event-box')
                 : t.closest('.loc').querySelector('.loc-box');
    const r = t.getBoundingClientRect(), b = holder.getBoundingClientRect();
    if (!inside(r, b)) out.push({text: t.textContent, loc: t.closest('.loc').dataset.loc,
                                 text_box: [r.left, r.right, r.top, r.bottom].map(Math.round),
                                 holder: [b.left, b.right, b.top, b.bottom].map(Math.round)});
  }
  return out;
}"""


def crowded():
    """A Revolutionary turn on day 1 with the board at its fullest: four fighters on Kossuth Square,
    three on the Astoria, a Revolutionary tank at the Radio, events with a count per icon and a penalty."""
    g = game(2, seed=3)
    to_rev_turn(g)
    give_active(g, "kossuth", 3)
    give_active(g, "astoria", 2)
    give_rev_tank(g, "radio")
    with_event(g, "hwpp", "e22")     # Battle: ammunition per event, and a penalty
    with_event(g, "kossuth", "e19")  # Multi-party government demanded: information per event
    return g


@pytest.fixture(scope="module")
def position():
    return crowded()


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("who", ["soviet", "revolutionary"])
def test_every_text_on_the_board_is_readable_and_inside_its_card(server, browser, artifacts, position, who, size):
    g = position
    seat = "soviet" if who == "soviet" else g.active_seats()[0]
    t = StagedTable(browser, server.url, g, seat, size=SIZES[size])
    try:
        page = t.page
        page.wait_for_selector("#loc-kossuth .fighter >> nth=3")
        page.evaluate("() => document.fonts.ready")
        assert not page.evaluate("() => document.body.classList.contains('fit-map')")  # the phone's default zoom
        page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=str(artifacts / f"board-text-{who}-{size}.png"))
        sizes = page.evaluate(TEXT_SIZES_JS)
        assert len(sizes) > 40, sizes  # names, events, fighters, tokens: the board is drawn
        smallest: dict[str, float] = {}  # per kind of text, for the failure message and the record
        for s in sizes:
            smallest.setdefault(s["cls"], s["px"])
        print(who, size, smallest)
        small = [s for s in sizes if s["px"] < MIN_PX]
        assert not small, f"{len(small)} texts below {MIN_PX}px on screen; smallest per kind {smallest}; first: {small[:6]}"
        # Nothing spills out of its card, tile or event box (a long name is shortened, its tooltip has it all).
        assert page.evaluate(SPILLS_JS) == []
        # The facts a shortened chip leaves out are in its tooltip: the full name and whether it is active.
        for f in g.view(seat)["locations"]["kossuth"]["fighters"]:
            tip = page.locator(f"#loc-kossuth .fighter[data-fighter={f['id']}] > title").text_content()
            assert f["name"] in tip and ("(active)" in tip if f["active"] else "(inactive" in tip), tip
    finally:
        assert not t.errors, t.errors
        t.close()

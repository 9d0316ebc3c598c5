"""The rules in our own words at /rules (issue 33, "rules in our words"): every rules section of
the rulebook has its place on the page, no sentence is copied from the rulebook, and every link to
a card or a ruling leads somewhere."""
from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from app.web import rules_page
from app.web.routes.pages import templates
from engine.public import catalog

# The rulebook lives beside the repository (DESIGN.md, "seeds"), not in it; as in
# tests/test_contract.py, the checks against it need that copy.
RULEBOOK = Path("/work/shared/seeds/days-of-ire-rulebook.txt")
needs_rulebook = pytest.mark.skipif(not RULEBOOK.exists(), reason=f"the rulebook is not at {RULEBOOK}")
# Rulebook chapters that are not rules: the story of 1956 and the people who made the game.
NOT_RULES = {"A Brief History of the Revolution", "Credits"}


def rulebook_sections() -> list[str]:
    """The rulebook's table of contents as "Chapter" and "Chapter > Section"."""
    lines = RULEBOOK.read_text(encoding="utf-8").splitlines()
    start = lines.index("Table of Contents", lines.index("Table of Contents") + 1) + 1
    out, parent = [], None
    for line in lines[start:]:
        if not line.strip():
            continue
        if not line.lstrip().startswith("•"):
            break
        title = line.strip().lstrip("• ").strip()
        if line.startswith("  "):
            out.append(f"{parent} > {title}")
        else:
            parent = title
            out.append(title)
    return out


class _Page(HTMLParser):
    """The covered rulebook headings, the visible text, and the links of the rendered rules text."""

    def __init__(self):
        super().__init__()
        self.covered, self.text, self.links, self.ids = [], [], [], set()
        self.rulings, self._in_rulings = [], False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("data-rulebook"):
            self.covered += a["data-rulebook"].split("|")
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "a":
            self.links.append(a.get("href", ""))
        if tag == "dl" and "rulings" in (a.get("class") or ""):
            self._in_rulings = True
        if tag in ("p", "li", "h2", "h3", "dd", "dt"):
            self.text.append("\n")

    def handle_endtag(self, tag):
        if tag == "dl":
            self._in_rulings = False

    def handle_data(self, data):
        # The rulings (docs/rulings.md) quote the rulebook's words they interpret, in quotation
        # marks; everything else is ours alone.
        (self.rulings if self._in_rulings else self.text).append(data)


@pytest.fixture(scope="module")
def page() -> _Page:
    html = templates.get_template("rules_text.html").render(**rules_page.context())
    p = _Page()
    p.feed(html)
    return p


def words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower().replace("’", "'"))


def grams(ws: list[str], n: int = 8) -> set[tuple[str, ...]]:
    return {tuple(ws[i:i + n]) for i in range(len(ws) - n + 1)}


@needs_rulebook
def test_the_rulebook_table_of_contents_is_read():
    sections = rulebook_sections()
    assert "Overview and Goal of the Game" in sections
    assert "Conflict Ruleset (1 vs Many, 2-4 Players) > Phase 3: State Protection Authority Phase" in sections
    assert len(sections) == 37


@needs_rulebook
def test_every_rules_section_of_the_rulebook_has_its_place_on_the_page(page):
    missing = [s for s in rulebook_sections() if s not in NOT_RULES and s not in page.covered]
    assert not missing, f"rulebook sections without a place on /rules: {missing}"
    unknown = [s for s in page.covered if s not in rulebook_sections()]
    assert not unknown, f"data-rulebook names no rulebook section: {unknown}"


@needs_rulebook
def test_no_run_of_8_words_is_copied_from_the_rulebook(page):
    book = grams(words(RULEBOOK.read_text(encoding="utf-8")))
    quoted = re.compile(r'"[^"]*"|“[^”]*”|«[^»]*»')
    text = "".join(page.text) + "\n" + quoted.sub(" ", "\n".join(page.rulings))
    copied = []
    for sentence in re.split(r"(?<=[.!?:;])\s+|\n", text):
        ws = words(sentence)
        hits = grams(ws) & book
        if hits:
            copied.append((sentence.strip(), " ".join(sorted(hits)[0])))
    assert not copied, copied


def test_the_goal_and_how_each_side_wins_are_found_by_the_words_a_new_player_searches(page):
    text = "".join(page.text).lower()
    for word in ("goal", "win", "victory", "lose", "evaluation", "injury", "morale", "skull"):
        assert word in text, word
    assert re.search(r"at most\s+4\s+events remain", text)


def test_every_card_and_ruling_link_leads_to_an_entry(page):
    ids = set()
    c = catalog()
    for group in ("headlines", "events", "card_kinds", "fighters", "spa_cards", "player_powers"):
        ids |= set(c[group])
    rulings = {r["id"] for r in rules_page.rulings()}
    cards = [h[len("#card-"):] for h in page.links if h.startswith("#card-")]
    refs = [h[len("#ruling-"):] for h in page.links if h.startswith("#ruling-")]
    assert len(cards) > 20 and len(refs) > 30
    assert set(cards) <= ids
    assert set(refs) <= rulings
    assert {f"ruling-{r}" for r in rulings} <= page.ids
    inner = [h[1:] for h in page.links if h.startswith("#") and not h.startswith(("#card-", "#ruling-"))]
    catalogue = {"headlines", "events", "revcards", "fighters", "zhukov", "spa"}  # rules.js sections
    assert set(inner) <= page.ids | catalogue


def test_rulings_are_all_on_the_page_with_question_and_ruling():
    rulings = rules_page.rulings()
    assert len(rulings) > 100
    first = rulings[0]
    assert first["id"] == "R1" and "SPA" in first["question"] and "first" in first["ruling"]
    assert "**" not in "".join(r["ruling"] for r in rulings)

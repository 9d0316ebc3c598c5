"""docs/cards.md lists every component with its text as implemented, generated from the data."""
from pathlib import Path

from app.web.cards_doc import render

DOC = Path(__file__).resolve().parents[1] / "docs" / "cards.md"


def test_cards_doc_is_up_to_date():
    assert DOC.read_text() == render(), "regenerate: python -m app.web.cards_doc > docs/cards.md"


def test_cards_doc_lists_every_component():
    text = DOC.read_text()
    assert text.count("\n| h") == 42 and text.count("\n| e") >= 33
    for name in ("Péter Hajas", "Howitzer", "T-55", "Attack!", "Molotov cocktail"):
        assert name in text


def test_cards_doc_lists_the_general_zhukov_cards_three_headlines_each():
    """The Zhukov section lists 14 cards x 3 headlines, with colour and event placement icon."""
    text = DOC.read_text()
    assert "## General Zhukov cards (Zhukov ruleset)" in text
    assert text.count("\n| z") == 42
    assert "| z14 | red | place major | bottom | Authorities open fire on the crowd |" in text

"""docs/protocol.md documents every message with its JSON Schema and is generated from the code."""
from pathlib import Path

from app.web.protocol import render

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def test_protocol_doc_is_up_to_date():
    assert DOC.read_text() == render(), "regenerate: python -m app.web.protocol > docs/protocol.md"


def test_protocol_doc_has_a_schema_for_every_message():
    text = DOC.read_text()
    for title in ("action (client to server)", "chat (client to server)", "view (server to client)",
                  "error (server to client)", "CreateGame", "ClaimSeat"):
        assert f"### {title}" in text

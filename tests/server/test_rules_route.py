"""GET /rules (issue 33): the rules in our own words are in the page the server sends (no script
needed to read them), above the card catalogue, with every ruling linkable."""
from __future__ import annotations


def test_the_rules_page_teaches_the_goal_before_the_catalogue(client):
    r = client.get("/rules")
    assert r.status_code == 200
    html = r.text
    goal, catalogue = html.index('id="goal"'), html.index('id="catalogue-panel"')
    assert goal < catalogue
    assert "Victory at the evaluation." in html and "Immediate defeat." in html
    assert 'id="ruling-R1"' in html and 'id="ruling-Z3"' in html
    assert 'href="#card-e22"' in html

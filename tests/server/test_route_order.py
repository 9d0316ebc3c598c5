"""app/main.py includes the game socket and the API before the pages, so that a room's setup
requests try fewer routes. That is only safe while no URL is served by routes of two routers:
then the order decides nothing. Checked for every route: a URL made from its path, with each
parameter filled in, is matched by no route of another router with a method in common."""
from __future__ import annotations

import re

from starlette.routing import WebSocketRoute

from app.web.routes import accounts, admin, api, coach, my_games, pages, passkeys, players, replays, seats, ws

ROUTERS = {"ws": ws, "api": api, "seats": seats, "coach": coach, "my_games": my_games, "replays": replays, "admin": admin,
           "pages": pages, "accounts": accounts, "passkeys": passkeys, "players": players}


def _kind(route) -> set[str]:
    return {"WEBSOCKET"} if isinstance(route, WebSocketRoute) or not getattr(route, "methods", None) \
        else set(route.methods)


def test_no_url_is_served_by_routes_of_two_routers():
    routes = [(name, r) for name, module in ROUTERS.items() for r in module.router.routes]
    assert len(routes) > 30
    for name, route in routes:
        url = re.sub(r"\{[^}]+\}", "x1", route.path)
        assert route.path_regex.match(url)
        for other_name, other in routes:
            if other_name != name and _kind(route) & _kind(other):
                assert not other.path_regex.match(url), (route.path, other.path)


def test_the_game_socket_and_the_api_come_before_the_pages(client):
    order = [r.original_router for r in client.app.router.routes if hasattr(r, "original_router")]
    assert order.index(ws.router) < order.index(api.router) < order.index(pages.router)

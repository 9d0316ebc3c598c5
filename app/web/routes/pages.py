"""HTML pages: lobby, room, table, admin, rules reference. The pages are thin shells; the
JS modules under /static talk to the REST API and the websocket (docs/protocol.md)."""
from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.templating import Jinja2Templates

from app.infra.files import project_dir
from app.web import rules_page
from app.web.deps import admin_session
from app.web.schemas import LIMITS
from engine.options import OPTIONS

templates = Jinja2Templates(directory=str(project_dir("templates")))
router = APIRouter(include_in_schema=False)


def _options() -> list[dict]:
    out = []
    for name, spec in OPTIONS.items():
        kind = {bool: "bool", int: "int", dict: "dict", list: "list", str: "choice"}[spec["type"]]
        out.append({"name": name, "kind": kind, "doc": spec["doc"], "default": spec["default"],
                    "range": spec.get("range"), "choices": list(spec.get("choices", ())),
                    "rulesets": list(spec.get("rulesets", ("conflict", "zhukov")))})
    return out


def _page(request: Request, name: str, **ctx) -> HTMLResponse:
    # The limits the schemas enforce, for the pages' input fields.
    limits = {"max_name_chars": LIMITS.max_name_chars, "max_chat_chars": LIMITS.max_chat_chars}
    return templates.TemplateResponse(request, name, {"limits": limits, **ctx})


@router.get("/", response_class=HTMLResponse)
async def home(request: Request):
    return _page(request, "home.html", options=_options())


@router.get("/rules", response_class=HTMLResponse)
async def rules(request: Request):
    return _page(request, "rules.html", **rules_page.context())


@router.get("/games/{gid}", response_class=HTMLResponse)
async def room(request: Request, gid: str):
    return _page(request, "room.html", gid=gid, join_seat=None)


@router.get("/games/{gid}/join/{seat}", response_class=HTMLResponse)
async def join(request: Request, gid: str, seat: str):
    return _page(request, "room.html", gid=gid, join_seat=seat)


@router.get("/games/{gid}/table", response_class=HTMLResponse)
async def table(request: Request, gid: str):
    return _page(request, "table.html", gid=gid)


@router.get("/account", response_class=HTMLResponse)
async def account(request: Request):
    return _page(request, "account.html")


@router.get("/account/reset", response_class=HTMLResponse)
async def account_reset(request: Request):
    # The token stays in the query string for the page's script only (no Referer leaves: headers.py).
    return _page(request, "account_reset.html")


@router.get("/admin", response_class=HTMLResponse)
async def admin(request: Request):
    # The page knows whether the admin cookie is good, so its script never asks the API only to
    # be told 401 (a red line in every visitor's console).
    return _page(request, "admin.html", logged_in=admin_session(request.app, request.cookies) is not None)


@router.get("/admin/games/{gid}", response_class=HTMLResponse)
async def admin_game(request: Request, gid: str):
    if admin_session(request.app, request.cookies) is None:
        return RedirectResponse("/admin", status_code=303)  # log in first
    return _page(request, "admin_game.html", gid=gid)

"""An account's notification channels besides mail (issue 34): Web Push (the server's public VAPID
key, a browser's subscription kept and dropped, and the service worker that shows what arrives,
served at /sw.js so its scope is the whole site) and the account's own webhook (a Discord or Slack
channel, or generic JSON). What is sent, and when: app.notify."""
from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Request, Response
from fastapi.responses import FileResponse
from pydantic import AfterValidator, BaseModel, Field

from app.infra.chat_formats import detect
from app.infra.files import project_dir
from app.notify import subscriptions
from app.notify.push import check_auth_secret, check_receiver_key
from app.play.store import StoreError
from app.seats.hook_urls import MAX_URL_CHARS, check_target, check_url
from app.web.deps import AccountDep
from app.web.schemas import Strict, WebhookUrl, errors

router = APIRouter(prefix="/api", tags=["accounts"])
pages = APIRouter(include_in_schema=False)

P256dh = Annotated[str, Field(min_length=86, max_length=88, pattern=r"^[A-Za-z0-9_-]+={0,2}$"),
                   AfterValidator(check_receiver_key)]
AuthSecret = Annotated[str, Field(min_length=22, max_length=24, pattern=r"^[A-Za-z0-9_-]+={0,2}$"),
                       AfterValidator(check_auth_secret)]
Endpoint = Annotated[str, Field(min_length=8, max_length=MAX_URL_CHARS), AfterValidator(check_url)]


class BrowserKeys(Strict):
    p256dh: P256dh = Field(description="The browser's P-256 public key (base64url, uncompressed point).")
    auth: AuthSecret = Field(description="The browser's 16-byte authentication secret (base64url).")


class PushSubscription(Strict):
    """What `PushSubscription.toJSON()` gives in the browser (`expirationTime` may be left out)."""
    endpoint: Endpoint = Field(description="The push service's URL for this browser: https, a public address.")
    keys: BrowserKeys
    expirationTime: int | None = None  # noqa: N815 - the browser's own name for it


class Unsubscribe(Strict):
    endpoint: Endpoint


class PushKey(BaseModel):
    key: str = Field(description="The server's VAPID public key (base64url, uncompressed P-256 point): "
                     "`applicationServerKey` for `pushManager.subscribe`.")


class Browsers(BaseModel):
    browsers: int = Field(description="How many browsers of the account get notifications now.")


def _check_endpoint(request: Request, url: str) -> str:
    settings = request.app.state.settings
    try:
        if not settings.push_allow_private and not url.startswith("https://"):
            raise ValueError("must be an https:// URL")
        check_target(url, settings.push_allow_private, settings.webhook_ports)
    except ValueError as e:
        raise StoreError(f"endpoint: {e}", 422) from e
    return url


@router.get("/push/key", response_model=PushKey, summary="The server's public key for Web Push")
async def push_key(request: Request) -> PushKey:
    return PushKey(key=request.app.state.push_keys.public_key)


@router.post("/me/push", status_code=201, response_model=Browsers, summary="This browser gets the account's notifications",
             responses=errors(400, 401, 403, 422))
async def add_browser(body: PushSubscription, me: AccountDep, request: Request) -> Browsers:
    account, _ = me
    state = request.app.state
    endpoint = _check_endpoint(request, body.endpoint)
    n = await subscriptions.subscribe(state.store, account.id, endpoint, body.keys.p256dh, body.keys.auth,
                                      state.settings.push_per_account)
    return Browsers(browsers=n)


@router.delete("/me/push", status_code=204, summary="This browser no longer gets the account's notifications",
               responses=errors(400, 401, 403, 422))
async def drop_browser(body: Unsubscribe, me: AccountDep, request: Request):
    account, _ = me
    await subscriptions.unsubscribe(request.app.state.store, account.id, body.endpoint)
    return Response(status_code=204)


@router.get("/me/push", response_model=Browsers, summary="How many browsers get the account's notifications",
            responses=errors(401))
async def count_browsers(me: AccountDep, request: Request) -> Browsers:
    account, _ = me
    return Browsers(browsers=await subscriptions.count(request.app.state.store, account.id))


@pages.get("/sw.js")
async def service_worker() -> FileResponse:
    """The service worker, at the site's root so that its scope covers every page."""
    return FileResponse(project_dir("static") / "sw.js", media_type="text/javascript",
                        headers={"Cache-Control": "no-cache"})


class AccountWebhook(Strict):
    url: WebhookUrl = Field(description="An http(s) URL (the room webhook's rules: a public address, port 80 or "
                            "443 unless DOI_WEBHOOK_PORTS lists others). Shown to nobody afterwards, you included.")
    format: Literal["json", "discord", "slack"] | None = Field(
        default=None, description="'discord' ({content}), 'slack' ({text}) or 'json' ({event, game, seat, text, "
        "link, id}); left out: Discord's or Slack's when the URL is one of their webhooks, else 'json'.")


class WebhookState(BaseModel):
    webhook: bool = Field(description="The account has a webhook (its URL is never shown).")
    format: str | None = Field(description="The format its notifications take (null: no webhook).")


@router.put("/me/webhook", response_model=WebhookState,
            summary="Your notifications also go to this webhook (a Discord or Slack channel, or your program)",
            responses=errors(400, 401, 403, 422))
async def set_webhook(body: AccountWebhook, me: AccountDep, request: Request) -> WebhookState:
    account, _ = me
    settings = request.app.state.settings
    try:
        check_target(body.url, settings.webhook_allow_private, settings.webhook_ports)
    except ValueError as e:
        raise StoreError(f"url: {e}", 422) from e
    await subscriptions.set_webhook(request.app.state.store, account.id, body.url, body.format)
    return WebhookState(webhook=True, format=body.format or detect(body.url))


@router.delete("/me/webhook", status_code=204, summary="No more notifications to your webhook",
               responses=errors(401, 403))
async def drop_webhook(me: AccountDep, request: Request):
    account, _ = me
    await subscriptions.set_webhook(request.app.state.store, account.id, None, None)
    return Response(status_code=204)


@router.get("/me/webhook", response_model=WebhookState, summary="Whether your notifications go to a webhook",
            responses=errors(401))
async def get_webhook(me: AccountDep, request: Request) -> WebhookState:
    account, _ = me
    url, fmt = await subscriptions.webhook_of(request.app.state.store, account.id)
    return WebhookState(webhook=url is not None, format=(fmt or detect(url)) if url else None)

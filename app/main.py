"""FastAPI application factory: settings, database, store, hub, routers."""
from __future__ import annotations

import asyncio
import logging
import re
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from sqlalchemy import text
from starlette.exceptions import HTTPException as StarletteHTTPException
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from app.accounts.passkeys import Passkeys
from app.accounts.ratings import Rater
from app.accounts.seal import Sealer
from app.accounts.store import AccountStore
from app.bus.notes import make_bus
from app.infra.db import is_sqlite, make_engine, make_sessionmaker
from app.infra.metrics import Metrics, setup_logging
from app.infra.security import Signer
from app.infra.settings import Settings, get_settings
from app.infra.wal_checkpoint import WalCheckpointer
from app.notify.account_hooks import AccountHooks
from app.notify.deadlines import DeadlineWarner
from app.notify.mail import Mailer
from app.notify.outbox import OutboxSender
from app.notify.push import KEY_NAME as PUSH_KEY_NAME
from app.notify.push import PushKeys, PushSender, new_private_key, subject_of
from app.notify.turns import TurnNotifier
from app.play import record_import
from app.play.games import Listeners, catch_up_watched, on_notify
from app.play.hub import Hub
from app.play.socket_send import KeepSocketSend
from app.play.store import GameStore, StoreError
from app.seats.clocks import Clocks
from app.seats.seat_bots import BotDriver
from app.seats.webhooks import HookSender
from app.seats.zombies import Presence
from app.web.headers import SecurityHeaders
from app.web.limits import Limiter, RateLimited

log = logging.getLogger("doi.app")
HTTP_CODES = {401: "unauthorized", 403: "forbidden", 404: "not_found", 405: "method_not_allowed"}

def allowed_methods(app: FastAPI, path: str) -> list[str]:
    """The methods the OpenAPI document gives the path (templates like /api/games/{gid} match)."""
    templates = getattr(app.state, "path_templates", None)
    if templates is None:
        templates = app.state.path_templates = [
            (re.compile("^" + re.sub(r"\\{[^/]+?\\}", "[^/]+", re.escape(t)) + "$"), sorted(m.upper() for m in ops))
            # literal paths first: /api/admin/games/import before /api/admin/games/{gid}
            for t, ops in sorted(app.openapi()["paths"].items(), key=lambda item: item[0].count("{"))]
    for pattern, methods in templates:
        if pattern.match(path):
            return methods
    return []


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    settings.check_secret_key()  # before anything starts: no server signs cookies with a guessable key
    url = settings.resolved_database_url()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        if is_sqlite(url):
            # The embedded default upgrades itself; PostgreSQL deployments run `doi db upgrade`.
            from app.infra.migrate import upgrade

            await asyncio.to_thread(upgrade, url)
        engine = make_engine(url)
        app.state.db_engine = engine
        app.state.sessions = make_sessionmaker(engine)
        # Fan-out between instances: Redis if configured, else PostgreSQL LISTEN/NOTIFY, else local.
        bus = app.state.bus = make_bus(url, settings.redis_url, settings.redis_channel)
        app.state.store = GameStore(app.state.sessions, settings.snapshot_every, serialize_writes=is_sqlite(url),
                                    url=url, bus=bus, move_writers=settings.move_writers)
        await app.state.store.start(engine)
        secret = settings.secret_key or await app.state.store.kept_secret("cookie_key")
        app.state.signer = Signer(secret)
        app.state.accounts = AccountStore(app.state.store)
        app.state.sealer = Sealer(secret)
        app.state.passkeys = Passkeys(app.state.store, secret)
        app.state.mail_signer = Signer(secret, salt="doi-mail")  # links in mails: never a cookie
        app.state.limiter = Limiter(app.state.store, postgres=not is_sqlite(url))

        async def heard(gid: str, version: int, kind: str) -> None:
            try:
                await on_notify(app, gid, version, kind)
            finally:  # counted once handled, so a count reached means its notes' effects are in
                app.state.metrics.bus_notes.labels(bus.kind).inc()

        async def resubscribed() -> None:
            log.warning("the %s bus is back: catching up the games this instance watches", bus.kind)
            await catch_up_watched(app)

        await bus.start(heard, resubscribed)
        app.state.bots = BotDriver(app)
        listeners = app.state.listeners  # what the move path tells the services above it (app.play.games)
        listeners.changed = (app.state.bots.poke,)  # what games.wake_bots pokes, so far
        await app.state.bots.start()  # its first sweep picks up the games whose bots wait for a move
        app.state.clocks, app.state.presence, app.state.hooks = Clocks(app), Presence(app), HookSender(app)
        listeners.changed = (app.state.bots.poke, app.state.clocks.poke, app.state.hooks.poke)
        # Notifications (app.notify): mail when DOI_SMTP_URL is set (verification, password reset and
        # notifications), Web Push always (its VAPID key pair is kept in the database like the cookie key).
        mailer = Mailer(settings.smtp_url, settings.mail_from, settings.mail_timeout) if settings.smtp_url else None
        app.state.push_keys = PushKeys(await app.state.store.kept_secret(PUSH_KEY_NAME, new_private_key),
                                       subject_of(settings))
        app.state.outbox = OutboxSender(app, mailer, PushSender(app, app.state.push_keys, app.state.hooks.post),
                                        AccountHooks(app, app.state.hooks.post))
        app.state.notifier = TurnNotifier(app, app.state.outbox)
        app.state.deadlines = DeadlineWarner(app, app.state.outbox)
        listeners.changed += (app.state.notifier.poke,)
        listeners.chatted = (app.state.notifier.chatted,)
        notify_services = [app.state.outbox, app.state.notifier, app.state.deadlines]
        app.state.rater = Rater(app)  # ratings, once a game between accounts ends (app.accounts.ratings)
        listeners.changed += (app.state.rater.poke,)
        listeners.clock_note = (app.state.clocks.broadcast,)
        listeners.bus_back = (app.state.clocks.forget_quiet,)
        # gc_freezer: `doi serve` sets one (app/infra/gc_tuning.py); the tests' apps leave the collector alone.
        services = [app.state.clocks, app.state.presence, app.state.hooks, *notify_services,
                    *filter(None, [getattr(app.state, "gc_freezer", None)])]
        services.append(app.state.rater)
        if is_sqlite(url):
            app.state.wal_checkpointer = WalCheckpointer(url)
            services.append(app.state.wal_checkpointer)
        for service in services:
            await service.start()
        try:
            yield
        finally:
            for service in reversed(services):
                await service.stop()
            await app.state.bots.stop()
            # Close every socket and let its handler finish its database work before the pool goes;
            # then stop the bus (Redis: after the notes of those last moves went out).
            await app.state.hub.close_all()
            await bus.stop()
            await app.state.store.stop()
            record_import.shutdown()
            await engine.dispose()

    app = FastAPI(title="Days of Ire Online", version="0.1.0", lifespan=lifespan,
                  description="Play the Conflict ruleset of Days of Ire: Budapest 1956. The websocket protocol "
                              "is documented in docs/protocol.md.")
    setup_logging(settings.json_logs)
    app.state.settings = settings
    app.state.metrics = Metrics()
    app.state.hub = Hub(app.state.metrics)
    app.state.listeners = Listeners()  # the lifespan registers the services

    app.add_middleware(KeepSocketSend)  # outside FastAPI's exception layer, so it sees the server's `send`
    app.add_middleware(SecurityHeaders)
    if settings.trusted_proxies.strip():
        # Only requests from these peers have X-Forwarded-For/-Proto believed (for HTTP and websockets).
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=settings.trusted_proxies)

    @app.exception_handler(StoreError)
    async def store_error(request: Request, exc: StoreError):
        headers = {"Retry-After": str(exc.retry_after)} if isinstance(exc, RateLimited) else None
        return JSONResponse(status_code=exc.status, content={"detail": exc.message, "code": exc.code},
                            headers=headers)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError):
        # One shape for every error (ErrorBody): a readable first problem, then each of them.
        errors = [{"loc": list(e.get("loc", ())), "msg": e.get("msg", ""), "type": e.get("type", "")}
                  for e in exc.errors()]
        first = errors[0] if errors else {"loc": [], "msg": "invalid request"}
        where = ".".join(str(p) for p in first["loc"])
        return JSONResponse(status_code=422, content={"detail": f"{where}: {first['msg']}" if where else first["msg"],
                                                      "code": "invalid", "errors": errors})

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException):
        code = HTTP_CODES.get(exc.status_code, "invalid")
        headers = dict(getattr(exc, "headers", None) or {})
        if exc.status_code == 405:
            # Starlette names the methods of the first route matching the path; a path served by
            # several routes (GET and POST /api/games) must name them all.
            allowed = allowed_methods(app, request.url.path)
            if allowed:
                headers["Allow"] = ", ".join(allowed)
        return JSONResponse(status_code=exc.status_code, content={"detail": str(exc.detail), "code": code},
                            headers=headers or None)

    @app.get("/healthz", tags=["ops"])
    async def healthz() -> dict:
        """The process is up."""
        return {"status": "ok"}

    @app.get("/readyz", tags=["ops"], responses={503: {"description": "The database does not answer.", "content": {
        "application/json": {"schema": {"type": "object", "required": ["status", "detail"],
                                        "properties": {"status": {"type": "string"}, "detail": {"type": "string"}}}}}}})
    async def readyz():
        """The database answers: ready to serve games."""
        try:
            async with app.state.sessions() as s:
                await s.execute(text("SELECT 1"))
        except Exception as e:  # not ready: say why, with a 503 the balancer understands
            return JSONResponse(status_code=503, content={"status": "unavailable", "detail": type(e).__name__})
        return {"status": "ready"}

    @app.get("/metrics", tags=["ops"], response_class=PlainTextResponse,
             responses={200: {"content": {"text/plain": {"schema": {"type": "string"}}},
                              "description": "Prometheus text format"}})
    async def metrics() -> Response:
        app.state.metrics.sockets.set(app.state.hub.count())
        return Response(app.state.metrics.render(), media_type="text/plain; version=0.0.4")

    from fastapi.staticfiles import StaticFiles

    from app.infra.files import project_dir
    from app.web.routes import (
        accounts,
        admin,
        api,
        coach,
        my_games,
        pages,
        passkeys,
        players,
        push,
        replays,
        seats,
        ws,
    )

    app.mount("/static", StaticFiles(directory=str(project_dir("static"))), name="static")
    # Routes are matched in this order, each request trying every route before its own: the game
    # socket and the API a room's setup calls come first, the pages (one request a visit) last.
    # No two routers share a path.
    app.include_router(ws.router)
    app.include_router(api.router)
    app.include_router(seats.router)
    app.include_router(coach.router)
    app.include_router(my_games.router)
    app.include_router(replays.router)
    app.include_router(admin.router)
    app.include_router(accounts.router)
    app.include_router(passkeys.router)
    app.include_router(accounts.pages)
    app.include_router(players.router)
    app.include_router(push.router)
    app.include_router(push.pages)
    app.include_router(pages.router)
    return app


def app_factory() -> FastAPI:
    """Entry point for uvicorn --factory."""
    return create_app()

"""FastAPI application factory: settings, database, store, hub, routers."""
from __future__ import annotations

import asyncio
import logging
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response
from sqlalchemy import text

from .bus import make_bus
from .db import is_sqlite, make_engine, make_sessionmaker
from .games import catch_up_watched, on_notify
from .hub import Hub
from .metrics import Metrics, setup_logging
from .seat_bots import BotDriver
from .security import Signer
from .settings import Settings, get_settings
from .store import GameStore, StoreError

log = logging.getLogger("doi.app")

def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    url = settings.resolved_database_url()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        if is_sqlite(url):
            # The embedded default upgrades itself; PostgreSQL deployments run `doi db upgrade`.
            from .migrate import upgrade

            await asyncio.to_thread(upgrade, url)
        engine = make_engine(url)
        app.state.db_engine = engine
        app.state.sessions = make_sessionmaker(engine)
        # Fan-out between instances: Redis if configured, else PostgreSQL LISTEN/NOTIFY, else local.
        bus = app.state.bus = make_bus(url, settings.redis_url, settings.redis_channel)
        app.state.store = GameStore(app.state.sessions, settings.snapshot_every, serialize_writes=is_sqlite(url),
                                    url=url, bus=bus)
        await app.state.store.start(engine)
        app.state.signer = Signer(settings.secret_key or await app.state.store.kept_secret("cookie_key"))

        async def heard(gid: str, version: int, kind: str) -> None:
            app.state.metrics.bus_notes.labels(bus.kind).inc()
            await on_notify(app, gid, version, kind)

        async def resubscribed() -> None:
            log.warning("the %s bus is back: catching up the games this instance watches", bus.kind)
            await catch_up_watched(app)

        await bus.start(heard, resubscribed)
        app.state.bots = BotDriver(app)
        await app.state.bots.start()  # its first sweep picks up the games whose bots wait for a move
        try:
            yield
        finally:
            await app.state.bots.stop()
            # Close every socket and let its handler finish its database work before the pool goes;
            # then stop the bus (Redis: after the notes of those last moves went out).
            await app.state.hub.close_all()
            await bus.stop()
            await app.state.store.stop()
            await engine.dispose()

    app = FastAPI(title="Days of Ire Online", version="0.1.0", lifespan=lifespan,
                  description="Play the Conflict ruleset of Days of Ire: Budapest 1956. The websocket protocol "
                              "is documented in docs/protocol.md.")
    setup_logging(settings.json_logs)
    app.state.settings = settings
    app.state.metrics = Metrics()
    app.state.hub = Hub(app.state.metrics)

    @app.exception_handler(StoreError)
    async def store_error(request: Request, exc: StoreError):
        return JSONResponse(status_code=exc.status, content={"detail": exc.message, "code": exc.code})

    @app.get("/healthz", tags=["ops"])
    async def healthz() -> dict:
        """The process is up."""
        return {"status": "ok"}

    @app.get("/readyz", tags=["ops"])
    async def readyz():
        """The database answers: ready to serve games."""
        try:
            async with app.state.sessions() as s:
                await s.execute(text("SELECT 1"))
        except Exception as e:  # not ready: say why, with a 503 the balancer understands
            return JSONResponse(status_code=503, content={"status": "unavailable", "detail": type(e).__name__})
        return {"status": "ready"}

    @app.get("/metrics", tags=["ops"])
    async def metrics() -> Response:
        app.state.metrics.sockets.set(app.state.hub.count())
        return Response(app.state.metrics.render(), media_type="text/plain; version=0.0.4")

    from pathlib import Path

    from fastapi.staticfiles import StaticFiles

    from .routes import admin, api, my_games, pages, ws

    app.mount("/static", StaticFiles(directory=str(Path(__file__).resolve().parents[1] / "static")), name="static")
    app.include_router(pages.router)
    app.include_router(api.router)
    app.include_router(my_games.router)
    app.include_router(ws.router)
    app.include_router(admin.router)
    return app


def app_factory() -> FastAPI:
    """Entry point for uvicorn --factory."""
    return create_app()

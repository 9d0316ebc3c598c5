"""FastAPI application factory."""
from __future__ import annotations

from fastapi import FastAPI

from engine.data import EVENTS, HEADLINES


def create_app() -> FastAPI:
    app = FastAPI(title="Days of Ire Online", version="0.1.0")

    @app.get("/healthz")
    def healthz() -> dict:
        return {"status": "ok", "headlines": len(HEADLINES), "events": len(EVENTS)}

    return app


app = create_app()

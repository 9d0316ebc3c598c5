"""`doi serve`: uvicorn with a shutdown that tells the clients first.

On SIGTERM uvicorn closes every websocket (code 1012) before the app's lifespan ends, so a
"reconnect" message sent from the lifespan would never arrive. The hub says goodbye first."""
from __future__ import annotations

import uvicorn

from app.infra.gc_tuning import GcFreezer
from app.main import create_app
from app.web.ws_protocol import SteadyReading


class GracefulServer(uvicorn.Server):
    def __init__(self, config: uvicorn.Config, app) -> None:
        super().__init__(config)
        self.app = app

    async def shutdown(self, sockets=None) -> None:
        # Every socket gets {"type": "reconnect"}, then a close with 1012; then uvicorn's own shutdown.
        await self.app.state.hub.close_all()
        await super().shutdown(sockets)


def serve(host: str, port: int) -> None:
    app = create_app()
    app.state.gc_freezer = GcFreezer()  # full GC passes off the move path (with tune_gc in app/cli.py)
    config = uvicorn.Config(app, host=host, port=port, ws=SteadyReading, ws_max_size=65536, ws_per_message_deflate=False,
                            log_level="warning",
                            # uvicorn would believe X-Forwarded-For from 127.0.0.1; the app decides (trusted_proxies).
                            proxy_headers=False)
    GracefulServer(config, app).run()

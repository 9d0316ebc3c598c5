"""The Days of Ire Online server (FastAPI), in layers: each imports only the layers below it
(`.importlinter`, docs/architecture.md).

- `cli` (the `doi` command), `serve` (`doi serve`: uvicorn), `main` (builds the app and wires the
  services together)
- `web/`: the HTTP and websocket edge
- `seats/`: the seat services (bot seats, clocks, zombies, webhooks)
- `play/`: the move path (the move service, the store, the fan-out to sockets)
- `bus/`: the notes between instances
- `infra/`: settings, database, tables, metrics, tokens
"""

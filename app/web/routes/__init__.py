"""The routers: the thin HTTP and websocket handlers, one module per area (app/main.py includes them in order)."""

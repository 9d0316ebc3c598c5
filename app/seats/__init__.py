"""The seat services, working beside each game after its changes: bot seats, clocks, zombies, webhooks; imports app.play, app.bus and app.infra (and engine, bots), never the web above it.

The bot worker processes (the opponents issue) come here too."""

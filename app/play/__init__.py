"""The move path: the move service, the store and its write, the fan-out to this instance's sockets; imports app.bus and app.infra (and engine), never the seat services or the web above it."""

"""The websocket protocol `doi serve` runs: uvicorn's websockets-sansio one, not stopping to read
a socket while at most one message waits for the app.

uvicorn's protocol stops reading a socket after every message it hands to the app
(`pause_reading`) and starts again once the app has taken it (`resume_reading`). Under uvloop each
stop and start changes the socket's epoll registration: system calls on every move's one frame
(issue 14: ~1.6 `io_uring_enter` a move at R = 200, none with this protocol). Here the socket is
read on while the app has at most one message still to take; from the second one waiting, reading
pauses as uvicorn's does (and, as there, starts again when the app has taken them all). A client
that sends faster than the app reads is held back as before: uvicorn queues every message of the
read that made it pause (tests/server/test_ws_protocol.py), here at most one message more."""
from __future__ import annotations

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

QUEUE_HIGH = 2  # messages waiting for the app at which the socket stops being read


class SteadyReading(WebSocketsSansIOProtocol):
    def send_receive_event_to_app(self) -> None:
        queue = getattr(self, "queue", None)  # (a uvicorn without these attributes: its own way, always)
        if getattr(self, "read_paused", True) or queue is None or queue.qsize() + 1 >= QUEUE_HIGH:
            super().send_receive_event_to_app()  # queue the message and pause reading, as uvicorn does
            return
        # uvicorn pauses reading after queueing a message unless it believes reading paused already.
        self.read_paused = True
        try:
            super().send_receive_event_to_app()
        finally:
            self.read_paused = False

"""Security headers on every HTTP answer (issue 11 item 9): a Content-Security-Policy that allows
only the app's own scripts, styles and connections (the pages have no inline script or style; the
client sets styles through the CSSOM, which the policy allows), no framing, no MIME sniffing, and
no Referer (invite links carry their invite in the query string).

A plain ASGI middleware: websocket frames never pass through it, so moves pay nothing."""
from __future__ import annotations

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
# FastAPI's /docs and /redoc pages load their viewer from a CDN with an inline start-up script.
DOCS_CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
            "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; img-src 'self' data: https:; "
            "worker-src 'self' blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
            "frame-ancestors 'none'")
DOCS_PATHS = ("/docs", "/redoc")


def _headers(csp: str) -> list[tuple[bytes, bytes]]:
    return [(b"content-security-policy", csp.encode()), (b"x-frame-options", b"DENY"),
            (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer")]


PAGE_HEADERS = _headers(CSP)
DOCS_HEADERS = _headers(DOCS_CSP)


class SecurityHeaders:
    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        extra = DOCS_HEADERS if scope["path"].startswith(DOCS_PATHS) else PAGE_HEADERS

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)

"""What docs/protocol.md says of notifications away from the table (app.web.protocol includes it)."""

PROTOCOL_NOTE = """
## Notifications while you are away (accounts)

An account is told of its games while none of its sockets is open at that game's table: `turn`
(a seat of yours has to act), `start`, `finish`, `chat` (someone else wrote at the table; off by
default, at most one notice per game in `DOI_CHAT_NOTIFY_MINUTES`) and `deadline` (a
correspondence decision has `DOI_DEADLINE_WARN_FRACTION` of its time left, once per deadline).
`PATCH /api/me` `{"notify": {"turn": true, "start": true, "finish": true, "chat": false,
"deadline": true}}` (the defaults) chooses; each event goes to every channel the account has:

- **Mail** to a verified address (`DOI_SMTP_URL`).
- **Web Push** to each browser that allowed it. `GET /api/push/key` gives the server's VAPID public
  key (base64url, for `pushManager.subscribe({userVisibleOnly: true, applicationServerKey})`);
  `POST /api/me/push` with what `PushSubscription.toJSON()` gives (`endpoint`: https, a public
  address, port 443 or one `DOI_WEBHOOK_PORTS` lists; `keys.p256dh`, `keys.auth`) keeps it, `DELETE
  /api/me/push` `{"endpoint"}` drops it, `GET /api/me/push` counts them (at most
  `DOI_PUSH_PER_ACCOUNT`; a browser belongs to the last account that subscribed it). The payload,
  encrypted (aes128gcm) and signed (VAPID, RFC 8292), is

  ```json
  {"title": "Your turn in Days of Ire (game <id>)", "body": "It is your turn as Revolutionary 1.",
   "url": "<DOI_PUBLIC_URL>/games/<id>/table", "tag": "doi-<id>"}
  ```

  The service worker at `/sw.js` (scope `/`) shows it and opens `url` on a click (only a page of
  this site). A subscription its push service answers 404 or 410 for is deleted.
- **Webhook** of the account's own: `PUT /api/me/webhook` `{"url", "format"?}` (the room webhook's
  address rules; `format` `discord`, `slack` or `json`, recognised from the URL when left out),
  `GET /api/me/webhook` `{"webhook": bool, "format"}` (the URL is shown to nobody), `DELETE
  /api/me/webhook`. Discord gets `{"content": "<text> Open the table: <link>", "allowed_mentions":
  {"parse": []}}`, Slack `{"text": "<text> <<link>|Open the table>"}`, generic JSON `{"event",
  "game", "seat", "text", "link", "id"}`.

Everything is queued after the change committed and sent by an outbox on any instance, retried
with a doubling delay (`DOI_NOTIFY_BACKOFF`, `DOI_NOTIFY_ATTEMPTS` times); nothing waits for it. No
payload, mail or webhook body holds a seat token.
"""

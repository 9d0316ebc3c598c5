"""The HTTP and websocket edge: routes, schemas, request helpers, headers, limits, and the documents generated from them; imports every layer below it (app.seats, app.play, app.bus, app.infra) and engine.

Accounts (app/accounts/) and notifications (app/notify/) of the coming issues get packages of their own beside it."""

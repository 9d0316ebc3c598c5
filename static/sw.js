// The service worker of Days of Ire Online (served at /sw.js: its scope is the whole site).
// It shows the notifications the server pushes ({"title", "body", "url", "tag"}) and opens the
// table's page on a click. It opens only pages of this site, whatever a payload says.

const FALLBACK_TITLE = "Days of Ire";

function sameOrigin(url) {
  try {
    const u = new URL(url, self.location.origin);
    return u.origin === self.location.origin ? u.href : self.location.origin + "/";
  } catch (_) {
    return self.location.origin + "/";
  }
}

function text(value, limit) {
  return typeof value === "string" ? value.slice(0, limit) : "";
}

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (_) {
    data = {};
  }
  const title = text(data.title, 200) || FALLBACK_TITLE;
  event.waitUntil(self.registration.showNotification(title, {
    body: text(data.body, 500),
    tag: text(data.tag, 64) || undefined,
    icon: "/static/favicon.svg",
    data: { url: sameOrigin(data.url || "/") },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = sameOrigin((event.notification.data || {}).url || "/");
  event.waitUntil((async () => {
    const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const there = open.find((c) => c.url === url && "focus" in c);
    return there ? there.focus() : self.clients.openWindow(url);
  })());
});

// The push service replaced this browser's subscription: tell the server the new one (the
// session cookie goes along; its CSRF token comes from /api/me).
self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil((async () => {
    const me = await fetch("/api/me", { credentials: "same-origin" });
    if (!me.ok) return;
    const { csrf } = await me.json();
    const { key } = await (await fetch("/api/push/key")).json();
    const sub = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    const json = sub.toJSON();
    await fetch("/api/me/push", {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
      body: JSON.stringify({ endpoint: json.endpoint, keys: json.keys }),
    });
  })());
});

// "Notifications on this browser" (issue 34): a signed-in player lets this browser show the
// account's notifications (your turn, game started or over, chat, a deadline near) even with
// every tab closed. Self-contained: a page that includes templates/_push.html gets the control.

const WORKER = "/sw.js";

export function supported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

function keyBytes(b64url) {
  const b64 = b64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (b64url.length % 4)) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

async function csrf() {
  // /api/session answers a guest too (200, no name): asking /api/me first would log a 401 on every page.
  const who = await fetch("/api/session", { credentials: "same-origin" });
  if (!who.ok || !(await who.json()).name) return null;
  const r = await fetch("/api/me", { credentials: "same-origin" });
  if (!r.ok) return null;
  return (await r.json()).csrf;
}

async function send(method, body, token) {
  const r = await fetch("/api/me/push", {
    method, credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": token },
    body: JSON.stringify(body),
  });
  if (!r.ok && r.status !== 204) {
    const detail = await r.json().catch(() => ({}));
    throw new Error(detail.detail || `the server answered ${r.status}`);
  }
}

export async function registerWorker() {
  const reg = await navigator.serviceWorker.register(WORKER, { scope: "/" });
  await navigator.serviceWorker.ready;
  return reg;
}

export async function current() {
  const reg = await navigator.serviceWorker.getRegistration("/");
  return reg ? reg.pushManager.getSubscription() : null;
}

export async function enable() {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new Error("this browser did not allow notifications");
  const token = await csrf();
  if (!token) throw new Error("sign in first");
  const reg = await registerWorker();
  const { key } = await (await fetch("/api/push/key")).json();
  const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
  const json = sub.toJSON();
  await send("POST", { endpoint: json.endpoint, keys: json.keys }, token);
  return sub;
}

export async function disable() {
  const sub = await current();
  if (!sub) return;
  const token = await csrf();
  if (token) await send("DELETE", { endpoint: sub.endpoint }, token);
  await sub.unsubscribe();
}

async function mount(panel) {
  const state = panel.querySelector("[data-push-state]");
  const button = panel.querySelector("[data-push-toggle]");
  const error = panel.querySelector("[data-push-error]");
  if (!(await csrf())) return; // guests: nothing to notify an account of
  panel.hidden = false;
  if (!supported()) {
    state.textContent = "This browser cannot show notifications from a closed tab.";
    button.hidden = true;
    return;
  }
  const show = (on) => {
    state.textContent = on ? "This browser shows your notifications, even with the tab closed."
      : "This browser does not show your notifications.";
    button.textContent = on ? "Turn notifications off on this browser" : "Enable notifications on this browser";
    button.dataset.on = on ? "1" : "";
  };
  show(Boolean(await current()));
  button.addEventListener("click", async () => {
    error.textContent = "";
    button.disabled = true;
    try {
      if (button.dataset.on) {
        await disable();
        show(false);
      } else {
        await enable();
        show(true);
      }
    } catch (e) {
      error.textContent = `Could not change it: ${e.message}`;
    } finally {
      button.disabled = false;
    }
  });
}

const panel = document.getElementById("push-panel");
if (panel) mount(panel);

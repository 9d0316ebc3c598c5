// Turn notifications: when it becomes this seat's turn while the tab is hidden, a browser
// notification (only once the player allowed it with the button) and a badge on the title and
// the favicon until the tab is looked at. Listens to table.js's "doi:view" events.
import { el, seatTools } from "./common.js";

const MARK = "(1) ";  // the title badge, in front of the title the table sets
const icon = document.querySelector("link[rel=icon]");
const baseIcon = icon ? icon.href : "/static/favicon.svg";
const st = { myTurn: false, badged: false, version: -1 };

function badgeIcon() {
  // The usual favicon with a red dot, drawn as an SVG data URL (no canvas, no image load).
  const svg = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><rect width='32' height='32' rx='6' fill='#1d1b18'/>" +
              "<polygon points='16,4 27,10 27,22 16,28 5,22 5,10' fill='#D55E00' stroke='#fff' stroke-width='2'/>" +
              "<circle cx='25' cy='7' r='7' fill='#e00' stroke='#fff' stroke-width='2'/></svg>";
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function setBadge(on) {
  st.badged = on;
  const title = document.title.startsWith(MARK) ? document.title.slice(MARK.length) : document.title;
  document.title = on ? MARK + title : title;
  if (icon) icon.href = on ? badgeIcon() : baseIcon;
  document.body.dataset.turnBadge = on ? "on" : "off";
}

function allowed() { return "Notification" in window && Notification.permission === "granted"; }

function button() {
  if (!("Notification" in window) || Notification.permission !== "default") return;
  const prompt = document.getElementById("prompt");
  if (!prompt || document.getElementById("notify-btn")) return;
  const b = el("button", { type: "button", id: "notify-btn", class: "secondary small",
                           text: "Notify me when it is my turn",
                           onclick: async () => { await Notification.requestPermission(); b.remove(); } });
  seatTools().append(b);
}

document.addEventListener("doi:view", (ev) => {
  const { view, me, status, version } = ev.detail;
  if (me === "spectator" || me === "admin") return;
  button();
  const mine = status === "active" && (view.actions || []).length > 0;
  const began = mine && !st.myTurn;
  st.myTurn = mine;
  if (!mine && st.badged) setBadge(false);
  else if (st.badged) setBadge(true);  // the table has just set its title again
  if (began && document.hidden && version !== st.version) {
    setBadge(true);
    if (allowed()) {
      const n = new Notification("Days of Ire: your turn", { body: "The table is waiting for you.", tag: `doi-turn-${location.pathname}` });
      n.onclick = () => { window.focus(); n.close(); };
    }
  }
  st.version = version;
});

document.addEventListener("visibilitychange", () => { if (!document.hidden && st.badged) setBadge(false); });

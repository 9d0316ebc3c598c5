// Resume links: `/games/{id}/table#resume=<seat>.<token>` opens a seat on another device or browser.
// The secret rides in the URL fragment, which browsers never send to a server (no proxy or access
// log keeps it). Imported first by table.js: the seat is stored before the table connects.
import { api, saveSeat } from "./common.js";

const gid = document.getElementById("main").dataset.game;
const m = /^#resume=(soviet|rev[1-4])\.([A-Za-z0-9_-]{1,64})$/.exec(location.hash);

/** The resume link of a seat this browser holds. */
export function resumeLink(gameId, seat, token) {
  return `${location.origin}/games/${encodeURIComponent(gameId)}/table#resume=${seat}.${token}`;
}

function refuse(message) {
  const box = document.getElementById("toast");
  if (box) { box.textContent = message; box.hidden = false; }
}

if (location.hash.startsWith("#resume=")) {
  history.replaceState(null, "", location.pathname + location.search);  // out of the address bar and history
  if (!m) {
    refuse("This resume link is damaged: copy it again from the table where you hold the seat.");
  } else {
    const [, seat, token] = m;
    try {
      const v = await api(`/api/games/${encodeURIComponent(gid)}/view`, { token });
      if (v.seat !== seat) throw new Error("This resume link is for another seat.");
      const name = (v.seats.find((s) => s.seat === seat) || {}).name || seat;
      saveSeat(gid, { seat, token, name });
      const mine = v.seats.find((s) => s.seat === seat) || {};
      if (mine.zombie && v.status === "active") {  // a bot plays it meanwhile: opening the link takes it back
        await api(`/api/games/${encodeURIComponent(gid)}/seats/${seat}/resume`, { method: "POST", token });
      }
    } catch (e) {
      refuse(`This resume link does not open a seat here: ${e.message}`);
    }
  }
}

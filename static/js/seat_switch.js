// Several seats of one game held by this browser (a solo game with more than one Revolutionary of
// yours): buttons on the table to play another of them (the page reconnects as that seat).
import { el, loadSeat, saveSeat, SEAT_LABEL } from "./common.js";

const gid = document.getElementById("main").dataset.game;
let held = [];
try { held = JSON.parse(localStorage.getItem(`doi:seats:${gid}`) || "[]"); } catch { held = []; }
const current = loadSeat(gid);
if (Array.isArray(held) && held.length > 1 && current) {
  const bar = el("div", { class: "seat-switch", id: "seat-switch" }, el("span", { class: "hint", text: "Your seats: " }));
  for (const s of held) {
    if (!s || typeof s.seat !== "string" || typeof s.token !== "string") continue;
    bar.append(el("button", { type: "button", class: "secondary small", dataset: { seat: s.seat },
                              disabled: s.seat === current.seat, text: SEAT_LABEL[s.seat] || s.seat,
                              onclick: () => { saveSeat(gid, s); location.reload(); } }));
  }
  document.getElementById("prompt").append(bar);
}

// The seat(s) this browser holds at this table: the resume link to play the seat on another device,
// and, when it holds several seats of the game (a solo game with more than one Revolutionary of
// yours), buttons to play another of them (the page reconnects as that seat).
import { el, loadSeat, saveSeat, SEAT_LABEL, seatTools } from "./common.js";
import { resumeLink } from "./resume.js";

const gid = document.getElementById("main").dataset.game;
const current = loadSeat(gid);
let held = [];
try { held = JSON.parse(localStorage.getItem(`doi:seats:${gid}`) || "[]"); } catch { held = []; }
if (!Array.isArray(held)) held = [];

if (current && typeof current.token === "string") {
  const link = el("input", { type: "text", readonly: true, id: "resume-link", class: "invite-link",
                             value: resumeLink(gid, current.seat, current.token),
                             "aria-label": "Resume link of your seat", onfocus: (ev) => ev.target.select() });
  const box = el("details", { class: "resume", id: "resume" },
    el("summary", { text: "Play this seat on another device" }),
    el("p", { class: "hint", text: "Open this link on another device or browser to play this seat there. " +
                                   "Keep it secret: whoever has it plays your seat." }),
    link);
  if (held.length > 1) {
    const bar = el("div", { class: "seat-switch", id: "seat-switch" }, el("span", { class: "hint", text: "Your seats: " }));
    for (const s of held) {
      if (!s || typeof s.seat !== "string" || typeof s.token !== "string") continue;
      bar.append(el("button", { type: "button", class: "secondary small", dataset: { seat: s.seat },
                                disabled: s.seat === current.seat, text: SEAT_LABEL[s.seat] || s.seat,
                                onclick: () => { saveSeat(gid, s); location.reload(); } }));
    }
    document.getElementById("prompt").append(bar);
  }
  seatTools().prepend(box);
}

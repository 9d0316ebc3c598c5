// Clocks and seats a bot plays for their player (the `clock` frame, docs/protocol.md). table.js
// passes every `clock` frame and every rendered view on as DOM events ("doi:clock", "doi:view");
// this module draws the clocks in the players panel, ticking locally from the server's time, and
// the buttons to hand an away player's seat to a bot or to take one's own seat back.
import { api, el, clear, loadSeat, SEAT_LABEL } from "./common.js";

const gid = document.getElementById("main").dataset.game;
const st = { frame: null, offset: 0, seats: [], me: "spectator", status: "open", timer: null };

function panel() {
  let box = document.getElementById("clock-panel");
  if (!box) {
    box = el("div", { id: "clock-panel", class: "clock-panel", "aria-live": "off" });
    const players = document.getElementById("players");
    if (!players) return null;
    players.insertBefore(box, document.getElementById("player-list"));
  }
  return box;
}

/** "1:05:09", "4:07", "0:09": what is left of `ms`. */
export function formatLeft(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const two = (n) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

function leftOf(clock, now) {
  if (clock.deadline != null) return clock.deadline - now;
  return clock.left_ms;  // not on the move: a chess clock's time left; correspondence: nothing
}

function toast(message) {
  const box = document.getElementById("toast");
  if (!box) return;
  box.textContent = message; box.hidden = false;
  setTimeout(() => { box.hidden = true; }, 5000);
}

async function handOver(seat) {
  const mine = loadSeat(gid);
  if (!mine) return;
  try {
    await api(`/api/games/${encodeURIComponent(gid)}/seats/${seat}/bot`, { method: "POST", token: mine.token });
    toast(`A bot now plays ${SEAT_LABEL[seat] || seat} until its player takes it back.`);
  } catch (e) { toast(e.message); }
}

export async function takeBack() {
  const mine = loadSeat(gid);
  if (!mine) return;
  try {
    await api(`/api/games/${encodeURIComponent(gid)}/seats/${mine.seat}/resume`, { method: "POST", token: mine.token });
    toast("Your seat is yours again.");
  } catch (e) { toast(e.message); }
}

function draw() {
  const box = panel();
  if (!box) return;
  clear(box);
  const f = st.frame;
  const now = Date.now() + st.offset;
  const pace = f ? f.pace : { mode: "live" };
  const running = st.status === "active";
  if (pace.mode !== "live") {
    const title = pace.mode === "clock" ? `Chess clock: ${pace.minutes} min per player`
                                        : `Correspondence: ${pace.hours} h per decision`;
    box.append(el("p", { class: "clock-title hint", text: title }));
  }
  const list = el("ul", { class: "clocks" }), rare = el("ul", { class: "clocks" });
  for (const info of st.seats) {
    const clock = f && f.clocks ? f.clocks[info.seat] : null;
    const li = el("li", { class: "clock", dataset: { seat: info.seat } },
      el("span", { class: `seat-dot ${info.seat}` }), el("span", { text: SEAT_LABEL[info.seat] || info.seat }));
    if (clock) {
      const left = leftOf(clock, now);
      const ticking = clock.since != null;
      const low = ticking && left < 60_000;
      if (left != null) li.append(el("span", { class: "clock-left" + (ticking ? " ticking" : "") + (low ? " low" : ""),
                                               text: formatLeft(left), title: ticking ? "On the move: running" : "Waiting" }));
    }
    if (info.zombie) li.append(el("span", { class: "badge bot-badge", text: "a bot plays for its player" }));
    else if (info.bot) li.append(el("span", { class: "badge bot-badge", text: `bot (${info.bot})` }));
    if (running && info.zombie && info.seat === st.me) {
      li.append(el("button", { type: "button", class: "primary small", id: "take-back", text: "Take my seat back",
                               onclick: takeBack }));
    } else if (running && !info.bot && info.seat !== st.me && st.me !== "spectator" && st.me !== "admin") {
      li.append(el("button", { type: "button", class: "secondary small hand-over", dataset: { seat: info.seat },
                               title: "Only if its player has been gone a while: a bot plays until they take it back",
                               text: "Player gone? Hand to a bot", onclick: () => handOver(info.seat) }));
    }
    // A row with nothing but the seat's name repeats the players list below: left out. In a game
    // without clocks a row with only the hand-over button goes in a closed box: it is rarely needed.
    const onlyHandOver = li.childNodes.length === 3 && li.lastChild.classList.contains("hand-over");
    if (onlyHandOver && pace.mode === "live") rare.append(li);
    else if (li.childNodes.length > 2 && !(li.childNodes.length === 3 && info.bot && !info.zombie && !clock)) list.append(li);
  }
  if (list.childNodes.length) box.append(list);
  if (rare.childNodes.length) {
    const d = el("details", { class: "hand-overs", open: st.handOpen || null }, el("summary", { text: "A player gone? Hand their seat to a bot" }), rare);
    d.addEventListener("toggle", () => { st.handOpen = d.open; });
    box.append(d);
  }
  const events = (f && f.handovers) || [];
  if (events.length) {
    const why = { time: "time ran out", away: "player away", back: "taken back" };
    box.append(el("details", { class: "handovers" }, el("summary", { text: `Who played what (${events.length})` }),
      el("ol", {}, ...events.map((h) => el("li", { dataset: { seat: h.seat, version: String(h.version) },
        text: `From move ${h.version}: ${SEAT_LABEL[h.seat] || h.seat} played by ${h.by === "bot" ? "a bot" : "its player"} (${why[h.reason] || h.reason})` })))));
  }
}

function tick() {
  clearInterval(st.timer);
  const f = st.frame;
  if (f && Object.values(f.clocks || {}).some((c) => c.since != null)) st.timer = setInterval(draw, 500);
}

document.addEventListener("doi:clock", (ev) => {
  const f = ev.detail;
  if (st.frame && f.version < st.frame.version) return;
  st.frame = f;
  st.offset = f.now - Date.now();  // the server's time decides; this corrects our clock
  draw(); tick();
});

document.addEventListener("doi:view", (ev) => {
  const { seats, me, status } = ev.detail;
  st.seats = seats || []; st.me = me; st.status = status;
  draw();
});

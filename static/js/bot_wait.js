// Waiting for bots at the table. While a bot seat is to move (and no person is): "<seat> is
// thinking…", and for a seated player a "Skip to my turn" button: the room's bots then move at once
// until a person is to decide (POST /api/games/{id}/skip; it is the room's, not this screen's: the
// bots move on the server, and everyone at the table waits for the same bots). Back at your own
// decision, "While you were away" sums up the log entries the views brought since your last one.
import { el, clear, loadSeat, api, SEAT_LABEL, prettyText } from "./common.js";

const gid = document.getElementById("main").dataset.game;
const seat = loadSeat(gid);
const prompt = document.getElementById("prompt");

const thinking = el("span", { id: "bot-thinking", class: "bot-thinking" });
const skip = el("button", { type: "button", id: "skip-bots", class: "secondary small", text: "Skip to my turn",
                            title: "The bots play on at once until a person is to decide" });
const wait = el("div", { id: "bot-wait", class: "bot-wait", role: "status", "aria-live": "polite", hidden: true },
  thinking, skip);
const away = el("details", { id: "away", class: "away", open: true, hidden: true });
prompt.append(wait, away);

const entries = new Map();   // log entries since your last decision, by number
let since = null;            // the number of the first log entry after your last decision
let deciding = null;         // whether the last view asked you to decide
let skipAsked = false;

function thinker(seatId) {
  const label = SEAT_LABEL[seatId] || seatId;
  return seatId === "soviet" ? `The ${label}` : label;
}

function showThinking(view, seats, status) {
  const bots = new Set((seats || []).filter((s) => s.bot).map((s) => s.seat));
  const active = view.active || [];
  const botsOnly = status === "active" && !view.result && active.length > 0 && active.every((s) => bots.has(s));
  wait.hidden = !botsOnly;
  if (!botsOnly) { skipAsked = false; return; }
  thinking.textContent = `${active.map(thinker).join(" and ")} ${active.length > 1 ? "are" : "is"} thinking…`;
  skip.hidden = !(seat && seat.token);
  skip.disabled = skipAsked;
}

skip.addEventListener("click", async () => {
  if (!seat || !seat.token) return;
  skipAsked = true;
  skip.disabled = true;
  try {
    await api(`/api/games/${encodeURIComponent(gid)}/skip`, { method: "POST", token: seat.token });
  } catch {
    skipAsked = false;  // a person was to decide meanwhile (409): nothing to skip
    skip.disabled = false;
  }
});

function showAway(view, seats, me) {
  const mine = (view.actions || []).length > 0;
  if (since === null && !mine) since = view.log_size ?? 0;  // waiting already when the page opened
  for (const e of view.log || []) if (since !== null && e.n >= since) entries.set(e.n, e);
  if (deciding === true && !mine) {
    // You have just decided: the summary starts after the entries of your own move.
    since = view.log_size ?? 0;
    entries.clear();
    away.hidden = true;
  } else if (deciding === false && mine && entries.size) {
    const list = [...entries.values()].sort((a, b) => a.n - b.n);
    clear(away).append(
      el("summary", { text: `While you were away: ${list.length} thing${list.length === 1 ? "" : "s"} happened` }),
      el("ol", { class: "away-list" }, ...list.map((e) => el("li", { text: prettyText(e.text || "", seats, me) }))));
    away.hidden = false;
    away.open = true;
  }
  deciding = mine;
}

document.addEventListener("doi:view", (ev) => {
  const { view, me, seats, status } = ev.detail;
  if (!view) return;
  showThinking(view, seats, status);
  if (me !== "spectator" && me !== "admin") showAway(view, seats, me);
});

// The hint of a solo game (issue 33): "Hint" (or the H key) asks the server what the hard bot would
// do in this seat's place (POST /api/games/{id}/hint: one of our own legal actions). The suggestion
// is worded as its own button is (decisions.js actionLabel), the matching choice on the table is
// marked, and "Play it" plays it (asking first when it cannot be undone, as a click would).
import { api, loadSeat, describe } from "./common.js";
import { actionLabel } from "./decisions.js";

/** A key equal for equal actions whatever their keys' order (views come as patches, hints as JSON). */
export function actionKey(a) {
  const canon = (v) => (Array.isArray(v) ? v.map(canon)
    : v && typeof v === "object" ? Object.keys(v).sort().map((k) => [k, canon(v[k])]) : v);
  return JSON.stringify(canon(a));
}

const gid = document.getElementById("main").dataset.game;
const $ = (id) => document.getElementById(id);
const st = { cur: null, hint: null, asking: false, error: "" };

/** Every seat but this browser's own is a bot (not a person's seat a bot plays while they are away). */
function solo(seats, me) {
  let mine = [];
  try { mine = (JSON.parse(localStorage.getItem(`doi:seats:${gid}`) || "[]") || []).map((s) => s.seat); } catch { mine = []; }
  const own = new Set([me, ...mine]);
  return (seats || []).every((s) => own.has(s.seat) || (s.bot && !s.zombie));
}

function deciding(view) {
  return !view.result && (view.actions || []).some((a) => a.type !== "undo");
}

function render() {
  const box = $("hint-box");
  const seat = loadSeat(gid);
  const c = st.cur;
  if (!box || !c) return;
  box.hidden = !(seat && seat.token && c.me !== "spectator" && c.status === "active" && solo(c.seats, c.me));
  if (box.hidden) return;
  const keys = $("kbd-hint");
  if (keys && !keys.dataset.hintKey) { keys.dataset.hintKey = "1"; keys.append(" · H asks for a hint"); }
  const mine = deciding(c.view);
  const fresh = st.hint && st.hint.version === c.version;
  $("hint-btn").disabled = !mine || st.asking;
  $("hint-btn").textContent = st.asking ? "Thinking…" : "Hint";
  let text = "";
  if (st.error) text = st.error;
  else if (fresh) text = st.hint.text;
  else if (!mine) text = "";
  $("hint-text").textContent = text;
  $("hint-text").hidden = !text;
  $("hint-play").hidden = !(fresh && mine);
}

/** The nodes on the table that offer `a` (as table.js sorts actions into click targets). */
function nodesFor(a) {
  const key = actionKey(a);
  const q = (sel) => [...document.querySelectorAll(sel)];
  const buttons = q("#buttons button, #choice button").filter((b) => b.dataset.actionKey === key);
  if (buttons.length) return buttons;
  const esc = (s) => CSS.escape(String(s));
  if (a.fighter !== undefined) {
    const f = q(`#board [data-fighter="${esc(a.fighter)}"]`);
    if (f.length) return f;
  }
  if (a.type === "move_sniper") return q(`#loc-${esc(a.to)}`);
  if (a.card !== undefined) return q(`[data-card="${esc(a.card)}"][data-legal="1"]`);
  if (a.slot !== undefined) return q(`#market [data-slot="${esc(a.slot)}"]`);
  const loc = a.from !== undefined && a.to !== undefined ? a.from : a.location ?? a.to;
  return loc !== undefined ? q(`#loc-${esc(loc)}`) : [];
}

function mark() {
  document.querySelectorAll(".hinted").forEach((n) => n.classList.remove("hinted"));
  const c = st.cur;
  if (!c || !st.hint || st.hint.version !== c.version) return;
  for (const n of nodesFor(st.hint.action)) n.classList.add("hinted");
}

async function ask() {
  const seat = loadSeat(gid);
  const c = st.cur;
  if (!seat || !seat.token || !c || st.asking || !deciding(c.view)) return;
  st.asking = true; st.error = "";
  render();
  try {
    const h = await api(`/api/games/${encodeURIComponent(gid)}/hint`, { method: "POST", token: seat.token, body: { version: c.version } });
    const now = st.cur;
    if (h.version === now.version) {
      const label = actionLabel(h.action, now.view, now.seats, now.me, describe);
      const by = h.by === "normal" ? " (the normal bot's choice: the search ran out of time)" : "";
      st.hint = { version: h.version, action: h.action, text: `The strong bot would choose: ${label}${by}` };
    }
  } catch (e) {
    st.error = e.message || "No hint now.";
  } finally {
    st.asking = false;
  }
  render();
  mark();
  if (st.hint && !$("hint-play").hidden) $("hint-play").focus();  // H, then Enter plays it
}

document.addEventListener("doi:view", (ev) => {
  const d = ev.detail;
  if (st.cur && st.cur.version !== d.version) st.error = "";
  st.cur = d;
  if (st.hint && st.hint.version !== d.version) st.hint = null;
  render();
});
document.addEventListener("doi:rendered", mark);

const btn = $("hint-btn");
if (btn) {
  btn.addEventListener("click", ask);
  $("hint-play").addEventListener("click", () => {
    if (st.hint && st.cur) document.dispatchEvent(new CustomEvent("doi:play", { detail: { action: st.hint.action, version: st.hint.version } }));
  });
  document.addEventListener("keydown", (ev) => {
    const t = ev.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.isContentEditable)) return;
    if ((ev.key === "h" || ev.key === "H") && !ev.ctrlKey && !ev.metaKey && !ev.altKey && !$("hint-box").hidden) {
      ev.preventDefault();
      ask();
    }
  });
}

// The coach of a lesson room (issue 33, "Learn to play"): for the decision in front of the player,
// what to do, why, and why the tempting alternative is worse. The lines are data
// (/static/coach.json); each is keyed on the decision itself (its kind, the legal actions, the
// view), so the coach stays right when the player or the bot does something else: lines written
// for the lesson's deal hold only in the position they name, general lines teach the rest, and the
// Hint gives the concrete move. After the first day the coach says goodbye and lets go.
import { api } from "./common.js";
import { actionKey } from "./hint.js";

const gid = document.getElementById("main").dataset.game;
const $ = (id) => document.getElementById(id);
const CLOSED = `doi:coach-closed:${gid}`;
const st = { lines: null, farewell: null, cur: null };

/** What the coach's conditions read, from the view (never the English prompt). */
export function context(view, me) {
  const d = view.decision || {};
  const at = view.positions ? view.positions[me] : undefined;
  const here = at ? (view.locations || {})[at] : undefined;
  const acts = (view.actions || []).filter((a) => a.type !== "undo");
  return {
    mine: !view.result && acts.length > 0, day: view.day, phase: view.phase, kind: d.kind, stage: d.stage, at,
    actions_left: d.actions_left, free_step: d.free_step, to: d.to, free: d.free, paid: d.paid,
    along: (d.fighters || []).length, action: d.action, location: d.location,
    event_here: here && here.event ? here.event.id : null,
    active_here: here ? (here.fighters || []).filter((f) => f.active).length : 0,
    hand: (view.hand || []).map((c) => c.id), can: new Set(acts.map((a) => a.type)),
    offered: new Set(acts.map(actionKey)),
    fighters: Object.fromEntries(here ? (here.fighters || []).map((f) => [f.id, !!f.active]) : []),
    events: Object.fromEntries(Object.entries(view.locations || {}).map(([k, l]) => [k, l.event ? l.event.id : null])),
  };
}

function holds(when, ctx) {
  return Object.entries(when).every(([k, want]) => {
    if (k === "hand_has") return want.every((id) => ctx.hand.includes(id));
    if (k === "can") return ctx.can.has(want);
    if (k === "cannot") return !ctx.can.has(want);
    if (k === "offers") return ctx.offered.has(actionKey(want));
    if (k === "fighter_active") return Object.entries(want).every(([id, on]) => ctx.fighters[id] === on);
    if (k === "event_at") return Object.entries(want).every(([loc, id]) => ctx.events[loc] === id);
    return ctx[k] === want;
  });
}

/** The first line whose conditions all hold; the deal's lines only on the lesson's first day. */
export function pick(lines, ctx) {
  return lines.find((l) => (!l.deal || ctx.day === 1) && holds(l.when || {}, ctx)) || null;
}

function show(line, id, farewell) {
  const box = $("coach");
  box.hidden = !line;
  document.body.classList.toggle("coached", !!line);
  if (!line) return;
  box.dataset.line = id;
  $("coach-do").textContent = line.do;
  $("coach-why").textContent = line.why;
  $("coach-not").textContent = line.not;
  $("coach-not").parentElement.hidden = !line.not;
  $("coach-more-title").textContent = line.not ? "Why, and the tempting mistake" : "Why";
  $("coach-close").hidden = !farewell;
}

function render() {
  const c = st.cur;
  if (!st.lines || !c || c.me === "spectator" || c.status === "abandoned") { show(null); return; }
  const view = c.view;
  if (view.result || localStorage.getItem(CLOSED)) { show(null); return; }
  if (view.day >= 2) { show(st.farewell, "farewell", true); return; }  // the first day is over: let go
  const line = pick(st.lines, context(view, c.me));
  show(line, line ? line.id : "", false);
}

document.addEventListener("doi:view", (ev) => { st.cur = ev.detail; render(); });

async function start() {
  const box = $("coach");
  if (!box) return;
  // A phone opens the explanations on demand: the prompt must leave room for the map.
  $("coach-more").open = window.matchMedia("(min-width: 1001px)").matches;
  $("coach-close").addEventListener("click", () => { localStorage.setItem(CLOSED, "1"); render(); });
  const game = await api(`/api/games/${encodeURIComponent(gid)}`);
  if (!game.lesson) return;
  const data = await api("/static/coach.json");
  st.lines = data.lines;
  st.farewell = data.farewell;
  render();
}
start().catch(() => {});

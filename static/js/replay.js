// Public replay of a finished game: the spectator view after each move, stepped with the arrows.
import { el, clear, api, loadCatalog, prettyText, seatName } from "./common.js";
import { renderBoard, renderTracks } from "./board.js";
import { renderPublic } from "./piles.js";
import { withRefs } from "./facts.js";
import { eventCardNode } from "./panels.js";
import { diceOf, diceRow } from "./dice.js";
import { diffViews } from "./changes.js";
import { phaseLabel, resultLine } from "./decisions.js";
import { hydrate } from "./catalog.js";
import { renderZhukov } from "./zhukov.js";

const gid = document.getElementById("main").dataset.game;
const $ = (id) => document.getElementById(id);
let catalog = null, seats = [], timer = null, current = -1, prev = null, busy = false;

function render(r) {
  const v = r.view;
  seats = r.seats || seats;
  const changes = diffViews(prev && prev.step === r.step - 1 ? prev.view : null, v);
  $("step").max = String(r.steps); $("step-max").textContent = String(r.steps);
  $("step").value = String(r.step); $("step-out").textContent = String(r.step);
  document.body.dataset.step = String(r.step);
  $("replay-prompt").textContent = `${phaseLabel(v)} · ` + (v.result ? resultLine(v, seats) : prettyText(v.prompt || "", seats));
  const last = (v.log || [])[v.log.length - 1];
  $("replay-last").textContent = last ? `Last: ${prettyText(last.text, seats)}` : "";
  renderBoard($("board"), v, { seats, changed: changes.locs, changedUnits: changes.units });  // the step's move, as at the table
  renderTracks($("tracks"), v, catalog, changes.tracks);
  renderPublic($("public-body"), v, seats, null);
  const pl = clear($("replay-players"));
  for (const s of v.seats) {
    pl.append(el("li", { class: "card mini" }, el("span", { class: `seat-dot ${s}` }), el("span", { class: "pname", text: seatName(s, seats, null) }),
      s === "soviet" ? ` · ${v.hands.soviet} headline(s) · CP ${v.cp}` : ` · ${v.hands[s]} card(s) · ${v.injuries[s]} injuries`));
  }
  const market = clear($("market"));
  market.classList.toggle("zhukov", !!v.zhukov);
  if (v.zhukov) renderZhukov(market, v, catalog, $("market-title"), null);  // no market: the General Zhukov deck
  for (const m of v.market) market.append(eventCardNode(m, v, changes));
  const log = clear($("log"));
  for (const e of v.log) {
    const li = el("li", { class: e.n >= changes.logFrom ? "new" : null }, el("span", { class: "day", text: `D${e.day}` }), " ", ...withRefs(prettyText(e.text, seats)));
    const d = diceOf(e);
    if (d.length) li.append(" ", diceRow(d, 18));
    log.append(li);
  }
  log.scrollTop = log.scrollHeight;
}

async function load(step) {
  if (busy) { clearTimeout(timer); timer = setTimeout(() => load(step), 60); return; }
  busy = true;
  try {
    const r = await api(`/api/games/${encodeURIComponent(gid)}/replay?step=${step}`);
    r.view = hydrate(r.view, catalog);
    render(r);
    prev = r; current = r.step;
    $("replay-error").textContent = "";
  } catch (e) {
    $("replay-error").textContent = e.status === 409 ? "The replay opens when the game is over." : e.message;
  }
  busy = false;
}

function go(step) {
  const max = +$("step").max;
  load(Math.max(0, Math.min(max, step)));
}

$("step").addEventListener("input", () => { $("step-out").textContent = $("step").value; clearTimeout(timer); timer = setTimeout(() => load(+$("step").value), 120); });
$("step-prev").addEventListener("click", () => go(current - 1));
$("step-next").addEventListener("click", () => go(current + 1));
$("step-first").addEventListener("click", () => go(0));
$("step-last").addEventListener("click", () => go(+$("step").max));
document.addEventListener("keydown", (ev) => {
  if (ev.target && ev.target.tagName === "INPUT") return;  // the slider steps with the arrows itself
  const to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: +$("step").max }[ev.key];
  if (to === undefined) return;
  ev.preventDefault();
  go(to);
});

(async () => {
  catalog = await loadCatalog().catch(() => null);
  await load(0);
})();

// Admin review: step-through replay with every secret.
import { el, clear, api, loadCatalog, nameOf, describe, prettyText, SEAT_LABEL } from "./common.js";
import { renderBoard, renderTracks } from "./board.js";
import { iconRow } from "./icons.js";
import { logout } from "./admin_session.js";
import { hydrate } from "./catalog.js";
import { eventCardNode } from "./panels.js";
import { phaseLabel, resultLine } from "./decisions.js";
import { renderZhukov } from "./zhukov.js";

const gid = document.getElementById("main").dataset.game;
const $ = (id) => document.getElementById(id);
let catalog = null, seats = [], timer = null;

function cardLine(c) {
  return el("li", { class: "card mini", "data-card": c.id }, el("b", { text: c.title || c.name }), " ",
            c.icons ? iconRow(c.icons) : null, c.cp !== undefined ? el("span", { class: "hint", text: ` ${c.cp} CP · ${c.colour}` }) : null);
}

function render(r) {
  const v = r.view;
  $("step").max = String(r.steps); $("step-max").textContent = String(r.steps);
  $("step").value = String(r.step); $("step-out").textContent = String(r.step);
  $("step-action").textContent = r.action ? `Step ${r.step}: ${SEAT_LABEL[r.action[0]] || r.action[0]} chose “${describe(r.action[1], v, seats, null)}”` : "Start of the game";
  $("review-prompt").textContent = `${phaseLabel(v)} · ` + (v.result ? resultLine(v, seats) : prettyText(v.prompt || "", seats));
  renderBoard($("board"), v, { seats });
  renderTracks($("tracks"), v, catalog);
  const hands = clear($("all-hands"));
  const sec = v.secrets || {};
  if (v.zhukov) {  // Zhukov ruleset: no Soviet hand; the deck's order is the admin's secret
    hands.append(el("h3", { text: `General Zhukov deck (${v.zhukov.deck_count}, top last)` }),
                 el("p", { class: "hint", text: (sec.zhukov_deck || []).join(", ") || "empty" }));
  } else {
    hands.append(el("h3", { text: `Soviet headline hand (CP ${v.cp})` }), el("ul", { class: "hand-list", "data-seat": "soviet" }, (sec.headline_hand || []).map(cardLine)));
  }
  for (const [seat, cards] of Object.entries(sec.hands || {})) {
    hands.append(el("h3", { text: `${SEAT_LABEL[seat]} (${(seats.find((s) => s.seat === seat) || {}).name || "—"}) · ${v.injuries[seat]} injuries` }),
                 el("ul", { class: "hand-list", "data-seat": seat }, cards.map(cardLine)));
  }
  const misc = clear($("secret-misc"));
  misc.append(el("h3", { text: "Face-down fighters" }),
    el("p", { text: Object.entries(sec.facedown || {}).filter(([, l]) => l.length).map(([loc, l]) => `${nameOf(loc, v)}: ${l.map((f) => nameOf(f, v)).join(", ")}`).join(" · ") || "none" }),
    el("h3", { text: "Event deck (top first)" }), el("p", { class: "hint", text: (sec.event_deck || []).map((e) => nameOf(e, v)).join(" · ") }),
    el("h3", { text: "Revolutionary deck" }), el("p", { class: "hint", text: (sec.rev_deck || []).map((e) => nameOf(e, v)).join(" · ") }),
    el("h3", { text: "Legal actions now" }),
    el("ul", {}, Object.entries(v.all_actions || {}).filter(([, a]) => a.length).map(([s, a]) =>
      el("li", { text: `${SEAT_LABEL[s]}: ${a.map((x) => describe(x, v, seats, null)).join(" | ")}` }))));
  const market = clear($("market"));
  market.classList.toggle("zhukov", !!v.zhukov);
  if (v.zhukov) renderZhukov(market, v, catalog, $("market-title"), null);  // no market: the General Zhukov deck
  for (const m of v.market) market.append(eventCardNode(m, v));
  const log = clear($("log"));
  for (const e of v.log) log.append(el("li", {}, el("span", { class: "day", text: `D${e.day}` }), " ", prettyText(e.text, seats)));
  log.scrollTop = log.scrollHeight;
}

async function load(step) {
  try {
    const r = await api(`/api/admin/games/${encodeURIComponent(gid)}/replay?step=${step}`);
    render({ ...r, view: hydrate(r.view, catalog) });
    $("review-error").textContent = "";
  } catch (e) {
    $("review-error").textContent = e.status === 401 ? "Log in on the admin page first." : e.message;
  }
}

$("step").addEventListener("input", () => { $("step-out").textContent = $("step").value; clearTimeout(timer); timer = setTimeout(() => load($("step").value), 120); });
$("step-prev").addEventListener("click", () => load(Math.max(0, +$("step").value - 1)));
$("step-next").addEventListener("click", () => load(Math.min(+$("step").max, +$("step").value + 1)));
$("logout-btn").addEventListener("click", () => logout());
document.addEventListener("keydown", (ev) => {
  if (ev.target && ev.target.tagName === "INPUT") return;  // the slider steps with the arrows itself
  const cur = +$("step").value, max = +$("step").max;
  const to = { ArrowLeft: cur - 1, ArrowRight: cur + 1, Home: 0, End: max }[ev.key];
  if (to === undefined) return;
  ev.preventDefault();
  load(Math.max(0, Math.min(max, to)));
});

(async () => {
  catalog = await loadCatalog().catch(() => null);
  try {
    const g = await api(`/api/admin/games/${encodeURIComponent(gid)}`);
    seats = g.summary.seats;
    load(g.version);
  } catch (e) {
    $("review-error").textContent = e.status === 401 ? "Log in on the admin page first." : e.message;
  }
})();

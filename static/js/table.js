// The game table: websocket connection with reconnect, rendering of the view, legal-action targets,
// confirmations before irreversible clicks, keyboard play, what changed since the last look. The
// hand, market, players and log panels are drawn by panels.js; the board by board.js.
import "./resume.js";  // first: a resume link stores its seat before we read it
import { el, clear, loadSeat, forgetSeat, loadCatalog, nameOf, seatName, describe, prettyText,
         isLocation } from "./common.js";
import { renderBoard, renderTracks } from "./board.js";
import { iconRow, needRow } from "./icons.js";
import { withRefs, decisionOf, fillView } from "./facts.js";
import { diffViews, mergeChanges } from "./changes.js";
import { renderPublic } from "./piles.js";
import { renderHand, renderMarket, renderPlayers, renderLog, usePanels } from "./panels.js";
import { renderLegend } from "./legend.js";
import { renderEndscreen, rematch } from "./endgame.js";
import { confirmReason, phaseLabel, actionLabel, stepCost, doneDeclines, buttonReason, lastAction,
         ZHUKOV_SPA_STEPS, ZHUKOV_SPA_RULES } from "./decisions.js";
import { ViewStream } from "./wire.js";
import { FullLog } from "./fulllog.js";
import { renderGoal } from "./goal.js";
import { SinceLastMove } from "./since.js";
import { actionKey } from "./hint.js";
import { tableChat } from "./table_chat.js";

const main = document.getElementById("main");
const gid = main.dataset.game;
const $ = (id) => document.getElementById(id);

const st = {
  seat: loadSeat(gid),   // {seat, token, name} or null (spectator)
  ws: null, backoff: 500, timer: null, closedForGood: false,
  msg: null, view: null, version: -1, seats: [], me: "spectator",
  pending: false, selectedFrom: null, choice: null, catalog: null,
  chatUnread: 0, endDismissed: false, lastResultShown: null,
  changes: null, actedSince: false,    // what changed since this seat last acted (see onMessage)
  picked: new Map(),                   // the seat's picks in the pending multi-select decision (view.picks, market kept)
  lastAct: null, defaultAction: null, end: {},
};

usePanels(st, legalize);  // the hand, market, players and log panels (panels.js) read this state
const stream = new ViewStream(() => send({ type: "sync" }));  // full view, then patches (wire.js; the server default)
// The whole log (views carry its tail; the rest comes over REST) and the summary of what the
// others did since this seat's last move.
const fullLog = new FullLog(gid, () => (st.seat && st.seat.token) || null, () => renderSoon());
const since = new SinceLastMove(gid, fullLog, document.getElementById("since"), showLogEntry);

// ----- connection --------------------------------------------------------------------------------
function setConn(state, text) {
  const c = $("conn");
  c.dataset.state = state;
  c.textContent = text;
  document.body.dataset.conn = state;
}

function connect() {
  clearTimeout(st.timer);
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  let ws;  // the seat token goes in the first frame, never in the URL (proxies log URLs)
  try { ws = new WebSocket(`${proto}//${location.host}/ws/games/${encodeURIComponent(gid)}`); }
  catch { scheduleReconnect(); return; }
  st.ws = ws;
  setConn(st.msg ? "reconnecting" : "connecting", st.msg ? "Reconnecting…" : "Connecting…");
  ws.onopen = () => {
    st.backoff = 500; setConn("connected", "Connected");
    st.authed = false;
    clear($("chat"));  // the server sends the recent lines again on every connection
    if (st.seat && st.seat.token) ws.send(JSON.stringify({ type: "auth", token: st.seat.token }));
  };
  ws.onmessage = (ev) => {
    let m;
    try { m = JSON.parse(ev.data); } catch { return; }
    if (st.ws !== ws) return;
    m = stream.take(m, st.catalog);  // a patch becomes a view, catalog texts joined in
    if (m) onMessage(m);
  };
  ws.onclose = (ev) => {
    if (st.ws !== ws) return;
    st.ws = null;
    st.pending = false;
    if (ev.code === 4404) { st.closedForGood = true; setConn("error", "Game not found"); return; }
    if (ev.code === 4403 && st.seat) {
      // Our seat token is no longer valid: continue as a spectator.
      forgetSeat(gid); st.seat = null; st.backoff = 500; renderChatControls();
      toast("Your seat token was refused; you are watching as a spectator.");
    }
    scheduleReconnect();
  };
}

function scheduleReconnect(delay) {
  if (st.closedForGood) return;
  const d = delay ?? st.backoff;
  st.backoff = Math.min(st.backoff * 2, 10000);
  setConn("reconnecting", `Connection lost: reconnecting in ${(d / 1000).toFixed(1)} s…`);
  clearTimeout(st.timer);
  st.timer = setTimeout(connect, d);
}

function reconnectNow() {
  const ws = st.ws;
  st.ws = null;
  if (ws) { try { ws.close(); } catch { /* ignore */ } }
  st.backoff = 500;
  setConn("reconnecting", "Reconnecting…");
  clearTimeout(st.timer);
  st.timer = setTimeout(connect, 50);
}

function send(obj) {
  if (!st.ws || st.ws.readyState !== WebSocket.OPEN) { toast("Not connected: wait for the reconnect."); return false; }
  st.ws.send(JSON.stringify(obj));
  return true;
}

function onMessage(m) {
  if (m.type === "view") {
    if (m.seat === "spectator" && st.seat && st.seat.token) return;  // our seat's view follows the auth frame
    if (st.seat && !st.authed && m.seat !== "spectator") { st.authed = true; sendChannels(); }
    if (m.version < st.version && st.msg && m.status === st.msg.status) return;
    const changed = m.version !== st.version;
    const previous = st.view;
    st.shownVersion = st.version;
    st.msg = m; st.view = m.view; st.version = m.version; st.seats = m.seats || []; st.me = m.seat;
    st.pending = false;
    fullLog.take(m.view, m.seat);
    if (changed) {
      st.selectedFrom = null; st.choice = null;
      // What changed with this view; a seat that has not acted since keeps what changed before
      // too (a waiting player sees everything the others did), a spectator sees the last change.
      const d = diffViews(previous, m.view);
      const fresh = !st.changes || st.actedSince || st.me === "spectator" || st.me === "admin";
      st.changes = fresh ? d : mergeChanges(st.changes, d);
      if (fresh) st.baselineVersion = previous ? st.shownVersion : m.version;
      st.actedSince = false;
      keepPicks(m.view);
    }
    renderSoon();
  } else if (m.type === "chat") {
    addChat(m);
  } else if (m.type === "error") {
    st.pending = false;
    st.revealNext = null;
    document.body.classList.remove("pending");
    if (m.code === "stale") {
      // Someone else moved first (on a team choice, a teammate): the fresh view follows.
      toast("Another player acted first, so your click was not used. The table now shows the new situation.");
      return;
    }
    toast(m.message || "Error");
  } else if (m.type === "reconnect") {
    reconnectNow();
  } else if (m.type === "clock") {
    document.dispatchEvent(new CustomEvent("doi:clock", { detail: m }));  // clock.js
  }
}

function act(action) {
  if (st.pending) return;
  if (send({ type: "action", version: st.version, action })) {
    st.pending = true;
    st.lastAct = action;
    st.revealNext = st.version;  // the next version answers this move (revealTargets)
    st.actedSince = true;
    document.body.classList.add("pending");
  }
}

/** The seat's picks in the pending multi-select decision, as the engine keeps them (view.picks). */
function keepPicks(view) {
  const p = view.picks;
  st.picked = new Map(((p && p.selected) || []).map((id) => [id, "picked"]));
  const d = decisionOf(view);
  if (d.kind === "market") {  // the events kept so far are public
    for (const slot of d.kept || []) {
      const m = (view.market || []).find((x) => x.slot === slot);
      if (m && m.event) st.picked.set(m.event.id, "kept");
    }
  }
}

// ----- rendering ---------------------------------------------------------------------------------
function toast(text) {
  const t = $("toast");
  t.textContent = text;
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, 6000);
}

/** Sort the legal actions into click targets. */
function targets(view) {
  const loc = new Map(), from = new Map(), card = new Map(), slot = new Map(), fighter = new Map(), buttons = [];
  const push = (map, key, a) => { if (!map.has(key)) map.set(key, []); map.get(key).push(a); };
  for (const a of view.actions || []) {
    if (a.fighter !== undefined) push(fighter, a.fighter, a);  // also clickable on the fighter's tile
    if (a.type === "move_sniper") push(loc, a.to, a);  // the sniper is given (decision.from): click where it goes
    else if (a.card !== undefined) push(card, a.card, a);
    else if (a.slot !== undefined) push(slot, a.slot, a);
    else if (isLocation(a.from, view) && isLocation(a.to, view)) push(from, a.from, a);
    else if (isLocation(a.location, view)) push(loc, a.location, a);
    else if (isLocation(a.to, view)) push(loc, a.to, a);
    else buttons.push(a);
  }
  return { loc, from, card, slot, fighter, buttons };
}

function label(a) {
  return actionLabel(a, st.view, st.seats, st.me, describe);
}

/** Views can come in bursts (a bot, a replayed catch-up): draw the newest one once per burst. */
function renderSoon() {
  if (renderSoon.timer) return;
  renderSoon.timer = setTimeout(() => { renderSoon.timer = null; render(); }, 16);
}

function render() {
  const view = fillView(st.view, st.catalog);
  if (!view) return;
  document.body.classList.remove("pending");
  const T = targets(view);
  const tbl = $("table");
  Object.assign(tbl.dataset, { version: String(st.version), seat: st.me, day: String(view.day), phase: view.phase || "",
                               step: view.step || "", status: st.msg.status, actions: String((view.actions || []).length) });
  tbl.dataset.changed = [...(st.changes ? st.changes.locs : [])].join(" ");
  tbl.dataset.baseVersion = String(st.baselineVersion ?? "");
  document.body.dataset.seat = st.me;
  document.body.dataset.phase = view.phase || "";
  const me = st.me;
  const changes = st.changes || { locs: new Set(), units: new Map(), cards: new Set(), tracks: new Set(), logFrom: Infinity };

  // Cards shown in the hand or SPA pool; other card actions become buttons.
  const shownCards = new Set((view.hand || []).map((c) => c.id));
  if (me === "soviet") for (const c of view.spa_pool || []) shownCards.add(c.id);
  for (const [cid, acts] of T.card) if (!shownCards.has(cid)) T.buttons.push(...acts);

  // Header: who am I, whose turn.
  const whoami = clear($("whoami"));
  whoami.append(el("span", { class: `seat-dot ${me}` }), el("span", { class: "pname", text: seatName(me, st.seats, null) }));
  let turn = "";
  if (view.turn && !view.result) {
    const n = view.turn.actions_left;
    const who = view.turn.seat === me ? "your turn" : `turn of ${seatName(view.turn.seat, st.seats, null)}`;
    turn = ` · ${who} (${n === 0 ? "no actions left" : `${n} action${n === 1 ? "" : "s"} left`})`;
  }
  clear($("turn")).append(...withRefs(phaseLabel(view) + turn));  // "Z#6" gets its card as a tooltip

  let prompt = view.prompt || "";
  // A spectator is told who is to act, as a waiting player is (the engine words the prompt to the seat).
  if ((me === "spectator" || me === "admin") && (view.active || []).length && !view.result && !prompt.startsWith("Waiting for")) {
    prompt = `Waiting for ${view.active.join(", ")}: ${prompt}`;
  }
  if (st.msg.status === "open") prompt = "Waiting for every seat to be claimed. Share the invite links from the room page.";
  if (st.msg.status === "abandoned") prompt = "This game was abandoned.";
  clear($("prompt-text")).append(...withRefs(prettyText(prompt, st.seats, me)));
  renderTeamNote(view);
  const yourMove = (view.actions || []).length > 0;
  $("prompt").classList.toggle("your-move", yourMove);
  document.title = (yourMove ? "● Your move · " : "") + "Days of Ire Online";
  document.dispatchEvent(new CustomEvent("doi:view", { detail: { view, me: st.me, seats: st.seats, status: st.msg.status,
                                                                 version: st.version } }));  // clock.js, notify.js

  // Board.
  let legalLocs, onLocation;
  if (st.selectedFrom) {
    legalLocs = new Set((T.from.get(st.selectedFrom) || []).map((a) => a.to));
    legalLocs.add(st.selectedFrom);
    onLocation = (loc) => {
      if (loc === st.selectedFrom) { st.selectedFrom = null; st.choice = null; render(); return; }
      const acts = (T.from.get(st.selectedFrom) || []).filter((a) => a.to === loc);
      choose(acts, `${nameOf(st.selectedFrom, view)} → ${nameOf(loc, view)}`);
    };
  } else {
    legalLocs = new Set([...T.loc.keys(), ...T.from.keys()]);
    onLocation = (loc) => {
      const direct = T.loc.get(loc) || [];
      const fromActs = T.from.get(loc) || [];
      if (fromActs.length && !direct.length) { st.selectedFrom = loc; st.choice = null; render(); return; }
      const extra = fromActs.length ? [{ label: `Move units from ${nameOf(loc, view)}…`, run: () => { st.selectedFrom = loc; st.choice = null; render(); } }] : [];
      choose(direct, nameOf(loc, view), extra, { kind: "location" });
    };
  }
  const locTypes = new Map();
  for (const [k, acts] of [...T.loc, ...T.from]) locTypes.set(k, [...new Set([...(locTypes.get(k) || []), ...acts.map((a) => a.type)])]);
  if (st.selectedFrom) for (const a of T.from.get(st.selectedFrom) || []) locTypes.set(a.to, [a.type]);
  const picked = new Set(st.picked.keys());
  const locLabels = new Map();
  for (const [k, acts] of T.loc) locLabels.set(k, acts.map(label));
  if (st.selectedFrom) for (const a of T.from.get(st.selectedFrom) || []) locLabels.set(a.to, [label(a)]);
  const stepCostBox = $("step-cost");
  const moveAct = (view.actions || []).find((a) => a.type === "move");
  stepCostBox.hidden = !moveAct;
  if (moveAct) stepCostBox.textContent = `Your next movement step: ${stepCost(view)}.`;
  renderBoard($("board"), view, { layout: phoneFit() ? "portrait" : "map", seats: st.seats, me, legal: legalLocs, selected: st.selectedFrom, onLocation, locTypes,
                                  home: view.positions ? view.positions[me] : null, changed: changes.locs, changedUnits: changes.units, picked, locLabels, unavailable: view.unavailable,
                                  fighters: st.selectedFrom ? new Map() : T.fighter,
                                  origin: (view.actions || []).some((a) => a.type === "move_sniper") ? decisionOf(view).from : null,
                                  dest: decisionOf(view).kind === "move" && (view.actions || []).length ? decisionOf(view).to : null,
                                  onFighter: (fid) => choose(T.fighter.get(fid) || [], nameOf(fid, view), [], { kind: "fighter" }) });
  renderTracks($("tracks"), view, st.catalog, changes.tracks);

  renderHand(view, T);
  renderMarket(view, T, changes);
  renderPlayers(view);
  renderPublic($("public-body"), view, st.seats, me);
  renderButtons(view, T);
  renderPicks(view);
  renderChoice();
  renderLog(view, changes, fullLog);
  renderGoal($("goal"), view, st.seats, me);
  since.onView(view, me, st.seats);
  renderDefault(view, T);
  renderEnd(view);
  revealTargets();
  // hint.js marks the suggested choice on the freshly drawn table.
  document.dispatchEvent(new CustomEvent("doi:rendered", { detail: { view, me: st.me, seats: st.seats, version: st.version } }));
  fitLog();
}

/** The Soviet's log, last in the right column on a wide screen: as tall as the window leaves it
 *  (120-300 px), so that at 1280x800 it is in view beside the map without scrolling. */
function fitLog() {
  const log = $("log"), chat = $("chat");
  if (st.me !== "soviet" || narrow.matches) { log.style.height = chat.style.height = ""; return; }
  const shown = log.hidden ? chat : log;
  const top = shown.getBoundingClientRect().top + window.scrollY;
  const h = `${Math.round(Math.max(120, Math.min(300, window.innerHeight - top - 14)))}px`;
  log.style.height = chat.style.height = h;
}
window.addEventListener("resize", () => { if (st.view) fitLog(); });

/** Whether a node's middle shows on screen, up and down: inside the window below the sticky prompt,
 *  and inside the map's own scroll box for a place on the map. */
function onScreen(node) {
  const r = node.getBoundingClientRect();
  if (r.width === 0) return false;
  const y = (r.top + r.bottom) / 2;
  const top = $("prompt").getBoundingClientRect().bottom;
  if (y <= top || y >= window.innerHeight) return false;
  const box = node.closest("#board-scroll");  // a phone's map scrolls sideways in its box: up and down count here
  if (!box) return true;
  const b = box.getBoundingClientRect();
  return y > b.top && y < b.bottom;
}

/** After your own move, when the next decision is answered by clicking places or cards and most
 *  of them are off screen (a buy in the market that asks where on the map to put the event, on a
 *  phone), bring them into view once: the map's top just under the sticky prompt for
 *  places, else the first card. The decision's controls stay in sight. */
function revealTargets() {
  if (st.revealNext == null || st.revealNext === st.version || st.choice) return;  // once, on the view after our own move
  st.revealNext = null;
  const targets = [...document.querySelectorAll('#table [data-legal="1"]')];
  if (!targets.length || targets.filter(onScreen).length * 2 >= targets.length) return;
  const first = targets[0];
  if (first.closest("#board")) {
    // On a phone the decision box sits in the page until it scrolls away, then comes back as a
    // compact bar about 110 px high (compact_prompt.js): the map's top goes just under that bar.
    const compactSoon = narrow.matches && !$("prompt").classList.contains("compact");
    const gap = $("board-wrap").getBoundingClientRect().top - (compactSoon ? 110 : $("prompt").getBoundingClientRect().bottom) - 4;
    window.scrollBy({ top: gap, behavior: "instant" });
  } else {
    first.scrollIntoView({ block: "center", behavior: "instant" });
  }
}

/** Who answers the pending decision when several seats may (a team choice), and where it comes
 *  from in the Zhukov ruleset (the General Zhukov card's headline or event, the SPA step). */
function renderTeamNote(view) {
  const box = clear($("team-note")), whyBox = clear($("why-note"));
  const active = (view.actions || []).length ? view.active || [] : [];
  const parts = [], why = [];
  if (active.length > 1 && active.includes(st.me) && !view.result) {
    const others = active.filter((s) => s !== st.me);
    const info = (s) => st.seats.find((x) => x.seat === s) || {};
    const bots = others.filter((s) => info(s).bot);
    const people = others.filter((s) => !info(s).bot);
    let who = `Team choice: you decide for the team`;
    if (people.length) who += `, or ${people.map((s) => seatName(s, st.seats, null)).join(" or ")}: the first answer counts`;
    if (bots.length) who += people.length ? "; bot teammates leave it to you" : " (bot teammates leave team choices to you)";
    parts.push(who + ".");
  }
  const z = view.zhukov, c = z && z.current;
  if (c && (view.actions || []).length && (c.stage === "headline" || c.stage === "event")) {
    const card = st.catalog && st.catalog.zhukov_cards && st.catalog.zhukov_cards[c.card.id];
    const h = card && card.headlines[["top", "middle", "bottom"].indexOf(c.row)];
    if (c.stage === "headline" && h) why.push(`From General Zhukov card ${c.card.title}, ${c.row} headline “${h.title}”: `, ...withRefs(h.text));
    else if (c.stage === "event") {
      const d = decisionOf(view);
      const eid = /^(e\d+):placement/.exec(d.effect || "");
      const e = eid && st.catalog && st.catalog.events[eid[1]];
      const placing = d.kind === "place_event" && st.catalog && st.catalog.events[d.event];
      if (placing) {
        why.push(`From the event step of General Zhukov card ${c.card.title}: the major event ${placing.title} may go anywhere, so the players pick an empty location for it; its placement effect runs there.`);
      } else {
        why.push(e ? `From the event step of General Zhukov card ${c.card.title}: the placement effect of ${e.title} (the players choose): `
                   : `From the event step of General Zhukov card ${c.card.title}: the players choose.`);
        if (e && e.placement) why.push(...withRefs(e.placement));
      }
    }
  }
  if (z && decisionOf(view).kind === "hits" && (view.actions || []).length) {
    why.push(`A Revolutionary who takes injury number ${z.injury_limit} loses the game for the whole team; an active fighter or a barricade can take a hit instead. `);
  }
  const spa = z && z.spa_step && (view.actions || []).length ? ZHUKOV_SPA_STEPS[z.spa_step] : null;
  if (spa) {  // the step's rule on demand: it explains the choice, but the prompt must stay short
    const rule = el("details", { class: "spa-rule", open: st.ruleOpen || null },
      el("summary", { text: `▸ SPA step ${spa[0]} of 4, ${spa[1]}: the rule` }), ZHUKOV_SPA_RULES[z.spa_step]);
    rule.addEventListener("toggle", () => { st.ruleOpen = rule.open; });
    why.push(rule);
  }
  box.hidden = !parts.length;
  box.append(...parts);
  whyBox.hidden = !why.length;
  whyBox.append(...why);
}

/** Run a set of actions from one click: one action at once (after a confirmation if it cannot be
 *  undone and was not picked among several), several in the choice box. */
function choose(acts, title, extra = [], how = { kind: "card" }) {
  if (acts.length === 1 && !extra.length) { guarded(acts[0], { single: true, ...how, title }); return; }
  st.choice = { title, acts, extra };
  renderChoice();
  const first = $("choice").querySelector("button");
  if (first) first.focus();
}

function guarded(a, how) {
  const reason = (how.kind === "button" ? buttonReason(a, st.view) : "") || confirmReason(a, st.view, how, st.catalog);
  if (!reason) { act(a); return; }
  const dlg = $("confirm");
  $("confirm-what").textContent = label(a);
  clear($("confirm-why")).append(...withRefs(reason));
  dlg.dataset.actionType = a.type;
  const yes = $("confirm-yes"), no = $("confirm-no");
  const close = () => { dlg.close(); yes.onclick = null; no.onclick = null; };
  yes.onclick = () => { close(); act(a); };
  no.onclick = close;
  dlg.showModal();
  yes.focus();
}

function renderChoice() {
  const box = clear($("choice"));
  const view = st.view;
  if (st.selectedFrom && !st.choice) {
    box.append(el("p", { class: "choice-title", text: `From ${nameOf(st.selectedFrom, view)}: now choose where to.` }),
               el("button", { class: "secondary", text: "Choose another origin", onclick: () => { st.selectedFrom = null; render(); } }));
    return;
  }
  if (!st.choice) return;
  box.append(el("p", { class: "choice-title", text: st.choice.title }));
  for (const a of st.choice.acts) {
    box.append(el("button", { class: "action", "data-action-type": a.type, "data-action-key": actionKey(a), text: label(a), onclick: () => act(a) }));
  }
  for (const x of st.choice.extra) box.append(el("button", { class: "action", text: x.label, onclick: x.run }));
  box.append(el("button", { class: "secondary", text: "Close", onclick: () => { st.choice = null; st.selectedFrom = null; render(); } }));
}

function legalize(node, acts, title) {
  if (st.picked.has(node.dataset.card)) {
    node.classList.add("picked");
    node.append(el("span", { class: "pick-badge", text: st.picked.get(node.dataset.card) === "kept" ? "✓ kept" : "✓ selected" }));
  }
  if (!acts || !acts.length) return node;
  node.classList.add("legal");
  node.dataset.legal = "1";
  node.dataset.actionTypes = [...new Set(acts.map((a) => a.type))].join(" ");
  node.tabIndex = 0;
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", `${title}: ${acts.map(label).join(" / ")}`);
  node.append(el("span", { class: "play-hint", text: acts.length === 1 ? `▶ ${shortVerb(acts[0])}` : `▶ ${acts.length} uses` }));
  const run = (ev) => {
    if (ev.target.closest && ev.target.closest(".text-toggle, .cref")) return;
    ev.preventDefault();
    choose(acts, title, [], { kind: "card" });
  };
  node.addEventListener("click", run);
  node.addEventListener("keydown", (ev) => { if ((ev.key === "Enter" || ev.key === " ") && ev.target === node) run(ev); });
  return node;
}

function shortVerb(a) {
  return { play_headline: { cp: "collect CP", resolve: "resolve", discard: "discard" }[a.mode] || "play",
           buy_event: "buy", keep: "keep", discard: "discard", select: "select", take_card: "take", play_card: "play", play_spa: "play" }[a.type] || "choose";
}

function renderButtons(view, T) {
  const box = clear($("buttons"));
  const order = { undo: 3, cancel: 2, done: 1 };
  const list = [...T.buttons].sort((a, b) => (order[a.type] || 0) - (order[b.type] || 0));
  const declines = doneDeclines(view);
  if (declines) list.sort((a, b) => (a.type === "done") - (b.type === "done"));  // the decline goes last
  for (const a of list) {
    const cls = (a.type === "done" && !declines) || a.type === "end_turn" ? "primary"
      : (a.type === "undo" || a.type === "cancel" || a.type === "done") ? "secondary" : "action";
    const b = el("button", { class: cls, "data-action-type": a.type, "data-action-key": actionKey(a), text: label(a), onclick: () => guarded(a, { kind: "button" }) });
    if (a.type === "undo") b.title = "Undo (U or Ctrl+Z)";
    if (a.type === "draw_card" && lastAction(a, view)) {
      b.title = "With no action left your turn ends, unless a card or fighter with a free ability can still be played.";
    }
    box.append(b);
  }
  if (view.result) {
    box.append(el("button", { class: "secondary", id: "show-summary", text: "Show the summary",
                              onclick: () => { st.endDismissed = false; $("endscreen").hidden = false; } }),
               el("a", { class: "button", href: `/games/${encodeURIComponent(gid)}/replay`, text: "Watch the replay" }));
  }
  const n = (view.actions || []).length - list.length;
  if (n > 0 && !st.selectedFrom) box.append(el("span", { class: "hint", text: "Highlighted places and cards are clickable." }));
}

/** What is picked for the current multi-select decision and what is still needed (view.picks). */
function renderPicks(view) {
  const box = clear($("picks"));
  const d = decisionOf(view);
  const p = view.picks;
  const ids = [...st.picked.keys()];
  const nothingToPick = d.kind === "move" && !ids.length && (d.free || d.paid) && !(view.actions || []).some((a) => a.type === "take_fighter");
  if (!p || nothingToPick) { box.hidden = true; return; }
  box.hidden = false;
  const hand = view.hand || [];
  const cards = ids.map((id) => hand.find((c) => c.id === id)).filter(Boolean);
  const fighters = ids.filter((id) => !hand.some((c) => c.id === id)).map((id) => nameOf(id, view));
  box.append(el("b", { text: `Selected (${ids.length}${p.limit !== undefined ? ` of at most ${p.limit}` : ""}): ` }),
    ids.length ? "" : "nothing yet",
    ...cards.map((c) => el("span", { class: "pick" }, c.name || c.title, " ", iconRow(c.icons || []))),
    ...fighters.map((n) => el("span", { class: "pick", text: n })));
  if (p.positions) {  // Action 6, taking: the places picked in the holder's hidden hand (R5)
    box.append(el("span", { class: "need-line", text: ` · cards picked: ${p.positions.map((i) => i + 1).join(", ") || "none yet"}` }));
  }
  if (d.kind === "act" && d.need) {
    const missing = p.missing || {};
    box.append(el("span", { class: "need-line", "data-missing": JSON.stringify(missing) }, " · Needed: ", needRow(d.need), " · still missing: ",
      Object.keys(missing).length ? needRow(missing) : el("b", { text: "nothing: confirm when ready" })));
  }
  if (d.kind === "move") {
    const along = (d.fighters || []).length;
    const canTake = along || (view.actions || []).some((a) => a.type === "take_fighter");
    box.append(el("span", { class: "need-line" }, canTake ? ` · fighters along: ${along} of at most ${d.max_fighters}` : "",
      d.free ? " · the step is free" : d.paid ? " · paid" : ` · to pay: ${stepCost(view)}`));
  }
}

/** The single choice Enter confirms: the only legal action (besides undo), or the choice box's first. */
function renderDefault(view, T) {
  document.querySelectorAll(".default-choice").forEach((n) => n.classList.remove("default-choice"));
  st.defaultAction = null;
  // A decline ("Take no more cards") is never the default: with one other choice, that one is.
  const acts = (view.actions || []).filter((a) => a.type !== "undo" && !(a.type === "done" && doneDeclines(view)));
  if (st.choice || acts.length !== 1) return;
  const a = acts[0];
  st.defaultAction = a;
  const btn = [...document.querySelectorAll("#buttons button")].find((b) => b.dataset.actionType === a.type);
  const node = btn || document.querySelector('[data-legal="1"]');
  if (node) node.classList.add("default-choice");
}

function renderEnd(view) {
  const box = $("endscreen");
  if (!view.result) { box.hidden = true; return; }
  const key = JSON.stringify(view.result);
  if (st.lastResultShown !== key) { st.endDismissed = false; st.lastResultShown = key; }
  renderEndscreen({ gid, view, seats: st.seats, me: st.me, status: st.msg.status }, st.end);
  $("rematch-btn").hidden = !st.seat;  // a rematch is for the players
  box.hidden = st.endDismissed;
}

/** Bring log entry `n` into view (the summary's "read them all"), the log tab shown. */
function showLogEntry(n) {
  showTab("log");
  const li = document.querySelector(`#log li[data-n="${n}"]`);
  if (!li) return;
  li.scrollIntoView({ block: "start", behavior: "instant" });
  li.classList.add("since-first");
  li.focus({ preventScroll: true });
}

// ----- chat and tabs (table_chat.js) -------------------------------------------------------------
const { addChat, renderChatControls, sendChannels, showTab } = tableChat(st, send);
// A phone (the narrow layout of app.css) shows the map at its own width, scrolled sideways; "Fit map"
// shows all of it in three columns (board.js PORTRAIT), its text as large as ever.
const narrow = window.matchMedia("(max-width: 1000px)");
const phoneFit = () => document.body.classList.contains("fit-map") && narrow.matches;
$("zoom").addEventListener("click", () => {
  const fit = document.body.classList.toggle("fit-map");
  $("zoom").setAttribute("aria-pressed", String(fit));
  $("zoom").textContent = fit ? "Zoom map" : "Fit map";
  if (st.view) render();
});
narrow.addEventListener("change", () => { if (st.view) render(); });
// The map measures its texts to fit them (board.js): once the page's fonts are in, measure again.
if (document.fonts) document.fonts.ready.then(() => { if (st.view) render(); });
$("end-close").addEventListener("click", () => { st.endDismissed = true; $("endscreen").hidden = true; });
$("rematch-btn").addEventListener("click", () => {
  if (!st.view) return;
  const info = st.seats.find((s) => s.seat === st.me);
  rematch(gid, st.view, st.seat ? { seat: st.me, name: (info && info.name) || st.seat.name } : null);
});

// ----- keyboard -----------------------------------------------------------------------------------
document.addEventListener("keydown", (ev) => {
  const t = ev.target;
  if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.isContentEditable)) return;
  if ($("confirm").open) return;  // the dialog handles its own keys
  if (ev.key === "Escape" && (st.choice || st.selectedFrom)) { st.choice = null; st.selectedFrom = null; render(); return; }
  const undo = st.view && (st.view.actions || []).find((a) => a.type === "undo");
  if ((ev.key === "u" || ev.key === "U") && !ev.ctrlKey && !ev.metaKey && !ev.altKey || (ev.key === "z" && (ev.ctrlKey || ev.metaKey))) {
    if (undo) { ev.preventDefault(); act(undo); }
    return;
  }
  if (ev.key === "Enter") {
    // Enter on a focused control is that control's; elsewhere it confirms the highlighted single choice.
    if (t && t !== document.body && (t.tagName === "BUTTON" || t.tagName === "A" || t.getAttribute("role") === "button" || t.tagName === "SUMMARY")) return;
    if (st.choice) {
      const first = $("choice").querySelector("button.action");
      if (first) { ev.preventDefault(); first.click(); }
      return;
    }
    if (st.defaultAction) { ev.preventDefault(); guarded(st.defaultAction, { single: true, kind: "enter" }); }
  }
});
// The hint's "Play it" (hint.js): the suggested action, asked about first when it cannot be undone.
document.addEventListener("doi:play", (ev) => {
  const a = ev.detail && ev.detail.action;
  const key = a && actionKey(a);
  const legal = st.view && (st.view.actions || []).find((x) => actionKey(x) === key);
  if (legal && ev.detail.version === st.version) guarded(legal, { single: true, kind: "hint" });
});
setInterval(() => { if (st.ws && st.ws.readyState === WebSocket.OPEN) send({ type: "ping" }); }, 25000);

renderLegend($("legend-body"));
// Views name components by id: the catalog's texts are needed before the first view is shown.
loadCatalog().then((c) => { st.catalog = c; }).catch(() => {}).finally(connect);

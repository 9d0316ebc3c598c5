// The game table: websocket connection with reconnect, rendering of the view, legal-action targets.
import "./resume.js";  // first: a resume link stores its seat before we read it
import { el, clear, loadSeat, forgetSeat, loadCatalog, nameOf, seatName, describe, prettyText, iconPills,
         isLocation, SEAT_LABEL, humanize } from "./common.js";
import { renderBoard, renderTracks, SEAT_COLOUR } from "./board.js";

const main = document.getElementById("main");
const gid = main.dataset.game;
const $ = (id) => document.getElementById(id);

const st = {
  seat: loadSeat(gid),   // {seat, token, name} or null (spectator)
  ws: null, backoff: 500, timer: null, closedForGood: false,
  msg: null, view: null, version: -1, seats: [], me: "spectator",
  pending: false, selectedFrom: null, choice: null, catalog: null,
  chatUnread: 0, endDismissed: false, lastResultShown: null,
};

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
    if (st.seat && st.seat.token) ws.send(JSON.stringify({ type: "auth", token: st.seat.token }));
  };
  ws.onmessage = (ev) => {
    let m;
    try { m = JSON.parse(ev.data); } catch { return; }
    onMessage(m);
  };
  ws.onclose = (ev) => {
    if (st.ws !== ws) return;
    st.ws = null;
    st.pending = false;
    if (ev.code === 4404) { st.closedForGood = true; setConn("error", "Game not found"); return; }
    if (ev.code === 4403 && st.seat) {
      // Our seat token is no longer valid: continue as a spectator.
      forgetSeat(gid); st.seat = null; st.backoff = 500;
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
    if (m.version < st.version && st.msg && m.status === st.msg.status) return;
    const changed = m.version !== st.version;
    st.msg = m; st.view = m.view; st.version = m.version; st.seats = m.seats || []; st.me = m.seat;
    st.pending = false;
    if (changed) { st.selectedFrom = null; st.choice = null; }
    render();
  } else if (m.type === "chat") {
    addChat(m);
  } else if (m.type === "error") {
    st.pending = false;
    document.body.classList.remove("pending");
    if (m.code === "stale") return;  // the fresh view follows
    toast(m.message || "Error");
  } else if (m.type === "reconnect") {
    reconnectNow();
  }
}

function act(action) {
  if (st.pending) return;
  if (send({ type: "action", version: st.version, action })) {
    st.pending = true;
    document.body.classList.add("pending");
  }
}

// ----- rendering ---------------------------------------------------------------------------------
function toast(text) {
  const t = $("toast");
  t.textContent = text;
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, 5000);
}

/** Sort the legal actions into click targets. */
function targets(view) {
  const loc = new Map(), from = new Map(), card = new Map(), slot = new Map(), fighter = new Map(), buttons = [];
  const push = (map, key, a) => { if (!map.has(key)) map.set(key, []); map.get(key).push(a); };
  for (const a of view.actions || []) {
    if (a.fighter !== undefined) push(fighter, a.fighter, a);  // also clickable on the fighter's tile
    if (a.card !== undefined) push(card, a.card, a);
    else if (a.slot !== undefined) push(slot, a.slot, a);
    else if (isLocation(a.from, view) && isLocation(a.to, view)) push(from, a.from, a);
    else if (isLocation(a.location, view)) push(loc, a.location, a);
    else if (isLocation(a.to, view)) push(loc, a.to, a);
    else buttons.push(a);
  }
  return { loc, from, card, slot, fighter, buttons };
}

function render() {
  const view = st.view;
  if (!view) return;
  document.body.classList.remove("pending");
  const T = targets(view);
  const tbl = $("table");
  Object.assign(tbl.dataset, { version: String(st.version), seat: st.me, day: String(view.day), phase: view.phase || "",
                               step: view.step || "", status: st.msg.status, actions: String((view.actions || []).length) });
  const me = st.me;

  // Cards shown in the hand or SPA pool; other card actions become buttons.
  const shownCards = new Set((view.hand || []).map((c) => c.id));
  if (me === "soviet") for (const c of view.spa_pool || []) shownCards.add(c.id);
  for (const [cid, acts] of T.card) if (!shownCards.has(cid)) T.buttons.push(...acts);

  // Header: who am I, whose turn.
  const whoami = $("whoami");
  clear(whoami);
  whoami.append(el("span", { class: `seat-dot ${me}`, style: `background:${SEAT_COLOUR[me] || "#888"}` }),
                seatName(me, st.seats, null));
  const phase = `Day ${view.day} · ${humanize(view.phase || "")}${view.step ? " · " + humanize(view.step) : ""}`;
  const turn = view.turn ? ` · turn of ${seatName(view.turn.seat, st.seats, me)} (${view.turn.actions_left} action(s) left)` : "";
  $("turn").textContent = phase + turn;

  let prompt = view.prompt || "";
  if (st.msg.status === "open") prompt = "Waiting for every seat to be claimed. Share the invite links from the room page.";
  if (st.msg.status === "abandoned") prompt = "This game was abandoned.";
  $("prompt-text").textContent = prettyText(prompt, st.seats, me);
  const yourMove = (view.actions || []).length > 0;
  $("prompt").classList.toggle("your-move", yourMove);
  document.title = (yourMove ? "● Your move · " : "") + "Days of Ire Online";

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
      choose(direct, nameOf(loc, view), extra);
    };
  }
  const locTypes = new Map();
  for (const [k, acts] of [...T.loc, ...T.from]) locTypes.set(k, [...new Set([...(locTypes.get(k) || []), ...acts.map((a) => a.type)])]);
  if (st.selectedFrom) for (const a of T.from.get(st.selectedFrom) || []) locTypes.set(a.to, [a.type]);
  renderBoard($("board"), view, { seats: st.seats, me, legal: legalLocs, selected: st.selectedFrom, onLocation, locTypes,
                                  home: view.positions ? view.positions[me] : null,
                                  fighters: st.selectedFrom ? new Map() : T.fighter,
                                  onFighter: (fid) => choose(T.fighter.get(fid) || [], nameOf(fid, view)) });
  renderTracks($("tracks"), view, st.catalog);

  renderHand(view, T);
  renderMarket(view, T);
  renderPlayers(view);
  renderButtons(view, T);
  renderChoice();
  renderLog(view);
  renderEnd(view);
}

function choose(acts, title, extra = []) {
  if (acts.length === 1 && !extra.length) { act(acts[0]); return; }
  st.choice = { title, acts, extra };
  renderChoice();
  const first = $("choice").querySelector("button");
  if (first) first.focus();
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
    box.append(el("button", { class: "action", "data-action-type": a.type, text: describe(a, view, st.seats, st.me),
                              onclick: () => act(a) }));
  }
  for (const x of st.choice.extra) box.append(el("button", { class: "action", text: x.label, onclick: x.run }));
  box.append(el("button", { class: "secondary", text: "Close", onclick: () => { st.choice = null; st.selectedFrom = null; render(); } }));
}

function legalize(node, acts, title) {
  if (!acts || !acts.length) return node;
  node.classList.add("legal");
  node.dataset.legal = "1";
  node.dataset.actionTypes = [...new Set(acts.map((a) => a.type))].join(" ");
  node.tabIndex = 0;
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", `${title}: ${acts.map((a) => describe(a, st.view, st.seats, st.me)).join(" / ")}`);
  const run = (ev) => { ev.preventDefault(); choose(acts, title); };
  node.addEventListener("click", run);
  node.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") run(ev); });
  return node;
}

function abilityText(card) {
  if (!card.ability) return null;
  const a = card.ability;
  return el("p", { class: "ability" }, el("b", { text: `${humanize(a.label || "ability")}: ` }), a.text || "");
}

function revCard(c, acts) {
  const node = el("div", { class: "card rev-card" + (c.aid ? " aid" : ""), "data-card": c.id },
    el("div", { class: "card-name", text: c.name }),
    el("div", { class: "icons" }, iconPills(c.icons)),
    c.aid ? el("p", { class: "ability", text: "Aid: counts as one of its icons." }) : null,
    abilityText(c));
  return legalize(node, acts, c.name);
}

function headlineCard(h, acts) {
  const node = el("div", { class: `card headline ${h.colour}`, "data-card": h.id },
    el("div", { class: "card-name" }, el("span", { class: `colour-tag ${h.colour}`, text: h.colour === "red" ? "■ red" : "● green" }), " ", h.title),
    el("div", { class: "meta", text: `${h.cp} CP${h.spa ? ` · SPA ${h.spa}` : ""}${h.mark ? " · mark" : ""}${h.lapsing ? " · lapsing" : ""} · period ${h.period}` }),
    el("p", { class: "ability", text: h.text }));
  return legalize(node, acts, h.title);
}

function renderHand(view, T) {
  const hand = clear($("hand"));
  const me = st.me;
  const title = $("hand-title");
  const extra = clear($("soviet-extra"));
  if (me === "spectator" || me === "admin") {
    title.textContent = "Spectating";
    hand.append(el("p", { class: "hint", text: "You are watching: hands stay hidden. Hand sizes are in the players list." }));
    return;
  }
  if (me === "soviet") {
    title.textContent = `Your headline hand (${view.hand.length}/${view.soviet_hand_limit})`;
    for (const h of view.hand) hand.append(headlineCard(h, T.card.get(h.id)));
    extra.append(el("div", { class: "cp-box" }, el("b", { text: `CP: ${view.cp}` }),
      view.cp_cards && view.cp_cards.length ? ` (from ${view.cp_cards.map((c) => c.title).join(", ")})` : ""));
    const pool = el("div", { class: "spa" }, el("h3", { text: `SPA pool (${view.spa_pool.length})` }));
    const row = el("div", { class: "spa-row" });
    for (const c of view.spa_pool) {
      const text = st.catalog && st.catalog.spa_cards[c.id] ? st.catalog.spa_cards[c.id].text : "";
      row.append(legalize(el("div", { class: "card spa-card", "data-card": c.id },
                             el("div", { class: "card-name", text: c.name }), el("p", { class: "ability", text })),
                          T.card.get(c.id), c.name));
    }
    pool.append(row);
    pool.append(el("h3", { text: "SPA discard queue" }),
                el("p", { class: "hint", text: view.spa_queue.length ? view.spa_queue.map((c) => c.name).join(" → ") : "empty" }));
    extra.append(pool);
  } else {
    title.textContent = `Your hand (${view.hand.length})`;
    if (!view.hand.length) hand.append(el("p", { class: "hint", text: "No cards." }));
    for (const c of view.hand) hand.append(revCard(c, T.card.get(c.id)));
  }
}

function renderMarket(view, T) {
  const box = clear($("market"));
  $("deck-count").textContent = `· ${view.event_deck_count} in the deck`;
  for (const m of view.market) {
    const e = m.event;
    const acts = T.slot.get(m.slot);
    const node = el("div", { class: "card event-card" + (e ? "" : " empty"), "data-slot": m.slot, "data-card": e ? e.id : null },
      el("div", { class: "slot", text: `Slot ${m.slot + 1} · +${m.surcharge}` }));
    if (e) {
      const cat = st.catalog && st.catalog.events[e.id];
      node.append(el("div", { class: "card-name", text: e.title }),
        el("div", { class: "meta", text: `Cost ${m.cost} CP · ${nameOf(m.location, view)}` }),
        el("div", { class: "icons" }, iconPills(e.requires)));
      if (cat && cat.reward) node.append(el("p", { class: "ability", text: `Reward: ${cat.reward}` }));
      if (cat && cat.penalty) node.append(el("p", { class: "ability penalty", text: `Penalty: ${cat.penalty}` }));
    } else node.append(el("div", { class: "hint", text: "empty" }));
    box.append(legalize(node, acts, e ? e.title : `Slot ${m.slot + 1}`));
  }
}

function renderPlayers(view) {
  const ul = clear($("player-list"));
  for (const seat of view.seats) {
    const active = (view.active || []).includes(seat);
    const li = el("li", { class: "player" + (active ? " active" : "") + (seat === st.me ? " me" : ""), "data-seat": seat },
      el("span", { class: `seat-dot ${seat}`, style: `background:${SEAT_COLOUR[seat]}` , text: seat === "soviet" ? "☭" : seat.replace("rev", "") }),
      el("span", { class: "pname", text: seatName(seat, st.seats, st.me) }));
    const bits = [];
    if (seat === "soviet") {
      bits.push(`${view.hands.soviet} headline(s)`, `CP ${view.cp}`, `SPA pool ${view.spa_pool.length}`);
    } else {
      bits.push(`${view.hands[seat] ?? 0} card(s)`, `${view.injuries[seat] ?? 0} injur${(view.injuries[seat] ?? 0) === 1 ? "y" : "ies"}`);
      if (view.positions[seat]) bits.push(`at ${nameOf(view.positions[seat], view)}`);
    }
    li.append(el("span", { class: "pinfo", text: bits.join(" · ") }));
    if (active) li.append(el("span", { class: "badge", text: "to act" }));
    ul.append(li);
  }
  if (st.me !== "soviet") {
    ul.append(el("li", { class: "spa-public hint", text: `SPA pool: ${view.spa_pool.map((c) => c.name).join(", ") || "empty"} · played: ${view.spa_queue.map((c) => c.name).join(", ") || "none"}` }));
  }
}

function renderButtons(view, T) {
  const box = clear($("buttons"));
  const order = { undo: 3, cancel: 2, done: 1 };
  const list = [...T.buttons].sort((a, b) => (order[a.type] || 0) - (order[b.type] || 0));
  for (const a of list) {
    const cls = a.type === "done" || a.type === "end_turn" ? "primary" : (a.type === "undo" || a.type === "cancel") ? "secondary" : "action";
    box.append(el("button", { class: cls, "data-action-type": a.type, text: describe(a, view, st.seats, st.me),
                              onclick: () => act(a) }));
  }
  const n = (view.actions || []).length - list.length;
  if (n > 0 && !st.selectedFrom) box.append(el("span", { class: "hint", text: "Highlighted places and cards are clickable." }));
}

function highlightRefs(refs, on) {
  for (const r of refs) {
    const loc = document.getElementById(`loc-${r}`);
    if (loc) loc.classList.toggle("ref-hl", on);
    document.querySelectorAll(`[data-card="${CSS.escape(r)}"], [data-fighter="${CSS.escape(r)}"]`).forEach((n) => n.classList.toggle("ref-hl", on));
  }
}

function renderLog(view) {
  const ol = clear($("log"));
  for (const e of view.log || []) {
    const li = el("li", { tabindex: "0", "data-refs": (e.refs || []).join(" ") });
    const text = prettyText(e.text, st.seats, st.me);
    const roll = /rolled ((?:\d+(?:, | and )?)+)/.exec(text);
    li.append(el("span", { class: "day", text: `D${e.day}` }), " ", text);
    if (roll) {
      li.classList.add("dice");
      const dice = el("span", { class: "dice-row", "aria-hidden": "true" });
      for (const d of roll[1].split(/, | and /)) dice.append(el("span", { class: "die", text: d }));
      li.append(" ", dice);
    }
    if (e.refs && e.refs.length) {
      li.title = "Refers to: " + e.refs.map((r) => nameOf(r, view)).join(", ");
      const on = () => highlightRefs(e.refs, true), off = () => highlightRefs(e.refs, false);
      li.addEventListener("mouseenter", on); li.addEventListener("mouseleave", off);
      li.addEventListener("focus", on); li.addEventListener("blur", off);
    }
    ol.append(li);
  }
  ol.scrollTop = ol.scrollHeight;
  const lastRoll = [...(view.log || [])].reverse().find((e) => /rolled/.test(e.text));
  const p = $("prompt");
  let lr = document.getElementById("last-roll");
  if (lastRoll) {
    if (!lr) { lr = el("p", { id: "last-roll", class: "last-roll" }); p.insertBefore(lr, $("choice")); }
    lr.textContent = "Last roll: " + prettyText(lastRoll.text, st.seats, st.me);
  } else if (lr) lr.remove();
}

function renderEnd(view) {
  const box = $("endscreen");
  if (!view.result) { box.hidden = true; return; }
  const key = JSON.stringify(view.result);
  if (st.lastResultShown !== key) { st.endDismissed = false; st.lastResultShown = key; }
  const rev = view.result.winner === "revolutionaries";
  const mine = st.me === "soviet" ? !rev : st.me.startsWith("rev") ? rev : null;
  $("end-title").textContent = (rev ? "The Revolutionaries win!" : "The Soviet commander wins.") +
    (mine === true ? " Victory is yours." : mine === false ? " You lost this time." : "");
  $("end-reason").textContent = prettyText(view.result.reason || "", st.seats, st.me);
  box.hidden = st.endDismissed;
}

// ----- chat and tabs ------------------------------------------------------------------------------
function addChat(m) {
  const li = el("li", { class: "chat-msg" },
    el("span", { class: `seat-dot ${m.seat}`, style: `background:${SEAT_COLOUR[m.seat] || "#888"}` }),
    el("b", { text: m.name || SEAT_LABEL[m.seat] || m.seat }), ": ", el("span", { class: "chat-text", text: m.text }));
  const ol = $("chat");
  ol.append(li);
  ol.scrollTop = ol.scrollHeight;
  if ($("chat-pane").hidden) { st.chatUnread += 1; $("chat-unread").textContent = `(${st.chatUnread})`; }
}

function showTab(which) {
  const chat = which === "chat";
  $("chat-pane").hidden = !chat;
  $("log").hidden = chat;
  $("tab-chat").setAttribute("aria-selected", String(chat));
  $("tab-log").setAttribute("aria-selected", String(!chat));
  if (chat) { st.chatUnread = 0; $("chat-unread").textContent = ""; }
}

$("tab-log").addEventListener("click", () => showTab("log"));
$("tab-chat").addEventListener("click", () => showTab("chat"));
$("chat-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const input = $("chat-input");
  const text = input.value.trim();
  if (!text) return;
  if (!st.seat) { toast("Spectators cannot chat at the table."); return; }
  if (send({ type: "chat", text: text.slice(0, 500) })) input.value = "";
});
$("zoom").addEventListener("click", () => {
  const fit = document.body.classList.toggle("fit-map");
  $("zoom").setAttribute("aria-pressed", String(fit));
  $("zoom").textContent = fit ? "Zoom map" : "Fit map";
});
$("end-close").addEventListener("click", () => { st.endDismissed = true; $("endscreen").hidden = true; });
document.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape" && (st.choice || st.selectedFrom)) { st.choice = null; st.selectedFrom = null; render(); }
});
setInterval(() => { if (st.ws && st.ws.readyState === WebSocket.OPEN) send({ type: "ping" }); }, 25000);

loadCatalog().then((c) => { st.catalog = c; render(); }).catch(() => {});
connect();

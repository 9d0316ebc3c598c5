// Shared helpers: safe DOM building (textContent only), REST calls, names and labels.

/** Build an element. Text goes through textContent, never innerHTML. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  append(node, children);
  return node;
}

const SVG_NS = "http://www.w3.org/2000/svg";
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttrs(node, attrs);
  append(node, children);
  return node;
}

function setAttrs(node, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") node.textContent = v;
    else if (k === "class") node.setAttribute("class", v);
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    // Through the CSSOM: the Content-Security-Policy blocks style attributes (style-src 'self').
    else if (k === "style") node.style.cssText = String(v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
}

function append(node, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

export async function api(path, { method = "GET", body, token, headers = {} } = {}) {
  const h = { ...headers };
  if (body !== undefined) h["Content-Type"] = "application/json";
  if (token) h["Authorization"] = `Bearer ${token}`;
  const res = await fetch(path, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body),
                                  credentials: "same-origin" });
  let data = null;
  if (res.status !== 204) {
    try { data = await res.json(); } catch { data = null; }
  }
  if (!res.ok) {
    let msg = data && data.detail;
    if (Array.isArray(msg)) msg = msg.map((d) => d.msg).join("; ");
    const err = new Error(msg || `Request failed (${res.status})`);
    err.status = res.status;
    err.data = data;
    throw err;
  }
  return data;
}

// ----- seats in localStorage -----------------------------------------------------------------
export function seatKey(gid) { return `doi:seat:${gid}`; }
export function loadSeat(gid) {
  try { return JSON.parse(localStorage.getItem(seatKey(gid)) || "null"); } catch { return null; }
}
export function saveSeat(gid, data) { localStorage.setItem(seatKey(gid), JSON.stringify(data)); }
export function forgetSeat(gid) { localStorage.removeItem(seatKey(gid)); }
export function loadInvites(gid) {
  try { return JSON.parse(localStorage.getItem(`doi:invites:${gid}`) || "null"); } catch { return null; }
}
export function saveInvites(gid, invites) { localStorage.setItem(`doi:invites:${gid}`, JSON.stringify(invites)); }

// ----- names -----------------------------------------------------------------------------------
export const SEAT_LABEL = { soviet: "Soviet commander", rev1: "Revolutionary 1", rev2: "Revolutionary 2",
                            rev3: "Revolutionary 3", rev4: "Revolutionary 4", spectator: "Spectator", admin: "Admin" };

let CATALOG = null;
export async function loadCatalog() {
  if (!CATALOG) CATALOG = await api("/api/catalog");
  return CATALOG;
}
export function catalogSync() { return CATALOG; }

export function humanize(s) {
  const t = String(s).replace(/_/g, " ");
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** Readable name for any component id (location, card, fighter, event, SPA), never the raw id. */
export function nameOf(id, view) {
  if (id === null || id === undefined) return "";
  const c = CATALOG;
  if (view && view.locations && view.locations[id]) return view.locations[id].name;
  if (c) {
    const loc = c.locations.find((l) => l.id === id);
    if (loc) return loc.name;
    if (c.headlines[id]) return c.headlines[id].title;
    if (c.events[id]) return c.events[id].title;
    if (c.revolutionary_cards[id]) return c.revolutionary_cards[id].name;
    if (c.fighters[id]) return c.fighters[id].name;
    if (c.spa_cards[id]) return c.spa_cards[id].name;
    if (c.player_powers[id]) return c.player_powers[id].name;
  }
  if (view) {
    for (const h of view.hand || []) if (h.id === id) return h.title || h.name;
    for (const m of view.market || []) if (m.event && m.event.id === id) return m.event.title;
    for (const s of (view.spa_pool || []).concat(view.spa_queue || [])) if (s.id === id) return s.name;
  }
  if (SEAT_LABEL[id]) return SEAT_LABEL[id];
  return humanize(id);
}

/** "Anna (Revolutionary 1)" from the seats list of a server view message. */
export function seatName(seat, seats, me) {
  const name = playerName(seat, seats);
  const base = SEAT_LABEL[seat] || humanize(seat);
  const who = name ? `${name} (${base})` : base;
  return seat === me ? `${who}, you` : who;  // "you" only on the seat's own screen
}

/** The name a seat chose, or null. A name reading "You" (rooms from before the server refused
 *  it) is no name: on anyone else's screen, or in a log line's third person, it misleads. */
export function playerName(seat, seats) {
  const info = (seats || []).find((s) => s.seat === seat);
  const name = info && info.name ? info.name.trim() : "";
  return name && !/^you$/i.test(name) ? name : null;
}

export function isLocation(id, view) {
  return typeof id === "string" && !!(view && view.locations && view.locations[id]);
}

/** Label of one legal action, with names instead of ids. */
export function describe(a, view, seats, me) {
  const L = (id) => nameOf(id, view);
  const S = (seat) => seatName(seat, seats, me);
  const fighter = (fid) => nameOf(fid, view);
  switch (a.type) {
    case "play_headline":
      return { cp: `Collect CP: ${L(a.card)}`, resolve: `Resolve: ${L(a.card)}`,
               discard: `Discard: ${L(a.card)}` }[a.mode] || `${humanize(a.mode)}: ${L(a.card)}`;
    case "done": return "Done";
    case "cancel": return "Cancel";
    case "undo": return "Undo";
    case "move": return `Move to ${L(a.to)}`;
    case "move_tank": return `Move a tank from ${L(a.from)} to ${L(a.to)} (1 CP)`;
    case "place_tank": return `Place a tank in ${L(a.location)} (3 CP)`;
    case "buy_event": {
      const m = (view.market || []).find((x) => x.slot === a.slot);
      return m && m.event ? `Buy “${m.event.title}” for ${m.cost} CP` : `Buy the event in slot ${a.slot + 1}`;
    }
    case "keep": {
      const m = (view.market || []).find((x) => x.slot === a.slot);
      return m && m.event ? `Keep “${m.event.title}”` : `Keep slot ${a.slot + 1}`;
    }
    case "activate_fighter": {
      const pos = view.positions && view.positions[me];
      const f = pos && (view.locations[pos].fighters || []).find((x) => !x.active);
      return f ? `Activate ${f.name}` : "Activate the fighter here";
    }
    case "draw_card": return "Draw a card";
    case "end_turn": return "End the turn";
    case "attack_militia": return "Attack the militia here";
    case "destroy_tank": return "Destroy a Soviet tank here";
    case "resolve_event": return "Resolve the event here";
    case "give_cards": return `Give cards to ${S(a.to)}`;
    case "take_cards": return `Take cards from ${S(a.from)}`;
    case "use_fighter": return `Use ${fighter(a.fighter)}'s ability`;
    case "take_fighter": return `Take ${fighter(a.fighter)} along`;
    case "choose_fighter": return `Choose ${fighter(a.fighter)} (${L(a.location)})`;
    case "hit":
      if (a.target === "injury") return `Hit: injure ${S(a.seat)}`;
      if (a.target === "fighter") return `Hit: remove ${fighter(a.fighter)}`;
      if (a.target === "barricade") return "Hit: remove a barricade";
      return `Hit: ${humanize(a.target)}`;
    case "choose":
      return a.seat ? `${humanize(a.option)} (${S(a.seat)})` : humanize(a.option);
    case "choose_location": return `Choose ${L(a.location)}`;
    case "choose_next": return `${S(a.seat)} takes the next turn`;
    case "choose_player": return `Choose ${S(a.seat)}`;
    case "distribute":
      return "Split: " + Object.entries(a.counts).map(([s, n]) => `${S(s)} ${n}`).join(", ");
    case "draw_headline": {
      const n = view.headline_decks ? view.headline_decks[a.deck] : null;
      return `Draw from headline deck ${a.deck}` + (n !== null && n !== undefined ? ` (${n} left)` : "");
    }
    case "play_spa": return `Play SPA card: ${L(a.card)}`;
    case "retrieve_spa": return "Retrieve all played SPA cards";
    case "place": return `Place in ${L(a.location)}`;
    case "place_militia": return `Place ${a.count ?? 1} militia in ${L(a.location)}`;
    case "move_militia":
      return `Move a militia from ${L(a.from)} to ${L(a.to)}` + (a.again ? " (the same one again)" : "");
    case "move_sniper": return `Move a sniper from ${L(a.from)} to ${L(a.to)}`;
    case "move_unit": return `Move a ${humanize(a.unit).toLowerCase()} from ${L(a.from)} to ${L(a.to)}`;
    case "attack": return `Attack! ${L(a.location)}`;
    case "discard": return `Discard ${L(a.card)}`;
    case "play_card": return `Play ${L(a.card)}`;
    case "select": return `Select ${L(a.card)}`;
    case "take_card": {
      // Ruling R5: the taker picks blind, by the card's place in the holder's hand.
      const d = (view && view.decision) || {};
      return `Take card ${a.position + 1} of ${d.giver ? S(d.giver) : "the other player"} (face down)`;
    }
    default: {
      const parts = Object.entries(a).filter(([k]) => k !== "type").map(([k, v]) => {
        if (typeof v === "string") return (SEAT_LABEL[v] ? S(v) : L(v));
        if (typeof v === "object") return humanize(k);
        return `${humanize(k)} ${v}`;
      });
      return humanize(a.type) + (parts.length ? `: ${parts.join(", ")}` : "");
    }
  }
}

/** Replace seat ids inside engine log text with display names. */
export function prettyText(text, seats, me) {
  // Always the third person with the seat's name ("Anna discards"), never "You discards".
  return String(text).replace(/\bsoviet\b/g, () => playerName("soviet", seats) || "the Soviet commander")
    .replace(/\b(rev[1-4])\b/g, (m) => playerName(m, seats) || SEAT_LABEL[m]);
}

/** The seat's own tools (the resume link, the notification button), on the prompt's first line
 *  beside who and when: no line of their own, so the decision, the goal and the board above the fold
 *  keep their room. */
export function seatTools() {
  let row = document.getElementById("seat-tools");
  if (!row) {
    row = el("div", { class: "seat-tools", id: "seat-tools" });
    const who = document.querySelector("#prompt .who");
    if (who) who.insertBefore(row, document.getElementById("kbd-hint"));
    else document.getElementById("prompt").append(row);
  }
  return row;
}

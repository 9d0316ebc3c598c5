// The SVG map of Budapest and the day/morale/support tracks. Pure rendering from a view.
import { el, svg, clear, seatName, catalogSync } from "./common.js";
import { iconShapes, resourceLabel } from "./icons.js";
import { eventNeed, eventTexts, refsSpelled, abilityText, supportIndex, moraleIndex } from "./facts.js";

export const W = 1140, H = 830, BW = 230, BH = 184;
// Centres: Buda on the west, the Danube, Pest on the east, Csepel island at the bottom.
export const POS = {
  szena: [135, 110], bem: [265, 345], university: [135, 590],
  kossuth: [600, 110], stalin: [1015, 110], astoria: [595, 370], blaha: [830, 320],
  radio: [720, 590], hwpp: [1020, 520], corvin: [960, 735], csepel: [470, 735],
  printing_press: [808, 110],  // promo location: drawn only while the view lists it (from day 3)
};
// Locations drawn narrower to fit between their neighbours (the Printing Press, between Kossuth and
// Stalin Square): the card is narrower, its text keeps its size.
const WIDTH = { printing_press: 184 };

// The map a phone shows with "Fit map": the same cards (184 units wide, as the Printing Press), the
// same texts, in three columns and four rows, 620 units wide, so that fitted to a 390-pixel screen
// (about 358 pixels of map) its smallest text is still 10 pixels (TEXT_MIN × 358/620 = 10.1). Every road
// joins neighbouring cards, except two that go round the outside: University-Csepel on the left
// and Kossuth-Stalin on the right (straight when the Printing Press, between them, is not in play).
// Buda's cards keep their purple heads; the bridges stay dashed.
const PW = 620, PH = 836, PBW = 184;
const col = (c) => 17 + PBW / 2 + c * (PBW + 17), row = (r) => 14 + BH / 2 + r * (BH + 24);
export const PORTRAIT = {
  W: PW, H: PH, BW: PBW,
  POS: { szena: [col(0), row(0)], bem: [col(1), row(0)], kossuth: [col(2), row(0)],
         university: [col(0), row(1)], astoria: [col(1), row(1)], printing_press: [col(2), row(1)],
         radio: [col(0), row(2)], blaha: [col(1), row(2)], stalin: [col(2), row(2)],
         csepel: [col(0), row(3)], corvin: [col(1), row(3)], hwpp: [col(2), row(3)] },
  // A road that would cross the card between its ends: round the map's edge (-1 left, +1 right),
  // when that card is in play.
  AROUND: { "university-csepel": [-1, "radio"], "kossuth-stalin": [1, "printing_press"] },
};

// Font sizes on the map, in map units. The map is scaled into its column (about 0.59 on the Soviet's
// table at 1280x800, 0.59 on a phone (670 px wide, scrolled sideways), 0.72 for a Revolutionary), so nothing is set below TEXT_MIN:
// 17.5 units are at least 10 screen pixels wherever a player sees the map at its default zoom
// (tests/browser/test_board_text.py measures it).
const TEXT_MIN = 17.5;
export const FONT = { locName: 19, title: 18, body: TEXT_MIN, chip: TEXT_MIN, count: 18, standee: 18 };
const ICON_R = 13;  // resource icons on the map: their letter is 1.35 r >= TEXT_MIN
const FAMILY = 'system-ui, "DejaVu Sans", "Segoe UI", sans-serif';  // the page's font (app.css :root)

let measureCtx = null;
/** The width of `text` in map units at that font (a canvas measures it as the SVG will draw it). */
function textWidth(text, px, weight = 400, style = "normal") {
  if (!measureCtx) measureCtx = document.createElement("canvas").getContext("2d");
  measureCtx.font = `${style} ${weight} ${px}px ${FAMILY}`;
  return measureCtx.measureText(text).width;
}

/** `text` if it fits `max` map units, else cut with an ellipsis ("" when not even one letter fits).
 * The full text is always in the tooltip of what it labels. */
function fit(text, max, px, weight = 400, style = "normal") {
  if (textWidth(text, px, weight, style) <= max) return text;
  for (let n = text.length - 1; n >= 1; n--) {
    const cut = text.slice(0, n).trimEnd() + "…";
    if (textWidth(cut, px, weight, style) <= max) return cut;
  }
  return "";
}

const EDGES = [
  ["szena", "bem"], ["szena", "university"], ["bem", "university"], ["bem", "kossuth"],
  ["university", "astoria"], ["university", "csepel"], ["kossuth", "astoria"], ["kossuth", "stalin"],
  ["astoria", "radio"], ["astoria", "blaha"], ["radio", "corvin"], ["radio", "blaha"], ["blaha", "hwpp"],
  ["blaha", "stalin"], ["corvin", "csepel"], ["corvin", "hwpp"], ["hwpp", "stalin"],
  ["blaha", "printing_press"],
];
const BRIDGES = new Set(["bem-kossuth", "university-astoria", "university-csepel"]);

export const SEAT_COLOUR = { rev1: "#E69F00", rev2: "#56B4E9", rev3: "#CC79A7", rev4: "#009E73", soviet: "#D55E00" };


/** Every token kind on the map: its name and what it does (legend and tooltips). */
export const TOKENS = {
  tank: { label: "Soviet tank", help: "vermillion hexagon; fires (a die each, 1-3 hits) before a Revolutionary acts in its location, unless a barricade is there" },
  militia: { label: "Militia", help: "orange triangle; SPA unit of strength 1, attacked with ammunition" },
  sniper: { label: "Sniper", help: "black square; SPA unit of strength 3 in the SPA phase attack" },
  barricade: { label: "Barricade", help: "green octagon; Soviet tanks there neither fire nor move, militia and snipers are impeded; can take a hit" },
  revtank: { label: "Revolutionary tank", help: "sky-blue hexagon with a star; an active fighter of the Revolutionaries" },
  facedown: { label: "Face-down fighter tiles", help: "grey tile with ?N; the next one is revealed when the fighter on top is activated" },
  fighter: { label: "Fighter", help: "white tile with a green frame when active; grey and dashed, its name in italics, when inactive; a gold star when its ability can be used; an active fighter's icons count for actions here" },
};

function hexagon(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 6 + (i * Math.PI) / 3;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}
function octagon(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 8; i++) {
    const a = Math.PI / 8 + (i * Math.PI) / 4;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}
function triangle(cx, cy, r) {
  return `${cx},${cy - r} ${cx + r * 0.95},${cy + r * 0.75} ${cx - r * 0.95},${cy + r * 0.75}`;
}

/** The shape of one token centred on (cx, cy); for the map and the legend. */
export function tokenShape(kind, cx, cy, r = 13) {
  switch (kind) {
    case "tank": return [svg("polygon", { points: hexagon(cx, cy, r + 1), class: "tok tok-tank" })];
    case "militia": return [svg("polygon", { points: triangle(cx, cy + 1, r + 1), class: "tok tok-militia" })];
    case "sniper": return [svg("rect", { x: cx - r + 1, y: cy - r + 1, width: 2 * r - 2, height: 2 * r - 2, class: "tok tok-sniper" })];
    case "barricade": return [svg("polygon", { points: octagon(cx, cy, r), class: "tok tok-barricade" })];
    case "revtank": return [svg("polygon", { points: hexagon(cx, cy, r + 1), class: "tok tok-revtank" }),
                            svg("polygon", { points: star(cx, cy + 1, r * 0.62), class: "tok-star" })];
    case "facedown": return [svg("rect", { x: cx - r, y: cy - r * 0.7, width: 2 * r, height: 1.4 * r, rx: 3, class: "tok tok-facedown" }),
                             svg("text", { x: cx, y: cy + r * 0.5, class: "tok-q", "font-size": r * 1.3, text: "?" })];
    default: return [svg("rect", { x: cx - r, y: cy - r * 0.8, width: 2 * r, height: 1.6 * r, rx: 3, class: "tok tok-fighter" })];
  }
}

/** A row of unit tokens: one shape per unit up to 3, else one shape with a count. Each has a tooltip
 * (`more`: what else it says, e.g. the names and icons of the Revolutionary tanks). */
function units(kind, n, x, y, changed = false, more = "") {
  const t = TOKENS[kind];
  const tip = `${n} × ${t.label}: ${t.help}` + (more ? `\n${more}` : "");
  const g = svg("g", { class: `units ${kind}${changed ? " changed" : ""}`, "data-token": kind, "data-count": n }, svg("title", { text: tip }));
  const one = (cx, txt) => {
    const tg = svg("g", { class: "token" }, svg("title", { text: tip }), ...tokenShape(kind, cx, y));
    if (txt) tg.append(svg("text", { x: cx, y: y + 6, class: "tok-num", "font-size": FONT.count, text: txt }));
    return tg;
  };
  if (n <= 3) {
    for (let i = 0; i < n; i++) g.append(one(x + i * 20, ""));
    return [g, x + n * 20 + 12];
  }
  g.append(one(x, String(n)));
  return [g, x + 34];
}

function shortName(name) {
  // "Márton Kalapos, dr." -> "Kalapos": the family name, without a title or its comma.
  const parts = name.split(" ").filter((p) => !p.endsWith(".")).map((p) => p.replace(/[,;]+$/, ""));
  return parts.length ? parts[parts.length - 1] : name;
}

function fighterTip(f) {
  const ab = abilityText(f.id);
  const icons = f.icons.map(resourceLabel).join(", ");
  const kind = f.id.startsWith("rt_") ? "Revolutionary tank" : "Fighter";
  const state = f.active ? "active" : "inactive: activate it (an action) to use its icons";
  return `${kind} ${f.name} (${state}). Icons: ${icons || "none"}.` + (ab ? ` Ability (${ab.label}): ${refsSpelled(ab.text)}` : "");
}

/** Why the fighter's ability is not offered to you now (the view's `unavailable`), for its tooltip. */
function notNowTip(fid, unavailable) {
  const why = (unavailable || []).filter((u) => u.fighter === fid).map((u) => u.text);
  return why.length ? ` Not now: ${why.join("; ")}.` : "";
}

function star(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5, rr = i % 2 ? r * 0.45 : r;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

const CHIP_H = 53;

/** A fighter's family name as it fits `max` map units on its tile: whole (a long one squeezed up
 *  to a quarter narrower), else shortened with a full stop ("Kormá."), at least three letters, or
 *  nothing when even that does not fit. {text, squeeze: the width to squeeze it to, or 0}. The
 *  full name is always in the tile's tooltip and the place's label. */
function chipName(full, max, style) {
  const wide = (t) => textWidth(t, FONT.chip, 700, style);
  const SQUEEZE = 1.3;
  if (wide(full) <= max) return { text: full, squeeze: 0 };
  if (wide(full) <= max * SQUEEZE) return { text: full, squeeze: max };
  for (let n = full.length - 1; n >= 3; n--) {
    const cut = full.slice(0, n) + ".";
    if (wide(cut) <= max) return { text: cut, squeeze: 0 };
    if (wide(cut) <= max * SQUEEZE) return { text: cut, squeeze: max };
  }
  return { text: "", squeeze: 0 };
}

/** A fighter's tile: its family name and its icons. Active: white with a green frame; inactive: grey,
 * dashed, its name in italics; a gold star when its ability can be used. The tooltip says it all. */
function fighterChip(f, x, y, w, opts = {}, changed = false) {
  const h = CHIP_H;
  const acts = opts.fighters && opts.fighters.get(f.id);
  const picked = opts.picked && opts.picked.has(f.id);
  const g = svg("g", { class: `fighter ${f.active ? "active" : "inactive"}${acts ? " legal" : ""}${picked ? " picked" : ""}${changed ? " changed" : ""}`,
                       transform: `translate(${x},${y})`, "data-fighter": f.id, "data-legal": acts ? "1" : null,
                       "data-action-types": acts ? [...new Set(acts.map((a) => a.type))].join(" ") : null },
    svg("title", { text: fighterTip(f) + notNowTip(f.id, opts.unavailable) }),
    svg("rect", { width: w, height: h, rx: 5, class: "chip" }));
  const ability = f.active && f.ability;
  const n = f.icons.length;
  if (w >= 38) {  // the name over a row of icons
    const { text: name, squeeze } = chipName(shortName(f.name), w - 6 - (ability ? 8 : 0), f.active ? "normal" : "italic");
    if (name) {
      g.append(svg("text", { x: w / 2 - (ability ? 4 : 0), y: 18, class: "chip-name", "font-size": FONT.chip, text: name,
                             textLength: squeeze || null, lengthAdjust: squeeze ? "spacingAndGlyphs" : null }));
    }
    const step = n > 1 ? Math.min(2 * ICON_R + 3, (w - 2 * ICON_R - 4) / (n - 1)) : 0;
    f.icons.forEach((ic, i) => g.append(iconShapes(ic, w / 2 + (i - (n - 1) / 2) * step, name ? 38 : h / 2, ICON_R)));
  } else {  // a tile too narrow for a name (four or more fighters in one place): its icons one above the other
    f.icons.forEach((ic, i) => g.append(iconShapes(ic, w / 2, n > 1 ? 13.5 + i * 26 : h / 2, Math.min(ICON_R, w / 2 - 1))));
  }
  if (ability) g.append(svg("polygon", { points: star(w - 5, 4, 8), class: "chip-star" }));
  if (picked) g.append(svg("path", { d: "M 3 9 L 8 15 L 17 2", class: "pick-tick" }));
  if (acts) {  // a legal target itself: clicking the tile chooses it (not its location)
    g.setAttribute("tabindex", "0");
    g.setAttribute("role", "button");
    g.setAttribute("aria-label", `Choose ${f.name}`);
    const act = (ev) => { ev.preventDefault(); ev.stopPropagation(); opts.onFighter && opts.onFighter(f.id); };
    g.addEventListener("click", act);
    g.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") act(ev); });
  }
  return g;
}

function eventTip(e, view) {
  const { need, why } = eventNeed(e, view);
  const t = eventTexts(e);
  const needs = Object.entries(need).map(([i, n]) => `${n} ${resourceLabel(i)}`).join(", ");
  return [`Event: ${e.title}`, e.cost === null || e.cost === undefined ? "cost X: a minor event (bought for as many CP as there are minor events on the board)" : `cost ${e.cost} CP`, `needs now: ${needs || "nothing"}` + (why ? ` (${why})` : ""),
          t.placement && `Placement: ${refsSpelled(t.placement)}`, t.reward && `Reward: ${refsSpelled(t.reward)}`,
          t.penalty && `Penalty: ${refsSpelled(t.penalty)}`].filter(Boolean).join("\n");
}

/** An event on the map: its title (cut to the card; the tooltip has it all), then its cost in CP
 * (⚠ when it has a penalty) and the icons it needs now, with a count where more than one. */
function eventBox(e, view, bw = BW) {
  const { need, why } = eventNeed(e, view);
  const ev = svg("g", { class: "event" + (e.penalty ? " penalty" : ""), "data-card": e.id },
    svg("title", { text: eventTip(e, view) }),
    svg("rect", { x: 5, y: 35, width: bw - 10, height: 58, rx: 5, class: "event-box" }),
    svg("text", { x: 11, y: 57, class: "event-title", "font-size": FONT.title, text: fit(e.title, bw - 22, FONT.title, 700) }));
  // A minor event's printed cost is X (the number of minor events on the board when it is bought).
  const cost = (e.cost === null || e.cost === undefined ? "minor (X)" : `${e.cost} CP`) + (e.penalty ? " ⚠" : "");
  ev.append(svg("text", { x: 11, y: 84, class: "event-cost", "font-size": FONT.body, text: cost }));
  let ix = 11 + textWidth(cost, FONT.body) + 8;
  const per = e.requires_per_event || [];
  const items = Object.entries(need).map(([ic, n]) => [ic, n, n > 1 || per.includes(ic) ? `×${n}` : ""]);
  const widthOf = (gap) => items.reduce((w, [, , t]) => w + 2 * ICON_R + gap + (t ? textWidth(t, FONT.body, 700) + 1 : 0), 0);
  const gap = ix + widthOf(6) <= bw - 8 ? 6 : 1;  // closer together when the row is full
  for (const [ic, , t] of items) {
    ev.append(iconShapes(ic, ix + ICON_R, 78, ICON_R));
    ix += 2 * ICON_R + 1;
    if (t) {
      ev.append(svg("text", { x: ix, y: 84, class: "need-n" + (why ? " per-event" : ""), "font-size": FONT.body, "data-need": ic, text: t }));
      ix += textWidth(t, FONT.body, 700);
    }
    ix += gap;
  }
  return ev;
}

/** Positions of locations the fixed map does not know (e.g. one that enters the game later). */
function positions(view, portrait = false) {
  const base = portrait ? PORTRAIT.POS : POS, h = portrait ? PH : H;
  const pos = { ...base };
  const extra = Object.keys(view.locations || {}).filter((id) => !base[id]);
  extra.forEach((id, i) => { pos[id] = portrait ? [col(i % 3), h + BH / 2 + 24 + Math.floor(i / 3) * (BH + 24)] : [135 + i * 250, H + 110]; });
  return { pos, height: extra.length ? h + (portrait ? Math.ceil(extra.length / 3) * (BH + 24) + 10 : 220) : h };
}

/** A road's shape: a straight line, or on the phone's map a curve round the left or right edge. */
function roadShape(a, b, pos, view, portrait) {
  const [x1, y1] = pos[a], [x2, y2] = pos[b];
  const around = portrait && (PORTRAIT.AROUND[`${a}-${b}`] || PORTRAIT.AROUND[`${b}-${a}`]);
  if (!around || !view.locations[around[1]]) return svg("line", { x1, y1, x2, y2 });
  // A cubic whose middle reaches 9 units from the edge: x(0.5) = (x1 + 3c + 3c + x2) / 8.
  const edge = around[0] < 0 ? 9 : PW - 9;
  const c = (8 * edge - x1 - x2) / 6;
  return svg("path", { d: `M ${x1} ${y1} C ${c.toFixed(1)} ${y1}, ${c.toFixed(1)} ${y2}, ${x2} ${y2}`, fill: "none" });
}

/**
 * Render the map. opts: {seats, me, legal: Set(loc), selected: loc|null, onLocation(loc), changed: Set(loc),
 *   fighters: Map(fighter id -> legal actions naming it), onFighter(fighter id), picked: Set(fighter id)}
 */
export function renderBoard(root, view, opts = {}) {
  clear(root);
  const portrait = opts.layout === "portrait";  // a phone's "Fit map" (PORTRAIT)
  const { pos, height } = positions(view, portrait);
  const width = portrait ? PW : W;
  root.setAttribute("viewBox", `0 0 ${width} ${height}`);
  root.setAttribute("preserveAspectRatio", "xMidYMid meet");
  root.dataset.layout = portrait ? "portrait" : "map";
  const legal = opts.legal || new Set();
  // Water and banks (the phone's columns have no river: the heads' colours say the side).
  root.append(svg("rect", { x: 0, y: 0, width, height, class: "land" }));
  if (!portrait) {
    root.append(
      svg("path", { class: "danube", d: "M 405 0 C 398 120, 396 250, 390 360 C 385 470, 330 560, 300 650 L 285 830 L 650 830 C 640 740, 620 640, 560 560 C 500 480, 458 420, 462 340 C 468 240, 478 120, 478 0 Z" }),
      svg("text", { x: 418, y: 470, class: "river-label", transform: "rotate(84 418 470)", text: "Danube" }),
      svg("text", { x: 30, y: 815, class: "side-label", text: "BUDA" }),
      svg("text", { x: 700, y: 815, class: "side-label", text: "PEST" }),
    );
  }
  // Roads and bridges (and those of any location the fixed map does not draw, from the catalog).
  const roads = svg("g", { class: "roads" });
  const edges = [...EDGES];
  const cat = catalogSync();
  for (const l of (cat && cat.locations) || []) {
    if (POS[l.id] || !view.locations[l.id]) continue;
    for (const n of l.neighbours || []) if (pos[n]) edges.push([l.id, n]);
  }
  for (const [a, b] of edges) {
    if (!view.locations[a] || !view.locations[b]) continue;
    const bridge = BRIDGES.has(`${a}-${b}`);
    const road = roadShape(a, b, pos, view, portrait);
    road.setAttribute("class", bridge ? "road bridge" : "road");
    road.setAttribute("data-edge", `${a}-${b}`);
    roads.append(road);
  }
  root.append(roads);

  for (const [loc, [cx, cy]] of Object.entries(pos)) {
    const L = view.locations[loc];
    if (!L) continue;
    const bw = portrait ? PBW : WIDTH[loc] || BW;
    const x = cx - bw / 2, y = cy - BH / 2;
    const isLegal = legal.has(loc);
    const cls = ["loc"];
    if (isLegal) cls.push("legal");
    if (opts.selected === loc) cls.push("selected");
    if (opts.origin === loc) cls.push("origin");  // the unit a decision moves (a sniper's step) is here
    if (opts.dest === loc) cls.push("dest");  // where the pending move of the seat goes (then confirm)
    if (opts.changed && opts.changed.has(loc)) cls.push("changed");
    if (opts.home && opts.home === loc) cls.push("home");
    const g = svg("g", { class: cls.join(" "), id: `loc-${loc}`, "data-loc": loc,
                         transform: `translate(${x},${y})`,
                         "data-legal": isLegal ? "1" : null,
                         "data-action-types": isLegal && opts.locTypes ? (opts.locTypes.get(loc) || []).join(" ") : null });
    const label = [L.name];
    if (L.event) label.push(`event ${L.event.title}`);
    if (L.soviet_tanks) label.push(`${L.soviet_tanks} Soviet tanks`);
    if (L.militia) label.push(`${L.militia} militia`);
    if (L.snipers) label.push(`${L.snipers} snipers`);
    if (L.barricades) label.push(`${L.barricades} barricades`);
    for (const f of L.fighters) label.push(`${f.name} ${f.active ? "active" : "inactive"}`);
    if (L.players.length) label.push("players: " + L.players.map((p) => seatName(p, opts.seats, opts.me)).join(", "));
    if (opts.origin === loc) label.push("the unit to move is here");
    if (opts.dest === loc) label.push("your move goes here: confirm it or cancel");
    if (opts.changed && opts.changed.has(loc)) label.push("changed since your last look");
    if (isLegal && opts.locLabels && opts.locLabels.get(loc)) label.push(...opts.locLabels.get(loc));
    if (isLegal) {
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      label.unshift(opts.selected === loc ? "Selected:" : "Choose");
      const act = (ev) => { ev.preventDefault(); opts.onLocation && opts.onLocation(loc); };
      g.addEventListener("click", act);
      g.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") act(ev); });
    }
    g.setAttribute("aria-label", label.join(", "));
    g.append(svg("title", { text: label.join(" · ") }));
    g.append(svg("rect", { class: "loc-box", width: bw, height: BH, rx: 10 }));
    g.append(svg("rect", { class: `loc-head side-${loc === "csepel" ? "csepel" : (["szena", "bem", "university"].includes(loc) ? "buda" : "pest")}`, width: bw, height: 32, rx: 10 }));
    // The name fills the head: a long one a little smaller (down to TEXT_MIN), then squeezed a
    // little, cut beyond that (the tooltip and the label have it whole).
    const nameMax = bw - 16;
    let nameFont = FONT.locName;
    while (nameFont > TEXT_MIN && textWidth(L.name, nameFont, 700) > nameMax) nameFont -= 0.5;
    const shown = fit(L.name, nameMax * 1.15, nameFont, 700);
    const squeeze = textWidth(shown, nameFont, 700) > nameMax;
    g.append(svg("text", { x: 8, y: 23, class: "loc-name", "font-size": nameFont, text: shown,
                           textLength: squeeze ? nameMax : null, lengthAdjust: squeeze ? "spacingAndGlyphs" : null }));
    if (opts.dest === loc) g.append(svg("text", { x: bw / 2, y: -7, "text-anchor": "middle", class: "dest-label", "font-size": FONT.count, text: "↓ moving here" }));
    if (L.event) g.append(eventBox(L.event, view, bw));
    else g.append(svg("text", { x: 11, y: 62, class: "no-event", "font-size": FONT.body, text: "no event" }));
    // Units.
    let ux = 18;
    const uy = 111;
    const moved = opts.changedUnits ? opts.changedUnits.get(loc) : null;
    const tanksTip = L.revolutionary_tanks.map(fighterTip).join("\n");
    for (const [kind, n] of [["tank", L.soviet_tanks], ["militia", L.militia], ["sniper", L.snipers],
                             ["barricade", L.barricades], ["revtank", L.revolutionary_tanks.length]]) {
      if (!n) continue;
      const [node, nx] = units(kind, n, ux, uy, !!(moved && moved.tokens.has(kind)), kind === "revtank" ? tanksTip : "");
      g.append(node);
      ux = nx;
    }
    // Fighters: one row of tiles, as wide as the card lets them be, then the stack of face-down tiles.
    // With three or more fighters the stack moves up to the units' row (a small tile), so that the
    // fighters' tiles have the whole width for their names.
    const fdText = L.facedown ? `?${L.facedown}` : "";
    const fdW = fdText ? Math.ceil(textWidth(fdText, FONT.body, 700)) + 8 : 0;
    const nf = L.fighters.length;
    const fdUp = fdW && nf >= 3;
    const pad = nf >= 4 ? 3 : 5, gap = nf >= 4 ? 2 : 4;  // four tiles: closer together, for their names
    const room = bw - 2 * pad - (fdW && !fdUp ? fdW + 4 : 0);
    const fw = nf ? Math.min(132, Math.floor((room - gap * (nf - 1)) / nf)) : 0;
    L.fighters.forEach((f, i) => g.append(fighterChip(f, pad + i * (fw + gap), 128, fw, opts, !!(moved && moved.fighters.has(f.id)))));
    if (fdW) {
      const fx = fdUp ? ux - 4 : pad + nf * (fw + gap), fy = fdUp ? uy - 14 : 128, fh = fdUp ? 28 : CHIP_H;
      g.append(svg("g", { class: "facedown", "data-token": "facedown" },
        svg("title", { text: `${L.facedown} face-down fighter tile(s): ${TOKENS.facedown.help}` }),
        svg("rect", { x: fx, y: fy, width: fdW, height: fh, rx: 5 }),
        svg("text", { x: fx + fdW / 2, y: fy + fh / 2 + 6, "font-size": FONT.body, text: fdText })));
    }
    // Players (standees).
    L.players.forEach((p, i) => {
      const px = bw - 20 - i * 34, py = uy;
      g.append(svg("g", { class: `standee ${p}`, "data-seat": p },
        svg("title", { text: `${seatName(p, opts.seats, opts.me)}: a Revolutionary's standee` }),
        svg("circle", { cx: px, cy: py, r: 15, fill: SEAT_COLOUR[p] || "#999", class: p === opts.me ? "me" : "" }),
        svg("text", { x: px, y: py + 6.5, class: "standee-t", "font-size": FONT.standee, text: p.replace("rev", "") })));
    });
    root.append(g);
  }
}

/** Day, morale and support tracks as small labelled strips. `changed`: Set of view keys that moved. */
export function renderTracks(root, view, catalog, changed = new Set()) {
  clear(root);
  const day = el("div", { class: "track" + (changed.has("day") ? " changed" : ""), "aria-label": `Day ${view.day} of 7` },
                 el("span", { class: "tl", text: "Day" }));
  const dates = ["23 Oct", "24", "25", "26", "27", "28", "29"];
  for (let d = 1; d <= 7; d++) {
    day.append(el("span", { class: "cell" + (d === view.day ? " on" : ""), title: `Day ${d} (${d === 1 ? "23" : dates[d - 1]} October 1956)`, text: dates[d - 1] }));
  }
  const mi = moraleIndex(view, catalog);
  const morale = el("div", { class: "track" + (changed.has("morale_draw") ? " changed" : ""),
                             "aria-label": `Morale: the Revolutionaries draw ${view.morale_draw}` },
                    el("span", { class: "tl", text: "Morale" }));
  const mt = (catalog && catalog.morale_track) || Array.from({ length: 7 }, (_, i) => ({ index: i, draw: i, skull: i === 0 }));
  for (const m of mt) {
    morale.append(el("span", { class: "cell" + (m.index === mi ? " on" : "") + (m.skull ? " skull" : ""),
                               title: m.skull ? "Skull: defeat at the end of the day" : `Revolutionaries draw ${m.draw} card(s) a day`,
                               text: m.skull ? "☠" : String(m.draw) }));
  }
  const si = supportIndex(view, catalog);
  const support = el("div", { class: "track" + (changed.has("soviet_hand_limit") || changed.has("support_colour") ? " changed" : ""),
                              "aria-label": `Support: ${view.support_colour}, Soviet hand limit ${view.soviet_hand_limit}` },
                     el("span", { class: "tl", text: "Support" }));
  for (const s of (catalog && catalog.support_track) || []) {
    support.append(el("span", { class: `cell sup-${s.colour}` + (s.index === si ? " on" : ""),
                                title: `${s.colour === "green" ? "Hungarian side" : s.colour === "red" ? "Soviet side" : "Neutral"}: Soviet hand limit ${s.hand_limit}`,
                                text: (s.colour === "green" ? "H" : s.colour === "red" ? "S" : "N") + s.hand_limit }));
  }
  root.append(day, morale, support);
}

// The SVG map of Budapest and the day/morale/support tracks. Pure rendering from a view.
import { el, svg, clear, ICON_LABEL, ICON_GLYPH, seatName } from "./common.js";

export const W = 1140, H = 830, BW = 230, BH = 184;

// Centres: Buda on the west, the Danube, Pest on the east, Csepel island at the bottom.
export const POS = {
  szena: [135, 110], bem: [265, 345], university: [135, 590],
  kossuth: [600, 110], stalin: [1015, 110], astoria: [595, 370], blaha: [830, 320],
  radio: [720, 590], hwpp: [1020, 520], corvin: [960, 735], csepel: [470, 735],
};

const EDGES = [
  ["szena", "bem"], ["szena", "university"], ["bem", "university"], ["bem", "kossuth"],
  ["university", "astoria"], ["university", "csepel"], ["kossuth", "astoria"], ["kossuth", "stalin"],
  ["astoria", "radio"], ["astoria", "blaha"], ["radio", "corvin"], ["radio", "blaha"], ["blaha", "hwpp"],
  ["blaha", "stalin"], ["corvin", "csepel"], ["corvin", "hwpp"], ["hwpp", "stalin"],
];
const BRIDGES = new Set(["bem-kossuth", "university-astoria", "university-csepel"]);

export const SEAT_COLOUR = { rev1: "#E69F00", rev2: "#56B4E9", rev3: "#CC79A7", soviet: "#D55E00" };

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

/** A row of unit tokens: one shape per unit up to 4, else one shape with a count. */
function units(kind, n, x, y, label) {
  const g = svg("g", { class: `units ${kind}` }, svg("title", { text: `${n} ${label}` }));
  const shape = (cx, cy, txt) => {
    const r = 13;
    let s;
    if (kind === "tank") s = svg("polygon", { points: hexagon(cx, cy, r + 1), class: "tok tok-tank" });
    else if (kind === "militia") s = svg("polygon", { points: triangle(cx, cy + 1, r + 1), class: "tok tok-militia" });
    else if (kind === "sniper") s = svg("rect", { x: cx - r + 1, y: cy - r + 1, width: 2 * r - 2, height: 2 * r - 2, class: "tok tok-sniper" });
    else if (kind === "barricade") s = svg("polygon", { points: octagon(cx, cy, r), class: "tok tok-barricade" });
    else s = svg("polygon", { points: hexagon(cx, cy, r + 1), class: "tok tok-revtank" });
    const parts = [s];
    if (txt) parts.push(svg("text", { x: cx, y: cy + 4, class: "tok-num", text: txt }));
    return parts;
  };
  if (n <= 3) {
    for (let i = 0; i < n; i++) g.append(...shape(x + i * 20, y, ""));
    return [g, x + n * 20 + 12];
  }
  g.append(...shape(x, y, String(n)));
  return [g, x + 34];
}

function shortName(name) {
  const parts = name.split(" ").filter((p) => !p.endsWith("."));
  return parts.length ? parts[parts.length - 1] : name;
}

function fighterChip(f, x, y, w, opts = {}) {
  const h = 56;
  const acts = opts.fighters && opts.fighters.get(f.id);
  const g = svg("g", { class: `fighter ${f.active ? "active" : "inactive"}${acts ? " legal" : ""}`,
                       transform: `translate(${x},${y})`, "data-fighter": f.id, "data-legal": acts ? "1" : null,
                       "data-action-types": acts ? [...new Set(acts.map((a) => a.type))].join(" ") : null },
    svg("title", { text: `${f.name}${f.active ? "" : " (inactive)"}: ${f.icons.map((i) => ICON_LABEL[i] || i).join(", ")}${f.ability ? " · ability: " + f.ability : ""}` }),
    svg("rect", { width: w, height: h, rx: 5, class: "chip" }),
    svg("text", { x: w / 2, y: 15, class: "chip-name", text: shortName(f.name).slice(0, Math.floor(w / 7.5)) }));
  f.icons.forEach((ic, i) => {
    const cx = w / 2 + (i - (f.icons.length - 1) / 2) * 18;
    g.append(svg("circle", { cx, cy: 31, r: 8, class: `ico icon-${ic}` }),
             svg("text", { x: cx, y: 35, class: "ico-t", text: ICON_GLYPH[ic] || "?" }));
  });
  if (!f.active) g.append(svg("text", { x: w / 2, y: 51, class: "chip-state", text: "inactive" }));
  else if (f.ability) g.append(svg("text", { x: w / 2, y: 51, class: "chip-state ab", text: "★ ability" }));
  else g.append(svg("text", { x: w / 2, y: 51, class: "chip-state ab", text: "active" }));
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

/**
 * Render the map. opts: {seats, me, legal: Set(loc), selected: loc|null, onLocation(loc), refs: Set(loc),
 *   fighters: Map(fighter id -> legal actions naming it), onFighter(fighter id)}
 */
export function renderBoard(root, view, opts = {}) {
  clear(root);
  root.setAttribute("viewBox", `0 0 ${W} ${H}`);
  root.setAttribute("preserveAspectRatio", "xMidYMid meet");
  const legal = opts.legal || new Set();
  // Water and banks.
  root.append(
    svg("rect", { x: 0, y: 0, width: W, height: H, class: "land" }),
    svg("path", { class: "danube", d: "M 405 0 C 398 120, 396 250, 390 360 C 385 470, 330 560, 300 650 L 285 830 L 650 830 C 640 740, 620 640, 560 560 C 500 480, 458 420, 462 340 C 468 240, 478 120, 478 0 Z" }),
    svg("text", { x: 418, y: 470, class: "river-label", transform: "rotate(84 418 470)", text: "Danube" }),
    svg("text", { x: 30, y: 815, class: "side-label", text: "BUDA" }),
    svg("text", { x: 700, y: 815, class: "side-label", text: "PEST" }),
  );
  // Roads and bridges.
  const roads = svg("g", { class: "roads" });
  for (const [a, b] of EDGES) {
    const [x1, y1] = POS[a], [x2, y2] = POS[b];
    const bridge = BRIDGES.has(`${a}-${b}`);
    roads.append(svg("line", { x1, y1, x2, y2, class: bridge ? "road bridge" : "road", "data-edge": `${a}-${b}` }));
  }
  root.append(roads);

  for (const [loc, [cx, cy]] of Object.entries(POS)) {
    const L = view.locations[loc];
    if (!L) continue;
    const x = cx - BW / 2, y = cy - BH / 2;
    const isLegal = legal.has(loc);
    const cls = ["loc"];
    if (isLegal) cls.push("legal");
    if (opts.selected === loc) cls.push("selected");
    if (opts.refs && opts.refs.has(loc)) cls.push("ref-hl");
    if (opts.home && opts.home === loc) cls.push("home");
    const g = svg("g", { class: cls.join(" "), id: `loc-${loc}`, "data-loc": loc, transform: `translate(${x},${y})`,
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
    g.append(svg("rect", { class: "loc-box", width: BW, height: BH, rx: 10 }));
    g.append(svg("rect", { class: `loc-head side-${loc === "csepel" ? "csepel" : (["szena", "bem", "university"].includes(loc) ? "buda" : "pest")}`, width: BW, height: 28, rx: 10 }));
    g.append(svg("text", { x: 10, y: 20, class: "loc-name", text: L.name,
                           textLength: L.name.length > 20 ? BW - 52 : null, lengthAdjust: L.name.length > 20 ? "spacingAndGlyphs" : null }));
    if (L.facedown) {
      g.append(svg("g", { class: "facedown" }, svg("title", { text: `${L.facedown} face-down fighter tile(s)` }),
        svg("rect", { x: BW - 36, y: 4, width: 30, height: 20, rx: 3 }),
        svg("text", { x: BW - 21, y: 18.5, text: `?${L.facedown}` })));
    }
    // Event.
    if (L.event) {
      const e = L.event;
      const ev = svg("g", { class: "event" + (e.penalty ? " penalty" : ""), "data-card": e.id },
        svg("title", { text: `Event: ${e.title} (cost ${e.cost ?? "-"}; needs ${e.requires.map((i) => ICON_LABEL[i] || i).join(", ")})` }),
        svg("rect", { x: 6, y: 33, width: BW - 12, height: 50, rx: 5, class: "event-box" }),
        svg("text", { x: 12, y: 52, class: "event-title", text: e.title.length > 28 ? e.title.slice(0, 27) + "…" : e.title }));
      let ix = 12;
      ev.append(svg("text", { x: ix, y: 75, class: "event-cost", text: `cost ${e.cost ?? "–"}` }));
      ix += 54;
      for (const ic of e.requires) {
        ev.append(svg("circle", { cx: ix, cy: 70, r: 8, class: `ico icon-${ic}` }),
                  svg("text", { x: ix, y: 74, class: "ico-t", text: ICON_GLYPH[ic] || "?" }));
        ix += 20;
      }
      g.append(ev);
    } else {
      g.append(svg("text", { x: 12, y: 60, class: "no-event", text: "no event" }));
    }
    // Units.
    let ux = 18;
    const uy = 102;
    for (const [kind, n, lbl] of [["tank", L.soviet_tanks, "Soviet tank(s)"], ["militia", L.militia, "militia"],
                                   ["sniper", L.snipers, "sniper(s)"], ["barricade", L.barricades, "barricade(s)"],
                                   ["revtank", L.revolutionary_tanks.length, "revolutionary tank(s)"]]) {
      if (!n) continue;
      const [node, nx] = units(kind, n, ux, uy, lbl);
      g.append(node);
      ux = nx;
    }
    // Fighters.
    const nf = L.fighters.length;
    const fw = nf ? Math.min(72, Math.floor((BW - 10) / nf) - 4) : 0;
    L.fighters.forEach((f, i) => g.append(fighterChip(f, 6 + i * (fw + 4), 121, fw, opts)));
    // Players (standees).
    L.players.forEach((p, i) => {
      const px = BW - 20 - i * 34, py = 102;
      g.append(svg("g", { class: `standee ${p}`, "data-seat": p },
        svg("title", { text: seatName(p, opts.seats, opts.me) }),
        svg("circle", { cx: px, cy: py, r: 15, fill: SEAT_COLOUR[p] || "#999", class: p === opts.me ? "me" : "" }),
        svg("text", { x: px, y: py + 5.5, class: "standee-t", text: p.replace("rev", "") })));
    });
    if (L.revolutionary_tanks.length) {
      g.append(svg("text", { x: BW - 8, y: BH - 6, class: "revtank-names", "text-anchor": "end",
                             text: L.revolutionary_tanks.map((t) => t.name).join(", ").slice(0, 34) }));
    }
    root.append(g);
  }
}

/** Day, morale and support tracks as small labelled strips. */
export function renderTracks(root, view, catalog) {
  clear(root);
  const day = el("div", { class: "track", "aria-label": `Day ${view.day} of 7` }, el("span", { class: "tl", text: "Day" }));
  const dates = ["23 Oct", "24", "25", "26", "27", "28", "29"];
  for (let d = 1; d <= 7; d++) {
    day.append(el("span", { class: "cell" + (d === view.day ? " on" : ""), title: `Day ${d}`, text: d === 1 ? dates[0] : dates[d - 1] }));
  }
  const morale = el("div", { class: "track", "aria-label": `Morale ${view.morale_draw} (draw ${view.morale_draw})` },
                    el("span", { class: "tl", text: "Morale" }));
  const mt = (catalog && catalog.morale_track) || Array.from({ length: 7 }, (_, i) => ({ index: i, draw: i, skull: i === 0 }));
  for (const m of mt) {
    morale.append(el("span", { class: "cell" + (m.index === view.morale_index ? " on" : "") + (m.skull ? " skull" : ""),
                               title: m.skull ? "Skull: defeat at the end of the day" : `Revolutionaries draw ${m.draw}`,
                               text: m.skull ? "☠" : String(m.draw) }));
  }
  const support = el("div", { class: "track", "aria-label": `Support: Soviet hand limit ${view.soviet_hand_limit}` },
                     el("span", { class: "tl", text: "Support" }));
  const st = (catalog && catalog.support_track) || [];
  for (const s of st) {
    support.append(el("span", { class: `cell sup-${s.colour}` + (s.index === view.support_index ? " on" : ""),
                                title: `${s.colour === "green" ? "Hungarian side" : s.colour === "red" ? "Soviet side" : "Neutral"}: Soviet hand limit ${s.hand_limit}`,
                                text: String(s.hand_limit) }));
  }
  root.append(day, morale, support);
}

// The legend: every token shape and colour on the map, the resource icons and the highlights.
import { el, svg, clear } from "./common.js";
import { RESOURCES, iconEl } from "./icons.js";
import { tokenShape, TOKENS, SEAT_COLOUR } from "./board.js";

function sample(kind) {
  const s = svg("svg", { viewBox: "0 0 30 30", width: 26, height: 26, "aria-hidden": "true" });
  s.append(...tokenShape(kind, 15, 15));
  return s;
}

function swatch(cls, label) {
  const s = svg("svg", { viewBox: "0 0 30 22", width: 30, height: 22, "aria-hidden": "true" },
                svg("rect", { x: 2, y: 2, width: 26, height: 18, rx: 4, class: cls }));
  return el("li", {}, s, " ", label);
}

function changedToken() {
  const s = svg("svg", { viewBox: "0 0 30 30", width: 26, height: 26, "aria-hidden": "true", class: "units changed" });
  s.append(...tokenShape("tank", 15, 15));
  return s;
}

export function renderLegend(root) {
  clear(root);
  const tokens = el("ul", { class: "legend-list" });
  for (const [kind, t] of Object.entries(TOKENS)) tokens.append(el("li", { "data-token": kind }, sample(kind), " ", el("b", { text: t.label }), ": ", t.help));
  const seats = el("ul", { class: "legend-list" });
  for (const [seat, colour] of Object.entries(SEAT_COLOUR)) {
    if (seat === "soviet") continue;
    const s = svg("svg", { viewBox: "0 0 30 30", width: 26, height: 26, "aria-hidden": "true" },
                  svg("circle", { cx: 15, cy: 15, r: 12, fill: colour, stroke: "#000", "stroke-width": 2 }),
                  svg("text", { x: 15, y: 20, "text-anchor": "middle", "font-size": 14, "font-weight": 800, fill: "#000", text: seat.replace("rev", "") }));
    seats.append(el("li", {}, s, ` Revolutionary ${seat.replace("rev", "")}'s standee (colour and number)`));
  }
  const icons = el("ul", { class: "legend-list" });
  for (const [k, r] of Object.entries(RESOURCES)) icons.append(el("li", {}, iconEl(k), ` ${r.label} (${r.letter})`));
  const hl = el("ul", { class: "legend-list" },
    swatch("lg-legal", "Blue frame: you can click it now"),
    swatch("lg-changed", "Yellow glow: changed since your last look"),
    el("li", { "data-highlight": "changed-token" }, changedToken(), " Dashed ring on a token or fighter: it moved, came or went since your last look"),
    el("li", { "data-highlight": "log-hover" }, swatch("lg-hover", "").firstChild, " Brown outline: what the log entry under the pointer points at"),
    swatch("lg-selected", "Dashed black: selected"),
    swatch("lg-dest", "Dashed blue with “↓ moving here”: where your move goes, until you confirm it"),
    swatch("lg-picked", "Green tick: picked for the current choice"),
    swatch("lg-penalty", "Red frame: the event has a penalty"));
  root.append(el("h3", { text: "Tokens" }), tokens, el("h3", { text: "Players" }), seats,
              el("h3", { text: "Resource icons" }), icons, el("h3", { text: "Highlights" }), hl);
}

// One icon set for the six resources, used on the board, the market, the hands and the tooltips.
// Each icon has a colour AND its own shape AND a letter, so it reads without colour vision.
// SVG shapes are painted with the `fill` attribute (CSS `background` does nothing on SVG).
import { el, svg } from "./common.js";

export const RESOURCES = {
  information: { label: "Information", letter: "i", fill: "#0072B2", ink: "#fff", shape: "circle" },
  medical: { label: "Medical", letter: "+", fill: "#CC79A7", ink: "#000", shape: "square" },
  food: { label: "Food", letter: "F", fill: "#E69F00", ink: "#000", shape: "diamond" },
  ammunition: { label: "Ammunition", letter: "A", fill: "#1d1b18", ink: "#fff", shape: "triangle" },
  molotov: { label: "Molotov", letter: "M", fill: "#D55E00", ink: "#fff", shape: "drop" },
  vehicle: { label: "Vehicle", letter: "V", fill: "#009E73", ink: "#fff", shape: "pill" },
};

export function resourceLabel(icon) {
  return (RESOURCES[icon] && RESOURCES[icon].label) || String(icon);
}

function shapeOf(kind, cx, cy, r, attrs) {
  switch (kind) {
    case "square":
      return svg("rect", { x: cx - r * 0.88, y: cy - r * 0.88, width: r * 1.76, height: r * 1.76, rx: r * 0.2, ...attrs });
    case "diamond":
      return svg("polygon", { points: `${cx},${cy - r * 1.08} ${cx + r * 1.08},${cy} ${cx},${cy + r * 1.08} ${cx - r * 1.08},${cy}`, ...attrs });
    case "triangle":
      return svg("polygon", { points: `${cx},${cy - r * 1.1} ${cx + r * 1.05},${cy + r * 0.85} ${cx - r * 1.05},${cy + r * 0.85}`, ...attrs });
    case "drop":
      return svg("path", { d: `M ${cx} ${cy - r * 1.15} C ${cx + r * 0.6} ${cy - r * 0.4}, ${cx + r} ${cy}, ${cx + r} ${cy + r * 0.3}`
        + ` A ${r} ${r * 0.85} 0 0 1 ${cx - r} ${cy + r * 0.3} C ${cx - r} ${cy}, ${cx - r * 0.6} ${cy - r * 0.4}, ${cx} ${cy - r * 1.15} Z`, ...attrs });
    case "pill":
      return svg("rect", { x: cx - r * 1.15, y: cy - r * 0.75, width: r * 2.3, height: r * 1.5, rx: r * 0.5, ...attrs });
    default:
      return svg("circle", { cx, cy, r, ...attrs });
  }
}

/** The shape and letter of one icon, centred on (cx, cy), for any SVG (board chips, inline icons). */
export function iconShapes(icon, cx, cy, r = 8, extraClass = "") {
  const spec = RESOURCES[icon] || { label: icon, letter: "?", fill: "#888", ink: "#000", shape: "circle" };
  const g = svg("g", { class: `res-icon res-${icon} ${extraClass}`.trim(), "data-icon": icon },
    svg("title", { text: spec.label }),
    shapeOf(spec.shape, cx, cy, r, { fill: spec.fill, stroke: "#000", "stroke-width": 1 }),
    svg("text", { x: cx, y: cy + r * 0.45, "text-anchor": "middle", "font-size": r * 1.35, "font-weight": 700,
                  fill: spec.ink, class: "res-letter", text: spec.letter }));
  return g;
}

/** An inline icon for HTML text: a small SVG plus (optionally) its name. */
export function iconEl(icon, { label = false, count = null, cls = "" } = {}) {
  const spec = RESOURCES[icon] || { label: String(icon) };
  const pic = svg("svg", { viewBox: "0 0 20 20", width: 18, height: 18, class: "res-svg", "aria-hidden": "true", focusable: "false" },
                  iconShapes(icon, 10, 10.5, 8));
  return el("span", { class: `res ${cls}`.trim(), title: (count !== null ? `${count} × ` : "") + spec.label, "data-icon": icon,
                      "aria-label": (count !== null ? `${count} ` : "") + spec.label },
            count !== null ? el("span", { class: "res-count", text: `${count}×` }) : null, pic,
            label ? el("span", { class: "res-name", text: spec.label }) : null);
}

/** A row of inline icons, e.g. a card's icons. */
export function iconRow(icons, opts = {}) {
  return el("span", { class: "res-row" }, (icons || []).map((i) => iconEl(i, opts)));
}

/** Icons with counts, e.g. an event's need {food: 3, information: 1}. */
export function needRow(need) {
  return el("span", { class: "res-row" }, Object.entries(need).map(([i, n]) => iconEl(i, { count: n > 1 ? n : null })));
}

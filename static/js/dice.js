// Dice shown as dice: pips on a face. The values come from a log entry's `dice` list when the
// engine sends it; older entries only say "rolled 3, 5 and 6" in their text.
import { el, svg } from "./common.js";

const PIPS = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]],
               5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] };

/** The dice of a log entry, as numbers (empty when it rolled none). */
export function diceOf(entry) {
  // A roll is data in its log entry: {dice: {dice: [..], for, location, hits}} (docs/contract.md).
  const roll = entry.dice;
  return roll && Array.isArray(roll.dice) ? roll.dice.filter(Number.isInteger) : [];
}

export function dieFace(n, size = 22) {
  const face = svg("svg", { viewBox: "0 0 24 24", width: size, height: size, class: "die", role: "img", "aria-label": `die showing ${n}` },
    svg("title", { text: `Die: ${n}` }),
    svg("rect", { x: 1, y: 1, width: 22, height: 22, rx: 4, fill: "#fff", stroke: "#000", "stroke-width": 2 }));
  for (const [x, y] of PIPS[n] || []) face.append(svg("circle", { cx: x * 6, cy: y * 6, r: 2.3, fill: "#000" }));
  if (!PIPS[n]) face.append(svg("text", { x: 12, y: 17, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: "#000", text: String(n) }));
  return face;
}

export function diceRow(values, size) {
  return el("span", { class: "dice-row", "data-dice": values.join(",") }, values.map((v) => dieFace(v, size)));
}

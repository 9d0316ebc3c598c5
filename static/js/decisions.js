// Words for the pending decision and its actions, and which clicks need a confirmation.
//
// Undo is cut by anything that draws, reveals or rolls, and when the turn passes to someone else.
// The engine marks that on an action as `irreversible` (true/false) when it knows; without that
// mark the client assumes it for the action types that can draw, reveal or roll.
import { humanize, nameOf, seatName, catalogSync } from "./common.js";
import { decisionOf } from "./facts.js";

/** Action types that toggle a pick in a multi-select decision (cancel takes them all back). */
export const PICK_TYPES = new Set(["discard", "select", "take_fighter"]);

const MAY_DRAW_REVEAL_ROLL = new Set(["play_headline", "play_card", "play_spa", "use_fighter", "use_power", "draw_headline",
                                      "draw_card", "keep", "activate_fighter", "attack", "retrieve_spa", "end_turn"]);

const STEP_ACTIONS = { headline: ["play_headline"], event: ["buy_event"], army: ["move_tank", "place_tank"],
                       spa: ["play_spa", "retrieve_spa"], market: ["keep"], support: ["draw_headline"] };
const PHASES = { soviet: "Soviet phase", revolutionary: "Revolutionary phase", spa: "SPA phase", over: "Game over", setup: "Setup" };
const STEPS = { headline: "headline step", event: "event step", army: "army step", market: "market step", support: "support step",
                turns: "turns" };

export function phaseLabel(view) {
  if (view.result) return `Day ${view.day} · Game over`;
  const phase = PHASES[view.phase] || humanize(view.phase || "");
  const step = view.step && view.step !== view.phase ? (STEPS[view.step] || humanize(view.step).toLowerCase()) : "";
  return `Day ${view.day} · ${phase}${step ? " · " + step : ""}`;
}

function headlineRef(id) {
  const m = /^h0*(\d+)$/.exec(id || "");
  return m ? `H#${m[1]}` : id;
}

/** Why a card's other uses are impossible now (for a single-use click). */
function otherUses(a, view) {
  const cat = catalogSync();
  if (a.type === "play_headline") {
    const h = cat && cat.headlines[a.card];
    const modes = new Set((view.actions || []).filter((x) => x.type === "play_headline" && x.card === a.card).map((x) => x.mode));
    const all = h && h.colour === "red" ? ["cp", "resolve"] : ["cp", "discard"];
    const why = [];
    for (const m of all) {
      if (modes.has(m)) continue;
      if (m === "discard" && h && h.cannot_discard_if && (view.marks || []).some((x) => x.id === h.cannot_discard_if)) {
        why.push(`it cannot be discarded: ${headlineRef(h.cannot_discard_if)} is resolved`);
      } else if (m === "discard") why.push("it cannot be discarded now");
      else if (m === "resolve") why.push("it cannot be resolved now");
      else why.push("its CP cannot be collected now");
    }
    return why.length ? `Its only use now: ${why.join("; ")}.` : "";
  }
  return "This is its only use now.";
}

/**
 * The reason to ask before running `a`, or "" when no confirmation is needed. how: {single, kind}
 * — a click that ran the only action of a card/place/fighter, or Enter on the single choice.
 */
export function confirmReason(a, view, how) {
  if (!how || !how.single) return "";
  if (PICK_TYPES.has(a.type)) return "";  // picks are taken back with Cancel
  const d = decisionOf(view);
  let irreversible = a.irreversible;
  if (irreversible === undefined && d.irreversible !== undefined) irreversible = d.irreversible;
  const t = view.turn;
  const endsTurn = t && t.seat === view.seat && t.actions_left === 0 && a.type !== "move" &&
    (view.actions || []).filter((x) => !["undo", "end_turn"].includes(x.type)).length === 1;
  if (irreversible === false && !endsTurn) return "";
  const known = irreversible === true;
  const guess = irreversible === undefined && (MAY_DRAW_REVEAL_ROLL.has(a.type) && !(a.type === "play_headline" && a.mode === "discard"));
  if (!known && !guess && !endsTurn) return "";
  const parts = [];
  if (how.kind === "card") parts.push(otherUses(a, view));
  if (endsTurn) parts.push("You have no actions left: your turn ends after this.");
  parts.push(known ? "Undo will not be offered after it." : "It may draw, reveal or roll, and then undo is no longer offered.");
  return parts.filter(Boolean).join(" ");
}

/** Whether the next movement step of the turn is free or paid with a card. */
export function stepCost(view) {
  const d = decisionOf(view);
  const free = d.free_step ?? (view.turn && view.turn.free_move);
  if (free) return "free step";
  const loc = view.positions && view.locations && view.locations[view.positions[view.seat]];
  const kormanyos = loc && (loc.fighters || []).some((f) => f.id === "f_jozsef_kormanyos" && f.active);
  return kormanyos ? "costs a card, or free once a turn with József Kormányos along" : "costs a card, discarded to pay";
}

/** The button text of an action, with the wording fixes the plain description lacks. */
export function actionLabel(a, view, seats, me, describe, ctx = {}) {
  const d = decisionOf(view);
  const cat = catalogSync();
  switch (a.type) {
    case "done": {
      if (d.optional || d.kind === "may" || d.kind === "optional") return "Decline (do not use this effect)";
      const acts = view.actions || [];
      const others = acts.filter((x) => !["done", "undo", "cancel"].includes(x.type));
      const p = ctx.pickFor && ctx.pickFor.type;
      if (acts.some((x) => x.type === "cancel" || x.type === "select" || x.type === "take_fighter")) {
        if (p === "move" || acts.some((x) => x.type === "take_fighter")) return "Confirm the move";
        if (p === "give_cards" || p === "take_cards" || acts.some((x) => x.type === "select")) return "Confirm the selected cards";
        if (p) return `Confirm: ${humanize(p).toLowerCase()} with the selected cards`;
        return "Confirm";
      }
      // A step's own "done" comes with the step's actions (or alone, as in an army step without CP);
      // any other "done" next to choices declines an optional effect ("may", "up to").
      const stepTypes = STEP_ACTIONS[view.phase === "spa" ? "spa" : view.step] || [];
      if (others.length && !others.some((x) => stepTypes.includes(x.type))) return "Decline (skip the rest of this optional effect)";
      if (view.step === "army") return view.cp > 0 ? `End the army step (${view.cp} CP unspent)` : "End the army step (no CP left)";
      if (view.step === "headline") return "End the headline step";
      if (view.step === "event") return `End the event step (${view.cp} CP left)`;
      if (view.phase === "spa") return "End the SPA phase";
      return "Done";
    }
    case "cancel": return "Cancel (take back this choice)";
    case "undo": return "Undo";
    case "move": return `Move to ${nameOf(a.to, view)} (${stepCost(view)})`;
    case "play_headline": {
      const h = cat && cat.headlines[a.card];
      const base = describe(a, view, seats, me);
      if (a.mode === "cp" && h && h.colour === "green") return `${base} (then the Revolutionaries carry out its text)`;
      return base;
    }
    case "choose_next": return a.seat === me ? "You take the next turn" : `${seatName(a.seat, seats, null)} takes the next turn`;
    case "choose_player": return a.seat === me ? "Choose yourself" : `Choose ${seatName(a.seat, seats, null)}`;
    case "hit":
      if (a.target === "injury") return a.seat === me ? "Hit: injure yourself" : `Hit: injure ${seatName(a.seat, seats, null)}`;
      return describe(a, view, seats, me);
    case "draw_headline": {
      const n = view.headline_decks ? view.headline_decks[a.deck] : null;
      return `Draw from headline deck ${a.deck}` + (n === null || n === undefined ? "" : n === 0 ? " (empty)" : ` (${n} card${n === 1 ? "" : "s"} in it)`);
    }
    case "end_turn": {
      const t = view.turn;
      return t && t.actions_left > 0 ? `End the turn (pass ${t.actions_left} action${t.actions_left === 1 ? "" : "s"})` : "End the turn";
    }
    default: return describe(a, view, seats, me);
  }
}

// Words for the pending decision and its actions, and which clicks need a confirmation.
//
// All from the view's data (docs/contract.md): `decision` (what is asked), `irreversible` (beside
// `actions`: why undo ends after each, or null), `unavailable` (why a card's other uses are not
// offered), `picks`. Nothing here reads the English prompt.
import { humanize, nameOf, seatName, catalogSync, prettyText } from "./common.js";
import { decisionOf } from "./facts.js";

const PHASES = { soviet: "Soviet phase", revolutionary: "Revolutionary phase", spa: "SPA phase", over: "Game over", setup: "Setup",
                 end: "End of the day" };
const STEPS = { headline: "headline step", event: "event step", army: "army step", market: "market step", support: "support step",
                turns: "", turn_order: "choosing the turn order", draw: "drawing cards", end_of_day: "",
                zhukov: "General Zhukov cards", zhukov_spa: "the four fixed steps" };
// The Zhukov ruleset: a General Zhukov card's three steps and the SPA phase's four fixed steps.
const ZHUKOV_CARD_STEPS = { support: "support step", headline: "headline step", event: "event step", done: "" };
export const ZHUKOV_SPA_STEPS = { move_militia: [1, "move militia"], move_snipers: [2, "move snipers"],
                                  place: [3, "place militia"], attack: [4, "attack"] };

/** The SPA phase's fixed steps in the Zhukov ruleset, as the rulebook has them (shown while the
 *  team has a choice in one, so the choice has its reason beside it). */
export const ZHUKOV_SPA_RULES = {
  move_militia: "Every militia in a location with no player and no barricade, next to a player's location, moves into it (next to several: the player earlier in turn order).",
  move_snipers: "Every sniper in a location with no player and no barricade moves one step toward the nearest player; where several steps are equally good, the team picks.",
  place: "One militia each in Csepel, Széna Square and HWPP Headquarters; with fewer than 3 left in the supply the team picks where; if none is placed, a sniper goes to Astoria.",
  attack: "Every location with a player, an active fighter or a barricade rolls 2 dice against its strength (sniper 3, militia 1): the smaller die at most the strength, 1 hit; the sum at most the strength, 1 more hit. Then every location with strength 9 or more and no barricade shifts morale toward the Soviet end.",
};

/** The step of a Zhukov day in words ("" when there is nothing to add to the phase). */
function zhukovStep(view) {
  const z = view.zhukov;
  if (view.step === "zhukov") {
    const c = z.current;
    if (!c) return "General Zhukov cards";
    const n = z.today.map((d) => d.id).lastIndexOf(c.card.id) + 1;
    const step = ZHUKOV_CARD_STEPS[c.stage] ?? "";
    return `General Zhukov card ${n || "?"} of 4 (${c.card.title})${step ? " · " + step : ""}`;
  }
  const spa = ZHUKOV_SPA_STEPS[z.spa_step];
  if (spa) return `step ${spa[0]} of 4: ${spa[1]}`;
  return null;  // the Conflict steps' names apply
}

export function phaseLabel(view) {
  if (view.result) return `Day ${view.day} · Game over`;
  const phase = PHASES[view.phase] || humanize(view.phase || "");
  let step = view.zhukov ? zhukovStep(view) : null;
  if (step === null) step = view.step && view.step !== view.phase ? (STEPS[view.step] ?? humanize(view.step).toLowerCase()) : "";
  return `Day ${view.day} · ${phase}${step ? " · " + step : ""}`;
}

/** "The Soviet commander wins: <reason>" (General Zhukov in the Zhukov ruleset), for replays and reviews. */
export function resultLine(view, seats = []) {
  const r = view.result;
  if (!r) return "";
  const who = r.winner === "soviet" ? (view.zhukov ? "General Zhukov wins" : "The Soviet commander wins") : "The Revolutionaries win";
  return `${who}: ${prettyText(r.reason, seats)}`;
}

/** What ends undo, in the player's words (the engine's reason codes). */
const AFTER = {
  draw: "Cards are drawn", roll: "Dice are rolled", random: "Something is picked at random", shuffle: "A deck is shuffled",
  reveal: "Hidden cards or tiles are revealed", cards_seen: "The other player sees the cards",
  passes: "The decision passes to another player", game_over: "The game ends",
};

/** The engine's mark for `a`: null (undo stays), a reason code, or undefined (not in the view). */
export function irreversibleMark(a, view) {
  const acts = view.actions || [];
  let i = acts.indexOf(a);
  if (i < 0) { const key = JSON.stringify(a); i = acts.findIndex((x) => JSON.stringify(x) === key); }
  const marks = view.irreversible || [];
  return i >= 0 && i < marks.length ? marks[i] : undefined;
}

/** Why the other uses of the clicked card or fighter are not offered (the view's `unavailable`). */
function otherUses(a, view) {
  const id = a.card ?? a.fighter;
  if (id === undefined) return "";
  const why = (view.unavailable || []).filter((u) => (u.card ?? u.fighter) === id).map((u) => u.text);
  return why.length ? `Its only use now: ${why.join("; ")}.` : "";
}

// Decisions that ask to pick one of several places, players or cards: clicking one of them is the
// answer itself, a deliberate choice, so it never asks again (unlike a card whose other uses
// vanished, or the market's last keep, which discards the rest for good).
const ANSWERS = new Set(["choice", "forced_discard", "hits", "spa_attack", "spa_attack_any", "place_event", "turn_order",
                         "take_from_discard", "rev_draw"]);

/**
 * The reason to ask before running `a`, or "" when no confirmation is needed. how: {single, kind}
 * — a click that ran the only action of a card/place/fighter, or Enter on the single choice.
 * Only such clicks ask: a pick among several buttons was a deliberate choice.
 */
export function confirmReason(a, view, how) {
  if (!how || !how.single) return "";
  const mark = irreversibleMark(a, view);
  if (!mark) return "";
  const d = decisionOf(view);
  const options = (view.actions || []).filter((x) => x.type === a.type).length;
  if (ANSWERS.has(d.kind) && how.kind !== "enter" && options > 1) return "";
  const parts = [];
  if (how.kind === "card" || how.kind === "fighter") parts.push(otherUses(a, view));
  const ownTurn = d.kind === "turn" && d.seat === view.seat;
  if (ownTurn && d.actions_left === 0 && a.type !== "end_turn") {
    // A free card played with no action left ends the turn with it: say so before, not after.
    parts.push("You have no actions left, so your turn ends after this.");
    if (mark !== "passes") parts.push(`${AFTER[mark] || humanize(mark)}.`);
  } else if (mark === "passes" && ownTurn) parts.push("Your turn ends after this.");
  else parts.push(`${AFTER[mark] || humanize(mark)}.`);
  parts.push("Undo will not be offered after it.");
  return parts.filter(Boolean).join(" ");
}

/** Whether "done" answers the pending decision by declining it (take no more cards, move no
 *  sniper, decline the effect): then it is never the highlighted, primary button, nor what Enter
 *  confirms; the player's deliberate choice is the thing offered. */
export function doneDeclines(view) {
  const d = decisionOf(view);
  if (["take_from_discard", "spa_move_sniper", "spa_place_militia", "spa_attack_any"].includes(d.kind)) return true;
  if (d.kind === "spa_move_militia") return !d.moved;
  return !!d.optional && !["move", "act", "army", "headline", "event_step", "spa"].includes(d.kind);
}

/** A button's own warning, asked before it runs even though it was a deliberate click: activating
 *  a fighter that turns the face-down tile beneath over (the tile is seen by all: no undo). */
export function buttonReason(a, view) {
  if (a.type !== "activate_fighter") return "";
  const mark = irreversibleMark(a, view);
  if (mark === "reveal") {
    return "The face-down fighter tile beneath turns over: everyone sees the next fighter. Undo will not be offered after it.";
  }
  if (mark === "roll") return "A Soviet tank here fires first: dice are rolled. Undo will not be offered after it.";
  return "";
}

/** Whether `a` spends the seat's last action of the turn (a "Draw a card" with one action left). */
export function lastAction(a, view) {
  const d = decisionOf(view);
  return d.kind === "turn" && d.seat === view.seat && d.actions_left === 1 && !["end_turn", "play_card", "use_fighter", "use_power", "undo"].includes(a.type);
}

/** Whether the next movement step of the turn is free or paid with a card (the decision's data). */
export function stepCost(view) {
  const d = decisionOf(view);
  const free = d.kind === "move" ? d.free : d.free_step;
  if (free) return "free step";
  return d.free_with ? `costs a card, or free with ${nameOf(d.free_with, view)} along` : "costs a card, discarded to pay";
}

/** The words of a "done" for the pending decision. */
function doneLabel(view) {
  const d = decisionOf(view);
  switch (d.kind) {
    case "move": return "Confirm the move";
    case "act":
      return d.stage === "select" ? "Confirm the selected cards" : `Confirm: ${humanize(d.action || "").toLowerCase()} with the selected cards`;
    case "army": return view.cp > 0 ? `End the army step (${view.cp} CP unspent)` : "End the army step (no CP left)";
    case "headline": return "End the headline step";
    case "event_step": return `End the event step (${view.cp} CP left)`;
    case "spa": return "End the SPA phase";
    case "spa_move_militia": return d.moved ? "Stop moving militia" : "Move no militia";
    case "spa_move_sniper": return "Move no sniper";
    case "spa_place_militia": return "Place no militia";
    case "spa_attack_any": return "Decline the Attack! effect";
    case "take_from_discard": return "Take no more cards";
    default: return d.optional ? "Decline (do not use this effect)" : "Done";
  }
}

/** The button text of an action, with the wording fixes the plain description lacks. */
export function actionLabel(a, view, seats, me, describe) {
  const cat = catalogSync();
  switch (a.type) {
    case "done": return doneLabel(view);
    case "cancel": return "Cancel (take back this choice)";
    case "undo": return "Undo";
    case "move": return `Move to ${nameOf(a.to, view)} (${stepCost(view)})`;
    case "play_headline": {
      const h = cat && cat.headlines[a.card];
      const base = describe(a, view, seats, me);
      if (a.mode === "cp" && h && h.colour === "green") return `${base} (then the Revolutionaries carry out its text)`;
      return base;
    }
    case "choose_next": {
      const d = decisionOf(view);
      const n = d.actions ? d.actions[a.seat] : undefined;
      const what = d.position ? `turn ${d.position}` : "the next turn";
      const acts = n === undefined ? "" : ` (${n} action${n === 1 ? "" : "s"})`;
      return a.seat === me ? `You take ${what}${acts}` : `${seatName(a.seat, seats, null)} takes ${what}${acts}`;
    }
    case "choose_player": return a.seat === me ? "Choose yourself" : `Choose ${seatName(a.seat, seats, null)}`;
    case "distribute": {  // "Split: you 2, Béla 1": who gets how many of the cards drawn
      const who = (seat) => {
        if (seat === me) return "you";
        const info = (seats || []).find((x) => x.seat === seat);
        return (info && info.name) || seatName(seat, seats, null);
      };
      return "Split: " + Object.entries(a.counts).map(([seat, n]) => `${who(seat)} ${n}`).join(", ");
    }
    case "place": {
      const d = decisionOf(view);
      const e = d.kind === "place_event" && cat && cat.events[d.event];
      return e ? `Place “${e.title}” in ${nameOf(a.location, view)}` : describe(a, view, seats, me);
    }
    case "hit":
      if (a.target === "injury") return a.seat === me ? "Hit: injure yourself" : `Hit: injure ${seatName(a.seat, seats, null)}`;
      return describe(a, view, seats, me);
    case "draw_headline": {
      const n = view.headline_decks ? view.headline_decks[a.deck] : null;
      return `Draw from headline deck ${a.deck}` + (n === null || n === undefined ? "" : n === 0 ? " (empty)" : ` (${n} card${n === 1 ? "" : "s"} in it)`);
    }
    case "draw_card": {
      // The last action ends the turn with it, unless a free card is left to play: say which.
      if (!lastAction(a, view)) return describe(a, view, seats, me);
      const playable = new Set((view.actions || []).filter((x) => x.type === "play_card").map((x) => x.card));
      const records = (cat && cat.view_records) || {};  // the view names cards by id: their texts are the catalog's
      const free = [...playable].some((id) => { const r = records[id]; return r && r.ability && r.ability.label === "free"; });
      return free ? "Draw a card (your last action: then only free cards are left)" : "Draw a card (your last action: then your turn ends)";
    }
    case "end_turn": {
      const t = view.turn;
      return t && t.actions_left > 0 ? `End the turn (pass ${t.actions_left} action${t.actions_left === 1 ? "" : "s"})` : "End the turn";
    }
    default: return describe(a, view, seats, me);
  }
}

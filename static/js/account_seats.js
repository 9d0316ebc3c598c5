// The seats this browser holds (localStorage, see common.js and solo.js), to join to an account at
// sign-up and sign-in, and the account's seats kept here after signing in on another device.
import { saveSeat, loadSeat } from "./common.js";

const GAME = /^[A-Za-z0-9_-]{1,32}$/;
const SEATS = new Set(["soviet", "rev1", "rev2", "rev3", "rev4"]);
const MAX = 200;  // the most the server takes in one request
const BROUGHT = "doi:account-seats";  // games whose seats came here from the account, not from play here

function parse(key) {
  try { return JSON.parse(localStorage.getItem(key) || "null"); } catch { return null; }
}

/** [{game, seat, token}] for every seat this browser holds, each once. */
export function heldSeats() {
  const found = new Map();
  const add = (game, s) => {
    if (!s || !GAME.test(game) || !SEATS.has(s.seat) || typeof s.token !== "string") return;
    if (!s.token || s.token.length > 64) return;
    found.set(`${game} ${s.seat}`, { game, seat: s.seat, token: s.token });
  };
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i) || "";
    if (key.startsWith("doi:seat:")) add(key.slice(9), parse(key));
    else if (key.startsWith("doi:seats:")) {
      const list = parse(key);
      if (Array.isArray(list)) for (const s of list) add(key.slice(10), s);
    }
  }
  return [...found.values()].slice(0, MAX);
}

/** Keep the account's seats (GET /api/me/seats) in this browser, so its tables open here. */
export function keepAccountSeats(keys, name) {
  const added = new Set(parse(BROUGHT) || []);
  const byGame = new Map();
  for (const k of keys || []) {
    if (!GAME.test(k.game) || !SEATS.has(k.seat)) continue;
    if (!byGame.has(k.game)) byGame.set(k.game, []);
    byGame.get(k.game).push({ seat: k.seat, token: k.token, name });
  }
  for (const [game, seats] of byGame) {
    if (!loadSeat(game)) {
      saveSeat(game, seats[0]);
      added.add(game);
    }
    if (seats.length > 1) {
      const held = parse(`doi:seats:${game}`);
      const mine = Array.isArray(held) ? held : [];
      for (const s of seats) if (!mine.some((m) => m && m.seat === s.seat)) mine.push(s);
      localStorage.setItem(`doi:seats:${game}`, JSON.stringify(mine));
    }
  }
  localStorage.setItem(BROUGHT, JSON.stringify([...added]));
}

/** At sign-out: forget the seats that only signing in brought here (a borrowed computer keeps none). */
export function forgetAccountSeats() {
  for (const game of parse(BROUGHT) || []) {
    if (typeof game !== "string") continue;
    localStorage.removeItem(`doi:seat:${game}`);
    localStorage.removeItem(`doi:seats:${game}`);
  }
  localStorage.removeItem(BROUGHT);
}

// Lobby: "My games", every game this browser holds a seat in (GET /api/my/games, by the guest
// cookie), most recently active first, with a "your turn" mark.
import { el, clear, api, loadSeat, SEAT_LABEL } from "./common.js";
import { keepAccountSeats } from "./account_seats.js";

const box = document.getElementById("my-games-box");
const list = document.getElementById("my-games");

function item(g) {
  const open = g.status === "open";
  const href = `/games/${encodeURIComponent(g.id)}${open ? "" : "/table"}`;
  const state = open ? "waiting for players" : g.status === "active" ? (g.day ? `day ${g.day}` : "playing")
    : g.status === "finished" ? `over: ${g.result ? g.result.winner : ""} won` : g.status;
  return el("li", { class: "room", dataset: { game: g.id } },
    el("a", { href, text: `You: ${g.mine.map((s) => SEAT_LABEL[s] || s).join(", ")}` }),
    el("span", { class: "hint", text: ` · ${state} · ${g.seats.map((s) => s.name || "free").join(", ")}` }),
    g.your_turn ? el("span", { class: "tag your-turn", text: "your turn" }) : null);
}

// A seat the account took on another device: its token comes here, so the table opens as that seat.
let brought = false;
async function bringAccountSeats() {
  if (brought) return;
  brought = true;
  const who = await api("/api/session");
  if (who.name) keepAccountSeats(await api("/api/me/seats"), who.name);
}

async function refresh() {
  try {
    const games = await api("/api/my/games");
    clear(list);
    for (const g of games) list.append(item(g));
    box.hidden = !games.length;
    if (games.some((g) => g.mine.length && !loadSeat(g.id))) await bringAccountSeats();
  } catch {
    // The lobby works without it; the next round tries again.
  }
}

if (box && list) {
  refresh();
  setInterval(refresh, 5000);
}

// "Next game": one click from a table to the next game where one of your seats has a decision to
// make (GET /api/my/next: the signed-in account's seats on every device, and this browser's guest
// seats, the ones its my-games list shows). The button says how many wait; with none it says so.
import { el, api } from "./common.js";

const main = document.getElementById("main");
const current = main && main.dataset.game;
const REFRESH_MS = 15000;

const note = el("span", { class: "next-note", id: "next-note", role: "status" });
const button = el("button", { type: "button", class: "secondary small next-game", id: "next-game",
                              text: "Next game", title: "Go to the next game where it is your turn" });
let latest = null;

function query() {
  return current ? `/api/my/next?current=${encodeURIComponent(current)}` : "/api/my/next";
}

function show(data) {
  latest = data;
  const n = data ? data.waiting : 0;
  button.textContent = n ? `Next game (${n})` : "Next game (0)";
  button.dataset.waiting = String(n);
  button.title = n ? `${n} other game${n === 1 ? "" : "s"} wait${n === 1 ? "s" : ""} for your move`
    : "No other game waits for your move";
}

async function refresh() {
  try {
    show(await api(query()));
  } catch {
    // The table works without it; the next round tries again.
  }
}

button.addEventListener("click", async () => {
  note.textContent = "";
  try {
    show(await api(query()));  // fresh: a game may have moved on since the last look
  } catch {
    note.textContent = "Could not look for your games: try again.";
    return;
  }
  if (latest && latest.next) {
    location.assign(latest.next.url);
  } else {
    note.textContent = "No other game waits for you right now.";
  }
});

const bar = document.querySelector(".topbar");
if (bar) {
  const conn = document.getElementById("conn");
  const box = el("span", { class: "next-box" }, button, note);
  if (conn) bar.insertBefore(box, conn); else bar.append(box);
  refresh();
  setInterval(refresh, REFRESH_MS);
}

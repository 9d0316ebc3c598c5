// Bot seats in the lobby: the per-seat "person or bot" choice of the create form, and the one-click
// solo game (you against bot seats), which claims your seats and opens the table.
import { api, saveSeat } from "./common.js";

const SEATS = ["soviet", "rev1", "rev2", "rev3", "rev4"];
const NAME_KEY = "doi:name";

/** {seat: level} for the seats the form gives to a bot (only seats the game has). */
export function readBots(form, revolutionaries) {
  const bots = {};
  for (const sel of form.querySelectorAll("select[data-bot-seat]")) {
    const seat = sel.dataset.botSeat;
    const zhukov = form.querySelector("input[name=ruleset]:checked")?.value === "zhukov";
    if (sel.value && SEATS.indexOf(seat) <= revolutionaries && !(zhukov && seat === "soviet")) bots[seat] = sel.value;
  }
  return bots;
}

function showSeatsFor(form) {
  const n = parseInt(form.querySelector("input[name=revolutionaries]:checked").value, 10);
  const zhukov = form.querySelector("input[name=ruleset]:checked")?.value === "zhukov";  // no Soviet seat
  for (const label of form.querySelectorAll(".seat-player")) {
    label.hidden = SEATS.indexOf(label.dataset.seat) > n || (zhukov && label.dataset.seat === "soviet");
  }
}

/** The name the solo player's seats get: the one typed, else the last one used, else "Guest".
 *  Never "You": everyone else's screen and the log would read "Waiting for You", "You discards". */
export function playerName() {
  const box = document.getElementById("solo-name");
  const typed = box ? box.value.trim() : "";
  const name = typed || localStorage.getItem(NAME_KEY) || "Guest";
  if (/^you$/i.test(name)) throw new Error("Choose a name the others can read: “You” would name someone else on their screens.");
  if (typed) localStorage.setItem(NAME_KEY, typed);
  return name;
}

/** Claim every seat of a new room that is not a bot (its invites), remember them, open the table. */
export async function startPlaying(created, name = playerName()) {
  const mine = [];
  for (const [seat, link] of Object.entries(created.invites)) {
    const invite = new URL(link, location.origin).searchParams.get("invite");
    const tok = await api(`/api/games/${encodeURIComponent(created.id)}/seats/${seat}`,
                          { method: "POST", body: { name, invite } });
    mine.push({ seat: tok.seat, token: tok.token, name });
  }
  if (mine.length) saveSeat(created.id, mine[0]);
  // The other seats this browser holds (several Revolutionaries, all yours): the table offers to switch.
  localStorage.setItem(`doi:seats:${created.id}`, JSON.stringify(mine));
  location.href = `/games/${encodeURIComponent(created.id)}/table`;
}

/** The solo room the options describe: bots on every seat that is not yours. */
export function soloRoom(side, revolutionaries, teammates, level) {
  const bots = {};
  if (side === "zhukov") {  // the Zhukov ruleset: the General Zhukov deck is the only opponent
    if (teammates) for (const seat of SEATS.slice(2, revolutionaries + 1)) bots[seat] = level;
    return { revolutionaries, bots, private: true, options: {}, ruleset: "zhukov" };
  }
  if (side === "soviet") {
    for (const seat of SEATS.slice(1, revolutionaries + 1)) bots[seat] = level;
  } else {
    bots.soviet = level;
    if (teammates) for (const seat of SEATS.slice(2, revolutionaries + 1)) bots[seat] = level;
  }
  return { revolutionaries, bots, private: true, options: {} };
}

/** What the solo button will start, in words: who you play, who the bots play, who opens. */
export function soloHint(side, revolutionaries, teammates) {
  const others = revolutionaries === 2 ? "Revolutionary 2" : `Revolutionaries 2-${revolutionaries}`;
  const yours = revolutionaries === 1 ? "the Revolutionary seat" : teammates ? `Revolutionary 1 (bots play ${others})`
    : revolutionaries === 2 ? "both Revolutionary seats" : `all ${revolutionaries} Revolutionary seats`;
  if (side === "soviet") {
    return `You command the Soviet against ${revolutionaries === 1 ? "a bot Revolutionary" : `${revolutionaries} bot Revolutionaries`}; you open the game with the Soviet phase.`;
  }
  if (side === "zhukov") {
    return `You play ${yours} against the General Zhukov deck: no Soviet player; each day 4 of its cards run the Soviet phase and the SPA phase follows fixed rules.`;
  }
  return `You play ${yours}; a bot commands the Soviet and opens the game.`;
}

// Only the Zhukov ruleset seats 4 Revolutionaries: the 4 is offered for that side alone, and a 4
// picked there falls back to 3 when the side changes.
function showSoloOptions(form) {
  const side = form.querySelector("input[name=solo-side]:checked").value;
  const zhukov = side === "zhukov";
  for (const node of form.querySelectorAll("[data-zhukov-only]")) node.hidden = !zhukov;
  const four = form.querySelector("input[name=solo-revs][value='4']");
  if (!zhukov && four.checked) form.querySelector("input[name=solo-revs][value='3']").checked = true;
  const revs = parseInt(form.querySelector("input[name=solo-revs]:checked").value, 10);
  const teammates = document.getElementById("solo-teammates");
  teammates.closest("label").hidden = side === "soviet";  // the bots play every Revolutionary seat then
  document.getElementById("solo-hint").textContent = soloHint(side, revs, teammates.checked);
}

const solo = document.getElementById("solo-form");
if (solo) {
  const nameBox = document.getElementById("solo-name");
  if (nameBox && !nameBox.value) nameBox.value = (localStorage.getItem(NAME_KEY) || "").replace(/^you$/i, "");
  showSoloOptions(solo);
  for (const input of solo.querySelectorAll("input[name=solo-side], input[name=solo-revs], #solo-teammates")) {
    input.addEventListener("change", () => showSoloOptions(solo));
  }
  solo.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const err = document.getElementById("solo-error");
    err.textContent = "";
    const side = solo.querySelector("input[name=solo-side]:checked").value;
    const revs = parseInt(solo.querySelector("input[name=solo-revs]:checked").value, 10);
    const body = soloRoom(side, revs, document.getElementById("solo-teammates").checked,
                          document.getElementById("solo-level").value);
    body.bot_pace = document.getElementById("solo-bot-pace").value;
    try {
      const name = playerName();  // before the room exists: a refused name creates nothing
      await startPlaying(await api("/api/games", { method: "POST", body }), name);
    } catch (e) {
      err.textContent = e.message;
    }
  });
}

// "Learn to play": the lesson room (POST /api/learn), your seat claimed, its table with the coach.
const learn = document.getElementById("learn-btn");
if (learn) {
  learn.addEventListener("click", async () => {
    const err = document.getElementById("solo-error");
    err.textContent = "";
    learn.disabled = true;
    try {
      const name = playerName();
      await startPlaying(await api("/api/learn", { method: "POST", body: { lesson: "first_game" } }), name);
    } catch (e) {
      err.textContent = e.message;
      learn.disabled = false;
    }
  });
}

const create = document.getElementById("create-form");
if (create) {
  showSeatsFor(create);
  for (const r of create.querySelectorAll("input[name=revolutionaries]")) r.addEventListener("change", () => showSeatsFor(create));
}

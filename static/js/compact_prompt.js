// On a phone the decision box would cover a third of the screen (220-290 px) if it stayed at the top
// while the player looks at the map. So there it sits in the page, and once it has scrolled out of
// sight it comes back as a compact bar fixed at the top: the decision in two lines, its buttons in
// one row, the goal's button; "More" opens it whole, "Less" folds it again. Its place in the page
// keeps its height meanwhile, so nothing below it jumps. Wider screens keep it sticky and whole.
import { el } from "./common.js";

const prompt = document.getElementById("prompt");
const narrow = window.matchMedia("(max-width: 1000px)");
const BAR = 110;  // about the compact bar's height: it takes over before the whole box has gone

const slot = el("div", { id: "prompt-slot", class: "prompt-slot" });
prompt.before(slot);
slot.append(prompt);
const more = el("button", { type: "button", id: "prompt-more", class: "secondary small prompt-more", "aria-expanded": "false",
                            "aria-controls": "prompt", text: "More ▾" });
prompt.prepend(more);
let open = false;

function update() {
  const compact = narrow.matches && (prompt.classList.contains("compact") ? slot.getBoundingClientRect().bottom < BAR
                                                                         : prompt.getBoundingClientRect().bottom < BAR);
  if (compact && !prompt.classList.contains("compact")) slot.style.height = `${slot.offsetHeight}px`;  // keep its place
  if (!compact) { slot.style.height = ""; open = false; }
  prompt.classList.toggle("compact", compact);
  prompt.classList.toggle("open", compact && open);
  document.body.classList.toggle("prompt-compact", compact);
  more.setAttribute("aria-expanded", String(compact && open));
  more.textContent = open ? "Less ▴" : "More ▾";
}

more.addEventListener("click", () => { open = !open; update(); });
window.addEventListener("scroll", update, { passive: true });
window.addEventListener("resize", update);
narrow.addEventListener("change", update);
update();

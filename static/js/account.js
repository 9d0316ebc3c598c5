// The account page (/account): sign up, sign in (password or passkey) and out; then the account's
// name, e-mail, password, notifications, passkeys, and deleting it. Every change goes to the
// account API (docs/protocol.md) with the session's CSRF token; answers come back as the server
// words them. No password or token ever goes into a URL.
import { api, el, clear } from "./common.js";
import { heldSeats, keepAccountSeats, forgetAccountSeats } from "./account_seats.js";
import { passkeysSupported, createPasskey, usePasskey, passkeyProblem } from "./passkey.js";

const $ = (id) => document.getElementById(id);
let csrf = "";
let account = null;

const FIELD = { name: "Name", password: "Password", email: "E-mail", current_password: "Your password",
                label: "The passkey's name", remove_email: "E-mail" };

/** A server refusal in words for the form: the field it is about, without the request's plumbing. */
function explain(err) {
  const first = err && err.data && Array.isArray(err.data.errors) ? err.data.errors[0] : null;
  if (!first) return (err && err.message) || "Something went wrong: try again.";
  const field = [...first.loc].reverse().find((p) => typeof p === "string" && p !== "body") || "";
  const label = FIELD[field] || "";
  if (field === "email" && first.type === "string_pattern_mismatch") return "E-mail: that is not an e-mail address.";
  const msg = String(first.msg || "").replace(/^Value error, /, "");
  return label ? `${label}: ${msg.charAt(0).toLowerCase()}${msg.slice(1)}.` : msg;
}

/** Run a form's request with its button busy and its error line cleared, then filled if refused. */
async function busy(button, errorBox, work) {
  if (errorBox) errorBox.textContent = "";
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  try {
    await work();
  } catch (err) {
    if (errorBox) errorBox.textContent = err instanceof DOMException ? passkeyProblem(err) : explain(err);
  } finally {
    button.disabled = false;
    button.removeAttribute("aria-busy");
  }
}

const send = (path, method, body) => api(path, { method, body, headers: { "X-CSRF-Token": csrf } });

/** A success line: in the section the change was made in (where the eyes are), else at the top. */
function say(text, where = "me") {
  for (const id of ["me", "name", "email", "password", "passkey"]) $(`${id}-status`).textContent = "";
  $(`${where}-status`).textContent = text;
}

function topBar(name) {
  const link = $("account-link");
  if (!link) return;
  link.textContent = name || "Sign in";
  link.classList.toggle("signed-in", !!name);
}

// ----- signed out ------------------------------------------------------------------------------
function showSignedOut(message) {
  account = null;
  csrf = "";
  $("account-loading").hidden = true;
  $("signed-in").hidden = true;
  $("signed-out").hidden = false;
  topBar(null);
  if (message) $("signin-error").textContent = message;
}

/** After any way in: keep the session, bring the account's seats to this browser, show the account. */
async function signedIn(session, note) {
  csrf = session.csrf;
  try {
    keepAccountSeats(await api("/api/me/seats"), session.account.name);
  } catch { /* the tables still open with their resume links */ }
  for (const f of ["signin-form", "signup-form"]) $(f).reset();
  showAccount(session.account);
  const joined = session.seats_joined || 0;
  const parts = [note];
  if (joined) parts.push(`${joined} seat${joined === 1 ? "" : "s"} of this browser joined your account.`);
  if (session.mail) parts.push("We mailed you a link to confirm your address.");
  say(parts.filter(Boolean).join(" "));
  $("me-title").focus();
}

$("signin-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const name = $("signin-name").value.trim();
  const password = $("signin-password").value;
  if (!name || !password) { $("signin-error").textContent = "Give your name and your password."; return; }
  busy($("signin-btn"), $("signin-error"), async () => {
    const s = await api("/api/session", { method: "POST", body: { name, password, seats: heldSeats() } });
    await signedIn(s, "Signed in.");
  });
});

$("signin-passkey-btn").addEventListener("click", () => {
  busy($("signin-passkey-btn"), $("signin-error"), async () => {
    const { publicKey } = await api("/api/session/passkey/options", { method: "POST" });
    const credential = await usePasskey(publicKey);
    const name = $("signin-name").value.trim();
    const body = { credential, seats: heldSeats() };
    if (name) body.name = name;
    const s = await api("/api/session/passkey", { method: "POST", body });
    await signedIn(s, "Signed in with your passkey.");
  });
});

$("signup-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const name = $("signup-name").value.trim();
  const password = $("signup-password").value;
  const email = $("signup-email").value.trim();
  if (!name) { $("signup-error").textContent = "Name: choose one."; return; }
  busy($("signup-btn"), $("signup-error"), async () => {
    const body = { name, password, seats: heldSeats() };
    if (email) body.email = email;
    const s = await api("/api/accounts", { method: "POST", body });
    await signedIn(s, "Your account is made, and you are signed in.");
  });
});

$("forgot-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const name = $("forgot-name").value.trim() || $("signin-name").value.trim();
  if (!name) { $("forgot-status").textContent = "Give your account's name."; return; }
  busy($("forgot-btn"), $("forgot-status"), async () => {
    const r = await api("/api/accounts/reset", { method: "POST", body: { name } });
    $("forgot-status").textContent = r.detail;
  });
});

// ----- signed in -------------------------------------------------------------------------------
function showAccount(a) {
  account = a;
  $("account-loading").hidden = true;
  $("signed-out").hidden = true;
  $("signed-in").hidden = false;
  $("me-name").textContent = a.name;
  $("password-username").value = a.name;
  topBar(a.name);
  const state = $("email-state");
  clear(state);
  if (!a.email) {
    state.append("No address: no mails reach you, and a forgotten password cannot be reset.");
  } else {
    state.append(el("strong", { text: a.email }), " ",
                 a.email_verified ? el("span", { class: "tag ok", text: "verified" })
                   : el("span", { class: "tag warn", text: "not verified yet" }),
                 a.email_verified ? "" : " Open the link we mailed to it.");
  }
  $("email-resend-btn").hidden = !a.email || a.email_verified;
  $("email-remove-btn").hidden = !a.email;
  for (const box of document.querySelectorAll("[data-pref]")) box.checked = !!(a.notify && a.notify[box.dataset.pref]);
  $("notify-hint").textContent = a.email && a.email_verified ? "Mails go to your verified address."
    : a.email ? "Mails go only to a verified address: open the link we mailed to yours."
    : "Mails go only to a verified address: add one above and open its link.";
  loadPasskeys();
}

$("signout-btn").addEventListener("click", () => {
  busy($("signout-btn"), null, async () => {
    try { await send("/api/session", "DELETE"); } catch { /* signed out already */ }
    forgetAccountSeats();
    showSignedOut("");
    $("signin-error").textContent = "";
    $("signin-name").focus();
  });
});

$("name-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const name = $("name-new").value.trim();
  if (!name) { $("name-error").textContent = "Name: give the new one."; return; }
  busy($("name-btn"), $("name-error"), async () => {
    const s = await send("/api/me", "PATCH", { name });
    showAccount(s.account);
    $("name-form").reset();
    say("Your name is changed.", "name");
  });
});

$("email-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const email = $("email-new").value.trim();
  if (!email) { $("email-error").textContent = "E-mail: give the new address."; return; }
  busy($("email-btn"), $("email-error"), async () => {
    const s = await send("/api/me", "PATCH", { email, current_password: $("email-password").value });
    showAccount(s.account);
    $("email-form").reset();
    say(s.mail ? "Address changed: we mailed it a link to confirm it." : "Address changed.", "email");
  });
});

$("email-remove-btn").addEventListener("click", () => {
  busy($("email-remove-btn"), $("email-error"), async () => {
    const s = await send("/api/me", "PATCH", { remove_email: true, current_password: $("email-password").value });
    showAccount(s.account);
    $("email-form").reset();
    say("Your address is removed.", "email");
  });
});

$("email-resend-btn").addEventListener("click", () => {
  busy($("email-resend-btn"), $("email-error"), async () => {
    const r = await send("/api/me/email/verify", "POST");
    say(r.mail ? "We mailed the link again." : "This server sends no mail: ask its admin.", "email");
  });
});

$("password-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  busy($("password-btn"), $("password-error"), async () => {
    const s = await send("/api/me", "PATCH", { password: $("password-new").value,
                                               current_password: $("password-current").value });
    csrf = s.csrf;  // a new cookie: the other devices are signed out
    $("password-form").reset();
    showAccount(s.account);
    say("Your password is changed; every other device is signed out.", "password");
  });
});

for (const box of document.querySelectorAll("[data-pref]")) {
  box.addEventListener("change", async () => {
    $("notify-status").textContent = "";
    try {
      const s = await send("/api/me", "PATCH", { notify: { [box.dataset.pref]: box.checked } });
      account = s.account;
      $("notify-status").textContent = "Saved.";
    } catch (err) {
      box.checked = !box.checked;
      $("notify-status").textContent = explain(err);
    }
  });
}

// ----- passkeys --------------------------------------------------------------------------------
const when = (iso) => new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });

function passkeyItem(p) {
  const remove = el("button", { type: "button", class: "secondary small", text: "Remove",
                                "aria-label": `Remove the passkey ${p.label}` });
  const item = el("li", { dataset: { passkey: String(p.id) } },
    el("span", { class: "pk-label", text: p.label }),
    el("span", { class: "hint", text: ` added ${when(p.created_at)}${p.last_used_at ? `, last used ${when(p.last_used_at)}` : ", never used"}` }),
    remove);
  remove.addEventListener("click", () => {
    const yes = el("button", { type: "button", class: "danger small", text: "Remove it" });
    const no = el("button", { type: "button", class: "secondary small", text: "Keep it" });
    const ask = el("span", { class: "confirm-inline" }, `Remove ${p.label}? `, yes, " ", no);
    remove.replaceWith(ask);
    yes.focus();
    no.addEventListener("click", () => { ask.replaceWith(remove); remove.focus(); });
    yes.addEventListener("click", () => busy(yes, $("passkey-error"), async () => {
      await send(`/api/me/passkeys/${p.id}`, "DELETE");
      say(`The passkey ${p.label} is removed.`, "passkey");
      await loadPasskeys();
    }));
  });
  return item;
}

async function loadPasskeys() {
  try {
    const list = await api("/api/me/passkeys");
    clear($("passkey-list")).append(...list.map(passkeyItem));
    $("passkey-none").hidden = list.length > 0;
  } catch (err) {
    $("passkey-error").textContent = explain(err);
  }
}

$("passkey-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  busy($("passkey-add-btn"), $("passkey-error"), async () => {
    const { publicKey } = await send("/api/me/passkey/options", "POST",
                                     { current_password: $("passkey-password").value });
    const credential = await createPasskey(publicKey);
    const label = $("passkey-label").value.trim();
    const added = await send("/api/me/passkey", "POST", label ? { credential, label } : { credential });
    $("passkey-form").reset();
    say(`Passkey “${added.label}” added: you can sign in with it now.`, "passkey");
    await loadPasskeys();
  });
});

// ----- deleting --------------------------------------------------------------------------------
$("delete-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  if (!$("delete-sure").checked) { $("delete-error").textContent = "Tick the box to confirm."; return; }
  busy($("delete-btn"), $("delete-error"), async () => {
    await send("/api/me", "DELETE", { password: $("delete-password").value });
    $("delete-form").reset();
    $("delete-box").open = false;
    forgetAccountSeats();
    showSignedOut("");
    $("signin-error").textContent = "Your account is deleted.";
  });
});

// ----- start -----------------------------------------------------------------------------------
if (!passkeysSupported()) {
  for (const node of document.querySelectorAll("[data-passkey]")) node.hidden = true;
  $("passkey-unsupported").hidden = false;
}

(async () => {
  try {
    const who = await api("/api/session");  // a 200 either way: no error logged for a guest
    if (!who.name) return showSignedOut("");
    const s = await api("/api/me");
    csrf = s.csrf;
    showAccount(s.account);
  } catch (err) {
    showSignedOut(explain(err));
  }
})();

// The table's chat and its tabs (the log or the chat).
// Two channels (docs/protocol.md, Chat channels): the players' (the table's talk, everyone reads it)
// and the spectators' (spectators write there only; a player reads it after choosing to show it,
// a choice this browser remembers, and the server sends it to no player who hides it).
import { el, SEAT_LABEL } from "./common.js";

const $ = (id) => document.getElementById(id);

/** Wires the chat of the table whose state is `st` (its seat, whether the socket is authed, the
 *  unread count); `send` sends a message on the table's socket. */
export function tableChat(st, send) {
  const SHOW_KEY = "doi:show-spectator-chat";
  const showSpectators = () => localStorage.getItem(SHOW_KEY) === "1";

  function addChat(m) {
    const channel = m.channel || "players";
    // A seat's socket opens as a spectator's until its token is checked: the spectators' lines it
    // gets meanwhile are not this player's to see (they come again if the player shows the channel).
    if (channel === "spectators" && st.seat && (!st.authed || !showSpectators())) return;
    const watcher = m.seat === "spectator";
    const li = el("li", { class: `chat-msg chat-${channel}`, "data-channel": channel, "data-at": m.at || "" },
      channel === "spectators" ? el("span", { class: "chat-tag", text: "spectators" }) : null,
      el("span", { class: `seat-dot ${m.seat}` }),
      el("b", { class: "pname", text: watcher ? "Spectator" : m.name || SEAT_LABEL[m.seat] || m.seat }), ": ",
      el("span", { class: "chat-text", text: m.text }));
    const ol = $("chat");
    // In the order said: the spectators' recent lines, sent when a player shows their channel, go
    // between the players' lines already shown (ISO times in UTC compare as text).
    const later = m.at ? [...ol.children].find((x) => x.dataset.at && x.dataset.at > m.at) : null;
    ol.insertBefore(li, later || null);
    ol.scrollTop = ol.scrollHeight;
    if ($("chat-pane").hidden) { st.chatUnread += 1; $("chat-unread").textContent = `(${st.chatUnread})`; }
  }

  /** The chat form and its options for who is reading: a spectator writes to the spectators; a
   *  player may show their channel (and then write to it too). */
  function renderChatControls() {
    const player = !!st.seat;
    const shown = player && showSpectators();
    $("chat-show").hidden = !player;
    $("chat-show-spectators").checked = shown;
    $("chat-channel").hidden = !shown;
    if (!shown) $("chat-channel").value = "players";
    $("chat-input").placeholder = player ? ($("chat-channel").value === "spectators" ? "Say something to the spectators" : "Say something to the table")
      : "Say something to the other spectators (players read it only if they choose to)";
  }

  /** Tell the server whether this player's socket reads the spectators' channel (after the seat's view came). */
  function sendChannels() {
    if (st.seat && st.authed) send({ type: "channels", spectators: showSpectators() });
  }

  function showTab(which) {
    const chat = which === "chat";
    $("chat-pane").hidden = !chat;
    $("log").hidden = chat;
    $("tab-chat").setAttribute("aria-selected", String(chat));
    $("tab-log").setAttribute("aria-selected", String(!chat));
    if (chat) { st.chatUnread = 0; $("chat-unread").textContent = ""; }
  }

  $("tab-log").addEventListener("click", () => showTab("log"));
  $("tab-chat").addEventListener("click", () => showTab("chat"));
  $("chat-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const input = $("chat-input");
    const text = input.value.trim();
    if (!text) return;
    const channel = st.seat ? $("chat-channel").value : "spectators";
    if (send({ type: "chat", channel, text: text.slice(0, 500) })) input.value = "";
  });
  $("chat-show-spectators").addEventListener("change", (ev) => {
    localStorage.setItem(SHOW_KEY, ev.target.checked ? "1" : "0");
    // Hidden: their lines go; shown: the server sends the recent ones again, so none shows twice.
    for (const li of $("chat").querySelectorAll('li[data-channel="spectators"]')) li.remove();
    renderChatControls();
    sendChannels();
  });
  $("chat-channel").addEventListener("change", renderChatControls);
  renderChatControls();
  return { addChat, renderChatControls, sendChannels, showTab };
}

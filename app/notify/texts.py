"""What notifications say: a subject (a push's title) and a lead (a push's body, a mail's first
line), with a link to the table, never a seat token. Chat text is quoted short, on one line."""
from __future__ import annotations

SEAT_LABEL = {"soviet": "the Soviet commander", "rev1": "Revolutionary 1", "rev2": "Revolutionary 2",
              "rev3": "Revolutionary 3", "rev4": "Revolutionary 4"}
CHAT_QUOTE_CHARS = 140


def table_link(base: str, gid: str) -> str:
    return f"{base.rstrip('/')}/games/{gid}/table"


def who(seat: str) -> str:
    return SEAT_LABEL.get(seat, seat)


def event_text(event: str, seat: str, gid: str, result: dict | None = None, your_turn: bool = False) -> tuple[str, str]:
    """(subject, lead) of a turn, start or finish notification to `seat`."""
    if event == "turn":
        return f"Your turn in Days of Ire (game {gid})", f"It is your turn as {who(seat)}."
    if event == "start":
        lead = f"Every seat is taken: the game has started. You play {who(seat)}."
        return f"Your game of Days of Ire has started (game {gid})", lead + (" It is your turn." if your_turn else "")
    winner = (result or {}).get("winner")
    return (f"Your game of Days of Ire is over (game {gid})",
            f"The game is over{f': the {winner} side won' if winner else ''}.")


def chat_text(gid: str, speaker: str, speaker_seat: str, text: str, minutes: float) -> tuple[str, str]:
    line = " ".join(text.split())  # one line: no line breaks of the writer's in the lead
    if len(line) > CHAT_QUOTE_CHARS:
        line = line[:CHAT_QUOTE_CHARS - 1] + "…"
    return (f"New chat in your game of Days of Ire (game {gid})",
            f"{speaker} ({who(speaker_seat)}) wrote: “{line}” (at most one such notice every {minutes:g} minutes)")


def deadline_text(gid: str, seat: str, left_minutes: int) -> tuple[str, str]:
    hours, minutes = divmod(max(left_minutes, 1), 60)
    left = f"{hours} h {minutes:02d} min" if hours else f"{minutes} min"
    return (f"Your time runs out soon in Days of Ire (game {gid})",
            f"You have {left} left to move as {who(seat)}; then a bot plays your seat until you come back.")

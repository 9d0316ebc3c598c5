"""The browser's resume-link reader (static/js/resume.js), run under Node with its page and its REST
calls stood in for: every seat of the largest rooms opens from its link (issue 30, item 9: a
4-player Zhukov room's Revolutionary 4 was told "This resume link is damaged")."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from engine import new_game

STATIC = Path(__file__).resolve().parents[2] / "static" / "js"

# common.js needs a DOM; the reader only uses its `api` and `saveSeat`, stood in for here: the
# server answers that the token holds the seat it was asked about.
COMMON = """
export const calls = [];
export async function api(path, opts) {
  calls.push(["api", path, opts.method || "GET"]);
  if (path.endsWith("/view")) return { seat: globalThis.SEAT, status: "active", seats: [{ seat: globalThis.SEAT, name: "Ann" }] };
  return {};
}
export function saveSeat(gid, held) { calls.push(["saveSeat", gid, held]); }
"""

DRIVER = """
const seat = process.argv[3], hash = process.argv[4];
const toast = { hidden: true, textContent: "" };
globalThis.SEAT = seat;
globalThis.document = { getElementById: (id) => (id === "main" ? { dataset: { game: "g1" } } : id === "toast" ? toast : null) };
globalThis.location = { hash, pathname: "/games/g1/table", search: "", origin: "http://x" };
globalThis.history = { replaceState: () => {} };
(async () => {
  const { calls } = await import(process.argv[2] + "/common.js");
  await import(process.argv[2] + "/resume.js");
  process.stdout.write(JSON.stringify({ toast: toast.hidden ? null : toast.textContent, calls }));
})().catch((e) => { console.error(e); process.exit(1); });
"""


def open_link(tmp_path: Path, seat: str, hash_: str) -> dict:
    (tmp_path / "resume.js").write_text((STATIC / "resume.js").read_text())
    (tmp_path / "common.js").write_text(COMMON)
    script = tmp_path / "driver.mjs"
    script.write_text(DRIVER)
    done = subprocess.run(["node", str(script), tmp_path.as_uri(), seat, hash_], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


ROOMS = [(3, {}), (4, {"ruleset": "zhukov"})]


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is needed to run the browser's modules")
@pytest.mark.parametrize(("revolutionaries", "options"), ROOMS, ids=["conflict-3", "zhukov-4"])
def test_every_seat_of_the_largest_rooms_opens_from_its_resume_link(tmp_path, revolutionaries, options):
    for seat in new_game(revolutionaries, 1, options).seats:
        got = open_link(tmp_path, seat, f"#resume={seat}.tok_EN-42")
        assert got["toast"] is None, (seat, got["toast"])
        assert ["saveSeat", "g1", {"seat": seat, "token": "tok_EN-42", "name": "Ann"}] in got["calls"], seat


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is needed to run the browser's modules")
@pytest.mark.parametrize("hash_", ["#resume=rev5.tok", "#resume=rev4.", "#resume=rev4.to/k", "#resume=admin.tok"])
def test_a_damaged_resume_link_says_so_and_calls_nothing(tmp_path, hash_):
    got = open_link(tmp_path, "rev4", hash_)
    assert got["toast"].startswith("This resume link is damaged") and got["calls"] == []

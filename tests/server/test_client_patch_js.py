"""The browser's own pieces (static/js/patch.js, static/js/catalog.js), run under Node on what the
server sends over a whole game: every patch applies, and patched + hydrated equals the wire view
with the catalog's texts joined (tests/test_views_without_texts.py's join, which covers the full view)."""
from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import orjson
import pytest

from app.play.wire import Cut
from engine import new_game
from engine.public import catalog
from tests.test_views_without_texts import covers, join

STATIC = Path(__file__).resolve().parents[2] / "static" / "js"
DRIVER = """
const fs = require("fs");
const load = async (name) => import("data:text/javascript," + encodeURIComponent(fs.readFileSync(process.argv[2] + "/" + name, "utf8")));
(async () => {
  const { applyPatch } = await load("patch.js");
  const { hydrate } = await load("catalog.js");
  const input = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
  const cat = { view_records: input.records };
  let raw = input.first;
  const out = [hydrate(raw, cat)];
  for (const ops of input.patches) { raw = applyPatch(raw, ops); out.push(hydrate(raw, cat)); }
  process.stdout.write(JSON.stringify({ out, raw }));
})().catch((e) => { console.error(e); process.exit(1); });
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is needed to run the browser's modules")
def test_browser_patch_and_hydrate_follow_a_whole_game(tmp_path):
    g = new_game(3, 21, {"promo_printing_press": True})
    rng = random.Random(21)
    seat = "rev1"
    old = Cut.of(*g.view_parts([seat], texts=False))
    first = orjson.loads(old.full(seat))
    patches, wanted = [], [join(first)]
    while not g.result and len(patches) < 300:
        who = rng.choice([s for s in g.seats if g.legal_actions(s)])
        acts = [a for a in g.legal_actions(who) if a["type"] not in ("undo", "cancel")] or g.legal_actions(who)
        g.apply(who, rng.choice(acts))
        new = Cut.of(*g.view_parts([seat], texts=False))
        patches.append([orjson.loads(op) for op in new.patch(old, seat)])
        wanted.append(join(g.view(seat, texts=False)))
        old = new
    data = tmp_path / "stream.json"
    data.write_bytes(orjson.dumps({"records": catalog()["view_records"], "first": first, "patches": patches}))
    script = tmp_path / "driver.cjs"
    script.write_text(DRIVER)
    done = subprocess.run(["node", str(script), str(STATIC), str(data)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout)
    assert result["raw"] == orjson.loads(orjson.dumps(g.view(seat, texts=False)))
    got = result["out"]
    assert len(got) == len(wanted) > 100
    for i, (a, b) in enumerate(zip(got, wanted, strict=True)):
        assert a == orjson.loads(orjson.dumps(b)), i
    covers(g.view(seat), got[-1])


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is needed to run the browser's modules")
def test_browser_patch_refuses_what_does_not_fit(tmp_path):
    script = tmp_path / "bad.cjs"
    script.write_text("""
const fs = require("fs");
import("data:text/javascript," + encodeURIComponent(fs.readFileSync(process.argv[2] + "/patch.js", "utf8"))).then(({ applyPatch }) => {
  const bad = [[{op: "remove", path: "/log/5"}], [{op: "replace", path: "/nothing", value: 1}], [{op: "move", path: "/a"}],
               [{op: "add", path: "/log/x", value: 1}], [{op: "add", path: "no-slash", value: 1}]];
  const refused = bad.map((ops) => { try { applyPatch({log: [1], a: 1}, ops); return false; } catch { return true; } });
  process.stdout.write(JSON.stringify(refused));
});
""")
    done = subprocess.run(["node", str(script), str(STATIC)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [True] * 5


STREAM = """
import { ViewStream } from "./wire.js";
const asked = [];
const s = new ViewStream(() => asked.push("sync"));
const cat = { view_records: { f_a: { name: "Anna" } } };
const out = [];
out.push(s.take({ type: "view", version: 4, status: "active", seat: "rev1", seats: [], view: { hand: [{ id: "f_a" }] } }, cat));
out.push(s.take({ type: "patch", version: 5, base: 4, status: "active", patch: [{ op: "add", path: "/hand/-", value: { id: "f_a" } }] }, cat));
out.push(s.take({ type: "patch", version: 7, base: 6, status: "active", patch: [] }, cat));      // missed 6
out.push(s.take({ type: "patch", version: 8, base: 7, status: "active", patch: [] }, cat));      // still waiting
out.push(s.take({ type: "view", version: 8, status: "active", seat: "rev1", seats: [], view: { hand: [] } }, cat));
out.push(s.take({ type: "patch", version: 9, base: 8, status: "active", patch: [{ op: "remove", path: "/hand/0" }] }, cat));  // does not apply
out.push(s.take({ type: "chat", text: "hi" }, cat));
process.stdout.write(JSON.stringify({ out, asked }));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is needed to run the browser's modules")
def test_view_stream_asks_for_a_full_view_when_a_patch_does_not_fit(tmp_path):
    for name in ("wire.js", "patch.js", "catalog.js"):
        shutil.copy(STATIC / name, tmp_path / name)
    (tmp_path / "package.json").write_text('{"type": "module"}')
    (tmp_path / "stream.js").write_text(STREAM)
    done = subprocess.run(["node", str(tmp_path / "stream.js")], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    out = result["out"]
    assert out[0]["view"] == {"hand": [{"id": "f_a", "name": "Anna"}]}
    assert out[1]["type"] == "view" and out[1]["version"] == 5 and out[1]["seat"] == "rev1"
    assert out[1]["view"]["hand"] == [{"id": "f_a", "name": "Anna"}] * 2
    assert out[2] is None and out[3] is None and out[5] is None  # a missed version, a patch that does not apply
    assert out[4]["version"] == 8 and out[6] == {"type": "chat", "text": "hi"}
    assert result["asked"] == ["sync", "sync"]  # once per gap, not once per patch

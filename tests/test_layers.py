"""The import layers of engine/ and app/ (`.importlinter`, docs/architecture.md): a module never
imports a layer above its own, and no two sibling modules import each other. The second test
plants one upward import in a copy of the tree for each contract and checks that the linter
reports that contract broken, so the first test can fail."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / ".importlinter"
LINT = [str(Path(sys.executable).parent / "lint-imports")]


def lint(tree: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(tree))
    return subprocess.run([*LINT, "--no-cache", "--no-logo", str(tree / ".importlinter")],
                          cwd=tree, env=env, capture_output=True, text=True, timeout=300)


def test_every_layer_contract_is_kept():
    result = lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert " broken" in result.stdout and "0 broken" in result.stdout


# (module file, the upward import planted in it, the contract that must then break)
UPWARD = [
    ("engine/rng.py", "import app.infra.settings", "The engine imports nothing of the server, the bots or the benchmarks"),
    ("bots/__init__.py", "import app.infra.settings", "Bots do not import the server"),
]
# app/'s layers (issue 29): one upward import across each boundary, top to bottom, then modules of
# one layer importing each other (at the top of a module, or inside a function).
APP_LAYERS = "Server layers: a module imports only the layers below its own"
APP_ACYCLIC = "No two modules of the server import each other"
UPWARD += [
    ("app/serve.py", "import app.cli", APP_LAYERS),
    ("app/main.py", "import app.serve", APP_LAYERS),
    ("app/web/deps.py", "import app.main", APP_LAYERS),
    ("app/accounts/store.py", "import app.web.schemas", APP_LAYERS),
    ("app/seats/webhooks.py", "import app.accounts.store", APP_LAYERS),
    ("app/notify/turns.py", "import app.seats.clocks", APP_LAYERS),
    ("app/seats/clocks.py", "import app.notify.outbox", APP_LAYERS),
    ("app/play/games.py", "import app.seats.clocks", APP_LAYERS),
    ("app/bus/notes.py", "import app.play.store", APP_LAYERS),
    ("app/infra/settings.py", "import app.bus.notes", APP_LAYERS),
    ("app/infra/db.py", "import app.web.routes.api", APP_LAYERS),
    ("app/seats/zombies.py", "import app.seats.clocks", APP_ACYCLIC),
    ("app/web/routes/seats.py", "import app.web.routes.api", APP_ACYCLIC),
    ("app/play/store.py", "def _planted():\n    import app.play.games", APP_ACYCLIC),
]

# engine/ (docs/engine.md, "Layers"): an upward import across each boundary of the engine's layers,
# those that closed its old import circle among them, one import inside a function, and one per
# package's own layers and cycle check.
ENGINE_LAYERS = "engine: a module imports only the layers below its own"
ENGINE_FRAMES = "engine.frames: the days over the phases over the shared frames"
ENGINE_EFFECTS = "engine.effects: card texts import helpers, never one another"
ENGINE_DATA = "engine.data: data modules import nothing; the check reads them"
ENGINE_ACYCLIC = "engine: no import cycle in any package of engine/"
UPWARD += [
    ("engine/data/board.py", "import engine.core", ENGINE_LAYERS),
    ("engine/rng.py", "import engine.cards", ENGINE_LAYERS),
    ("engine/board.py", "import engine.icons", ENGINE_LAYERS),
    ("engine/options.py", "import engine.ops", ENGINE_LAYERS),
    ("engine/ops.py", "import engine.frames.base", ENGINE_LAYERS),
    ("engine/frames/flow.py", "from engine.setup import initial_state", ENGINE_LAYERS),
    ("engine/frames/choice.py", "def _effects():\n    from engine.effects import EFFECTS", ENGINE_LAYERS),
    ("engine/effects/common.py", "import engine.views", ENGINE_LAYERS),
    ("engine/action_notes.py", "from engine.core import Game", ENGINE_LAYERS),
    ("engine/views.py", "import engine.catalog", ENGINE_LAYERS),
    ("engine/catalog.py", "import engine.public", ENGINE_LAYERS),
    ("engine/core.py", "import engine.public", ENGINE_LAYERS),
    ("engine/frames/hits.py", "import engine.frames.spa", ENGINE_FRAMES),
    ("engine/effects/events.py", "import engine.effects.abilities", ENGINE_EFFECTS),
    ("engine/data/events.py", "import engine.data.board", ENGINE_DATA),
    ("engine/ops.py", "from engine.public import injury_limit", ENGINE_ACYCLIC),
    ("engine/frames/hits.py", "import engine.frames.revolutionary", ENGINE_ACYCLIC),
]


@pytest.fixture(scope="module")
def tree_copy(tmp_path_factory) -> Path:
    tree = tmp_path_factory.mktemp("layers")
    for name in ("engine", "app", "bots"):
        shutil.copytree(ROOT / name, tree / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(CONFIG, tree / ".importlinter")
    return tree


@pytest.mark.parametrize(("module", "line", "contract"), UPWARD, ids=[u[0] + ": " + u[1] for u in UPWARD])
def test_an_upward_import_breaks_its_contract(tree_copy: Path, module: str, line: str, contract: str):
    path = tree_copy / module
    original = path.read_text()
    path.write_text(original + f"\n{line}  # planted by tests/test_layers.py\n")
    try:
        result = lint(tree_copy)
    finally:
        path.write_text(original)
    assert result.returncode != 0, result.stdout
    assert f"{contract} BROKEN" in result.stdout, result.stdout

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
APP_LAYERS = "Server layers: cli > serve > main > web > seats > play > bus > infra"
APP_ACYCLIC = "No two modules of the server import each other"
UPWARD += [
    ("app/serve.py", "import app.cli", APP_LAYERS),
    ("app/main.py", "import app.serve", APP_LAYERS),
    ("app/web/deps.py", "import app.main", APP_LAYERS),
    ("app/seats/webhooks.py", "import app.web.schemas", APP_LAYERS),
    ("app/play/games.py", "import app.seats.clocks", APP_LAYERS),
    ("app/bus/notes.py", "import app.play.store", APP_LAYERS),
    ("app/infra/settings.py", "import app.bus.notes", APP_LAYERS),
    ("app/infra/db.py", "import app.web.routes.api", APP_LAYERS),
    ("app/seats/zombies.py", "import app.seats.clocks", APP_ACYCLIC),
    ("app/web/routes/seats.py", "import app.web.routes.api", APP_ACYCLIC),
    ("app/play/store.py", "def _planted():\n    import app.play.games", APP_ACYCLIC),
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

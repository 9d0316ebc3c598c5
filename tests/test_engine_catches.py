"""The undo marks stop a try at its first checkpoint by raising `ops.Decided` through the engine
(engine/action_notes.py). A handler in the engine that caught it (a bare `except`, `Exception`,
`BaseException` or `Decided` itself) would let the try run on and give a wrong mark, so the only
handlers allowed are the narrow ones listed here."""
import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1] / "engine"
ALLOWED = {
    ("action_notes.py", "ImportError"),   # orjson is optional
    ("action_notes.py", "TypeError"),     # orjson refuses a value: pickle instead
    ("action_notes.py", "ops.Decided"),   # the try itself
}


def handlers():
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ExceptHandler):
                yield path, node


def test_no_engine_code_catches_the_marks_early_stop():
    found = set()
    for path, node in handlers():
        name = ast.unparse(node.type) if node.type is not None else "<bare>"
        found.add((path.name, name))
        assert (path.name, name) in ALLOWED, f"{path.relative_to(ENGINE.parent)}:{node.lineno} catches {name}"
    assert ("action_notes.py", "ops.Decided") in found  # the walk does see the handlers

"""Where the migrations, the page templates and the static files are.

In a source checkout (and an editable install) they sit beside the packages, at the repository's
top. A wheel has no such place: setup.py copies them into the app package, under BUNDLED, when it
builds one. The bundled copy wins when present, so an installed app never picks up a stray
top-level `migrations/` or `static/` that another distribution put in site-packages."""
from __future__ import annotations

from pathlib import Path

BUNDLED = Path(__file__).resolve().parents[1] / "_files"  # app/_files, only in a built wheel
SOURCE_ROOT = Path(__file__).resolve().parents[2]          # the repository's top
PROJECT_DIRS = ("migrations", "templates", "static", "docs")  # the directories setup.py bundles


def project_dir(name: str) -> Path:
    """The directory `name` (one of PROJECT_DIRS) of this installation."""
    if name not in PROJECT_DIRS:
        raise ValueError(f"not a project directory: {name!r}")
    for base in (BUNDLED, SOURCE_ROOT):
        if (base / name).is_dir():
            return base / name
    raise FileNotFoundError(f"{name}/ is neither in {BUNDLED} (a wheel's copy) nor in {SOURCE_ROOT} (a source "
                            "checkout): reinstall the package from its wheel or its source tree")

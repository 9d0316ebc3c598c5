"""The build step pyproject.toml cannot say: a wheel carries migrations/, templates/, static/ and docs/
(the /rules page renders docs/rulings.md).

They live at the repository's top (the editable install and every tool read them there); a wheel has
only packages, so they are copied into the app package as app/_files/ (found by app/infra/files.py).
The editable install needs no copy: it reads the source tree."""
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

PROJECT_DIRS = ("migrations", "templates", "static", "docs")  # app/infra/files.py's PROJECT_DIRS


class BuildPyWithProjectFiles(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return
        bundled = Path(self.build_lib) / "app" / "_files"
        shutil.rmtree(bundled, ignore_errors=True)  # a file deleted from the source leaves no stale copy
        for name in PROJECT_DIRS:
            shutil.copytree(name, bundled / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildPyWithProjectFiles})

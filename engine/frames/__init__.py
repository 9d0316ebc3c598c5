"""Importing this package registers every frame kind."""
from . import choice, flow, hits, revolutionary, soviet, spa  # noqa: F401

"""Importing this package registers every frame kind."""
from . import card_frames, choice, flow, hits, revolutionary, soviet, spa, zhukov  # noqa: F401

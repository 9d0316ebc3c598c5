"""Importing this package registers every frame kind."""
from . import card_frames, choice, flow, hits, rev_draw, revolutionary, soviet, spa, turn_order, zhukov  # noqa: F401

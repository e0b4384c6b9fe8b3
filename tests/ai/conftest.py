"""Lets the AI tests import their toy games (`ai_toys`) under pytest's importlib mode."""

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

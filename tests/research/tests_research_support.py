"""The research tests need the `research` extra: they skip without it, except under
CI=true, where CI installs it and a missing package must fail rather than skip."""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest


def need(module: str) -> ModuleType:
    if os.environ.get("CI") == "true":
        return importlib.import_module(module)
    return pytest.importorskip(module)

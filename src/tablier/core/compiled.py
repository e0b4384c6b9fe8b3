"""Small C helpers compiled on first use with cffi, for the engines' hot loops.

A game may keep a C file beside its rules for what its search repeats millions of
times (Counterplays' placements, Turris' playouts). Each file is compiled once per
machine, source and Python version into a cache folder (`TABLIER_CACHE`, else
`~/.cache/tablier`). A machine without a C compiler or cffi, or with
`TABLIER_PURE_PYTHON` set, gets None and the game keeps its Python path, which the
tests hold to the same results.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
import sysconfig
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


def pure_python() -> bool:
    """True when the compiled helpers are switched off (for tests and comparisons)."""
    return bool(os.environ.get("TABLIER_PURE_PYTHON"))


def compiled_module(prefix: str, source_file: Path, declarations: str) -> Any:
    """The cffi module built from `source_file` exposing `declarations`.

    Raises when it cannot be built or loaded; callers fall back on Python.
    """
    source = source_file.read_text(encoding="utf-8")
    tag = hashlib.sha256((source + declarations + sys.version).encode()).hexdigest()[:16]
    name = f"_{prefix}_{tag}"
    folder = cache_folder()
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    built = folder / f"{name}{suffix}"
    if not built.exists():
        _build(name, source, declarations, folder, built)
    spec = importlib.util.spec_from_file_location(name, built)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {built}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _build(name: str, source: str, declarations: str, folder: Path, target: Path) -> None:
    import cffi

    builder = cffi.FFI()
    builder.cdef(declarations)
    builder.set_source(name, source, extra_compile_args=["-O2"])
    folder.mkdir(parents=True, exist_ok=True)
    # several processes may build at once: each in its own folder, then one rename
    with tempfile.TemporaryDirectory(dir=folder) as scratch:
        produced = Path(builder.compile(tmpdir=scratch, verbose=False))
        os.replace(produced, target)


def cache_folder() -> Path:
    configured = os.environ.get("TABLIER_CACHE")
    if configured:
        return Path(configured)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "tablier"


def load_helper(
    prefix: str, source_file: Path, declarations: str, wrap: Callable[[Any], T]
) -> T | None:
    """`wrap(module)` for the compiled `source_file`, or None when it cannot be had
    (switched off, no compiler or cffi, a cache folder it cannot write)."""
    if pure_python():
        return None
    try:
        return wrap(compiled_module(prefix, source_file, declarations))
    except Exception:  # the caller's Python path stays in charge
        return None

"""The size rule of the code base, checked on every run (issue 43).

A module of `src/tablier` holds at most 500 lines and a function or method at most
80, counted from its `def` line to its last line as `ast` reports them. There is no
exclusion list: a file that grows past the rule is split, not excused.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "src" / "tablier"
MODULE_LIMIT = 500
FUNCTION_LIMIT = 80


def _modules() -> list[Path]:
    return sorted(SOURCE.rglob("*.py"))


def module_offenders(paths: list[Path], root: Path = SOURCE.parents[1]) -> list[str]:
    """'path (N lines)' for each module over the limit, paths relative to root."""
    found = []
    for path in paths:
        count = len(path.read_text(encoding="utf-8").splitlines())
        if count > MODULE_LIMIT:
            found.append(f"{path.relative_to(root).as_posix()} ({count} lines)")
    return found


def function_offenders(paths: list[Path], root: Path = SOURCE.parents[1]) -> list[str]:
    """'path:line qualified.name (N lines)' for each function over the limit."""
    found: list[str] = []
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        _walk(tree, path.relative_to(root).as_posix(), "", found)
    return found


def _walk(node: ast.AST, name: str, prefix: str, found: list[str]) -> None:
    # Qualified names (Class.method, outer.inner) so that a report tells which
    # of several functions of the same name is meant.
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            qualified = f"{prefix}{child.name}"
            if not isinstance(child, ast.ClassDef):
                assert child.end_lineno is not None
                length = child.end_lineno - child.lineno + 1
                if length > FUNCTION_LIMIT:
                    found.append(f"{name}:{child.lineno} {qualified} ({length} lines)")
            _walk(child, name, qualified + ".", found)
        else:
            _walk(child, name, prefix, found)


def test_the_rule_sees_the_whole_package() -> None:
    # A wrong root would make the two checks below pass on nothing.
    paths = _modules()
    assert SOURCE.is_dir()
    assert len(paths) > 100
    assert any(path.name == "game.py" and path.parent.name == "core" for path in paths)


def test_the_rule_catches_a_long_module_and_a_long_function(tmp_path: Path) -> None:
    long_function = "def long() -> None:\n" + "    x = 1\n" * FUNCTION_LIMIT
    nested = (
        "class Box:\n    def short(self) -> None:\n        pass\n\n"
        "    def method(self) -> None:\n" + "        y = 2\n" * FUNCTION_LIMIT
    )
    fits = "def fits() -> None:\n" + "    z = 3\n" * (FUNCTION_LIMIT - 1)
    too_long = tmp_path / "long.py"
    too_long.write_text(long_function + nested + "\n" * MODULE_LIMIT)
    fine = tmp_path / "fine.py"
    fine.write_text(fits)
    assert function_offenders([too_long, fine], tmp_path) == [
        "long.py:1 long (81 lines)",
        f"long.py:{FUNCTION_LIMIT + 6} Box.method (81 lines)",
    ]
    count = len(too_long.read_text().splitlines())
    assert count > MODULE_LIMIT
    assert module_offenders([too_long, fine], tmp_path) == [f"long.py ({count} lines)"]


def test_no_module_over_500_lines() -> None:
    offenders = module_offenders(_modules())
    if offenders:
        pytest.fail("modules over 500 lines: " + "; ".join(offenders))


def test_no_function_over_80_lines() -> None:
    offenders = function_offenders(_modules())
    if offenders:
        pytest.fail("functions over 80 lines: " + "; ".join(offenders))

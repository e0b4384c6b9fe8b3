"""What the browser tests share: screenshots, expectations, creating a game from the lobby."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 360, "height": 740}
# bytes a first visit transfers, compressed as the server sends them to browsers
MAX_FIRST_LOAD = 120_000


def shot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True, animations="disabled")


def expect(target: Any) -> Any:
    from playwright.sync_api import expect as pw_expect

    # generous: the CI machine is shared by many workers
    pw_expect.set_options(timeout=20_000)
    return pw_expect(target)


def page_errors(page: Any) -> list[str]:
    """Collect uncaught script errors of a page (asserted empty at the end of a test)."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


def move_count(page: Any) -> int:
    text = page.locator(".moves-panel h2 small").inner_text()
    return int(text.strip("()"))


def wait_until(condition: Callable[[], bool], timeout: float = 30.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def fits_width(page: Any, board: str) -> None:
    """The page does not scroll sideways and the whole board is inside the viewport."""
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    box = page.locator(board).bounding_box()
    assert box is not None
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= width + 0.5


def create_game(page: Any, game: str, opponent: str, **choices: str) -> str:
    """Create a game from the lobby's dialog; returns the room id."""
    page.click(f"[data-game={game}] [data-action=create]")
    page.check(f"dialog input[name=opponent][value={opponent}]")
    for name, value in choices.items():
        page.select_option(f"dialog #{name}", value)
    page.click("dialog button[type=submit]")
    page.wait_for_url("**/?room=*")
    room: str = page.url.split("room=")[1].split("&")[0]
    return room

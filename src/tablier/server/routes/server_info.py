"""What the server says of itself: whether it is well, its version and protocol."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

import tablier
from tablier.server.protocol import PROTOCOL_VERSION
from tablier.server.routes.state import Manager

router = APIRouter(tags=["server"])


@router.get("/api/health")
async def health(manager: Manager) -> dict[str, Any]:
    failure = manager.storage.failure
    return {
        "ok": failure is None,
        "version": tablier.__version__,
        "protocol": PROTOCOL_VERSION,
        "storage": failure or "ok",
    }

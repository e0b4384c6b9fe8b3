"""QR codes of join links, drawn for a TV across the room."""

from __future__ import annotations

import io

import segno


def qr_svg(text: str) -> str:
    """The QR code of `text` as a standalone SVG (dark modules on white, quiet zone)."""
    qr = segno.make(text, error="m", micro=False)
    out = io.BytesIO()
    qr.save(out, kind="svg", scale=8, border=2, dark="#1d2b2d", light="#ffffff", xmldecl=False)
    return out.getvalue().decode("utf-8")

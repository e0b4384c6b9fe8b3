"""The text picture of the stack, seen from above."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tablier.games.counterplays.geometry import cell_of, is_up, key_of

LEGEND = (
    "Seen from above: each triangle shows its top tile, UPPER-case for White, "
    "lower-case for Black, then the level of that tile. '/' and '\\' are the grid lines."
)


def picture(
    height: Mapping[int, int],
    top: Mapping[int, int],
    tiles: Sequence[tuple[int, str, tuple[int, ...], int]],
) -> list[str]:
    """Rows from the top of the table down, each labelled with its y, x labels above."""
    if not height:
        return ["(the table is empty)"]
    cells = [cell_of(k) for k in height]
    x0 = min(x for x, _ in cells) - 1
    x1 = max(x for x, _ in cells) + 1
    y0 = min(y for _, y in cells)
    y1 = max(y for _, y in cells)
    # each cell takes three columns: its left grid line and a two-character label
    ruler = [" "] * (3 * (x1 - x0 + 1) + 1)
    for x in range(x0, x1 + 1):
        if x % 2 == 0:
            label = str(x)
            start = 3 * (x - x0) + 1
            for i, ch in enumerate(label):
                if start + i < len(ruler):
                    ruler[start + i] = ch
    header = "  x " + "".join(ruler).rstrip()
    lines = [header]
    for y in range(y1, y0 - 1, -1):
        row = []
        for x in range(x0, x1 + 1):
            row.append("/" if is_up(x, y) else "\\")
            key = key_of(x, y)
            if key in height:
                owner, letter, _cells, level = tiles[top[key]]
                mark = letter if owner == 0 else letter.lower()
                row.append(f"{mark}{level if level < 10 else '+'}")
            else:
                row.append("  ")
        row.append("\\" if is_up(x1, y) else "/")
        lines.append(f"{y:>3} " + "".join(row))
    lines.append(header)
    return lines

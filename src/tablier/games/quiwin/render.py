"""The text picture of a Qui'win position, drawn from one viewer's observation."""

from __future__ import annotations

from typing import Any

NAMES = ("White", "Black")
PAWN_SIGNS = {"down": "▼ down", "up": "▲ up", "right": "▶ right"}


def _row_by_palier(row: list[str], sizes: list[int]) -> str:
    parts, start = [], 0
    for size in sizes:
        cells = row[start : start + size]
        cells += ["·"] * (size - len(cells))
        parts.append(" ".join(f"{c:>4}" for c in cells))
        start += size
    return " | ".join(parts)


def render_board(obs: dict[str, Any]) -> str:
    """Only what `obs` holds is drawn, so the picture never shows more than the viewer sees."""
    viewer = obs["viewer"]
    sizes = obs["palier_sizes"]
    who = "spectator" if viewer is None else f"{NAMES[viewer]} (player {viewer})"
    if obs["terminal"]:
        head = "Qui'win — game over"
    else:
        awaited = ", ".join(f"player {p}" for p in obs["awaited"]) or "nobody"
        what = {"commit": "choose a tile", "actions": "action window", "swap": "swap"}[obs["phase"]]
        head = (
            f"Qui'win — step {obs['step']}/8, palier {obs['palier']} ({what}); awaiting {awaited}"
        )
    lines = [head, f"seen by: {who}", ""]
    header = " | ".join(f"palier {i + 1}".rjust(5 * size - 1) for i, size in enumerate(sizes))
    lines.append(" " * 11 + header)
    pawns = obs["standing"]["pawns"]
    for p in (0, 1):
        sign = f"  {PAWN_SIGNS[pawns[p]]}" if pawns else ""
        lines.append(f"{NAMES[p]:<9}  {_row_by_palier(obs['rows'][p], sizes)}{sign}")
    lines.append("")
    recent = _recent(obs["events"])
    if recent:
        lines += [*recent, ""]
    for m in obs["measurements"]:
        a, b = m["lengths"]
        won = "level" if m["winner"] is None else f"{NAMES[m['winner']]} wins it"
        lines.append(f"measure after palier {m['palier']}: White {a} mm, Black {b} mm — {won}")
    leader = obs["standing"]["leader"]
    if obs["measurements"] and not obs["terminal"]:
        lines.append("leading: " + ("nobody" if leader is None else NAMES[leader]))
    owners = obs["action_pawns"]
    pawn_text = ", ".join(
        f"{pawn}: " + ("free" if owner is None else f"used by {NAMES[owner]}")
        for pawn, owner in owners.items()
    )
    lines.append(f"action pawns — {pawn_text}")
    if obs["set_aside"]:
        aside = ", ".join(f"{a['tile']} (from {NAMES[a['from']]})" for a in obs["set_aside"])
        lines.append(f"set aside: {aside}")
    if obs["pending_transfer"]:
        t = obs["pending_transfer"]
        lines.append(f"{NAMES[t['player']]} transfers {t['tile']}: the other player swaps it in")
    sizes_text = " / ".join(str(n) for n in obs["hand_sizes"])
    lines.append(f"bag: {obs['bag_size']} tiles; tiles in hand: {sizes_text}")
    if obs["hand"] is not None:
        lines.append("your hand: " + (" ".join(obs["hand"]) or "(empty)"))
        if obs["my_commitment"]:
            chosen = obs["my_commitment"]
            lines.append(f"your tile for this step: {chosen} (secret until both chose)")
    if obs["outcome"]:
        out = obs["outcome"]
        if out["winner"] is None:
            lines.append(f"result: {out['text']['en']} — the deal is replayed")
        else:
            lines.append(f"result: {NAMES[out['winner']]} wins ({out['text']['en']})")
    return "\n".join(lines)


def _recent(events: list[dict[str, Any]]) -> list[str]:
    """The actions since the last reveal, in words, so a player sees what happened."""
    last = max((i for i, e in enumerate(events) if e["type"] == "reveal"), default=-1)
    out = []
    for e in events[last + 1 :]:
        kind = e["type"]
        if kind == "coin":
            out.append(
                f"both wanted the {e['pawn']} pawn: the coin gives it to {NAMES[e['winner']]}"
            )
        elif kind == "lapse":
            out.append(f"{NAMES[e['player']]}'s {e['pawn']} lapses (the action stays available)")
        elif kind == "change":
            out.append(
                f"{NAMES[e['player']]} changes {NAMES[e['target']]}'s tile {e['slot']} of the "
                f"palier: {e['removed']} set aside, {e['drawn']} drawn"
            )
        elif kind == "transfer":
            out.append(f"{NAMES[e['player']]} transfers {e['tile']}")
        elif kind == "swap":
            out.append(
                f"{NAMES[e['player']]} puts it in place of his tile {e['slot']} ({e['removed']} "
                f"set aside); {NAMES[1 - e['player']]} draws {e['drawn']}"
            )
    return out

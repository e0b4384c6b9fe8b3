"""The text picture of a Qui'win position, drawn from one viewer's observation, and the
words for how a game ended, in French and English."""

from __future__ import annotations

from typing import Any

from tablier.core.messages import Catalogue, Message, seat_colour

TEXTS = Catalogue(
    "quiwin.render",
    {
        "outcome.palier3": {"fr": "décidé au palier 3", "en": "palier 3"},
        "outcome.tiebreak": {
            "fr": "départage sur la {ordinal} tuile du palier 2",
            "en": "tie-break on the {ordinal} tile of palier 2",
        },
        "outcome.void": {"fr": "donne nulle, partie à rejouer", "en": "void deal"},
        "spectator": {"fr": "spectateur", "en": "spectator"},
        "seen_by_player": {"fr": "{colour} (joueur {seat})", "en": "{colour} (player {seat})"},
        "over": {"fr": "Qui'win — partie finie", "en": "Qui'win — game over"},
        "head": {
            "fr": "Qui'win — étape {step}/8, palier {palier} ({what}) ; on attend {awaited}",
            "en": "Qui'win — step {step}/8, palier {palier} ({what}); awaiting {awaited}",
        },
        "phase.commit": {"fr": "choix d'une tuile", "en": "choose a tile"},
        "phase.actions": {"fr": "fenêtre d'action", "en": "action window"},
        "phase.swap": {"fr": "échange", "en": "swap"},
        "nobody": {"fr": "personne", "en": "nobody"},
        "seen_by": {"fr": "vu par : {who}", "en": "seen by: {who}"},
        "palier": {"fr": "palier {n}", "en": "palier {n}"},
        "pawn.down": {"fr": "▼ en bas", "en": "▼ down"},
        "pawn.up": {"fr": "▲ en haut", "en": "▲ up"},
        "pawn.right": {"fr": "▶ à droite", "en": "▶ right"},
        "measure": {
            "fr": "mesure après le palier {palier} : Blanc {a} mm, Noir {b} mm — {won}",
            "en": "measure after palier {palier}: White {a} mm, Black {b} mm — {won}",
        },
        "level": {"fr": "égalité", "en": "level"},
        "wins_it": {"fr": "{colour} le gagne", "en": "{colour} wins it"},
        "leading": {"fr": "en tête : {who}", "en": "leading: {who}"},
        "pawn.change": {"fr": "changer", "en": "change"},
        "pawn.transfer": {"fr": "transférer", "en": "transfer"},
        "pawn_free": {"fr": "{pawn} : libre", "en": "{pawn}: free"},
        "pawn_used": {"fr": "{pawn} : pris par {colour}", "en": "{pawn}: used by {colour}"},
        "pawns": {"fr": "pions d'action — {list}", "en": "action pawns — {list}"},
        "aside_item": {"fr": "{tile} (de {colour})", "en": "{tile} (from {colour})"},
        "set_aside": {"fr": "écartées : {list}", "en": "set aside: {list}"},
        "transferring": {
            "fr": "{colour} transfère {tile} : l'autre joueur l'échange contre une des siennes",
            "en": "{colour} transfers {tile}: the other player swaps it in",
        },
        "bag": {
            "fr": "sac : {n} tuiles ; tuiles en main : {sizes}",
            "en": "bag: {n} tiles; tiles in hand: {sizes}",
        },
        "hand": {"fr": "votre main : {tiles}", "en": "your hand: {tiles}"},
        "empty": {"fr": "(vide)", "en": "(empty)"},
        "commitment": {
            "fr": "votre tuile pour cette étape : {code} (secrète jusqu'au choix de l'autre)",
            "en": "your tile for this step: {code} (secret until both chose)",
        },
        "result_void": {
            "fr": "résultat : {why} — la donne est rejouée",
            "en": "result: {why} — the deal is replayed",
        },
        "result_win": {
            "fr": "résultat : {colour} gagne ({why})",
            "en": "result: {colour} wins ({why})",
        },
        "event.coin": {
            "fr": "les deux voulaient le pion {pawn} : le sort le donne à {colour}",
            "en": "both wanted the {pawn} pawn: the coin gives it to {colour}",
        },
        "event.lapse": {
            "fr": "l'action {pawn} de {colour} tombe (elle reste disponible)",
            "en": "{colour}'s {pawn} lapses (the action stays available)",
        },
        "event.change": {
            "fr": "{colour} change la tuile {slot} du palier de {target} : {removed} écartée, "
            "{drawn} piochée",
            "en": "{colour} changes {target}'s tile {slot} of the palier: {removed} set aside, "
            "{drawn} drawn",
        },
        "event.transfer": {"fr": "{colour} transfère {tile}", "en": "{colour} transfers {tile}"},
        "event.swap": {
            "fr": "{colour} la met à la place de sa tuile {slot} ({removed} écartée) ; "
            "{other} pioche {drawn}",
            "en": "{colour} puts it in place of his tile {slot} ({removed} set aside); "
            "{other} draws {drawn}",
        },
    },
)

ORDINALS = {
    "en": {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"},
    "fr": {1: "1re", 2: "2e", 3: "3e", 4: "4e"},
}


def outcome_message(reason: str, tiebreak_tile: int | None) -> Message:
    if reason == "tiebreak":
        assert tiebreak_tile is not None
        return TEXTS.message(
            "outcome.tiebreak",
            # one parameter, said in each language
            ordinal={lang: ORDINALS[lang][tiebreak_tile] for lang in ("fr", "en")},
        )
    return TEXTS.message(f"outcome.{reason}")


def _row_by_palier(row: list[str], sizes: list[int]) -> str:
    parts, start = [], 0
    for size in sizes:
        cells = row[start : start + size]
        cells += ["·"] * (size - len(cells))
        parts.append(" ".join(f"{c:>4}" for c in cells))
        start += size
    return " | ".join(parts)


def render_board(obs: dict[str, Any], lang: str = "fr") -> str:
    """Only what `obs` holds is drawn, so the picture never shows more than the viewer sees."""

    def say(key: str, **params: Any) -> str:
        return TEXTS.text(key, lang, **params)

    viewer = obs["viewer"]
    sizes = obs["palier_sizes"]
    names = [seat_colour(p).text(lang) for p in (0, 1)]
    who = (
        say("spectator")
        if viewer is None
        else say("seen_by_player", colour=seat_colour(viewer), seat=viewer)
    )
    if obs["terminal"]:
        head = say("over")
    else:
        awaited: Any = [seat_colour(p) for p in obs["awaited"]] or TEXTS.message("nobody")
        what = TEXTS.message(f"phase.{obs['phase']}")
        head = say("head", step=obs["step"], palier=obs["palier"], what=what, awaited=awaited)
    lines = [head, say("seen_by", who=who), ""]
    header = " | ".join(say("palier", n=i + 1).rjust(5 * size - 1) for i, size in enumerate(sizes))
    lines.append(" " * 11 + header)
    pawns = obs["standing"]["pawns"]
    for p in (0, 1):
        sign = f"  {say(f'pawn.{pawns[p]}')}" if pawns else ""
        lines.append(f"{names[p]:<9}  {_row_by_palier(obs['rows'][p], sizes)}{sign}")
    lines.append("")
    recent = _recent(obs["events"], lang)
    if recent:
        lines += [*recent, ""]
    for m in obs["measurements"]:
        a, b = m["lengths"]
        won: Any = TEXTS.message("level")
        if m["winner"] is not None:
            won = TEXTS.message("wins_it", colour=seat_colour(m["winner"]))
        lines.append(say("measure", palier=m["palier"], a=a, b=b, won=won))
    leader = obs["standing"]["leader"]
    if obs["measurements"] and not obs["terminal"]:
        leading: Any = TEXTS.message("nobody") if leader is None else seat_colour(leader)
        lines.append(say("leading", who=leading))
    items = []
    for pawn, owner in obs["action_pawns"].items():
        word = TEXTS.message(f"pawn.{pawn}")
        if owner is None:
            items.append(say("pawn_free", pawn=word))
        else:
            items.append(say("pawn_used", pawn=word, colour=seat_colour(owner)))
    lines.append(say("pawns", list=", ".join(items)))
    if obs["set_aside"]:
        aside = [
            say("aside_item", tile=a["tile"], colour=seat_colour(a["from"]))
            for a in obs["set_aside"]
        ]
        lines.append(say("set_aside", list=", ".join(aside)))
    if obs["pending_transfer"]:
        t = obs["pending_transfer"]
        lines.append(say("transferring", colour=seat_colour(t["player"]), tile=t["tile"]))
    sizes_text = " / ".join(str(n) for n in obs["hand_sizes"])
    lines.append(say("bag", n=obs["bag_size"], sizes=sizes_text))
    if obs["hand"] is not None:
        tiles = " ".join(obs["hand"]) or say("empty")
        lines.append(say("hand", tiles=tiles))
        if obs["my_commitment"]:
            lines.append(say("commitment", code=obs["my_commitment"]))
    if obs["outcome"]:
        out = obs["outcome"]
        why = outcome_message(out["reason"], out.get("tiebreak_tile"))
        if out["winner"] is None:
            lines.append(say("result_void", why=why))
        else:
            lines.append(say("result_win", colour=seat_colour(out["winner"]), why=why))
    return "\n".join(lines)


def _recent(events: list[dict[str, Any]], lang: str) -> list[str]:
    """The actions since the last reveal, in words, so a player sees what happened."""
    last = max((i for i, e in enumerate(events) if e["type"] == "reveal"), default=-1)
    out = []
    for e in events[last + 1 :]:
        kind = e["type"]
        pawn = TEXTS.message(f"pawn.{e['pawn']}") if "pawn" in e else None
        if kind == "coin":
            out.append(TEXTS.text("event.coin", lang, pawn=pawn, colour=seat_colour(e["winner"])))
        elif kind == "lapse":
            out.append(TEXTS.text("event.lapse", lang, pawn=pawn, colour=seat_colour(e["player"])))
        elif kind == "change":
            out.append(
                TEXTS.text(
                    "event.change",
                    lang,
                    colour=seat_colour(e["player"]),
                    target=seat_colour(e["target"]),
                    slot=e["slot"],
                    removed=e["removed"],
                    drawn=e["drawn"],
                )
            )
        elif kind == "transfer":
            out.append(
                TEXTS.text("event.transfer", lang, colour=seat_colour(e["player"]), tile=e["tile"])
            )
        elif kind == "swap":
            out.append(
                TEXTS.text(
                    "event.swap",
                    lang,
                    colour=seat_colour(e["player"]),
                    slot=e["slot"],
                    removed=e["removed"],
                    other=seat_colour(1 - e["player"]),
                    drawn=e["drawn"],
                )
            )
    return out

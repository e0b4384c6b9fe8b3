"""The study as a self-contained HTML page (plots as inline SVG, drawn with matplotlib;
nothing to fetch when it is opened) and a JSON of every figure."""

from __future__ import annotations

import html
import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tablier.study.compare import Difference
from tablier.study.figures import Figures

WORDS = {
    "fr": {
        "title": "Étude d'équilibre : {game}",
        "players": "Joueurs",
        "games": "parties",
        "seat": "Siège {n}",
        "wins": "Victoires par siège",
        "draws": "Nulles",
        "length": "Longueur (coups)",
        "reasons": "Comment les parties finissent",
        "branching": "Coups possibles au fil de la partie",
        "facts": "Mesures du jeu",
        "variants": "Variantes comparées",
        "interval": "intervalle à 95 %",
        "progress": "avancement de la partie (dixièmes)",
        "legal": "coups légaux (moyenne)",
        "strength": "Force des joueurs : {players}. Les chiffres valent pour ce niveau de jeu.",
        "options": "options",
        "none": "aucune",
    },
    "en": {
        "title": "Balance study: {game}",
        "players": "Players",
        "games": "games",
        "seat": "Seat {n}",
        "wins": "Wins per seat",
        "draws": "Draws",
        "length": "Length (moves)",
        "reasons": "How games end",
        "branching": "Moves available over the game",
        "facts": "The game's measures",
        "variants": "Variants compared",
        "interval": "95% interval",
        "progress": "progress through the game (tenths)",
        "legal": "legal moves (mean)",
        "strength": "Player strength: {players}. The figures hold for that level of play.",
        "options": "options",
        "none": "none",
    },
}


def _svg(figure: Any) -> str:
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", bbox_inches="tight")
    import matplotlib.pyplot as plt

    plt.close(figure)
    text = buffer.getvalue()
    return text[text.index("<svg") :]


def _wins_plot(studies: Sequence[tuple[str, Figures]], w: dict[str, str]) -> str:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 2.8))
    width = 0.8 / len(studies)
    for k, (label, fig_data) in enumerate(studies):
        xs = [seat + k * width for seat in range(len(fig_data.wins))]
        rates = [s.rate * 100 for s in fig_data.wins]
        errors = [
            [max(0.0, (s.rate - s.low) * 100) for s in fig_data.wins],
            [max(0.0, (s.high - s.rate) * 100) for s in fig_data.wins],
        ]
        ax.bar(xs, rates, width, yerr=errors, capsize=4, label=label)
    first = studies[0][1]
    ax.set_xticks([seat + 0.4 - width / 2 for seat in range(len(first.wins))])
    ax.set_xticklabels([w["seat"].format(n=seat + 1) for seat in range(len(first.wins))])
    ax.set_ylabel("%")
    ax.set_ylim(0, 100)
    ax.axhline(100 / len(first.wins), color="grey", linewidth=0.8, linestyle="--")
    if len(studies) > 1:
        ax.legend(fontsize=8)
    return _svg(fig)


def _branching_plot(studies: Sequence[tuple[str, Figures]], w: dict[str, str]) -> str:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 2.6))
    for label, data in studies:
        ax.plot(range(1, len(data.branching) + 1), data.branching, marker="o", label=label)
    ax.set_xlabel(w["progress"])
    ax.set_ylabel(w["legal"])
    if len(studies) > 1:
        ax.legend(fontsize=8)
    return _svg(fig)


def _pct(share: Any) -> str:
    return f"{share.rate * 100:.1f} % [{share.low * 100:.1f}, {share.high * 100:.1f}]"


def render_html(
    studies: Sequence[tuple[str, Figures]],
    differences: Sequence[Difference] = (),
    lang: str = "fr",
) -> str:
    w = WORDS[lang]
    first = studies[0][1]
    esc = html.escape
    parts = [
        "<!doctype html><html lang='" + lang + "'><meta charset='utf-8'>",
        "<title>" + esc(w["title"].format(game=first.game)) + "</title>",
        "<style>body{font:15px/1.45 system-ui,sans-serif;max-width:880px;margin:24px auto;"
        "padding:0 14px;color:#2b2118;background:#fbf6ea}h1{font-family:Georgia,serif}"
        "table{border-collapse:collapse;margin:8px 0 18px}td,th{border-bottom:1px solid #d9ccb4;"
        "padding:4px 10px;text-align:left}th{background:#efe6d6}svg{max-width:100%;height:auto}"
        ".verdict{font-weight:600;color:#2f5d62}</style>",
        "<h1>" + esc(w["title"].format(game=first.game)) + "</h1>",
        "<p>" + esc(w["strength"].format(players=", ".join(first.players))) + "</p>",
    ]
    if differences:
        parts.append("<h2>" + esc(w["variants"]) + "</h2><ul>")
        parts += [f"<li class='verdict'>{esc(d.verdict(lang))}</li>" for d in differences]
        parts.append("</ul>")
    parts.append("<h2>" + esc(w["wins"]) + "</h2>" + _wins_plot(studies, w))
    parts.append("<table><tr><th></th><th>" + esc(w["options"]) + "</th><th>n</th>")
    parts += [f"<th>{esc(w['seat'].format(n=s + 1))}</th>" for s in range(len(first.wins))]
    parts.append(f"<th>{esc(w['draws'])}</th><th>{esc(w['length'])}</th></tr>")
    for label, data in studies:
        options = ", ".join(f"{k}={v}" for k, v in data.options.items()) or w["none"]
        cells = "".join(f"<td>{_pct(s)}</td>" for s in data.wins)
        length = f"{data.length.mean:.1f} [{data.length.low:.1f}, {data.length.high:.1f}]"
        parts.append(
            f"<tr><th>{esc(label)}</th><td>{esc(options)}</td><td>{data.games}</td>{cells}"
            f"<td>{_pct(data.draws)}</td><td>{length}</td></tr>"
        )
    parts.append("</table><p><small>" + esc(w["interval"]) + "</small></p>")
    parts.append("<h2>" + esc(w["reasons"]) + "</h2><table>")
    for label, data in studies:
        for reason, share in data.reasons.items():
            parts.append(
                f"<tr><th>{esc(label)}</th><td>{esc(reason)}</td><td>{_pct(share)}</td></tr>"
            )
    parts.append("</table>")
    if any(data.facts for _, data in studies):
        parts.append("<h2>" + esc(w["facts"]) + "</h2><table>")
        for label, data in studies:
            for key, mean in data.facts.items():
                parts.append(
                    f"<tr><th>{esc(label)}</th><td>{esc(key)}</td>"
                    f"<td>{mean.mean:.2f} [{mean.low:.2f}, {mean.high:.2f}] (n={mean.n})</td></tr>"
                )
        parts.append("</table>")
    parts.append("<h2>" + esc(w["branching"]) + "</h2>" + _branching_plot(studies, w))
    parts.append("</html>")
    return "\n".join(parts)


def write_report(
    out: str | Path,
    studies: Sequence[tuple[str, Figures]],
    differences: Sequence[Difference] = (),
    lang: str = "fr",
) -> tuple[Path, Path]:
    target = Path(out)
    target.mkdir(parents=True, exist_ok=True)
    page = target / "report.html"
    page.write_text(render_html(studies, differences, lang), encoding="utf-8")
    data = {
        "studies": [{"label": label, **fig.to_json()} for label, fig in studies],
        "differences": [
            {**d.__dict__, "verdict": {"fr": d.verdict("fr"), "en": d.verdict("en")}}
            for d in differences
        ],
    }
    figures = target / "figures.json"
    figures.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return page, figures

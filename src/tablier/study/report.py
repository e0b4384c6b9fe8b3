"""The study as a self-contained HTML page a designer reads (plots as inline SVG drawn
with matplotlib; nothing to fetch when it is opened) and a JSON of every figure.

Everything on the page is in words, French by default: the game's name, each variant
by its options' labels, the players' levels, the seats, the ways games end, the metrics.
"""

from __future__ import annotations

import html
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from tablier.study.compare import Difference
from tablier.study.figures import Figures, Mean, Share
from tablier.study.skill import SkillStep
from tablier.study.words import (
    fact_words,
    game_name,
    player_words,
    reason_words,
    seat_words,
    variant_words,
)

WORDS: dict[str, dict[str, str]] = {
    "fr": {
        "title": "Étude d'équilibre : {game}",
        "games": "parties",
        "wins": "Victoires par siège",
        "draws": "Nulles",
        "cut": "Arrêtées",
        "rules": "Règles",
        "length": "Durée (coups)",
        "mean": "moyenne [intervalle]",
        "spread": "écart type",
        "min": "min",
        "median": "médiane",
        "max": "max",
        "completion": "Terminées avec un vainqueur",
        "reasons": "Comment les parties finissent",
        "branching": "Coups possibles au fil de la partie",
        "facts": "Mesures propres au jeu",
        "metrics": "Mesures de conception (à la manière de Ludii)",
        "metric": "mesure",
        "means": "ce qu'elle dit",
        "variants": "Variantes comparées",
        "interval": "Entre crochets : intervalle de confiance à 95 %.",
        "progress": "avancement de la partie (dixièmes)",
        "legal": "coups légaux (moyenne)",
        "strength": "Joueurs : {players}. Les chiffres valent pour ce niveau de jeu.",
        "setup": "{n} parties par variante, graine {seed}, plafond de {cap} coups par partie.",
        "truncated": "{count} partie(s) sur {n} arrêtée(s) au plafond de {cap} coups ({share}).",
        "advice": "Pour un intervalle de ±3 points sur cette différence : environ {n} parties "
        "par variante.",
        "no_values": "Ce jeu n'a pas d'évaluateur de position : drame, changements de meneur, "
        "stabilité, moment décisif et clarté ne sont pas mesurés.",
        "skill": "Trace d'habileté : le niveau le plus fort contre le plus faible",
        "pair": "face à face",
        "score": "score du plus fort",
        "seat_first": "Premier siège",
        "per_seat": "{seat} : {player}",
        "definitions": "Les définitions et formules sont dans docs/study.md.",
    },
    "en": {
        "title": "Balance study: {game}",
        "games": "games",
        "wins": "Wins per seat",
        "draws": "Draws",
        "cut": "Stopped",
        "rules": "Rules",
        "length": "Length (moves)",
        "mean": "mean [interval]",
        "spread": "standard deviation",
        "min": "min",
        "median": "median",
        "max": "max",
        "completion": "Finished with a winner",
        "reasons": "How games end",
        "branching": "Moves available over the game",
        "facts": "The game's own measures",
        "metrics": "Design measures (after Ludii)",
        "metric": "measure",
        "means": "what it tells",
        "variants": "Variants compared",
        "interval": "In brackets: 95% confidence interval.",
        "progress": "progress through the game (tenths)",
        "legal": "legal moves (mean)",
        "strength": "Players: {players}. The figures hold for that level of play.",
        "setup": "{n} games per variant, seed {seed}, a cap of {cap} moves per game.",
        "truncated": "{count} game(s) of {n} stopped at the {cap}-move cap ({share}).",
        "advice": "For an interval of ±3 points on this difference: about {n} games per variant.",
        "no_values": "This game has no position evaluator: drama, lead changes, stability, "
        "decisive point and clarity are not measured.",
        "skill": "Skill trace: the stronger level against the weaker",
        "pair": "pairing",
        "score": "the stronger's score",
        "seat_first": "First seat",
        "per_seat": "{seat}: {player}",
        "definitions": "The definitions and formulas are in docs/study.md.",
    },
}

# each metric: its name and what it tells, per language; `percent` ones shown as %
METRIC_WORDS: dict[str, dict[str, tuple[str, str]]] = {
    "forced_share": {
        "fr": ("Coups forcés", "part des décisions à un seul coup légal"),
        "en": ("Forced moves", "share of decisions with one legal move"),
    },
    "decision_moves": {
        "fr": ("Vraies décisions", "décisions à plus d'un coup légal, par partie"),
        "en": ("Real decisions", "decisions with more than one legal move, per game"),
    },
    "branching": {
        "fr": ("Facteur de branchement", "coups légaux par décision, moyenne d'une partie"),
        "en": ("Branching factor", "legal moves per decision, a game's mean"),
    },
    "tree_log10": {
        "fr": ("Complexité de l'arbre", "log10 du produit des coups légaux d'une partie"),
        "en": ("Game-tree complexity", "log10 of the product of a game's legal moves"),
    },
    "lead_changes": {
        "fr": ("Changements de meneur", "part des positions où le meneur change"),
        "en": ("Lead changes", "share of positions where the leader changes"),
    },
    "drama": {
        "fr": ("Drame", "retard moyen du futur vainqueur quand il est mené (valeurs −1…1)"),
        "en": ("Drama", "the eventual winner's mean deficit while behind (values −1…1)"),
    },
    "decisive_point": {
        "fr": ("Moment décisif", "où le vainqueur prend la tête pour de bon (0 début, 1 fin)"),
        "en": ("Decisive point", "where the winner leads for good (0 start, 1 end)"),
    },
    "stability": {
        "fr": ("Instabilité", "variance des valeurs d'un siège au fil de la partie"),
        "en": ("Instability", "variance of a seat's value through the game"),
    },
    "clarity_narrowness": {
        "fr": ("Étroitesse", "part des coups proches du meilleur (bas : meilleur coup net)"),
        "en": ("Narrowness", "share of moves close to the best (low: a clear best move)"),
    },
    "clarity_variance": {
        "fr": ("Écart entre les coups", "variance des valeurs des coups légaux"),
        "en": ("Spread of the moves", "variance of the legal moves' values"),
    },
    "coverage": {
        "fr": ("Couverture du plateau", "part des cases occupées à un moment"),
        "en": ("Board coverage", "share of the cells ever occupied"),
    },
}
PERCENT = {"forced_share", "lead_changes", "clarity_narrowness", "coverage"}
VALUED = {"lead_changes", "drama", "decisive_point", "stability", "clarity_narrowness"}

STYLE = (
    "body{font:15px/1.45 system-ui,sans-serif;max-width:960px;margin:24px auto;padding:0 14px;"
    "color:#2b2118;background:#fbf6ea}h1{font-family:Georgia,serif;margin-bottom:4px}"
    "h2{font-family:Georgia,serif;margin-top:28px}table{border-collapse:collapse;margin:8px 0 "
    "14px}td,th{border-bottom:1px solid #d9ccb4;padding:4px 10px;text-align:left;"
    "vertical-align:top}th{background:#efe6d6}tr>th:first-child{min-width:9em}td.n{text-align:right;white-space:nowrap;"
    "font-variant-numeric:tabular-nums}svg{max-width:100%;height:auto}.verdict{font-weight:600;"
    "color:#2f5d62}.how{color:#5a4a3a;font-size:14px}.note{color:#5a4a3a;font-size:14px}"
    "small{color:#6b5a48}"
)


def _svg(figure: Any) -> str:
    import matplotlib.pyplot as plt

    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", bbox_inches="tight")
    plt.close(figure)
    text = buffer.getvalue()
    return text[text.index("<svg") :]


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    # words stay words in the SVG (smaller, searchable, read by screen readers)
    matplotlib.rcParams["svg.fonttype"] = "none"
    import matplotlib.pyplot as plt

    return plt


Rows = Sequence[tuple[str, Figures]]


def _wins_plot(rows: Rows, names: Sequence[str], seats: Sequence[str]) -> str:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 3))
    width = 0.8 / len(rows)
    for k, (data, name) in enumerate(zip((d for _, d in rows), names, strict=True)):
        xs = [seat + k * width for seat in range(len(data.wins))]
        rates = [s.rate * 100 for s in data.wins]
        errors = [
            [max(0.0, (s.rate - s.low) * 100) for s in data.wins],
            [max(0.0, (s.high - s.rate) * 100) for s in data.wins],
        ]
        ax.bar(xs, rates, width, yerr=errors, capsize=4, label=name)
    count = len(rows[0][1].wins)
    ax.set_xticks([seat + 0.4 - width / 2 for seat in range(count)])
    ax.set_xticklabels(list(seats))
    ax.set_ylabel("%")
    ax.set_ylim(0, 100)
    ax.axhline(100 / count, color="grey", linewidth=0.8, linestyle="--")
    if len(rows) > 1:
        ax.legend(fontsize=8)
    return _svg(fig)


def _branching_plot(rows: Rows, names: Sequence[str], w: Mapping[str, str]) -> str:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 2.8))
    # a variant often branches like the base: dashes and other marks keep both visible
    styles = [("-", "o"), ("--", "s"), (":", "^"), ("-.", "D")]
    for k, ((_, data), name) in enumerate(zip(rows, names, strict=True)):
        line, mark = styles[k % len(styles)]
        ax.plot(
            range(1, len(data.branching) + 1),
            data.branching,
            linestyle=line,
            marker=mark,
            label=name,
        )
    ax.set_xlabel(w["progress"])
    ax.set_ylabel(w["legal"])
    # an honest axis: from 0, so that a ratio reads as a ratio
    ax.set_ylim(bottom=0, top=max(1.0, *(max(d.branching, default=0) for _, d in rows)) * 1.1)
    ax.set_xticks(range(1, 11))
    if len(rows) > 1:
        ax.legend(fontsize=8)
    return _svg(fig)


def _int(value: int, lang: str) -> str:
    """10 000 in French (a narrow no-break space), 10,000 in English."""
    return f"{value:,}".replace(",", "\u202f" if lang == "fr" else ",")


def _pct(share: Share) -> str:
    return f"{share.rate * 100:.1f} % [{share.low * 100:.1f}, {share.high * 100:.1f}]"


def _num(value: float, digits: int = 1) -> str:
    return f"{value:.{digits}f}"


def _mean(mean: Mean, key: str = "") -> str:
    if key in PERCENT:
        return f"{mean.mean * 100:.1f} % [{mean.low * 100:.1f}, {mean.high * 100:.1f}]"
    digits = 2 if abs(mean.mean) < 10 else 1
    return f"{mean.mean:.{digits}f} [{mean.low:.{digits}f}, {mean.high:.{digits}f}]"


def render_html(
    studies: Rows,
    differences: Sequence[Difference] = (),
    lang: str = "fr",
    skill: Sequence[SkillStep] = (),
) -> str:
    w = WORDS[lang]
    esc = html.escape
    first = studies[0][1]
    game = first.game
    base_options = first.options
    names = [
        variant_words(game, label, data.options, base_options, lang) for label, data in studies
    ]
    seats = [seat_words(game, s, lang) for s in range(len(first.wins))]
    players = ", ".join(
        w["per_seat"].format(seat=seats[s], player=player_words(game, p, lang))
        for s, p in enumerate(first.players)
    )
    title = w["title"].format(game=game_name(game))
    parts = [
        f"<!doctype html><html lang='{lang}'><meta charset='utf-8'>",
        "<meta name='viewport' content='width=device-width,initial-scale=1'>",
        f"<title>{esc(title)}</title><style>{STYLE}</style>",
        f"<h1>{esc(title)}</h1>",
        f"<p>{esc(w['strength'].format(players=players))}<br>"
        + esc(
            w["setup"].format(
                n=_int(first.games, lang), seed=first.seed, cap=_int(first.max_moves, lang)
            )
        )
        + "</p>",
    ]
    for (_, data), name in zip(studies, names, strict=True):
        if data.truncated.count:
            share = f"{data.truncated.rate * 100:.1f} %"
            text = w["truncated"].format(
                count=data.truncated.count,
                n=data.games,
                cap=_int(data.max_moves, lang),
                share=share,
            )
            parts.append(f"<p class='verdict'>{esc(name)} : {esc(text)}</p>")
    if differences:
        parts.append(f"<h2>{esc(w['variants'])}</h2><ul>")
        for d in differences:
            advice = (
                f" {w['advice'].format(n=_int(d.games_for_3_points, lang))}"
                if d.games_for_3_points is not None
                else ""
            )
            parts.append(
                f"<li><span class='verdict'>{esc(d.verdict(lang))}</span><br>"
                f"<span class='how'>{esc(d.how(lang))}.{esc(advice)}</span></li>"
            )
        parts.append("</ul>")
    parts.append(f"<h2>{esc(w['wins'])}</h2>" + _wins_plot(studies, names, seats))
    head = "".join(f"<th>{esc(s)}</th>" for s in seats)
    parts.append(
        f"<table><tr><th>{esc(w['rules'])}</th><th>n</th>{head}<th>{esc(w['draws'])}</th>"
        f"<th>{esc(w['cut'])}</th></tr>"
    )
    for (_, data), name in zip(studies, names, strict=True):
        cells = "".join(f"<td class='n'>{_pct(s)}</td>" for s in data.wins)
        parts.append(
            f"<tr><th>{esc(name)}</th><td class='n'>{data.games}</td>{cells}"
            f"<td class='n'>{_pct(data.draws)}</td><td class='n'>{_pct(data.truncated)}</td></tr>"
        )
    parts.append(f"</table><p><small>{esc(w['interval'])}</small></p>")

    parts.append(
        f"<h2>{esc(w['length'])}</h2><table><tr><th>{esc(w['rules'])}</th>"
        f"<th>{esc(w['mean'])}</th><th>{esc(w['spread'])}</th><th>{esc(w['min'])}</th>"
        f"<th>{esc(w['median'])}</th><th>{esc(w['max'])}</th><th>{esc(w['completion'])}</th></tr>"
    )
    for (_, data), name in zip(studies, names, strict=True):
        length = data.length
        parts.append(
            f"<tr><th>{esc(name)}</th><td class='n'>{_mean(length)}</td>"
            f"<td class='n'>{_num(length.sd)}</td><td class='n'>{length.minimum:.0f}</td>"
            f"<td class='n'>{length.median:.0f}</td><td class='n'>{length.maximum:.0f}</td>"
            f"<td class='n'>{_pct(data.completion)}</td></tr>"
        )
    parts.append("</table>")

    parts.append(f"<h2>{esc(w['reasons'])}</h2><table>")
    for (_, data), name in zip(studies, names, strict=True):
        for reason, ended in data.reasons.items():
            how = reason_words(game, reason, lang, data.max_moves, data.reason_examples.get(reason))
            parts.append(
                f"<tr><th>{esc(name)}</th><td>{esc(how)}</td><td class='n'>{_pct(ended)}</td></tr>"
            )
    parts.append("</table>")

    parts.append(f"<h2>{esc(w['metrics'])}</h2>")
    if not any(k in data.metrics for _, data in studies for k in VALUED):
        parts.append(f"<p class='note'>{esc(w['no_values'])}</p>")
    head = "".join(f"<th>{esc(name)}</th>" for name in names)
    parts.append(f"<table><tr><th>{esc(w['metric'])}</th><th>{esc(w['means'])}</th>{head}</tr>")
    for key, words in METRIC_WORDS.items():
        if not any(key in data.metrics for _, data in studies):
            continue
        label, meaning = words[lang]
        cells = "".join(
            f"<td class='n'>{_mean(data.metrics[key], key) if key in data.metrics else '—'}</td>"
            for _, data in studies
        )
        parts.append(f"<tr><th>{esc(label)}</th><td>{esc(meaning)}</td>{cells}</tr>")
    parts.append(f"</table><p><small>{esc(w['definitions'])}</small></p>")

    if skill:
        parts.append(
            f"<h2>{esc(w['skill'])}</h2><table><tr><th>{esc(w['pair'])}</th><th>n</th>"
            f"<th>{esc(w['score'])}</th></tr>"
        )
        for step in skill:
            stronger = player_words(game, step.stronger, lang)
            pair = f"{stronger} / {player_words(game, step.weaker, lang)}"
            score = f"{step.score * 100:.1f} % [{step.low * 100:.1f}, {step.high * 100:.1f}]"
            parts.append(
                f"<tr><th>{esc(pair)}</th><td class='n'>{step.games}</td>"
                f"<td class='n'>{score}</td></tr>"
            )
        parts.append("</table>")

    facts = [
        (name, data, key, fact_words(game, key, lang))
        for (_, data), name in zip(studies, names, strict=True)
        for key in data.facts
    ]
    said_facts = [f for f in facts if f[3]]
    if said_facts:
        parts.append(f"<h2>{esc(w['facts'])}</h2><table>")
        for name, data, key, fact in said_facts:
            mean = data.facts[key]
            parts.append(
                f"<tr><th>{esc(name)}</th><td>{esc(fact or '')}</td>"
                f"<td class='n'>{_mean(mean)} (n={mean.n})</td></tr>"
            )
        parts.append("</table>")
    parts.append(f"<h2>{esc(w['branching'])}</h2>" + _branching_plot(studies, names, w))
    parts.append("</html>")
    return "\n".join(parts)


def write_report(
    out: str | Path,
    studies: Rows,
    differences: Sequence[Difference] = (),
    lang: str = "fr",
    skill: Sequence[SkillStep] = (),
) -> tuple[Path, Path]:
    target = Path(out)
    target.mkdir(parents=True, exist_ok=True)
    page = target / "report.html"
    page.write_text(render_html(studies, differences, lang, skill), encoding="utf-8")
    data = {
        "studies": [{"label": label, **fig.to_json()} for label, fig in studies],
        "differences": [
            {
                **asdict(d),
                "verdict": {"fr": d.verdict("fr"), "en": d.verdict("en")},
                "how": {"fr": d.how("fr"), "en": d.how("en")},
            }
            for d in differences
        ],
        "skill_trace": [asdict(step) for step in skill],
    }
    figures = target / "figures.json"
    figures.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return page, figures

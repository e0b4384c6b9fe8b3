"""The study as a self-contained HTML page a designer reads (plots as inline SVG drawn
with matplotlib; nothing to fetch when it is opened) and a JSON of every figure.

Everything on the page is in words, French by default: the game's name, each variant
by its options' labels, the players' levels, the seats, the ways games end, the metrics.
"""

from __future__ import annotations

import html
import io
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from tablier.study.compare import Difference
from tablier.study.figures import Figures, Mean, Share
from tablier.study.report_words import METRIC_WORDS, PERCENT, STYLE, VALUED, WORDS
from tablier.study.skill import SkillStep
from tablier.study.words import (
    fact_words,
    game_name,
    player_words,
    reason_words,
    seat_words,
    variant_words,
)

esc = html.escape


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


@dataclass(frozen=True)
class _Page:
    """What every section of the report needs: the rows, their names in words, the seats."""

    studies: Rows
    names: list[str]
    seats: list[str]
    lang: str

    @property
    def game(self) -> str:
        return self.studies[0][1].game

    @property
    def w(self) -> Mapping[str, str]:
        return WORDS[self.lang]

    def rows(self) -> Iterator[tuple[Figures, str]]:
        return ((data, name) for (_, data), name in zip(self.studies, self.names, strict=True))


def _heading(page: _Page) -> list[str]:
    w, lang, first = page.w, page.lang, page.studies[0][1]
    players = ", ".join(
        w["per_seat"].format(seat=page.seats[s], player=player_words(page.game, p, lang))
        for s, p in enumerate(first.players)
    )
    title = w["title"].format(game=game_name(page.game))
    setup = w["setup"].format(
        n=_int(first.games, lang), seed=first.seed, cap=_int(first.max_moves, lang)
    )
    return [
        f"<!doctype html><html lang='{lang}'><meta charset='utf-8'>",
        "<meta name='viewport' content='width=device-width,initial-scale=1'>",
        f"<title>{esc(title)}</title><style>{STYLE}</style>",
        f"<h1>{esc(title)}</h1>",
        f"<p>{esc(w['strength'].format(players=players))}<br>" + esc(setup) + "</p>",
    ]


def _truncations(page: _Page) -> list[str]:
    parts = []
    for data, name in page.rows():
        if data.truncated.count:
            share = f"{data.truncated.rate * 100:.1f} %"
            text = page.w["truncated"].format(
                count=data.truncated.count,
                n=data.games,
                cap=_int(data.max_moves, page.lang),
                share=share,
            )
            parts.append(f"<p class='verdict'>{esc(name)} : {esc(text)}</p>")
    return parts


def _differences(page: _Page, differences: Sequence[Difference]) -> list[str]:
    if not differences:
        return []
    w, lang = page.w, page.lang
    parts = [f"<h2>{esc(w['variants'])}</h2><ul>"]
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
    return parts


def _wins(page: _Page) -> list[str]:
    w = page.w
    head = "".join(f"<th>{esc(s)}</th>" for s in page.seats)
    parts = [
        f"<h2>{esc(w['wins'])}</h2>" + _wins_plot(page.studies, page.names, page.seats),
        f"<table><tr><th>{esc(w['rules'])}</th><th>n</th>{head}<th>{esc(w['draws'])}</th>"
        f"<th>{esc(w['cut'])}</th></tr>",
    ]
    for data, name in page.rows():
        cells = "".join(f"<td class='n'>{_pct(s)}</td>" for s in data.wins)
        parts.append(
            f"<tr><th>{esc(name)}</th><td class='n'>{data.games}</td>{cells}"
            f"<td class='n'>{_pct(data.draws)}</td><td class='n'>{_pct(data.truncated)}</td></tr>"
        )
    parts.append(f"</table><p><small>{esc(w['interval'])}</small></p>")
    return parts


def _lengths(page: _Page) -> list[str]:
    w = page.w
    parts = [
        f"<h2>{esc(w['length'])}</h2><table><tr><th>{esc(w['rules'])}</th>"
        f"<th>{esc(w['mean'])}</th><th>{esc(w['spread'])}</th><th>{esc(w['min'])}</th>"
        f"<th>{esc(w['median'])}</th><th>{esc(w['max'])}</th><th>{esc(w['completion'])}</th></tr>"
    ]
    for data, name in page.rows():
        length = data.length
        parts.append(
            f"<tr><th>{esc(name)}</th><td class='n'>{_mean(length)}</td>"
            f"<td class='n'>{_num(length.sd)}</td><td class='n'>{length.minimum:.0f}</td>"
            f"<td class='n'>{length.median:.0f}</td><td class='n'>{length.maximum:.0f}</td>"
            f"<td class='n'>{_pct(data.completion)}</td></tr>"
        )
    parts.append("</table>")
    return parts


def _reasons(page: _Page) -> list[str]:
    parts = [f"<h2>{esc(page.w['reasons'])}</h2><table>"]
    for data, name in page.rows():
        for reason, ended in data.reasons.items():
            example = data.reason_examples.get(reason)
            how = reason_words(page.game, reason, page.lang, data.max_moves, example)
            parts.append(
                f"<tr><th>{esc(name)}</th><td>{esc(how)}</td><td class='n'>{_pct(ended)}</td></tr>"
            )
    parts.append("</table>")
    return parts


def _metrics(page: _Page) -> list[str]:
    w, studies = page.w, page.studies
    parts = [f"<h2>{esc(w['metrics'])}</h2>"]
    if not any(k in data.metrics for _, data in studies for k in VALUED):
        parts.append(f"<p class='note'>{esc(w['no_values'])}</p>")
    head = "".join(f"<th>{esc(name)}</th>" for name in page.names)
    parts.append(f"<table><tr><th>{esc(w['metric'])}</th><th>{esc(w['means'])}</th>{head}</tr>")
    for key, words in METRIC_WORDS.items():
        if not any(key in data.metrics for _, data in studies):
            continue
        label, meaning = words[page.lang]
        cells = "".join(
            f"<td class='n'>{_mean(data.metrics[key], key) if key in data.metrics else '—'}</td>"
            for _, data in studies
        )
        parts.append(f"<tr><th>{esc(label)}</th><td>{esc(meaning)}</td>{cells}</tr>")
    parts.append(f"</table><p><small>{esc(w['definitions'])}</small></p>")
    return parts


def _skill(page: _Page, skill: Sequence[SkillStep]) -> list[str]:
    if not skill:
        return []
    w = page.w
    parts = [
        f"<h2>{esc(w['skill'])}</h2><table><tr><th>{esc(w['pair'])}</th><th>n</th>"
        f"<th>{esc(w['score'])}</th></tr>"
    ]
    for step in skill:
        stronger = player_words(page.game, step.stronger, page.lang)
        pair = f"{stronger} / {player_words(page.game, step.weaker, page.lang)}"
        score = f"{step.score * 100:.1f} % [{step.low * 100:.1f}, {step.high * 100:.1f}]"
        parts.append(
            f"<tr><th>{esc(pair)}</th><td class='n'>{step.games}</td>"
            f"<td class='n'>{score}</td></tr>"
        )
    parts.append("</table>")
    return parts


def _facts(page: _Page) -> list[str]:
    said = [
        (name, data, key, fact)
        for data, name in page.rows()
        for key in data.facts
        if (fact := fact_words(page.game, key, page.lang))
    ]
    if not said:
        return []
    parts = [f"<h2>{esc(page.w['facts'])}</h2><table>"]
    for name, data, key, fact in said:
        mean = data.facts[key]
        parts.append(
            f"<tr><th>{esc(name)}</th><td>{esc(fact)}</td>"
            f"<td class='n'>{_mean(mean)} (n={mean.n})</td></tr>"
        )
    parts.append("</table>")
    return parts


def render_html(
    studies: Rows,
    differences: Sequence[Difference] = (),
    lang: str = "fr",
    skill: Sequence[SkillStep] = (),
) -> str:
    first = studies[0][1]
    game = first.game
    names = [
        variant_words(game, label, data.options, first.options, lang) for label, data in studies
    ]
    seats = [seat_words(game, s, lang) for s in range(len(first.wins))]
    page = _Page(studies, names, seats, lang)
    parts = [
        *_heading(page),
        *_truncations(page),
        *_differences(page, differences),
        *_wins(page),
        *_lengths(page),
        *_reasons(page),
        *_metrics(page),
        *_skill(page, skill),
        *_facts(page),
        f"<h2>{esc(page.w['branching'])}</h2>" + _branching_plot(studies, names, page.w),
        "</html>",
    ]
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

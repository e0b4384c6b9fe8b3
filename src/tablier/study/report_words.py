"""The words of the study report, in French and English: headings, sentences, and what
each design metric is called and tells."""

from __future__ import annotations

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

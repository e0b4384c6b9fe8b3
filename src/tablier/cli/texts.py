"""Every sentence of the command line, in French and English.

`say` speaks the running command's language; `helptext` the language of `--help`,
which is fixed when the commands are declared (see `lang.help_lang`).
"""

from __future__ import annotations

from typing import Any

from tablier.core.messages import Catalogue
from tablier.core.terminal.lang import help_lang, lang

TEXTS = Catalogue(
    "cli",
    {
        # ------------------------------------------------------------------ help
        "help.app": {
            "fr": "Tablier : jouer, étudier et héberger cinq jeux de plateau.",
            "en": "Tablier: play, study and host five board games.",
        },
        "help.version": {"fr": "affiche la version et s'arrête", "en": "show the version and exit"},
        "help.games": {
            "fr": "Les jeux, leur nombre de joueurs et leurs options.",
            "en": "The games, their player counts and their options.",
        },
        "help.study": {
            "fr": "Étude d'équilibre : avantage du premier joueur, longueur, fins de partie, "
            "variantes.",
            "en": "Balance study: first-player advantage, length, endings, variants.",
        },
        "help.problems": {
            "fr": "Problèmes tirés de parties : un seul coup gagne, trouvez-le.",
            "en": "Problems drawn from games: one move wins, find it.",
        },
        "help.game_commands": {
            "fr": "Commandes propres au jeu {game} (le détail : tablier {command} --help).",
            "en": "Commands of the game {game} (the details: tablier {command} --help).",
        },
        "help.rules": {
            "fr": "La page de règles d'un jeu.",
            "en": "A game's rules page.",
        },
        "help.game": {
            "fr": "le jeu (la liste : tablier games)",
            "en": "the game (the list: tablier games)",
        },
        "help.raw": {"fr": "affiche la source Markdown", "en": "print the Markdown source"},
        "help.replay": {
            "fr": "Revoir une partie enregistrée : Entrée avance, b recule, q quitte.",
            "en": "Step through a saved game: Enter for the next move, b back, q quit.",
        },
        "help.record": {"fr": "un fichier .tablier.json", "en": "a .tablier.json record"},
        "help.all": {
            "fr": "affiche toutes les positions sans attendre",
            "en": "print every position without waiting",
        },
        "help.at": {
            "fr": "affiche la position après N coups",
            "en": "show the position after N moves",
        },
        "help.play": {
            "fr": "Jouer dans le terminal, contre une personne à côté de vous ou l'ordinateur.",
            "en": "Play in the terminal, against a person beside you or the computer.",
        },
        "help.option": {
            "fr": "option du jeu, clé=valeur (voir tablier games)",
            "en": "game option, key=value (see tablier games)",
        },
        "help.vs": {
            "fr": "human (à deux au même terminal), random ou un niveau : easy, medium, hard...",
            "en": "human (two at one terminal), random or a level: easy, medium, hard...",
        },
        "help.seat": {
            "fr": "votre place face à l'ordinateur (0 : premier joueur)",
            "en": "your seat against the computer (0: first player)",
        },
        "help.players": {"fr": "nombre de joueurs", "en": "number of players"},
        "help.seed": {"fr": "graine du tirage et des dés", "en": "seed of the deal and dice"},
        "help.save": {
            "fr": "enregistre la partie dans ce fichier",
            "en": "save the record in this file",
        },
        "help.serve": {
            "fr": "Lancer la plateforme web (FastAPI et uvicorn, base SQLite intégrée).",
            "en": "Start the web platform (FastAPI and uvicorn, embedded SQLite database).",
        },
        "help.host": {"fr": "adresse d'écoute", "en": "address to listen on"},
        "help.port": {"fr": "port d'écoute (1 à 65535)", "en": "port to listen on (1 to 65535)"},
        "help.db": {
            "fr": "URL de la base de données, ou chemin d'un fichier SQLite "
            "(par défaut : fichier SQLite tablier.db)",
            "en": "database URL, or the path of a SQLite file (default: SQLite file tablier.db)",
        },
        "help.arena": {
            "fr": "Faire jouer des ordinateurs entre eux : résultats avec intervalles "
            "de confiance et temps par coup.",
            "en": "Play computer players against each other: results with confidence "
            "intervals and time per move.",
        },
        "help.arena_players": {
            "fr": "les joueurs, séparés par des virgules",
            "en": "the players, comma-separated",
        },
        "help.arena_games": {"fr": "nombre de parties", "en": "number of games"},
        "help.jobs": {"fr": "parties jouées en même temps", "en": "games played at once"},
        "help.records_dir": {
            "fr": "dossier où enregistrer les parties",
            "en": "directory for the game records",
        },
        "help.match_seed": {"fr": "graine de tout le match", "en": "seed of the whole match"},
        # the frame of the help pages drawn by Typer ({{}}: Typer's own placeholder)
        "panel.options": {"fr": "Options", "en": "Options"},
        "panel.commands": {"fr": "Commandes", "en": "Commands"},
        "panel.arguments": {"fr": "Arguments", "en": "Arguments"},
        "panel.error": {"fr": "Erreur", "en": "Error"},
        "panel.default": {"fr": "[par défaut : {{}}]", "en": "[default: {{}}]"},
        "panel.required": {"fr": "[obligatoire]", "en": "[required]"},
        "panel.aborted": {"fr": "Interrompu.", "en": "Aborted."},
        # ----------------------------------------------------------------- games
        "games.title": {"fr": "Les jeux de Tablier", "en": "Tablier games"},
        "games.game": {"fr": "jeu", "en": "game"},
        "games.players": {"fr": "joueurs", "en": "players"},
        "games.options": {"fr": "options (par défaut d'abord)", "en": "options (default first)"},
        # ---------------------------------------------------------------- errors
        "unknown_game": {
            "fr": "jeu inconnu {game!r} ; les jeux : {known}",
            "en": "unknown game {game!r}; the games: {known}",
        },
        "no_rules": {
            "fr": "pas de page de règles pour {game} en {lang}",
            "en": "no rules page for {game} in {lang}",
        },
        "bad_record": {
            "fr": "impossible de lire la partie {path} : {why}",
            "en": "cannot read the record {path}: {why}",
        },
        "option.format": {
            "fr": "l'option {text!r} s'écrit clé=valeur",
            "en": "option {text!r} should be written key=value",
        },
        "unknown_player": {
            "fr": "joueur inconnu {name!r} ; pour {game} : {known}",
            "en": "unknown player {name!r}; for {game}: {known}",
        },
        "cannot_play": {
            "fr": "{name!r} ne sait pas jouer à {game} ; pour ce jeu : {known}",
            "en": "{name!r} cannot play {game}; for this game: {known}",
        },
        "missing_extra": {
            "fr": '{what} demande une dépendance optionnelle : pip install "tablier[{extra}]"',
            "en": '{what} needs an optional dependency: pip install "tablier[{extra}]"',
        },
        "players.range": {
            "fr": "{game} se joue de {low} à {high} joueurs, pas {n}",
            "en": "{game} is played by {low} to {high} players, not {n}",
        },
        "players.exact": {
            "fr": "{game} se joue à {low} joueurs, pas {n}",
            "en": "{game} is played by {low} players, not {n}",
        },
        "no_file": {"fr": "pas de fichier {path}", "en": "no file {path}"},
        "seat.range": {
            "fr": "--seat doit être entre 0 et {last}",
            "en": "--seat must be between 0 and {last}",
        },
        "db_unwritable": {
            "fr": "la base de données {db} ne peut pas être ouverte en écriture : {reason}",
            "en": "the database {db} cannot be opened for writing: {reason}",
        },
        "db_url": {
            "fr": "--db : « {db} » n'est ni une URL de base de données lisible "
            "(ex. postgresql://hôte/base) ni un chemin de fichier",
            "en": "--db: '{db}' is neither a readable database URL "
            "(e.g. postgresql://host/base) nor a file path",
        },
        "port": {
            "fr": "--port doit être un port entre 1 et 65535, pas {port}",
            "en": "--port must be a port between 1 and 65535, not {port}",
        },
        "at_least_one": {
            "fr": "{option} vaut au moins 1, pas {value}",
            "en": "{option} is at least 1, not {value}",
        },
        "version": {"fr": "tablier {version}", "en": "tablier {version}"},
        # ------------------------------------------------------------ play, replay
        "computer.plays": {
            "fr": "{name} (ordinateur) joue {move}",
            "en": "{name} (computer) plays {move}",
        },
        "plays": {"fr": "{name} joue {move}", "en": "{name} plays {move}"},
        "hand_over": {
            "fr": "Passez le terminal à {name}, puis appuyez sur Entrée.",
            "en": "Pass the terminal to {name}, then press Enter.",
        },
        "prompt": {
            "fr": "{name}, votre coup (numéro, notation, ? liste, q quitter) : ",
            "en": "{name}, your move (number, notation, ? list, q quit): ",
        },
        "refused": {"fr": "Refusé : {why}", "en": "Refused: {why}"},
        "number": {
            "fr": "Choisissez un numéro entre 1 et {n}.",
            "en": "Choose a number between 1 and {n}.",
        },
        "stopped": {"fr": "Partie arrêtée avant la fin.", "en": "Game stopped before its end."},
        "won": {
            "fr": "Partie terminée : {name} gagne — {why}.",
            "en": "Game over: {name} wins — {why}.",
        },
        "draw": {"fr": "Partie terminée : égalité — {why}.", "en": "Game over: a draw — {why}."},
        "saved": {"fr": "Partie enregistrée dans {path}", "en": "Record saved to {path}"},
        "replay.prompt": {
            "fr": "[Entrée] suivant, b retour, q quitter > ",
            "en": "[Enter] next, b back, q quit > ",
        },
        "replay.after": {"fr": "après le coup {i}/{n}", "en": "after move {i}/{n}"},
        "replay.played": {"fr": "{name} a joué {move}", "en": "{name} played {move}"},
        "replay.result": {"fr": "Résultat : {text}", "en": "Result: {text}"},
        # ----------------------------------------------------------------- arena
        "arena.count": {
            "fr": "{game} se joue de {low} à {high} joueurs ; {n} nommés",
            "en": "{game} is played by {low} to {high} players; {n} were named",
        },
        "arena.title": {
            "fr": "{game} : {n} parties, places alternées (intervalles de Wilson à 95 %)",
            "en": "{game}: {n} games, seats alternated (95% Wilson intervals)",
        },
        "arena.player": {"fr": "joueur", "en": "player"},
        "arena.wins": {"fr": "victoires", "en": "wins"},
        "arena.draws": {"fr": "nuls", "en": "draws"},
        "arena.losses": {"fr": "défaites", "en": "losses"},
        "arena.score": {"fr": "score", "en": "score"},
        "arena.elo": {"fr": "écart Elo", "en": "Elo diff"},
        "arena.time": {"fr": "temps par coup", "en": "time per move"},
        "arena.moves": {"fr": "coups", "en": "moves"},
        "arena.mean": {"fr": "moyenne", "en": "mean"},
        "arena.max": {"fr": "max", "en": "max"},
        "arena.budget": {"fr": "budget", "en": "budget"},
        "arena.over": {"fr": "> budget+{pct}", "en": "> budget+{pct}"},
        "arena.illegal": {"fr": "illégaux", "en": "illegal"},
        "arena.no_budget": {"fr": "aucun", "en": "none"},
        "percent": {"fr": "{value}\u00a0%", "en": "{value}%"},
        "seconds": {"fr": "{value} s", "en": "{value} s"},
        "arena.tally": {
            "fr": "{name} : {w}-{d}-{l} (V-N-D)",
            "en": "{name}: {w}-{d}-{l} (W-D-L)",
        },
        "arena.illegal_in": {
            "fr": "coup illégal dans la partie {index} : {why}",
            "en": "illegal move in game {index}: {why}",
        },
        "arena.saved": {
            "fr": {
                "one": "{n} partie enregistrée dans {path}",
                "other": "{n} parties enregistrées dans {path}",
            },
            "en": {"one": "{n} record saved in {path}", "other": "{n} records saved in {path}"},
        },
    },
)


def say(key: str, /, **params: Any) -> str:
    """`key` in the running command's language."""
    return TEXTS.text(key, lang(), **params)


def decimal(value: float, digits: int) -> str:
    """`value` with `digits` decimals, written with a decimal comma in French."""
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if lang() == "fr" else text


def percent(share: float, digits: int = 0) -> str:
    """A share of 1 as a percentage: `37,5 %` in French, `37.5%` in English."""
    return say("percent", value=decimal(100 * share, digits))


def helptext(key: str, /, **params: Any) -> str:
    """`key` in the language of the help pages."""
    return TEXTS.text(key, help_lang(), **params)

"""Kwinty's guided first game: the wall, its support, short faces, a line of five; then
Kwintie's board: the centre square, passing, and the count of lines of four."""

from __future__ import annotations

from tablier.tutorials.model import Lesson, Position, Refused, Step, say

WALL = Lesson(
    game="kwinty",
    key="kwinty-wall",
    title=say("Kwinty : monter un mur", "Kwinty: building a wall"),
    intro=say(
        "Vous jouez Blanc (les ronds) contre l'ordinateur (les losanges). Chacun pose à "
        "son tour une pièce de deux carrés dans un mur vu de face. Cinq carrés de votre "
        "couleur alignés, et vous gagnez.",
        "You play White (the rings) against the computer (the diamonds). In turn, each "
        "lays a piece of two squares in a wall seen from the front. Five squares of your "
        "colour in a row and you win.",
    ),
    start=Position(),
    learner=0,
    steps=(
        Step(
            title=say("La première pièce", "The first piece"),
            ask=say(
                "La première pièce du jeu part toujours du même endroit, la colonne i. "
                "Posez-la couchée : touchez la colonne i (au téléphone, touchez deux fois).",
                "The game's first piece always starts from the same place, column i. Lay "
                "it flat: click column i (on a phone, tap twice).",
            ),
            expect=("i1h",),
            retry=say(
                "Bonne case, mais couchez la pièce pour cette leçon : le bouton de "
                "rotation (ou la touche R) la met à plat.",
                "Right spot, but lay the piece flat for this lesson: the turn button (or "
                "the R key) lays it down.",
            ),
            refused=(Refused("e1h", "refusal.first"),),
            explain=say(
                "Voilà le pied du mur. Vos carrés portent un rond ; ceux de l'ordinateur "
                "un losange.",
                "That is the foot of the wall. Your squares carry a ring; the computer's "
                "a diamond.",
            ),
        ),
        Step(
            title=say("Toucher, et reposer à plat", "Touching, and lying level"),
            setup=((1, "k1h"),),
            ask=say(
                "L'ordinateur s'est collé à droite. Chaque pièce doit toucher le mur, et "
                "reposer entièrement sur le sol ou sur d'autres pièces. Essayez la colonne "
                "n (trop loin) ou une pièce couchée en h (à moitié dans le vide), puis "
                "posez une pièce couchée sur la vôtre, colonne i.",
                "The computer joined on the right. Every piece must touch the wall and "
                "rest entirely on the ground or on other pieces. Try column n (too far) "
                "or a flat piece at h (half over nothing), then lay a flat piece on top "
                "of yours, column i.",
            ),
            expect=("i2h",),
            retry=say(
                "Ce coup est permis, mais la leçon veut une pièce couchée sur la vôtre, colonne i.",
                "That move is allowed, but the lesson wants a flat piece on yours, column i.",
            ),
            refused=(Refused("n1h", "refusal.no_touch"), Refused("h2h", "refusal.overhang")),
            explain=say(
                "Une pièce repose sur toute sa longueur : le mur n'a jamais de trou. "
                "Deux pièces de même couleur peuvent se toucher par leurs grands côtés.",
                "A piece rests along its whole length: the wall never has a hole. Two "
                "pieces of one colour may touch along their long sides.",
            ),
        ),
        Step(
            title=say("Les petits côtés", "Short faces"),
            setup=((1, "k2h"),),
            ask=say(
                "Deux pièces de votre couleur ne se touchent jamais bout à bout. Essayez "
                "une pièce couchée en g, contre le bout de votre première pièce ; puis "
                "dressez une pièce debout en h.",
                "Two pieces of your colour never touch end to end. Try a flat piece at g, "
                "against the end of your first piece; then stand a piece upright at h.",
            ),
            expect=("h1v",),
            retry=say(
                "Permis, mais la leçon veut une pièce debout en h.",
                "Allowed, but the lesson wants an upright piece at h.",
            ),
            refused=(Refused("g1h", "refusal.short_faces"),),
            explain=say(
                "Debout, la pièce touche le bout de l'autre par son grand côté : c'est "
                "permis. Seuls les petits côtés ne peuvent pas se toucher.",
                "Upright, the piece meets the other's end with its long side: that is "
                "allowed. Only short faces may not touch.",
            ),
        ),
        Step(
            title=say("Debout sur debout", "Upright on upright"),
            setup=((1, "m1v"),),
            ask=say(
                "Une pièce debout ne se pose pas sur une pièce debout de sa couleur : "
                "ce serait encore petit côté contre petit côté. Essayez en h, puis "
                "posez une pièce debout en i, sur votre pièce couchée.",
                "An upright piece may not stand on an upright piece of its colour: that "
                "is short face on short face again. Try at h, then stand a piece upright "
                "at i, on your flat piece.",
            ),
            expect=("i3v",),
            retry=say(
                "Permis, mais la leçon veut une pièce debout en i.",
                "Allowed, but the lesson wants an upright piece at i.",
            ),
            refused=(Refused("h3v", "refusal.short_faces"),),
            explain=say(
                "Debout sur une pièce couchée, c'est permis. Le mur ne dépasse jamais "
                "neuf colonnes de large ni neuf rangées de haut.",
                "Upright on a flat piece is allowed. The wall is never more than nine "
                "columns wide nor nine rows high.",
            ),
        ),
        Step(
            title=say("Cinq en ligne", "Five in a row"),
            setup=((1, "k3h"),),
            ask=say(
                "Regardez la rangée du bas : h, i et j sont à vous. Une pièce couchée en "
                "f ferait cinq ronds alignés. Posez-la !",
                "Look at the bottom row: h, i and j are yours. A flat piece at f would "
                "make five rings in a row. Lay it!",
            ),
            expect=("f1h",),
            retry=say(
                "Permis, mais cherchez les cinq ronds : une pièce couchée en f.",
                "Allowed, but look for the five rings: a flat piece at f.",
            ),
            explain=say(
                "Cinq carrés de votre couleur alignés (en ligne, en colonne ou en "
                "diagonale) : la partie s'arrête aussitôt et vous gagnez.",
                "Five squares of your colour in a row (across, up or diagonal): the game "
                "stops at once and you win.",
            ),
        ),
    ),
)

# a whole game of Kwintie replayed up to its last moves (found by a random playout
# that avoids lines of five); the engine replays it in the tests
_LONG_GAME = (
    "f1v", "h1v", "g1v", "d1v", "e1v", "f3h", "d3v", "a1v", "f4v", "b1v",
    "i1v", "a3h", "a4h", "e3v", "e5v", "b5v", "h3h", "d5v", "b7v", "f6v",
    "d7h", "d8v", "h4v", "c1v", "f8v", "e8v", "c3v", "g4v", "g6v", "c5v",
    "a5v", "i4v", "i6v", "a7v", "c7v", "a9h",
)  # fmt: skip
_BEFORE_END = tuple((i % 2, move) for i, move in enumerate(_LONG_GAME))

BOARD = Lesson(
    game="kwinty",
    key="kwintie-board",
    title=say("Kwintie : le plateau et la fin", "Kwintie: the board and the end"),
    intro=say(
        "Kwintie se joue sur un plateau de neuf colonnes. Vous jouez Blanc : on voit "
        "la règle de la case centrale, puis la fin d'une partie que personne n'a gagnée "
        "par cinq.",
        "Kwintie is played on a board nine columns wide. You play White: first the rule "
        "of the centre square, then the end of a game nobody won with five.",
    ),
    start=Position(options={"variant": "kwintie"}),
    learner=0,
    steps=(
        Step(
            title=say("La case centrale", "The centre square"),
            ask=say(
                "Sur le plateau, Blanc commence où il veut, sauf sur la case du milieu, "
                "e1. Essayez la colonne e, puis dressez une pièce debout en f.",
                "On the board, White starts anywhere except on the middle square, e1. "
                "Try column e, then stand a piece upright at f.",
            ),
            expect=("f1v",),
            retry=say(
                "Permis, mais la leçon veut une pièce debout en f.",
                "Allowed, but the lesson wants an upright piece at f.",
            ),
            refused=(Refused("e1v", "refusal.centre"),),
            explain=say(
                "Sur le plateau, les pièces n'ont pas besoin de se toucher.",
                "On the board, pieces need not touch.",
            ),
        ),
        Step(
            title=say("Quand rien ne rentre", "When nothing fits"),
            restart=Position(options={"variant": "kwintie"}, moves=_BEFORE_END),
            ask=say(
                "Bien plus tard : le mur est presque plein et aucune de vos pièces ne "
                "trouve de place. Passez votre tour.",
                "Much later: the wall is nearly full and none of your pieces fits. Pass your turn.",
            ),
            expect=("pass",),
            explain=say(
                "On ne passe que si aucune pièce ne rentre. L'ordinateur rejoue.",
                "You pass only when no piece fits. The computer plays again.",
            ),
        ),
        Step(
            title=say("Une place se libère", "A place opens"),
            setup=((1, "h6v"),),
            ask=say(
                "La pièce de l'ordinateur vous ouvre une place en haut à droite : "
                "posez-y une pièce couchée, en h.",
                "The computer's piece opens a place at the top right: lay a flat piece "
                "there, at h.",
            ),
            expect=("h8h",),
            retry=say("Posez une pièce couchée en h.", "Lay a flat piece at h."),
            explain=say(
                "Il vous reste une pièce, et l'ordinateur pose sa dernière.",
                "You have one piece left, and the computer lays its last.",
            ),
        ),
        Step(
            title=say("Compter les lignes de quatre", "Counting lines of four"),
            setup=((1, "h9h"),),
            ask=say(
                "Plus de place pour votre dernière pièce : passez. Personne n'a fait "
                "cinq : on compte alors les lignes d'exactement quatre carrés de chaque "
                "couleur.",
                "No room for your last piece: pass. Nobody made five: so each colour's "
                "lines of exactly four squares are counted.",
            ),
            expect=("pass",),
            explain=say(
                "La partie est finie : Blanc a quatre lignes de quatre, Noir trois. "
                "Celui qui en a le plus gagne ; à égalité, c'est nul.",
                "The game is over: White has four lines of four, Black three. The one "
                "with more wins; equal counts are a draw.",
            ),
        ),
    ),
)

LESSONS = (WALL, BOARD)

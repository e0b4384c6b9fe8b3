"""Turris's guided first game: contact, support, the three unfinished levels, the
centre and its bonus with the removal's limits, bridges; then the end of a game, how a
face is scored, and the long-side rule of upright pieces."""

from __future__ import annotations

from tablier.tutorials.model import Lesson, Position, Refused, Step, say

# the first 43 moves of a whole game (a random playout the engine replays in the tests)
_LONG_GAME = (
    (0, "Va1"), (1, "Vb1"), (0, "Ha1b1"), (1, "Vc1"), (0, "Va2"), (1, "Va3"),
    (0, "Ha2a3"), (1, "Vb3"), (0, "Vc2"), (1, "Hc1c2"), (0, "Vb2"), (0, "skip"),
    (1, "Hb2b3"), (1, "skip"), (0, "Vc3"), (1, "Ha3b3"), (0, "Va2"), (1, "Hb1b2"),
    (1, "Hb2b3"), (0, "Vc2"), (1, "Vc1"), (0, "Vc3"), (1, "Vb1"), (0, "Hc1c2"),
    (1, "Vc3"), (0, "Va3"), (1, "Va1"), (0, "Hb1c1"), (1, "Vc2"), (0, "Ha1a2"),
    (1, "Vb3"), (0, "Va3"), (1, "Vc3"), (0, "Va1"), (1, "Vb2"), (1, "skip"),
    (0, "Va2"), (1, "Vb1"), (0, "Vc1"), (1, "Vb3"), (0, "Vc2"), (1, "Vb2"), (1, "skip"),
)  # fmt: skip

TOWER = Lesson(
    game="turris",
    key="turris-tower",
    title=say("Turris : bâtir la tour", "Turris: building the tower"),
    intro=say(
        "Vous jouez Blanc contre l'ordinateur (Noir). La tour se bâtit sur un carré de "
        "trois cases sur trois avec des pièces de deux cubes, debout ou couchées. À la "
        "fin, on regarde la tour de ses quatre côtés et d'en haut.",
        "You play White against the computer (Black). The tower rises on a square of "
        "three cells by three with pieces of two cubes, upright or lying. At the end, "
        "the tower is looked at from its four sides and from above.",
    ),
    start=Position(),
    learner=0,
    steps=(
        Step(
            title=say("La première pièce", "The first piece"),
            ask=say(
                "Une pièce couchée ne se pose jamais par terre, et la case du centre reste "
                "vide tant que son étage n'a pas d'autre cube. Essayez le centre, puis "
                "dressez une pièce debout dans le coin a1.",
                "A lying piece never goes on the ground, and the centre cell stays empty "
                "while its level has no other cube. Try the centre, then stand a piece "
                "upright in corner a1.",
            ),
            expect=("Va1",),
            retry=say(
                "Permis, mais la leçon veut une pièce debout en a1.",
                "Allowed, but the lesson wants an upright piece on a1.",
            ),
            refused=(Refused("Vb2", "refusal.rule_f"), Refused("Ha1b1", "refusal.rule_d_ground")),
            explain=say(
                "Une pièce debout occupe une case sur deux étages.",
                "An upright piece fills one cell on two levels.",
            ),
        ),
        Step(
            title=say("Toucher la tour, sans trop monter", "Touching, not too high"),
            setup=((1, "Vb1"),),
            ask=say(
                "Chaque pièce touche une pièce déjà posée, et la tour ne monte pas plus de "
                "deux étages au-dessus de l'étage inachevé le plus bas. Essayez le coin c3 "
                "(trop loin) ou le dessus de a1 (trop haut), puis dressez une pièce en a2.",
                "Every piece touches a piece already there, and the tower climbs no more "
                "than two levels above the lowest unfinished level. Try corner c3 (too "
                "far) or the top of a1 (too high), then stand a piece on a2.",
            ),
            expect=("Va2",),
            retry=say(
                "Permis, mais la leçon veut une pièce debout en a2.",
                "Allowed, but the lesson wants an upright piece on a2.",
            ),
            refused=(Refused("Vc3", "refusal.rule_a"), Refused("Va1", "refusal.rule_e")),
            explain=say(
                "Au plus trois étages inachevés à la fois : on finit le bas avant de monter.",
                "At most three unfinished levels at once: the bottom is finished before climbing.",
            ),
        ),
        Step(
            title=say("Le centre donne un bonus", "The centre gives a bonus"),
            setup=((1, "Vc1"),),
            ask=say(
                "Les étages 1 et 2 ont maintenant d'autres cubes : le centre b2 est "
                "ouvert. Qui y pose une pièce gagne un bonus. Dressez une pièce en b2.",
                "Levels 1 and 2 now hold other cubes: the centre b2 is open. Whoever puts "
                "a piece there earns a bonus. Stand a piece on b2.",
            ),
            expect=("Vb2",),
            retry=say(
                "Permis, mais prenez le centre : une pièce debout en b2.",
                "Allowed, but take the centre: an upright piece on b2.",
            ),
            explain=say(
                "Bonus ! Vous rejouez aussitôt : poser une autre pièce, retirer une pièce "
                "de l'adversaire, ou ne rien faire.",
                "Bonus! You play again at once: place another piece, take back one of "
                "your opponent's pieces, or do nothing.",
            ),
        ),
        Step(
            title=say("Retirer une pièce", "Taking a piece back"),
            ask=say(
                "On ne retire ni ses propres pièces, ni la dernière pièce posée par "
                "l'adversaire, ni une pièce qui en porte une autre. Choisissez « retirer "
                "une pièce adverse » : le plateau dit pourquoi la pièce noire en c1 reste. "
                "Retirez celle en b1.",
                "You never remove your own pieces, nor the piece your opponent placed last, "
                "nor a piece with another on it. Choose to take back an opponent's piece: "
                "the board says why the black piece on c1 stays. Take back the one on b1.",
            ),
            expect=("xb1@1",),
            retry=say(
                "Permis, mais la leçon veut retirer la pièce noire en b1.",
                "Allowed, but the lesson wants to take back the black piece on b1.",
            ),
            refused=(
                Refused("xc1@1", "refusal.remove_last"),
                Refused("xa1@1", "refusal.remove_own"),
            ),
            explain=say(
                "La pièce retourne dans la réserve de Noir, et sa place lui est interdite "
                "pour sa prochaine pose.",
                "The piece goes back to Black's supply, and its place is closed to Black's "
                "next placement.",
            ),
        ),
        Step(
            title=say("Faire le pont", "Making a bridge"),
            setup=((1, "Vc2"),),
            ask=say(
                "Une pièce couchée fait le pont : ses deux cubes reposent sur deux pièces "
                "différentes. Le centre de l'étage 3 est encore fermé : essayez de coucher "
                "une pièce sur b2 et c2, puis couchez-en une sur a1 et a2.",
                "A lying piece makes a bridge: its two cubes rest on two different "
                "pieces. The centre of level 3 is still closed: try laying a piece on b2 "
                "and c2, then lay one on a1 and a2.",
            ),
            expect=("Ha1a2",),
            retry=say(
                "Permis, mais la leçon veut une pièce couchée sur a1 et a2.",
                "Allowed, but the lesson wants a lying piece on a1 and a2.",
            ),
            refused=(Refused("Hb2c2", "refusal.rule_f"),),
            explain=say(
                "Vos deux pièces debout portent maintenant un pont à l'étage 3.",
                "Your two upright pieces now carry a bridge on level 3.",
            ),
        ),
        Step(
            title=say("Compter une face", "Scoring a face"),
            restart=Position(moves=_LONG_GAME),
            ask=say(
                "Bien plus tard, la tour a dix étages. Chacun des cinq regards (les "
                "quatre faces et le dessus) montre le premier cube vu de ce côté. Sur "
                "chaque regard, chaque joueur marque la taille de son plus grand groupe "
                "de cubes qui se touchent par un côté. Regardez les vues et les points.",
                "Much later, the tower is ten levels high. Each of the five looks (the "
                "four faces and the top) shows the first cube seen from that side. In "
                "each look, each player scores the size of his largest group of cubes "
                "touching by a side. Look at the views and the points.",
            ),
            explain=say(
                "Le total des cinq regards fait le score ; le plus haut gagne.",
                "The five looks added up make the score; the higher wins.",
            ),
        ),
        Step(
            title=say("La dernière pièce", "The last piece"),
            ask=say(
                "Une pièce debout doit toucher une autre pièce par un grand côté : "
                "essayez-la en b1, posée sur le sommet sans voisin. Puis dressez votre "
                "dernière pièce en c1.",
                "An upright piece must touch another piece with a long side: try it on "
                "b1, standing on the top with no neighbour. Then stand your last piece "
                "on c1.",
            ),
            expect=("Vc1",),
            retry=say(
                "Permis, mais la leçon veut votre dernière pièce debout en c1.",
                "Allowed, but the lesson wants your last piece upright on c1.",
            ),
            refused=(Refused("Vb1", "refusal.rule_c"),),
            explain=say(
                "Toutes les pièces sont posées : la partie est finie et vous gagnez aux points.",
                "Every piece is placed: the game is over and you win on points.",
            ),
        ),
    ),
)

LESSONS = (TOWER,)

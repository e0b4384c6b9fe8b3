"""Counterplays's guided first game: the first tile, touching at table level, flat
support on two tiles, the highest-level rule, and the count of the top level at the end."""

from __future__ import annotations

from tablier.tutorials.model import Lesson, Position, Refused, Step, say

HEXAGON = "O:1,0;2,0;3,0;1,1;2,1;3,1"
_OPENING = (
    (0, HEXAGON),
    (1, "E:-1,0;-3,1;-2,1;-1,1;0,1;-2,2"),
    (0, "E:4,0;5,0;6,0;4,1;5,1;6,1"),
    (1, "Y:3,0;4,0;5,0;6,0;5,1;6,1"),
    (0, "R:-2,1;-1,1;0,1;1,1;2,1;3,1"),
    (1, "T:-1,-2;1,-2;-1,-1;0,-1;1,-1;0,0"),
    (0, "L:3,0;4,0;5,0;6,0;2,1;3,1"),
)
# the rest of that game, to White's last tile (a random playout the tests replay)
_LATER = (
    (1, "S:-3,-4;-3,-3;-2,-3;-1,-3;0,-3;0,-2"),
    (0, "A:0,-3;-1,-2;0,-2;1,-2;0,-1;1,-1"),
    (1, "A:-4,2;-3,2;-5,3;-4,3;-3,3;-4,4"),
    (0, "N:8,1;6,2;7,2;8,2;9,2;10,2"),
    (1, "C:8,3;9,3;10,3;7,4;8,4;7,5"),
    (0, "S:10,1;11,1;12,1;12,2;13,2;14,2"),
    (1, "R:9,2;8,3;9,3;7,4;8,4;7,5"),
    (0, "Y:-3,4;-5,5;-4,5;-3,5;-4,6;-3,6"),
    (1, "N:4,-3;4,-2;5,-2;6,-2;5,-1;6,-1"),
    (0, "T:-3,-5;-2,-5;-1,-5;0,-5;-2,-4;-1,-4"),
    (1, "P:-4,2;-3,2;-2,2;-4,3;-3,3;-4,4"),
    (0, "U:-2,-5;-3,-4;-2,-4;-3,-3;-2,-3;-1,-3"),
    (1, "O:12,3;13,3;14,3;12,4;13,4;14,4"),
    (0, "C:-1,-3;0,-3;0,-2;1,-2;0,-1;1,-1"),
    (1, "U:13,2;12,3;13,3;12,4;13,4;14,4"),
)
LAST_WHITE = "P:-2,1;-1,1;-4,2;-3,2;-2,2;-3,3"
LAST_BLACK = "L:-7,-1;-6,-1;-5,-1;-4,-1;-4,0;-3,0"

STACK = Lesson(
    game="counterplays",
    key="counterplays-stack",
    title=say("Counterplays : monter la pile", "Counterplays: raising the stack"),
    intro=say(
        "Vous jouez Blanc contre l'ordinateur (Noir). Chacun a douze tuiles de six "
        "triangles, une par lettre du nom du jeu. On les pose à plat, côte à côte puis "
        "les unes sur les autres ; à la fin, le plus de tuiles tout en haut gagne.",
        "You play White against the computer (Black). Each has twelve tiles of six "
        "triangles, one per letter of the game's name. They are laid flat, side by side, "
        "then on top of each other; at the end, most tiles at the very top wins.",
    ),
    start=Position(),
    learner=0,
    steps=(
        Step(
            title=say("La première tuile", "The first tile"),
            ask=say(
                "La première tuile se pose n'importe où. Choisissez l'hexagone, le O, dans "
                "votre réserve, puis posez-le sur la table.",
                "The first tile goes anywhere. Choose the hexagon, the O, in your tray, then "
                "lay it on the table.",
            ),
            expect=(HEXAGON,),
            retry=say(
                "Permis, mais la leçon commence par l'hexagone, le O.",
                "Allowed, but the lesson starts with the hexagon, the O.",
            ),
            explain=say(
                "L'ordinateur va poser la sienne contre la vôtre : la deuxième tuile doit "
                "toucher la première par un côté.",
                "The computer will lay its own against yours: the second tile must touch the "
                "first along an edge.",
            ),
        ),
        Step(
            title=say("À côté, sur la table", "Alongside, on the table"),
            setup=_OPENING[1:2],
            ask=say(
                "Sur la table, une tuile touche la pile par un côté (un coin ne suffit pas) "
                "et ne chevauche rien. Prenez le E : essayez-le loin de tout, puis à moitié "
                "sur votre O, puis posez-le juste à droite du O, sur la table.",
                "On the table, a tile touches the stack along an edge (a corner is not "
                "enough) and overlaps nothing. Take the E: try it far from everything, then "
                "half on your O, then lay it just right of the O, on the table.",
            ),
            expect=(_OPENING[2][1],),
            retry=say(
                "Permis, mais la leçon veut le E juste à droite du O, sur la table.",
                "Allowed, but the lesson wants the E just right of the O, on the table.",
            ),
            refused=(
                Refused("E:2,-4;3,-4;4,-4;2,-3;3,-3;4,-3", "refusal.no_contact"),
                Refused("E:2,0;3,0;4,0;2,1;3,1;4,1", "refusal.partly_on_table"),
            ),
            explain=say(
                "Vos deux tuiles forment une surface : une tuile peut maintenant y monter.",
                "Your two tiles make a surface: a tile may now climb onto it.",
            ),
        ),
        Step(
            title=say("Monter sur deux tuiles", "Climbing onto two tiles"),
            setup=_OPENING[3:4],
            ask=say(
                "L'ordinateur a posé son Y au niveau 2, sur vos O et E. Une tuile monte à "
                "plat (tous ses triangles à la même hauteur) et repose sur au moins deux "
                "tuiles. Essayez votre Y pile sur le Y noir, ou le R à cheval sur deux "
                "hauteurs ; puis posez le R au niveau 2, sur le E noir et votre O.",
                "The computer laid its Y on level 2, on your O and E. A tile climbs flat (all "
                "its triangles at one height) and rests on at least two tiles. Try your Y "
                "right on the black Y, or the R across two heights; then lay the R on level "
                "2, on the black E and your O.",
            ),
            expect=(_OPENING[4][1],),
            retry=say(
                "Permis, mais la leçon veut le R au niveau 2, sur le E noir et votre O.",
                "Allowed, but the lesson wants the R on level 2, on the black E and your O.",
            ),
            refused=(
                Refused("Y:3,0;4,0;5,0;6,0;5,1;6,1", "refusal.one_tile_under"),
                Refused("R:0,1;1,1;2,1;3,1;4,1;5,1", "refusal.uneven"),
            ),
            explain=say(
                "Le R repose sur deux tuiles, de n'importe quelle couleur.",
                "The R rests on two tiles, of any colour.",
            ),
        ),
        Step(
            title=say("Toujours au plus haut", "Always as high as it goes"),
            setup=_OPENING[5:6],
            ask=say(
                "Une tuile se pose au niveau le plus haut qu'elle peut atteindre, nulle part "
                "plus bas. Votre L peut monter au niveau 3, sur le Y noir et votre R : "
                "essayez-le sur la table, puis posez-le là-haut.",
                "A tile goes on the highest level it can reach, nowhere lower. Your L can "
                "climb to level 3, on the black Y and your R: try it on the table, then lay "
                "it up there.",
            ),
            expect=(_OPENING[6][1],),
            retry=say(
                "Permis, mais la leçon veut le L au niveau 3.",
                "Allowed, but the lesson wants the L on level 3.",
            ),
            refused=(Refused("L:-1,2;0,2;1,2;2,2;-2,3;-1,3", "refusal.not_highest"),),
            explain=say(
                "Le niveau 3 est à vous. Une tuile qui ne peut pas monter se pose sur la "
                "table, contre la pile.",
                "Level 3 is yours. A tile that cannot climb goes on the table, against the stack.",
            ),
        ),
        Step(
            title=say("La dernière tuile", "The last tile"),
            restart=Position(moves=_OPENING + _LATER),
            ask=say(
                "Bien plus tard : il vous reste le P, et il n'a qu'une place, au niveau 3, "
                "en haut à gauche. Posez-le.",
                "Much later: you have the P left, and it has one place only, on level 3, at "
                "the top left. Lay it.",
            ),
            expect=(LAST_WHITE,),
            explain=say(
                "Vous avez maintenant trois tuiles au niveau 3 ; Noir n'en a aucune.",
                "You now have three tiles on level 3; Black has none.",
            ),
        ),
        Step(
            title=say("Le compte", "The count"),
            setup=((1, LAST_BLACK),),
            ask=say(
                "Les 24 tuiles sont posées. On compte les tuiles de chacun au plus haut "
                "niveau atteint ; à égalité, on compare le niveau en dessous, et ainsi de "
                "suite.",
                "All 24 tiles are down. Each player's tiles on the highest level reached are "
                "counted; if equal, the level below is compared, and so on.",
            ),
            explain=say(
                "Au niveau 3, Blanc a trois tuiles et Noir aucune : vous gagnez.",
                "On level 3, White has three tiles and Black none: you win.",
            ),
        ),
    ),
)

LESSONS = (STACK,)

"""Qui'win's guided first game: choosing at the same time, the three paliers and what
each measures, the two action pawns (a change by the learner, a transfer by the
computer and the swap it asks for), and a tie-break on the second palier's tiles.

The deal is given, so every draw of the lesson is known: the bag's first tile is the
one the change brings, the second the one the transfer brings."""

from __future__ import annotations

from tablier.tutorials.model import Lesson, Position, Step, say

DEAL = {
    "hands": [
        ["V22", "V22", "B24", "B24", "O25", "O25", "O25", "R23"],
        ["V22", "V22", "J23", "J23", "J23", "B24", "O25", "R25"],
    ],
    "bag": [
        "B24", "O23", "J23", "V22", "J23", "O23", "B24",
        "O23", "J23", "B24", "O23", "R23", "R24", "R24",
    ],
}  # fmt: skip


RULER = Lesson(
    game="quiwin",
    key="quiwin-ruler",
    title=say("Qui'win : trois paliers", "Qui'win: three paliers"),
    intro=say(
        "Vous jouez contre l'ordinateur. Chacun a huit tuiles de couleur, de 22 à 25 mm. "
        "À chaque tour, les deux joueurs choisissent une tuile en secret et la posent au "
        "bout de leur rangée. Trois paliers se mesurent à la règle : court, long, court.",
        "You play against the computer. Each has eight coloured tiles, 22 to 25 mm long. "
        "Each turn, both players choose a tile in secret and add it to the end of their "
        "row. Three paliers are measured with the ruler: short, long, short.",
    ),
    start=Position(extra={"deal": DEAL}),
    learner=0,
    steps=(
        Step(
            title=say("Choisir en même temps", "Choosing at the same time"),
            setup=((1, "J23"),),
            ask=say(
                "Au premier palier (deux tuiles), la rangée la plus courte gagne. "
                "L'ordinateur a déjà choisi, sans rien montrer. Choisissez votre tuile "
                "verte, la plus courte (22 mm).",
                "In the first palier (two tiles), the shorter row wins. The computer has "
                "chosen already, showing nothing. Choose your green tile, the shortest "
                "(22 mm).",
            ),
            expect=("V22",),
            retry=say(
                "Permis, mais au premier palier, la plus courte est la verte.",
                "Allowed, but in the first palier the shortest is the green one.",
            ),
            explain=say(
                "Les deux tuiles sont révélées ensemble. De l'adversaire, on voit la "
                "couleur ; les longueurs des oranges et des rouges restent cachées.",
                "Both tiles are shown together. Of the opponent's, you see the colour; "
                "the lengths of orange and red tiles stay hidden.",
            ),
        ),
        Step(
            title=say("Les pions d'action", "The action pawns"),
            setup=((1, "pass"),),
            ask=say(
                "Après chaque tuile, chacun peut jouer un pion : « changer » (la dernière "
                "tuile de l'adversaire part, il en tire une au hasard) ou « transférer » "
                "(votre dernière tuile part chez lui). Un seul pion par joueur et par "
                "partie : gardez-le pour plus tard, passez.",
                "After each tile, each player may play a pawn: “change” (the opponent's "
                "last tile goes, he draws one at random) or “transfer” (your last tile "
                "goes to him). One pawn per player per game: keep it for later, pass.",
            ),
            expect=("pass",),
            retry=say(
                "Gardez votre pion pour plus tard : passez.",
                "Keep your pawn for later: pass.",
            ),
            explain=say(
                "Une tuile rouge ne peut être ni changée ni transférée.",
                "A red tile can be neither changed nor transferred.",
            ),
        ),
        Step(
            title=say("La deuxième tuile", "The second tile"),
            setup=((1, "V22"),),
            ask=say(
                "Posez votre seconde tuile verte.",
                "Lay your second green tile.",
            ),
            expect=("V22",),
            retry=say("Posez la tuile verte.", "Lay the green tile."),
            explain=say(
                "L'ordinateur a posé une verte lui aussi : il a 45 mm, vous 44.",
                "The computer laid a green one too: he has 45 mm, you 44.",
            ),
        ),
        Step(
            title=say("Changer sa tuile", "Changing his tile"),
            setup=((1, "pass"),),
            ask=say(
                "Sa verte le rend presque aussi court que vous. Jouez le pion « changer » : "
                "sa verte quitte le jeu et il tire une tuile au hasard dans le sac.",
                "His green tile makes him almost as short as you. Play the “change” pawn: "
                "his green tile leaves the game and he draws a tile at random from the bag.",
            ),
            expect=("change",),
            retry=say(
                "Cette fois, jouez le pion « changer ».",
                "This time, play the “change” pawn.",
            ),
            explain=say(
                "Il a tiré une bleue de 24 mm : 47 mm contre vos 44. Vous gagnez le premier "
                "palier et menez (votre pion de position est baissé). Votre pion d'action "
                "est joué : il ne vous reste plus d'action pour cette partie.",
                "He drew a blue 24 mm: 47 mm against your 44. You win the first palier and "
                "lead (your position pawn is down). Your action pawn is spent: no more "
                "actions for you this game.",
            ),
        ),
        Step(
            title=say("Le palier long", "The long palier"),
            setup=((1, "B24"),),
            ask=say(
                "Au deuxième palier (quatre tuiles), c'est la rangée la plus longue qui "
                "gagne, tout compris depuis le début. Posez une bleue.",
                "In the second palier (four tiles), the longer row wins, everything counted "
                "from the start. Lay a blue tile.",
            ),
            expect=("B24",),
            retry=say("Posez une tuile bleue.", "Lay a blue tile."),
            explain=say(
                "L'ordinateur garde encore son pion.",
                "The computer still holds his pawn.",
            ),
        ),
        Step(
            title=say("Une orange", "An orange tile"),
            setup=((1, "pass"), (1, "J23")),
            ask=say(
                "Posez une orange de 25 mm : l'ordinateur n'en verra que la couleur.",
                "Lay a 25 mm orange tile: the computer sees only its colour.",
            ),
            expect=("O25",),
            retry=say("Posez une tuile orange.", "Lay an orange tile."),
            explain=say(
                "L'ordinateur joue son pion « transférer » : il vous envoie sa jaune de 23 mm.",
                "The computer plays his “transfer” pawn: he sends you his 23 mm yellow tile.",
            ),
        ),
        Step(
            title=say("Recevoir un transfert", "Receiving a transfer"),
            setup=((1, "transfer"),),
            ask=say(
                "Sa jaune prend la place d'une de vos tuiles de ce palier, au choix (pas une "
                "rouge). Au palier long, donnez la plus courte : votre bleue, la première.",
                "His yellow tile takes the place of one of your tiles of this palier, your "
                "choice (not a red one). In the long palier, give up the shorter: your blue "
                "one, the first.",
            ),
            expect=("swap 1",),
            retry=say(
                "Permis, mais gardez la plus longue : remplacez la bleue.",
                "Allowed, but keep the longer one: replace the blue tile.",
            ),
            explain=say(
                "Votre bleue quitte le jeu ; l'ordinateur tire une tuile au hasard à la place "
                "de sa jaune.",
                "Your blue tile leaves the game; the computer draws a tile at random in place "
                "of his yellow one.",
            ),
        ),
        Step(
            title=say("Encore une orange", "Another orange"),
            setup=((1, "O25"),),
            ask=say("Posez encore une orange.", "Lay another orange tile."),
            expect=("O25",),
            retry=say("Posez une tuile orange.", "Lay an orange tile."),
            explain=say(
                "Les deux pions sont joués : plus personne ne peut agir.",
                "Both pawns are spent: nobody can act any more.",
            ),
        ),
        Step(
            title=say("Fin du palier long", "End of the long palier"),
            setup=((1, "R25"),),
            ask=say(
                "Dernière tuile du palier long. Pour la leçon, posez votre rouge.",
                "Last tile of the long palier. For the lesson, lay your red tile.",
            ),
            expect=("R23",),
            retry=say("Posez la tuile rouge.", "Lay the red tile."),
            explain=say(
                "Mesure : 140 mm pour vous, 144 pour l'ordinateur, qui gagne ce palier. Vous "
                "meniez : vous voilà à égalité (les deux pions de position à plat).",
                "Measure: 140 mm for you, 144 for the computer, who wins this palier. You "
                "led: now you are level (both position pawns flat).",
            ),
        ),
        Step(
            title=say("Le dernier palier", "The last palier"),
            setup=((1, "V22"),),
            ask=say(
                "Au troisième palier (deux tuiles), la rangée la plus courte l'emporte. Qui "
                "mène doit le gagner pour gagner la partie ; quand personne ne mène, comme "
                "ici, le gagnant de ce palier gagne la partie. Posez la bleue.",
                "In the third palier (two tiles), the shorter row wins. A leader must win it "
                "to win the game; when nobody leads, as here, the palier's winner wins the "
                "game. Lay the blue tile.",
            ),
            expect=("B24",),
            retry=say("Posez la tuile bleue.", "Lay the blue tile."),
            explain=say(
                "Plus qu'une tuile chacun.",
                "One tile left each.",
            ),
        ),
        Step(
            title=say("Le départage", "The tie-break"),
            setup=((1, "J23"),),
            ask=say(
                "Posez votre dernière tuile. Si les deux rangées ont la même longueur, on "
                "compare les tuiles du palier long en partant de la dernière : la plus "
                "courte gagne.",
                "Lay your last tile. If both rows are equally long, the long palier's tiles "
                "are compared from the last one: the shorter wins.",
            ),
            expect=("O25",),
            retry=say("Posez l'orange.", "Lay the orange tile."),
            explain=say(
                "189 mm partout : égalité. Au départage, votre rouge de 23 mm bat sa rouge de "
                "25 mm : vous gagnez. Tout égal, la donne serait à rejouer.",
                "189 mm each: level. On the tie-break, your 23 mm red beats his 25 mm red: "
                "you win. All equal, the deal would be played again.",
            ),
        ),
    ),
)

LESSONS = (RULER,)

"""QuiAdiQuoi's guided first game, three at the table (the computer holds the two other
seats): a question and its clues, passing, taking back a wrong answer, the die's magic
token paying for a bordeaux question, winning a card, the tournament it starts."""

from __future__ import annotations

from tablier.tutorials.model import Lesson, Position, Refused, Step, say

# no clock and no reader's confirmation: the lesson's answers are judged at once
OPTIONS = {"reader_confirms": False, "answer_seconds": None}

QUOTES = Lesson(
    game="quiadiquoi",
    key="quiadiquoi-quotes",
    title=say("QuiAdiQuoi : qui a dit quoi ?", "QuiAdiQuoi: who said what?"),
    intro=say(
        "Vous êtes trois autour de la table ; l'ordinateur tient les deux autres places. "
        "Chaque carte porte une citation : côté bleu, on lit la phrase et on cherche "
        "l'auteur ; côté bordeaux, on lit l'auteur et on cherche la phrase.",
        "Three of you sit at the table; the computer holds the two other seats. Each card "
        "holds a quotation: on the blue side, the words are read and the author is "
        "asked; on the bordeaux side, the author is read and the words are asked.",
    ),
    start=Position(options=OPTIONS, num_players=3),
    learner=0,
    to_the_end=False,
    steps=(
        Step(
            title=say("Choisir un paquet", "Choosing a pack"),
            ask=say(
                "À votre tour de répondre en premier ; le joueur d'avant lit la carte. "
                "Prenez la carte du compartiment 1.",
                "Your turn to answer first; the player before you reads the card. Take the "
                "card of compartment 1.",
            ),
            expect=("take 1",),
            retry=say("Prenez le compartiment 1.", "Take compartment 1."),
            explain=say(
                "Une citation côté bleu : qui l'a dite ? Un premier indice est donné.",
                "A quotation, blue side: who said it? A first clue is given.",
            ),
        ),
        Step(
            title=say("Un indice de plus", "One more clue"),
            ask=say(
                "Pas sûr ? Passez : la question va au joueur suivant, avec un indice de "
                "plus. Pour la leçon, passez.",
                "Not sure? Pass: the question goes to the next player, with one more clue. "
                "For the lesson, pass.",
            ),
            expect=("abstain",),
            retry=say(
                "Bien vu ! Mais pour la leçon, passez cette fois.",
                "Well spotted! But for the lesson, pass this time.",
            ),
            explain=say(
                "Au deuxième indice, le joueur suivant trouve Flaubert et prend un jeton "
                "Littérature. Trouvée, la carte passe au dos du compartiment 3, retournée : "
                "on y lira l'auteur, et il faudra la phrase.",
                "With the second clue, the next player finds Flaubert and takes a "
                "Literature token. Found, the card goes to the back of compartment 3, turned "
                "over: the author will be read there, and the words asked.",
            ),
        ),
        Step(
            title=say("Se reprendre", "Taking it back"),
            setup=(
                (1, "answer:Gustave Flaubert"),
                (1, "take 1"),
                (1, "answer:Arthur Rimbaud"),
                (2, "take 1"),
                (2, "abstain"),
                (0, "answer:Napoléon"),
                (2, "answer:Henri IV"),
            ),
            ask=say(
                "Deux tours plus tard : « L'État, c'est moi. » Au deuxième indice, vous "
                "aviez répondu trop vite « Napoléon », puis l'autre joueur s'est trompé "
                "aussi. Qui s'est trompé peut se reprendre une fois, avant l'indice "
                "suivant : demandez à répondre encore.",
                "Two turns later: “L'État, c'est moi.” At the second clue you had answered "
                "“Napoléon” too fast, then the other player was wrong too. Whoever was "
                "wrong may take it back once, before the next clue: ask to answer again.",
            ),
            expect=("claim",),
            retry=say("Demandez à répondre encore.", "Ask to answer again."),
            explain=say(
                "Cette fois, vous avez trois indices sous les yeux.",
                "This time, you have three clues before you.",
            ),
        ),
        Step(
            title=say("La bonne réponse", "The right answer"),
            ask=say(
                "Un roi de France, le « Roi-Soleil »… Écrivez son nom (Louis XIV) et "
                "envoyez. Les accents, les majuscules et les petites fautes sont pardonnés.",
                "A king of France, the “Sun King”… Write his name (Louis XIV) and send it. "
                "Accents, capitals and small typos are forgiven.",
            ),
            expect=("answer:Louis XIV",),
            retry=say(
                "Ce n'est pas lui : essayez « Louis XIV ».",
                "That is not him: try “Louis XIV”.",
            ),
            explain=say(
                "Juste ! Côté bleu, la bonne réponse rapporte un jeton de la catégorie de la "
                "carte : vous avez un jeton Histoire.",
                "Right! On the blue side, a right answer earns a token of the card's "
                "category: you have a History token.",
            ),
        ),
        Step(
            title=say("Le dé et le jeton magique", "The die and the magic token"),
            ask=say(
                "Nouveau tour : avant de choisir, le dé donne un pouvoir ; le vôtre est le "
                "jeton magique. Le compartiment 3 montre Flaubert côté bordeaux : il se paie "
                "d'un jeton Littérature, que vous n'avez pas (essayez). Le jeton magique "
                "permet de payer avec un autre : payez avec votre jeton Histoire.",
                "A new turn: before choosing, the die gives a power; yours is the magic "
                "token. Compartment 3 shows Flaubert, bordeaux side: it costs a Literature "
                "token, which you lack (try). The magic token lets you pay with another: pay "
                "with your History token.",
            ),
            expect=("take 3 with histoire",),
            retry=say(
                "Pour la leçon, prenez le compartiment 3 en payant avec votre jeton Histoire.",
                "For the lesson, take compartment 3, paying with your History token.",
            ),
            refused=(Refused("take 3", "refusal.take_impossible"),),
            explain=say(
                "Les autres pouvoirs : trois indices d'un coup, le choix imposé par les "
                "autres, le jeton volé, la carte volée ; une face du dé est blanche.",
                "The other powers: three clues at once, the choice made by the others, the "
                "stolen token, the stolen card; one face of the die is blank.",
            ),
        ),
        Step(
            title=say("Gagner une carte", "Winning a card"),
            ask=say(
                "Côté bordeaux, on cherche la phrase. Flaubert… vous l'avez lue au premier "
                "tour : écrivez-la (Madame Bovary, c'est moi).",
                "On the bordeaux side, the words are asked. Flaubert… you read them in the "
                "first turn: write them (Madame Bovary, c'est moi).",
            ),
            expect=("answer:Madame Bovary, c'est moi.",),
            retry=say(
                "Ce n'est pas la phrase : « Madame Bovary, c'est moi ».",
                "Those are not the words: “Madame Bovary, c'est moi”.",
            ),
            explain=say(
                "Vous gagnez la carte ! C'est la première de la partie : un tournoi commence, "
                "par le joueur après vous.",
                "You win the card! It is the game's first: a tournament starts, with the "
                "player after you.",
            ),
        ),
        Step(
            title=say("Le tournoi", "The tournament"),
            setup=((1, "recite:Je est un autre."), (2, "recite:L'État, c'est moi.")),
            ask=say(
                "Chacun à son tour récite de mémoire une citation lue dans la partie, pas "
                "encore récitée dans ce tournoi. Les deux autres ont pris Rimbaud et "
                "Louis XIV : récitez celle de Flaubert.",
                "In turn, each recites from memory a quotation read in the game, not yet "
                "recited in this tournament. The other two took Rimbaud and Louis XIV: "
                "recite Flaubert's.",
            ),
            expect=("recite:Madame Bovary, c'est moi.",),
            retry=say(
                "Récitez « Madame Bovary, c'est moi ».",
                "Recite “Madame Bovary, c'est moi”.",
            ),
            explain=say(
                "Au tour suivant, les deux autres n'ont plus rien à réciter : chacun prend "
                "un galet.",
                "In the next round, the other two have nothing left to recite: each takes a "
                "pebble.",
            ),
        ),
        Step(
            title=say("Les galets", "The pebbles"),
            setup=((1, "pass"), (2, "pass")),
            ask=say(
                "Vous non plus n'avez plus de citation à réciter : passez, et prenez un galet.",
                "You have no quotation left to recite either: pass, and take a pebble.",
            ),
            expect=("pass",),
            explain=say(
                "Tout le monde a pris un galet dans le même tour : le tournoi s'arrête. "
                "Chacun rend un galet ; qui en garde doit rendre des jetons. Le dernier à "
                "avoir bien récité, vous, tire un jeton au hasard.",
                "Everyone took a pebble in the same round: the tournament stops. Everyone "
                "gives back a pebble; whoever still has some must give back tokens. The "
                "last to recite well, you, draws a token at random.",
            ),
        ),
        Step(
            title=say("Gagner la partie", "Winning the game"),
            ask=say(
                "La partie continue ainsi. Le premier à tenir trois cartes de trois "
                "catégories différentes (Histoire, Littérature, Penseurs) gagne. D'autres "
                "tournois viennent quand un joueur tient deux cartes, puis deux joueurs.",
                "The game goes on like this. The first to hold three cards of three "
                "different categories (History, Literature, Thinkers) wins. More tournaments "
                "come when one player holds two cards, then two players.",
            ),
            explain=say(
                "Vous savez jouer : à vous la table !",
                "You know how to play: the table is yours!",
            ),
        ),
    ),
)

LESSONS = (QUOTES,)

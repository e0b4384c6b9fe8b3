"""Problems drawn from games (Kwinty, Turris, Counterplays): one move wins, find it.

Not to be confused with Counterplays' solo puzzles (`tablier.games.counterplays.puzzles`):
these are positions of two-player games, proved by exhaustive search
(`verify.py`), mined from the project's own games (`generate.py`), shipped under
`data/` and served by `tablier.server.problems`.
"""

"""Balance studies for designers: many seeded games, figures with intervals, a report.

from tablier.study import StudySpec, run_study
result = run_study(StudySpec(game_id, players=("random", "random"), games=400))
"""

from tablier.study.figures import Figures, figures_of
from tablier.study.play import GameFacts, StudySpec, play_one, run_study

__all__ = ["Figures", "GameFacts", "StudySpec", "figures_of", "play_one", "run_study"]

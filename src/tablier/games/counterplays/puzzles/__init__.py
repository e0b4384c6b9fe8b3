"""Solo puzzles built on the games' own rules (the Counterplays brain-teasers)."""

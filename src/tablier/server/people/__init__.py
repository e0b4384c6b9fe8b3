"""People: profiles, sessions, ratings and the open-games lobby (challenges)."""

"""QuiAdiQuoi: a party quiz on quotations for 3 to 6 players (who said what?)."""

from tablier.games.quiadiquoi.game import QuiAdiQuoiGame

GAME = QuiAdiQuoiGame

__all__ = ["GAME", "QuiAdiQuoiGame"]

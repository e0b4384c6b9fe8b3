"""Knuth's Algorithm X over dictionaries of sets, with optional columns and budgets.

Columns are either *primary* (each must be covered exactly once) or *secondary* (each
may be covered at most once). A solution is a list of row names; as in Knuth's
formulation, a row covering no primary column is never part of one. The column links are
sets rather than circular lists: removing a row from a set and adding it back plays
the part of the dancing links, and Python sets make that both short and fast.

Two limits serve the puzzles: `max_rows` (only solutions of at most that many rows,
pruned by a lower bound on the rows still needed) and `budget` (stop after that many
search nodes; `exhausted` then tells the search was cut short, so "no solution found"
is not a proof).
"""

from __future__ import annotations

from collections.abc import Generator, Hashable, Iterable, Iterator, Mapping
from typing import Generic, TypeVar

R = TypeVar("R", bound=Hashable)
C = TypeVar("C", bound=Hashable)


class BudgetExceeded(Exception):
    """Raised inside the search when the node budget runs out."""


class ExactCover(Generic[R, C]):
    def __init__(
        self,
        rows: Mapping[R, Iterable[C]],
        primary: Iterable[C],
        secondary: Iterable[C] = (),
    ) -> None:
        primary = list(dict.fromkeys(primary))
        secondary = list(dict.fromkeys(secondary))
        overlap = set(primary) & set(secondary)
        if overlap:
            raise ValueError(f"columns both primary and secondary: {sorted(map(str, overlap))}")
        # The search works on integers: hashing them is far cheaper than hashing the
        # nested tuples the puzzles use as names, and it is the search's inner loop.
        self.column_names: list[C] = [*primary, *secondary]
        col_id = {c: i for i, c in enumerate(self.column_names)}
        self._n_primary = len(primary)
        self.row_names: list[R] = []
        self._rows: list[tuple[int, ...]] = []
        self._cols: dict[int, set[int]] = {i: set() for i in range(len(self.column_names))}
        for name, columns in rows.items():
            cols = tuple(columns)
            if len(set(cols)) != len(cols):
                raise ValueError(f"row {name!r} names a column twice")
            ids = []
            for c in cols:
                if c not in col_id:
                    raise ValueError(f"row {name!r} names an undeclared column {c!r}")
                ids.append(col_id[c])
            r = len(self._rows)
            for i in ids:
                self._cols[i].add(r)
            self._rows.append(tuple(ids))
            self.row_names.append(name)
        # the most primary columns one row covers: the ground of the lower bound
        self.widest = max(
            (sum(1 for i in ids if i < self._n_primary) for ids in self._rows), default=0
        )
        self.nodes = 0
        self.exhausted = False

    def solutions(
        self, max_rows: int | None = None, budget: int | None = None
    ) -> Generator[list[R], None, None]:
        """Every solution (with at most `max_rows` rows), until `budget` nodes are spent."""
        self.nodes = 0
        self.exhausted = False
        try:
            for found in self._search([], max_rows, budget):
                yield [self.row_names[r] for r in found]
        except BudgetExceeded:
            self.exhausted = True

    def first(self, max_rows: int | None = None, budget: int | None = None) -> list[R] | None:
        search = self.solutions(max_rows, budget)
        try:
            return next(search, None)
        finally:
            search.close()  # unwinds the search now, restoring the removed rows

    def _search(
        self, partial: list[int], max_rows: int | None, budget: int | None
    ) -> Iterator[list[int]]:
        self.nodes += 1
        if budget is not None and self.nodes > budget:
            raise BudgetExceeded
        cols = self._cols
        open_cols = [i for i in range(self._n_primary) if i in cols]
        if not open_cols:
            yield list(partial)
            return
        if max_rows is not None:
            # each further row covers at most `_widest` of the open primary columns
            needed = -(-len(open_cols) // self.widest) if self.widest else len(open_cols)
            if len(partial) + needed > max_rows:
                return
        # the column with fewest candidate rows keeps the tree narrow (Knuth's heuristic)
        col = min(open_cols, key=lambda i: len(cols[i]))
        for row in sorted(cols[col]):  # rows in the order given: a repeatable search
            partial.append(row)
            removed = self._select(row)
            try:
                yield from self._search(partial, max_rows, budget)
            finally:
                # also when the caller stops early or the budget runs out, so the
                # problem is whole again for the next search
                self._restore(row, removed)
                partial.pop()

    def _select(self, row: int) -> list[set[int]]:
        cols, rows = self._cols, self._rows
        removed = []
        for c in rows[row]:
            for clash in cols[c]:
                for other in rows[clash]:
                    if other != c:
                        cols[other].discard(clash)
            removed.append(cols.pop(c))
        return removed

    def _restore(self, row: int, removed: list[set[int]]) -> None:
        cols, rows = self._cols, self._rows
        for c in reversed(rows[row]):
            cols[c] = removed.pop()
            for clash in cols[c]:
                for other in rows[clash]:
                    if other != c:
                        cols[other].add(clash)

"""What the revisions share: create only the tables a database lacks.

Earlier Tablier versions made their tables with `create_all` and only ever added tables,
so a revision meets databases holding some of its tables already; those stay as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import sqlalchemy as sa
from alembic import op

Tables = Sequence[tuple[str, Callable[[], None]]]


def create_missing(tables: Tables) -> None:
    """Create, in the listed order, each table the database does not hold yet."""
    present = set(sa.inspect(op.get_bind()).get_table_names())
    for name, create in tables:
        if name not in present:
            create()


def drop_all(tables: Tables) -> None:
    """Drop the tables in the reverse order (those that refer to others first)."""
    for name, _create in reversed(tables):
        op.drop_table(name)

"""A copy of a position that cannot forget a field.

A hand-kept `clone` lists the fields to copy, and the day someone adds a list to the
position and not to that list, a search's clones share it and corrupt each other
silently. `copy_fields` walks every attribute the object has instead, whatever class
of the hierarchy set it: values of immutable types are shared, lists, dicts and sets
get a copy of their own (their items must be immutable, like the positions' ints and
tuples), and every other value is deep-copied unless the class names it among the
attributes that are shared on purpose (the game, precomputed tables, rule objects).
An unforeseen field thus costs speed at worst, never correctness.

It walks the instance `__dict__` rather than `__slots__`: the base `State` keeps a
`__dict__` anyway, and one loop over a copied dict is faster than setting slots one by
one (it costs a Kwinty clone under a microsecond more than the hand-kept list did).
"""

from __future__ import annotations

import copy
from types import NoneType
from typing import TypeVar

T = TypeVar("T")

IMMUTABLE: frozenset[type] = frozenset({int, bool, float, str, bytes, tuple, frozenset, NoneType})
CONTAINERS: frozenset[type] = frozenset({list, dict, set, bytearray})


def copy_fields(source: T, shared: frozenset[str]) -> T:
    """A new object of `source`'s class whose mutable attributes are its own."""
    fields = source.__dict__.copy()
    # replacing values while iterating is safe: the keys do not change
    for name, value in fields.items():
        kind = type(value)
        if kind in CONTAINERS:
            fields[name] = value.copy()
        elif kind not in IMMUTABLE and name not in shared:
            fields[name] = copy.deepcopy(value)
    twin = object.__new__(type(source))
    twin.__dict__ = fields
    return twin

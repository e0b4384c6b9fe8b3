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
`__dict__` anyway. Searches clone a position for every playout, so which fields hold
containers or objects is planned once per class and set of attribute names, then
applied without judging every value again; a field that held None when the plan was
made is looked at on each copy (it may hold a list later), and a new attribute changes
the set of names, hence the plan.
"""

from __future__ import annotations

import copy
from types import NoneType
from typing import TypeVar

T = TypeVar("T")

IMMUTABLE: frozenset[type] = frozenset({int, bool, float, str, bytes, tuple, frozenset, NoneType})
CONTAINERS: frozenset[type] = frozenset({list, dict, set, bytearray})

# (class, attribute names) -> (names of containers, of objects to deep-copy, of None)
_Plan = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
_PLANS: dict[tuple[type, tuple[str, ...]], _Plan] = {}


def _plan(fields: dict[str, object], shared: frozenset[str]) -> _Plan:
    copied: list[str] = []
    deep: list[str] = []
    unsure: list[str] = []
    for name, value in fields.items():
        kind = type(value)
        if kind in CONTAINERS:
            copied.append(name)
        elif value is None:
            unsure.append(name)
        elif kind not in IMMUTABLE and name not in shared:
            deep.append(name)
    return tuple(copied), tuple(deep), tuple(unsure)


def _own(value: object, name: str, shared: frozenset[str]) -> object:
    """`value` as the copy must hold it, judged from the value itself."""
    kind = type(value)
    if kind in CONTAINERS:
        return value.copy()  # type: ignore[attr-defined]
    if kind in IMMUTABLE or name in shared:
        return value
    return copy.deepcopy(value)


def copy_fields(source: T, shared: frozenset[str]) -> T:
    """A new object of `source`'s class whose mutable attributes are its own."""
    fields = source.__dict__.copy()
    key = (type(source), tuple(fields))
    plan = _PLANS.get(key)
    if plan is None:
        plan = _PLANS[key] = _plan(fields, shared)
    copied, deep, unsure = plan
    for name in copied:
        value = fields[name]
        # planned as a container but holding something else now: judged afresh
        fields[name] = value.copy() if type(value) in CONTAINERS else _own(value, name, shared)
    for name in deep:
        fields[name] = _own(fields[name], name, shared)
    for name in unsure:
        if fields[name] is not None:
            fields[name] = _own(fields[name], name, shared)
    twin = object.__new__(type(source))
    twin.__dict__ = fields
    return twin

"""The compiled generator (fastgen.c) as a machine meets it: built once into a cache
folder, refusing input it cannot handle, and replaced by Python where it cannot be built.

Its moves are compared with the Python generators in test_counterplays_remembered.py.
"""

from __future__ import annotations

import os
import pickle
import random
import subprocess
import sys
from array import array
from pathlib import Path

import pytest

import tablier
from tablier.core.errors import IllegalMove
from tablier.core.move import Move
from tablier.games.counterplays import fastgen, remembered
from tablier.games.counterplays.geometry import WIDTH, cell_of, key_neighbours, key_of
from tablier.games.counterplays.notation import notation
from tablier.games.counterplays.state import CounterplaysState

GAME = tablier.load("counterplays")

PLAY_ONE_GAME = """
import tablier
state = tablier.load("counterplays").new_state(seed=11)
print("compiled" if state._gen is not None else "python")
while not state.is_terminal():
    player = state.current_players()[0]
    legal = state.legal_moves(player)
    state.apply(player, legal[len(legal) // 3])
print(len(state.history), hash(tuple(m for _, m in state.history)))
"""


def run(code: str, **env: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "PYTHONHASHSEED": "0", **env},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout.split("\n")


def after_random_moves(seed: int, moves: int) -> CounterplaysState:
    """A position `moves` random tiles into a game (the same ones for the same seed)."""
    state = GAME.new_state(seed=seed)
    assert isinstance(state, CounterplaysState)
    rng = random.Random(seed)
    for _ in range(moves):
        player = state.current_players()[0]
        state.apply(player, rng.choice(state.legal_moves(player)))
    return state


@pytest.fixture
def generator() -> fastgen.FastGenerator:
    gen = fastgen.load()
    if gen is None:
        if os.environ.get("CI") == "true":
            pytest.fail("the compiled generator could not be built (cffi and a C compiler)")
        pytest.skip("no C compiler or cffi here")
    return gen


def test_it_is_built_once_into_the_cache_folder(tmp_path: Path) -> None:
    first = run(PLAY_ONE_GAME, TABLIER_CACHE=str(tmp_path))
    if first[0] != "compiled" and os.environ.get("CI") != "true":
        pytest.skip("no C compiler or cffi here")
    assert first[0] == "compiled"
    built = list(tmp_path.glob("_cp_fastgen_*"))
    assert len(built) == 1 and built[0].stat().st_size > 0
    stamp = built[0].stat().st_mtime_ns
    # a second process loads what the first built
    second = run(PLAY_ONE_GAME, TABLIER_CACHE=str(tmp_path))
    assert second == first
    assert [p.stat().st_mtime_ns for p in tmp_path.glob("_cp_fastgen_*")] == [stamp]


def test_without_it_python_plays_the_very_same_game(tmp_path: Path) -> None:
    python = run(PLAY_ONE_GAME, TABLIER_PURE_PYTHON="1", TABLIER_CACHE=str(tmp_path))
    assert python[0] == "python"
    assert not list(tmp_path.glob("_cp_fastgen_*"))
    compiled = run(PLAY_ONE_GAME, TABLIER_CACHE=str(tmp_path))
    if compiled[0] != "compiled" and os.environ.get("CI") != "true":
        pytest.skip("no C compiler or cffi here")
    assert compiled[0] == "compiled"
    assert compiled[1] == python[1]


def test_a_cache_folder_it_cannot_write_leaves_python_in_charge(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    out = run(PLAY_ONE_GAME, TABLIER_CACHE=str(blocker / "cache"))
    assert out[0] == "python"
    assert int(out[1].split()[0]) == 24


def test_input_it_cannot_handle_is_refused_and_leaves_it_clean(
    generator: fastgen.FastGenerator,
) -> None:
    state = after_random_moves(2, 7)
    cells = array("i", state._cells)
    mask = fastgen.letter_mask(state.left[state.current_players()[0]])
    expected = generator.generate(cells, mask)
    with pytest.raises(ValueError, match="beyond"):
        generator.generate(array("i", cells[:-1]), mask)  # not six cells a tile
    edge = array("i", [*cells[:-6], *(WIDTH + i for i in range(6))])
    with pytest.raises(ValueError, match="beyond"):
        generator.generate(edge, mask)  # a tile at the very edge of the key space
    # nothing of the refused stacks stayed behind in the grid
    assert generator.generate(cells, mask) == expected


def test_levels_and_placements_are_reported_per_letter(
    generator: fastgen.FastGenerator,
) -> None:
    # an O (hexagon) alone: every other letter can only go on the table, and so can O
    o_cells = [key_of(x, y) for x, y in ((1, 0), (2, 0), (3, 0), (1, 1), (2, 1), (3, 1))]
    codes, levels = generator.generate(array("i", o_cells), fastgen.letter_mask(frozenset("OS")))
    letters = "COUNTERPLAYS"
    assert [levels[letters.index(c)] for c in "OS"] == [1, 1]
    assert levels[letters.index("C")] == 0  # not asked
    assert codes == sorted(codes) and len(set(codes)) == len(codes)
    placed = [remembered.decode(c) for c in codes]
    assert {o.letter for o, _ in placed} == {"O", "S"}
    for orient, anchor in placed:
        cells = {anchor + d for d in orient.rel}
        assert not cells & set(o_cells)  # on the table, beside the hexagon
        assert any(n in o_cells for c in cells for n in key_neighbours(c))


def east(move: str) -> tuple[int, str]:
    """How far east a move reaches (its largest x), then the text, to break ties."""
    return max(int(cell.split(",")[0]) for cell in move[2:].split(";")), move


def test_a_stack_too_wide_for_the_boards_is_read_cell_by_cell(
    generator: fastgen.FastGenerator,
) -> None:
    # each tile laid as far east as it can go: the stack soon spans more columns than
    # a 64-bit row holds with its margins, and the generator must still be exact
    state = GAME.new_state(seed=4)
    assert isinstance(state, CounterplaysState)
    assert state._gen is generator
    while not state.is_terminal():
        player = state.current_players()[0]
        legal = state.legal_moves(player)
        reference = [notation(o.index, a) for o, a in state._placements(state.left[player])]
        assert legal == reference
        state.apply(player, max(legal, key=east))
    columns = {cell_of(k)[0] for k in state.height}
    assert max(columns) - min(columns) + 1 > 64 - 2 * 8


def test_threads_asking_at_once_each_get_their_own_answer(
    generator: fastgen.FastGenerator,
) -> None:
    # the C side works in shared arrays; several server threads may ask at once
    from concurrent.futures import ThreadPoolExecutor

    stacks = []
    for seed in range(6):
        state = after_random_moves(seed, 4 + 3 * seed)
        stacks.append((array("i", state._cells), fastgen.ALL_LETTERS))
    expected = [generator.generate(c, m) for c, m in stacks]

    def ask(i: int) -> bool:
        c, m = stacks[i % len(stacks)]
        return generator.generate(c, m) == expected[i % len(stacks)]

    with ThreadPoolExecutor(max_workers=8) as pool:
        assert all(pool.map(ask, range(3000)))


def test_a_pickled_position_plays_on_in_another_process(
    generator: fastgen.FastGenerator, tmp_path: Path
) -> None:
    # research tools pickle positions; the library itself does not travel
    state = after_random_moves(8, 9)
    copy = pickle.loads(pickle.dumps(state))
    assert copy._gen is generator
    player = state.current_players()[0]
    assert copy.legal_moves(player) == state.legal_moves(player)
    saved = tmp_path / "position.pickle"
    saved.write_bytes(pickle.dumps(state))
    code = f"""
import pickle, random
state = pickle.loads(open({str(saved)!r}, "rb").read())
print(state._gen is None)
rng = random.Random(1)
while not state.is_terminal():
    twin = state.clone()
    player = state.current_players()[0]
    print(len(state.legal_moves(player)), len(twin.legal_moves(player)))
    state.apply(player, rng.choice(state.legal_moves(player)))
"""
    # a process that cannot build it plays on with the Python generator, clones too
    out = run(code, TABLIER_PURE_PYTHON="1")
    assert out[0] == "True"
    counts = [tuple(map(int, line.split())) for line in out[1:] if line]
    rng = random.Random(1)
    while not state.is_terminal():
        player = state.current_players()[0]
        legal = state.legal_moves(player)
        assert counts.pop(0) == (len(legal), len(legal))
        state.apply(player, rng.choice(legal))
    assert counts == []


def test_texts_found_through_slots_are_the_canonical_ones_also_after_a_fresh_start() -> None:
    generator = fastgen.load()
    if generator is None:
        pytest.skip("no compiled generator on this machine")
    rng = random.Random(5)
    state = GAME.new_state(seed=5)
    assert isinstance(state, CounterplaysState)
    checked = 0
    while not state.is_terminal():
        player = state.current_players()[0]
        if state.tiles:
            mask = fastgen.letter_mask(state.left[player])
            if checked == 6:
                generator.forget_texts()
            codes, levels, texts = generator.generate_texts(state._cells, mask)
            assert (codes, levels) == generator.generate(state._cells, mask)
            assert texts == [notation(code >> 21, code & ((1 << 21) - 1)) for code in codes]
            assert all(
                remembered.code_of(text) == code for text, code in zip(texts, codes, strict=True)
            )
            checked += 1
        state.apply(player, rng.choice(state.legal_moves(player)))
    assert checked > 12


def test_lists_built_on_the_c_side_are_the_generators_also_after_forgetting(
    generator: fastgen.FastGenerator,
) -> None:
    # the position's legal list, codes and levels come from one C call that keeps
    # the texts itself; without it (no ctypes) generate_texts gives the same
    if generator._legal_list is None:
        if os.environ.get("CI") == "true":
            pytest.fail("the C side's legal lists cannot be reached through ctypes")
        pytest.skip("no ctypes here")
    rng = random.Random(9)
    state = GAME.new_state(seed=9)
    assert isinstance(state, CounterplaysState)
    checked = 0
    while not state.is_terminal():
        player = state.current_players()[0]
        if state.tiles:
            mask = fastgen.letter_mask(state.left[player])
            if checked == 5:
                generator.forget_texts()
            moves, codes, levels = generator.legal(state._cells, mask)
            generated, level_list = generator.generate(state._cells, mask)
            assert list(codes) == generated and list(levels) == level_list
            assert moves == [notation(c >> 21, c & ((1 << 21) - 1)) for c in generated]
            assert all(type(m) is Move for m in moves)
            assert [remembered.code_of(m) for m in moves] == generated
            assert state.legal_moves(player) == moves
            saved, generator._legal_list = generator._legal_list, None
            try:
                assert generator.legal(state._cells, mask) == (moves, codes, levels)
            finally:
                generator._legal_list = saved
            checked += 1
        state.apply(player, rng.choice(state.legal_moves(player)))
    assert checked > 12


def test_a_move_the_position_did_not_list_is_refused_and_changes_nothing() -> None:
    # apply finds a listed text among the placements the generator gave; a canonical
    # text of another position, or of a placement made illegal since, is refused
    rng = random.Random(3)
    state = GAME.new_state(seed=3)
    assert isinstance(state, CounterplaysState)
    earlier: list[str] = []
    while not state.is_terminal():
        player = state.current_players()[0]
        legal = set(state.legal_moves(player))
        stale = [m for m in earlier if m not in legal and m[0] in state.left[player]]
        for move in stale[:5]:
            before = state.observation(None)
            with pytest.raises(IllegalMove):
                state.apply(player, move)
            assert state.observation(None) == before and state.legal_moves(player)
        earlier.extend(sorted(legal)[:40])
        state.apply(player, rng.choice(sorted(legal)))


def test_a_new_position_has_what_state_init_gives_and_its_random_stream() -> None:
    # CounterplaysState sets State.__init__'s fields itself, the generator made
    # when first asked: whatever State.__init__ sets, a new position has too
    from tablier.core.state import State

    fresh = GAME.new_state(seed=21)
    assert isinstance(fresh, CounterplaysState)
    probe = object.__new__(CounterplaysState)
    State.__init__(probe, GAME, 21, 2)
    for name, value in vars(probe).items():
        if name != "_rng":
            assert getattr(fresh, name) == value, name
    twin = fresh.clone()
    assert fresh._rng is None and twin._rng is None  # never asked for, never made
    assert fresh.rng.getstate() == probe.rng.getstate() == random.Random(21).getstate()
    draws = [fresh.rng.random() for _ in range(3)]
    copy = fresh.clone()  # once made, a copy goes on from the same point
    assert copy.rng.random() == fresh.rng.random()
    assert twin.rng.random() == draws[0]
    assert pickle.loads(pickle.dumps(fresh)).rng.getstate() == fresh.rng.getstate()

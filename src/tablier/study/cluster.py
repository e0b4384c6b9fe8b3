"""Running a study on a Ray cluster (the `scale` extra): `address` is a cluster's address,
or "local" to start one on this machine. Games are the same pure function of the spec
and index as on one machine, so the figures are identical."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from tablier.study.play import GameFacts, StudySpec, play_one


def play_on_ray(spec: StudySpec, indices: Iterable[int], address: str) -> Iterator[GameFacts]:
    try:
        import ray
    except ImportError as exc:  # pragma: no cover - depends on the extra
        raise RuntimeError('--ray needs the "scale" extra: pip install "tablier[scale]"') from exc
    started_here = not ray.is_initialized()
    if started_here:
        ray.init(
            address=None if address == "local" else address,
            include_dashboard=False,
            log_to_driver=False,
        )
    try:
        remote: Any = ray.remote(play_one)
        batch = [remote.remote(spec, i) for i in indices]
        pending = list(batch)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield from ray.get(done)
    finally:
        if started_here:
            ray.shutdown()

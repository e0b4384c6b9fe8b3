"""Bytes of moves stored per requester and hour (server/bytes_quota.py): counts only."""

from __future__ import annotations

import pytest

from tablier.server.bytes_quota import ROW_BYTES, BytesQuota, TooMuchStored


def test_moves_past_the_hourly_bytes_are_refused_and_not_counted() -> None:
    quota = BytesQuota(anonymous=3 * (ROW_BYTES + 100), profile=10**9)
    for second in range(3):
        quota.charge("address:a", "x" * 100, now=float(second))
    with pytest.raises(TooMuchStored) as refused:
        quota.charge("address:a", "x" * 100, now=3.0)
    assert refused.value.limit == 3 * (ROW_BYTES + 100)
    # the refused move was not counted
    assert quota.totals["address:a"] == 3 * (ROW_BYTES + 100)
    # another address has its own share
    quota.charge("address:b", "x" * 100, now=3.0)


def test_the_window_slides_and_a_profile_has_its_own_share() -> None:
    quota = BytesQuota(anonymous=ROW_BYTES + 10, profile=10 * (ROW_BYTES + 10), period=60.0)
    quota.charge("address:a", "é" * 5, now=0.0)  # ten bytes of UTF-8
    with pytest.raises(TooMuchStored):
        quota.charge("address:a", "a", now=59.0)
    quota.charge("address:a", "a", now=60.5)  # the first move has left the window
    for n in range(10):
        quota.charge("profile:p", "x" * 10, now=float(n))
    with pytest.raises(TooMuchStored):
        quota.charge("profile:p", "x", now=10.0)


def test_the_refusal_names_the_share_in_kilobytes() -> None:
    quota = BytesQuota(anonymous=4 * 1024 * 1024, profile=0)
    with pytest.raises(TooMuchStored, match="4096 KB"):
        quota.charge("address:a", "x" * (5 * 1024 * 1024))

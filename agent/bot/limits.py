"""Rate limits, the diagnosis queue bound, and duplicate deliveries. Thread-safe.

A token bucket per user and one for everyone: a burst of ``per minute`` requests passes at
once, then requests pass at that rate. Clocks are arguments, so tests move time by hand.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

Clock = Callable[[], float]


@dataclass
class _Bucket:
    tokens: float
    at: float


class RateLimiter:
    def __init__(self, per_user_per_minute: float, global_per_minute: float, *, clock: Clock = time.monotonic) -> None:
        self._user_rate = per_user_per_minute
        self._global_rate = global_per_minute
        self._clock = clock
        self._lock = threading.Lock()
        self._users: dict[str, _Bucket] = {}
        self._global = _Bucket(global_per_minute, clock())

    def admit(self, user: str) -> str | None:
        """None when the request may go ahead (and counts against the limits); otherwise
        which limit refused it: ``user`` or ``global``."""
        with self._lock:
            now = self._clock()
            mine = self._users.setdefault(user, _Bucket(self._user_rate, now))
            _refill(mine, self._user_rate, now)
            _refill(self._global, self._global_rate, now)
            if mine.tokens < 1:
                return "user"
            if self._global.tokens < 1:
                return "global"
            mine.tokens -= 1
            self._global.tokens -= 1
            if len(self._users) > 10_000:  # forget users whose bucket is full again
                self._users = {u: b for u, b in self._users.items() if b.tokens < self._user_rate}
            return None


def _refill(bucket: _Bucket, per_minute: float, now: float) -> None:
    bucket.tokens = min(per_minute, bucket.tokens + (now - bucket.at) * per_minute / 60)
    bucket.at = now


class Deliveries:
    """Delivery ids seen in the last ``ttl`` seconds: a platform's retry of a request it
    thinks was lost is recognised and answered once."""

    def __init__(self, ttl: float, *, clock: Clock = time.monotonic, capacity: int = 100_000) -> None:
        self._ttl = ttl
        self._clock = clock
        self._capacity = capacity
        self._seen: OrderedDict[str, float] = OrderedDict()
        self._lock = threading.Lock()

    def first(self, delivery: str) -> bool:
        """True the first time a delivery id is seen within the window."""
        with self._lock:
            now = self._clock()
            while self._seen and (
                next(iter(self._seen.values())) < now - self._ttl or len(self._seen) > self._capacity
            ):
                self._seen.popitem(last=False)
            if delivery in self._seen:
                return False
            self._seen[delivery] = now
            return True


def retry_delay(attempt: int, *, first: float, longest: float) -> float:
    """Exponential backoff: ``first``, twice that, ... never more than ``longest``."""
    return float(min(longest, first * (2 ** max(0, attempt - 1))))

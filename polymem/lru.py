"""A small bounded, thread-safe least-recently-used map (what the question path keeps per process)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class LRU(Generic[K, V]):
    def __init__(self, size: int) -> None:
        self._d: OrderedDict[K, V] = OrderedDict()
        self._size, self._lock = size, threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            got = self._d.get(key)
            if got is not None:
                self._d.move_to_end(key)
            return got

    def put(self, key: K, value: V) -> V:
        with self._lock:
            self._d[key] = value
            self._d.move_to_end(key)
            while len(self._d) > self._size:
                self._d.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._d.clear()

    def __len__(self) -> int:
        return len(self._d)

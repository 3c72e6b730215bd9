"""polymem: memory for multi-party conversations (Neo4j message graph + derived records).

`from polymem import Memory` gives the Python client (polymem/client.py); it is imported on
first use so that `import polymem` (and the CLI's start) stays light.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"
__all__ = ["Memory", "__version__"]

if TYPE_CHECKING:
    from polymem.client import Memory


def __getattr__(name: str) -> Any:
    if name == "Memory":
        from polymem.client import Memory

        return Memory
    raise AttributeError(f"module 'polymem' has no attribute {name!r}")

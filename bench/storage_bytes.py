"""Bytes a Neo4j store takes, per file kind: `python -m bench.storage_bytes <databases/neo4j dir> [messages]`.

Run on a stopped server (a clean shutdown flushes everything). Neo4j preallocates store files in
large chunks, so a file's size overstates what its records take: "used" is the offset of the
file's last non-zero byte. Lucene index files (vector, full-text) are written exactly.
"""

from __future__ import annotations

import sys
from pathlib import Path


def used_bytes(path: Path) -> int:
    size = path.stat().st_size
    with path.open("rb") as f:
        end, step = size, 1 << 20
        while end > 0:
            start = max(0, end - step)
            f.seek(start)
            tail = f.read(end - start).rstrip(b"\0")
            if tail:
                return start + len(tail)
            end = start
    return 0


def measure(db: Path) -> dict[str, int]:
    out: dict[str, int] = {}
    for p in sorted(db.glob("neostore*")):
        if p.is_file():
            out["store_file_size"] = out.get("store_file_size", 0) + p.stat().st_size
            out["store_used"] = out.get("store_used", 0) + used_bytes(p)
            if p.name.endswith(".arrays"):
                out["property_arrays_used"] = used_bytes(p)
    for provider in (db / "schema" / "index").glob("*"):
        n = sum(f.stat().st_size for f in provider.rglob("*") if f.is_file())
        out[f"index:{provider.name}"] = n
    out["total_used"] = out.get("store_used", 0) + sum(v for k, v in out.items() if k.startswith("index:"))
    return out


def main(argv: list[str]) -> int:
    if not argv or not Path(argv[0]).is_dir():
        print(__doc__.strip(), file=sys.stderr)
        return 2
    sizes = measure(Path(argv[0]))
    per = int(argv[1]) if len(argv) > 1 else 0
    for k, v in sizes.items():
        print(f"{k:28s} {v:>14,d}" + (f"   {v / per:8.0f} B/message" if per else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

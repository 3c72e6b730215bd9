"""Tables on the console as they are measured, plus the figures file pair
docs/bench/retrieval.json (machine-readable, one section per bench) and the generated block of
docs/bench/retrieval.md."""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
JSON_PATH = REPO / "docs" / "bench" / "retrieval.json"
MD_PATH = REPO / "docs" / "bench" / "retrieval.md"
BEGIN, END = "<!-- BEGIN GENERATED (bench/report.py) -->", "<!-- END GENERATED -->"
MACHINE = "2-core x86_64, 24 GiB, no GPU"


def log(msg: str) -> None:
    print(msg, flush=True)


def pct(v: float | None) -> str:
    return "n/a" if v is None else f"{100 * v:.1f}"


def table(title: str, columns: list[str], rows: list[list[Any]]) -> dict[str, Any]:
    return {"title": title, "columns": columns, "rows": [[_cell(c) for c in r] for r in rows]}


def _cell(c: Any) -> Any:
    return pct(c) if isinstance(c, float) else ("n/a" if c is None else c)


def print_table(t: dict[str, Any]) -> None:
    cols = t["columns"]
    rows = [[str(_cell(c)) for c in r] for r in t["rows"]]
    w = [max([len(str(cols[i]))] + [len(r[i]) for r in rows]) for i in range(len(cols))]
    print(f"\n{t['title']}")
    print("  ".join(str(c).ljust(w[i]) for i, c in enumerate(cols)))
    print("  ".join("-" * x for x in w))
    for r in rows:
        print("  ".join(c.ljust(w[i]) for i, c in enumerate(r)))
    sys.stdout.flush()


def markdown(t: dict[str, Any]) -> str:
    lines = [f"**{t['title']}**", "", "| " + " | ".join(map(str, t["columns"])) + " |",
             "|" + "---|" * len(t["columns"])]
    lines += ["| " + " | ".join(str(_cell(c)) for c in r) + " |" for r in t["rows"]]
    return "\n".join(lines) + "\n"


def _commit() -> str:
    try:
        return subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def meta(command: str, seconds: float) -> dict[str, Any]:
    return {"command": command, "machine": MACHINE, "python": platform.python_version(),
            "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"), "commit": _commit(),
            "seconds": round(seconds, 1), "load_avg_1m_at_end": round(os.getloadavg()[0], 1)}


def save(section: str, result: dict[str, Any], json_path: Path = JSON_PATH, md_path: Path = MD_PATH) -> None:
    """Merge one bench's result into the JSON file and regenerate the markdown block."""
    data: dict[str, Any] = json.loads(json_path.read_text()) if json_path.exists() else {}
    data[section] = result
    json_path.parent.mkdir(parents=True, exist_ok=True)
    json_path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    render(data, md_path)


ORDER = ["locomo", "groupchat", "groupchat-reworded", "friendsqa", "ablations", "latency"]


def render(data: dict[str, Any], md_path: Path = MD_PATH) -> None:
    parts = [BEGIN, ""]
    for sec in sorted(data, key=lambda s: (ORDER.index(s) if s in ORDER else 99, s)):
        r = data[sec]
        m = r.get("meta", {})
        parts += [f"### {sec}", "", f"`{m.get('command', '?')}` — {m.get('machine', MACHINE)}, "
                  f"{m.get('date', '?')}, commit {m.get('commit', '?')}, {m.get('seconds', '?')} s"
                  + (f", load average {m['load_avg_1m_at_end']} at the end" if "load_avg_1m_at_end" in m else ""), ""]
        for note in r.get("notes", []):
            parts.append(f"- {note}")
        if r.get("notes"):
            parts.append("")
        for t in r.get("tables", []):
            parts += [markdown(t), ""]
    parts.append(END)
    block = "\n".join(parts)
    old = md_path.read_text() if md_path.exists() else "# Retrieval benchmarks\n\n" + BEGIN + "\n" + END + "\n"
    if BEGIN in old and END in old:
        head, rest = old.split(BEGIN, 1)
        new = head + block + rest.split(END, 1)[1]
    else:
        new = old.rstrip() + "\n\n" + block + "\n"
    md_path.parent.mkdir(parents=True, exist_ok=True)
    md_path.write_text(new)

"""`polymem ingest FILE --format F --space S`: import a conversation file into System 1.

A file holding several conversations (LoCoMo, a folder of IRC samples) sends each to its own
space `S.<conversation id>`, unless `--conversation ID` picks one, which goes to `S` itself.
Exit code: 0 when every record was stored (or already stored), 1 when any record was rejected.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from polymem.errors import InputError
from polymem.graph import Graph
from polymem.graph.messages import MessageRepository
from polymem.ingest.formats import detect, formats, load
from polymem.ingest.formats._common import printable
from polymem.ingest.formats.jsonl import read_roster
from polymem.ingest.pipeline import Ingestor, check_space
from polymem.schema.models import Conversation, Message, Participant

MAX_SHOWN_ERRORS = 20


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("ingest", help="import a conversation file (JSONL or a dataset format)")
    p.add_argument("file", help="the file (or, for irc, a folder of samples)")
    p.add_argument("--format", default="auto", help=f"auto or one of: {', '.join(formats())}")
    p.add_argument("--space", required=True, help="target space (an isolated memory)")
    p.add_argument("--roster", help="roster JSON (list of {id, name, aliases}); merged into the file's own")
    p.add_argument("--conversation", help="only this conversation of a multi-conversation file (into --space)")
    p.add_argument("--no-embed", action="store_true", help="skip embeddings (fast; no vector search)")
    p.add_argument("--strict", action="store_true", help="reject messages whose speaker is not in the roster")
    p.add_argument("--skip-system", action="store_true",
                   help="leave out service and bot messages of chat exports (joins, leaves, pins, bots)")
    p.add_argument("--batch", type=int, default=1000, help="messages per transaction (default 1000)")
    p.add_argument("--bulk", action="store_true",
                   help="large first-time load in two passes: every message stored first (no vectors), then the "
                        "vectors, each distinct text embedded once (same graph; a re-run creates nothing)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def merge_roster(conv: Conversation, extra: list[Participant]) -> None:
    """The --roster file adds people and aliases; the file's own entries keep their ids."""
    by_id = {p.id: p for p in conv.roster}
    for p in extra:
        if p.id in by_id:
            old = by_id[p.id]
            by_id[p.id] = old.model_copy(update={"name": p.name or old.name,
                                                 "aliases": list(dict.fromkeys(old.aliases + p.aliases))})
        else:
            by_id[p.id] = p
    conv.roster = list(by_id.values())


def without_system(items: Any) -> Iterator[Any]:
    """The items minus messages a chat importer marked as service or bot (meta["system"])."""
    return (m for m in items or [] if not (isinstance(m, Message) and m.meta.get("system")))


def target_space(base: str, conv_id: str) -> str:
    return f"{base}.{re.sub(r'[^A-Za-z0-9._:-]', '_', conv_id)}"[:100]


def plan(args: argparse.Namespace) -> list[tuple[str, Conversation]]:
    check_space(args.space)  # before reading anything: a bad name stores nothing
    fmt = detect(args.file) if args.format == "auto" else args.format
    convs = list(load(args.file, fmt))
    if args.conversation:
        convs = [c for c in convs if c.id == args.conversation]
        if not convs:
            raise InputError(f"no conversation {args.conversation!r} in this file", file=args.file)
        return [(args.space, convs[0])]
    if len(convs) == 1:
        return [(args.space, convs[0])]
    return [(target_space(args.space, c.id), c) for c in convs]


def _progress(quiet: bool) -> Any:
    if quiet or not sys.stderr.isatty():
        return None
    from tqdm import tqdm

    return tqdm(unit=" msg", file=sys.stderr, dynamic_ncols=True, mininterval=0.5)


def run(args: argparse.Namespace) -> int:
    t0 = time.perf_counter()
    jobs = plan(args)
    if getattr(args, "skip_system", False):
        for _, conv in jobs:
            conv.messages = without_system(conv.messages)
    if args.roster:
        extra = read_roster(Path(args.roster))
        for _, conv in jobs:
            merge_roster(conv, extra)
    embedder = None
    if not args.no_embed:
        from polymem.ingest.embedder import default_embedder

        embedder = default_embedder()
    totals: Counter = Counter()
    inferred: Counter = Counter()
    errors: list[InputError] = []
    warnings: list[str] = []
    spaces: dict[str, dict[str, int]] = {}
    bar = _progress(args.quiet)
    with Graph() as g:
        ing = Ingestor(g, embedder, batch_size=max(1, args.batch))
        repo = MessageRepository(g)
        for space, conv in jobs:
            if bar is not None:
                bar.set_description(space)
            upd = bar.update if bar is not None else None
            if getattr(args, "bulk", False):
                from polymem.ingest.bulk import bulk_ingest

                rep, vectors = bulk_ingest(g, space, conv, embedder, max(1, args.batch), progress=upd, strict=args.strict)
                totals.update(vectors=vectors)
            else:
                rep = ing.ingest(space, conv, progress=upd, strict=args.strict)
            totals.update(read=rep.read, written=rep.written, already_stored=rep.already_stored,
                          new_participants=rep.new_participants, addressees_given=rep.addressees_given)
            inferred.update(rep.addressees_inferred)
            errors.extend(rep.errors)
            warnings.extend(rep.warnings)
            if rep.written or rep.already_stored:
                spaces[space] = repo.stats(space)
    if bar is not None:
        bar.close()
    edges = Counter()
    for st in spaces.values():
        edges.update({k: st.get(k, 0) for k in ("speaks", "addresses", "replies", "next_edges")})
    summary = {
        "spaces": sorted(spaces), "messages_read": totals["read"], "messages_written": totals["written"],
        "already_stored": totals["already_stored"], "participants_new": totals["new_participants"],
        "participants_total": sum(s.get("participants", 0) for s in spaces.values()),
        "messages_total": sum(s.get("messages", 0) for s in spaces.values()),
        "edges": dict(edges), "addressees_given": totals["addressees_given"],
        "addressees_inferred": dict(inferred), "errors": len(errors),
        "error_list": [printable(str(e)) for e in errors[:MAX_SHOWN_ERRORS]],
        "warnings": [printable(w) for w in warnings], "seconds": round(time.perf_counter() - t0, 2),
    }
    if getattr(args, "bulk", False):
        summary["vectors_set"] = totals["vectors"]
    for w in summary["warnings"] if args.json else []:  # the text summary has its own warning lines
        print(f"polymem: warning: {w}", file=sys.stderr)
    print(json.dumps(summary, indent=1, ensure_ascii=False) if args.json else render(summary))
    return 1 if errors else 0


def render(s: dict[str, Any]) -> str:
    lines = [
        f"spaces:       {', '.join(s['spaces'])}",
        f"messages:     {s['messages_written']} written, {s['already_stored']} already stored, "
        f"{s['messages_read']} read ({s['messages_total']} now in the space)",
        f"participants: {s['participants_new']} new ({s['participants_total']} in the space)",
        "edges:        " + ", ".join(f"{k}={v}" for k, v in s["edges"].items()),
        f"addressees:   {s['addressees_given']} given; inferred "
        + (", ".join(f"{k}={v}" for k, v in sorted(s["addressees_inferred"].items())) or "none"),
        f"errors:       {s['errors']}",
    ]
    lines[-1:-1] = [f"warning:      {w}" for w in s.get("warnings", [])]
    lines += [f"  {e}" for e in s["error_list"]]
    if s["errors"] > len(s["error_list"]):
        lines.append(f"  ... and {s['errors'] - len(s['error_list'])} more")
    lines.append(f"seconds:      {s['seconds']}")
    return "\n".join(lines)

"""The fault bench's bad inputs: files (and names) a careless user or an attacker would hand to
`polymem ingest`, each with the number of valid messages that must end up stored.

Each case runs the real CLI in-process (`polymem.cli.main`); an exception escaping it or a
"Traceback" on its output counts as a traceback. Lost valid lines: expected minus stored; junk:
stored beyond the expected; a case that must store nothing must leave no space behind either.
"""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from polymem.graph import Graph
from polymem.graph.messages import MessageRepository

OK1 = {"id": "v1", "speaker": "ann", "text": "first valid line", "time": "2026-05-01T10:00:00"}
OK2 = {"id": "v2", "speaker": "bob", "text": "second valid line", "time": "2026-05-01T10:01:00"}


def _jl(*rows: Any) -> bytes:
    return "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows).encode("utf-8")


def _bad(line: str) -> bytes:
    """A valid line, the bad one, a valid line: 2 must be stored."""
    return _jl(OK1, line, OK2)


def _groupchat(minified: bool = False, **extra: Any) -> bytes:
    doc = {"scenario_id": "g", "roster": [{"handle": "ann", "name": "Ann"}, {"handle": "bob", "name": "Bob"}],
           "messages": [{"id": f"m{i}", "speaker": "ann" if i % 2 else "bob", "text": f"hello {i}",
                         "channel": "general"} for i in range(4)]}
    doc.update(extra)
    return json.dumps(doc, separators=(",", ":") if minified else None, indent=None if minified else 2).encode()


IRC = b"[10:00] <ann> bob: are you there\n[10:01] <bob> ann: yes\n=== carl joined #ubuntu\n"
MELD_HEAD = "Sr No.,Utterance,Speaker,Emotion,Sentiment,Dialogue_ID,Utterance_ID,Season,Episode,StartTime,EndTime\n"
MELD_ROW = '{n},"Line {n}.",Monica,joy,positive,0,{n},1,1,"00:00:01,000","00:00:02,000"\n'


@dataclass(frozen=True)
class Case:
    name: str
    data: bytes | None  # None: the path itself is the test (a folder, a missing file)
    expect: int  # valid messages that must be stored
    fmt: str = "jsonl"
    suffix: str = ".jsonl"
    space: str | None = None  # a bad space name
    roster: bytes | None = None


CASES: list[Case] = [
    Case("valid control", _jl(OK1, OK2), 2),
    Case("malformed JSON line", _bad('{"id": "b", "speaker": '), 2),
    Case("lone surrogate in text", _bad('{"id": "b", "speaker": "ann", "text": "x \\ud800"}'), 2),
    Case("lone surrogate in speaker", _bad('{"id": "b", "speaker": "\\udc00", "text": "x"}'), 2),
    Case("lone surrogate in id", _bad('{"id": "\\ud800", "speaker": "ann", "text": "x"}'), 2),
    Case("lone surrogate in meta", _bad('{"id": "b", "speaker": "ann", "text": "x", "meta": {"k": "\\ud800"}}'), 2),
    Case("lone surrogate in reply_to", _bad('{"id": "b", "speaker": "ann", "text": "x", "reply_to": "\\ud800"}'), 2),
    Case("lone surrogate in caption",
         _bad('{"id": "b", "speaker": "ann", "text": "x", "attachments": [{"caption": "\\udfff"}]}'), 2),
    Case("lone surrogate in channel", _bad('{"id": "b", "speaker": "ann", "text": "x", "channel": "\\ud800"}'), 2),
    Case("deeply nested array line", _bad("[" * 100_000 + "]" * 100_000), 2),
    Case("deeply nested meta", _bad('{"id": "b", "speaker": "ann", "text": "x", "meta": '
                                    + '{"a": ' * 20_000 + "1" + "}" * 20_001), 2),
    Case("id is an object", _bad('{"id": {"x": 1}, "speaker": "ann", "text": "x"}'), 2),
    Case("id is true", _bad('{"id": true, "speaker": "ann", "text": "x"}'), 2),
    Case("speaker is a number", _bad('{"id": "b", "speaker": 7, "text": "x"}'), 2),
    Case("text is a list", _bad('{"id": "b", "speaker": "ann", "text": ["x"]}'), 2),
    Case("reply_to is a float", _bad('{"id": "b", "speaker": "ann", "text": "x", "reply_to": 5.5}'), 2),
    Case("reply_to holds objects", _bad('{"id": "b", "speaker": "ann", "text": "x", "reply_to": [{"a": 1}]}'), 2),
    Case("addressees is a number", _bad('{"id": "b", "speaker": "ann", "text": "x", "addressees": 3}'), 2),
    Case("meta nested", _bad('{"id": "b", "speaker": "ann", "text": "x", "meta": {"a": [1]}}'), 2),
    Case("meta is a string", _bad('{"id": "b", "speaker": "ann", "text": "x", "meta": "flat"}'), 2),
    Case("time unreadable", _bad('{"id": "b", "speaker": "ann", "text": "x", "time": "yesterday"}'), 2),
    Case("time is a list", _bad('{"id": "b", "speaker": "ann", "text": "x", "time": [1]}'), 2),
    Case("time is NaN", _bad('{"id": "b", "speaker": "ann", "text": "x", "time": NaN}'), 2),
    Case("attachments is a string", _bad('{"id": "b", "speaker": "ann", "text": "x", "attachments": "a.png"}'), 2),
    Case("empty channel", _bad('{"id": "b", "speaker": "ann", "text": "x", "channel": ""}'), 2),
    Case("line is a JSON string", _bad('"just a string"'), 2),
    Case("line is null", _bad("null"), 2),
    Case("unknown field", _bad('{"id": "b", "speaker": "ann", "text": "x", "colour": "red"}'), 2),
    Case("missing text", _bad('{"id": "b", "speaker": "ann"}'), 2),
    Case("whitespace text", _bad('{"id": "b", "speaker": "ann", "text": "   "}'), 2),
    Case("text over 1 MB", _bad(json.dumps({"id": "b", "speaker": "ann", "text": "x" * 1_000_001})), 2),
    Case("id over 200 characters", _bad(json.dumps({"id": "i" * 201, "speaker": "ann", "text": "x"})), 2),
    Case("invalid UTF-8 bytes", _jl(OK1) + b'{"id": "b", "speaker": "ann", "text": "\xff\xfe"}\n' + _jl(OK2), 2),
    Case("UTF-8 byte-order mark", b"\xef\xbb\xbf" + _jl(OK1, OK2), 2),
    Case("CRLF line endings", _jl(OK1, OK2).replace(b"\n", b"\r\n"), 2),
    Case("NUL and BEL in text", _jl({**OK1, "text": "a\u0000b\u0007c"}, OK2), 2),
    Case("empty file", b"", 0),
    Case("only blank lines", b"\n \n\t\n", 0),
    Case("same id, other text", _jl(OK1, {**OK1, "text": "changed"}, OK2), 2),
    Case("same id, other speaker", _jl(OK1, {**OK1, "speaker": "eve"}, OK2), 2),
    Case("truncated last line", _jl(OK1, OK2) + b'{"id": "b", "spea', 2),
    Case("binary garbage", bytes(range(256)) * 64, 0),
    Case("huge numeric id", _jl(OK1, {"id": 10**30, "speaker": "ann", "text": "x"}), 2),
    Case("brackets inside text", _jl(OK1, {"id": "b", "speaker": "ann", "text": "[" * 50_000}), 2),
    Case("roster with NUL names", _jl(OK1, OK2), 2,
         roster=json.dumps([{"id": "ann", "name": "A\u0000nn", "aliases": ["\u0007A"]}]).encode()),
    Case("roster is not a list", _jl(OK1, OK2), 0, roster=b'{"id": "ann"}'),
    Case("roster entry with lone surrogate", _jl(OK1, OK2), 0, roster=b'[{"id": "ann", "name": "\\ud800"}]'),
    Case("groupchat JSON as --format irc", _groupchat(), 0, fmt="irc", suffix=".json"),
    Case("groupchat JSON as --format jsonl", _groupchat(), 0, fmt="jsonl", suffix=".json"),
    Case("minified groupchat as --format jsonl", _groupchat(minified=True), 0, fmt="jsonl", suffix=".json"),
    Case("JSON Lines as --format groupchat", _jl(OK1, OK2), 0, fmt="groupchat", suffix=".json"),
    Case("IRC log as --format jsonl", IRC, 0, fmt="jsonl", suffix=".txt"),
    Case("plain text as --format irc", b"dear diary\ntoday nothing happened\n", 0, fmt="irc", suffix=".txt"),
    Case("groupchat, auto-detected", _groupchat(), 4, fmt="auto", suffix=".json"),
    Case("groupchat roster entry without handle", _groupchat(roster=[{"name": "x"}]), 0, fmt="groupchat",
         suffix=".json"),
    Case("groupchat message not an object", _groupchat(messages=[{"id": "m", "speaker": "a", "text": "t"}, 7]), 1,
         fmt="groupchat", suffix=".json"),
    Case("groupchat truncated JSON", _groupchat()[:-40], 0, fmt="groupchat", suffix=".json"),
    Case("IRC log with a bad UTF-8 line", IRC.replace(b"yes", b"y\xffs"), 2, fmt="irc", suffix=".ascii.txt"),
    Case("MELD CSV with a short row", (MELD_HEAD + MELD_ROW.format(n=1) + "2,oops,Ross\n"
                                       + MELD_ROW.format(n=3)).encode(), 2, fmt="meld", suffix=".csv"),
    Case("directory as the file", None, 0, fmt="jsonl"),
    Case("missing file", None, 0, fmt="jsonl", suffix=".missing"),
    Case("space name with trailing newline", _jl(OK1), 0, space="faults\n"),
    Case("space name with a blank", _jl(OK1), 0, space="two words"),
]


@dataclass
class Outcome:
    case: str
    rc: int | None
    traceback: bool
    stored: int
    expect: int
    space_left: bool
    message: str

    @property
    def lost(self) -> int:
        return max(0, self.expect - self.stored)

    @property
    def junk(self) -> int:
        return max(0, self.stored - self.expect)


def _run_cli(argv: list[str]) -> tuple[int | None, bool, str]:
    from polymem.cli import main

    out, err = io.StringIO(), io.StringIO()
    tb = False
    rc: int | None = None
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            rc = main(argv)
        except SystemExit as e:
            rc = int(e.code or 0)
        except BaseException as e:  # noqa: BLE001 - an escaping exception is exactly what is counted
            tb = True
            err.write(f"{type(e).__name__}: {e}")
    text = out.getvalue() + err.getvalue()
    return rc, tb or "Traceback" in text, text


def run_cases(graph: Graph, workdir: Path, prefix: str,
              log: Callable[[str], None] = print) -> list[Outcome]:
    repo = MessageRepository(graph)
    outcomes: list[Outcome] = []
    for i, c in enumerate(CASES):
        space = c.space if c.space is not None else f"{prefix}-bad-{i:02d}"
        path = workdir / f"case{i:02d}{c.suffix}"
        if c.data is not None:
            path.write_bytes(c.data)
        elif c.suffix != ".missing":
            path.mkdir(exist_ok=True)
        argv = ["ingest", str(path), f"--space={space}", "--no-embed", "--quiet", "--format", c.fmt]
        if c.roster is not None:
            roster = workdir / f"case{i:02d}.roster.json"
            roster.write_bytes(c.roster)
            argv += ["--roster", str(roster)]
        rc, tb, text = _run_cli(argv)
        stored = graph.read("MATCH (m:Message {space: $s}) RETURN count(m) AS n", s=space)[0]["n"]
        left = bool(graph.read("MATCH (s:Space {id: $s}) RETURN s.id AS id", s=space))
        o = Outcome(c.name, rc, tb, stored, c.expect, left and c.expect == 0, _first_problem(text))
        outcomes.append(o)
        flag = "FAIL" if (o.traceback or o.lost or o.junk or o.space_left) else "ok  "
        log(f"  {flag} {c.name:<40} rc={rc} stored={stored}/{c.expect}  {o.message[:90]}")
        if left:
            repo.drop_space(space)
    return outcomes


def _first_problem(text: str) -> str:
    for line in text.splitlines():
        s = line.strip()
        if s.startswith(("polymem: error:", "polymem: warning:", "warning:")) or ".jsonl:" in s or ".json:" in s:
            return s
    return ""

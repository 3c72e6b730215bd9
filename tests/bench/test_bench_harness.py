"""The harness around the scores: CLI discovery, report files, rewording, and a tiny real ingest."""

from __future__ import annotations

import json
from pathlib import Path

from bench import datasets
from bench.paraphrase import paraphrase
from bench.prepare import count_messages, ensure_ingested
from bench.report import BEGIN, END, save, table
from polymem.cli import build_parser


def test_bench_subcommands_are_discovered_and_all_lists_them() -> None:
    parser = build_parser()
    args = parser.parse_args(["bench", "locomo", "--limit", "3", "--no-save"])
    assert args.limit == 3 and args.save is False and callable(args.func)
    args = parser.parse_args(["bench", "groupchat", "--paraphrase", "--file", "x.json"])
    assert args.paraphrase and args.file == [Path("x.json")]
    bench_parser = parser._subparsers._group_actions[0].choices["bench"]  # noqa: SLF001 - argparse internals
    help_text = bench_parser.format_help()
    for name in ["locomo", "groupchat", "friendsqa", "ablations", "latency", "all"]:
        assert name in help_text


def test_save_merges_sections_and_keeps_hand_written_text(tmp_path: Path) -> None:
    js, md = tmp_path / "r.json", tmp_path / "r.md"
    md.write_text(f"# Title\n\nnotes by hand\n\n{BEGIN}\nold\n{END}\n\ntail by hand\n")
    save("groupchat", {"tables": [table("t", ["type", "acc"], [["who_said", 0.5], ["abstain", None]])],
                       "notes": ["n1"], "meta": {"command": "polymem bench groupchat"}}, js, md)
    save("locomo", {"tables": [], "notes": ["n2"]}, js, md)
    assert set(json.loads(js.read_text())) == {"groupchat", "locomo"}
    text = md.read_text()
    assert "notes by hand" in text and "tail by hand" in text and "old" not in text
    assert "| who_said | 50.0 |" in text and "| abstain | n/a |" in text
    assert text.index("### locomo") < text.index("### groupchat")


def test_paraphrase_rewords_every_template_and_keeps_names() -> None:
    q, ok = paraphrase("Who asked Jonas to print the flyers?")
    assert ok and q == "Who wanted Jonas to print the flyers?"
    q, ok = paraphrase("Where did Esther live before moving to Valencia?")
    assert ok and "Esther" in q and "Valencia" in q and "before moving" not in q
    assert paraphrase("Something else entirely?") == ("Something else entirely?", False)


def test_ensure_ingested_writes_once_then_skips(graph, space, embedder, tmp_path: Path) -> None:
    scenario = {"scenario_id": "tiny", "roster": [{"id": "p1", "handle": "ann", "name": "Ann Lee", "aliases": ["Ann"]},
                                                  {"id": "p2", "handle": "bob", "name": "Bob Roy", "aliases": []}],
                "messages": [{"id": "m1", "speaker": "ann", "text": "Bob, can you bring the cake?", "channel": "g"},
                             {"id": "m2", "speaker": "bob", "text": "sure, I will", "channel": "g", "reply_to": "m1"}],
                "qa": [{"id": "q1", "type": "who_asked", "question": "Who asked Bob to bring the cake?",
                        "keywords": ["Ann"], "wrong": ["Bob"], "evidence": ["m1"]}]}
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps(scenario))
    conv = datasets.groupchat(path)
    conv.space = space
    first = ensure_ingested(graph, conv, embedder, log=lambda _m: None)
    assert first["skipped"] is False and count_messages(graph, space) == 2
    assert ensure_ingested(graph, conv, embedder, log=lambda _m: None)["skipped"] is True
    assert conv.roster["ann"] == ["Ann Lee", "Ann", "ann"]

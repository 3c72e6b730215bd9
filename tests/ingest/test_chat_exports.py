"""Chat-app exports (Slack, Discord, Telegram, WhatsApp): hand-counted structure, time zones,
aliases, idempotent re-import, a later export adding only the new messages, broken samples.

The samples in tests/data/exports/ are invented; each count below was made by reading the file.
"""

from __future__ import annotations

import json
import shutil
import zipfile
from datetime import timedelta
from pathlib import Path

import pytest

from polymem.cli import main
from polymem.graph import Graph
from polymem.graph.messages import MessageRepository
from polymem.ingest.formats import detect, load
from polymem.ingest.pipeline import Ingestor, IngestReport

EXPORTS = Path(__file__).resolve().parents[1] / "data" / "exports"

# sample -> (format, messages, REPLY_TO edges, given addressees, later export, new in the later export)
SAMPLES = {
    "slack": ("slack", 12, 4, 4, None, 2),
    "discord-bake-sale.json": ("discord", 9, 2, 3, "discord-bake-sale-later.json", 2),
    "telegram-allotment.json": ("telegram", 9, 3, 3, "telegram-allotment-later.json", 2),
    "whatsapp-book-club.txt": ("whatsapp", 12, 2, 0, "whatsapp-book-club-later.txt", 2),
}


def _ingest(graph: Graph, space: str, path: Path, fmt: str) -> IngestReport:
    convs = list(load(path, fmt))
    assert len(convs) == 1
    return Ingestor(graph, None, batch_size=4).ingest(space, convs[0])  # small batches cross borders


def _slack_later(tmp: Path) -> Path:
    later = tmp / "slack-later"
    shutil.copytree(EXPORTS / "slack", later)
    shutil.copytree(EXPORTS / "slack-later-days", later, dirs_exist_ok=True)
    return later


@pytest.mark.parametrize("name", list(SAMPLES))
def test_counts_reimport_and_later_export(name: str, graph: Graph, space: str, tmp_path: Path) -> None:
    fmt, n, replies, given, later_name, new = SAMPLES[name]
    path = EXPORTS / name
    assert detect(path) == fmt
    rep = _ingest(graph, space, path, fmt)
    assert rep.errors == [] and rep.written == n
    assert rep.addressees_given == given
    repo = MessageRepository(graph)
    st = repo.stats(space)
    assert st["messages"] == n and st["replies"] == replies
    before = repo.totals(space)
    again = _ingest(graph, space, path, fmt)
    assert again.written == 0 and again.already_stored == n and again.errors == []
    assert repo.totals(space) == before
    later = _slack_later(tmp_path) if later_name is None else EXPORTS / later_name
    more = _ingest(graph, space, later, fmt)
    assert more.errors == [] and more.written == new and more.already_stored == n
    assert repo.stats(space)["messages"] == n + new


def test_slack_mapping_zip_and_zones(graph: Graph, space: str, tmp_path: Path) -> None:
    zipped = tmp_path / "workspace.zip"
    with zipfile.ZipFile(zipped, "w") as z:  # exports are zipped with a top folder
        for f in (EXPORTS / "slack").rglob("*.json"):
            z.write(f, "Choir Slack export/" + f.relative_to(EXPORTS / "slack").as_posix())
    assert detect(zipped) == "slack"
    rep = _ingest(graph, space, zipped, "slack")
    assert rep.errors == [] and rep.written == 12
    # the folder holds the same messages under the same ids: nothing new
    assert _ingest(graph, space, EXPORTS / "slack", "slack").written == 0
    repo = MessageRepository(graph)
    reply = repo.message(space, "C01GENERAL:1772442120.000300")
    assert reply is not None and reply["speaker"] == "tomasz.w" and reply["text"] == "@odile I can do Thursdays"
    assert [a["id"] for a in reply["addressees"] if a["how"] == "given"] == ["odile"]
    assert reply["time"].utcoffset() == timedelta(hours=-6)  # Chicago in March, the author's zone
    assert reply["time"].second == 0 and reply["time"].minute == 2
    edited = repo.message(space, "C01GENERAL:1772442360.000700")
    assert edited is not None and "2026-03-02T09:07:00" in (edited["meta"] or "")
    join = repo.message(space, "C01GENERAL:1772442000.000100")
    assert join is not None and join["speaker"] == "system" and join["addressees"] == []
    people = {p.id: p for p in repo.roster(space)}
    assert people["tomasz.w"].name == "Tomasz Weyl" and "Tom" in people["tomasz.w"].aliases
    assert people["calendarbot"].kind == "assistant"


def test_discord_and_telegram_mapping(graph: Graph, space: str) -> None:
    _ingest(graph, space, EXPORTS / "discord-bake-sale.json", "discord")
    repo = MessageRepository(graph)
    m = repo.message(space, "882000000000000003")
    assert m is not None and m["speaker"] == "juniper#4821"
    assert sorted(a["id"] for a in m["addressees"] if a["how"] == "given") == ["kwame_a", "marisol"]
    assert m["time"].utcoffset() == timedelta(hours=1)
    flyer = repo.message(space, "882000000000000005")
    assert flyer is not None and "flyer.png" in (flyer["captions"] or "")
    pin = repo.message(space, "882000000000000008")
    assert pin is not None and pin["speaker"] == "system"
    people = {p.id: p for p in repo.roster(space)}
    assert people["marisol"].name == "Mari"
    t = f"{space}-tg"
    try:
        _ingest(graph, t, EXPORTS / "telegram-allotment.json", "telegram")
        m = repo.message(t, "4410021:6")
        assert m is not None and sorted(a["id"] for a in m["addressees"] if a["how"] == "given") == [
            "user5502", "user5503"]
        assert m["time"].utcoffset() == timedelta(hours=2) and m["time"].hour == 10
        fwd = repo.message(t, "4410021:4")
        assert fwd is not None and json.loads(fwd["meta"])["forwarded_from"] == "Garden Club News"
        assert {p.id: p.name for p in repo.roster(t)}["user5503"] == "Saoirse Blum"
    finally:
        repo.drop_space(t)


def test_telegram_full_export_is_one_conversation_per_chat() -> None:
    path = EXPORTS / "telegram-full-export.json"
    assert detect(path) == "telegram"
    convs = list(load(path, "telegram"))
    assert [c.id for c in convs] == ["5501", "5503"]
    first = list(convs[0].messages)  # type: ignore[call-overload]
    assert first[0].addressees == ["user5502"]  # "@emeric_d" is the exporter's own handle
    assert first[1].reply_to == ["5501:1"]


def test_whatsapp_locales_multiline_and_inferred_structure(graph: Graph, space: str) -> None:
    _ingest(graph, space, EXPORTS / "whatsapp-book-club.txt", "whatsapp")
    repo = MessageRepository(graph)
    msgs = {m.meta["line"]: m for m in next(iter(load(EXPORTS / "whatsapp-book-club.txt", "whatsapp"))).messages}
    assert msgs["5"].text.count("\n") == 2  # a message over three lines
    assert msgs["2"].speaker == "system" and msgs["1"].speaker == "system"  # 'created group "x: y"' too
    assert msgs["12"].id != msgs["13"].id  # "ok" twice in one minute: two messages
    mention = repo.message(space, msgs["9"].id)
    assert mention is not None and [a["id"] for a in mention["addressees"]] == ["Rafa"]
    vocative = repo.message(space, msgs["11"].id)
    assert vocative is not None and [a["id"] for a in vocative["addressees"]] == ["Mina Osei"]
    assert msgs["11"].reply_to == [msgs["9"].id]
    assert msgs["4"].reply_to == []  # "Lotte, ..." before Lotte said anything: no reply target
    assert msgs["8"].attachments and msgs["8"].attachments[0].kind == "media"
    ios = [m for m in next(iter(load(EXPORTS / "whatsapp-hike-ios.txt", "whatsapp"))).messages]
    assert [m.time.isoformat() for m in ios][:4] == ["2026-06-03T21:05:12", "2026-06-03T21:06:40",
                                                   "2026-06-03T21:07:02", "2026-06-04T00:15:30"]
    assert ios[1].text == "image omitted" and ios[1].attachments[0].kind == "image"
    assert ios[4].speaker == "system" and ios[2].reply_to == [ios[0].id]
    de = list(next(iter(load(EXPORTS / "whatsapp-de.txt", "whatsapp"))).messages)
    assert [m.time.isoformat() for m in de] == ["2025-12-31T23:58:00", "2026-01-01T00:01:00"]


# broken sample -> (format, stored, errors, a fragment every error message must carry)
BROKEN = {
    "slack-broken": ("slack", 2, 4, "slack-broken/general/2026-03-0"),
    "discord-broken.json": ("discord", 2, 4, "discord-broken.json: messages["),
    "telegram-broken.json": ("telegram", 2, 4, "telegram-broken.json: messages["),
    "whatsapp-broken.txt": ("whatsapp", 2, 4, "whatsapp-broken.txt:"),
}


@pytest.mark.parametrize("name", list(BROKEN))
def test_broken_samples_keep_the_rest(name: str, graph: Graph, space: str) -> None:
    fmt, stored, errors, where = BROKEN[name]
    path = EXPORTS / name
    assert detect(path) == fmt
    rep = _ingest(graph, space, path, fmt)
    assert rep.written == stored and len(rep.errors) == errors
    assert all(where in str(e) for e in rep.errors), [str(e) for e in rep.errors]
    assert MessageRepository(graph).stats(space)["messages"] == stored


def test_whatsapp_errors_name_their_lines(graph: Graph, space: str) -> None:
    rep = _ingest(graph, space, EXPORTS / "whatsapp-broken.txt", "whatsapp")
    assert sorted(e.line for e in rep.errors if e.line) == [1, 3, 5, 6]
    assert any("month must be in 1..12" in str(e) for e in rep.errors)


def test_cli_auto_and_skip_system(space: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = EXPORTS / "whatsapp-book-club.txt"
    assert main(["ingest", str(path), "--space", space, "--no-embed", "--json", "--skip-system", "--quiet"]) == 0
    s = json.loads(capsys.readouterr().out)
    assert s["messages_written"] == 9 and s["errors"] == 0  # 12 minus 3 service lines
    assert main(["ingest", str(path), "--space", space, "--no-embed", "--json", "--quiet"]) == 0
    s = json.loads(capsys.readouterr().out)
    assert s["messages_written"] == 3 and s["already_stored"] == 9


def test_wrong_format_is_refused(tmp_path: Path) -> None:
    from polymem.errors import InputError

    with pytest.raises(InputError, match="looks like telegram"):
        list(load(EXPORTS / "telegram-allotment.json", "groupchat"))
    with pytest.raises(InputError, match="looks like whatsapp"):
        list(load(EXPORTS / "whatsapp-book-club.txt", "irc"))

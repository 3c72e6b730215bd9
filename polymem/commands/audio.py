"""`polymem ingest-audio PATH --space S [--boundaries F]` and `polymem voice {list,link,forget,storage,identify}`."""

from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime

from polymem.errors import InputError
from polymem.graph import Graph


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("ingest-audio", help="ingest a spoken session: an audio file or a folder of utterance files")
    p.add_argument("path", help="WAV/FLAC/MP3/OGG file, or a folder of utterance files (name order)")
    p.add_argument("--space", required=True)
    p.add_argument("--boundaries", help="reference utterance spans: 'start end [label]' per line, or JSON")
    p.add_argument("--session", help="session id (default: derived from the audio content)")
    p.add_argument("--channel", default="voice")
    p.add_argument("--start", help="ISO time of the recording start (default: the file's mtime)")
    p.add_argument("--tau-match", type=float, help="cosine to link to a known voice")
    p.add_argument("--tau-update", type=float, help="cosine to also update the stored voice (EMA)")
    p.add_argument("--alpha", type=float, help="EMA weight of a new utterance")
    p.add_argument("--tau-merge", type=float, help="centroid cosine for the post-session merge")
    p.add_argument("--no-merge", action="store_true", help="skip the post-session merge")
    p.add_argument("--no-prior", action="store_true",
                   help="attribute by the voice alone (no conversational prior, nothing pending)")
    p.add_argument("--vad", choices=["silero", "energy"], default="silero", help="voice activity detector")
    p.add_argument("--json", action="store_true", help="machine-readable summary")
    p.set_defaults(func=ingest_audio)

    v = sub.add_parser("voice", help="voice participants of a space: list, name, forget, storage switch")
    vs = v.add_subparsers(dest="voice_cmd", required=True)
    ls = vs.add_parser("list", help="voice participants (never their embeddings)")
    ls.add_argument("--space", required=True)
    ls.set_defaults(func=voice_list)
    ln = vs.add_parser("link", help="give a voice participant a name (and aliases)")
    ln.add_argument("participant")
    ln.add_argument("name")
    ln.add_argument("--space", required=True)
    ln.add_argument("--alias", action="append", default=[])
    ln.set_defaults(func=voice_link)
    fg = vs.add_parser("forget", help="delete a participant's voice embedding")
    fg.add_argument("participant")
    fg.add_argument("--space", required=True)
    fg.set_defaults(func=voice_forget)
    st = vs.add_parser("storage", help="allow or forbid storing voices in a space (off also deletes them)")
    st.add_argument("state", choices=["on", "off", "show"])
    st.add_argument("--space", required=True)
    st.set_defaults(func=voice_storage)
    idf = vs.add_parser("identify", help="which stored voice is speaking in an audio file")
    idf.add_argument("path")
    idf.add_argument("--space", required=True)
    idf.set_defaults(func=voice_identify)
    from polymem.commands.voice_stream import register as register_stream

    register_stream(vs)


def _config(args: argparse.Namespace):  # -> TrackerConfig
    from dataclasses import replace

    from polymem.ingest.voice.tracker import TrackerConfig

    base = TrackerConfig()
    changes = {k: getattr(args, k) for k in ("tau_match", "tau_update", "alpha", "tau_merge")
               if getattr(args, k) is not None}
    if args.no_merge:
        changes["merge"] = False
    try:
        return replace(base, **changes)
    except ValueError as e:
        raise InputError(str(e)) from e


def ingest_audio(args: argparse.Namespace) -> int:
    from polymem.ingest.embedder import default_embedder
    from polymem.ingest.voice.session import VoiceSessionIngestor

    start = None
    if args.start:
        try:
            start = datetime.fromisoformat(args.start)
        except ValueError as e:
            raise InputError(f"--start must be an ISO time, got {args.start!r}") from e
    cfg = _config(args)

    def progress(done: int, total: int) -> None:
        if not args.json:
            print(f"\r  utterance {done}/{total}", end="", file=sys.stderr, flush=True)

    with Graph() as g:
        from polymem.ingest.voice.interaction import PriorConfig
        from polymem.ingest.voice.segment import SegmentPolicy

        ing = VoiceSessionIngestor(g, default_embedder(), config=cfg, policy=SegmentPolicy(vad=args.vad),
                                   prior=PriorConfig(enabled=not args.no_prior))
        report = ing.ingest(args.space, args.path, boundaries=args.boundaries, session=args.session,
                            channel=args.channel, start=start, progress=progress)
    s = report.summary()
    if args.json:
        print(json.dumps(s, indent=1))
        return 0
    print(file=sys.stderr)
    if report.already_stored:
        print(f"session {s['session']} is already stored in space {s['space']}: nothing changed")
        return 0
    print(f"space {s['space']} session {s['session']}: {s['utterances']} utterances, "
          f"{s['messages_written']} messages written, {s['speakers_found']} speakers found "
          f"({s['recognised_speakers']} recognised, {s['new_speakers']} new), {s['merges']} merges")
    print(f"  {s['audio_seconds']} s of audio in {s['seconds']} s: real-time factor {s['real_time_factor']}")
    if s["skipped"]:
        print("  skipped: " + ", ".join(f"{k}={v}" for k, v in s["skipped"].items()))
    for pid, name in s["names_linked"].items():
        print(f"  named {pid} -> {name}")
    if not s["voice_storage"]:
        print("  voice storage is off for this space: no voice was stored")
    return 0


def voice_list(args: argparse.Namespace) -> int:
    from polymem.graph.voices import VoiceRepository

    with Graph() as g:
        rows = VoiceRepository(g).list(args.space)
    for r in rows:
        print(f"{r['id']}\tname={r['name']}\taliases={','.join(r['aliases'])}\tvoice={'yes' if r['has_voice'] else 'no'}"
              f"\tevidence={r['evidence']}\tmessages={r['messages']}")
    return 0


def voice_link(args: argparse.Namespace) -> int:
    from polymem.graph.voices import VoiceRepository

    if not args.name.strip():
        raise InputError("name is empty")
    with Graph() as g:
        r = VoiceRepository(g).link_name(args.space, args.participant, args.name, args.alias)
    print(f"{r['id']}: name={r['name']} aliases={','.join(r['aliases'])}")
    return 0


def voice_forget(args: argparse.Namespace) -> int:
    from polymem.graph.voices import delete_voice_data

    with Graph() as g:
        had = delete_voice_data(g, args.space, args.participant)
    print("voice data deleted" if had else "no voice data stored for that participant")
    return 0


def voice_storage(args: argparse.Namespace) -> int:
    from polymem.graph.voices import VoiceRepository

    with Graph() as g:
        repo = VoiceRepository(g)
        if args.state == "show":
            print("on" if repo.storage_enabled(args.space) else "off")
            return 0
        purged = repo.set_storage(args.space, args.state == "on")
    print(f"voice storage {args.state} for {args.space}" + (f"; {purged} stored voices deleted" if purged else ""))
    return 0


def voice_identify(args: argparse.Namespace) -> int:
    from polymem.ingest.voice.identify import identify_speaker

    with Graph() as g:
        pid = identify_speaker(g, args.space, args.path)
    print(pid or "unknown")
    return 0 if pid else 1

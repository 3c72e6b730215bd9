"""`polymem bench voice`: speaker attribution, re-identification, merge, ASR WER and speed on the
synthetic espeak-ng set (bench/voice_data.py), tracker policy vs a single-threshold baseline.

Embeddings and transcripts are computed once per utterance (timed, for the real-time factor);
the policies then run on the same embeddings, persisting speakers across the sessions of a
scenario exactly as the graph does between ingestions. Thresholds are swept on the DEV scenarios
and reported on the disjoint TEST scenarios (different people)."""

from __future__ import annotations

import argparse
import itertools
import json
import time
from collections import Counter
from pathlib import Path

import numpy as np

from bench.voice_data import DEV, TEST, build
from bench.voice_metrics import attribution_accuracy, impure_ids, reid_accuracy, word_errors
from polymem.ingest.voice.calibrate import SNorm
from polymem.ingest.voice.ge2e import FUSION_WEIGHT, ge2e_mean
from polymem.ingest.voice.interaction import InteractionAttributor, PriorConfig
from polymem.ingest.voice.merge import fragment_count, merge_fragments
from polymem.ingest.voice.models import voice_cache
from polymem.ingest.voice.names import self_introductions
from polymem.ingest.voice.recluster import ReclusterConfig, resplit_session, snapshot
from polymem.ingest.voice.tracker import SpeakerTracker, TrackerConfig


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("voice", help="speaker tracking + ASR on a synthetic espeak-ng multi-party set")
    p.add_argument("--out", help="where the set and results go (default: the voice cache's bench-set[-hard])")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--rebuild", action="store_true", help="regenerate the audio set")
    p.add_argument("--hard", action="store_true", help="the harder set: 5-8 people, overlap, back-channels, "
                   "reverberation, level changes, near-twins (bench/voice_hard.py); default --out bench-set-hard")
    p.set_defaults(func=run)


def featurise(manifest: dict) -> list[dict]:
    """Per utterance: embedding, transcript, timings. As in ingestion (session.py), Whisper gets the
    names the space already knows as hotwords: those introduced ("I'm Dana") in the scenario's
    earlier sessions, as Whisper heard them."""
    import soundfile as sf

    from polymem.ingest.voice.asr import WhisperTranscriber
    from polymem.ingest.voice.embedding import EcapaEmbedder
    from polymem.ingest.voice.names import self_introductions

    t = time.perf_counter()
    emb, asr = EcapaEmbedder(), WhisperTranscriber()
    load_s = time.perf_counter() - t
    out = []
    known: dict[str, set[str]] = {}
    for s in sorted(manifest["sessions"], key=lambda s: (s["scenario"], s["session"])):
        x, sr = sf.read(s["wav"], dtype="float32")
        names = known.setdefault(s["scenario"], set())
        hotwords = sorted(names) or None
        for u in s["utterances"]:
            clip = x[int(u["start"] * sr): int(u["end"] * sr)]
            t0 = time.perf_counter()
            e = emb.embed([clip])[0]
            t1 = time.perf_counter()
            hyp = asr.transcribe(clip, hotwords)
            t2 = time.perf_counter()
            out.append({"scenario": s["scenario"], "session": s["session"], "speaker": u["speaker"],
                        "ref": u["text"], "hyp": hyp, "seconds": u["end"] - u["start"], "emb": e,
                        "overlap": bool(u.get("overlap")), "kind": u.get("kind", ""),
                        "embed_s": t1 - t0, "asr_s": t2 - t1, "load_s": load_s})
            names.update(self_introductions(hyp))
    return out


def cached_features(out: Path, manifest: dict, rebuild: bool) -> list[dict]:
    """Features are the slow part; keep them beside the set so a re-run only re-does the policies."""
    f = out / "features.json"
    if f.exists() and not rebuild:
        utts = json.loads(f.read_text())
        for u in utts:
            u["emb"] = np.asarray(u["emb"], dtype=np.float32)
        return utts
    utts = featurise(manifest)
    f.write_text(json.dumps([{**u, "emb": u["emb"].tolist()} for u in utts]))
    return utts


def ge2e_features(out: Path, manifest: dict, utts: list[dict]) -> np.ndarray | None:
    """GE2E embeddings per utterance (same order as the features), cached in <out>/ge2e.npy; and the
    GE2E cohort's mean voice for centring. None (rows skipped) when the weights are not installed."""
    import soundfile as sf

    from polymem.ingest.voice.ge2e import Ge2eEmbedder, resolve_ge2e

    if resolve_ge2e() is None:
        print("GE2E weights not found (pip install --no-deps --target .cache/voice/pkgs resemblyzer==0.1.4): "
              "fusion rows skipped")
        return None
    f = out / "ge2e.npy"
    if f.exists() and len(np.load(f)) == len(utts):
        ge2e = np.load(f)
    else:
        emb, rows, spent = Ge2eEmbedder(), [], 0.0
        for s in sorted(manifest["sessions"], key=lambda s: (s["scenario"], s["session"])):
            x, sr = sf.read(s["wav"], dtype="float32")
            for u in s["utterances"]:
                t = time.perf_counter()
                rows.append(emb.embed([x[int(u["start"] * sr): int(u["end"] * sr)]])[0])
                spent += time.perf_counter() - t
        ge2e = np.stack(rows)
        np.save(f, ge2e)
        (out / "ge2e.json").write_text(json.dumps({"embed_seconds": round(spent, 2)}))
    for u, g in zip(utts, ge2e, strict=True):
        u["ge2e"] = g
    return ge2e


def fused(utts: list[dict], weight: float, mean: np.ndarray) -> list[dict]:
    """The same utterances with ECAPA + GE2E fused embeddings (ge2e.fuse)."""
    from polymem.ingest.voice.ge2e import fuse

    return [{**u, "emb": fuse(u["emb"], u["ge2e"], weight, mean)[0]} for u in utts]


def attribute(tracker: SpeakerTracker, att: InteractionAttributor | None, us: list[dict],
              stats: Counter, wait: bool = True, split: ReclusterConfig | None = None,
              ) -> tuple[list[str], set[frozenset[str]]]:
    """One session's ids, online: the tracker's threshold rule, or the voice + interaction posterior
    (wait=False: as live, a pending turn is decided at once, without the next turn's context)."""
    before = snapshot(tracker) if split is not None else {}
    if att is None:
        online = [tracker.assign(u["emb"]).speaker_id for u in us]
        return _split(tracker, before, us, online, split, stats)
    att.start_session()
    for u in us:
        att.add(u["emb"], u["hyp"], u["seconds"])
        if not wait:
            att.finish()
    att.finish()
    for t in att.turns:
        stats["pending"] += t.provenance["waited_turns"] > 0
        stats["by_context"] += t.provenance["decided_by"] == "context"
    ids, apart = _split(tracker, before, us, [t.speaker or "" for t in att.turns], split, stats)
    if apart:
        att.apply_split(ids)
    return ids, apart


def _split(tracker: SpeakerTracker, before: dict, us: list[dict], online: list[str],
           split: ReclusterConfig | None, stats: Counter) -> tuple[list[str], set[frozenset[str]]]:
    if split is None:
        return online, set()
    ids, apart = resplit_session(tracker, before, [u["emb"] for u in us], [u["seconds"] for u in us], online,
                                 [self_introductions(u["hyp"]) for u in us], split)
    stats["split_ids"] += len(set(ids) - set(online))
    return ids, apart


def simulate(cfg: TrackerConfig, utts: list[dict], scenarios: tuple[str, ...],
             prior: PriorConfig | None = None, norm: SNorm | None = None, wait: bool = True,
             split: ReclusterConfig | None = None) -> dict:
    stats: Counter = Counter()
    acc, reid_hits, reid_n, frag_before, frag_after, impure, short_ok, short_n = [], 0.0, 0, 0, 0, 0, 0, 0
    per_scen = {}
    for scen in scenarios:
        tracker = SpeakerTracker(config=cfg, norm=norm)
        att = InteractionAttributor(tracker, prior) if prior is not None else None
        sessions = []
        for k in sorted({u["session"] for u in utts if u["scenario"] == scen}):
            us = [u for u in utts if u["scenario"] == scen and u["session"] == k]
            online, apart = attribute(tracker, att, us, stats, wait, split)
            merged = merge_fragments(tracker, apart)
            if att is not None:
                att.apply_merges(merged)
            final = [merged.get(i, i) for i in online]
            truth = [u["speaker"] for u in us]
            frag_before += fragment_count(online, truth)
            frag_after += fragment_count(final, truth)
            sessions.append((final, truth))
            for s in tracker.speakers.values():  # persisted: next session sees them as stored voices
                s.stored, s.session_embeddings = True, []
        pred = [p for f, _ in sessions for p in f]
        truth = [t for _, tr in sessions for t in tr]
        a = attribution_accuracy(pred, truth)
        acc.append(a)
        per_scen[scen] = round(a, 4)
        impure += impure_ids(pred, truth)
        r, n = reid_accuracy(sessions)
        reid_hits += r * n
        reid_n += n
        # short utterances (< 1 s): right when mapped like the rest (majority id of that person)
        major = {t: Counter(p for p, tt in zip(pred, truth, strict=True) if tt == t).most_common(1)[0][0]
                 for t in set(truth)}
        us_all = [u for u in utts if u["scenario"] == scen]
        for u, p in zip(us_all, pred, strict=True):
            if u["seconds"] < 1.0:
                short_n += 1
                short_ok += p == major[u["speaker"]]
    return {"attribution_accuracy": round(float(np.mean(acc)), 4), "per_scenario": per_scen,
            "reid_accuracy": round(reid_hits / reid_n, 4) if reid_n else None, "reid_utterances": reid_n,
            "fragments_before_merge": frag_before, "fragments_after_merge": frag_after, "impure_ids": impure,
            "short_utterance_accuracy": round(short_ok / short_n, 4) if short_n else None, "short_utterances": short_n,
            "pending_turns": stats["pending"], "decided_by_context": stats["by_context"],
            "ids_split_off": stats["split_ids"]}


def _score(r: dict) -> tuple[float, float]:
    # Attribution accuracy first (one-to-one mapping punishes both fragments and collapsed voices);
    # re-identification only breaks ties (collapsing everyone into one id re-identifies "perfectly").
    return (r["attribution_accuracy"], r["reid_accuracy"] or 0.0)


def sweep(utts: list[dict]) -> tuple[TrackerConfig, float]:
    best: tuple[tuple[float, float], TrackerConfig] | None = None
    grid = np.round(np.arange(0.25, 0.76, 0.05), 2)
    for tm, du, alpha, dm in itertools.product(grid, (0.05, 0.1, 0.15, 0.2), (0.1, 0.2, 0.3), (-0.05, 0.0, 0.05)):
        cfg = TrackerConfig(float(tm), float(min(tm + du, 1.0)), alpha, float(tm + dm))
        s = _score(simulate(cfg, utts, DEV))
        if best is None or s > best[0]:
            best = (s, cfg)
    base = max(grid, key=lambda t: _score(simulate(TrackerConfig.single_threshold(float(t)), utts, DEV)))
    assert best is not None
    return best[1], float(base)


ECAPA_ROW = "posterior + interaction prior, ECAPA only (fallback: POLYMEM_VOICE_FUSION=0)"
INGEST_ROW = "SHIPPED ingestion: ECAPA+GE2E fused + prior + session split"
LIVE_ROW = "SHIPPED live: ECAPA+GE2E fused + prior, no waiting, no split"

# AS-norm thresholds and posterior settings chosen on the seed-7 DEV scenarios (docs/bench/voice.md).
NORM_TRACKER = TrackerConfig(2.5, 3.0, 0.2, 2.0, normalised=True)
NORM_PRIOR = PriorConfig(temperature=0.4, short_new_shift=3.0, theta=3.0)


def sweep_norm(utts: list[dict], norm: SNorm) -> TrackerConfig:
    """The AS-norm tracker's thresholds (normalised units) with the best DEV attribution."""
    best: tuple[tuple[float, float], TrackerConfig] | None = None
    for tm, du, dm in itertools.product(np.arange(0.5, 5.01, 0.25), (0.5, 1.0), (-0.5, 0.0, 0.5)):
        cfg = TrackerConfig(float(tm), float(tm + du), 0.2, float(tm + dm), normalised=True)
        s = _score(simulate(cfg, utts, DEV, norm=norm))
        if best is None or s > best[0]:
            best = (s, cfg)
    assert best is not None
    return best[1]


def cohort() -> SNorm:
    """The espeak cohort (polymem/ingest/voice/cohort.py), built once into the voice cache."""
    from polymem.ingest.voice.calibrate import cohort_path, load_cohort
    from polymem.ingest.voice.cohort import build_cohort
    from polymem.ingest.voice.embedding import EcapaEmbedder

    norm = load_cohort()
    if norm is None:
        build_cohort(EcapaEmbedder(), cohort_path())
        norm = load_cohort()
    assert norm is not None
    return norm


def run(args: argparse.Namespace) -> int:
    out = Path(args.out or voice_cache() / ("bench-set-hard" if args.hard else "bench-set"))
    t0 = time.perf_counter()
    manifest = build(out, seed=args.seed, force=args.rebuild, hard=args.hard)
    build_s = time.perf_counter() - t0
    utts = cached_features(out, manifest, args.rebuild)
    audio_s = sum(u["seconds"] for u in utts)
    embed_s, asr_s = sum(u["embed_s"] for u in utts), sum(u["asr_s"] for u in utts)
    errs = [word_errors(u["ref"], u["hyp"]) for u in utts]
    tuned, base_tau = sweep(utts)
    shipped = TrackerConfig()
    res = {
        "set": {"people": len({u["speaker"] for u in utts}), "hard": bool(args.hard), "sessions": len(manifest["sessions"]), "utterances": len(utts),
                "audio_seconds": round(audio_s, 1), "build_seconds": round(build_s, 1), "dev": DEV, "test": TEST},
        "wer": round(sum(e for e, _ in errs) / max(sum(n for _, n in errs), 1), 4),
        "rtf_embed": round(embed_s / audio_s, 4), "rtf_asr": round(asr_s / audio_s, 4),
        "rtf_total": round((embed_s + asr_s) / audio_s, 4), "model_load_seconds": round(utts[0]["load_s"], 1),
        "tuned_on_dev": vars(tuned), "baseline_tau_on_dev": base_tau,
        "results": {},
    }
    policies = {"tracker (shipped defaults)": shipped, "tracker (tuned on dev)": tuned,
                "single threshold, no EMA (tuned on dev)": TrackerConfig.single_threshold(base_tau),
                f"single threshold, no EMA (tau={shipped.tau_match})": TrackerConfig.single_threshold(shipped.tau_match)}
    for name, cfg in policies.items():
        res["results"][name] = {"test": simulate(cfg, utts, TEST), "all": simulate(cfg, utts, DEV + TEST)}
    norm = cohort()
    norm_tuned = sweep_norm(utts, norm)
    res["norm_tuned_on_dev"] = vars(norm_tuned)
    # Side by side: the same embeddings and transcripts, with and without the interaction prior.
    posterior = {
        "posterior, voice only (no prior)": (shipped, PriorConfig(enabled=False), None),
        ECAPA_ROW: (shipped, PriorConfig(), None),
        "tracker + AS-norm (tuned on dev)": (norm_tuned, None, norm),
        "posterior + interaction prior + AS-norm": (NORM_TRACKER, NORM_PRIOR, norm),
    }
    for name, (cfg, prior, nm) in posterior.items():
        res["results"][name] = {"test": simulate(cfg, utts, TEST, prior, nm),
                                "all": simulate(cfg, utts, DEV + TEST, prior, nm)}
    # The ECAPA-only rows: what ingestion and live sessions do with POLYMEM_VOICE_FUSION=0 (or no GE2E).
    newer: dict[str, tuple[list[dict], ReclusterConfig | None, bool]] = {
        ECAPA_ROW + ", no waiting (as live)": (utts, None, False),
        "posterior + prior + session split (offline), ECAPA only": (utts, ReclusterConfig(), True)}
    if ge2e_features(out, manifest, utts) is not None:
        fu = fused(utts, FUSION_WEIGHT, ge2e_mean())
        if (out / "ge2e.json").exists():
            res["rtf_ge2e"] = round(json.loads((out / "ge2e.json").read_text())["embed_seconds"] / audio_s, 4)
        # What ships (embedding.default_speaker_embedder with the GE2E weights installed):
        newer[INGEST_ROW] = (fu, ReclusterConfig(), True)
        newer[LIVE_ROW] = (fu, None, False)
        # Side rows of the same run: the fusion alone, short_margin .03 (won DEV, lost TEST), min_part 3.
        newer["posterior + prior, ECAPA+GE2E fused (no split)"] = (fu, None, True)
        newer["fused + split, short turns leave the kept part only when nearer by .03 (DEV choice, dropped)"] = (
            fu, ReclusterConfig(short_margin=0.03), True)
        newer["fused + split, parts of 3+ turns"] = (fu, ReclusterConfig(min_part=3), True)
    for name, (us, split, wait) in newer.items():
        res["results"][name] = {"dev": simulate(shipped, us, DEV, PriorConfig(), wait=wait, split=split),
                                "test": simulate(shipped, us, TEST, PriorConfig(), wait=wait, split=split)}
    res["results"][ECAPA_ROW]["dev"] = simulate(shipped, utts, DEV, PriorConfig())
    res["fusion_weight"] = FUSION_WEIGHT
    res["summary_test"] = {k: {m: v["test"][m] for m in ("attribution_accuracy", "short_utterance_accuracy",
                                                        "reid_accuracy")} | {"dev_attribution": v["dev"]["attribution_accuracy"]}
                           for k, v in res["results"].items() if "dev" in v}
    (out / "results.json").write_text(json.dumps(res, indent=1, default=str))
    print(json.dumps(res, indent=1, default=str))
    return 0

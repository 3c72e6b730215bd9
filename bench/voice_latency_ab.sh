#!/bin/bash
# Before/after /voice/live latency in one run (docs/bench/voice.md): `polymem serve` from an older
# tree (BEFORE, e.g. `mkdir -p /tmp/before && git archive 7597125 | tar -x -C /tmp/before`) and
# from this tree (after), each in turn at normal priority, streamed in real time by this tree's
# `polymem bench voice-latency`; NOAHEAD=1 adds this tree with POLYMEM_VOICE_WORK_AHEAD=0, FAST=1
# adds a `--fast` pair (RTF). Key creation runs under `nice -n 10`. JSON per run in OUT.
#   BEFORE=/tmp/before WAVS="a.wav b.wav" CHUNKS="0.1 0.5" OUT=/tmp/lat bench/voice_latency_ab.sh
set -u
HERE=$(cd "$(dirname "$0")/.." && pwd)
cd "$HERE"
BEFORE=${BEFORE:?set BEFORE to an export of the older commit}
OUT=${OUT:-/tmp/voice-latency-ab}; mkdir -p "$OUT"
WAVS=${WAVS:-"$HERE/.cache/voice/bench-set/C/s0.wav $HERE/.cache/voice/bench-set/C/s1.wav"}
PORT=${PORT:-8880}
run_one() {  # $1 label, $2 tree, $3 work ahead 0/1, $4... extra bench args
  PORT=$((PORT+1))
  local space="lat-ab-$1-$(date +%H%M%S)" key=""
  for _ in 1 2 3; do
    key=$(PYTHONPATH="$HERE" nice -n 10 python -m polymem.cli keys create --space "$space" --label voice-latency-ab \
          2>>"$OUT/keys.err" | grep -o 'pmk_[A-Za-z0-9_-]*' | head -1)
    [ -n "$key" ] && break; sleep 5
  done
  (cd "$2" && POLYMEM_VOICE_WORK_AHEAD=$3 POLYMEM_VOICE_CACHE="$HERE/.cache/voice" POLYMEM_API_PRELOAD=0 PYTHONPATH="$2" \
     exec python -m polymem.cli serve --port "$PORT" --log-level warning) > "$OUT/serve-$1.log" 2>&1 &
  local pid=$!
  for _ in $(seq 90); do curl -s "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && break; sleep 1; done
  echo "$1 start $(date -u +%H:%M:%S) $(uptime | sed 's/.*load/load/')"
  # shellcheck disable=SC2086
  PYTHONPATH="$HERE" python -m polymem.cli bench voice-latency $WAVS --url "ws://127.0.0.1:$PORT" --key "$key" \
     --space "$space" --label "$1" "${@:4}" > "$OUT/lat-$1.json" 2>"$OUT/lat-$1.err" || echo "$1 failed"
  echo "$1 end   $(date -u +%H:%M:%S) $(uptime | sed 's/.*load/load/')"
  kill "$pid"; wait "$pid" 2>/dev/null || true
}
date -u; nproc; uname -m
for ch in ${CHUNKS:-0.1 0.5}; do
  run_one "before-$ch" "$BEFORE" 1 --chunk "$ch"
  run_one "after-$ch" "$HERE" 1 --chunk "$ch"
  if [ -n "${NOAHEAD:-}" ]; then run_one "noahead-$ch" "$HERE" 0 --chunk "$ch"; fi
done
if [ -n "${FAST:-}" ]; then
  run_one before-fast "$BEFORE" 1 --fast
  run_one after-fast "$HERE" 1 --fast
fi
date -u

"""Voice: speaker tracking (ECAPA-TDNN fused with GE2E), ASR (faster-whisper) and spoken-session ingestion.

Heavy models load only when used. Entry points: `VoiceSessionIngestor` (session.py),
`identify_speaker` (identify.py), `SpeakerTracker` / `merge_fragments` (tracker.py, merge.py).
"""

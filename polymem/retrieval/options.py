"""Knobs of one `ask` call (strategy, ablation switches, budgets)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field


class AskOptions(BaseModel):
    # system1 = hybrid BM25+vector+Expand only; system12 = + System 2 rows; agentic = multi-round loop
    strategy: Literal["system1", "system12", "agentic"] = "agentic"
    use_system2: bool = True  # ablation switch
    ask_round: bool = True  # Sufficiency/ASK supplementary round
    use_addressee: bool = True  # ablation: ignore ADDRESSES edges / speaker-addressee filters
    recall_n: int = Field(40, ge=1, le=1000)
    top_k: int = Field(10, ge=1, le=200)
    row_k: int = Field(2, ge=1, le=50)  # System 2 records per row
    source_k: int = Field(1, ge=0, le=50)
    max_rounds: int = Field(3, ge=1, le=3)
    llm: bool = False  # use the configured OpenAI-compatible LLM for planning/answering
    # agentic rounds after the first: "rules" (hand-written), "small" (the packaged trained policy), "llm" (the
    # configured OpenAI-compatible server) or the path of a saved policy (`polymem train retrieval`)
    policy: str = Field("rules", min_length=1, max_length=500)

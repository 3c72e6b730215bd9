"""Class (b): an LLM retrieval policy (issue 15). A causal LM reads the state (question, plan, evidence held,
round, round 1's verdict) and the allowed catalogue actions as text (prompt.py); its next-token distribution over
the actions' letters, renormalised on the allowed ones, is pi(a | s). The LM core, LoRA, GRPO step and
save / load are `polymem.llm.choice_lm.ChoiceLM`; training is llm_train.py (the small policy's episodes)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from polymem.llm.choice_lm import DEFAULT_MODEL, ChoiceLM, peft_available, saved_kind
from polymem.retrieval.policy.prompt import label, prompt_text, render_state
from polymem.retrieval.policy.rewards import group_advantages

__all__ = ["DEFAULT_MODEL", "LLMPolicy", "is_llm_policy", "peft_available"]


class LLMPolicy(ChoiceLM):
    kind = "llm"

    @staticmethod
    def observe(plan: Any, lists: Any, kinds: Sequence[str], round_: int, held: Sequence[str],
                sufficient: bool = False, confidence: float = 0.0) -> str:
        return render_state(plan, lists, kinds, round_, held, sufficient, confidence)

    def prompt(self, state: Any, allowed: Sequence[str]) -> str:
        return prompt_text(self.tok, str(state), allowed)

    def letter(self, action: str) -> str:
        return label(action)

    def grpo_step(self, state: str, allowed: Sequence[str], taken: Sequence[str], rewards: Sequence[float],
                  lr: float | None = None, normalise: bool = False) -> bool:
        """One EG-GRPO step on the K sampled actions of a state; False (nothing changes) when their rewards are
        all equal."""
        adv = group_advantages(list(rewards), normalise=normalise)
        if adv is None:
            self._last = None
            return False
        self.policy_step(state, allowed, taken, adv, lr)
        return True


def is_llm_policy(path: Path) -> bool:
    return saved_kind(path) == LLMPolicy.kind

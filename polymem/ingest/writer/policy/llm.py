"""Class (b) of the writer policy (issue 15, part 2): a causal LM decides add / update / noop for a candidate
statement from a text rendering of it (speaker, owner, addressees, kind, value, the current same-key records,
the speaker's history in the run, the rules' own choice). The LM core (lettered choices, LoRA, save / load)
is `polymem.llm.choice_lm.ChoiceLM`; training is llm_train.py (speaker-conditioned GRPO, same rewards and
per-position advantages as the small policy)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from polymem.ingest.writer.policy import ADD, NOOP, OPS, UPDATE, Candidate, rule_choice
from polymem.llm.choice_lm import ChoiceLM, saved_kind

DESCRIBE = {ADD: "add it as a new record", UPDATE: "update the current record with the new value",
            NOOP: "write nothing"}
SYSTEM = ("You decide what a memory system for group chats writes for a statement read in a chat. Keep records "
          "that match what the people said about themselves and each other; do not repeat a recorded value. "
          "Reply with the letter of one operation.")


def render(c: Candidate) -> str:
    heads = "; ".join(f"{h.value or h.event} (from {h.source})" for h in c.same[:3]) or "none"
    h = c.history
    return "\n".join([
        f"Speaker: {c.source}, in a chat of {c.people} people; addressed to: {', '.join(c.addressees) or 'everyone'}.",
        f"About: {c.owner} ({'the speaker' if c.owner == c.source else 'the group' if c.owner == c.group else 'someone else'}); "
        f"kind {c.event}; attribute {c.attribute or 'none'}; value {c.value or 'none'}.",
        f"Statement: {c.content}",
        f"Tentative (past or passing mention): {'yes' if c.weak else 'no'}. Single-valued attribute: "
        f"{'yes' if c.keyed else 'no'}.",
        f"Current records with the same key: {heads}; one already holds this value: {'yes' if c.agrees else 'no'}.",
        f"This speaker so far: {h.statements} statements, {h.corrections} corrections of a recorded value, "
        f"{h.reported} about someone else.",
        f"The hand-written rules would: {rule_choice(c)}.",
    ])


def letter(op: str) -> str:
    return "ABC"[OPS.index(op)]


def prompt_text(tokenizer: object, state: str, allowed: Sequence[str]) -> str:
    """The candidate and the allowed operations; the next token is the chosen letter."""
    opts = "\n".join(f"{letter(a)}. {a}: {DESCRIBE[a]}" for a in allowed)
    user = f"{state}\n\nOperations:\n{opts}\n\nWhich operation? Answer with one letter."
    if getattr(tokenizer, "chat_template", None):
        msgs = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]
        return str(tokenizer.apply_chat_template(msgs, tokenize=False, add_generation_prompt=True))  # type: ignore[attr-defined]
    return f"{SYSTEM}\n\n{user}\nAnswer:\n"


class LLMWriterPolicy(ChoiceLM):
    kind = "llm-writer"
    name = "llm"

    @staticmethod
    def view(c: Candidate) -> str:
        return render(c)

    def prompt(self, state: Any, allowed: Sequence[str]) -> str:
        return prompt_text(self.tok, str(state), allowed)

    def letter(self, action: str) -> str:
        return letter(action)

    def greedy(self, state: str, allowed: Sequence[str]) -> str:
        return self.choose(state, allowed)

    def sample(self, state: Any, allowed: Sequence[str], rng: Any, k: int | None = None) -> Any:  # type: ignore[override]
        """One op (k None: a trajectory's decision; no graph kept, the GRPO step recomputes it) or k ops."""
        if k is not None:
            return super().sample(state, allowed, k, rng)
        p = self.probs(state, allowed)
        w = [p[a] for a in allowed]
        return allowed[int(rng.choice(len(allowed), p=[v / sum(w) for v in w]))]

    def decide(self, c: Candidate) -> str:
        """The DecisionPolicy seam (`polymem write --policy DIR`): greedy."""
        return self.choose(render(c), c.allowed())


def is_llm_writer_policy(path: Path) -> bool:
    return saved_kind(path) == LLMWriterPolicy.kind

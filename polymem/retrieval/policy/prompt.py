"""The text an LLM retrieval policy reads (class (b), issue 15): the state (question, plan, evidence held, round,
round 1's sufficiency verdict) and the allowed catalogue actions, each under a fixed letter. The policy's
distribution over actions is the LM's next-token distribution over those letters (renormalised on the allowed
ones), so one forward pass scores every candidate."""

from __future__ import annotations

from collections.abc import Sequence

from polymem.retrieval.fusion import content_words
from polymem.retrieval.plan import Plan
from polymem.retrieval.policy.catalogue import ACTIONS, STOP

LABELS = "ABCDEFGHIJKLMNOP"  # one letter per catalogue action, by catalogue position
DESCRIBE = {
    STOP: "stop searching and answer from the evidence held",
    "bm25_rewrite": "keyword search (BM25) with the topic terms, their expansions and the names, wide",
    "vector_rewrite": "semantic search with the same rewritten query",
    "vector_issue_wide": "semantic search on the topic words alone, wide",
    "bm25_question_wide": "keyword search on all the question's words, no time filter, wide",
    "vector_question_wide": "semantic search on the whole question, wide",
    "bm25_no_names": "keyword search on the question's words without the people's names",
    "bm25_speaker": "keyword search in the messages the mentioned person wrote",
    "vector_speaker": "semantic search in the messages the mentioned person wrote",
    "bm25_addressee": "keyword search in the messages addressed to the mentioned person",
    "bm25_other_speaker": "keyword search in the messages of the people not mentioned",
    "vector_other_speaker": "semantic search in the messages of the people not mentioned",
}
SYSTEM = ("You choose the next search action of a memory system for group chats. The goal is to bring new "
          "evidence for the question into the records held (at most 15), in as few rounds as possible. "
          "Reply with the letter of one action.")


def label(action: str) -> str:
    return LABELS[ACTIONS.index(action)]


def render_state(plan: Plan, lists: Sequence[Sequence[tuple[str, float]]], kinds: Sequence[str], round_: int,
                 held: Sequence[str], sufficient: bool = False, confidence: float = 0.0) -> str:
    """The state in words: no gold, only what `ask` knows after `round_` rounds."""
    lex = next((list(h) for h, k in zip(lists, kinds, strict=False) if k == "bm25" and h), [])
    dense = next((list(h) for h, k in zip(lists, kinds, strict=False) if k == "vector" and h), [])
    agree = len({d for d, _ in lex[:10]} & {d for d, _ in dense[:10]})
    peak = lex[0][1] / (lex[0][1] + sum(s for _, s in lex[1:5]) / 4 + 1e-9) if len(lex) > 1 else 0.0
    tr = plan.time_range
    lines = [
        f"Question: {plan.question}",
        f"Plan: intent {plan.intent}; asks for a date: {'yes' if plan.asks_time else 'no'}; "
        f"topic terms: {', '.join(plan.issue) or 'none'}; people named: {len(plan.mentioned)}; "
        f"time filter: {'yes' if tr else 'no'}; content words: {len(content_words(plan.question))}.",
        f"Round: {round_} done (round 1 = the plan's own searches).",
        f"Evidence held: {len(held)} records from {len(kinds)} result lists ({', '.join(kinds) or 'none'}); "
        f"the keyword and semantic top 10 share {agree} records; keyword peak {peak:.2f}.",
        f"After round 1 the answerer judged the evidence {'sufficient' if sufficient else 'not sufficient'} "
        f"(confidence {confidence:.2f}).",
    ]
    return "\n".join(lines)


def render_options(allowed: Sequence[str]) -> str:
    return "Actions:\n" + "\n".join(f"{label(a)}. {DESCRIBE.get(a, a)}" for a in allowed)


def prompt_text(tokenizer: object, state: str, allowed: Sequence[str]) -> str:
    """The full prompt; the next token is the chosen letter. The chat template when the tokenizer has one."""
    user = f"{state}\n\n{render_options(allowed)}\n\nWhich action? Answer with one letter."
    if getattr(tokenizer, "chat_template", None):
        msgs = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]
        return str(tokenizer.apply_chat_template(msgs, tokenize=False, add_generation_prompt=True))  # type: ignore[attr-defined]
    return f"{SYSTEM}\n\n{user}\nAnswer:\n"

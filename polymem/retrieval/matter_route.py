"""A question that names a matter the group decided on is a question about that decision, whatever its wording:
"what did the kitty start out as?" asks the kitty's first value though no word of it says "we"
or "decide". The matters come from the space's own decision records, so only a matter this group settled counts."""

from __future__ import annotations

from collections.abc import Callable

from polymem.language import lexical as lex
from polymem.language.models import parsed
from polymem.retrieval.plan import Plan, Row
from polymem.retrieval.planner import GROUP_ID


def names_matter(question: str, matters: list[str]) -> str | None:
    """The matter a question names: a noun of the question (by lemma) that is the head word of a matter's name."""
    # (a matter filed under a word any plan or time is, "plan", "date", "day", names no particular matter)
    heads = {m.split()[-1].lower(): m for m in matters if m and not _generic_head(m.split()[-1].lower())}
    for t in parsed(question):
        if t.pos_ in ("NOUN", "PROPN") and t.lemma_.lower() in heads:
            return heads[t.lemma_.lower()]
    return None


def _generic_head(noun: str) -> bool:
    from polymem.retrieval.extract_group import is_generic

    return is_generic(noun) or lex.noun_is(noun, "time", senses=2) or lex.is_person_noun(noun)


def to_group_decision(plan: Plan, matters: list[str] | Callable[[], list[str]]) -> Plan:
    """A plan that asks nothing of a member (generic, no member named, no attribute of a person) and names a
    matter the group decided on becomes a plan for the group's decision on it."""
    if plan.intent != "generic" or plan.mentioned or plan.attribute is not None:
        return plan
    matter = names_matter(plan.question, matters() if callable(matters) else matters)
    if matter is None:
        return plan
    plan.intent, plan.answer_field = "group_decision", "value"
    plan.rows = [Row(kind="GROUP", id=GROUP_ID, name="the group")]
    plan.notes = [n for n in plan.notes if not n.startswith("intent=")] + [
        "intent=group_decision", f"names the group's matter '{matter}'"]
    return plan

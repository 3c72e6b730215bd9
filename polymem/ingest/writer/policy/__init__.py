"""The Writer's decision seam: which operation (add / update / noop) a candidate statement becomes.

The language layer and `extract.py` propose candidate facts; a `DecisionPolicy` picks the operation for each;
`rules.py` builds the op and `validate.py` checks it before anything is written (unchanged whichever policy
decided). `RulesPolicy` is the hand-written default; `SmallWriterPolicy` (small.py) is the GRPO-trained
alternative (issue 15, part 2), used only when asked for (`load_policy`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

ADD, UPDATE, NOOP = "add", "update", "noop"
OPS = (ADD, UPDATE, NOOP)
PACKAGED = Path(__file__).resolve().parent / "data" / "small.json"


@dataclass
class Head:
    """A current record a candidate can be compared with (owner, key, value)."""

    id: str
    owner: str
    attribute: str | None
    source: str
    event: str
    value: str | None
    before: bool = False  # written from a state said to be over ("we're leaving X"): any later value replaces it


@dataclass
class History:
    """What one speaker has said so far in this run: candidates, and how many changed a recorded value."""

    statements: int = 0
    corrections: int = 0
    reported: int = 0  # candidates about someone else


@dataclass
class Candidate:
    """A candidate statement at decision time, with what a speaker-conditioned policy may look at."""

    owner: str
    source: str  # the speaker
    attribute: str | None
    value: str | None
    event: str
    content: str
    weak: bool
    keyed: bool  # single-valued attribute: a new value replaces the head
    same: list[Head]  # current heads with the same key (owner, attribute, event / source)
    agrees: bool  # one of them already holds this value
    addressees: tuple[str, ...] = ()
    group: str = "GROUP"
    history: History = field(default_factory=History)
    people: int = 2  # people in the roster

    def allowed(self) -> list[str]:
        """Operations that can be built: an Update needs a same-key head of a single-valued attribute."""
        return [ADD, UPDATE, NOOP] if self.same and self.keyed else [ADD, NOOP]


def rule_choice(c: Candidate) -> str:
    """The hand-written decision (what RuleWriter always did)."""
    if c.agrees:
        return NOOP
    if c.same and c.weak:
        # an inferred view ("you're so brave" to whoever spoke last) sits beside the named ones, never over them
        return ADD if c.attribute == "opinion" else NOOP
    if c.same and c.keyed:
        return UPDATE
    return ADD


class DecisionPolicy(Protocol):
    name: str

    def decide(self, c: Candidate) -> str: ...


class RulesPolicy:
    name = "rules"

    def decide(self, c: Candidate) -> str:
        return rule_choice(c)


def load_policy(spec: str | Path | None) -> DecisionPolicy:
    """'rules' (or None), 'small' (the packaged trained policy; an error until one ships), a policy.json path or
    a folder holding one or an LLM writer policy (llm_policy.json)."""
    if spec is None or str(spec) == "rules":
        return RulesPolicy()
    from polymem.ingest.writer.policy.small import SmallWriterPolicy

    path = PACKAGED if str(spec) == "small" else Path(spec)
    if path.is_dir() and (path / "llm_policy.json").is_file():  # class (b), `polymem train writer --policy llm`
        from polymem.ingest.writer.policy.llm import LLMWriterPolicy

        return LLMWriterPolicy.load(path)  # type: ignore[no-any-return]
    if path.is_dir() and (path / "policy.json").is_file():
        path = path / "policy.json"
    if not path.is_file():
        raise FileNotFoundError(f"no trained writer policy at {path}" + (
            " (none ships: it did not beat the rules on validation; use a policy.json from "
            "`polymem train writer`)" if str(spec) == "small" else ""))
    return SmallWriterPolicy.load(path)

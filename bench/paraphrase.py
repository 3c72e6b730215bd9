"""A robustness probe for groupchat: the same questions reworded (`polymem bench groupchat
--paraphrase`). The held-out groupchat set uses different phrasings, so a system that only knows
the shared templates shows it here. Rules are hand-written, one per shared template; a question
no rule matches is kept as is (and counted)."""

from __future__ import annotations

import re

RULES: list[tuple[str, str]] = [
    (r"^Who suggested (.+) for the (\w+)\?$", r"Which of us proposed \1 as the \2?"),
    (r"^Who asked (\w+) to (.+)\?$", r"Who wanted \1 to \2?"),
    (r"^Whom did (\w+) ask to (.+)\?$", r"Which person did \1 request to \2?"),
    (r"^Who agreed to (.+)\?$", r"Who said they would \1?"),
    (r"^Who told the group that (\w+) moved to (.+)\?$", r"Who mentioned that \1 relocated to \2?"),
    (r"^What does (\w+) think of (\w+)\?$", r"How does \1 see \2?"),
    (r"^Where does everyone in the group live now\?$", r"Which city is each member based in at the moment?"),
    (r"^Where does (\w+) live now\?$", r"Which city is \1 based in these days?"),
    (r"^What is (\w+)'s current job\?$", r"What does \1 do for a living now?"),
    (r"^Where did (\w+) live before moving to (.+)\?$", r"Which city was \1 living in prior to \2?"),
    (r"^What job did (\w+) have before the current one\?$", r"What was \1's previous job?"),
    (r"^What did the group finally settle on for the (\w+)\?$", r"What is our final choice for the \1?"),
    (r"^What had the group originally decided for the (\w+)\?$", r"What was our first pick for the \1, before it changed?"),
    (r"^What pet does (\w+) have\?$", r"What animal does \1 own?"),
    (r"^Where does (\w+) work\?$", r"Who is \1's employer?"),
]
_COMPILED = [(re.compile(p), r) for p, r in RULES]


def paraphrase(question: str) -> tuple[str, bool]:
    """(reworded question, whether a rule applied)."""
    for pat, rep in _COMPILED:
        if pat.match(question):
            return pat.sub(rep, question), True
    return question, False

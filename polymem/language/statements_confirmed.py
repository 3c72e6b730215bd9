"""A member's news told as a yes to another member's question: "did Ana move to X??" answered by Ana with "yes!
last week" says she lives in X now, though her own line names no place.

The question is read as the statement it asks to confirm (its question marks dropped); of what it says, only what
is about the member who answers yes is theirs to confirm.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from polymem.language import lexical as lex
from polymem.language.consensus import STRETCHED
from polymem.language.models import parsed
from polymem.language.statement_types import Statement

if TYPE_CHECKING:
    from polymem.language.statements import StatementReader

CONFIRM_BACK = 3  # messages back in which the question a bare yes answers may stand
OPENING = 4  # words at the start of a reply within which its yes must come ("haha yes", "omg yes")
# the affirmative particles of English, a closed class ("yesss", "yeahh": said drawn out)
_AFFIRM = frozenset({"yes", "yeah", "yep", "yup", "yea", "ya", "aye", "indeed", "correct", "true"})
_WH = ("WP", "WRB", "WDT", "WP$")
_CONFIRMABLE = ("city", "job", "pet")

Item = tuple[str, str, "datetime | None", "str | None"]  # (text, speaker, time, message id)


def affirms(doc: Any) -> bool:
    """The reply opens with a yes, after nothing but interjections and punctuation ("lol yes. signed the lease friday")."""
    for t in list(doc)[:OPENING]:
        word = STRETCHED.sub(r"\1", t.lower_)
        if word in _AFFIRM or STRETCHED.sub(r"\1\1", t.lower_) in _AFFIRM:
            return True
        # (laughter and the like, "haha", "omg", are words no dictionary has)
        if not (t.is_punct or t.pos_ == "INTJ" or not t.is_alpha or not lex.known_word(t.lower_)):
            return False
    return False


def _polar_part(text: str) -> str | None:
    """The last question of a message, when it asks yes or no (no wh-word), without its question marks."""
    asks = [s for s in parsed(text).sents if s.text.rstrip().endswith("?")]
    if not asks or any(t.tag_ in _WH for t in asks[-1]):
        return None
    return asks[-1].text.rstrip().rstrip("?!").strip() or None


def _name_of(reader: StatementReader, pid: str) -> str:
    return next((p.names[0].split()[0] for p in reader.roster if p.id == pid and p.names), "")


def _of(question: str, name: str) -> str:
    """The question said of the member by name instead of "you" ("are you a nurse now" -> "is Ana a nurse now")."""
    if not name:
        return question
    q = re.sub(r"(?i)\b(are|were)\s+you\b", lambda m: ("is " if m.group(1).lower() == "are" else "was ") + name,
               question)
    q = re.sub(r"(?i)\byou(?:'re|’re|\s+are)\b", f"{name} is", q)
    q = re.sub(r"(?i)\byour\b", f"{name}'s", q)
    return re.sub(r"(?i)\b(?:you|u)\b", name, q)


def confirmed(reader: StatementReader, items: Sequence[Item], docs: Sequence[Any], start: int) -> dict[int, list[Statement]]:
    """For each item from `start` whose reply is a yes to a member's yes/no question a few lines before: the
    question's statements about the one who says yes, as theirs (index -> statements). `docs[i - start]` is the
    parse of `items[i]`."""
    out: dict[int, list[Statement]] = {}
    for i in range(start, len(items)):
        text, speaker, time, mid = items[i]
        if not affirms(docs[i - start]):
            continue
        for j in range(i - 1, max(-1, i - 1 - CONFIRM_BACK), -1):
            qtext, asker = items[j][0], items[j][1]
            if asker == speaker:
                continue
            part = _polar_part(reader.cased(qtext))
            if part is None or re.search(r"(?i)\bor\b", part):
                continue  # ("did she move to X or Y?": a yes says neither)
            # (read as if the asker said it of the one answering: "you" in "did you move to X?" is them)
            sts = [st for st in reader.read(_of(part, _name_of(reader, speaker)), asker, time, mid, last_other=speaker)
                   if st.owner == speaker and st.attribute in _CONFIRMABLE and st.polarity and not st.weak]
            for st in sts:
                st.source, st.message_id, st.time, st.sentence = speaker, mid, time, text
                st.kind = "event" if st.kind == "report" else st.kind  # (their own news now, not another's report)
            if sts:
                out[i] = sts
            break  # (only the nearest question another member asked)
    return out

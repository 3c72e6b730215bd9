"""A creature's name told by answering "who is X?": "who is nibs" - "the cat. my cat." names the speaker's cat
X, though the answer itself never says the name.

The question asks who a name is, the name no member's; the answer, within a few messages and by the one who
named it before, keeps an animal with no name of its own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from polymem.language import syntax as sx
from polymem.language.models import parsed
from polymem.language.statement_types import Statement

if TYPE_CHECKING:
    from polymem.language.statements import StatementReader

ANSWER_BACK = 3  # messages back in which the question an answer replies to may stand

Item = tuple[str, str, Any, Any]  # (text, speaker, time, message id)


def asked_name(reader: StatementReader, doc: Any) -> str | None:
    """The name a "who is X?" / "who's X" question asks about, when it is no member's; else None."""
    toks = [t for t in doc if not t.is_punct]
    if len(toks) < 2 or len(toks) > 5 or toks[0].lower_ not in ("who", "whos"):
        return None
    rest = toks[1:]
    if rest and (rest[0].lemma_ == "be" or rest[0].lower_ in ("s", "'s", "’s")):  # ("who's X": "who" + "'s")
        rest = rest[1:]
    # a name (not "who is he / that / coming?"), no member's
    if len(rest) != 1 or rest[0].pos_ not in ("PROPN", "NOUN") or rest[0].is_stop or \
            not re.fullmatch(r"[^\W\d_]+(?:['’][^\W\d_]+)?", rest[0].text) or reader.person_in(rest[0].text):
        return None
    return rest[0].text


def identified(reader: StatementReader, items: Sequence[Item], docs: Sequence[Any], out: list[list[Statement]],
               context: int) -> None:
    """Give the pet an answer keeps without a name the name the question asked about (in place)."""
    for i in range(context, len(items)):
        speaker = items[i][1]
        bare = [st for st in out[i] if st.attribute == "pet" and st.owner == speaker and not st.name]
        if not bare:
            continue
        for j in range(i - 1, max(0, i - ANSWER_BACK) - 1, -1):
            if items[j][1] == speaker:
                continue
            # (a question in the window before, read for context only, is parsed here)
            name = asked_name(reader, docs[j - context] if j >= context else parsed(reader.cased(items[j][0])))
            # (the name the speaker used before: "sorry Nibs stepped on my phone")
            said = sx.whole_word(name, re.IGNORECASE) if name else None
            if said is not None and any(items[k][1] == speaker and said.search(items[k][0]) for k in range(j)):
                for st in bare:
                    st.name = name if not name.islower() else name.title()
                break

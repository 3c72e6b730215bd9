"""Salient statements about the speaker (fact memory): which sentences of a message say something about
the speaker's life, read from the parse instead of from sentence openings.

A sentence counts when the speaker takes part in it grammatically (I / me / my / we / our as subject,
object or possessor, or a subject-less fragment such as "Gonna continue my edu"), it is declarative, it
is not addressed at the listener ("you ..."), not hedged (if / unless) and carries content (at least two
content words besides the verb). Interjections and reactions ("Wow, that's cool!") carry no content.
"""

from __future__ import annotations

from typing import Any

from polymem.language.models import parsed

_FIRST = {"i", "me", "my", "mine", "myself", "we", "us", "our", "ours"}
_SECOND = {"you", "your", "yours", "yourself", "u", "ya"}
_CONTENT = {"NOUN", "PROPN", "VERB", "ADJ", "NUM"}
_LIGHT = {"be", "have", "do", "get", "go", "make", "say", "know", "think", "see", "thank", "love", "like", "feel",
          "want", "guess", "mean", "hope", "wish", "wonder", "agree", "bet", "believe"}


def _about_speaker(sent: Any) -> bool:
    """The speaker takes part, other than as the thinker of a reaction ("I think that's a good idea")."""
    from polymem.language.lexical import verb_in_lexfile

    for t in sent:
        if t.lower_ not in _FIRST or t.dep_ not in ("nsubj", "nsubjpass", "poss", "dobj", "pobj", "dative"):
            continue
        h = t.head
        if t.dep_ == "nsubj" and any(c.dep_ == "ccomp" for c in h.children) and \
                verb_in_lexfile(h.lemma_.lower(), ("verb.cognition",)):
            continue
        return True
    return False


def _addressed(sent: Any) -> bool:
    return any(t.lower_ in _SECOND and t.dep_ in ("nsubj", "nsubjpass") for t in sent)


def _content(sent: Any) -> int:
    return sum(1 for t in sent if t.pos_ in _CONTENT and not t.is_stop and t.lemma_.lower() not in _LIGHT
               and len(t.text) > 2)


def salient(text: str, limit: int = 2) -> list[str]:
    """The sentences of `text` that state something about the speaker, longest-content first."""
    out: list[tuple[int, int, str]] = []
    for i, sent in enumerate(parsed(text).sents):
        s = sent.text.strip()
        if not s or s.endswith("?") or len(sent) < 5 or len(sent) > 40:
            continue
        if any(t.dep_ == "mark" and t.lower_ in ("if", "unless", "whether") for t in sent):
            continue
        fragment = not any(t.dep_ in ("nsubj", "nsubjpass", "expl") for t in sent) and sent.root.pos_ == "VERB"
        if not (_about_speaker(sent) or fragment) or _addressed(sent):
            continue
        n = _content(sent)
        if n >= 2 and sent.root.lemma_.lower() not in ("thank",):
            start = 0  # leading interjections and their punctuation ("Yeah, I painted ...")
            while start < len(sent) and (sent[start].dep_ in ("intj", "punct") or sent[start].pos_ == "INTJ"):
                start += 1
            out.append((n, -i, sent[start:].text.strip().rstrip(" .!")))
    out.sort(reverse=True)
    chosen = sorted(out[:limit], key=lambda x: -x[1])
    return [s for _, _, s in chosen]

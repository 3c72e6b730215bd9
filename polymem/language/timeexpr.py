"""Relative time phrases -> dates, anchored on the message's own timestamp.

"yesterday", "last Friday", "two weeks ago", "in March", "on the 14th", "next month": the calendar words
below are English grammar (weekday and month names, units of time), not vocabulary of any data set.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from spacy.lang.en.stop_words import STOP_WORDS

WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]
_NUM = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
        "eight": 8, "nine": 9, "ten": 10, "couple": 2, "few": 3}
_UNIT_DAYS = {"day": 1, "week": 7, "fortnight": 14, "month": 30, "year": 365}
_SHORT = {"september": ("sept",), "tuesday": ("tues",), "thursday": ("thur", "thurs")}  # beside the 3-letter ones


def calendar_words(names: list[str], capital: bool = False) -> str:
    """The names (months, weekdays) as a regex alternation: each whole or abbreviated ("mar", "march", "sept"),
    never a word that only starts like one ("Marlpit", "maybe", "friends"). `capital`: written with a capital."""
    forms = [f for n in names for f in (n, *_SHORT.get(n, ()), n[:3])]
    return "(?:" + "|".join((f.capitalize() if capital else f) for f in forms) + r")(?![a-z])"


_MONTH_RX = r"(?P<mon>" + calendar_words(MONTHS) + r"\.?)"


def parse_time(value: object) -> datetime | None:
    """A message time (datetime or ISO text) as a datetime; None when absent or unreadable."""
    if isinstance(value, datetime):
        return value
    if isinstance(value, str) and value:
        try:
            return datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return None
    return None


def _month(word: str) -> int | None:
    w = word.lower().rstrip(".")
    for i, m in enumerate(MONTHS):
        if len(w) >= 3 and m.startswith(w):
            return i + 1
    return None


def month_of(word: str) -> int | None:
    """The number of the month a word names, whole or cut to three letters or more ("sept" -> 9)."""
    return _month(word)


def weekday_name(word: str) -> bool:
    """A weekday's name, whole or cut short to three letters or more ("wed", "thurs")."""
    w = word.lower().rstrip(".")
    return len(w) >= 3 and any(d.startswith(w) for d in WEEKDAYS)


def calendar_name(word: str) -> bool:
    """A month's or a weekday's name, whole or cut short ("oct", "sept", "sun"): a day of the calendar."""
    return _month(word) is not None or weekday_name(word)


def resolve(phrase: str, anchor: datetime, future: bool = False) -> tuple[datetime, datetime] | None:
    """The span a phrase denotes relative to `anchor` (start, end), or None when it names no time.
    `future`: the phrase sits in a clause about what is still to come ("she starts on Monday"), so a bare
    weekday is the next one rather than the last one."""
    p = phrase.lower().strip()
    day = anchor.replace(hour=0, minute=0, second=0, microsecond=0)
    one = timedelta(days=1)
    if re.search(r"\b(?:just now|right now|today|tonight|this morning|this evening|this afternoon)\b", p):
        return day, day + one
    if re.search(r"\byesterday\b|\blast night\b", p):
        return day - one, day
    if re.search(r"\bday before yesterday\b", p):
        return day - 2 * one, day - one
    if re.search(r"\btomorrow\b", p):
        return day + one, day + 2 * one
    m = re.search(r"\b(\d+|" + "|".join(_NUM) + r")\s+(day|week|fortnight|month|year)s?\s+ago\b", p)
    if m:
        n = int(m.group(1)) if m.group(1).isdigit() else _NUM[m.group(1)]
        d = day - timedelta(days=n * _UNIT_DAYS[m.group(2)])
        return d, d + one
    # (a date with its month outranks a weekday said with it: "Friday 9 October" is the 9th of October, not the
    # nearest Friday)
    m = re.search(_MONTH_RX + r"\s+(?P<d>\d{1,2})(?:st|nd|rd|th)?\b|\b(?P<d2>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?"
                  + _MONTH_RX.replace("mon>", "mon2>"), p)
    if m:
        mon = _month(m.group("mon") or m.group("mon2"))
        d = int(m.group("d") or m.group("d2"))
        if mon and 1 <= d <= 31:
            # (a year said with it, as a number or "last"/"next year", else the message's year, or the next one for
            # a plan's day months behind the message)
            said = re.search(r"\b((?:19|20)\d{2})\b", p[m.end():m.end() + 6]) or re.search(r"\b(last|next) year\b", p)
            year = anchor.year if said is None else int(said.group(1)) if said.group(1).isdigit() else \
                anchor.year + (1 if said.group(1) == "next" else -1)
            try:
                start = datetime(year, mon, d, tzinfo=anchor.tzinfo)
            except ValueError:
                return None
            if said is None and future and start < day - timedelta(days=60):  # a plan's day months behind: next year's
                try:
                    start = start.replace(year=anchor.year + 1)
                except ValueError:  # (29 February)
                    return None
            return start, start + one
    m = re.search(r"\b(last|this|next|on|past)?\s*(" + "|".join(WEEKDAYS) + r")\b", p)
    if m:
        target = WEEKDAYS.index(m.group(2))
        delta = (anchor.weekday() - target) % 7
        if m.group(1) == "next":
            d = day + timedelta(days=(target - anchor.weekday()) % 7 or 7)
        elif m.group(1) == "this" and delta == 0:
            d = day
        elif future and m.group(1) != "last":
            d = day + timedelta(days=(target - anchor.weekday()) % 7 or 7)
        else:  # a bare or "last" weekday in a report is the most recent one before the message
            d = day - timedelta(days=delta or 7)
        return d, d + one
    m = re.search(r"\b(last|this|next)\s+(week|month|year|weekend)\b", p)
    if m:
        sign = {"last": -1, "this": 0, "next": 1}[m.group(1)]
        unit = m.group(2)
        if unit in ("week", "weekend"):
            start = day - timedelta(days=anchor.weekday()) + timedelta(days=7 * sign)
            if unit == "weekend":
                start += timedelta(days=5)
                return start, start + 2 * one
            return start, start + 7 * one
        if unit == "month":
            y, mo = anchor.year, anchor.month + sign
            y, mo = y + (mo - 1) // 12, (mo - 1) % 12 + 1
            start = datetime(y, mo, 1, tzinfo=anchor.tzinfo)
            end = datetime(y + mo // 12, mo % 12 + 1, 1, tzinfo=anchor.tzinfo)
            return start, end
        y = anchor.year + sign
        return datetime(y, 1, 1, tzinfo=anchor.tzinfo), datetime(y + 1, 1, 1, tzinfo=anchor.tzinfo)
    m = re.search(r"\b(?:(?P<cue>in|since|during|early|late|mid|back in|by|from|starting|until|till|next)\s+)?"
                  + _MONTH_RX + r"\b", p)
    if m and _month(m.group("mon")):
        mon = _month(m.group("mon")) or 1
        if future or m.group("cue") in ("starting", "until", "till", "next"):  # "starting september" said in July
            y = anchor.year if mon >= anchor.month else anchor.year + 1
        elif m.group("cue") == "from":  # an onset, ahead or behind: the nearer one ("from september" said in May)
            y = anchor.year + (mon - anchor.month > 6) * -1 + (anchor.month - mon > 6)
        else:
            y = anchor.year if mon <= anchor.month + 1 else anchor.year - 1
        start = datetime(y, mon, 1, tzinfo=anchor.tzinfo)
        end = datetime(y + mon // 12, mon % 12 + 1, 1, tzinfo=anchor.tzinfo)
        return start, end
    return None


def point(phrase: str, anchor: datetime, future: bool = False) -> datetime | None:
    span = resolve(phrase, anchor, future)
    return span[0] if span else None


def is_time_word(text: str) -> bool:
    """Whether a short phrase is only a time expression (used to trim values: "Tartu last week" -> "Tartu")."""
    p = text.lower().strip()
    return bool(re.fullmatch(r"(?:(?:last|this|next|on|in|since|back in|early|late|mid|the)\s+)?"
                             r"(?:" + "|".join(WEEKDAYS) + r"|" + _MONTH_RX + r"|week|weekend|month|year|"
                             r"today|tonight|tomorrow|yesterday|now|these days|recently)", p))


_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
_WD = r"(?:" + calendar_words(WEEKDAYS) + r"\.?\s+(?:the\s+)?)?"  # "fri", "Thurs", not "friends 3 June"
_SPAN = re.compile(r"(?i)\b(?:" + _WD + _DAY + r"(?:\s*(?:-|–|—|to)\s*" + _WD + _DAY + r")?\s+(?:of\s+)?" + _MONTH_RX
                   + r"|" + _WD + _MONTH_RX.replace("mon>", "mon3>") + r"\s+" + _DAY + r"(?:\s*(?:-|–|—|to)\s*"
                   + _DAY + r")?)\b")


def date_span(text: str) -> str | None:
    """The calendar date (or day range) a text names as written: "Saturday 13 June", "7-11 august",
    "jan 2-4", "2nd–4th May"; None when it names none."""
    m = _SPAN.search(text)
    if m and _month(re.sub(r"[^a-z]", "", (m.group("mon") or m.group("mon3") or "").lower())):
        return m.group(0).strip()
    w = _WEEKDAY_ORDINAL.search(text) or _ORDINAL_RANGE.search(text)  # "sunday the 16th", "3rd to 5th": the
    if w and w.re is _ORDINAL_RANGE and (n := _NEXT_WORD.match(text, w.end())) and _counted(n.group(1).lower()):
        return None  # month is the one talked of; "1st-3rd place", "the 3rd to 5th floor": ranks or storeys
    return w.group(0).strip() if w else None


_WEEKDAY_ORDINAL = re.compile(r"(?i)\b(?:" + "|".join(WEEKDAYS) + r")\s+(?:the\s+)?\d{1,2}(?:st|nd|rd|th)\b")
_ORDINAL_RANGE = re.compile(r"(?i)\b(?:the\s+)?\d{1,2}(?:st|nd|rd|th)\s*(?:to|till|until|-|–|—)\s*(?:the\s+)?"
                            r"\d{1,2}(?:st|nd|rd|th)\b")
_NEXT_WORD = re.compile(r"\s+([A-Za-z]+)")


def _counted(word: str) -> bool:
    """A noun an ordinal range counts ("place", "floor", "page"): one WordNet knows, not a month or a time."""
    from polymem.language import lexical as lex  # (lexical reads WordNet; timeexpr is read before it)

    return word not in STOP_WORDS and word not in MONTHS and not calendar_name(word) and lex.known_noun(word) and \
        not lex.noun_is(word, "time", senses=2)


_ABBR = {m[:3]: m for m in MONTHS} | {"sept": "september"}
_ABBR_RX = re.compile(r"(?i)(?<=\d\s)(" + "|".join(_ABBR) + r")\.?(?![a-z])|\b(" + "|".join(_ABBR) +
                      r")\.?(?=\s+\d)")


def spell_months(text: str) -> str:
    """"fri 14 nov", "sept 5": a month shortened next to a day's number written in full ("14 November"), so an
    answer reads the same whichever way the chat wrote it."""
    def full(m: re.Match[str]) -> str:
        return _ABBR[(m.group(1) or m.group(2)).lower()].capitalize()
    return _ABBR_RX.sub(full, text)


def plain_days(text: str) -> str:
    """"4th–6th Oct", "Friday 9th of May", "sunday 29th": a day's number next to its month or its weekday or in a
    range of days, written as a number ("4–6 Oct", "Friday 9 May", "sunday 29"), the way a calendar gives a date."""
    text = _ORDINAL_RANGE_TIGHT.sub(lambda m: f"{m.group(1)}{m.group(2)}{m.group(3)}", text)
    text = _ORDINAL_MONTH.sub(lambda m: m.group(1) + " ", text)
    return _WEEKDAY_DAY.sub(lambda m: m.group(1) + m.group(2), text)  # "sunday 29th" -> "sunday 29"


_MONTH_WORDS = "|".join(sorted({*MONTHS, *(m[:3] for m in MONTHS), "sept"}, key=len, reverse=True))
_ORDINAL_RANGE_TIGHT = re.compile(r"(?i)\b(\d{1,2})(?:st|nd|rd|th)\s*([-–—])\s*(\d{1,2})(?:st|nd|rd|th)\b")
_WEEKDAY_DAY = re.compile(r"(?i)\b((?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?\.?\s+)"
                              r"(\d{1,2})(?:st|nd|rd|th)\b")
# ("the 2nd may be late": "may" before a word is the verb)
_ORDINAL_MONTH = re.compile(r"(?i)\b(\d{1,2})(?:st|nd|rd|th)(?:\s+of)?\s+(?=(?:" + _MONTH_WORDS +
                            r")\b)(?!may\s+[a-z])")


_DAY_PHRASE = re.compile(r"(?i)\b(?:the\s+(?:first|second|third|fourth|last)\s+)?(?:" + "|".join(WEEKDAYS) +
                         r")s?(?:\s+of\s+(?:the|each|every)\s+month)?(?:\s+(?:at\s+)?\d{1,2}(?::\d{2})?\s*(?:am|pm)?\b)?")


def day_phrase(text: str) -> str | None:
    """"sunday 8pm from now on" -> "sunday 8pm", "the last Thursday of the month": a day of the week said with
    its place in the month or its hour, where no calendar date is given."""
    m = _DAY_PHRASE.search(text)
    return m.group(0).strip() if m else None


# an hour on the clock: "5:30", "9pm", "10 am" (not "12.50", a sum)
CLOCK = re.compile(r"(?i)\b\d{1,2}(?::\d{2}\s*(?:am|pm)?|\s*(?:am|pm)\b|\s*o['’]?\s?clock\b)")
_HOUR_WORDS = r"(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_MINUTES = r"(?:\d{1,2}|five|ten|twenty|twenty-five|quarter|half)"
# an hour said any way: "9.30", "half seven", "twenty past four", "five pm", "11 a.m.", "7ish", "at seven", "by 5",
# "6 sharp", "3 in the morning", noon, "9 till 4" (lenient: a "what time" question refuses answers without one)
_ANY_HOUR = re.compile(
    r"(?i)(?:\b\d{1,2}\.\d{2}\s*(?:am|pm)?\b"
    r"|\b" + _MINUTES + r"\s+(?:past|to)\s+" + _HOUR_WORDS + r"\b"
    r"|\b(?:half|quarter)\s+" + _HOUR_WORDS + r"\b"
    r"|\b" + _HOUR_WORDS + r"\s*(?:am|pm|a\.m\.|p\.m\.|o['’]?\s?clock)"
    r"|\b" + _HOUR_WORDS + r"\s*-?ish\b|\b(?:noon|midday|midnight)(?:ish)?\b|\bteatime\b|\blunchtime\b"
    r"|\b(?:at|by|after|before|until|till|til|around|about|from|bang on|say)\s+" + _HOUR_WORDS +
    r"(?![\d/%.:]|\s*(?:st|nd|rd|th)\b|\s*(?:-|–)\s*\d)\b"
    r"|\b" + _HOUR_WORDS + r"\s+(?:sharp|on the dot|in the (?:morning|afternoon|evening))\b"
    r"|\b\d{1,2}\s*(?:-|–|till|until|to)\s*\d{1,2}\s*(?:am|pm)\b"
    r"|\b\d{1,2}\s+(?:till|until|to)\s+\d{1,2}(?!\s*(?:st|nd|rd|th)\b)\b)")


def names_hour(text: str) -> bool:
    """The text gives an hour of the day ("7pm", "half seven", "9 till 4", "noon"): what "what time" asks for."""
    return bool(CLOCK.search(text) or _ANY_HOUR.search(text))


def asks_hour(question: str) -> bool:
    """The question asks for an hour of the day: "what time does it start", "at what time", not "what time of
    year"."""
    return re.search(r"(?i)\b(?:what|wat|wot|which)\s*(?:time|times|hour)\b(?!\s+(?:of\s+(?:the\s+)?(?:year|month|week)|"
                     r"zone|period|frame|signature))", question) is not None

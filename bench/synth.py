"""A synthetic multi-party chat of any size in the jsonl format (plus roster and questions), for
latency at scale. Deterministic: the same seed and size give the same file."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta
from pathlib import Path

FIRST = ("Alice Bruno Chen Dana Emil Farid Greta Hana Ivan Jonas Kira Liam Maya Nico Olga Pavel Quinn Rosa "
         "Sami Tara Umar Vera Wen Xavi Yara Zoe Amir Bea Cato Dora Eli Fenna Gil Hugo Ines Jae Kofi Lena Milo Noor").split()
LAST = ("Moreau Rossi Wang Levi Novak Haddad Lindqvist Sato Petrov Weber Ivanova OBrien Cohen Silva Kowalska "
        "Horak Reed Diaz Aziz Singh Khan Costa Li Puig Nasser Fischer").split()
CITIES = ("Porto Krakow Valencia Utrecht Turin Bergen Tallinn Lyon Ghent Graz Malmo Split Bilbao Leeds Cork "
          "Brno Riga Aarhus Basel Nantes").split()
JOBS = ("nurse accountant carpenter teacher pharmacist architect chef pilot baker editor plumber "
        "librarian").split()
THINGS = ("flyers projector invoice tickets cake speakers banner tent chairs playlist slides budget "
          "photos keys map").split()
TOPICS = ("restaurant venue date hotel band caterer theme route deadline budget").split()
OPTIONS = ("Golden Lotus|Brass Fig|Nonna Rosa|Blue Door|Old Mill|Harbour Inn|Green Olive|Red Fox|"
           "June 21|July 5|July 12|August 2|the lake house|the rooftop|the garden").split("|")
CHATTER = [
    "lol that is so true", "has anyone seen the new {topic} photos?", "I read an article about {city} yesterday",
    "my cousin works as a {job} in {city}", "coffee break anyone?", "the weather in {city} looks great",
    "sorry, running late today", "good morning everyone", "did you watch the match last night?",
    "I think the {topic} question can wait until Friday", "let's not forget the {thing}",
]


def generate(path: Path, n: int = 100_000, people: int = 40, seed: int = 7) -> list[str]:
    """Write `path` (jsonl), `<stem>.roster.json` and `<stem>.questions.json`; return the questions."""
    rnd = random.Random(seed)
    roster = [{"id": f"u{i:02d}", "name": f"{FIRST[i % len(FIRST)]} {LAST[i % len(LAST)]}",
               "aliases": [FIRST[i % len(FIRST)]]} for i in range(people)]
    channels = ["general", "planning", "random", "travel", "work", "pets"]
    t = datetime(2025, 1, 1, 9, 0)
    questions: list[str] = []
    recent: dict[str, list[str]] = {c: [] for c in channels}
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as f:
        for i in range(n):
            t += timedelta(seconds=rnd.randint(20, 600))
            ch = rnd.choice(channels)
            me, other = rnd.sample(roster, 2)
            first = other["aliases"][0]
            kind = rnd.random()
            fill = {"city": rnd.choice(CITIES), "job": rnd.choice(JOBS), "thing": rnd.choice(THINGS),
                    "topic": rnd.choice(TOPICS)}
            reply = rnd.choice(recent[ch][-5:]) if recent[ch] and rnd.random() < 0.3 else None
            if kind < 0.08:
                text = f"I just moved to {fill['city']}, new flat is great"
                questions.append(f"Where does {me['aliases'][0]} live now?")
            elif kind < 0.14:
                text = f"Started a new job as a {fill['job']} this week"
                questions.append(f"What is {me['aliases'][0]}'s current job?")
            elif kind < 0.26:
                text = f"{first}, can you bring the {fill['thing']} on Saturday?"
                questions.append(f"Who asked {first} to bring the {fill['thing']}?")
            elif kind < 0.34:
                text = f"@{other['id']} could you send me the {fill['thing']} please"
            elif kind < 0.44:
                opt = rnd.choice(OPTIONS)
                text = f"How about {opt} for the {fill['topic']}?"
                questions.append(f"Who suggested {opt} for the {fill['topic']}?")
            elif kind < 0.50:
                text = f"Honestly I think {first} is great at organising the {fill['topic']}"
                questions.append(f"What does {me['aliases'][0]} think of {first}?")
            elif kind < 0.56:
                text = f"Final decision: we go with {rnd.choice(OPTIONS)} for the {fill['topic']}"
                questions.append(f"What did the group finally decide for the {fill['topic']}?")
            else:
                text = rnd.choice(CHATTER).format(**fill)
            mid = f"s{i:06d}"
            row = {"id": mid, "speaker": me["id"], "text": text, "time": t.isoformat(timespec="seconds"),
                   "channel": ch, "session": t.strftime("%Y-%m-%d")}
            if reply:
                row["reply_to"] = reply
            f.write(json.dumps(row) + "\n")
            recent[ch] = (recent[ch] + [mid])[-20:]
    path.with_suffix(".roster.json").write_text(json.dumps(roster, indent=1))
    picked = rnd.sample(questions, min(200, len(questions)))
    path.with_suffix(".questions.json").write_text(json.dumps(picked, indent=1))
    return picked

"""200 sentences written for the ONNX agreement test: chat-like, of every length, none from a data set."""

from __future__ import annotations

import itertools

_WHO = ["I", "my brother", "the new intern", "our landlord", "Tomasz", "the whole team", "she", "we"]
_DID = ["finally fixed", "forgot about", "can't stand", "just booked", "keeps talking about", "painted",
        "sold", "is still waiting for", "borrowed", "wants to cancel"]
_WHAT = ["the blue bicycle", "a ticket to the harbour festival", "the broken dishwasher", "his old guitar",
         "the spreadsheet with the budget", "a tiny flat near the station", "the dentist appointment"]
_WHEN = ["yesterday", "on Saturday morning", "after the meeting", "last spring", "before lunch", ""]

_FREE = [
    "ok", "lol no", "wait what?", "see you at 7", "👍", "brb", "anyone up for pizza tonight?",
    "Can someone remind me what we decided about the venue?",
    "The train was delayed by forty minutes so I missed the first half of the concert.",
    "honestly the soup was better than the main course",
    "Does anybody know a plumber who works on Sundays?",
    "I moved to a village with two shops, a church and far too many sheep.",
    "Reminder: the report is due Friday, and the slides the Monday after.",
    "My cat knocked the plant off the windowsill again and now there's soil everywhere.",
    "We could split the cost four ways, or ask the club to cover half of it.",
    "Nope, still raining here. Third day in a row.",
    "If the ferry is cancelled we'll drive round by the bridge instead, it's only an hour longer.",
    "She started a new job as a nurse at the children's hospital last month.",
    "Thanks everyone for coming, it meant a lot to us!",
    "Quick question: is the parking at the back free after six?",
]


def sentences() -> list[str]:
    made = [" ".join(p for p in (w, d, x, t) if p) + "."
            for w, d, x, t in itertools.islice(itertools.product(_WHO, _DID, _WHAT, _WHEN), 0, None, 17)]
    out = _FREE + made
    assert len(out) >= 200, len(out)
    return out[:200]

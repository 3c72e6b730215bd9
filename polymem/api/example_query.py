"""The query GraphiQL opens with: a polymem example instead of GraphiQL's generic welcome.

Kept as plain strings so the page that serves GraphiQL can import them without strawberry, and
checked against the schema by tests/api/test_example_query.py (a renamed field fails there).
"""

from __future__ import annotations

import json

EXAMPLE_SPACE = "demo"  # the space `scripts/demo` fills

EXAMPLE_QUERY = """\
# polymem: memory for multi-party conversations.
# Press the play button to ask the demo space a question (scripts/demo fills it).
# The answer comes with its plan (rows, issue, mode, scope) and the evidence it rests on:
# who said it, to whom, and when. Set your API key under Headers:
#   {"Authorization": "Bearer pmk_..."}

query Ask($space: String!, $question: String!) {
  spaces { id messages participants }
  ask(space: $space, question: $question) {
    text
    abstained
    plan {
      intent
      mode
      issue
      rows { kind id name }
      scope { source owner speaker addressee }
    }
    rows {
      kind
      name
      current { kind text speaker addressees time chain }
    }
    timings { stage ms }
  }
}
"""

EXAMPLE_VARIABLES: dict[str, str] = {
    "space": EXAMPLE_SPACE,
    "question": "What did the group decide in the end?",
}


def example_variables_json() -> str:
    return json.dumps(EXAMPLE_VARIABLES, indent=2)

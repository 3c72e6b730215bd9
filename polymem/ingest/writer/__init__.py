"""System 2 Writers: derive PERSON/GROUP records from System 1 messages (Add/Update/Noop).

`write_space(graph, space, writer=None, embedder=None)` runs the default no-LLM RuleWriter (or an
`LLMWriter`) over every message not yet processed and returns a `WriteReport`.
"""

from polymem.ingest.writer.run import WriteReport, write_space

__all__ = ["WriteReport", "write_space"]

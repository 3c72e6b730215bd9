"""Query time: plan (rows/issue/mode/scope), System 1 + System 2 search, compose, answer."""

from polymem.retrieval.answer import Answer, EvidenceItem, EvidenceRow
from polymem.retrieval.options import AskOptions
from polymem.retrieval.plan import Plan, Row, Scope
from polymem.retrieval.service import ask, plan

__all__ = ["Answer", "AskOptions", "EvidenceItem", "EvidenceRow", "Plan", "Row", "Scope", "ask", "plan"]

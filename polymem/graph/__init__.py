"""Neo4j access: driver wrapper, Cypher templates, repositories, networkx export."""

from polymem.graph.driver import Graph, space_key

__all__ = ["Graph", "space_key"]

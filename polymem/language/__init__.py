"""The language layer (see models, lexical, statements, questions, timeexpr)."""

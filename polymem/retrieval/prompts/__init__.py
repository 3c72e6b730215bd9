"""Versioned prompt templates of the retrieval layer, one module per task (planner, answer). A
module's VERSION names the template; change the text only together with a new version."""

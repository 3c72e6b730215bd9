"""Versioned prompt templates, one module per task. A module's VERSION names the template; change
the text only together with a new version so stored records can be traced to the prompt used."""

"""All Cypher lives in this package, one module per subject. User values are always parameters."""

"""Learned retrieval policies (issue 15): EG-GRPO rewards, a small numpy policy, its training loop."""

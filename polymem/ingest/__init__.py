"""Importers, addressee inference, embeddings and the System 1 writer pipeline."""

"""A tiny randomly initialised causal LM saved in Hugging Face format, for the LLM policy tests (no download):
a 2-layer Qwen2 and a word-level tokenizer over the words of the given texts (letters A-P included)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path


def tiny_lm(folder: Path, texts: Iterable[str], seed: int = 0) -> Path:
    import torch
    from tokenizers import Tokenizer
    from tokenizers.models import WordLevel
    from tokenizers.pre_tokenizers import Whitespace
    from transformers import PreTrainedTokenizerFast, Qwen2Config, Qwen2ForCausalLM

    pre = Whitespace()
    words = ["[UNK]", "[PAD]", *"ABCDEFGHIJKLMNOP"]
    for t in texts:
        words += [w for w, _ in pre.pre_tokenize_str(t)]
    vocab = {w: i for i, w in enumerate(dict.fromkeys(words))}
    tk = Tokenizer(WordLevel(vocab, unk_token="[UNK]"))
    tk.pre_tokenizer = pre
    tok = PreTrainedTokenizerFast(tokenizer_object=tk, unk_token="[UNK]", pad_token="[PAD]")
    torch.manual_seed(seed)
    cfg = Qwen2Config(vocab_size=len(vocab), hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                      num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=1024)
    Qwen2ForCausalLM(cfg).save_pretrained(folder)
    tok.save_pretrained(folder)
    return folder

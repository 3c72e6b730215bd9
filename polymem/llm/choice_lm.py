"""A causal LM as a policy over a few lettered choices (issue 15, policy class (b); used by the retrieval policy
and the Writer's decisions). A subclass renders a state and the allowed actions as a prompt, each action under
a fixed letter; pi(a | s) is the LM's next-token distribution over the allowed letters, renormalised, so one
forward pass scores every candidate. GRPO: descend -sum_i A_i log pi(a_i | s) / K with group-relative
advantages A (Adam). Trained parameters: LoRA adapters (peft) on the attention projections, or without peft
the last decoder layer and the final norm.

The model loads from a local file only: a GGUF file (transformers + the `gguf` package dequantise it; the files
`scripts/llm` installs in .cache/llm) or a folder in Hugging Face format. Needs torch + transformers (with
sentence-transformers) and the `rl-llm` extra (gguf, peft); importing this module needs none of them."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
DEFAULT_MODEL = REPO / ".cache" / "llm" / "qwen2.5-coder-0.5b.gguf"  # scripts/llm start (POLYMEM_LLM_SIZE=0.5b)
META_FILE = "llm_policy.json"
ADAPTER = "adapter"  # peft adapter folder
CHECKPOINT = "checkpoint"  # training checkpoint folder inside a trainer's out dir


def checkpoint_state(out: Path) -> dict[str, Any] | None:
    """step, curve and rng of out/checkpoint/, or None when there is none to resume from."""
    f = Path(out) / CHECKPOINT / "state.json"
    return json.loads(f.read_text(encoding="utf-8")) if f.is_file() else None
LAYERS = "trainable.pt"  # without peft: the trained tensors


def peft_available() -> bool:
    try:
        import peft  # noqa: F401
    except ImportError:
        return False
    return True


def load_base(model: str | Path, device: str = "cpu") -> tuple[Any, Any]:
    """(model, tokenizer) from a .gguf file or a Hugging Face format folder, never the hub."""
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    path = Path(model)
    if not path.exists():
        raise FileNotFoundError(f"no model at {path} (a .gguf file: `scripts/llm start` installs "
                                f"{DEFAULT_MODEL.name}; or a Hugging Face format folder)")
    dtype = torch.bfloat16 if device.startswith("cuda") else torch.float32
    kw: dict[str, Any] = {"gguf_file": path.name} if path.suffix == ".gguf" else {}
    src = str(path.parent) if path.suffix == ".gguf" else str(path)
    tok = AutoTokenizer.from_pretrained(src, local_files_only=True, **kw)
    lm = AutoModelForCausalLM.from_pretrained(src, local_files_only=True, dtype=dtype, **kw)
    return lm.to(device), tok


def _decoder_layers(model: Any) -> Any:
    for path in ("model.layers", "transformer.h", "gpt_neox.layers"):
        obj = model
        for part in path.split("."):
            obj = getattr(obj, part, None)
        if obj is not None:
            return obj
    raise ValueError(f"cannot find the decoder layers of {type(model).__name__}")


class ChoiceLM:
    kind = "choice-lm"  # subclasses: "llm" (retrieval), "llm-writer"

    def __init__(self, model: Any, tokenizer: Any, source: str = "", device: str = "cpu", lr: float = 1e-4,
                 lora_r: int = 8, adapter: Path | None = None, meta: dict[str, Any] | None = None) -> None:
        import torch

        self.tok, self.source, self.device = tokenizer, source, device
        self.meta = dict(meta or {})
        self.label_ids: dict[str, int] = {}
        self.method = "lora" if peft_available() else "last_layer"
        if self.method == "lora":
            from peft import LoraConfig, PeftModel, get_peft_model

            if adapter is not None:
                model = PeftModel.from_pretrained(model, str(adapter), is_trainable=True)
            else:
                model = get_peft_model(model, LoraConfig(r=lora_r, lora_alpha=2 * lora_r, lora_dropout=0.0,
                                                         target_modules=["q_proj", "k_proj", "v_proj", "o_proj"]))
        else:
            for p in model.parameters():
                p.requires_grad_(False)
            last = _decoder_layers(model)[-1]
            norm = getattr(getattr(model, "model", model), "norm", None)
            for p in [*last.parameters(), *(norm.parameters() if norm is not None else [])]:
                p.requires_grad_(True)
            if adapter is not None:
                model.load_state_dict(torch.load(adapter, map_location=device), strict=False)
        self.model = model.to(device)
        self.model.eval()  # no dropout anywhere (LoRA dropout 0): train and act alike
        self.params = [p for p in self.model.parameters() if p.requires_grad]
        self.opt = torch.optim.Adam(self.params, lr=lr)
        self._last: tuple[tuple[Any, tuple[str, ...]], Any] | None = None  # (key, log-probs with grad)

    # ------------------------------------------------------------------ what a subclass defines
    def prompt(self, state: Any, allowed: Sequence[str]) -> str:
        raise NotImplementedError

    def letter(self, action: str) -> str:
        raise NotImplementedError

    # ------------------------------------------------------------------ the policy
    def _label_id(self, action: str) -> int:
        if action not in self.label_ids:
            ids = self.tok.encode(self.letter(action), add_special_tokens=False)
            if len(ids) != 1:
                raise ValueError(f"letter {self.letter(action)!r} is not one token for this tokenizer: {ids}")
            self.label_ids[action] = int(ids[0])
        return self.label_ids[action]

    def logprobs(self, state: Any, allowed: Sequence[str], grad: bool = False) -> Any:
        """log pi(. | s) over `allowed` (a torch vector), from one forward pass."""
        import torch

        enc = self.tok(self.prompt(state, allowed), return_tensors="pt").to(self.device)
        with torch.set_grad_enabled(grad):
            logits = self.model(**enc).logits[0, -1].float()
            return torch.log_softmax(logits[[self._label_id(a) for a in allowed]], dim=0)

    def probs(self, state: Any, allowed: Sequence[str]) -> dict[str, float]:
        lp = self.logprobs(state, allowed).exp().tolist()
        return {a: float(v) for a, v in zip(allowed, lp, strict=True)}

    def choose(self, state: Any, allowed: Sequence[str]) -> str:
        p = self.probs(state, allowed)
        return max(allowed, key=lambda a: p[a])

    def sample(self, state: Any, allowed: Sequence[str], k: int, rng: Any) -> list[str]:
        """K actions from pi; the forward pass (with its graph) is kept for a GRPO step on this state."""
        lp = self.logprobs(state, allowed, grad=True)
        self._last = ((state, tuple(allowed)), lp)
        p = lp.detach().exp().double().cpu().numpy()
        return list(rng.choice(list(allowed), size=k, p=p / p.sum()))

    def step(self, loss: Any, lr: float | None = None) -> None:
        if lr is not None:
            for g in self.opt.param_groups:
                g["lr"] = lr
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()

    def policy_step(self, state: Any, allowed: Sequence[str], taken: Sequence[str], advantages: Sequence[float],
                    lr: float | None = None) -> None:
        """One policy-gradient step: loss = -sum_i A_i log pi(a_i | s) / K (A: the caller's group-relative
        advantages). Reuses the forward pass of `sample` on the same state."""
        import torch

        key = (state, tuple(allowed))
        lp = self._last[1] if self._last is not None and self._last[0] == key else self.logprobs(state, allowed, True)
        self._last = None
        idx = torch.tensor([list(allowed).index(a) for a in taken], device=lp.device)
        a = torch.tensor(list(advantages), dtype=lp.dtype, device=lp.device)
        self.step(-(a * lp[idx]).sum() / len(taken), lr)

    # ------------------------------------------------------------------ save / load
    def save(self, out: Path) -> None:
        import torch

        out = Path(out)
        out.mkdir(parents=True, exist_ok=True)
        if self.method == "lora":
            self.model.save_pretrained(str(out / ADAPTER))
        else:
            torch.save({n: p.detach().cpu() for n, p in self.model.named_parameters() if p.requires_grad},
                       out / LAYERS)
        d = {"kind": self.kind, "source": self.source, "method": self.method, "device": self.device,
             "lr": self.opt.param_groups[0]["lr"], "meta": self.meta}
        (out / META_FILE).write_text(json.dumps(d, indent=1), encoding="utf-8")

    def save_optimizer(self, path: Path) -> None:
        import torch

        torch.save(self.opt.state_dict(), path)

    def save_checkpoint(self, out: Path, step: int, curve: list[float], rng_state: dict[str, Any]) -> None:
        """out/checkpoint/: parameters, optimizer, step, curve and rng, replaced whole (written beside, renamed)."""
        import shutil

        tmp, final = Path(out) / (CHECKPOINT + ".tmp"), Path(out) / CHECKPOINT
        if tmp.exists():
            shutil.rmtree(tmp)
        self.save(tmp)
        self.save_optimizer(tmp / "optimizer.pt")
        (tmp / "state.json").write_text(json.dumps({"step": step, "curve": curve, "rng": rng_state}),
                                        encoding="utf-8")
        if final.exists():
            shutil.rmtree(final)
        tmp.rename(final)

    def load_optimizer(self, path: Path) -> None:
        import torch

        if Path(path).is_file():
            self.opt.load_state_dict(torch.load(path, map_location=self.device))

    @classmethod
    def create(cls, model: str | Path = DEFAULT_MODEL, device: str = "cpu", lr: float = 1e-4,
               meta: dict[str, Any] | None = None) -> Any:
        lm, tok = load_base(model, device)
        return cls(lm, tok, str(Path(model).resolve()), device, lr, meta=meta)

    @classmethod
    def load(cls, folder: Path, device: str | None = None) -> Any:
        """A policy saved by `save` (its base model is re-read from the recorded local file)."""
        import torch

        d = json.loads((Path(folder) / META_FILE).read_text(encoding="utf-8"))
        if d.get("kind") != cls.kind:
            raise ValueError(f"{folder}: a {d.get('kind')!r} policy, not {cls.kind!r}")
        if device is None:
            want = d.get("device", "cpu")
            device = want if not want.startswith("cuda") or torch.cuda.is_available() else "cpu"
        if d.get("method", "lora") == "lora" and not peft_available():
            raise ValueError(f"{folder}: saved with LoRA adapters; install peft (the rl-llm extra)")
        lm, tok = load_base(d["source"], device)
        extra = Path(folder) / (ADAPTER if d.get("method", "lora") == "lora" else LAYERS)
        return cls(lm, tok, d["source"], device, float(d.get("lr", 1e-4)), adapter=extra, meta=d.get("meta"))


def saved_kind(path: Path) -> str | None:
    """The kind of the LLM policy saved in folder `path`, or None."""
    f = Path(path) / META_FILE
    return str(json.loads(f.read_text(encoding="utf-8")).get("kind")) if f.is_file() else None

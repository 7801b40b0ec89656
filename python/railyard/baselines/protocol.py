"""V-LoL's training protocol (its paper, Table 4's setup) as the default, and what a run may
change: optimiser Adam, learning rate 1e-3 (1e-4 for a ViT), batch 50, 25 epochs, the rate times
0.8 every 5 epochs, stratified k-fold cross-validation (V-LoL: 5 folds). A run may choose AdamW
and a one-cycle schedule instead (the README's worked example: a small CNN from scratch on 2 CPU
cores)."""
import dataclasses


@dataclasses.dataclass
class Protocol:
    epochs: int = 25          # 0: no training (a model loaded from weights, evaluated)
    batch: int = 50
    learning_rate: float = 1e-3
    step_epochs: int = 5      # the learning rate is multiplied by `step_factor` every this many
    step_factor: float = 0.8
    weight_decay: float = 0.0
    optimizer: str = "adam"   # or "adamw" (decoupled weight decay)
    schedule: str = "step"    # or "onecycle": warm up to learning_rate, then anneal, per batch
    folds: int = 1            # >1: stratified k-fold, one model per fold (V-LoL: 5)
    seed: int = 0             # torch's, and the order of the batches

    def check(self):
        if self.epochs < 0:
            raise ValueError(f"protocol: epochs must be 0 or more, not {self.epochs}")
        for name in ("batch", "step_epochs", "folds"):
            if getattr(self, name) < 1:
                raise ValueError(f"protocol: {name} must be at least 1, not {getattr(self, name)}")
        if not self.learning_rate > 0:
            raise ValueError(f"protocol: learning_rate must be positive, not {self.learning_rate}")
        if self.optimizer not in ("adam", "adamw"):
            raise ValueError(f"protocol: optimizer must be adam or adamw, not {self.optimizer}")
        if self.schedule not in ("step", "onecycle"):
            raise ValueError(f"protocol: schedule must be step or onecycle, not {self.schedule}")
        return self

    def as_dict(self):
        return dataclasses.asdict(self)

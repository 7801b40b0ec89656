"""Training that outlives its job: each training loop's state (network, optimiser, schedule, random
generators, losses) saved after every epoch in <output>/checkpoints/<loop>.pt, so that a run cut
short (a batch job's time limit, a pre-emption, --epochs-per-run) continues with --resume and
ends with the same weights as a run that went through: the same batches, the same random draws.

    checkpoints = Checkpoints(folder, settings, resume=True, epochs_per_run=5)
    epochs, losses = checkpoints.epochs("classifier", 25, network, optimiser, schedule, generator)
    for epoch in epochs:                 # Stopped once this run's epochs are spent
        ...
        losses.append(loss)              # the state is saved when the next epoch is asked for
"""
import os
import shutil

import torch

# The status a run stopped by its epoch budget exits with (EX_TEMPFAIL): run it again with
# --resume. A job script can requeue on it.
STOPPED_STATUS = 75


class Stopped(Exception):
    """This run's epochs are spent; every loop's state is saved."""


def _state(item):
    return item.get_state() if isinstance(item, torch.Generator) else item.state_dict()


def _set_state(item, state):
    if isinstance(item, torch.Generator):
        item.set_state(state)
    else:
        item.load_state_dict(state)


class Checkpoints:
    """Where a run's loops keep their state. Without a folder (the default) nothing is saved or
    restored and the budget is unlimited: training as a library call."""

    def __init__(self, folder=None, settings=None, resume=False, epochs_per_run=None):
        if epochs_per_run is not None and epochs_per_run < 1:
            raise ValueError(f"--epochs-per-run must be at least 1, not {epochs_per_run}")
        self.folder = None if folder is None else os.path.join(folder, "checkpoints")
        self.settings = settings or {}
        self.resume = resume
        self.left = epochs_per_run  # None: no limit

    def path(self, name):
        return os.path.join(self.folder, f"{name}.pt")

    def restore(self, name, network, *stateful):
        """(the first epoch to run, the losses so far) of loop `name`, its saved state loaded
        into the network, the optimiser, the schedules and the generators (and torch's own
        generator) when this run resumes; (0, []) otherwise. ValueError when the checkpoint is
        another run's (other settings), naming the keys that differ."""
        if self.folder is None or not self.resume or not os.path.exists(self.path(name)):
            return 0, []
        saved = torch.load(self.path(name), weights_only=False)
        differ = sorted(key for key in set(saved["settings"]) | set(self.settings)
                        if saved["settings"].get(key) != self.settings.get(key))
        if differ:
            raise ValueError(f"{self.path(name)}: a checkpoint of another run ({', '.join(differ)}"
                             " differ): resume with the command that began it, or use a new -o")
        network.load_state_dict(saved["network"])
        for item, state in zip(stateful, saved["stateful"], strict=True):
            _set_state(item, state)
        torch.set_rng_state(saved["torch_rng"])
        return saved["epoch"], list(saved["losses"])

    def epochs(self, name, count, network, *stateful):
        """Loop `name`'s epochs still to run of `count` (the network in training mode for each),
        and its losses so far, a list to append each epoch's loss to: restored when this run
        resumes (restore), the state saved after each epoch (save), Stopped before an epoch this
        run may not train (begin_epoch)."""
        first, losses = self.restore(name, network, *stateful)

        def run():
            for epoch in range(first, count):
                self.begin_epoch()
                network.train()
                yield epoch
                self.save(name, epoch + 1, losses, network, *stateful)
        return run(), losses

    def begin_epoch(self):
        """Raises Stopped when this run may train no more epochs."""
        if self.left is not None and self.left <= 0:
            raise Stopped(f"stopped after the epochs this run may train (--epochs-per-run); the "
                          f"state is in {self.folder}: run the same command with --resume")
        if self.left is not None:
            self.left -= 1

    def save(self, name, epoch, losses, network, *stateful):
        """Loop `name`'s state after `epoch` epochs, written whole (through a .partial file)."""
        if self.folder is None:
            return
        os.makedirs(self.folder, exist_ok=True)
        partial = self.path(name) + ".partial"
        torch.save({"settings": self.settings, "epoch": epoch, "losses": list(losses),
                    "network": network.state_dict(), "stateful": [_state(s) for s in stateful],
                    "torch_rng": torch.get_rng_state()}, partial)
        os.replace(partial, self.path(name))

    def remove(self):
        """The checkpoints of a finished run: its results are written."""
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)


NO_CHECKPOINTS = Checkpoints()


# Options that do not shape training: a resumed run may change them. (The number of threads
# changes the last bits of the sums, so a run resumed with other --threads, on a node with
# other cores, goes on but is no longer the bit-exact twin of one that went through.)
_NOT_TRAINING = {"test", "pairs", "workers", "output", "resume", "epochs_per_run", "samples",
                 "no_learned_rule", "threads"}


def add_arguments(parser):
    parser.add_argument("--resume", action="store_true",
                        help="continue the run in -o from its checkpoints (give the command that "
                             "began it); a new or empty -o starts the run")
    parser.add_argument("--epochs-per-run", type=int, metavar="N",
                        help="train at most N epochs in this run, then save the state and exit "
                             f"with status {STOPPED_STATUS} (a batch job's time limit; continue "
                             "with --resume)")


def from_arguments(args):
    """The checkpoints of the run in -o; its settings are every option that shapes training."""
    settings = {key: value for key, value in sorted(vars(args).items())
                if key not in _NOT_TRAINING}
    return Checkpoints(args.output, settings, args.resume, args.epochs_per_run)

"""Games on a Ray cluster: a pool with the face of `multiprocessing`'s, for `ai.arena`.

`ai.arena.play_games(..., cluster=ADDRESS)` plays the very games it would play in its
worker processes, as Ray tasks: each task is `ai.arena.play_scheduled` with the same
arguments, so a game's outcome is the same wherever it runs (search bots with a node
budget are deterministic for a seed; a time budget, `--seconds`, is not, here either).

ADDRESS is what `ray.init` takes: `local` starts a Ray on this machine (its CPUs: the
runner's `workers`), `auto` joins the one `ray start --head` runs here, `ray://HOST:10001`
reaches a remote cluster's head through the Ray client. A Ray this process is already
connected to is used as it is (tests start one per module).

What reaches the workers without anyone copying it:
* the code: connecting to any cluster but `local`, the `engine` and `ai` packages go with
  the job as `runtime_env` `py_modules` (the nodes need only Python and Ray, which brings
  PyYAML); a local Ray's workers import them from this machine's path;
* the map: `share` puts the graph in the object store once and every task gets it as an
  argument (so an edited, unsaved map plays as it is).

A lost worker or node costs no game: Ray runs its tasks again (`RETRIES` times; a game
that raises an exception is not retried, it raises here as it would locally). Cancelling
(leaving the pool's `with` block early) cancels the queued tasks and kills the running
ones (`ray.cancel(force=True)`). This module imports Ray only when a pool is made.
"""

from __future__ import annotations

import logging
import multiprocessing
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

LOCAL = "local"
RETRIES = 5
INSTALL = "pip install 'daimyo[cluster]'  (or: pip install 'ray[client]>=2.9')"

# The address this process connected to (None: not by us).
_CONNECTED: dict[str, str | None] = {"address": None}


class ClusterError(RuntimeError):
    """The cluster could not be reached or lost a game for good (the message says how)."""


class ClusterUnavailableError(ClusterError):
    """Ray is not installed: the message gives the pip command."""


def ray_module() -> Any:
    """The `ray` module, or `ClusterUnavailableError` with the pip command."""
    try:
        import ray
    except ImportError:
        raise ClusterUnavailableError(
            f"playing on a cluster needs Ray, which is not installed: {INSTALL}"
        ) from None
    return ray


def code_modules() -> list[str]:
    """The folders of the packages a game task imports (`runtime_env` `py_modules` of a
    remote cluster; folders, not modules, which the Ray client cannot send)."""
    import ai
    import engine

    return [str(Path(package.__file__).parent) for package in (engine, ai)]


def connect(address: str, cpus: int | None = None) -> Any:
    """Connect this process to the Ray cluster at `address` (see the module docstring);
    returns `ray`. A connection made elsewhere in the process is kept as it is."""
    ray = ray_module()
    if ray.is_initialized():
        if _CONNECTED["address"] in (None, address):
            return ray
        ray.shutdown()  # ours, to another address: the person changed it
    quiet = {"log_to_driver": False, "logging_level": logging.WARNING}
    try:
        if address == LOCAL:
            ray.init(address=LOCAL, num_cpus=cpus, include_dashboard=False, **quiet)
        else:
            ray.init(address=address, runtime_env={"py_modules": code_modules()}, **quiet)
    except (ConnectionError, RuntimeError, ValueError, TimeoutError) as exc:
        raise ClusterError(
            f"cannot reach the Ray cluster at {address!r}: {exc}; start one with "
            "`ray start --head` (see the README, 'Playtests on a cluster'), or use "
            "--cluster local"
        ) from exc
    _CONNECTED["address"] = address
    return ray


class ClusterResults:
    """The results of a pool's tasks in the order they finish (as `imap_unordered`'s)."""

    def __init__(self, ray: Any, refs: list[Any]) -> None:
        self._ray = ray
        self.pending = refs

    def __iter__(self) -> ClusterResults:
        return self

    def __next__(self) -> Any:
        return self.next()

    def next(self, timeout: float | None = None) -> Any:
        """The next result to finish; `multiprocessing.TimeoutError` when none does within
        `timeout` seconds, `StopIteration` when all have been returned."""
        if not self.pending:
            raise StopIteration
        ready, self.pending = self._ray.wait(self.pending, num_returns=1, timeout=timeout)
        if not ready:
            raise multiprocessing.TimeoutError
        try:
            return self._ray.get(ready[0])
        except (
            self._ray.exceptions.WorkerCrashedError,
            self._ray.exceptions.NodeDiedError,
            self._ray.exceptions.ObjectLostError,
        ) as exc:
            lost = f"a game was lost {RETRIES + 1} times on the cluster: {exc}"
            raise ClusterError(lost) from exc


class ClusterPool:
    """Tasks on a Ray cluster, used like a `multiprocessing.Pool` in a `with` block:
    leaving it stops every task still queued or running."""

    def __init__(self, address: str, cpus: int | None = None) -> None:
        self.address = address
        self._ray = connect(address, cpus)
        self._results: list[ClusterResults] = []

    def __enter__(self) -> ClusterPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.terminate()

    def share(self, value: Any) -> Any:
        """`value` in the object store: a reference that tasks get as the value itself."""
        return self._ray.put(value)

    def starmap_unordered(
        self, function: Callable[..., Any], tasks: Iterable[Sequence[Any]]
    ) -> ClusterResults:
        """Run `function(*task)` for every task, one CPU each; results as they finish."""
        remote = self._ray.remote(function).options(num_cpus=1, max_retries=RETRIES)
        results = ClusterResults(self._ray, [remote.remote(*task) for task in tasks])
        self._results.append(results)
        return results

    def terminate(self) -> None:
        """Cancel the queued tasks and kill the running ones."""
        for results in self._results:
            for ref in results.pending:
                self._ray.cancel(ref, force=True)
            results.pending = []

    def cpus(self) -> int:
        """The CPUs of the cluster (what runs at once)."""
        return int(self._ray.cluster_resources().get("CPU", 0))

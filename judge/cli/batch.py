"""A batch of `judge adjudicate` on several cores.

The documents of a batch are independent, so a long batch is cut into consecutive
parts, one per process: the command's own process takes the first part, and a
forked process each further part (forked after the first answer, so the documents
are not copied and the variant's map is loaded once).  Each part comes back through
a pipe, as JSON text when the command writes compact JSON (the texts are joined) or
as pickled answers, in the order of the documents: the answer is the same as one
process gives.

A part that fails in its process (a document refused, a process that died) is done
again in the command's process, in order, so that errors are raised exactly as one
process raises them: the first refused document of the batch names the error.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import signal
from collections.abc import Callable
from typing import Any

# The least documents a forked process is given: below it, forking costs more than
# it saves (a standard phase takes about half a millisecond, a fork a few).
MIN_PART = 50


def usable_cores() -> int:
    """How many cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def parts(count: int, jobs: int) -> list[range]:
    """``count`` documents cut into at most ``jobs`` consecutive parts of nearly
    equal size, none under MIN_PART (one part when the batch is short)."""
    jobs = max(1, min(jobs, count // MIN_PART))
    size, extra = divmod(count, jobs)
    cuts, start = [], 0
    for n in range(jobs):
        stop = start + size + (1 if n < extra else 0)
        cuts.append(range(start, stop))
        start = stop
    return cuts


# Compact JSON of a list of answers, or None when it cannot be written so.
Encoder = Callable[[list[Any]], "bytes | None"]


def adjudicate_batch(
    docs: list[Any], adjudicate: Callable[[Any], Any], jobs: int, encode: Encoder | None = None
) -> list[Any] | bytes:
    """``[adjudicate(d) for d in docs]``, on up to ``jobs`` processes (forked: for a
    process with one thread, as the command is).

    With ``encode``, each process writes its part's answers as JSON, and the JSON
    text of the whole array is returned, the parts' texts joined (an encoder writes
    each element alike wherever it stands); when some part cannot be written so, the
    answers are returned as objects all the same.
    """
    cut = parts(len(docs), jobs)
    if len(cut) == 1 or not hasattr(os, "fork"):
        return [adjudicate(doc) for doc in docs]
    # The first answer loads the variant's map and tables (tens of milliseconds):
    # made before the fork, they are loaded once for every process.
    answers = [adjudicate(docs[0])]
    workers: list[tuple[int, int]] = []
    for part in cut[1:]:
        try:
            workers.append(_fork(docs, part, adjudicate, encode))
        except OSError:  # no further process to be had (a limit): done here instead
            break
    try:
        answers += [adjudicate(docs[n]) for n in cut[0][1:]]
        sent = [_collect(reader) for _, reader in workers]
        sent += [None] * (len(cut) - 1 - len(workers))
        if encode is not None and all(isinstance(got, bytes) for got in sent):
            own = encode(answers)
            if own is not None:
                return _join([own, *sent])  # type: ignore[list-item]
        for part, got in zip(cut[1:], sent, strict=True):
            # a part not sent as objects is done again here (a refused document
            # then raises its error, in the order of the documents)
            answers += got if isinstance(got, list) else [adjudicate(docs[n]) for n in part]
    except BaseException:
        for pid, _ in workers:  # their answers are not wanted now
            os.kill(pid, signal.SIGKILL)
        raise
    finally:
        for pid, reader in workers:
            _end(pid, reader)
    return answers


def _join(texts: list[bytes]) -> bytes:
    """The JSON arrays in ``texts`` (none empty) as one array."""
    return b"[" + b",".join(text[1:-1] for text in texts) + b"]"


def _fork(
    docs: list[Any], part: range, adjudicate: Callable[[Any], Any], encode: Encoder | None
) -> tuple[int, int]:
    """Start a process that adjudicates ``docs[part]`` and sends the answers back (as
    JSON when ``encode`` can write them, else pickled); return its pid and pipe end."""
    reader, writer = os.pipe()
    try:
        pid = os.fork()
    except OSError:
        os.close(reader)
        os.close(writer)
        raise
    if pid == 0:  # the forked process: answer, write, and leave without cleaning up
        status = 1
        try:
            os.close(reader)
            try:
                answers: list[Any] | None = [adjudicate(docs[n]) for n in part]
            except Exception:  # noqa: BLE001 - done again (and raised) by the parent
                answers = None
            text = encode(answers) if encode is not None and answers is not None else None
            with os.fdopen(writer, "wb") as out:
                if text is not None:
                    out.write(_JSON + text)
                else:
                    out.write(_PICKLE + pickle.dumps(answers, protocol=pickle.HIGHEST_PROTOCOL))
            status = 0
        finally:
            os._exit(status)
    os.close(writer)
    return pid, reader


_JSON, _PICKLE = b"J", b"P"  # what a forked process sends: its answers as JSON, or pickled


def _collect(reader: int) -> list[Any] | bytes | None:
    """What a forked process sent: its answers' JSON text or the answers, or None
    when it gave none."""
    with os.fdopen(reader, "rb", closefd=False) as source:
        data = source.read()
    if data[:1] == _JSON:
        return data[1:]
    try:
        found = pickle.loads(data[1:]) if data[:1] == _PICKLE else None
    except (pickle.UnpicklingError, EOFError):
        return None
    return found if isinstance(found, list) else None


def _end(pid: int, reader: int) -> None:
    """Close the pipe from a forked process and reap it."""
    os.close(reader)
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, 0)

"""Opening the files a user names, and the files inside a snapshot, without being led astray.

A path a user gives (``--rules``, ``--prompt-file``, ``--config`` and the files it names) may
be ``/dev/zero``, ``/dev/urandom``, a FIFO nobody writes to, or a 10 GB file: each would
make a plain ``read_text()`` read forever or block forever. ``read_user_file`` opens without
blocking, takes only regular files, and reads at most ``MAX_USER_FILE_BYTES``.

A snapshot comes from someone else. Its files are opened with ``open_in_snapshot``: a
regular file inside the snapshot directory, reached without a symbolic link, or nothing -
so a log that is a symlink to ``/etc/shadow`` (or a ``logs/`` folder linked to ``/``) is
refused rather than read into a prompt or a capture.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any, BinaryIO

import yaml

from collectors.documents import Unbounded, load_document
from collectors.errors import InputError

# Rules files, templates and configs are a few kilobytes: a megabyte is a mistake.
MAX_USER_FILE_BYTES = 1 << 20


class Refused(InputError):
    """A file that is not a regular file, too large, not UTF-8 text, or out of bounds.

    The message says why, without the path: callers name the file in their own words
    (``rules FILE: ...``, ``config FILE: ...``)."""


def read_user_file(path: str | os.PathLike[str], *, limit: int = MAX_USER_FILE_BYTES) -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes. Raises ``Refused``."""
    with open_regular(Path(path).expanduser(), follow=True) as f:
        data = f.read(limit + 1)  # a regular file may still grow, or lie about its size (/proc)
    if len(data) > limit:
        raise Refused(f"larger than {_size(limit)}: not read")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise Refused("not UTF-8 text") from None


def read_user_yaml(path: str | os.PathLike[str], *, limit: int = MAX_USER_FILE_BYTES) -> Any:
    """The one YAML document of a user's file (a config), read with ``read_user_file`` and
    loaded within ``collectors.documents.Limits``. Raises ``Refused``."""
    text = read_user_file(path, limit=limit)
    try:
        return load_document(text)
    except Unbounded as exc:
        raise Refused(f"refused: {exc}") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"line {mark.line + 1}: " if mark else ""
        raise Refused(f"cannot be read as YAML ({where}{exc.problem})") from None
    except yaml.YAMLError:
        raise Refused("cannot be read as YAML") from None


def open_regular(path: Path, *, follow: bool) -> BinaryIO:
    """``path`` opened for reading when it is a regular file. Raises ``Refused``.

    Opened with O_NONBLOCK, so a FIFO is refused at once instead of waiting for a writer;
    without ``follow``, a symbolic link is refused instead of followed."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        if not follow and path.is_symlink():  # O_NOFOLLOW's own error (ELOOP) says less
            raise Refused("a symbolic link: not followed")
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise Refused("cannot be read (no such file)") from None
    except OSError as exc:
        raise Refused(f"cannot be read ({exc.strerror or type(exc).__name__})") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise Refused(f"{describe(mode)}, not a regular file: not read")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def open_in_snapshot(root: Path, rel: str) -> BinaryIO | None:
    """``root/rel`` opened for reading, or None when it does not exist. Raises ``Refused``
    for anything but a regular file inside ``root`` reached without a symbolic link."""
    path = root / rel
    parts = Path(rel).parts
    try:
        for i in range(1, len(parts) + 1):
            step = root.joinpath(*parts[:i])
            if step.is_symlink():
                raise Refused(
                    "a symbolic link: not followed"
                    if i == len(parts)
                    else f"{'/'.join(parts[:i])} is a symbolic link: not followed"
                )
            if not step.exists():
                return None
    except OSError as exc:
        raise Refused(f"cannot be read ({exc.strerror or type(exc).__name__})") from None
    if os.path.commonpath([os.path.realpath(path), os.path.realpath(root)]) != os.path.realpath(root):
        raise Refused("resolves outside the snapshot: not read")
    return open_regular(path, follow=False)


def describe(mode: int) -> str:
    """``a FIFO``, ``a directory``, ``a character device``: what a non-regular file is."""
    for test, name in (
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISLNK, "a symbolic link"),
    ):
        if test(mode):
            return name
    return "not a regular file"


def _size(n: int) -> str:
    return f"{n >> 20} MiB" if n >= 1 << 20 and not n % (1 << 20) else f"{n:,} bytes"

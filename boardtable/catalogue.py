"""What every game's component catalogue does alike: its folder and files read through the
strict reader, and its digest.

A game's catalogue is a folder of YAML files (in its package, or one a caller names).
:func:`catalogue_folder` takes the folder a caller names, :func:`read_component_file`
reads one file of it with the strict reader (safe loader only, bounded size and depth);
every failure is the game's catalogue error
(:class:`~boardtable.errors.CatalogueError` by default) whose message begins with the
file's or the folder's path, such as ``cards.yaml: missing file`` or
``civilization.yaml: malformed YAML: line 3: …``. What the files hold, and the structural
facts of its rulebook, each game checks itself.

A catalogue's digest (:func:`digest`) is the SHA-256 of the canonical encoding
(:mod:`boardtable.canonical`) of the data the game says its catalogue is: the same in every
process while the components are the same, wherever they were read from.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from . import reader as _reader
from .canonical import canonical
from .errors import CatalogueError
from .reader import shown

__all__ = ["catalogue_folder", "digest", "read_component_file"]


def catalogue_folder(
    path: str | os.PathLike[str], catalogue_error: type[CatalogueError] = CatalogueError
) -> Path:
    """``path`` as a catalogue folder; the catalogue error ``VALUE: not a folder path`` for a
    value that is no path, ``PATH: no such catalogue folder`` for a path that names no folder
    (a file, or nothing)."""
    try:
        folder = Path(path)
    except TypeError:
        raise catalogue_error(f"{shown(path)}: not a folder path") from None
    try:
        found = folder.is_dir()
    except (OSError, ValueError):  # a name the system refuses, a NUL character in it
        found = False
    if not found:
        raise catalogue_error(f"{os.fspath(folder)}: no such catalogue folder")
    return folder


def read_component_file(path: Path, catalogue_error: type[CatalogueError] = CatalogueError) -> object:
    """The plain data of the YAML document in the component file at ``path``, read by the
    strict reader; the catalogue error naming the file for a missing, unreadable or malformed
    one (``PATH: missing file``, ``PATH: malformed YAML: …``)."""
    name = os.fspath(path)
    if not path.exists():
        raise catalogue_error(f"{name}: missing file")
    text = _reader.read_text(path, catalogue_error)
    return _reader.parse_yaml(text, lambda message: catalogue_error(f"{name}: {message}"))


def digest(document: object) -> str:
    """The SHA-256 (hex) of ``document`` in the canonical encoding: a catalogue's digest, of
    the data its game says the catalogue is (JSON data: texts, whole numbers, booleans, nulls,
    lists and mappings with text keys)."""
    return hashlib.sha256(canonical(document)).hexdigest()

"""Exact, fast and checkable mathematics of Wythoff's game.

Python integers of any size in and out; Sprague–Grundy tables and table files as NumPy arrays.
Every function is one call of the Rust library ``wythoff``, the same the command line makes.

>>> import wythoff
>>> wythoff.nth(10)
(16, 26)
>>> wythoff.moves(4, 6)
[(3, 5)]

The guide is doc/python.md in the repository.
"""

# NumPy first: the compiled module reaches NumPy's C API through it, so a NumPy that cannot be
# loaded is an ImportError here, not a failure inside a later call
import numpy as _numpy  # noqa: F401

from ._errors import DamagedFileError
from ._wythoff import (
    CubeFile,
    LineTableFile,
    RowCertificate,
    TableFile,
    analyse,
    calkin_wilf,
    calkin_wilf_index,
    game_moves,
    game_samples,
    games,
    grundy_at,
    grundy_table,
    is_p,
    learn,
    line_grundy_table,
    moves,
    nth,
    oeis_bfile,
    open_certificate,
    open_cube,
    open_line_table,
    open_table,
    pairs,
    partner,
    prove,
    ratwyt,
    ratwyt_game_three,
    ratwyt_game_two,
    sum_analysis,
    three_pile_move,
    three_pile_positions,
    verify,
    write_certificate,
    write_cube,
    write_line_table,
    write_table,
)

__version__ = "0.1.0"

__all__ = [
    "CubeFile",
    "DamagedFileError",
    "LineTableFile",
    "RowCertificate",
    "TableFile",
    "analyse",
    "calkin_wilf",
    "calkin_wilf_index",
    "game_moves",
    "game_samples",
    "games",
    "grundy_at",
    "grundy_table",
    "is_p",
    "learn",
    "line_grundy_table",
    "moves",
    "nth",
    "oeis_bfile",
    "open_certificate",
    "open_cube",
    "open_line_table",
    "open_table",
    "pairs",
    "partner",
    "prove",
    "ratwyt",
    "ratwyt_game_three",
    "ratwyt_game_two",
    "sum_analysis",
    "three_pile_move",
    "three_pile_positions",
    "verify",
    "write_certificate",
    "write_cube",
    "write_line_table",
    "write_table",
]

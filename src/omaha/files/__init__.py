"""Tables of deals and their files: frames and columns evaluated, files read and written.

A table of deals holds one deal a row: a hole column and a board column
(card text, or integer card codes), and any other columns, which pass
through. This package evaluates such tables in memory (pandas, pyarrow and
polars frames, Arrow columns) and streams them from file to file (what
``omaha eval`` runs), in bounded memory whatever the size. One idea a
module, in the order the data flows:

- :mod:`omaha.files.formats`: which format and codec a file is, from its
  name or its first bytes;
- :mod:`omaha.files.readers`: CSV, TSV, JSON Lines, Parquet and Arrow files
  read as chunks, with the line of every row;
- :mod:`omaha.files.tabular`: card columns -> code arrays -> the compiled
  kernel -> the result columns (:func:`evaluate_frame`,
  :func:`evaluate_columns`);
- :mod:`omaha.files.cells`: cells written as CSV, TSV or JSON Lines text;
- :mod:`omaha.files.writer`: batches written to a file behind the caller
  and renamed into place when complete;
- :mod:`omaha.files.pipeline`: a file of deals into a file of results
  (:func:`evaluate_file`);
- ``omaha.files._arrow`` (Arrow buffers to and from NumPy) and the compiled
  ``omaha.files._textio`` (CSV line numbers, JSON Lines lines, the text
  writer).

Its errors (:class:`~omaha.errors.TableFormatError`,
:class:`~omaha.errors.BadRowError`, :class:`~omaha.errors.ColumnError`)
live in :mod:`omaha.errors`. Importing it imports neither NumPy nor pyarrow;
they load on first use.

Examples
--------
>>> import pyarrow as pa
>>> from omaha.files import evaluate_frame
>>> deals = pa.table({"hole": ["AhKsKd4c"], "board": ["2sKh8d5cAd"]})
>>> evaluate_frame(deals, columns=["hi_name", "lo_name"]).to_pylist()[0]["hi_name"]
'Three of a kind, kings'
"""

from __future__ import annotations

from omaha.files.formats import FORMATS, format_of
from omaha.files.pipeline import RunStats, evaluate_file, write_rejects
from omaha.files.readers import Chunk, RejectedRow, TableReader, open_reader
from omaha.files.tabular import RESULT_COLUMNS, evaluate_columns, evaluate_frame
from omaha.files.writer import TableWriter, open_writer

__all__ = [
    "Chunk",
    "FORMATS",
    "RESULT_COLUMNS",
    "RejectedRow",
    "RunStats",
    "TableReader",
    "TableWriter",
    "evaluate_columns",
    "evaluate_file",
    "evaluate_frame",
    "format_of",
    "open_reader",
    "open_writer",
    "write_rejects",
]

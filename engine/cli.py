"""``python -m engine adjudicate [FILE]`` and ``python -m engine play [FILE]``: the JSON
commands (adjudicate a phase; answer a position with a stand-in player's orders).

The contracts (input and output objects, batch lists, exit codes) are documented in the
README ("The adjudication command", "The player command"); both commands share the input
handling, batches and exit statuses below. This module owns only the command: arguments, reading
the input, writing the output, exit statuses. The JSON shapes are :mod:`engine.codec`
(:func:`engine.codec.adjudicate_object` is the same thing as a Python call on one decoded
input object).

Exit statuses: 0, the output was written; 2, nothing (or, when standard output fails midway,
not all of it) was written, and standard error has one line of at most :data:`MAX_MESSAGE`
characters saying why: bad input (not UTF-8, not JSON, nested too deeply, a number too long,
more than :data:`MAX_INPUT` bytes, a batch whose output would pass :data:`MAX_OUTPUT`, not a
position), a file that cannot be read, arguments that make no sense, or an output that
cannot be written (closed, broken pipe, disk full); 1, a bug in the engine (one line too,
naming the exception). The output is built whole, then written as UTF-8 bytes in one write.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from typing import IO, Any, NoReturn

from engine.codec import InputError, brief, outcome_to_text, play_object, resolve_object

MAX_INPUT = 64 * 2**20  # bytes: a batch of ~50,000 phases; /dev/zero stops here
MAX_OUTPUT = 512 * 2**20  # characters of a batch's output (~150,000 phases; it is built whole)
MAX_DIGITS = 4300  # the longest integer read (Python's own default limit)
MAX_MESSAGE = 300  # characters of the one line on standard error

EXIT_OK, EXIT_BUG, EXIT_REFUSED = 0, 1, 2
USAGE = "python -m engine {adjudicate,play} [FILE]"


class Refused(Exception):
    """The command cannot do what it was asked; the message is the line for stderr."""


class OneLineArgumentParser(argparse.ArgumentParser):
    """Bad arguments are refused like bad input: one line (the problem and the usage), not
    argparse's usage block and exit."""

    def error(self, message: str) -> NoReturn:
        raise Refused(f"{message} ({' '.join(self.format_usage().split())})")


def _parse_int(text: str) -> int:
    if len(text) > MAX_DIGITS:
        raise Refused(f"not JSON this command reads: a number of {len(text)} digits (at most {MAX_DIGITS})")
    return int(text)


def _no_constant(name: str) -> NoReturn:
    raise Refused(f"not JSON: {name} is not a JSON value")


# built once: json.loads with options would build a decoder for every input
_DECODER = json.JSONDecoder(parse_int=_parse_int, parse_constant=_no_constant)


def decode(data: bytes) -> Any:
    """The JSON value of the input bytes (UTF-8, an optional byte order mark)."""
    if len(data) > MAX_INPUT:
        raise Refused(f"the input is larger than {MAX_INPUT // 2**20} MiB, the most this command reads")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Refused(f"the input is not UTF-8: byte 0x{data[exc.start]:02x} at offset {exc.start}") from None
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        return _DECODER.decode(text)
    except json.JSONDecodeError as exc:
        raise Refused(f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise Refused("not JSON this command reads: nested too deeply") from None


def adjudicate_bytes(data: bytes) -> bytes:
    """The command's main path without the streams: input bytes in, output bytes out (one
    JSON text and a newline, UTF-8). Raises :class:`Refused` for bad input; inside a batch
    a bad item becomes ``{"error": ...}`` and the others go on."""
    return _answer_bytes(data, lambda item: outcome_to_text(resolve_object(item)))


def play_bytes(data: bytes) -> bytes:
    """:func:`adjudicate_bytes` for ``python -m engine play`` (engine-play.md): each input
    object answered with the orders of the powers it asks for."""
    return _answer_bytes(data, lambda item: json.dumps(play_object(item), ensure_ascii=False))


def _answer_bytes(data: bytes, answer: Callable[[Any], str]) -> bytes:
    obj = decode(data)
    if isinstance(obj, list):
        texts, size = [], 0
        for item in obj:
            try:
                texts.append(answer(item))
            except InputError as exc:
                texts.append(json.dumps({"error": str(exc)}, ensure_ascii=False))
            size += len(texts[-1])
            if size > MAX_OUTPUT:  # the output is built whole: bound what a batch may ask
                raise Refused(
                    f"the output of this batch would pass {MAX_OUTPUT // 2**20} MiB (at item {len(texts):,}): split it"
                )
        text = "[" + ", ".join(texts) + "]"
    else:
        try:
            text = answer(obj)
        except InputError as exc:
            raise Refused(str(exc)) from None
    # codec never echoes a lone surrogate; were one to slip through, it is written as a JSON
    # escape (backslashreplace, inside a string), so the output stays valid UTF-8 JSON
    return (text + "\n").encode("utf-8", "backslashreplace")


def _read(stream: IO[Any] | None, name: str) -> bytes:
    if stream is None:
        raise Refused(f"cannot read {name}: it is closed")
    data = stream.read(MAX_INPUT + 1)
    if isinstance(data, str):  # a text stream (a caller's stand-in for stdin)
        data = data.encode("utf-8", "surrogateescape")
    if len(data) > MAX_INPUT:
        raise Refused(f"{name} is larger than {MAX_INPUT // 2**20} MiB, the most this command reads")
    return data


def shown_path(path: str, limit: int = 160) -> str:
    # cut in the middle: the end of a path (the file's name) says the most
    text = repr(path)
    return text if len(text) <= limit else f"{text[: limit // 3]}...{text[3 - 2 * limit // 3 :]}"


def read_input(path: str, stdin: IO[Any] | None) -> bytes:
    """The bytes of FILE, or of standard input for ``-``; bounded by :data:`MAX_INPUT`."""
    try:
        if path == "-":
            return _read(stdin, "standard input")
        with open(path, "rb") as fh:
            return _read(fh, shown_path(path))
    except OSError as exc:
        what = "standard input" if path == "-" else shown_path(path)
        raise Refused(f"cannot read {what}: {exc.strerror or exc}") from None


def write_output(stream: IO[Any] | None, payload: bytes) -> None:
    """Write the whole output at once, then flush (so a full disk is seen here)."""
    if stream is None:
        raise Refused("cannot write the output: standard output is closed")
    try:
        target = getattr(stream, "buffer", None)
        if target is None:
            target = stream
        else:
            stream.flush()  # anything already written through the text layer goes first
        try:
            target.write(payload)
        except TypeError:  # a text stream without a byte layer (a caller's stand-in)
            target.write(payload.decode("utf-8"))
        target.flush()
    except OSError as exc:
        if stream in (sys.stdout, sys.__stdout__):  # (not `is`: it would narrow the type to TextIO | None)
            _detach(stream)
        raise Refused(f"cannot write the output: {exc.strerror or exc}") from None
    except ValueError:  # "I/O operation on closed file"
        raise Refused("cannot write the output: standard output is closed") from None


def _detach(stream: IO[Any]) -> None:
    """After a failed write to the process's standard output, point its descriptor at the
    null device: the interpreter flushes standard output at exit, and would otherwise
    print a second error (BrokenPipeError) of its own."""
    try:
        fd = stream.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)
    except (OSError, ValueError, AttributeError):  # not a real descriptor (tests): nothing to do
        pass


def say(stream: IO[str] | None, line: str) -> None:
    """One line on standard error, at most :data:`MAX_MESSAGE` characters; quietly nothing
    when standard error itself is closed or broken."""
    line = " ".join(line.split())
    if len(line) > MAX_MESSAGE:
        line = line[: MAX_MESSAGE - 3] + "..."
    if stream is None:
        return
    try:
        stream.write(line + "\n")
        stream.flush()
    except (OSError, ValueError):
        pass


def standard_input(stdin: IO[Any] | None) -> IO[Any] | None:
    """The stream to read: the one given, else the process's standard input as bytes
    (None when it is closed)."""
    if stdin is None and sys.stdin is not None:
        return getattr(sys.stdin, "buffer", sys.stdin)
    return stdin


def run_command(body: Callable[[], None], stderr: IO[str] | None, program: str) -> int:
    """Run a command line's body and give its exit status: 0 when it returns; 2 with one
    line on stderr when it raises :class:`Refused`; 1, one line naming the exception, for a
    bug in ``program``; never a traceback."""
    err = stderr if stderr is not None else sys.stderr
    try:
        body()
    except Refused as exc:
        say(err, f"error: {exc}")
        return EXIT_REFUSED
    except KeyboardInterrupt:
        say(err, "interrupted")
        return 130
    except Exception as exc:  # a bug: still one line, naming it, for the report
        say(
            err,
            f"internal error (a bug in the {program}, please report it with the input): "
            f"{type(exc).__name__}: {brief(str(exc), 120)}",
        )
        return EXIT_BUG
    return EXIT_OK


def main(
    argv: list[str] | None = None,
    *,
    stdin: IO[Any] | None = None,
    stdout: IO[Any] | None = None,
    stderr: IO[str] | None = None,
) -> int:
    """Run the command; the streams default to the process's (bytes are read and written).
    Returns the exit status."""

    def body() -> None:
        parser = OneLineArgumentParser(prog="python -m engine", usage=USAGE, description="Diplomacy rules engine.")
        sub = parser.add_subparsers(dest="command", required=True, prog="python -m engine")
        adj = sub.add_parser(
            "adjudicate",
            help="adjudicate a phase given as JSON (see README)",
            description="Adjudicate one phase (a JSON object) or a batch (a list).",
        )
        adj.add_argument("file", nargs="?", default="-", help="JSON file; '-' or absent: standard input")
        ply = sub.add_parser(
            "play",
            help="orders from a stand-in player for a position given as JSON (see README)",
            description="Answer one position (a JSON object) or a batch (a list) with a player's orders.",
        )
        ply.add_argument("file", nargs="?", default="-", help="JSON file; '-' or absent: standard input")
        args = parser.parse_args(argv)
        command = play_bytes if args.command == "play" else adjudicate_bytes
        payload = command(read_input(args.file, standard_input(stdin)))
        write_output(stdout if stdout is not None else sys.stdout, payload)

    return run_command(body, stderr, "engine")

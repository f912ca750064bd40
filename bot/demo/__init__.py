"""``python -m bot demo [FOLDER] [--language LANG]``: see the bot play without Discord.

The real bot plays a short scripted game (:mod:`bot.demo.script`: four players, 1901, orders
by DM with one mistake, ``/ready``, a dislodgement and its retreat, the Winter builds) on a
loopback Discord in this process (:mod:`bot.demo.loopback`, also the tests' emulator), and
writes what Discord would have shown to FOLDER (default ``diplomacy-demo``): the channel's and
each player's transcripts, and every map (:mod:`bot.demo.transcript`). No token, no network,
no database of the operator's (a temporary one)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
import warnings
from pathlib import Path

from bot.core.languages import LANGUAGES
from bot.demo.play import DemoFailed, run
from bot.demo.transcript import Transcript

DEFAULT_FOLDER = "diplomacy-demo"


def arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot demo",
        description="Play a short game of Diplomacy with the real bot on a loopback Discord (no token, no "
        "network) and write what Discord would show: the channel's and each player's transcripts and every map.",
    )
    parser.add_argument(
        "folder", nargs="?", default=DEFAULT_FOLDER, help=f"where to write it (default: {DEFAULT_FOLDER})"
    )
    parser.add_argument(
        "--language", "-l", choices=sorted(LANGUAGES), default="en", help="the game's and the players' language"
    )
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    args = arguments(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    warnings.filterwarnings("ignore", message="'audioop' is deprecated", category=DeprecationWarning)
    folder = Path(args.folder).resolve()
    try:  # a folder that cannot be written is said now, not after the game
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / ".demo-write-test"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        print(f"error: cannot write the demo to {folder}: {exc}", file=sys.stderr)
        return 2
    print(f"Playing a game of Diplomacy in {args.language} on a loopback Discord (about 15 seconds)...", flush=True)
    try:
        transcript = asyncio.run(_main(args.language))
    except KeyboardInterrupt:  # Ctrl-C (or SIGTERM): the bot and the emulator were stopped on the way out
        print("demo interrupted: nothing written", file=sys.stderr)
        return 130
    except DemoFailed as exc:  # the bot did not answer as the script expects: one line saying what
        print(f"error: the demo failed: {exc}", file=sys.stderr)
        return 1
    try:
        transcript.write(folder)
    except OSError as exc:
        print(f"error: cannot write the demo to {folder}: {exc}", file=sys.stderr)
        return 2
    print(f"Demo written to {folder}: open {folder / 'channel.md'} (README.md lists the rest)")
    return 0


async def _main(language: str) -> Transcript:
    task = asyncio.current_task()
    assert task is not None
    interrupted: list[int] = []

    def interrupt(sig: int) -> None:
        interrupted.append(sig)
        task.cancel()

    # Ctrl-C, and docker stop's SIGTERM: stop, cleaning up on the way out. Remembered, not
    # only sent as a cancellation: a step that ends at that very moment can swallow it
    # (Python 3.11's wait_for returns the step's result), and the game would play on to
    # the end and be written as if nobody had asked it to stop
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, interrupt, sig)
    try:
        transcript = await run(language)
    except asyncio.CancelledError:
        raise KeyboardInterrupt from None
    if interrupted:
        raise KeyboardInterrupt
    return transcript

"""The settings of ``python -m bot``, read from the environment and checked before anything
else happens (no database file created, no network): each bad value stops the bot with ONE
line naming the variable, what is wrong and what it may be (never the value of a secret).

:data:`SETTINGS` lists every variable with what it does: ``python -m bot --help`` prints it.
Values only (and the standard library): the parts that use a setting read it through the
parsers here, so a typo is refused the same way wherever it is read.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

POSTGRESQL_SCHEMES = ("postgresql://", "postgres://")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
POSTING = ("merged", "pushed", "separate")
MAX_RENDER_PROCESSES = 256

SETTINGS: tuple[tuple[str, str], ...] = (
    ("DISCORD_TOKEN", "required: the bot's token (Discord developer portal -> your application -> Bot -> Reset Token)"),
    (
        "DIPLOMACY_DB",
        "the SQLite database file (default diplomacy.sqlite3 in the folder the bot starts from; "
        "created and migrated on first start), or postgresql://user:password@host:5432/name "
        "(a password with / # ? @ : % percent-encoded, or left out and set in PGPASSWORD)",
    ),
    ("DIPLOMACY_SHARD_COUNT", "how many Discord shards the bot has in all (default 1; the same in every process)"),
    ("DIPLOMACY_SHARDS", "the shards this process connects: 0, 0-3, 0,2,4-5 (default: all of them)"),
    ("DIPLOMACY_TAKEOVER", "refuse (default: do not start while another bot process holds the database) or wait"),
    ("DIPLOMACY_LEASE_SECONDS", "how long a lease lasts without renewal (default 30)"),
    ("DIPLOMACY_HEARTBEAT_SECONDS", "how often the lease is renewed (default a third of the lease)"),
    ("LOG_LEVEL", "DEBUG, INFO (default), WARNING, ERROR or CRITICAL"),
    (
        "DIPLOMACY_RENDER_PROCESSES",
        "worker processes that draw maps (default one per CPU the bot may use; 0: threads of the bot's process)",
    ),
    (
        "DIPLOMACY_POSTING",
        "merged (default: one channel message per resolution, one DM per player per storm), pushed "
        "(the same, every DM's map attached) or separate (the old strategy, for benchmarks/deadlines.py)",
    ),
    (
        "DIPLOMACY_CONNECT_RETRY",
        "seconds before the first new try when Discord cannot be reached (default 5, doubling up to 5 minutes)",
    ),
    ("DIPLOMACY_GATEWAY_TIMEOUT", "seconds to wait for Discord's gateway to answer a connection (default 60)"),
    ("DIPLOMACY_ASSETS", "a folder of map geometry and fonts to draw with instead of the installed ones"),
    (
        "DIPLOMACY_HEALTH_FILE",
        "where the bot writes its health status for `python -m bot health` (default: in the temporary folder)",
    ),
    ("DIPLOMACY_METRICS", "PORT or HOST:PORT: serve Prometheus metrics there (default: off)"),
    ("PGPASSWORD", "the PostgreSQL password when DIPLOMACY_DB leaves it out (as psql reads it)"),
    ("DISCORD_API_URL, DISCORD_GATEWAY_URL", "only for tests against a local Discord emulator"),
)


class SettingError(ValueError):
    """A setting the bot cannot run with; ``str()`` is the one line to print."""


@dataclass(frozen=True, slots=True)
class Settings:
    """The settings ``python -m bot`` runs with (those with a parser of their own, the
    shards and the lease, are read by :mod:`bot.infra.shards` and :mod:`bot.infra.lease`)."""

    token: str
    database: str  # DIPLOMACY_DB as given ("": the default file)
    log_level: str
    posting: str
    render_processes: int | None  # None: one per CPU
    connect_retry: float
    gateway_timeout: float


def usage() -> str:
    """What ``python -m bot --help`` prints."""
    width = max(len(name) for name, _ in SETTINGS)
    lines = [
        "usage: python -m bot",
        "       python -m bot db copy SOURCE TARGET | db backup PATH   (move or keep the data)",
        "       python -m bot health                                  (is the running bot healthy?)",
        "       python -m bot invite                                  (the link that adds the bot to a server)",
        "       python -m bot demo [FOLDER] [--language es|ru|bg]      (a short game on a loopback Discord, no token)",
        "",
        "Runs the Diplomacy bot for Discord until SIGTERM or Ctrl-C. Its settings come from the",
        "environment:",
        "",
    ]
    lines += [f"  {name.ljust(width)}  {text}" for name, text in SETTINGS]
    lines += [
        "",
        "Exit status: 0 stopped, 2 a setting or the database needs fixing, 3 another bot process holds",
        "the database, 4 another bot process took it over.",
    ]
    return "\n".join(lines)


def check(env: Mapping[str, str]) -> Settings:
    """Every setting of ``env`` checked; :class:`SettingError` for the first bad one."""
    checked_token = token(env)  # first: a placeholder token is the likeliest mistake
    database = env.get("DIPLOMACY_DB", "").strip()
    if is_postgresql(database):
        check_postgresql_url(database)
    return Settings(
        token=checked_token,
        database=database,
        log_level=log_level(env),
        posting=posting(env),
        render_processes=render_processes(env),
        connect_retry=seconds(env, "DIPLOMACY_CONNECT_RETRY", 5.0),
        gateway_timeout=seconds(env, "DIPLOMACY_GATEWAY_TIMEOUT", 60.0),
    )


_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}")
_PORTAL = "Discord developer portal -> your application -> Bot -> Reset Token"


def token(env: Mapping[str, str]) -> str:
    """``DISCORD_TOKEN``, of the form Discord gives bot tokens: three dot-separated parts, the
    first the bot's id in base64. A placeholder (``your-bot-token``), a client secret or a
    token pasted with ``Bot `` in front is refused without asking Discord."""
    value = env.get("DISCORD_TOKEN", "").strip()
    if not value:
        raise SettingError(f"set DISCORD_TOKEN to your bot's token ({_PORTAL})")
    if value.lower().startswith("bot "):
        raise SettingError("DISCORD_TOKEN starts with 'Bot ': set it to the token alone, without 'Bot '")
    if not _TOKEN.fullmatch(value) or not _id_part(value.split(".", 1)[0]):
        raise SettingError(
            f"DISCORD_TOKEN is not a bot token (one has three parts joined by dots, about 70 characters); "
            f"copy your bot's token from the {_PORTAL}"
        )
    return value


def _id_part(text: str) -> bool:
    """The token's first part is the bot's user id (digits) in base64."""
    try:
        decoded = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        return False
    return decoded.isdigit()


def log_level(env: Mapping[str, str]) -> str:
    value = env.get("LOG_LEVEL", "").strip().upper() or "INFO"
    if value == "WARN":
        value = "WARNING"
    if value not in LOG_LEVELS:
        raise SettingError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {_shown(env['LOG_LEVEL'])}")
    return value


def posting(env: Mapping[str, str]) -> str:
    value = env.get("DIPLOMACY_POSTING", "").strip().lower() or POSTING[0]
    if value not in POSTING:
        raise SettingError(
            f"DIPLOMACY_POSTING must be one of {', '.join(POSTING)}, not {_shown(env['DIPLOMACY_POSTING'])}"
        )
    return value


def render_processes(env: Mapping[str, str]) -> int | None:
    """``DIPLOMACY_RENDER_PROCESSES``: a whole number (0: threads); None when not set."""
    text = env.get("DIPLOMACY_RENDER_PROCESSES", "").strip()
    if not text:
        return None
    if not text.isdigit() or int(text) > MAX_RENDER_PROCESSES:
        raise SettingError(
            f"DIPLOMACY_RENDER_PROCESSES must be a whole number from 0 (threads) to {MAX_RENDER_PROCESSES}, "
            f"not {_shown(text)}"
        )
    return int(text)


def seconds(env: Mapping[str, str], name: str, default: float) -> float:
    text = env.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < 86400:
        raise SettingError(f"{name} must be a number of seconds, not {_shown(text)}")
    return value


def is_postgresql(target: str) -> bool:
    """Whether ``DIPLOMACY_DB`` names a PostgreSQL database (else it is a SQLite file)."""
    return target.strip().lower().startswith(POSTGRESQL_SCHEMES)


MALFORMED_URL = (
    "DIPLOMACY_DB is not a well-formed PostgreSQL URL (postgresql://user:password@host:5432/database); "
    "percent-encode any / # ? @ : % in the password (%2F %23 %3F %40 %3A %25, e.g. "
    "python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=\"\"))' PASSWORD), "
    "or leave the password out of the URL and set PGPASSWORD"
)


def check_postgresql_url(url: str) -> None:
    """A PostgreSQL URL that names one host, port and database the way the driver reads it.
    A password pasted raw (``openssl rand -base64`` makes ``/``, ``+``, ``=``) splits the URL
    in the wrong place: the error never shows any part of it (it may be the password)."""
    try:
        parts = urlsplit(url.strip())
        parts.port  # noqa: B018  (raises ValueError for a port that is not a number)
    except ValueError:
        raise SettingError(MALFORMED_URL) from None
    # the driver splits user and host at the FIRST "@", urllib at the last: one "@" only;
    # a "/", "?" or "#" in the password ends the host part early, leaving an "@" after it
    malformed = (
        parts.netloc.count("@") > 1
        or "@" in parts.path + parts.query + parts.fragment
        or bool(parts.fragment)
        or "/" in parts.path.lstrip("/")
        or not (parts.hostname or "host=" in parts.query)
    )
    if malformed:
        raise SettingError(MALFORMED_URL)


def _shown(value: str) -> str:
    return repr(value.strip()[:40])

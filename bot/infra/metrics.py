"""Metrics for operators, in Prometheus' text format (prometheus_client), off by default.

``DIPLOMACY_METRICS=9464`` (or ``127.0.0.1:9464``, ``0.0.0.0:9464``) serves them at
``http://HOST:PORT/metrics`` from a thread of the bot's process (default host: every
interface, as a container needs for a scraper in another container; give 127.0.0.1 on a
shared machine). What is measured:

- ``diplomacy_games{state}``: games forming, active, finished (the whole database);
- ``diplomacy_deadlines_due``: active games of this process' shards whose deadline has
  passed and that are not resolved yet (a backlog: it should stay near 0);
- ``diplomacy_outbox_pending`` and ``diplomacy_outbox_oldest_seconds``: posts not sent yet
  (of this process' shards) and the age of the oldest;
- ``diplomacy_pacer_wait_seconds_total``: time the outbox waited for the pacer (below
  Discord's rate limits); ``diplomacy_discord_429_total{scope}`` and
  ``diplomacy_discord_429_retry_seconds_total``: 429 answers Discord gave and the waits
  they asked for (should stay 0);
- ``diplomacy_interaction_reply_seconds{kind}``: from an interaction's arrival to the bot's
  answer (commands, buttons and menus, autocomplete);
- ``diplomacy_render_seconds``: drawing one phase's maps (in the map processes);
- ``diplomacy_lease_held{shard}``: 1 for each shard whose lease this process holds, and
  ``diplomacy_lease_holder{scope,host,pid}``: who holds each lease of the database.

The database figures are read at each heartbeat of the bot (``DIPLOMACY_HEARTBEAT_SECONDS``,
10 s by default) by its loop, never by the scraper's thread: a scrape costs the database
nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from prometheus_client import REGISTRY, CollectorRegistry, Counter, Gauge, Histogram, start_http_server

GAMES = Gauge("diplomacy_games", "Games by state (the whole database)", ["state"])
DEADLINES_DUE = Gauge("diplomacy_deadlines_due", "Active games of this process' shards past their deadline")
OUTBOX_PENDING = Gauge("diplomacy_outbox_pending", "Posts not sent yet (this process' shards)")
OUTBOX_OLDEST = Gauge("diplomacy_outbox_oldest_seconds", "Age of the oldest post not sent yet (0: none)")
PACER_WAIT = Counter("diplomacy_pacer_wait_seconds", "Seconds the outbox waited for the pacer")
RATE_LIMITED = Counter("diplomacy_discord_429", "429 answers from Discord", ["scope"])
RATE_LIMIT_WAIT = Counter("diplomacy_discord_429_retry_seconds", "Seconds Discord's 429 answers asked to wait")
REPLY = Histogram(
    "diplomacy_interaction_reply_seconds",
    "From an interaction's arrival to the bot's answer",
    ["kind"],
    buckets=(0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 2.5, 3.0, 5.0, 10.0),  # Discord wants an answer in 3 s
)
RENDER = Histogram(
    "diplomacy_render_seconds",
    "Drawing one phase's maps",
    buckets=(0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0),
)
LEASE_HELD = Gauge("diplomacy_lease_held", "1 for each shard whose lease this process holds", ["shard"])
LEASE_HOLDER = Gauge("diplomacy_lease_holder", "Who holds each lease of the database", ["scope", "host", "pid"])


@dataclass(frozen=True, slots=True)
class MetricsSettings:
    host: str
    port: int

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> MetricsSettings | None:
        """``DIPLOMACY_METRICS``: ``PORT`` or ``HOST:PORT`` (unset or empty: off)."""
        value = env.get("DIPLOMACY_METRICS", "").strip()
        if not value:
            return None
        host, _, port = value.rpartition(":")
        host = host.strip("[]") or "0.0.0.0"
        if not port.isdigit() or not 0 < int(port) < 65536:
            raise ValueError(f"DIPLOMACY_METRICS must be a port or HOST:PORT (e.g. 9464), not {value[:60]!r}")
        return cls(host, int(port))


class Endpoint:
    """The HTTP endpoint, served from a thread until :meth:`close`."""

    def __init__(self, settings: MetricsSettings, registry: CollectorRegistry = REGISTRY) -> None:
        self.server, self._thread = start_http_server(settings.port, addr=settings.host, registry=registry)
        self.port = self.server.server_port

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def set_leases(held: set[int], shards: range, holders: list[tuple[str, str, int]]) -> None:
    for shard in shards:
        LEASE_HELD.labels(str(shard)).set(1 if shard in held else 0)
    LEASE_HOLDER.clear()
    for scope, host, pid in holders:
        LEASE_HOLDER.labels(scope, host, str(pid)).set(1)

"""A small loopback Discord: REST (aiohttp) and gateway (websocket) on 127.0.0.1, enough for
the real discord.py network path of this bot: login, command sync, slash commands and
autocomplete, interaction callbacks and follow-ups (JSON or multipart), channel and DM
messages with PNG attachments, a channel's history. Messages with a nonce honour
``enforce_nonce`` the way Discord does (a repeated nonce returns the first message
instead of posting again). Several servers (:meth:`Emulator.add_guild`) and several
gateway connections, one per shard as a sharded bot identifies them: each server's events
go to the connections of its shard, as Discord routes them (DMs to shard 0): to every
connection that identified that shard (Discord lets several sessions identify one shard, and
sends each event to all of them), and to none while no connection has it (the interaction
then goes unanswered, as on Discord). An interaction is answered once: a second callback is
refused with 400 and code 40060, "Interaction has already been acknowledged", as Discord
refuses it (:attr:`Emulator.refused`).

Like Discord, it limits the bot's requests (:class:`Limits`): 50 per second in all (the
global limit; interaction callbacks and follow-ups are not counted) and 5 messages per
5 seconds per channel, answering 429 with ``retry_after``, ``Retry-After`` and the
``X-RateLimit-*`` headers discord.py reads; it can add a round-trip delay to each
answer. It counts what the bot asks (requests by route, 429s, uploaded bytes), for the
benchmark (benchmarks/deadlines.py), which runs it in a process of its own
(:func:`serve`) and drives it through its ``/_ctl`` routes.

For tests, the benchmark and ``python -m bot demo`` (:mod:`bot.demo`), which is why it lives
in the package (aiohttp is discord.py's own dependency). The shapes are the minimal ones
discord.py 2.7 accepts (see shared/research/discord-testing.md, sections 3 and 4).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

EPOCH = 1420070400000
APP_ID = "900000000000000001"
BOT = {
    "id": APP_ID,
    "username": "Diplomacy",
    "discriminator": "0",
    "global_name": None,
    "avatar": None,
    "bot": True,
    "flags": 0,
    "public_flags": 0,
}
EVERYTHING = str((1 << 50) - 1)


def _json(data: Any, status: int = 200) -> web.Response:
    # discord.py only parses JSON when the content type is exactly application/json
    return web.Response(body=json.dumps(data).encode(), status=status, content_type="application/json")


@dataclass
class Posted:
    channel_id: str
    content: str
    files: list[tuple[str, bytes]]
    nonce: str | None
    message: dict[str, Any]
    at: float = 0.0  # when it arrived (time.time())
    components: list[dict[str, Any]] = field(default_factory=list)  # its buttons and menus, as sent


@dataclass(frozen=True)
class Limits:
    """Discord's rate limits as the emulator applies them (0: none), and a round-trip delay."""

    per_second: int = 50  # all requests but interaction callbacks and follow-ups, any 1-second window
    per_channel: int = 5  # messages to one channel ...
    channel_window: float = 5.0  # ... per this many seconds
    latency: float = 0.0  # seconds added to the bot's REST requests but its answers to interactions
    # record when the emulator's own event loop lagged (a benchmark tells its lags from the bot's)
    watch_lags: bool = False


# answers to interactions: Discord does not count them against the global limit
_EXEMPT = ("/interactions/", "/webhooks/")


class _Address:
    """Where the bot finds an emulator listening on ``port``."""

    port: int

    @property
    def api_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"


@dataclass
class Emulator(_Address):
    guild_id: str = "910000000000000001"
    channels: dict[str, dict[str, Any]] = field(default_factory=dict)
    users: dict[str, dict[str, Any]] = field(default_factory=dict)
    commands: list[dict[str, Any]] = field(default_factory=list)
    posts: list[Posted] = field(default_factory=list)
    callbacks: dict[str, asyncio.Future] = field(default_factory=dict)
    identified: asyncio.Event = field(default_factory=asyncio.Event)
    synced: asyncio.Event = field(default_factory=asyncio.Event)
    posted: asyncio.Condition = field(default_factory=asyncio.Condition)
    nonces: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)
    dm_of: dict[str, str] = field(default_factory=dict)
    limits: Limits = field(default_factory=Limits)
    requests: Counter = field(default_factory=Counter)  # "METHOD /route/{param}" -> count
    limited: Counter = field(default_factory=Counter)  # 429s: "global", "channel"
    uploaded: int = 0  # bytes of request bodies the bot sent, but for answers to interactions
    answered: int = 0  # bytes of the bot's answers to interactions
    replies: list[float] = field(default_factory=list)  # seconds from an interaction to its answer
    lags: list[tuple[float, float]] = field(default_factory=list)  # Limits.watch_lags: (wall time, seconds)
    followups: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # (token, payload), every one
    clock: Callable[[], float] = time.monotonic  # the rate limits' clock (a test's fake one)
    # for tests of a Discord that fails: the port to listen on (0: any free one), a gateway
    # that accepts connections and never answers, a token Discord rejects
    bind_port: int = 0
    gateway_silent: bool = False
    gateway_down: bool = False  # new gateway connections refused (503): see drop_gateway
    reject_token: bool = False
    more_guilds: list[str] = field(default_factory=list)  # servers beside guild_id
    locale: str = "en-US"  # the server's and the users' Discord language (the demo's --language)
    # second answers to an interaction, refused (40060): their interaction ids
    refused: list[str] = field(default_factory=list)
    # interaction id -> how many gateway connections it was sent to (0: none had its shard)
    delivered: dict[str, int] = field(default_factory=dict)
    # called with (shard, count) once a connection that identified got its READY and servers
    on_ready: Callable[[int, int], None] | None = None

    def __post_init__(self) -> None:
        self._ids = itertools.count(1)
        self._ws: web.WebSocketResponse | None = None
        self._seq: dict[int, int] = {}  # per connection
        # shard -> (count, its connections: usually one; two while a shard changes process)
        self._shards: dict[int, tuple[int, list[web.WebSocketResponse]]] = {}
        self._acknowledged: set[str] = set()  # interactions answered
        self.port = 0
        self.silent_connections = 0
        self._runner: web.AppRunner | None = None
        self._window: deque[float] = deque()  # the times of the last second's counted requests
        self._channel_sent: dict[str, deque[float]] = {}
        # ids made as at this moment (ms since 1970) rather than now: the same calls give the
        # same ids again (a benchmark reuses a database prepared by an earlier run)
        self.id_time: int | None = None

    # -- ids and objects ---------------------------------------------------------------
    def snowflake(self) -> str:
        moment = self.id_time if self.id_time is not None else int(time.time() * 1000)
        return str(((moment - EPOCH) << 22) | (next(self._ids) & 0x3FFFFF))

    def add_user(self, name: str) -> dict[str, Any]:
        user = {
            "id": self.snowflake(),
            "username": name,
            "discriminator": "0",
            "global_name": name,
            "avatar": None,
            "bot": False,
            "flags": 0,
            "public_flags": 0,
        }
        self.users[user["id"]] = user
        return user

    def add_guild(self, shard: int, count: int) -> str:
        """A new server whose shard of ``count`` is ``shard`` (its id, as Discord computes
        shards: ``(id >> 22) % count``)."""
        while True:
            guild = self.snowflake()
            if (int(guild) >> 22) % count == shard:
                self.more_guilds.append(guild)
                return guild
            time.sleep(0.001)  # the next millisecond gives the next id of the shard formula

    def add_channel(self, name: str, guild_id: str | None = None) -> dict[str, Any]:
        channel = {
            "id": self.snowflake(),
            "type": 0,
            "guild_id": guild_id or self.guild_id,
            "name": name,
            "position": len(self.channels),
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
        }
        self.channels[channel["id"]] = channel
        return channel

    def guild_payload(self, guild_id: str | None = None) -> dict[str, Any]:
        guild_id = guild_id or self.guild_id
        return {
            "id": guild_id,
            "name": "Loopback",
            "icon": None,
            "owner_id": "1",
            "roles": [
                {
                    "id": guild_id,
                    "name": "@everyone",
                    "permissions": EVERYTHING,
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                }
            ],
            "channels": [c for c in self.channels.values() if c["type"] == 0 and c["guild_id"] == guild_id],
            "members": [],
            "member_count": len(self.users) + 1,
            "emojis": [],
            "stickers": [],
            "features": [],
            "large": False,
            "unavailable": False,
            "threads": [],
            "voice_states": [],
            "presences": [],
            "joined_at": "2026-01-01T00:00:00+00:00",
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "premium_tier": 0,
            "preferred_locale": self.locale,
            "nsfw_level": 0,
            "system_channel_flags": 0,
        }

    # -- server ------------------------------------------------------------------------
    # -- rate limits and counts ----------------------------------------------------------
    def reset_counts(self) -> None:
        self.requests.clear()
        self.limited.clear()
        self.uploaded = self.answered = 0
        self.replies.clear()

    def _too_many(self, why: str, retry: float, headers: dict[str, str]) -> web.Response:
        self.limited[why] += 1
        body = {"message": "You are being rate limited.", "retry_after": round(retry, 3), "global": why == "global"}
        # discord.py takes a 429 without a Via header for a Cloudflare ban
        headers = {**headers, "Retry-After": str(max(1, round(retry + 0.5))), "Via": "1.1 google"}
        if why == "global":
            headers.update({"X-RateLimit-Global": "true", "X-RateLimit-Scope": "global"})
        return web.Response(
            body=json.dumps(body).encode(), status=429, content_type="application/json", headers=headers
        )

    @web.middleware
    async def _limit(self, request: web.Request, handler: Any) -> web.StreamResponse:
        path = request.path
        if not path.startswith("/api/"):  # the gateway, the control routes
            return await handler(request)
        resource = request.match_info.route.resource
        self.requests[f"{request.method} {resource.canonical if resource else path}"] += 1
        answer = any(part in path for part in _EXEMPT)  # to an interaction
        if answer:
            self.answered += request.content_length or 0
        else:
            self.uploaded += request.content_length or 0
        now = self.clock()
        limits = self.limits
        headers: dict[str, str] = {}
        window = self._window
        while window and window[0] <= now - 1.0:
            window.popleft()
        counted = bool(limits.per_second) and not answer
        if counted and len(window) >= limits.per_second:
            return self._too_many("global", window[0] + 1.0 - now, {})
        channel = request.match_info.get("channel")
        sent: deque[float] | None = None
        if limits.per_channel and request.method == "POST" and channel and path.endswith("/messages"):
            sent = self._channel_sent.setdefault(channel, deque())
            while sent and sent[0] <= now - limits.channel_window:
                sent.popleft()
            reset = (sent[0] + limits.channel_window - now) if sent else limits.channel_window
            headers = {
                "X-RateLimit-Limit": str(limits.per_channel),
                "X-RateLimit-Remaining": str(max(0, limits.per_channel - len(sent) - 1)),
                "X-RateLimit-Reset-After": f"{reset:.3f}",
                "X-RateLimit-Reset": f"{time.time() + reset:.3f}",
                "X-RateLimit-Bucket": "channel-messages",
            }
            if len(sent) >= limits.per_channel:
                return self._too_many("channel", reset, {**headers, "X-RateLimit-Remaining": "0"})
        if counted:
            window.append(now)
        if sent is not None:
            sent.append(now)
        if limits.latency and not answer:  # (an answer's time is the bot's: measured as it is)
            await asyncio.sleep(limits.latency)
        response = await handler(request)
        response.headers.update(headers)
        return response

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024, middlewares=[self._limit])
        app.router.add_get("/", self._gateway)
        r = app.router
        base = "/api/v10"
        r.add_get(base + "/users/@me", self._me)
        r.add_get(base + "/oauth2/applications/@me", self._app_info)
        r.add_put(base + "/applications/{app}/commands", self._sync)
        r.add_put(base + "/applications/{app}/guilds/{guild}/commands", self._sync)
        r.add_post(base + "/interactions/{id}/{token}/callback", self._callback)
        r.add_post(base + "/webhooks/{app}/{token}", self._followup)
        r.add_get(base + "/webhooks/{app}/{token}/messages/@original", self._original)
        r.add_patch(base + "/webhooks/{app}/{token}/messages/@original", self._followup)
        r.add_post(base + "/channels/{channel}/messages", self._message)
        r.add_get(base + "/channels/{channel}/messages", self._history)
        r.add_post(base + "/users/@me/channels", self._open_dm)
        r.add_get(base + "/users/{user}", self._user)
        _Control(self).add_to(r)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", self.bind_port)
        await site.start()
        self.port = self._runner.addresses[0][1]

    async def stop(self) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def _me(self, request: web.Request) -> web.Response:
        if self.reject_token:
            return _json({"message": "401: Unauthorized", "code": 0}, 401)
        return _json(BOT)

    async def _app_info(self, request: web.Request) -> web.Response:
        owner = dict(BOT, id="1", username="owner", bot=False)
        return _json(
            {
                "id": APP_ID,
                "name": "Diplomacy",
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": owner,
                "verify_key": "0" * 64,
                "flags": 0,
                "team": None,
                "summary": "",
            }
        )

    async def _sync(self, request: web.Request) -> web.Response:
        payload = await request.json()
        out = []
        for command in payload:
            command = dict(command, id=self.snowflake(), application_id=APP_ID, version="1")
            out.append(command)
        self.commands = out
        self.synced.set()
        return _json(out)

    async def _user(self, request: web.Request) -> web.Response:
        user = self.users.get(request.match_info["user"])
        if user is None:
            return _json({"message": "Unknown User", "code": 10013}, 404)
        return _json(user)

    async def _open_dm(self, request: web.Request) -> web.Response:
        body = await request.json()
        uid = str(body["recipient_id"])
        if uid not in self.dm_of:
            channel = {"id": self.snowflake(), "type": 1, "recipients": [self.users[uid]], "last_message_id": None}
            self.channels[channel["id"]] = channel
            self.dm_of[uid] = channel["id"]
        return _json(self.channels[self.dm_of[uid]])

    async def _read_body(self, request: web.Request) -> tuple[dict[str, Any], list[tuple[str, bytes]]]:
        if request.content_type.startswith("multipart/"):
            payload: dict[str, Any] = {}
            files: list[tuple[str, bytes]] = []
            reader = await request.multipart()
            async for part in reader:
                data = await part.read()
                if part.name == "payload_json":
                    payload = json.loads(data)
                else:
                    files.append((part.filename or "file", bytes(data)))
            return payload, files
        if request.can_read_body:
            return await request.json(), []
        return {}, []

    def _message_object(
        self, channel_id: str, payload: dict[str, Any], files: list[tuple[str, bytes]], *, flags: int = 0
    ) -> dict[str, Any]:
        attachments = []
        for i, (name, data) in enumerate(files):
            kind = "image/png" if data[:8] == b"\x89PNG\r\n\x1a\n" else "application/octet-stream"
            attachments.append(
                {
                    "id": self.snowflake(),
                    "filename": name,
                    "size": len(data),
                    "url": f"http://127.0.0.1:{self.port}/a/{i}/{name}",
                    "proxy_url": f"http://127.0.0.1:{self.port}/a/{i}/{name}",
                    "content_type": kind,
                }
            )
        return {
            "id": self.snowflake(),
            "channel_id": channel_id,
            "author": BOT,
            "content": payload.get("content") or "",
            "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": attachments,
            "embeds": payload.get("embeds") or [],
            "pinned": False,
            "type": 0,
            "flags": flags,
            "components": [],
        }

    async def _record(
        self, channel_id: str, payload: dict[str, Any], files: list[tuple[str, bytes]], flags: int = 0
    ) -> dict[str, Any]:
        nonce = payload.get("nonce")
        if nonce and payload.get("enforce_nonce"):
            seen = self.nonces.get((channel_id, str(nonce)))
            if seen is not None:
                return seen
        message = self._message_object(channel_id, payload, files, flags=flags)
        if nonce:
            self.nonces[(channel_id, str(nonce))] = message
        async with self.posted:
            components = payload.get("components") or []
            self.posts.append(Posted(channel_id, message["content"], files, nonce, message, time.time(), components))
            self.posted.notify_all()
        return message

    async def _message(self, request: web.Request) -> web.Response:
        channel_id = request.match_info["channel"]
        if channel_id not in self.channels:
            return _json({"message": "Unknown Channel", "code": 10003}, 404)
        payload, files = await self._read_body(request)
        return _json(await self._record(channel_id, payload, files))

    async def _history(self, request: web.Request) -> web.Response:
        """A channel's messages as Discord gives them: newest first; with ``after``, the
        ``limit`` messages right after it (the nonce is never part of them)."""
        channel_id = request.match_info["channel"]
        limit = int(request.query.get("limit", 50))
        mine = sorted((p.message for p in self.posts if p.channel_id == channel_id), key=lambda m: int(m["id"]))
        if "after" in request.query:
            after = int(request.query["after"])
            page = [m for m in mine if int(m["id"]) > after][:limit]
        else:
            page = mine[-limit:]
        return _json(list(reversed(page)))

    async def _callback(self, request: web.Request) -> web.Response:
        interaction_id = request.match_info["id"]
        body, files = await self._read_body(request)
        if interaction_id in self._acknowledged:  # as Discord: one answer per interaction
            self.refused.append(interaction_id)
            return _json({"message": "Interaction has already been acknowledged.", "code": 40060}, 400)
        self._acknowledged.add(interaction_id)
        kind = body.get("type")
        data = body.get("data") or {}
        message = None
        if kind in (4, 7):
            message = self._message_object("0", data, files, flags=data.get("flags") or 0)
        future = self.callbacks.get(interaction_id)
        if future is not None and not future.done():
            future.set_result({"type": kind, "data": data, "files": files})
        reply: dict[str, Any] = {
            "interaction": {
                "id": interaction_id,
                "type": 2,
                "response_message_id": message["id"] if message else None,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool((data.get("flags") or 0) & 64),
            },
            "resource": {"type": kind},
        }
        if message is not None:
            reply["resource"]["message"] = message
        return _json(reply)

    async def _followup(self, request: web.Request) -> web.Response:
        payload, files = await self._read_body(request)
        token = request.match_info["token"]
        self.followups.append((token, payload))
        message = self._message_object("0", payload, files, flags=payload.get("flags") or 0)
        future = self.callbacks.get("followup:" + token)
        if future is not None and not future.done():
            future.set_result({"type": "followup", "data": payload, "files": files})
        return _json(message)

    async def _original(self, request: web.Request) -> web.Response:
        return _json(self._message_object("0", {"content": ""}, []))

    # -- gateway -----------------------------------------------------------------------
    def connected(self, shard: int) -> bool:
        """Whether a bot process has identified ``shard`` on the gateway (and not left)."""
        return shard in self._shards

    def connections(self, shard: int) -> int:
        """How many gateway connections have identified ``shard`` (and not left)."""
        return len(self._shards[shard][1]) if shard in self._shards else 0

    def shard_of(self, guild_id: str | None) -> int:
        """The shard a server's events go to (DMs: shard 0)."""
        count = next(iter(self._shards.values()))[0] if self._shards else 1
        return (int(guild_id) >> 22) % count if guild_id else 0

    async def _send(self, op: int, data: Any, event: str | None = None, ws: web.WebSocketResponse | None = None) -> int:
        """Send one frame: to ``ws``, or to every connection of the shard of its server; how
        many connections it went to."""
        if ws is not None:
            targets = [ws]
        else:
            guild = data.get("guild_id") if isinstance(data, dict) else None
            shard = self._shards.get(self.shard_of(guild))
            targets = list(shard[1]) if shard is not None else []
        sent = 0
        for target in targets:
            frame: dict[str, Any] = {"op": op, "d": data, "s": None, "t": event}
            if op == 0:
                self._seq[id(target)] = frame["s"] = self._seq.get(id(target), 0) + 1
            try:
                await target.send_str(json.dumps(frame))
            except ConnectionError:  # closing meanwhile: that process did not get it
                continue
            sent += 1
        return sent

    async def drop_gateway(self) -> None:
        """A gateway outage: every connection closed, new ones refused until
        ``gateway_down`` is set back to False."""
        self.gateway_down = True
        held = [w for _, conns in self._shards.values() for w in conns]
        for ws in {id(w): w for w in [self._ws, *held] if w}.values():
            await ws.close()

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        if self.gateway_down:
            return web.Response(status=503, text="gateway unavailable")
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        if self.gateway_silent:  # connected, and not a word: no HELLO
            self.silent_connections += 1
            async for _ in ws:
                pass
            return ws
        self._ws = ws
        self._seq[id(ws)] = 0
        await self._send(10, {"heartbeat_interval": 40000}, ws=ws)
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                continue
            frame = json.loads(msg.data)
            if frame["op"] == 1:
                await self._send(11, None, ws=ws)
            elif frame["op"] in (2, 6):
                shard, count = (frame["d"] or {}).get("shard") or [0, 1]
                conns = [w for w in self._shards.get(shard, (count, []))[1] if w is not ws and not w.closed]
                self._shards[shard] = (count, [*conns, ws])
                guilds = [g for g in [self.guild_id, *self.more_guilds] if (int(g) >> 22) % count == shard]
                await self._send(
                    0,
                    {
                        "v": 10,
                        "user": BOT,
                        "guilds": [{"id": g, "unavailable": True} for g in guilds],
                        "session_id": "loopback",
                        "resume_gateway_url": self.gateway_url,
                        "application": {"id": APP_ID, "flags": 0},
                        "shard": [shard, count],
                    },
                    "READY",
                    ws=ws,
                )
                for guild in guilds:
                    await self._send(0, self.guild_payload(guild), "GUILD_CREATE", ws=ws)
                if self.on_ready is not None:
                    self.on_ready(shard, count)
                self.identified.set()
        for shard, (count, conns) in list(self._shards.items()):
            if ws in conns:  # that process is gone: its shard has one connection fewer
                rest = [w for w in conns if w is not ws]
                if rest:
                    self._shards[shard] = (count, rest)
                else:
                    del self._shards[shard]
        return ws

    # -- driving the bot as a user would -----------------------------------------------
    def _command(self, name: str) -> dict[str, Any]:
        for command in self.commands:
            if command["name"] == name:
                return command
        raise KeyError(f"command /{name} was not synced")

    async def slash(
        self,
        user: dict[str, Any],
        name: str,
        options: dict[str, Any] | None = None,
        *,
        channel: dict[str, Any] | None = None,
        sub: str | None = None,
        autocomplete: str | None = None,
        timeout: float = 60.0,  # a hang guard: a busy machine is slow, never red
    ) -> dict[str, Any]:
        """Invoke ``/name [sub] options`` as ``user`` in ``channel`` (None: in the bot's DM);
        return the callback the bot made (``{"type", "data", "files"}``, and the
        ``interaction`` id)."""
        command = self._command(name)
        opts = []
        for key, value in (options or {}).items():
            kind = 4 if isinstance(value, int) and not isinstance(value, bool) else 3
            option = {"name": key, "type": kind, "value": value}
            if key == autocomplete:
                option["focused"] = True
            opts.append(option)
        if sub is not None:
            opts = [{"name": sub, "type": 1, "options": opts}]
        data = {"id": command["id"], "name": name, "type": 1, "options": opts}
        return await self._interact(user, 4 if autocomplete else 2, data, channel, timeout=timeout)

    async def press(
        self, user: dict[str, Any], post: Posted, custom_id: str, *, timeout: float = 60.0
    ) -> dict[str, Any]:
        """Press the button ``custom_id`` under the bot's message ``post`` as ``user``; return
        the callback the bot made, as :meth:`slash` does."""
        channel = self.channels[post.channel_id]
        message = dict(post.message, components=post.components)
        data = {"custom_id": custom_id, "component_type": 2}
        return await self._interact(
            user, 3, data, None if channel["type"] == 1 else channel, message=message, timeout=timeout
        )

    async def _interact(
        self,
        user: dict[str, Any],
        kind: int,
        data: dict[str, Any],
        channel: dict[str, Any] | None,
        *,
        message: dict[str, Any] | None = None,
        timeout: float,
    ) -> dict[str, Any]:
        interaction_id = self.snowflake()
        token = f"tok{interaction_id}"
        payload: dict[str, Any] = {
            "id": interaction_id,
            "application_id": APP_ID,
            "type": kind,
            "token": token,
            "version": 1,
            "locale": self.locale,
            "attachment_size_limit": 26214400,
            "entitlements": [],
            "app_permissions": EVERYTHING,
            "authorizing_integration_owners": {"0": self.guild_id},
            "data": data,
        }
        if message is not None:
            payload["message"] = message
        if channel is not None:
            payload.update(
                {
                    "guild_id": channel["guild_id"],
                    "guild_locale": self.locale,
                    "channel_id": channel["id"],
                    "guild": {"id": channel["guild_id"], "locale": self.locale, "features": []},
                    "channel": channel,
                    "context": 0,
                    "member": {
                        "user": user,
                        "roles": [],
                        "joined_at": "2026-01-01T00:00:00+00:00",
                        "deaf": False,
                        "mute": False,
                        "flags": 0,
                        "pending": False,
                        "permissions": EVERYTHING,
                        "nick": None,
                        "avatar": None,
                    },
                }
            )
        else:
            dm = self.dm_of.get(user["id"])
            if dm is None:
                dm = self.snowflake()
                self.channels[dm] = {"id": dm, "type": 1, "recipients": [user], "last_message_id": None}
                self.dm_of[user["id"]] = dm
            payload.update({"channel_id": dm, "channel": self.channels[dm], "user": user, "context": 1})
        loop = asyncio.get_running_loop()
        future = self.callbacks[interaction_id] = loop.create_future()
        followup = self.callbacks["followup:" + token] = loop.create_future()
        start = time.monotonic()
        self.delivered[interaction_id] = await self._send(0, payload, "INTERACTION_CREATE")
        try:
            result = await asyncio.wait_for(future, timeout)
            if result["type"] in (5, 6):  # deferred: the answer comes as a follow-up
                result = await asyncio.wait_for(followup, timeout)
            self.replies.append(time.monotonic() - start)
            return {**result, "interaction": interaction_id}
        finally:
            self.callbacks.pop(interaction_id, None)
            self.callbacks.pop("followup:" + token, None)

    async def wait_posts(self, predicate, count: int = 1, timeout: float = 120.0) -> list[Posted]:
        async def ready() -> list[Posted]:
            async with self.posted:
                while True:
                    found = [p for p in self.posts if predicate(p)]
                    if len(found) >= count:
                        return found
                    await self.posted.wait()

        return await asyncio.wait_for(ready(), timeout)


# -- run in a process of its own, driven over HTTP (the benchmark) ------------------------------
def _files_summary(result: dict[str, Any]) -> dict[str, Any]:
    return {**result, "files": [[name, len(data)] for name, data in result.get("files", [])]}


class _Control:
    """The ``/_ctl`` routes: make users and channels, open DM channels, play a slash
    command as a user (its answer and how long it took), read what was posted and counted."""

    def __init__(self, emu: Emulator) -> None:
        self.emu = emu

    def add_to(self, r: web.UrlDispatcher) -> None:
        r.add_post("/_ctl/users", self.users)
        r.add_post("/_ctl/channels", self.channels)
        r.add_post("/_ctl/dms", self.dms)
        r.add_post("/_ctl/id_time", self.set_id_time)
        r.add_get("/_ctl/lags", self.lags)
        r.add_post("/_ctl/slash", self.slash)
        r.add_get("/_ctl/stats", self.stats)
        r.add_post("/_ctl/reset", self.reset)

    async def users(self, request: web.Request) -> web.Response:
        return _json([self.emu.add_user(name) for name in (await request.json())["names"]])

    async def channels(self, request: web.Request) -> web.Response:
        return _json([self.emu.add_channel(name) for name in (await request.json())["names"]])

    async def set_id_time(self, request: web.Request) -> web.Response:
        ms = (await request.json())["ms"]
        self.emu.id_time = None if ms is None else int(ms)
        return _json({})

    async def dms(self, request: web.Request) -> web.Response:
        """Open the DM channels of these users, as earlier phases would have."""
        out = {}
        for uid in (await request.json())["users"]:
            uid = str(uid)
            if uid not in self.emu.dm_of:
                dm = self.emu.snowflake()
                self.emu.channels[dm] = {
                    "id": dm,
                    "type": 1,
                    "recipients": [self.emu.users[uid]],
                    "last_message_id": None,
                }
                self.emu.dm_of[uid] = dm
            out[uid] = self.emu.dm_of[uid]
        return _json(out)

    async def slash(self, request: web.Request) -> web.Response:
        body = await request.json()
        emu = self.emu
        channel = emu.channels[str(body["channel"])] if body.get("channel") else None
        start = time.monotonic()
        result = await emu.slash(
            emu.users[str(body["user"])],
            body["name"],
            body.get("options"),
            channel=channel,
            sub=body.get("sub"),
            timeout=body.get("timeout", 10.0),
        )
        return _json({"result": _files_summary(result), "elapsed": time.monotonic() - start})

    async def stats(self, request: web.Request) -> web.Response:
        emu = self.emu
        since = int(request.query.get("since", 0))
        posts = [
            {
                "channel_id": p.channel_id,
                "dm": emu.channels.get(p.channel_id, {}).get("type") == 1,
                "content": p.content,
                "files": [[name, len(data)] for name, data in p.files],
                "at": p.at,
            }
            for p in emu.posts[since:]
        ]
        return _json(
            {
                "posts": posts,
                "count": len(emu.posts),
                "requests": dict(emu.requests),
                "limited": dict(emu.limited),
                "uploaded": emu.uploaded,
                "answered": emu.answered,
                "replies": emu.replies,
                "identified": emu.identified.is_set(),
                "synced": emu.synced.is_set(),
            }
        )

    async def reset(self, request: web.Request) -> web.Response:
        self.emu.reset_counts()
        return _json({})

    async def lags(self, request: web.Request) -> web.Response:
        """When the emulator's loop lagged over 10 ms (``Limits.watch_lags``): [wall time
        it ended, seconds]."""
        return _json({"lags": self.emu.lags})


async def _watch_lags(lags: list[tuple[float, float]]) -> None:
    """A beat every 2 ms; a beat more than 10 ms late is a lag of the loop, kept."""
    beat = time.monotonic()
    while True:
        await asyncio.sleep(0.002)
        now = time.monotonic()
        if now - beat > 0.012:
            lags.append((time.time(), now - beat - 0.002))
        beat = now


async def _freeze_now_and_then(every: float = 5.0) -> None:
    """The emulator keeps every message it was sent (a storm of 10,000 games: a million
    objects); the collector's full collections walked them all, and stood its loop still for
    300 ms: what it keeps is moved out of the collector's sight now and then (``gc.freeze``)."""
    import gc

    while True:
        await asyncio.sleep(every)
        gc.freeze()


def serve(conn: Any, limits: dict[str, Any] | None = None) -> None:
    """Run an emulator until ``conn`` (a multiprocessing pipe end) is closed or written to;
    its port is sent first."""

    async def run() -> None:
        emu = Emulator(limits=Limits(**(limits or {})))
        await emu.start()
        loop = asyncio.get_running_loop()
        watch = loop.create_task(_watch_lags(emu.lags)) if emu.limits.watch_lags else None
        freeze = loop.create_task(_freeze_now_and_then())
        conn.send(emu.port)
        stop = asyncio.Event()
        asyncio.get_running_loop().add_reader(conn.fileno(), stop.set)
        await stop.wait()
        freeze.cancel()
        if watch is not None:
            watch.cancel()
        await emu.stop()

    asyncio.run(run())


class Remote(_Address):
    """An emulator in a process of its own (so that serving the bot's requests never takes
    the bot's CPU), driven over its ``/_ctl`` routes."""

    def __init__(self, limits: Limits | None = None) -> None:
        self.limits = limits or Limits()
        self.port = 0

    async def start(self) -> None:
        import multiprocessing

        import aiohttp

        ctx = multiprocessing.get_context("spawn")
        self._conn, child = ctx.Pipe()
        self._process = ctx.Process(target=serve, args=(child, asdict(self.limits)), daemon=True)
        self._process.start()
        self.port = await asyncio.to_thread(self._conn.recv)
        self._session = aiohttp.ClientSession(f"http://127.0.0.1:{self.port}")

    async def stop(self) -> None:
        await self._session.close()
        self._conn.send("stop")
        await asyncio.to_thread(self._process.join, 10)

    async def _call(self, method: str, path: str, body: Any = None, **query: Any) -> Any:
        async with self._session.request(method, path, json=body, params=query or None) as response:
            response.raise_for_status()
            return await response.json()

    async def add_users(self, names: list[str]) -> list[dict[str, Any]]:
        return await self._call("POST", "/_ctl/users", {"names": names})

    async def add_channels(self, names: list[str]) -> list[dict[str, Any]]:
        return await self._call("POST", "/_ctl/channels", {"names": names})

    async def open_dms(self, user_ids: list[str]) -> dict[str, str]:
        return await self._call("POST", "/_ctl/dms", {"users": user_ids})

    async def id_time(self, ms: int | None) -> None:
        """Make ids as at ``ms`` (None: now again); see ``Emulator.id_time``."""
        await self._call("POST", "/_ctl/id_time", {"ms": ms})

    async def slash(self, user_id: str, name: str, options: dict[str, Any] | None = None, **kw: Any) -> dict[str, Any]:
        """``{"result": the bot's answer, "elapsed": seconds from the interaction to it}``."""
        return await self._call("POST", "/_ctl/slash", {"user": user_id, "name": name, "options": options, **kw})

    async def lags(self) -> list[tuple[float, float]]:
        """The emulator's loop lags (``Limits.watch_lags``): (wall time it ended, seconds)."""
        return [(at, lag) for at, lag in (await self._call("GET", "/_ctl/lags"))["lags"]]

    async def stats(self, since: int = 0) -> dict[str, Any]:
        return await self._call("GET", "/_ctl/stats", since=since)

    async def reset(self) -> None:
        await self._call("POST", "/_ctl/reset")

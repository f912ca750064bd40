"""What Discord would have shown during the demo, written to a folder: ``channel.md`` (what
everyone in the game's channel saw), ``dm-<player>.md`` (what each player saw alone: their
DMs with the bot, and the answers only they could see), every attachment as a file under
``maps/`` referenced from the transcripts, and a ``README.md`` saying who played what.

Messages are in the order they were sent, each with its time from the start of the demo.
Discord's markup stays as it is (Markdown, like Discord's), but for what Discord shows in
its own way: a mention shows the name, a timestamp the date, buttons and menus their labels.
Discord's own words around the messages are in the demo's language (the catalogue's
``demo.*``)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.text.durations import duration_text
from bot.text.i18n import t
from bot.text.labels import power_name

BOT_NAME = "Diplomacy"
_USER = re.compile(r"<@!?(\d+)>")
_CHANNEL = re.compile(r"<#(\d+)>")
_TIME = re.compile(r"<t:(-?\d+)(?::([tTdDfFR]))?>")
_EMOJI = re.compile(r"<a?(:\w+:)\d+>")
_SAFE = re.compile(r"[^A-Za-z0-9._-]+")


def _when(stamp: int, style: str, now: float, language: str) -> str:
    """A Discord timestamp as the reader sees it (in UTC: the reader's own zone is theirs);
    a relative one in its largest unit, as Discord rounds it (``in 2 days``)."""
    if style != "R":
        return datetime.fromtimestamp(stamp, UTC).strftime("%Y-%m-%d %H:%M UTC")
    seconds = abs(stamp - now)
    size = next((size for size in (86400, 3600) if seconds >= size), 60)
    span = duration_text(round(seconds / size) * size, language)
    return t("demo.in" if stamp >= now else "demo.ago", language, span=span)


def _controls(components: list[dict[str, Any]]) -> list[str]:
    """A message's buttons and menus as lines of their labels (one line per row)."""
    lines = []
    for row in components:
        shown = []
        for part in row.get("components") or [row]:
            emoji = (part.get("emoji") or {}).get("name") or ""
            label = " ".join(x for x in (emoji, part.get("label") or part.get("placeholder") or "") if x)
            if part.get("type") == 2 and label:  # a button
                shown.append(f"`[ {label} ]`")
            elif part.get("type") in (3, 5, 6, 7, 8):  # a menu
                shown.append(f"`[ {label} ▾ ]`")
        if shown:
            lines.append(" ".join(shown))
    return lines


@dataclass(frozen=True, slots=True)
class Said:
    """A slash command a player used, and the bot's answer to it."""

    at: float  # time.time() when the player sent it
    who: str
    command: str  # as the player typed it: /order orders:...
    answer: str
    files: list[tuple[str, bytes]]
    in_channel: bool  # used in the game's channel (else in the player's DM with the bot)
    private: bool  # an answer only the player sees ("Only you can see this")
    components: list[dict[str, Any]] = field(default_factory=list)  # the answer's buttons and menus
    pressed: bool = False  # not a command: ``command`` is the label of the button the player tapped


@dataclass(frozen=True, slots=True)
class Message:
    """A message of the bot in a channel or DM."""

    at: float
    content: str
    files: list[tuple[str, bytes]]
    components: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Transcript:
    """What the players were shown: their commands and the answers (recorded as they were
    used) and the bot's messages (collected from the emulator at the end)."""

    start: float  # time.time() at the start of the demo
    channel_id: str
    names: dict[str, str]  # user id -> player name
    language: str = "en"  # of Discord's words around the messages
    channel_name: str = "diplomacy"
    powers: dict[str, str] = field(default_factory=dict)  # power -> player
    said: list[Said] = field(default_factory=list)
    channel: list[Message] = field(default_factory=list)
    dms: dict[str, list[Message]] = field(default_factory=dict)  # player -> the bot's DMs to them
    _count: int = field(default=0, init=False)  # attachments written so far (they are numbered)
    _folder: Path = field(default=Path(), init=False)  # where they are written

    def add(self, said: Said) -> None:
        self.said.append(said)

    def collect(self, emu: Any) -> None:
        """The messages the bot sent, from the emulator's record."""
        for post in emu.posts:
            message = Message(post.at, post.content, list(post.files), list(post.components))
            if post.channel_id == self.channel_id:
                self.channel.append(message)
                continue
            channel = emu.channels.get(post.channel_id) or {}
            if channel.get("type") == 1:
                reader = self.names.get(str(channel["recipients"][0]["id"]), "?")
                self.dms.setdefault(reader, []).append(message)

    # -- writing ---------------------------------------------------------------------------------
    def write(self, folder: Path) -> list[Path]:
        """Write the transcripts and attachments into ``folder`` (created; earlier demo files
        there are replaced); the files written."""
        folder.mkdir(parents=True, exist_ok=True)
        maps = folder / "maps"
        if maps.is_dir():  # an earlier demo's pictures (only those: the folder may hold others)
            for old in maps.glob("[0-9][0-9]-*.png"):
                old.unlink()
        self._count = 0
        self._folder = folder
        channel = f"#{self.channel_name}"
        intro = t("demo.channel.intro", self.language, channel=self.channel_name)
        written = [self._write(folder / "channel.md", channel, intro, self._channel_entries())]
        for name in sorted(set(self.names.values())):
            intro = t("demo.dm.intro", self.language, who=name)
            written.append(self._write(folder / f"dm-{name}.md", name, intro, self._private_entries(name)))
        written.append(self._readme(folder))
        return written

    def _channel_entries(self) -> list[tuple[float, str]]:
        out = []
        for said in self.said:
            if said.in_channel:  # everyone sees who used the command; its answer, unless private
                text = t("demo.used", self.language, who=said.who, command=said.command)
                if not said.private:
                    text += "\n\n" + self._message(said.at, said.answer, said.files, said.components)
                out.append((said.at, text))
        for message in self.channel:
            out.append((message.at, self._message(message.at, message.content, message.files, message.components)))
        return out

    def _private_entries(self, name: str) -> list[tuple[float, str]]:
        out = []
        for said in self.said:
            if said.who != name or (said.in_channel and not said.private):
                continue
            if said.pressed:
                used = t("demo.pressed", self.language, who=name, button=said.command)
            elif said.in_channel:
                used = t("demo.used_in", self.language, who=name, command=said.command, channel=self.channel_name)
            else:
                used = t("demo.used", self.language, who=name, command=said.command)
            note = t("demo.only_you", self.language) if said.private else ""
            answer = self._message(said.at, said.answer, said.files, said.components, note)
            out.append((said.at, f"{used}\n\n{answer}"))
        for message in self.dms.get(name, []):
            out.append((message.at, self._message(message.at, message.content, message.files, message.components)))
        return out

    def _write(self, path: Path, title: str, intro: str, entries: list[tuple[float, str]]) -> Path:
        lines = [f"# {title}", "", intro, ""]
        for _, text in sorted(entries, key=lambda entry: entry[0]):
            lines += ["---", "", text, ""]
        path.write_text("\n".join(lines), encoding="utf-8")
        return path

    def _message(
        self,
        at: float,
        content: str,
        files: list[tuple[str, bytes]],
        components: list[dict[str, Any]],
        note: str = "",
    ) -> str:
        head = f"> **{BOT_NAME}**{f' ({note})' if note else ''} · {self._clock(at)}"
        body = [head, ">"] + [f"> {line}" if line else ">" for line in self._shown(content, at).split("\n")]
        for name, data in files:
            self._count += 1
            saved = f"{self._count:02d}-{_SAFE.sub('_', name)}"
            (self._folder / "maps").mkdir(exist_ok=True)
            (self._folder / "maps" / saved).write_bytes(data)
            body += [">", f"> ![{name}](maps/{saved})"]
        controls = _controls(components)
        if controls:
            body += [">", *(f"> {line}" for line in controls)]
        return "\n".join(body)

    def _clock(self, at: float) -> str:
        seconds = max(0.0, at - self.start)
        return f"+{int(seconds // 60):02d}:{seconds % 60:04.1f}"

    def _shown(self, content: str, at: float) -> str:
        """The content as Discord shows it at ``at``: names for mentions, dates for
        timestamps (``in 2 days`` for a relative one)."""
        content = _USER.sub(lambda m: "@" + self.names.get(m.group(1), "unknown-user"), content)
        content = _CHANNEL.sub(lambda m: "#" + self.channel_name, content)
        content = _TIME.sub(lambda m: _when(int(m.group(1)), m.group(2) or "f", at, self.language), content)
        return _EMOJI.sub(lambda m: m.group(1), content)

    def _readme(self, folder: Path) -> Path:
        language = self.language
        players: dict[str, list[str]] = {}
        for power, name in self.powers.items():
            players.setdefault(name, []).append(power_name(power, language))
        lines = [
            f"# {t('demo.readme.title', language)}",
            "",
            t("demo.readme.intro", language),
            "",
            "- " + t("demo.readme.channel", language),
        ]
        for name in sorted(set(self.names.values())):
            powers = ", ".join(sorted(players.get(name, [])))
            lines.append("- " + t("demo.readme.dm", language, who=name, powers=powers))
        lines += ["- " + t("demo.readme.maps", language), ""]
        path = folder / "README.md"
        path.write_text("\n".join(lines), encoding="utf-8")
        return path

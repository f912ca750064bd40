"""Issue 24: once Discord's caches are loaded, ``python -m bot`` sets what it holds for good
aside from the garbage collector's full collections (``gc.freeze``): in a storm of 2,000
games a full collection walking the whole heap stopped the event loop for up to 133 ms.
Tests start hundreds of bots in one process and leave it off."""

from __future__ import annotations

import gc
from dataclasses import replace

import pytest
import simcord

from bot.discord.app import DiplomacyBot
from bot.discord.poster import PostingSettings
from bot.infra import maps
from tests.bot.simcord_support import SETTLE_TIMEOUT


@pytest.mark.parametrize("freeze", [True, False], ids=["python-m-bot", "tests"])
async def test_the_heap_is_set_aside_once_discords_caches_are_loaded(tmp_path, freeze):
    gc.unfreeze()
    try:
        bot = DiplomacyBot(
            db_path=str(tmp_path / "db.sqlite3"),
            map_drawer=maps.plain_views,
            posting=replace(PostingSettings.from_env(), pacing=None),
            freeze_heap=freeze,
        )
        async with simcord.run(bot, settle_timeout=SETTLE_TIMEOUT) as env:
            guild = env.create_guild("Club")
            assert bot.get_guild(guild.id) is not None  # its caches are loaded
            assert (gc.get_freeze_count() > 0) is freeze
            if freeze:  # the bot itself among them: no longer in the generations collected
                assert not any(o is bot for o in gc.get_objects())
            if bot.storage is not None:
                await bot.storage.close()
                bot.storage = None
    finally:
        gc.unfreeze()

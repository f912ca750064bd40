-- Permissions, said before they fail (issue 24).

-- A channel whose posts wait for a permission the bot lost mid-game: one row per channel
-- and permission its game's creator was told about by direct message (bot.core.permissions).
-- Told once; the rows go when the channel's posts go out again, so a permission taken away
-- later is told again. The posts themselves stay in the outbox, unsent, until then; when a
-- server's roles or channels change, its waiting posts are tried at once.
CREATE TABLE permission_alerts (
    channel_id   INTEGER NOT NULL,
    permission   TEXT    NOT NULL,
    game_id      INTEGER NOT NULL,
    guild_id     INTEGER NOT NULL,
    told_at      REAL    NOT NULL,
    PRIMARY KEY (channel_id, permission)
);
CREATE INDEX permission_alerts_guild ON permission_alerts (guild_id);

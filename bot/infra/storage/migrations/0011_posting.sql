-- Fewer, better requests (issue 13).

-- The message a send carries: a post may be sent merged with others of its destination
-- (a resolution's channel posts, one player's DMs of several games). ``batch`` is the id
-- of the first row of that message, written when the send is first tried; a send tried
-- again after a crash carries the same rows, so the marks it looks for in the history
-- are the ones the first try wrote (bot.discord.marks). NULL: never tried yet.
ALTER TABLE outbox ADD COLUMN batch INTEGER;

-- Each user's DM channel with the bot, once known: DMs go straight to it, without fetching
-- the user or opening the channel again (a DM channel's id never changes).
CREATE TABLE dm_channels (
    user_id      INTEGER PRIMARY KEY,
    channel_id   INTEGER NOT NULL,
    stored_at    REAL    NOT NULL
);

-- Players who want their map attached to the DM of each new phase (``/remind map:``);
-- everyone else is offered it with a button (see bot.discord.poster).
CREATE TABLE dm_maps (
    user_id      INTEGER PRIMARY KEY,
    pushed       INTEGER NOT NULL,
    updated_at   REAL    NOT NULL
);

-- Post intents (issue 11): an outbox row says what to post (``kind`` and its ``params``,
-- JSON of plain values), not the text; the poster renders it at send time, in the game's
-- language for the channel and in the reader's language for a DM. ``mentions`` lists the
-- user ids the post may ping. Rows written before this migration keep their ``content``
-- (and no kind) and are posted as they are; new rows store an empty ``content``.
ALTER TABLE outbox ADD COLUMN kind TEXT;
ALTER TABLE outbox ADD COLUMN params TEXT;
ALTER TABLE outbox ADD COLUMN mentions TEXT;

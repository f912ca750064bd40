-- Posts found again without a visible mark (issue 21).

-- Messages no longer end with a small "-# #412" line naming their outbox rows. Before a
-- batch's messages are sent, the digest of each part's content is recorded on the batch's
-- first row: a JSON list, per part, of the digests each try sent (a retry may render a part
-- differently). After a crash, a retry finds the parts already sent by these digests among
-- the bot's messages in the destination's history (bot.discord.marks). NULL: not recorded
-- (never tried, or tried by a version that marked its messages).
ALTER TABLE outbox ADD COLUMN sent_digests TEXT;

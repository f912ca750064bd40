-- One owner per database (issue 10 §2), built to grow into several processes that each own
-- a range of Discord shards (issue 13).

-- Who owns what: one row per scope ('database' today: the whole database; later one row
-- per Discord shard, 'shard:3/16'). ``holder`` is the random id of one process start;
-- ``host``, ``pid`` and ``machine`` say where it runs (``machine``: the boot and pid
-- namespace, where ``pid`` can be checked for life; '' when unknown). The holder renews
-- ``expires_at`` with a heartbeat; past it, another process may take the scope over.
CREATE TABLE leases (
    scope        TEXT    PRIMARY KEY,
    holder       TEXT    NOT NULL,
    host         TEXT    NOT NULL,
    pid          INTEGER NOT NULL,
    machine      TEXT    NOT NULL DEFAULT '',
    acquired_at  REAL    NOT NULL,
    renewed_at   REAL    NOT NULL,
    expires_at   REAL    NOT NULL
);

-- Jobs an owner has taken on ('deadline:12:S1901M', 'reminder:12:S1901M', 'post:345'): a
-- job runs only in the process whose claim it holds; a claim of a dead owner expires and
-- the job is taken over. Expired rows are pruned by the owner's heartbeat.
CREATE TABLE job_claims (
    job          TEXT    PRIMARY KEY,
    holder       TEXT    NOT NULL,
    scope        TEXT    NOT NULL,
    expires_at   REAL    NOT NULL
);
CREATE INDEX job_claims_holder ON job_claims (holder);
CREATE INDEX job_claims_expiry ON job_claims (expires_at);

-- Actions already applied, by the id of the interaction that asked for them (a Discord
-- snowflake, which carries its own time: old ids are pruned by it). Written in the same
-- transaction as the action, so a replayed interaction changes nothing.
CREATE TABLE actions_done (
    id           INTEGER PRIMARY KEY
);

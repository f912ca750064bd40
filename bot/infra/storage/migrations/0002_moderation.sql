-- Moderation (issue 5): the civil-disorder policy, pauses, the state of each power
-- (missed movement phases in a row, civil disorder, eliminated, conceded), the reliability
-- record of every player across the server's games, snapshots for rollback, the audit log,
-- draw ballots, how a game ended by agreement, and each server's moderator role.
CREATE TABLE mod_policies (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    cd_after     INTEGER NOT NULL DEFAULT 2 CHECK (cd_after BETWEEN 0 AND 10)
);

CREATE TABLE mod_pauses (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    phase        TEXT    NOT NULL,
    deadline_left REAL   NOT NULL,     -- seconds left before the deadline when paused
    remind_left  REAL,                 -- seconds left before the reminder, if one was due
    paused_at    REAL    NOT NULL,
    paused_by    INTEGER
);

CREATE TABLE power_states (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    power         TEXT    NOT NULL,
    missed_in_row INTEGER NOT NULL DEFAULT 0,   -- movement phases without orders, in a row
    civil_disorder INTEGER NOT NULL DEFAULT 0,
    held          INTEGER NOT NULL DEFAULT 0,  -- a moderator keeps it in civil disorder
    eliminated    INTEGER NOT NULL DEFAULT 0,
    conceded      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, power)
);

-- one row per player and phase they had something to order in: the reliability record
-- (no foreign key: the record outlives the game)
CREATE TABLE player_phases (
    guild_id     INTEGER NOT NULL,
    game_id      INTEGER NOT NULL,
    phase        TEXT    NOT NULL,
    user_id      INTEGER NOT NULL,
    missed       INTEGER NOT NULL,
    PRIMARY KEY (game_id, phase, user_id)
);
CREATE INDEX player_phases_user ON player_phases (guild_id, user_id);

-- the game and its powers as they were before a phase resolved (for /mod rollback)
CREATE TABLE resolution_snapshots (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    phase        TEXT    NOT NULL,
    data         TEXT    NOT NULL,
    PRIMARY KEY (game_id, phase)
);

CREATE TABLE audit_log (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    phase        TEXT,
    user_id      INTEGER,              -- NULL: the bot itself (a deadline, the policy)
    action       TEXT    NOT NULL,
    detail       TEXT    NOT NULL DEFAULT '{}',
    at           REAL    NOT NULL
);
CREATE INDEX audit_log_game ON audit_log (game_id, id);

CREATE TABLE draw_proposals (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    phase        TEXT    NOT NULL,
    proposed_at  REAL    NOT NULL
);

CREATE TABLE draw_votes (
    game_id      INTEGER NOT NULL REFERENCES draw_proposals (game_id) ON DELETE CASCADE,
    power        TEXT    NOT NULL,
    yes          INTEGER NOT NULL,
    PRIMARY KEY (game_id, power)
);

CREATE TABLE game_endings (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    kind         TEXT    NOT NULL CHECK (kind IN ('draw', 'concession')),
    powers       TEXT    NOT NULL,
    at           REAL    NOT NULL
);

CREATE TABLE mod_roles (
    guild_id     INTEGER PRIMARY KEY,
    role_id      INTEGER NOT NULL
);

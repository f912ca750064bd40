-- The first schema: games, players, phases (positions and results), orders, the outbox.
CREATE TABLE games (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,
    name         TEXT    NOT NULL,
    creator_id   INTEGER NOT NULL,
    players      INTEGER NOT NULL CHECK (players BETWEEN 2 AND 7),
    status       TEXT    NOT NULL DEFAULT 'forming'
                 CHECK (status IN ('forming', 'active', 'finished')),
    phase        TEXT,
    position     TEXT,
    deadline     REAL,
    due_at       REAL,
    remind_at    REAL,
    movement     TEXT    NOT NULL,
    retreat      TEXT    NOT NULL,
    adjustment   TEXT    NOT NULL,
    tossed       INTEGER NOT NULL DEFAULT 0,
    toss_winner  INTEGER,
    winner       TEXT,
    language     TEXT    NOT NULL DEFAULT 'en',
    created_at   REAL    NOT NULL
);
CREATE UNIQUE INDEX games_open_channel ON games (channel_id) WHERE status != 'finished';
CREATE INDEX games_due ON games (due_at) WHERE status = 'active';
CREATE INDEX games_remind ON games (remind_at) WHERE status = 'active';

CREATE TABLE players (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL,
    seat         INTEGER,
    ready_phase  TEXT,
    joined_at    REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX players_user ON players (user_id);

CREATE TABLE phases (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    phase        TEXT    NOT NULL,
    position     TEXT    NOT NULL,
    results      TEXT,
    resolved_at  REAL,
    PRIMARY KEY (game_id, phase)
);

CREATE TABLE orders (
    game_id      INTEGER NOT NULL,
    phase        TEXT    NOT NULL,
    unit         TEXT    NOT NULL,
    power        TEXT    NOT NULL,
    text         TEXT    NOT NULL,
    user_id      INTEGER NOT NULL,
    updated_at   REAL    NOT NULL,
    PRIMARY KEY (game_id, phase, unit),
    FOREIGN KEY (game_id, phase) REFERENCES phases (game_id, phase) ON DELETE CASCADE
);

CREATE TABLE outbox (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    phase        TEXT,
    channel_id   INTEGER,
    user_id      INTEGER,
    content      TEXT    NOT NULL,
    map          TEXT,
    attempts     INTEGER NOT NULL DEFAULT 0,
    next_attempt REAL    NOT NULL,
    sent_at      REAL,
    message_id   INTEGER,
    error        TEXT,
    created_at   REAL    NOT NULL,
    CHECK ((channel_id IS NULL) != (user_id IS NULL))
);
CREATE INDEX outbox_pending ON outbox (next_attempt) WHERE sent_at IS NULL AND error IS NULL;

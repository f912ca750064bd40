-- Press and game modes (issue 14): each game's settings beyond the games table, its press
-- space on Discord (a category of private channels), the conversations in it, the work
-- queue that brings Discord to what the core decided, and the game's spectators.

-- A game's settings. ``press``: full (private channels per pair of powers), public (the
-- game channel only), none (gunboat), rulebook (open in movement phases only).
-- ``anonymous``: players are known by their powers only, until the end. ``spectators``:
-- members may /game watch. ``reveal``: at the end every player of the game may read all its
-- press. ``moderators_read``: the moderators read the press (read only).
CREATE TABLE game_settings (
    game_id          INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    press            TEXT    NOT NULL DEFAULT 'full'
                     CHECK (press IN ('full', 'public', 'none', 'rulebook')),
    anonymous        INTEGER NOT NULL DEFAULT 0,
    spectators       INTEGER NOT NULL DEFAULT 1,
    reveal           INTEGER NOT NULL DEFAULT 1,
    moderators_read  INTEGER NOT NULL DEFAULT 1
);
-- games created before press existed keep playing as they did: no press space of their own
INSERT INTO game_settings (game_id, press) SELECT id, 'public' FROM games;

-- A game's press space: the category that holds its conversations (NULL until made), what
-- its game channel was last told about press (``announced``), and the last permission
-- problem reported to its moderators ('' when none), so each problem is said once.
CREATE TABLE press_spaces (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    category_id  INTEGER,
    announced    TEXT    NOT NULL DEFAULT '',
    problem      TEXT    NOT NULL DEFAULT ''
);

-- The conversations of a game: one per pair of seats, groups opened with /press open, and
-- in anonymous games one inbox per seat. ``room`` is the key ('pair:0:3', 'group:0.2.5',
-- 'inbox:4'), ``seats`` the JSON list of seats in it, ``channel_id`` its Discord channel
-- (NULL until made, or for an anonymous group, which lives in the inboxes), ``announced``
-- the state its channel was last told (open, closed, over).
CREATE TABLE press_rooms (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    room         TEXT    NOT NULL,
    kind         TEXT    NOT NULL CHECK (kind IN ('pair', 'group', 'inbox')),
    seats        TEXT    NOT NULL,
    channel_id   INTEGER,
    announced    TEXT    NOT NULL DEFAULT '',
    opened_by    INTEGER,
    opened_at    REAL    NOT NULL,
    PRIMARY KEY (game_id, room)
);

-- What the press worker last set on the game channel for one member (their access as a
-- player or a spectator), so a member who no longer needs it has it taken back, and only
-- what the bot set is ever undone.
CREATE TABLE press_grants (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL,
    grant_kind   TEXT    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- Work for the press worker: bring one game's press space on Discord to what the core
-- decides now. Stored in the transaction of the change that needs it (a start, a phase
-- that opens or closes press, a replacement, a setting, the end); done when applied, retried
-- with backoff when Discord fails, set aside with ``error`` when the bot lacks a permission.
CREATE TABLE press_jobs (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    reason       TEXT    NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 0,
    next_attempt REAL    NOT NULL,
    done_at      REAL,
    error        TEXT,
    created_at   REAL    NOT NULL
);
CREATE INDEX press_jobs_pending ON press_jobs (next_attempt) WHERE done_at IS NULL;

-- Members watching a game (read access to its game channel and maps, never to press).
CREATE TABLE spectators (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL,
    since        REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- Endings and scores (issue 15): each game's scoring system and last year (chosen at
-- /game create), how each finished game ended with every player's score, the server's
-- seasons, and the games moderators left out of the leaderboard.

-- ``last_year``: the game ends once that year has been played (NULL: no limit).
CREATE TABLE game_end_rules (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    scoring      TEXT    NOT NULL
                 CHECK (scoring IN ('draw_size', 'sum_of_squares', 'centre_count', 'carnage')),
    last_year    INTEGER
);

-- A server's seasons: at most one open (``ended_at`` NULL) at a time. A game counts in the
-- season that was open when it ended.
CREATE TABLE seasons (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER NOT NULL,
    name         TEXT    NOT NULL,
    started_at   REAL    NOT NULL,
    ended_at     REAL
);
CREATE UNIQUE INDEX seasons_open ON seasons (guild_id) WHERE ended_at IS NULL;
CREATE UNIQUE INDEX seasons_name ON seasons (guild_id, name COLLATE NOCASE);

-- How a game ended, written in the transaction that ends it. ``detail`` is the history
-- document's "end" object (docs/history-format.md: the ending, final centres, survivors,
-- winners, draw, concessions, eliminations and the exact scores). ``excluded``: a moderator
-- left the game out of the leaderboard (a test game).
CREATE TABLE game_results (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    guild_id     INTEGER NOT NULL,
    ending       TEXT    NOT NULL
                 CHECK (ending IN ('solo', 'draw', 'concession', 'year_limit', 'moderator')),
    phase        TEXT    NOT NULL,      -- where the game stopped (the final board)
    detail       TEXT    NOT NULL,
    season_id    INTEGER REFERENCES seasons (id),
    excluded     INTEGER NOT NULL DEFAULT 0,
    ended_by     INTEGER,               -- the moderator who ended it (NULL: the game itself)
    ended_at     REAL    NOT NULL
);
CREATE INDEX game_results_guild ON game_results (guild_id, season_id);

-- Each player's score in a finished game: the sum of their powers' points (exact, as a
-- fraction's text), their share of all the game's points in percent (what the leaderboard
-- averages: every system gives out 100% per game), their centres and their result.
CREATE TABLE player_scores (
    game_id      INTEGER NOT NULL REFERENCES game_results (game_id) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL,
    powers       TEXT    NOT NULL,      -- comma-separated power codes
    centres      INTEGER NOT NULL,
    points       TEXT    NOT NULL,
    share        REAL    NOT NULL,
    result       TEXT    NOT NULL
                 CHECK (result IN ('win', 'draw', 'survived', 'conceded', 'eliminated')),
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX player_scores_user ON player_scores (user_id);

-- Fewer missed orders (issue 15, first half): standby orders, what a game does with a late
-- player (grace, standby orders and the civil-disorder count), players asking for grace,
-- the grace periods given, the dates moderators skip, and both in the reliability record.

-- Standby orders: kept per power for the kind of phase they are for ('M' movement, 'R'
-- retreat, 'A' adjustment). ``slot``: the unit's province (M, R), '+' builds or '-'
-- disbands (A); ``rank``: the preference within the slot, 0 first; ``text``: the canonical
-- order; ``user_id``: who gave it (only the orders of a power's current player are used).
CREATE TABLE standby_orders (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    power        TEXT    NOT NULL,
    kind         TEXT    NOT NULL CHECK (kind IN ('M', 'R', 'A')),
    slot         TEXT    NOT NULL,
    rank         INTEGER NOT NULL,
    text         TEXT    NOT NULL,
    user_id      INTEGER NOT NULL,
    set_at       REAL    NOT NULL,
    PRIMARY KEY (game_id, power, kind, slot, rank)
);

-- What a game does with a player who still owes orders at the deadline: ``grace`` seconds
-- more (0: none) for the players who asked, or for everyone; whether a power played by its
-- standby orders counts as having missed the phase for the civil-disorder policy.
CREATE TABLE late_policies (
    game_id        INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    grace          REAL    NOT NULL DEFAULT 0 CHECK (grace >= 0),
    grace_for      TEXT    NOT NULL DEFAULT 'asked' CHECK (grace_for IN ('asked', 'everyone')),
    standby_missed INTEGER NOT NULL DEFAULT 0
);

-- The players of a game who asked for its grace period (/grace).
CREATE TABLE grace_requests (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL,
    at           REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- A grace period given in a phase: the deadline it followed, until when the phase waits,
-- for whom (a JSON list of user ids; [] = none: a moderator resolved the phase), and when
-- it began. A rollback to the phase deletes it.
CREATE TABLE grace_periods (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    phase        TEXT    NOT NULL,
    deadline     REAL    NOT NULL,
    until        REAL    NOT NULL,
    users        TEXT    NOT NULL DEFAULT '[]',
    at           REAL    NOT NULL,
    PRIMARY KEY (game_id, phase)
);

-- Dates no deadline of the game falls on (holidays: /mod skip-day), 'YYYY-MM-DD', read in
-- the time zone of each schedule of the game.
CREATE TABLE days_off (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    day          TEXT    NOT NULL,
    user_id      INTEGER NOT NULL,
    at           REAL    NOT NULL,
    PRIMARY KEY (game_id, day)
);

-- The reliability record: a phase in which the player's standby orders were used, and one
-- in which they were given grace.
ALTER TABLE player_phases ADD COLUMN standby INTEGER NOT NULL DEFAULT 0;
ALTER TABLE player_phases ADD COLUMN grace INTEGER NOT NULL DEFAULT 0;

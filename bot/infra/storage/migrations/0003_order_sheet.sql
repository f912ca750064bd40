-- The order sheet and the reminders each player sets (issue 6).

-- When each phase started: a player's action created before it was meant for an earlier
-- phase and is refused; reminders are only planned after it.
CREATE TABLE phase_starts (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    phase        TEXT    NOT NULL,
    started_at   REAL    NOT NULL,
    PRIMARY KEY (game_id, phase)
);

-- The orders a player is choosing from the menus, before they submit them. ``slot`` is the
-- unit's province, or "+N"/"-N" for the Nth build or disband; ``text`` a canonical order.
CREATE TABLE order_drafts (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL,
    phase        TEXT    NOT NULL,
    slot         TEXT    NOT NULL,
    text         TEXT    NOT NULL,
    PRIMARY KEY (game_id, user_id, phase, slot)
);

-- A player's reminders: minutes before each deadline ("" = never), for all their games.
CREATE TABLE reminder_settings (
    user_id          INTEGER PRIMARY KEY,
    leads            TEXT    NOT NULL,
    only_incomplete  INTEGER NOT NULL DEFAULT 1,
    updated_at       REAL    NOT NULL
);

-- Reminders already sent (or passed), so none is sent twice.
CREATE TABLE reminders_sent (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL,
    phase        TEXT    NOT NULL,
    lead         INTEGER NOT NULL,
    sent_at      REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id, phase, lead)
);

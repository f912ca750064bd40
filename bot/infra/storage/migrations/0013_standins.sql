-- No abandoned games (issue 23): stand-ins that play a power nobody orders, and humans who
-- take a seat over from them.

-- What a game does with a power nobody plays: ``civil_disorder``: who plays a power in civil
-- disorder ('hold': the rulebook, its units hold; 'caretaker': the engine's caretaker);
-- ``bots``: the game may start with fewer players than seats, the empty seats played by the
-- 'dumbbot' preset; ``join_approval``: a player who asks for an open seat (/game join
-- power:) needs a moderator's approval (0: taken at once at the next phase);
-- ``substitutes``: the game's open seats are listed on the substitute board, which players
-- of every server the bot is in (and its DMs) read (/substitutes); ``min_reliability``: the
-- share of their phases (percent, over every server) a newcomer must have ordered (0: any).
CREATE TABLE standin_policies (
    game_id        INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    civil_disorder TEXT    NOT NULL DEFAULT 'hold' CHECK (civil_disorder IN ('hold', 'caretaker')),
    bots           INTEGER NOT NULL DEFAULT 0,
    join_approval  INTEGER NOT NULL DEFAULT 1,
    substitutes    INTEGER NOT NULL DEFAULT 0,
    min_reliability INTEGER NOT NULL DEFAULT 0 CHECK (min_reliability BETWEEN 0 AND 100)
);

-- ``bot``: the preset that plays a seat no human plays (NULL: a human's); ``standin``: the
-- phases the caretaker played the power since it went into civil disorder (its player may
-- not take it back once this is above 0, unless a moderator allows it); ``leaving``: its
-- player asked to leave (/game leave in a game being played): the seat is open.
ALTER TABLE power_states ADD COLUMN bot TEXT;
ALTER TABLE power_states ADD COLUMN standin INTEGER NOT NULL DEFAULT 0;
ALTER TABLE power_states ADD COLUMN leaving INTEGER NOT NULL DEFAULT 0;

-- A player asking for an open seat (a bot-played power, or one in civil disorder):
-- 'asked' (waiting for a moderator), 'accepted' (taken at the next phase), 'refused',
-- 'done' (the seat is theirs), 'void' (the seat was no longer open); ``board``: asked from
-- the substitute board (the player may not be in the game's server: an invite is sent).
CREATE TABLE seat_requests (
    id           INTEGER PRIMARY KEY,
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    power        TEXT    NOT NULL,
    user_id      INTEGER NOT NULL,
    state        TEXT    NOT NULL DEFAULT 'asked'
                         CHECK (state IN ('asked', 'accepted', 'refused', 'done', 'void')),
    asked_at     REAL    NOT NULL,
    board        INTEGER NOT NULL DEFAULT 0,
    decided_by   INTEGER,
    decided_at   REAL
);
CREATE INDEX seat_requests_game ON seat_requests (game_id, state);

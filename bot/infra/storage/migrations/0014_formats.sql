-- Formats (issue 25): the variant a game is played in ('standard': the rulebook's games
-- for 2 to 7 players; 'fva', 'evt', 'gvi': the two-player duels on the standard map, see
-- engine/variants.py) and whether it is played with Fog of War (engine/fog.py), both
-- chosen at /game create and never changed after.
ALTER TABLE games ADD COLUMN variant TEXT NOT NULL DEFAULT 'standard' CHECK (variant IN ('standard', 'fva', 'evt', 'gvi'));
ALTER TABLE games ADD COLUMN fog INTEGER NOT NULL DEFAULT 0 CHECK (fog IN (0, 1));

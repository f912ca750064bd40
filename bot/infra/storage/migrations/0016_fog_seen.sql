-- Fog of War (issue 25): what each power saw of a phase whose next phase nobody has a
-- choice in (it is played at once), kept on that next phase's row until it is played: the
-- one private message of that resolution tells both, so a fog player gets one message per
-- resolution, as in a game without fog. JSON: {power: [{played, seen, destroyed}, ...]}.
ALTER TABLE phases ADD COLUMN fog_seen TEXT;

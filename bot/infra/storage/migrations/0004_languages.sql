-- Languages (issue 7): each user's language, for replies outside an interaction (DMs).
-- ``chosen`` is what the user picked with /language (NULL: follow their Discord client);
-- ``seen`` is the language of their Discord client at their last interaction, so DMs sent
-- later (phase starts, reminders) are in the language they read the bot in.
CREATE TABLE user_languages (
    user_id     INTEGER PRIMARY KEY,
    chosen      TEXT CHECK (chosen IN ('en', 'es', 'ru', 'bg')),
    seen        TEXT CHECK (seen IN ('en', 'es', 'ru', 'bg')),
    updated_at  REAL NOT NULL
);

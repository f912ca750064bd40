-- Map labels (issue 12): the script a game's maps are labelled in, chosen at /game create.
-- NULL is the default of the game's language (Cyrillic for Russian and Bulgarian, Latin
-- for English and Spanish); only Russian has a choice: 'latin' writes the maps, and the
-- orders of texts beside them, in the Latin letters of the Russian rulebook.
ALTER TABLE games ADD COLUMN labels TEXT CHECK (labels IN ('latin', 'cyrillic'));

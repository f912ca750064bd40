"""Every text a player reads, built from what the core returns: the catalogue
(:mod:`bot.text.i18n`), game words (:mod:`~bot.text.labels`), durations and plurals,
replies, posts rendered at send time, the order sheet's screens. No discord client."""

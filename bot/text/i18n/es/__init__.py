"""Spanish texts, one module per feature area (same keys and placeholders as English).

Style guide (issue 22): a Spanish player should read these as written by a native player,
in the words of the Spanish rulebook, which is the standard wherever it has a word.

- The rulebook's terms: *región* (never *provincia*), *región costera*, *centro de
  suministro*, *centro inicial* / *centros de suministro iniciales* (not *de origen*),
  *potencia*, *ejército* (E) and *flota* (F), *mantenerse* (M), *moverse* (-), *apoyo* (A),
  *transporte* (T), *retirada* (R), *disolución* / *disolverse* (D), *construir* (C),
  *RENUNCIA*, *desalojar*, *desorden civil*, *fase de movimiento / retiradas / ajustes*.
- Where the rulebook and hobby usage differ we follow the rulebook and use one word
  everywhere: *empate* (the rulebook: "comparten un empate"; *tablas* is chess vocabulary)
  and *negociación* (the rulebook's "negociación diplomática"; *prensa* is a calque of the
  English hobby word *press*). Grace after a deadline is always *periodo de gracia*: a bare
  *gracia* means charm or wit.
- The order sheet's verbs are reflexive or take a person: *Mantenerse*, *Moverse*,
  *Retirarse*, *Dar órdenes a todas* (never *Ordenar*, which reads as "sort").
- Command descriptions (Discord lists them side by side) are infinitives: *Abrir una nueva
  partida…*, *Unirse…*, *Pausar la partida…*.
- Address: *tú* to one player (*Únete*, *Escribe*), *vosotros* to the players of a channel,
  no gendered adjective for the reader where a neutral turn exists.
- Quotes: « » for quoted text and phase titles mid-sentence (*la fase «Primavera de 1901,
  movimientos»*), backticks for what the player types; UI names of Discord in « »
  (*«Gestionar servidor»*). A phase title is quoted whenever it is not a heading.
- Stand-ins (issue 23) have one name each: the bot playing a power in civil disorder is the
  *cuidador* (also in the choice labels), an open seat a *plaza libre*, the substitute board the
  *tablón de suplentes*.
- Power names are invariable in Spanish: they enter sentences as they are (*ante Francia*).
- Everything a text tells the player to type is accepted in Spanish: orders as the
  rulebook writes them (`E Par - Bor`, `RENUNCIA`), `nunca`, `por defecto`, `C`/`D` for
  /standby clear (tests/bot/test_catalogue_words.py checks it).
"""

"""Seats: who plays each power, and what happens when nobody does.

- :mod:`~bot.core.seats.substitutes`: open seats taken over by a human, from the game's
  server (``/game join power:``) or the substitute board (``/substitutes``), decided by the
  moderators (:class:`Seats`), and taken at the next phase boundary (:func:`take_seats`);
- :mod:`~bot.core.seats.standins`: the stand-ins (the caretaker of a power in civil
  disorder, the bot of a seat nobody took) playing, inside the resolution, by the path
  standby orders take;
- :mod:`~bot.core.seats.civil`: the civil-disorder policy (who missed a phase, who is
  declared in civil disorder, who a phase waits for), as hooks inside the resolution's
  one transaction.
"""

from __future__ import annotations

from bot.core.seats.substitutes import OpenSeat, SeatAsked, SeatDecision, Seats, open_seats, take_seats

__all__ = ["OpenSeat", "SeatAsked", "SeatDecision", "Seats", "open_seats", "take_seats"]

"""The adjudicator: movement (Kruijswijk's decisions with the guess algorithm), retreats
and adjustments. Each phase kind has its own module; ``resolver`` holds the generic
memoising resolve with cycle detection and the backup rule."""

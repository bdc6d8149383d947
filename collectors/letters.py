"""What a log scan knows of characters before it reads a log: how common each is in training
logs, and which fold to an ASCII letter. Kept apart from the planner (collectors/prefilter.py)
so that reading small logs, which never plans, does not import it."""

from __future__ import annotations

# How common characters are in training logs (per 100 characters), for planning before the
# log has been seen; measured on the development cases' logs. Unlisted ones count as rare.
PRIOR = {
    " ": 10.5, "0": 6.5, "e": 4.7, "r": 3.9, "t": 3.6, "o": 3.6, "s": 3.5, "a": 3.4, "i": 3.2, "n": 3.1, ":": 3.0,
    "1": 2.7, "l": 2.5, "-": 2.5, ".": 2.4, "2": 2.4, "c": 2.3, "p": 1.9, "d": 1.7, "/": 1.6, "=": 1.5, ",": 1.4,
    "3": 1.3, "6": 1.3, "u": 1.3, "g": 1.3, "_": 1.2, "'": 1.2, "m": 1.2, "4": 1.2, "h": 1.1, "5": 1.1, "9": 1.0,
    "8": 1.0, "]": 0.8, "[": 0.8, "7": 0.7, "*": 0.7, "b": 0.7, "k": 0.65, "f": 0.54, "(": 0.48, "y": 0.47,
    ")": 0.46, "N": 0.45, "v": 0.37, "T": 0.35, "I": 0.35, "E": 0.33, "F": 0.31, "C": 0.31, "w": 0.3, "|": 0.29,
    "R": 0.26, "O": 0.25, "L": 0.23, "S": 0.2, "x": 0.19, '"': 0.18, "G": 0.16, "{": 0.15, "}": 0.15, "A": 0.15,
    "<": 0.13, "W": 0.13, "P": 0.13, "D": 0.12, "^": 0.12, ">": 0.1, "Z": 0.1, "#": 0.09, "B": 0.08, "M": 0.08,
    "%": 0.07, "U": 0.06, "+": 0.05, "z": 0.05, "q": 0.04, "H": 0.04, "\t": 0.04, "j": 0.02, "V": 0.02,
    "`": 0.01, "X": 0.01, "\u2588": 0.1,
}
RARE = 0.001
# A literal of several characters is rarer than its rarest character; how much, before
# anything is measured.
PAIR_FACTOR = 0.3


def prior_frequency(text: str) -> float:
    """How often ``text`` occurs per character of a typical training log (an estimate)."""
    rarest = min(PRIOR.get(c, RARE) for c in text) / 100
    return rarest * PAIR_FACTOR ** (len(text) - 1)


# Characters Python's case-insensitive matching equates with an ASCII letter besides its other
# case (checked over every code point in tests/collectors/test_logs.py). str.lower() maps
# the Kelvin sign to k, but leaves these two alone, and makes two characters of U+0130: a block
# holding any of them cannot be searched in its lowercased copy.
EXOTIC_CASES = {"i": "\u0130\u0131", "k": "\u212a", "s": "\u017f"}
UNFOLDED = "\u0131\u017f"

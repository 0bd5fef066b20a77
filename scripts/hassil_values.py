"""Slot values compared between hassil and Parlo (scripts/hassil-compare, scripts/hassil-suite)."""


def value(v):
    """hassil gives range values as floats (95.0), Parlo as integers: the same number."""
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    return str(v).lower()


def norm(slots):
    return {k: value(v) for k, v in (slots or {}).items()}

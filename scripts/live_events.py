"""What the live-listening scripts (score-live, cut-utterances, simulate-session-language) read
the same way from `parlo listen --json` events and a stream's labels (docs/evaluation.md)."""

# A command event counts for an utterance from its start to this long after its end.
WINDOW_AFTER = 2.0

# A long file's word or utterance (`parlo batch` on a stream, docs/batch.md "Long files") belongs
# to a labelled utterance when its middle lies within this of it.
LONG_FILE_MARGIN = 0.3


def heard_in(start, end, label_start, label_end):
    """Whether what a long file's result placed from start to end belongs to the labelled utterance
    from label_start to label_end: its middle within LONG_FILE_MARGIN of it."""
    return label_start - LONG_FILE_MARGIN <= (start + end) / 2 <= label_end + LONG_FILE_MARGIN


def speech_spans(events):
    """(start, end) of each speech_start .. speech_end span; an unterminated one runs to the end."""
    spans, open_t = [], None
    for e in events:
        if e.get("type") == "speech_start":
            open_t = e["t"]
        elif e.get("type") == "speech_end" and open_t is not None:
            spans.append((open_t, e["t"]))
            open_t = None
    if open_t is not None:
        spans.append((open_t, float("inf")))
    return spans


def utterance_windows(labels):
    """(lo, hi) per labelled utterance: when a command event is its, [start, end + WINDOW_AFTER]
    and before the next utterance's end."""
    windows = []
    for i, u in enumerate(labels):
        hi = u["end"] + WINDOW_AFTER
        if i + 1 < len(labels):
            hi = min(hi, labels[i + 1]["end"])
        windows.append((u["start"], hi))
    return windows

"""pytest plugin for hassil's own test suite (scripts/hassil-suite): records every recognition.

Each call of `recognize_all` (which `recognize` and `recognize_best` use) is recorded with the
intents' source (the dict `Intents.from_dict` was given), the slot lists passed at the call and
hassil's first result, to PARLO_HASSIL_CASES as JSON lines. Nothing about hassil's behaviour
changes: its tests still pass or fail on their own.
"""
import importlib
import json
import os

import hassil
import hassil.intents
from hassil.expression import TextChunk
from hassil.intents import RangeSlotList, TextSlotList, WildcardSlotList

_from_dict = hassil.intents.Intents.from_dict
# `hassil.recognize` is the function the package re-exports; the module is reached by name.
_module = importlib.import_module("hassil.recognize")
_recognize_all = _module.recognize_all
_cases = []


def _from_dict_keeping_source(input_dict):
    intents = _from_dict(input_dict)
    intents._parlo_source = json.loads(json.dumps(input_dict, default=str))
    return intents


def _slot_list(slot_list):
    """The slot list as a `lists:` entry of an intents file, or None when it has no such form."""
    if isinstance(slot_list, WildcardSlotList):
        return {"wildcard": True}
    if isinstance(slot_list, RangeSlotList):
        if slot_list.fraction_type is not None or not slot_list.words or not slot_list.digits:
            return None
        entry = {"range": {"from": slot_list.start, "to": slot_list.stop, "step": slot_list.step}}
        if slot_list.multiplier is not None:
            entry["range"]["multiplier"] = slot_list.multiplier
        if slot_list.type.value != "number":
            entry["range"]["type"] = slot_list.type.value
        return entry
    if isinstance(slot_list, TextSlotList):
        values = []
        for v in slot_list.values:
            if v.context or not isinstance(v.text_in, TextChunk):
                return None
            values.append({"in": v.text_in.original_text, "out": v.value_out})
        return {"values": values}
    return None


def _value(v):
    return v if isinstance(v, (str, int, float, bool)) or v is None else str(v)


def _recording_recognize_all(text, intents, slot_lists=None, expansion_rules=None, skip_words=None,
                             intent_context=None, default_response="default",
                             allow_unmatched_entities=False, language=None):
    results = list(_recognize_all(text, intents, slot_lists=slot_lists, expansion_rules=expansion_rules,
                                  skip_words=skip_words, intent_context=intent_context,
                                  default_response=default_response,
                                  allow_unmatched_entities=allow_unmatched_entities, language=language))
    case = {"text": text, "test": os.environ.get("PYTEST_CURRENT_TEST", "").split(" ")[0]}
    source = getattr(intents, "_parlo_source", None)
    why = None
    if source is None:
        why = "intents not built from a dict"
    elif intent_context:
        why = "intent_context"
    elif allow_unmatched_entities:
        why = "allow_unmatched_entities"
    elif expansion_rules or skip_words:
        why = "expansion rules or skip words passed at the call"
    lists = {}
    for name, slot_list in (slot_lists or {}).items():
        entry = _slot_list(slot_list)
        if entry is None:
            why = why or f"slot list '{name}' with context, templates or fractions"
        lists[name] = entry
    if why is None:
        source = dict(source)
        source["lists"] = {**(source.get("lists") or {}), **lists}
        if language and "language" not in source:
            source["language"] = language
        case["intents"] = source
    else:
        case["skipped"] = why
    first = results[0] if results else None
    case["hassil"] = None if first is None else {
        "intent": first.intent.name,
        "slots": {k: _value(e.value) for k, e in first.entities.items()},
    }
    case["hassil_all"] = [r.intent.name for r in results]
    _cases.append(case)
    return iter(results)


hassil.intents.Intents.from_dict = staticmethod(_from_dict_keeping_source)
_module.recognize_all = _recording_recognize_all
hassil.recognize_all = _recording_recognize_all


def pytest_sessionfinish(session, exitstatus):
    with open(os.environ["PARLO_HASSIL_CASES"], "w", encoding="utf-8") as out:
        for case in _cases:
            out.write(json.dumps(case, ensure_ascii=False) + "\n")

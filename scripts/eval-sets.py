#!/usr/bin/python3
"""Planning and mixing for scripts/make-eval-sets (see docs/evaluation.md).

  eval-sets.py plan SET          the utterances of SET with voice, perturbation and room (TSV on stdout)
  eval-sets.py mix SET DIR       per-file conditions + manifest.jsonl, live streams + labels, from DIR/work
  eval-sets.py kitchen SET DIR   SET's utterances in a synthetic kitchen at 12 and 6 dB: DIR/kitchen12,
                                 DIR/kitchen06, DIR/kitchen.manifest.jsonl and DIR/kitchen-streams/
                                 (a development check)
  eval-sets.py close SET DIR     commands 0.2-0.6 s after a non-command: DIR/close-streams/ (quiet,
                                 snr10; a development check; needs `mix` first)

Deterministic: every random choice comes from random.Random / numpy generators seeded with a
string naming the set, the utterance and the condition.

Levels. Speech is set to an active-speech RMS of SPEECH_DBFS (-26 dBFS). Active speech is measured
as in Sources/ParloFixtures/NoiseMixer.swift: 20 ms frames, those within 40 dB of the loudest
frame are active, and the speech power is the mean square over the active frames' samples. The
noise is scaled so that its RMS over the whole file (or the whole stream) is the speech's active
RMS minus the SNR in dB. "quiet" has the set's first noise at a faint -60 dBFS instead. If a file
would clip, speech and noise are scaled down together (ratio kept).
"""
import hashlib
import json
import os
import random
import subprocess
import sys
import wave

import numpy as np

RATE = 16000
FRAME = 320
ACTIVITY_DB = 40.0
SPEECH_DBFS = -26.0
QUIET_FLOOR_DBFS = -60.0
LISTS = "audio-fixtures/eval/lists"

# Conditions: name -> SNR in dB (None: quiet).
CONDITIONS = {"quiet": None, "snr20": 20, "snr15": 15, "snr10": 10, "snr05": 5, "snr00": 0}
NOISES = {"dev": ["pink", "fan50", "babble-espeak"], "test": ["fan60", "babble-flite-festival", "tv"]}

# Rooms: reverberation (sox reverb: reverberance, HF damping, room scale, stereo depth, pre-delay
# ms, wet gain dB) and a desk-microphone response. The sox effects are in scripts/make-eval-sets;
# here only names, dealt to utterances.
ROOMS = {"dev": ["dev-small", "dev-living"], "test": ["test-office", "test-hall"]}

DEV_VOICES = {
    "en": ["en-us", "en-gb", "en-gb-x-rp", "en-gb-scotland", "en-029", "en-gb-x-gbclan"],
    "it": ["it"],
}
DEV_VARIANTS = ["m1", "m2", "m3", "m4", "m5", "m6", "m7", "f1", "f2", "f3", "f4"]
# Test voices: engine:voice and the mean F0 flite is asked for (festival: none).
TEST_VOICES = {
    "en": [("flite", "kal16", 100), ("flite", "slt", 175), ("flite", "rms", 105), ("flite", "awb", 110),
           ("festival", "cmu_us_slt_arctic_hts", 0)],
    "it": [("festival", "pc_diphone", 0), ("festival", "lp_diphone", 0)],
}
PITCH_CENTS = [-400, -300, -200, 0, 200, 300, 400]
TEMPOS = [0.85, 0.9, 0.95, 1.0, 1.05, 1.1, 1.15]
WARPS = [0.9, 0.95, 1.0, 1.05, 1.1]


def rng(*parts):
    return random.Random("/".join(str(p) for p in parts))


def nprng(*parts):
    digest = hashlib.sha256("/".join(str(p) for p in parts).encode()).digest()
    return np.random.default_rng(int.from_bytes(digest[:8], "little"))


def env_int(name, default):
    v = os.environ.get(name)
    return default if v in (None, "", "all") else int(v)


def items(set_name):
    """(id, language, kind, text, command, slots) of a set, commands first."""
    out = []
    limit_c = env_int("EVAL_COMMANDS", 10**9)          # per language
    limit_n = env_int("EVAL_NONCOMMANDS", 10**9)       # per language
    count = {}
    for line in open(f"{LISTS}/{set_name}-commands.jsonl", encoding="utf-8"):
        d = json.loads(line)
        n = count.get(d["language"], 0)
        if n >= limit_c:
            continue
        count[d["language"]] = n + 1
        out.append((f"{d['language']}-cmd-{n:03d}", d["language"], "command", d["text"], d["command"], d["slots"]))
    for lang in ("en", "it"):
        rows = [l.rstrip("\n").split("\t") for l in open(f"{LISTS}/{set_name}-{lang}-noncommands.tsv", encoding="utf-8") if l.strip()]
        # Spread the kinds when a limit cuts the list: deterministic shuffle.
        rng(set_name, "noncommands", lang).shuffle(rows)
        for i, (kind, text) in enumerate(rows[:limit_n]):
            out.append((f"{lang}-non-{i:03d}", lang, kind, text, None, {}))
    return out


def plan(set_name):
    for n, (uid, lang, kind, text, command, slots) in enumerate(items(set_name)):
        r = rng(set_name, "voice", uid)
        room = ROOMS[set_name][n % 2]
        if set_name == "dev":
            voice = f"{r.choice(DEV_VOICES[lang])}+{r.choice(DEV_VARIANTS)}"
            engine, rate, f0, warp, pitch, tempo = "espeak", r.randrange(130, 191, 5), 0, 1.0, 0, 1.0
        else:
            engine, voice, f0 = r.choice(TEST_VOICES[lang])
            rate, pitch, tempo, warp = 0, r.choice(PITCH_CENTS), r.choice(TEMPOS), r.choice(WARPS)
        print("\t".join(str(x) for x in (uid, lang, kind, engine, voice, rate, f0, warp, pitch, tempo, room,
                                          text, command or "", json.dumps(slots, sort_keys=True))))


def voice_label(row):
    uid, lang, kind, engine, voice, rate, f0, warp, pitch, tempo = row[:10]
    if engine == "espeak":
        return f"espeak-ng:{voice}@{rate}"
    return f"{engine}:{voice} pitch{int(pitch):+d}c tempo{float(tempo):g} warp{float(warp):g}"


def read_wav(path):
    with wave.open(path, "rb") as w:
        assert w.getframerate() == RATE and w.getnchannels() == 1 and w.getsampwidth() == 2, path
        return np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.float64) / 32768.0


def write_wav(path, x):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    pcm = np.clip(np.round(x * 32768.0), -32768, 32767).astype("<i2")
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())


def frame_energies(x):
    n = (len(x) + FRAME - 1) // FRAME
    padded = np.zeros(n * FRAME)
    padded[:len(x)] = x
    return (padded.reshape(n, FRAME) ** 2).mean(axis=1)


def active(x):
    """Boolean per 20 ms frame: within ACTIVITY_DB of the loudest frame."""
    e = frame_energies(x)
    if e.max() <= 0:
        return np.zeros(len(e), dtype=bool)
    return e >= e.max() * 10 ** (-ACTIVITY_DB / 10)


def active_rms(x):
    a = active(x)
    e = frame_energies(x)
    return float(np.sqrt(e[a].mean())) if a.any() else 0.0


def db(v):
    return 10 ** (v / 20)


def load_speech(work, uid):
    """The clean utterance at SPEECH_DBFS active RMS, trimmed to 0.05 s around frames within 55 dB
    of its loudest (drops digital silence, keeps the reverberation tail)."""
    x = read_wav(f"{work}/clean/{uid}.wav")
    e = frame_energies(x)
    keep = np.nonzero(e >= e.max() * 10 ** (-55 / 10))[0]
    lo = max(0, keep[0] * FRAME - 800)
    hi = min(len(x), (keep[-1] + 1) * FRAME + 800)
    x = x[lo:hi]
    return x * (db(SPEECH_DBFS) / active_rms(x))


def noise_segment(beds, name, n, r):
    bed = beds[name]
    off = int(r.integers(0, len(bed) - n)) if len(bed) > n else 0
    seg = bed[off:off + n]
    while len(seg) < n:
        seg = np.concatenate([seg, bed[:n - len(seg)]])
    return seg / np.sqrt((seg ** 2).mean())


def with_margins(s):
    """The utterance with 0.3 s of silence (noise, once mixed) before and after it, as every file has."""
    return np.concatenate([np.zeros(int(0.3 * RATE)), s, np.zeros(int(0.3 * RATE))])


def unclipped(y):
    """y, scaled down (speech and noise together) if it would clip."""
    peak = np.abs(y).max()
    return y * (0.97 / peak) if peak > 0.97 else y


def write_file(root, cond, row, snr, noise, y):
    """Writes one mixed file of the utterance of plan `row` and returns its manifest entry."""
    uid, lang, kind, room, text, command, slots = row[0], row[1], row[2], row[10], row[11], row[12] or None, json.loads(row[13])
    rel = f"{cond}/{uid}.wav"
    write_wav(f"{root}/{rel}", unclipped(y))
    return {"audio": rel, "text": text, "language": lang, "command": command, "slots": slots,
            "rejected": command is None, "snr_db": snr, "voice": voice_label(row), "noise": noise,
            "room": room, "condition": cond, "kind": kind, "id": uid}


def write_jsonl(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        for e in rows:
            f.write(json.dumps(e, ensure_ascii=False, sort_keys=True) + "\n")


def write_stream(folder, name, entries, speech, r, noise_for, level, set_name, sequence=None):
    """One continuous stream of `entries` (uid, manifest entry) in an order shuffled by `r`, 1.2-2.5 s
    apart, 2 s of noise before the first and 1 s after the last; `noise_for(n)` gives n samples of
    noise at unit RMS, scaled to `level`. Writes FOLDER/NAME.wav and FOLDER/NAME.labels.jsonl.
    `sequence`, if given, is the order and the gaps instead: ((uid, entry), gap after it) pairs."""
    if sequence is None:
        order = list(entries)
        r.shuffle(order)
        sequence = [(u, r.uniform(1.2, 2.5)) for u in order]
    pieces, labels, t = [np.zeros(2 * RATE)], [], 2 * RATE
    for (uid, e), gap in sequence:
        s = speech[uid]
        a = np.nonzero(active(s))[0]
        labels.append({"start": round((t + a[0] * FRAME) / RATE, 3),
                       "end": round((t + min(len(s), (a[-1] + 1) * FRAME)) / RATE, 3),
                       "text": e["text"], "language": e["language"], "command": e["command"],
                       "slots": e["slots"], "rejected": e["rejected"], "id": uid, "kind": e["kind"],
                       "voice": e["voice"], "room": e["room"]})
        pieces.append(s)
        t += len(s)
        g = int(round(gap * RATE))
        pieces.append(np.zeros(g))
        t += g
    pieces.append(np.zeros(RATE))
    x = np.concatenate(pieces)
    noise = noise_for(len(x))
    noise *= level / np.sqrt((noise ** 2).mean())
    write_wav(f"{folder}/{name}.wav", unclipped(x + noise))
    write_jsonl(f"{folder}/{name}.labels.jsonl", labels)
    print(f"{set_name} stream {name}: {len(labels)} utterances, {len(x) / RATE / 60:.1f} min", file=sys.stderr)


def stream_noise(set_name, cond):
    """The noises a stream of condition `cond` rotates through, and their level: in quiet the
    set's first noise as a faint floor, else all of them at the condition's SNR."""
    snr = CONDITIONS[cond]
    if snr is None:
        return NOISES[set_name][:1], db(QUIET_FLOOR_DBFS)
    return NOISES[set_name], db(SPEECH_DBFS - snr)


def rotating_noise(beds, names, n, r):
    """n samples of the named noises in turns of 60 s, crossfaded over 1 s."""
    block, fade = 60 * RATE, RATE
    noise = np.zeros(n)
    k = 0
    while k * block < n:
        start = max(0, k * block - fade)
        end = min(n, (k + 1) * block)
        seg = noise_segment(beds, names[k % len(names)], end - start, r)
        env = np.ones(end - start)
        if k > 0:
            env[:fade] = np.linspace(0, 1, fade)
        if end < n:
            env[-fade:] = np.linspace(1, 0, fade)
        noise[start:end] += seg * env
        k += 1
    return noise


def mix(set_name, root):
    work = f"{root}/work"
    rows = [l.rstrip("\n").split("\t") for l in open(f"{work}/plan.tsv", encoding="utf-8")]
    beds = {n: read_wav(f"{work}/noise/{n}.wav") for n in NOISES[set_name]}
    cmd_conds = os.environ.get("EVAL_CONDITIONS", "quiet snr20 snr15 snr10 snr05 snr00").split()
    non_conds = os.environ.get("EVAL_NONCOMMAND_CONDITIONS", "quiet snr15 snr05").split()
    manifest = []
    per_cond = {c: [] for c in CONDITIONS}
    speech = {}
    for i, row in enumerate(rows):
        uid, command = row[0], row[12] or None
        s = load_speech(work, uid)
        speech[uid] = s
        x = with_margins(s)
        for ci, cond in enumerate(CONDITIONS):
            if cond not in (cmd_conds if command else non_conds):
                continue
            snr = CONDITIONS[cond]
            names = NOISES[set_name]
            if snr is None:
                noise_name, level = names[0], db(QUIET_FLOOR_DBFS)
            else:
                noise_name, level = names[(i + ci) % len(names)], db(SPEECH_DBFS - snr)
            nz = noise_segment(beds, noise_name, len(x), nprng(set_name, uid, cond)) * level
            entry = write_file(root, cond, row, snr, noise_name if snr is not None else f"{noise_name}@{QUIET_FLOOR_DBFS:g}dBFS",
                               x + nz)
            manifest.append(entry)
            per_cond[cond].append((uid, entry))
    write_jsonl(f"{root}/manifest.jsonl", manifest)

    # Live streams: one per condition, every utterance of it in a fixed shuffled order, the set's
    # noises in turns of 60 s, crossfaded over 1 s.
    for cond, entries in per_cond.items():
        if not entries:
            continue
        names, level = stream_noise(set_name, cond)
        write_stream(f"{root}/streams", cond, entries, speech, rng(set_name, "stream", cond),
                     lambda n: rotating_noise(beds, names, n, nprng(set_name, "stream-noise", cond)), level, set_name)
    print(f"{set_name}: {len(manifest)} files", file=sys.stderr)


# A kitchen, for a development check apart from the sets' conditions: a public benchmark's
# speakers in kitchen noise at 12 and 6 dB are where Parlo lost most. Synthesised (no recording of
# a kitchen ships with Debian): a fridge's hum and a rumble, a tap running now and then, dishes and
# cutlery ringing (damped resonances at 1.5-8 kHz, 1.5 a second, heavy-tailed loudness) and bouts
# of chopping. Deterministic, as everything here.
KITCHEN_CONDITIONS = {"kitchen12": 12, "kitchen06": 6}


def kitchen_bed(seconds=180):
    r = nprng("kitchen")
    n = seconds * RATE
    t = np.arange(n) / RATE
    x = np.zeros(n)
    for h, a in [(50, 1.0), (100, 0.5), (150, 0.3)]:
        x += 0.01 * a * np.sin(2 * np.pi * h * t + r.uniform(0, 6))
    b = np.cumsum(r.standard_normal(n))
    b -= np.convolve(b, np.ones(800) / 800, mode="same")
    x += 0.0005 * b
    # The tap: noise between 400 Hz and 6 kHz, running 3-10 s at a time, 3-12 s apart.
    w = r.standard_normal(n)
    spectrum = np.fft.rfft(w)
    f = np.fft.rfftfreq(n, 1 / RATE)
    spectrum[(f < 400) | (f > 6000)] = 0
    w = np.fft.irfft(spectrum, n)
    w /= w.std()
    env = np.zeros(n)
    k = 0
    while k < n:
        off, on = int(r.uniform(3, 12) * RATE), int(r.uniform(3, 10) * RATE)
        k += off
        e = min(n, k + on)
        if k < n:
            seg = np.ones(e - k) * (0.6 + 0.4 * np.sin(2 * np.pi * r.uniform(0.2, 1) * np.arange(e - k) / RATE))
            fade = min(1600, (e - k) // 2)
            seg[:fade] *= np.linspace(0, 1, fade)
            seg[-fade:] *= np.linspace(1, 0, fade)
            env[k:e] = seg
        k = e
    x += 0.03 * w * env
    # Dishes and cutlery: 3-6 damped resonances and a click each.
    k = 0
    while True:
        k += int(r.exponential(1 / 1.5) * RATE)
        if k >= n:
            break
        length = int(0.25 * RATE)
        tt = np.arange(length) / RATE
        ev = np.zeros(length)
        for _ in range(r.integers(3, 7)):
            ev += r.uniform(0.3, 1) * np.sin(2 * np.pi * r.uniform(1500, 8000) * tt + r.uniform(0, 6)) \
                * np.exp(-tt / r.uniform(0.02, 0.15))
        ev[:80] += 2 * r.standard_normal(80) * np.exp(-np.arange(80) / 15)
        amp = 0.05 * min(8, r.pareto(2.5) + 0.3)
        e = min(n, k + length)
        x[k:e] += amp * ev[:e - k]
    # Chopping: thumps 3-4 times a second for 2-4 s, every 8-25 s.
    k = 0
    while True:
        k += int(r.uniform(8, 25) * RATE)
        if k >= n:
            break
        dur, rate = r.uniform(2, 4), r.uniform(3, 4)
        for j in range(int(dur * rate)):
            s = k + int(j * RATE / rate)
            length = int(0.08 * RATE)
            tt = np.arange(length) / RATE
            thump = np.sin(2 * np.pi * r.uniform(120, 300) * tt) * np.exp(-tt / 0.02) \
                + 0.5 * r.standard_normal(length) * np.exp(-tt / 0.005)
            e = min(n, s + length)
            x[s:e] += 0.15 * thump[:e - s]
        k += int(dur * RATE)
    return x / np.sqrt((x ** 2).mean())


def mix_kitchen(set_name, root):
    work = f"{root}/work"
    write_wav(f"{work}/noise/kitchen.wav", kitchen_bed() * db(-42))
    beds = {"kitchen": read_wav(f"{work}/noise/kitchen.wav")}
    mix_check(set_name, root, "kitchen", KITCHEN_CONDITIONS, beds, lambda language: "kitchen", streams=True)


# Another person talking in the room (a sibling, a call) behind the speaker, for a development
# check: one eSpeak NG voice of DEV's babble reading its unrelated text, in the other language
# (an Italian talker behind English commands, an English one behind Italian), at 12 and 6 dB, per
# file. scripts/real-voices has the same with real voices (docs/evaluation.md).
TALKER_CONDITIONS = {"talker12": 12, "talker06": 6}
TALKERS = {"en": ("it+m5", 160, "it"), "it": ("en-us+m3", 150, "en")}


def mix_talker(set_name, root):
    work = f"{root}/work"
    beds = {}
    for language, (voice, rate, reads) in TALKERS.items():
        raw, path = f"{work}/noise/talker-{language}.raw.wav", f"{work}/noise/talker-{language}.wav"
        subprocess.run(["espeak-ng", "-v", voice, "-s", str(rate), "-w", raw, "-f", f"{LISTS}/{set_name}-babble-{reads}.txt"], check=True)
        subprocess.run(["sox", raw, "-r", str(RATE), "-c", "1", "-b", "16", path, "norm", "-3", "repeat", "6", "trim", "0", "90"], check=True)
        os.remove(raw)
        beds[f"talker-{language}"] = read_wav(path)
    mix_check(set_name, root, "talker", TALKER_CONDITIONS, beds, lambda language: f"talker-{language}", streams=False)


def mix_check(set_name, root, name, conditions, beds, bed_of, streams):
    """Every utterance of the set mixed, as `mix` mixes, with the noise bed `bed_of(language)` at
    each of `conditions` (name → SNR): ROOT/CONDITION/ files and ROOT/NAME.manifest.jsonl, and with
    `streams` a stream per condition with the noise throughout (ROOT/NAME-streams/)."""
    rows = [l.rstrip("\n").split("\t") for l in open(f"{root}/work/plan.tsv", encoding="utf-8")]
    manifest, speech = [], {}
    per_cond = {c: [] for c in conditions}
    for row in rows:
        uid, bed = row[0], bed_of(row[1])
        s = load_speech(f"{root}/work", uid)
        speech[uid] = s
        x = with_margins(s)
        for cond, snr in conditions.items():
            nz = noise_segment(beds, bed, len(x), nprng(set_name, uid, cond, name)) * db(SPEECH_DBFS - snr)
            entry = write_file(root, cond, row, snr, name, x + nz)
            manifest.append(entry)
            per_cond[cond].append((uid, entry))
    write_jsonl(f"{root}/{name}.manifest.jsonl", manifest)
    # And live: a stream per condition, the noise throughout (its bed looped).
    for cond, entries in per_cond.items() if streams else []:
        bed = bed_of("en")
        write_stream(f"{root}/{name}-streams", cond, entries, speech, rng(set_name, f"{name}-stream", cond),
                     lambda n: noise_segment(beds, bed, n, nprng(set_name, f"{name}-stream-noise", cond)),
                     db(SPEECH_DBFS - conditions[cond]), set_name)
    print(f"{set_name}: {len(manifest)} {name} files", file=sys.stderr)


# Commands said close behind other speech ("okay... next"), which the sets' streams never have
# (every utterance 1.2-2.5 s from the last): each command 0.2-0.6 s after a non-command, pairs
# 1.2-2.5 s apart, the set's quiet utterances streamed in quiet and at 10 dB as `mix` streams them.
# A development check of what a rule on the gap before an utterance would cost (docs/evaluation.md).
CLOSE_CONDITIONS = ("quiet", "snr10")


def close_streams(set_name, root):
    work = f"{root}/work"
    beds = {n: read_wav(f"{work}/noise/{n}.wav") for n in NOISES[set_name]}
    entries = {e["id"]: e for e in map(json.loads, open(f"{root}/manifest.jsonl", encoding="utf-8")) if e["condition"] == "quiet"}
    speech = {uid: load_speech(work, uid) for uid in entries}
    commands = [(u, e) for u, e in entries.items() if not e["rejected"]]
    others = [(u, e) for u, e in entries.items() if e["rejected"]]
    r = rng(set_name, "close")
    sequence = []
    for i, command in enumerate(commands):
        sequence += [(others[i % len(others)], r.uniform(0.2, 0.6)), (command, r.uniform(1.2, 2.5))]
    for cond in CLOSE_CONDITIONS:
        names, level = stream_noise(set_name, cond)
        write_stream(f"{root}/close-streams", cond, [], speech, r,
                     lambda n: rotating_noise(beds, names, n, nprng(set_name, "close-noise", cond)), level, set_name, sequence)


if __name__ == "__main__":
    cmd = sys.argv[1]
    if cmd == "plan":
        plan(sys.argv[2])
    elif cmd == "mix":
        mix(sys.argv[2], sys.argv[3])
    elif cmd == "kitchen":
        mix_kitchen(sys.argv[2], sys.argv[3])
    elif cmd == "talker":
        mix_talker(sys.argv[2], sys.argv[3])
    elif cmd == "close":
        close_streams(sys.argv[2], sys.argv[3])
    else:
        sys.exit(f"eval-sets.py: unknown command {cmd}")

#!/usr/bin/python3
"""Summaries and the side-by-side table of scripts/eval (see docs/evaluation.md).

  eval-report.py batch SET MANIFEST RESULTS.jsonl   per language x condition summary (JSON lines)
  eval-report.py table OUTDIR SET...                the dev/test table per language (Markdown)
  eval-report.py lines SUMMARY.jsonl                a batch summary, a line per language x condition
"""
import json
import os
import sys

CONDS = ["quiet", "snr20", "snr15", "snr10", "snr05", "snr00"]
LABEL = {"quiet": "quiet", "snr20": "20 dB", "snr15": "15 dB", "snr10": "10 dB", "snr05": "5 dB", "snr00": "0 dB"}


def batch(set_name, manifest_path, results_path):
    expected = {}
    for line in open(manifest_path, encoding="utf-8"):
        e = json.loads(line)
        expected[e["audio"]] = e
    stats = {}
    seen = 0
    for line in open(results_path, encoding="utf-8"):
        line = line.strip()
        if not line.startswith("{"):
            continue
        r = json.loads(line)
        if r.get("type") == "summary" or "file" not in r:
            continue
        parts = r["file"].replace("\\", "/").split("/")
        key = "/".join(parts[-2:])
        e = expected.get(key)
        if e is None:
            continue
        seen += 1
        s = stats.setdefault((e["language"], e["condition"]), {
            "commands": 0, "commands_right": 0, "commands_rejected": 0, "noncommands": 0, "noncommands_firing": 0})
        fired = r.get("command")
        if e["command"] is None:
            s["noncommands"] += 1
            s["noncommands_firing"] += fired is not None
        else:
            s["commands"] += 1
            s["commands_right"] += fired == e["command"] and (r.get("slots") or {}) == (e["slots"] or {})
            s["commands_rejected"] += bool(r.get("rejected"))
    for (lang, cond), s in sorted(stats.items()):
        pct = lambda a, b: round(100 * a / b, 1) if b else None
        print(json.dumps({"type": "batch_summary", "set": set_name, "language": lang, "condition": cond, **s,
                          "commands_right_pct": pct(s["commands_right"], s["commands"]),
                          "noncommands_firing_pct": pct(s["noncommands_firing"], s["noncommands"]),
                          "commands_rejected_pct": pct(s["commands_rejected"], s["commands"])}, sort_keys=True))
    if seen != len(expected):
        print(f"eval-report: {set_name}: {seen} results for {len(expected)} manifest entries", file=sys.stderr)


def lines(summary_path):
    """A line per language x condition of a batch summary (JSON Lines) or a live score (JSON)."""
    for line in open(summary_path, encoding="utf-8"):
        s = json.loads(line)
        rows = [(f"{s['set']} {s['language']} {s['condition']}", s)] if s.get("type") == "batch_summary" else \
            [(f"{s['name']} live {lang}", l) for lang, l in sorted(s["languages"].items())]
        for name, r in rows:
            merged = f", merged {r['merged']} of {r['utterances']}" if "merged" in r else ""
            print(f"{name}: commands right {r['commands_right']} of {r['commands']} ({r['commands_right_pct']} %),"
                  f" non-commands firing {r['noncommands_firing']} of {r['noncommands']} ({r['noncommands_firing_pct']} %){merged}")


def cell(n, d):
    return f"{100 * n / d:.1f}" if d else "–"


def table(outdir, sets):
    batch_rows, live = {}, {}
    for s in sets:
        p = f"{outdir}/{s}-batch-summary.jsonl"
        if os.path.exists(p):
            for line in open(p, encoding="utf-8"):
                r = json.loads(line)
                batch_rows[(s, r["language"], r["condition"])] = r
        for c in CONDS:
            p = f"{outdir}/{s}-live-{c}.score.json"
            if os.path.exists(p):
                r = json.loads(open(p, encoding="utf-8").readline())
                for lang, st in r["languages"].items():
                    live[(s, lang, c)] = st
    out = []
    out.append("Cells are percentages: batch cmd = commands right (command and every slot), batch non = "
               "non-commands that fired a command, live cmd / live non = the same through `parlo listen`, "
               "lost = utterances with no speech detected, merged = utterances inside a speech span "
               "covering 2+ utterances. – = not measured.")
    langs = sorted({k[1] for k in list(batch_rows) + list(live)})
    cols = ["batch cmd", "batch non", "live cmd", "live non", "live lost", "live merged"]
    for lang in langs:
        out.append("")
        out.append(f"**{lang}** — " + " | ".join(f"{s.upper()} (n cmd/non per condition: "
                   + "/".join(str(batch_rows.get((s, lang, 'quiet'), {}).get(k, '?')) for k in ('commands', 'noncommands')) + ")"
                   for s in sets))
        out.append("")
        head = "| condition | " + " | ".join(f"{s} {c}" for s in sets for c in cols) + " |"
        out.append(head)
        out.append("|---" * (1 + len(sets) * len(cols)) + "|")
        for c in CONDS:
            row = [LABEL[c]]
            for s in sets:
                b = batch_rows.get((s, lang, c))
                l = live.get((s, lang, c))
                row += [cell(b["commands_right"], b["commands"]) if b else "–",
                        cell(b["noncommands_firing"], b["noncommands"]) if b else "–",
                        cell(l["commands_right"], l["commands"]) if l else "–",
                        cell(l["noncommands_firing"], l["noncommands"]) if l else "–",
                        cell(l["lost"], l["utterances"]) if l else "–",
                        cell(l["merged"], l["utterances"]) if l else "–"]
            out.append("| " + " | ".join(row) + " |")
        # Falsely rejected commands (batch), one line per set.
        for s in sets:
            vals = []
            for c in CONDS:
                b = batch_rows.get((s, lang, c))
                vals.append(f"{LABEL[c]} {cell(b['commands_rejected'], b['commands'])}" if b else f"{LABEL[c]} –")
            out.append(f"\n{s} batch commands falsely rejected %: " + ", ".join(vals))
    text = "\n".join(out)
    print(text)
    with open(f"{outdir}/table.md", "w", encoding="utf-8") as f:
        f.write(text + "\n")


if __name__ == "__main__":
    if sys.argv[1] == "batch":
        batch(*sys.argv[2:5])
    elif sys.argv[1] == "table":
        table(sys.argv[2], sys.argv[3:])
    elif sys.argv[1] == "lines":
        lines(sys.argv[2])
    else:
        sys.exit(f"eval-report.py: unknown command {sys.argv[1]}")

#!/usr/bin/env python3
"""Time `chelem solve` on `chelem simulate --log` deals cut before a trick.

    python3 scripts/solve-figures.py --log p4.jsonl --trick 13 [--deals 60] [--bin target/release/chelem]

Cuts every deal with a taker before trick TRICK (1: the whole play), pipes
the positions to `chelem solve` (one process, one table of 64 MB kept from
one position to the next) and prints the median, 95th percentile and
maximum of the `ms` and `nodes` it answers.
"""
import argparse
import json
import subprocess


def quantile(v, p):
    v = sorted(v)
    return v[round((len(v) - 1) * p)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--log", required=True)
    ap.add_argument("--trick", type=int, required=True)
    ap.add_argument("--deals", type=int, default=10**9)
    ap.add_argument("--bin", default="target/release/chelem")
    a = ap.parse_args()
    lines = []
    with open(a.log) as f:
        for line in f:
            d = json.loads(line)
            if d["taker"] is None:
                continue
            d["tricks"] = d["tricks"][: a.trick - 1]
            lines.append(json.dumps(d))
            if len(lines) == a.deals:
                break
    out = subprocess.run([a.bin, "solve"], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True)
    answers = [json.loads(l) for l in out.stdout.splitlines()]
    ms = [x["ms"] for x in answers]
    nodes = [x["nodes"] for x in answers]
    print(
        f"{a.log} trick {a.trick}: {len(ms)} positions, ms median {quantile(ms, .5)} p95 {quantile(ms, .95)} "
        f"max {max(ms)}; nodes median {quantile(nodes, .5)} p95 {quantile(nodes, .95)}"
    )


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Write N random `chelem score` records (JSON Lines) to standard output.

Usage: python3 scripts/gen_records.py N [--seed S] [--invalid FRACTION] [--not-json FRACTION]

About 90% are valid (the points are drawn inside the range a real deal
allows, as in crates/core/src/tarot/bounds.rs); the rest are invalid records (unknown
contract, points out of range, impossible points, bad seats...). With
--not-json, that fraction of lines is not JSON at all (exit status 2).
For timing the real binary:

    python3 scripts/gen_records.py 1000000 > /tmp/records.jsonl
    time chelem score < /tmp/records.jsonl > /dev/null
"""

import argparse
import json
import random
import sys

CONTRACTS = ["petite", "garde", "garde_sans", "garde_contre"]
SIZES = ["simple", "double", "triple"]
TOP = [9, 9, 9, 9, 7, 7, 7, 7, 5, 5, 5, 5, 3, 3, 3, 3]


def top(k):
    return sum(TOP[i] if i < len(TOP) else 1 for i in range(k))


def ecart_top(k):
    return sum(TOP[i + 4] if i + 4 < len(TOP) else 1 for i in range(k))


def dog_and_excuse_max(d, m):
    return top(d) if m == 0 else 8 + 9 * (m - 1) + top(d - (m - 1))


def possible(players, with_partner, contract, o, pab, made_by):
    """(min, max) attack half points, or None (mirrors bounds.rs)."""
    if pab == "attack" and o == 0 or pab == "defence" and o == 3:
        return None
    if pab == "attack" and made_by == "defence" or pab == "defence" and made_by == "attack":
        return None
    if made_by == "attack" and contract != "garde_contre" and o < 2:
        return None
    if made_by == "defence" and contract != "garde_sans" and o > 1:
        return None
    n = players
    d = 3 if players == 5 else 6
    gc = contract == "garde_contre"
    dog_a = 0 if gc else d
    dog_d = d if gc else 0
    if made_by == "attack":
        if not gc:
            lo = hi = 182 - 8 * (3 - o)
        else:
            lo, hi = 182 - dog_and_excuse_max(d, 3 - o), 182 - d - 8 * (3 - o)
    elif made_by == "defence":
        if contract in ("petite", "garde"):
            hi = ecart_top(d) + 8 * o
        elif contract == "garde_sans":
            hi = dog_and_excuse_max(d, o)
        else:
            hi = 8 * o
        lo = dog_a + 8 * o
    else:
        low_d = n - 1 if o >= 1 and pab != "attack" else n
        hi = 182 - (8 * (3 - o) + dog_d + low_d)
        low_a = n - 1 if with_partner and o <= 2 and pab != "defence" else n
        lo = 8 * o + dog_a + low_a
    lo = max(lo, 8 * o)
    hi = min(hi, 182 - 8 * (3 - o))
    return (lo, hi) if lo <= hi else None


def valid_record(rng):
    while True:
        players = rng.choice([4, 4, 4, 5, 5, 3])
        taker = rng.randrange(players)
        partner = None
        if players == 5:
            partner = rng.randrange(players) if rng.random() < 0.85 else None
        contract = rng.choice(CONTRACTS + ["petite", "garde", "garde"])
        o = rng.choice([0, 1, 1, 2, 2, 2, 3])
        pab = rng.choice([None] * 8 + ["attack", "defence"])
        made_by = None
        announced = False
        r = rng.random()
        if r < 0.01:
            made_by, announced = "attack", rng.random() < 0.6
        elif r < 0.012:
            made_by = "defence"
        elif r < 0.015:
            announced = True
        with_partner = partner is not None and partner != taker
        bounds = possible(players, with_partner, contract, o, pab, made_by)
        if bounds is None:
            continue
        half = rng.randint(*bounds)
        rec = {"players": players, "taker": taker, "contract": contract,
               "oudlers": o, "points": half / 2 if half % 2 else half // 2}
        if players == 5:
            rec["partner"] = partner
        if rng.random() < 0.15:
            rec["handfuls"] = [{"seat": rng.randrange(players), "size": rng.choice(SIZES[:2])}]
        if pab is not None or rng.random() < 0.3:
            rec["petit_au_bout"] = pab
        if made_by is not None or announced or rng.random() < 0.3:
            rec["chelem"] = {"announced": announced, "made_by": made_by}
        return rec


def invalid_record(rng):
    rec = valid_record(rng)
    kind = rng.randrange(7)
    if kind == 0:
        rec["contract"] = rng.choice(["gard", "prise", "GARDE", ""])
    elif kind == 1:
        rec["points"] = rng.choice([91.5, -1, 100, 43.25])
    elif kind == 2:
        rec["oudlers"] = 4
    elif kind == 3:
        rec["taker"] = rec["players"]
    elif kind == 4:
        rec["points"] = 91 if rec["oudlers"] < 3 else 0
    elif kind == 5:
        rec["handfuls"] = [{"seat": 0, "size": "double"}, {"seat": 0, "size": "simple"}]
    else:
        rec["points"] = str(rec["points"])
    return rec


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("count", type=int)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--invalid", type=float, default=0.1)
    ap.add_argument("--not-json", type=float, default=0.0)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    out = sys.stdout
    write = out.write
    for _ in range(args.count):
        r = rng.random()
        if r < args.not_json:
            write("{not json\n")
        elif r < args.not_json + args.invalid:
            write(json.dumps(invalid_record(rng)) + "\n")
        else:
            write(json.dumps(valid_record(rng)) + "\n")


if __name__ == "__main__":
    main()

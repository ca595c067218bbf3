#!/usr/bin/env python3
"""The tuning sweep of docs/rating.md: the rating's fit replayed in Python
(floats, dense elimination; the same figures as `chelem club-sim --load` to
the printed precision) on seasons saved by `chelem club-sim --save`, for
several seat weightings, caps and priors, with what the binary's report
lacks: each level's spread, so that a gap between two levels can be read
against its standard error.

    python3 scripts/rating-sweep.py season-100.jsonl season-101.jsonl
"""
import json, sys, math

def load(f):
    lines = open(f).read().splitlines()
    h = json.loads(lines[0]); ts = [json.loads(l) for l in lines[1:]]
    return h, ts

def mult(scores):
    act = [s for s in scores if s != 0]
    if len(act) < 3: return None
    for u in sorted(set(abs(s) for s in act)):
        if sum(1 for s in act if abs(s) == u) + 1 >= len(act):
            m = [s // u for s in scores]
            if all(s == k*u for s, k in zip(scores, m)) and all(abs(k) <= 5 for k in m):
                return m
    return None

def solve(A, b, prior):
    n = len(b)
    M = [row[:] + [b[i]] for i, row in enumerate(A)]
    for i in range(n): M[i][i] += prior
    for c in range(n):
        p = M[c][c]
        for r in range(n):
            if r != c and M[r][c] != 0:
                f = M[r][c] / p
                Mr, Mc = M[r], M[c]
                for k in range(c, n+1): Mr[k] -= f * Mc[k]
    return [M[i][n] / M[i][i] for i in range(n)]

CLIP = None; HUBER = None
def deal_terms(scores, wfun):
    n = len(scores)
    m = mult(scores) if (wfun or CLIP or HUBER) else None
    if m is not None:
        unit = abs(next(s // k for s, k in zip(scores, m) if k != 0))
        if CLIP and unit > CLIP:
            scores = [k * (CLIP if s*k > 0 else -CLIP) for s, k in zip(scores, m)]
        hw = min(1.0, HUBER / unit) if HUBER else 1.0
        if wfun is None: wfun0 = lambda a, m: hw
        else: wfun0 = lambda a, m, f=wfun: f(a, m) * hw
    if m is None:
        w = [1.0]*n; on = list(range(n))
    else:
        on = [i for i in range(n) if m[i] != 0]
        w = [wfun0(abs(m[i]), m) if m[i] != 0 else 0.0 for i in range(n)]
    k = len(on); W = sum(w[i] for i in on)
    ws = sum(w[i]*scores[i] for i in on)
    mat = {}; rhs = {}
    for i in on:
        rhs[i] = w[i]*scores[i] - ws/k
        for j in on:
            mat[(i,j)] = (w[i] if i == j else 0) - (w[i]+w[j])/k + W/(k*k)
    return mat, rhs

def spearman(a, b):
    def ranks(x):
        idx = sorted(range(len(x)), key=lambda i: x[i]); out=[0]*len(x); i=0
        while i < len(idx):
            j=i
            while j+1 < len(idx) and x[idx[j+1]] == x[idx[i]]: j+=1
            for q in idx[i:j+1]: out[q] = (i+j)/2+1
            i=j+1
        return out
    ra, rb = ranks(a), ranks(b); n=len(a); ma=sum(ra)/n; mb=sum(rb)/n
    cov=sum((x-ma)*(y-mb) for x,y in zip(ra,rb)); va=sum((x-ma)**2 for x in ra); vb=sum((y-mb)**2 for y in rb)
    return 0.0 if va == 0 or vb == 0 else cov/math.sqrt(va*vb)

def run(f, wfun, prior=40.0, half=100.0, after=20):
    h, ts = load(f); N = h["per_level"]*4
    A = [[0.0]*N for _ in range(N)]; b = [0.0]*N
    decay = 0.5**(1/half) if half else 1.0
    hist = []
    seen = set()
    for t in ts:
        for i in range(N):
            b[i] *= decay
            for j in range(N): A[i][j] *= decay
        for d in t["free"]:
            ids = [p-1 for p, _ in d["scores"]]; sc = [s for _, s in d["scores"]]
            mat, rhs = deal_terms(sc, wfun)
            for (i, j), v in mat.items(): A[ids[i]][ids[j]] += v
            for i, v in rhs.items(): b[ids[i]] += v
            seen.update(ids)
        th = solve(A, b, prior)
        hist.append({i: th[i] for i in seen})
    level = lambda p: p % 4
    def lv(snap):
        out=[]
        for l in range(4):
            xs=[v for p, v in snap.items() if level(p)==l]
            mu=sum(xs)/len(xs); sd=math.sqrt(sum((x-mu)**2 for x in xs)/(len(xs)-1))
            out.append((mu, sd))
        return out
    # held out
    todate = {}; diffs = []; rs = []; ps = []
    for ti, t in enumerate(ts):
        tot = {}
        for d in t["free"]:
            for p, s in d["scores"]: tot[p-1] = tot.get(p-1, 0) + s
        pl = sorted(tot)
        if ti >= after:
            act = [tot[p] for p in pl]
            r = spearman([hist[ti-1].get(p, 0.0) for p in pl], act)
            q = spearman([todate[p][0]/todate[p][1] if p in todate else 0.0 for p in pl], act)
            rs.append(r); ps.append(q); diffs.append(r-q)
        for d in t["free"]:
            for p, s in d["scores"]:
                e = todate.setdefault(p-1, [0, 0]); e[0] += s; e[1] += 1
    return lv(hist[after-1]), lv(hist[-1]), rs, ps, diffs


def main(files):
    W = {"equal": None, "by_role": lambda a, m: 1.0/(a*a), "by_role_linear": lambda a, m: 1.0/a}
    rows = [("equal", None, 40), ("by_role", None, 40), ("by_role_linear", None, 40),
            ("equal", 100, 10), ("equal", 50, 10), ("equal", 25, 10), ("equal", 50, 40),
            ("by_role", 50, 10), ("by_role_linear", 50, 10)]
    for name, cap, prior in rows:
        global CLIP
        CLIP = cap
        allD=[]; zq=[]; zs=[]; ok=0; tot=0
        for f in files:
            a, z, rs, ps, d = run(f, W[name], float(prior), 100.0)
            allD += d
            for s in (a, z):
                se = lambda x, y: (s[y][0]-s[x][0]) / math.sqrt((s[x][1]**2 + s[y][1]**2)/6)
                zq.append(se(1,2)); zs.append(se(2,3))
                tot += 1; ok += all(s[i][0] < s[i+1][0] for i in range(3))
        n=len(allD); mu=sum(allD)/n; sd=math.sqrt(sum((x-mu)**2 for x in allD)/(n-1)/n)
        print(f"| `{name}` | {cap if cap else '—'} | {prior} | {ok} / {tot} | {min(zq):.1f} to {max(zq):.1f} | {min(zs):.1f} to {max(zs):.1f} | {mu:+.3f} ± {sd:.3f} |")


if __name__ == "__main__":
    main(sys.argv[1:])

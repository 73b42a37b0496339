#!/usr/bin/env python3
# cpu-per-order.py <samples.jsonl> (from cpu-sample.py): CPU ms per order of each process.
# The window: from the sample before the first order to the last sample where orders were still
# inserted or the settlement worker still worked (>20% of a core), at most until the exchange stops. CPU is summed from the
# rises between samples, so a Postgres backend that exits (its time leaves the sum) costs only
# that second.
import sys, json
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
rows = [r for r in rows if r['orders'] is not None]
first = next(i for i in range(1, len(rows)) if rows[i]['orders'] > rows[i - 1]['orders'])
a = max(0, first - 1)
b = a
KINDS = ('gateway', 'worker', 'engine', 'pg')
for i in range(a + 1, len(rows)):
    # The exchange stopping (one of its processes gone) ends the window.
    if any(rows[i][k + '_n'] != rows[a][k + '_n'] for k in ('gateway', 'worker', 'engine')):
        break
    busy = (rows[i]['worker'] - rows[i - 1]['worker']) / (rows[i]['t'] - rows[i - 1]['t']) > 200
    if busy or rows[i]['orders'] > rows[i - 1]['orders']:
        b = i
n = rows[b]['orders'] - rows[a]['orders']
dt = rows[b]['t'] - rows[a]['t']
print(f"window {dt:.1f} s, {n} orders")
tot = 0
for k in KINDS:
    d = sum(max(0, rows[i][k] - rows[i - 1][k]) for i in range(a + 1, b + 1))
    tot += d
    print(f"  {k:8s} {d / n:.3f} ms/order  ({100 * d / 1000 / dt:.0f}% of a core on average)")
print(f"  total    {tot / n:.3f} ms/order")

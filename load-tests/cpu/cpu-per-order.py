#!/usr/bin/env python3
# cpu-per-order.py <samples.jsonl> (from cpu-sample.py): CPU ms per order of each process.
# CPU per order over the order phase (warm-up + measured) and settlement's catch-up after it:
# from the sample before the first order to the last sample where the worker still worked (>20% core).
import sys, json
rows=[json.loads(l) for l in open(sys.argv[1]) if l.strip()]
rows=[r for r in rows if r['orders'] is not None]
first=next(i for i in range(1,len(rows)) if rows[i]['orders']>rows[i-1]['orders'])
a=max(0,first-1)
b=a
for i in range(a+1,len(rows)):
    if rows[i]['worker_n']==0 or rows[i]['worker']<rows[i-1]['worker']: break
    if (rows[i]['worker']-rows[i-1]['worker'])/(rows[i]['t']-rows[i-1]['t'])>200: b=i
A,B=rows[a],rows[b]; n=B['orders']-A['orders']; dt=B['t']-A['t']
print(f"window {dt:.1f} s, {n} orders")
tot=0
for k in ['gateway','worker','engine','pg']:
    d=B[k]-A[k]; tot+=d
    print(f"  {k:8s} {d/n:.3f} ms/order  ({100*d/1000/dt:.0f}% of a core on average)")
print(f"  total    {tot/n:.3f} ms/order")

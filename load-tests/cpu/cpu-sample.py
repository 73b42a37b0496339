#!/usr/bin/env python3
# cpu-sample.py <database> <out.jsonl> [repo root]: every second, utime+stime (ms) of the bench's gateway,
# settlement worker and engine (node processes with a bench: REDIS_PREFIX whose folder is in this repository),
# of the Postgres backends of the database, and spot_order's inserted rows, as JSON lines. Stop it with Ctrl-C.
import os, sys, time, json, subprocess
DB = sys.argv[1]; OUT = sys.argv[2]
ROOT = os.path.realpath(sys.argv[3] if len(sys.argv) > 3 else os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
HZ = os.sysconf('SC_CLK_TCK')
def cpu(pid):
    try:
        f = open(f'/proc/{pid}/stat').read().rsplit(')',1)[1].split()
        return (int(f[11]) + int(f[12])) * 1000 / HZ
    except Exception: return None
def procs():
    out = {'gateway': [], 'worker': [], 'engine': [], 'pg': []}
    for pid in os.listdir('/proc'):
        if not pid.isdigit(): continue
        try:
            cmd = open(f'/proc/{pid}/cmdline','rb').read().replace(b'\0',b' ').decode()
        except Exception: continue
        if cmd.startswith('postgres: ') and f' {DB} ' in cmd: out['pg'].append(pid); continue
        if 'node' not in cmd or 'tsx' not in cmd: continue
        try:
            cwd = os.readlink(f'/proc/{pid}/cwd'); env = open(f'/proc/{pid}/environ','rb').read().split(b'\0')
        except Exception: continue
        if not cwd.startswith(ROOT + '/'): continue
        if not any(e.startswith(b'REDIS_PREFIX=bench:') for e in env): continue
        if 'src/main.ts' in cmd: out['engine'].append(pid)
        elif b'SETTLEMENT=true' in env: out['worker'].append(pid)
        elif b'SETTLEMENT=false' in env: out['gateway'].append(pid)
    return out
def inserts():
    try:
        r = subprocess.run(['psql','-qtA','-h','localhost','-U','postgres','-d',DB,'-c',"select coalesce(sum(n_tup_ins),0) from pg_stat_user_tables where relname='spot_order'"],capture_output=True,text=True,timeout=3)
        return int(r.stdout.strip() or 0)
    except Exception: return None
# Cumulative CPU per kind: each process's rise since the previous sample (a new one's whole time),
# so a process that exits (a Postgres backend) does not take its time out of the sum.
prev = {}; cum = {'gateway': 0, 'worker': 0, 'engine': 0, 'pg': 0}
with open(OUT,'w') as o:
    while True:
        p = procs(); row = {'t': time.time(), 'orders': inserts()}; seen = {}
        for k, pids in p.items():
            for x in pids:
                c = cpu(x)
                if c is None: continue
                seen[x] = c; cum[k] += c - prev.get(x, 0)
            row[k] = cum[k]; row[k+'_n'] = len(pids)
        prev = seen
        o.write(json.dumps(row)+'\n'); o.flush(); time.sleep(1)

// The CPU time the bench's server side spends, read from /proc (Linux): the API's process (all its
// threads) and the PostgreSQL processes under it (the server's backends, and those that ended,
// which the postmaster has reaped). Divided by the requests of a run, it is what one request costs
// whatever else the machine is doing, where req/s and p99 move with the machine's load.
import fs from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime, stime, cutime, cstime and the parent of a process, or null when it has gone. */
function stat(pid) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(fields[1]),
      own: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
      reaped: (Number(fields[13]) + Number(fields[14])) * TICK_MS,
    };
  } catch {
    return null;
  }
}

/**
 * `{ api, db }` in ms: the process `pid` and everything below it, PostgreSQL's reaped backends
 * included. Null where there is no /proc (not Linux): the report then shows no CPU figures.
 */
export function serverCpu(pid) {
  if (process.platform !== 'linux') return null;
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const info = stat(entry);
    if (!info) continue;
    const list = children.get(info.ppid) ?? [];
    list.push(Number(entry));
    children.set(info.ppid, list);
  }
  const api = stat(pid);
  let db = 0;
  const below = [...(children.get(pid) ?? [])];
  while (below.length > 0) {
    const next = below.pop();
    const info = stat(next);
    if (!info) continue;
    db += info.own + info.reaped;
    below.push(...(children.get(next) ?? []));
  }
  return { api: api?.own ?? 0, db };
}

/** The CPU a run's requests cost each, in ms, from two readings around it. */
export function cpuPerRequest(before, after, requests) {
  if (!before || !after) return undefined;
  const n = Math.max(1, requests);
  const round2 = (x) => Math.round(x * 100) / 100;
  return { api: round2((after.api - before.api) / n), db: round2((after.db - before.db) / n) };
}

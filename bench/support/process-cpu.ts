import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux (getconf CLK_TCK)

/**
 * CPU time (user + system) a process has used so far, in ms; 0 when it is gone. From /proc (Linux).
 * `withEndedChildren` adds what its children that ended (and were waited for) used.
 */
export function processCpuMs(pid: number, withEndedChildren = false): number {
  try {
    // Fields after the command name (which may hold spaces): state is the 3rd field, then
    // utime, stime, cutime and cstime are the 14th to 17th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return (withEndedChildren ? own + Number(fields[13]) + Number(fields[14]) : own) * TICK_MS;
  } catch {
    return 0;
  }
}

/**
 * CPU time used so far by PostgreSQL on this machine, in ms: every postgres process (server,
 * backends, writers) and the backends that ended (the server waits for them, so their time moves
 * into its children's time: the sum does not drop when a connection closes).
 */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += processCpuMs(Number(entry), true);
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

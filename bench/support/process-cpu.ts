import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux (getconf CLK_TCK)

/** CPU time (user + system) a process has used so far, in ms; 0 when it is gone. From /proc (Linux). */
export function processCpuMs(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): state is the 3rd field, utime the 14th, stime the 15th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** CPU time used so far by every PostgreSQL process of this machine (server, backends, writers), in ms. */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += processCpuMs(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

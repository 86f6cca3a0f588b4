import { readFileSync } from 'node:fs';

/**
 * A process's CPU time so far (utime + stime, and stime alone, in ms; /proc/<pid>/stat fields 14
 * and 15 in clock ticks of 10 ms) and its resident memory, for benches that charge CPU to one
 * process of several (scripts/bench/relay.ts, scripts/bench/relay-floor.ts).
 */
export function procStat(pid: number = process.pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(stat[11]) + Number(stat[12]);
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
  return { cpuMs: ticks * 10, sysMs: Number(stat[12]) * 10, rssKb };
}

import { readFileSync } from 'node:fs';

/** Peak resident set size of a process (this one by default), from VmHWM in /proc/<pid>/status. */
export function peakRssMb(pid: number = process.pid): number | null {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : null;
}

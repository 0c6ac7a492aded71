import { readFileSync } from 'node:fs';

/** Clock ticks a second in /proc (Linux's USER_HZ). */
const CLK_TCK = 100;

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat; 0 when it is gone. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return 0;
  }
}

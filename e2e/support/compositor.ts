import { execFileSync } from 'node:child_process';

/**
 * Stops the display compositor of the Chromium this worker launched (its GPU process, which composites in software
 * here) until the returned function is called: the page keeps loading and running scripts, but no frame is drawn or
 * presented, as happens for seconds at times when headless Chromium is starved on a loaded machine. Linux only (ps and
 * signals), like the CI.
 */
export function stopCompositor(): () => void {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => {
      const [pid = '', ppid = '', ...args] = line.trim().split(/\s+/);
      return { pid: Number(pid), ppid: Number(ppid), args: args.join(' ') };
    });
  // the browser is a descendant of this worker; another worker's browser is not
  const ours = new Set([process.pid]);
  for (let grown = true; grown;) {
    grown = false;
    for (const row of rows) {
      if (ours.has(row.ppid) && !ours.has(row.pid)) {
        ours.add(row.pid);
        grown = true;
      }
    }
  }
  const compositors = rows.filter((row) => ours.has(row.pid) && row.args.includes('--type=gpu-process')).map((row) => row.pid);
  if (compositors.length === 0) throw new Error('No se encontró el proceso GPU del navegador de este worker');
  for (const pid of compositors) process.kill(pid, 'SIGSTOP');
  let resumed = false;
  return () => {
    if (resumed) return;
    resumed = true;
    for (const pid of compositors) process.kill(pid, 'SIGCONT');
  };
}

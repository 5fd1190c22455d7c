// Peak resident memory of a process, sampled every 500 ms. Linux reports the kernel's own peak
// (VmHWM) too, which also catches spikes between samples; elsewhere `ps` is sampled.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

export interface RssSampler {
  /** Highest resident set size seen so far, in bytes. */
  peak(): number
  stop(): number
}

/** A process's peak; or, with `{ group }`, the largest peak among a process group's members. */
export function sampleRss(target: number | { group: number }, intervalMs = 500): RssSampler {
  let peak = 0
  const sample = () => {
    const pids = typeof target === 'number' ? [target] : groupMembers(target.group)
    for (const pid of pids) peak = Math.max(peak, readRss(pid))
  }
  sample()
  const timer = setInterval(sample, intervalMs)
  timer.unref()
  return {
    peak: () => peak,
    stop() {
      sample()
      clearInterval(timer)
      return peak
    },
  }
}

function readRss(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1])
    return Math.max(kb('VmHWM') || 0, kb('VmRSS') || 0) * 1024
  } catch {
    try {
      return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)]).toString()) * 1024
    } catch {
      return 0 // the process has exited
    }
  }
}

// Field 5 of /proc/<pid>/stat is the process group (after the command name in parentheses).
function groupMembers(group: number): number[] {
  const members: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (Number(fields[2]) === group) members.push(Number(entry))
    } catch {
      // exited meanwhile
    }
  }
  return members
}

export function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MiB`
}

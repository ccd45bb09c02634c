import fs from "node:fs";

/**
 * CPU time (utime + stime) a process has used so far, in milliseconds, from /proc/<pid>/stat:
 * how the server's own work is compared between two runs on a loaded machine. Clock ticks are
 * 10 ms, so only totals over many requests mean anything. Null where /proc is absent.
 */
export function processCpuMs(pid: number): number | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // The command name (field 2) may hold spaces: count from its closing parenthesis. Fields 14 and
  // 15 of proc(5) are utime and stime; the slice starts at field 3.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** sysconf(_SC_CLK_TCK): 100 on every Linux this runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU time all threads of a process have used so far, in milliseconds with nanosecond resolution
 * (/proc/<pid>/task/<tid>/schedstat, first field): fine enough for one request. Null where /proc
 * or schedstat is absent.
 */
export function processThreadsCpuMs(pid: number): number | null {
  try {
    let ns = 0;
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
      } catch {
        /* the thread ended between the listing and the read */
      }
    }
    return ns / 1e6;
  } catch {
    return null;
  }
}

/** CPU time of one thread of a process so far (ms; /proc/<pid>/task/<tid>/schedstat): `tid` = `pid` is its main thread. Null where absent. */
export function threadCpuMs(pid: number, tid = pid): number | null {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
  } catch {
    return null;
  }
}

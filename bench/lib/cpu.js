/**
 * CPU time per process over a scenario, from /proc (Linux): which process a request's CPU goes
 * to is what limits throughput when everything shares the same cores.
 */
const fs = require('node:fs');
const os = require('node:os');

const TICK_MS = 10; // USER_HZ is 100 on Linux

function processTicks(pid) {
  try {
    // fields after the ")" of the command name: utime and stime are the 12th and 13th of those
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** Ticks of every process whose command name is `comm` (e.g. all Postgres backends). */
function commandTicks(comm) {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== comm) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/**
 * Ticks of the Postgres backends serving a database that `ownDatabase(name)` accepts: a backend's
 * process title names its database ("postgres: 15/main: user database host(port) state"), so
 * the backends of other work sharing the server are left out.
 */
function backendTicks(ownDatabase) {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
      const title = /^postgres: [^:]+: \S+ (\S+) /.exec(fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8'));
      if (!title || !ownDatabase(title[1])) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/** Shared servers counted by command name (their connections' processes included). */
const SERVERS = { postgres: 'postgres', nats: 'nats-server' };

function machineTicks() {
  const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = values.map(Number);
  return { busy: user + nice + system + irq + softirq + steal, idle: idle + iowait };
}

/**
 * Starts counting; `stop()` answers CPU ms per named process, the rest of the machine, and idle.
 * With `ownDatabase` (a database name → boolean) also `postgres, own databases`: the part of
 * `postgres` spent by the backends of those databases (not counted twice in the rest).
 */
function cpuMeter(pids, { ownDatabase } = {}) {
  if (os.platform() !== 'linux') return { stop: () => null };
  const ownBefore = ownDatabase ? backendTicks(ownDatabase) : 0;
  const before = Object.fromEntries(Object.entries(pids).map(([name, list]) => [name, list.reduce((n, pid) => n + processTicks(pid), 0)]));
  const serversBefore = Object.fromEntries(Object.entries(SERVERS).map(([name, comm]) => [name, commandTicks(comm)]));
  const machineBefore = machineTicks();
  const benchBefore = process.cpuUsage();
  return {
    stop() {
      const ms = {};
      let named = 0;
      for (const [name, list] of Object.entries(pids)) {
        ms[name] = (list.reduce((n, pid) => n + processTicks(pid), 0) - before[name]) * TICK_MS;
        named += ms[name];
      }
      for (const [name, comm] of Object.entries(SERVERS)) {
        // (a backend that exits takes its ticks with it: never below 0)
        ms[name] = Math.max(0, commandTicks(comm) - serversBefore[name]) * TICK_MS;
        named += ms[name];
      }
      // (part of postgres above: not added to `named`)
      if (ownDatabase) ms['postgres, own databases'] = Math.max(0, backendTicks(ownDatabase) - ownBefore) * TICK_MS;
      const bench = process.cpuUsage(benchBefore);
      ms['load generator'] = Math.round((bench.user + bench.system) / 1000);
      const machine = machineTicks();
      const busy = (machine.busy - machineBefore.busy) * TICK_MS;
      // the kernel's own work (network between the processes, softirqs) and anything else running
      ms['kernel, other'] = Math.max(0, busy - named - ms['load generator']);
      ms.idle = (machine.idle - machineBefore.idle) * TICK_MS;
      return ms;
    },
  };
}

/** "gateway 1.2, ordering 3.4, ..." in CPU ms per request (idle left out). */
function perRequest(ms, requests) {
  if (!ms || requests === 0) return '';
  return Object.entries(ms)
    .filter(([name]) => name !== 'idle')
    .map(([name, v]) => `${name} ${(v / requests).toFixed(2)}`)
    .join(', ');
}

module.exports = { cpuMeter, perRequest };

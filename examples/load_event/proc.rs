//! The server's memory and CPU, read from `/proc/<pid>` (Linux).

use std::time::Instant;

/// Clock ticks per second of `/proc/<pid>/stat` (`getconf CLK_TCK`: 100 on Linux).
const CLK_TCK: f64 = 100.0;

/// Resident memory in MB (`VmRSS`), `None` when the process is gone.
pub fn rss_mb(pid: u32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    Some(kb / 1024.0)
}

/// CPU time used so far (user + system), in seconds.
pub fn cpu_seconds(pid: &str) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name may hold spaces: the fields start after its ')'.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / CLK_TCK)
}

/// The busy time of the whole machine (every core), in seconds.
pub fn machine_busy_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/stat").ok()?;
    let cpu: Vec<f64> = stat
        .lines()
        .next()?
        .split_whitespace()
        .skip(1)
        .filter_map(|v| v.parse().ok())
        .collect();
    // user nice system idle iowait irq softirq steal...: all but idle and iowait.
    let busy: f64 = cpu
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != 3 && *i != 4)
        .map(|(_, v)| v)
        .sum();
    Some(busy / CLK_TCK)
}

/// CPU counters at one moment, to tell the CPU used over a span.
#[derive(Clone, Copy)]
pub struct CpuMark {
    at: Instant,
    server: f64,
    client: f64,
    machine: f64,
}

/// CPU used over a span, in cores (1.0 = one core busy all along).
#[derive(Clone, Copy, Debug, Default)]
pub struct CpuUse {
    /// The server process.
    pub server: f64,
    /// This load client.
    pub client: f64,
    /// The whole machine (the database, other users…).
    pub machine: f64,
}

impl CpuMark {
    /// Now.
    pub fn now(pid: u32) -> CpuMark {
        CpuMark {
            at: Instant::now(),
            server: cpu_seconds(&pid.to_string()).unwrap_or(0.0),
            client: cpu_seconds("self").unwrap_or(0.0),
            machine: machine_busy_seconds().unwrap_or(0.0),
        }
    }

    /// What was used from `self` to `later`.
    pub fn until(&self, later: &CpuMark) -> CpuUse {
        let wall = (later.at - self.at).as_secs_f64().max(1e-9);
        CpuUse {
            server: (later.server - self.server) / wall,
            client: (later.client - self.client) / wall,
            machine: (later.machine - self.machine) / wall,
        }
    }
}

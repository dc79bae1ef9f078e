//! A criterion measurement of the benchmark thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`
//! through the `cpu-time` crate) instead of wall time: on a machine shared with other builds
//! the wall time of a benchmark grows with the load, while the time the thread itself ran
//! does not (much). On an idle machine the two agree for this single-threaded engine.

use cpu_time::ThreadTime;
use criterion::measurement::{Measurement, ValueFormatter};
use criterion::Throughput;
use std::time::Duration;

/// CPU time of the benchmark thread, reported in the units criterion uses for wall time.
pub struct ThreadCpu;

impl Measurement for ThreadCpu {
    type Intermediate = ThreadTime;
    type Value = Duration;

    fn start(&self) -> ThreadTime {
        ThreadTime::now()
    }
    fn end(&self, start: ThreadTime) -> Duration {
        start.elapsed()
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &Nanos
    }
}

/// Formats nanoseconds as ns, µs, ms or s, and throughputs per second.
struct Nanos;

impl ValueFormatter for Nanos {
    fn scale_values(&self, typical_ns: f64, values: &mut [f64]) -> &'static str {
        let (factor, unit) = match typical_ns {
            ns if ns < 1e3 => (1.0, "ns"),
            ns if ns < 1e6 => (1e-3, "µs"),
            ns if ns < 1e9 => (1e-6, "ms"),
            _ => (1e-9, "s"),
        };
        values.iter_mut().for_each(|v| *v *= factor);
        unit
    }

    fn scale_throughputs(
        &self,
        typical_ns: f64,
        throughput: &Throughput,
        values: &mut [f64],
    ) -> &'static str {
        let (count, units) = match *throughput {
            Throughput::Bytes(n) | Throughput::BytesDecimal(n) => {
                (n as f64, ["B/s", "KB/s", "MB/s", "GB/s"])
            }
            Throughput::Bits(n) => (n as f64, ["b/s", "Kb/s", "Mb/s", "Gb/s"]),
            Throughput::Elements(n) | Throughput::ElementsAndBytes { elements: n, .. } => {
                (n as f64, ["elem/s", "Kelem/s", "Melem/s", "Gelem/s"])
            }
        };
        let per_second = |ns: f64| count * 1e9 / ns;
        let (denominator, unit) = match per_second(typical_ns) {
            r if r < 1e3 => (1.0, units[0]),
            r if r < 1e6 => (1e3, units[1]),
            r if r < 1e9 => (1e6, units[2]),
            _ => (1e9, units[3]),
        };
        values
            .iter_mut()
            .for_each(|v| *v = per_second(*v) / denominator);
        unit
    }

    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

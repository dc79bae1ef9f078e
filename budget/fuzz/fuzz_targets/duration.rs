//! The duration reader on any UTF-8 input, with every bare unit and none: no panic, and what
//! the plain parser reads the cell reader reads as the same duration.
#![no_main]

use budget::duration::{self, Unit};
use budget::value::{self, Cell, Dur};
use libfuzzer_sys::fuzz_target;

const UNITS: [Option<Unit>; 8] = [
    None,
    Some(Unit::Nanos),
    Some(Unit::Micros),
    Some(Unit::Millis),
    Some(Unit::Seconds),
    Some(Unit::Minutes),
    Some(Unit::Hours),
    Some(Unit::Days),
];

fuzz_target!(|text: &str| {
    for unit in UNITS {
        let read = value::read_duration(text, unit);
        if let Ok(Cell::Duration {
            dur, below_one_ms, ..
        }) = read
        {
            assert!(
                !below_one_ms
                    || matches!(
                        dur,
                        Dur::Exact(1) | Dur::AtLeast(1) | Dur::Range(1, _) | Dur::Range(_, 1)
                    ),
                "{text:?}: below 1 ms but {dur:?}"
            );
        }
        if let Ok(ms) = duration::parse(text, unit) {
            assert!(
                matches!(read, Ok(Cell::Duration { dur: Dur::Exact(m), .. }) if m == ms)
                    || matches!(
                        read,
                        Ok(Cell::Duration {
                            dur: Dur::Infinite,
                            ..
                        })
                    )
                    || matches!(read, Ok(Cell::NotSet)),
                "{text:?}: parse says {ms} ms, read_duration {read:?}"
            );
        }
    }
});

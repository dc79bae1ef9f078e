//! The tries reader on any UTF-8 input: no panic, between 1 and MAX_TRIES tries, one wait
//! (and its decimals) per later try.
#![no_main]

use budget::value::{self, TriesError, MAX_TRIES};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    match value::read_tries(text) {
        Ok(t) => {
            assert!((1..=MAX_TRIES).contains(&t.count), "{text:?}: {}", t.count);
            assert_eq!(t.waits_ms.len(), t.count as usize - 1, "{text:?}");
            assert_eq!(t.wait_decimals.len(), t.waits_ms.len(), "{text:?}");
        }
        Err(TriesError::TooMany(n)) => assert!(n > u64::from(MAX_TRIES), "{text:?}: {n}"),
        Err(_) => {}
    }
});

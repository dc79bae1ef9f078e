//! Words shared by the messages: a need (`15.5 s`, `≥ 100.0 s`, `∞`) and a count of tries.

use crate::display::duration;
use crate::sheet::Lang;

/// A need for a message: `15.5 s`, `≥ 100.0 s` (a lower bound, or a sum too large to hold),
/// `∞`.
pub(crate) fn need_secs(lang: Lang, need: crate::time::Time) -> String {
    match (need.need_ms(), need.is_open()) {
        (None, _) => "∞".to_string(),
        (Some(ms), true) => format!("≥ {}", duration(lang, ms)),
        (Some(ms), false) => duration(lang, ms),
    }
}

/// `1 try`, `3 tries`.
pub(super) fn tries_en(k: u32) -> String {
    if k == 1 {
        "1 try".to_string()
    } else {
        format!("{k} tries")
    }
}

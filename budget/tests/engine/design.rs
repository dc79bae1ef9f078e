//! A four-layer design the property tests generate at random, and its sheet.

use budget::{Lang, Row, Sheet};
use proptest::prelude::*;

/// A four-layer design: client -> gw (a deadline), gw -> app (connect, read, tries),
/// app (deadline, own time), app -> db (connect, statement, tries). Values in ms.
#[derive(Clone, Debug)]
pub struct Design {
    /// The client's own deadline, if it has one.
    pub client_deadline: Option<u64>,
    /// The deadline on client -> gw.
    pub edge_deadline: u64,
    /// gw -> app, bound by a read timeout.
    pub gw: Call,
    /// The app's deadline, if it has one.
    pub app_deadline: Option<u64>,
    /// The app's own processing time.
    pub app_own: u64,
    /// app -> db, bound by a statement timeout.
    pub db: Call,
}

/// A retried call: its connect timeout, the bound on the rest of a try, its number of tries
/// and the wait before each later try. Values in ms.
#[derive(Clone, Debug)]
pub struct Call {
    /// The connect timeout.
    pub connect: u64,
    /// The bound on the rest of a try: a read or a statement timeout.
    pub bound: u64,
    /// The number of tries.
    pub tries: u32,
    /// The wait before each later try.
    pub wait: u64,
}

/// A number of milliseconds: a multiple of 100 ms, `range` counting the hundreds.
pub fn ms(range: std::ops::Range<u64>) -> impl Strategy<Value = u64> {
    range.prop_map(|v| v * 100)
}

/// A call with a connect timeout and a bound in these ranges (in units of 100 ms), 1 to 4
/// tries and a wait under 2 s.
fn call(connect: std::ops::Range<u64>, bound: std::ops::Range<u64>) -> impl Strategy<Value = Call> {
    (ms(connect), ms(bound), 1u32..5, ms(0..20)).prop_map(|(connect, bound, tries, wait)| Call {
        connect,
        bound,
        tries,
        wait,
    })
}

/// A design with every value in a range where inversions and fits both occur.
pub fn design() -> impl Strategy<Value = Design> {
    (
        (
            proptest::option::of(ms(1..600)),
            ms(1..600),
            call(1..50, 1..300),
        ),
        (
            proptest::option::of(ms(1..400)),
            ms(0..20),
            call(1..50, 1..100),
        ),
    )
        .prop_map(
            |((client_deadline, edge_deadline, gw), (app_deadline, app_own, db))| Design {
                client_deadline,
                edge_deadline,
                gw,
                app_deadline,
                app_own,
                db,
            },
        )
}

/// A row of `segment` whose value is `ms` milliseconds.
fn r(segment: &str, item: &str, ms: u64) -> Row {
    Row::new(segment, item, &format!("{ms}ms"))
}

impl Call {
    /// The call's rows on `segment`: its connect timeout, its bound as `bound_item`, and its
    /// tries and waits.
    fn rows(&self, segment: &str, bound_item: &str) -> [Row; 3] {
        [
            r(segment, "connect timeout", self.connect),
            r(segment, bound_item, self.bound),
            Row::new(
                segment,
                "tries and waits",
                &format!("{} tries, waits {}ms", self.tries, self.wait),
            ),
        ]
    }
}

impl Design {
    /// The design's sheet, its findings written in `lang`.
    pub fn sheet(&self, lang: Lang) -> Sheet {
        let mut rows = vec![];
        if let Some(d) = self.client_deadline {
            rows.push(r("client", "deadline", d));
        }
        rows.push(r("client -> gw", "deadline", self.edge_deadline));
        rows.extend(self.gw.rows("gw -> app", "read timeout"));
        if let Some(d) = self.app_deadline {
            rows.push(r("app", "deadline", d));
        }
        rows.push(r("app", "own processing time", self.app_own));
        rows.extend(self.db.rows("app -> db", "statement timeout"));
        Sheet::new(lang, rows)
    }
}

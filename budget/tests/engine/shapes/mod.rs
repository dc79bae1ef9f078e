//! Generated worst-case sheet shapes, shared by `tests/engine/scaling.rs` and `benches/check.rs`:
//! each generator makes a sheet of about the number of rows asked for.
#![allow(dead_code)]

use budget::Row;

/// A row with a segment, an item and a value.
pub fn row(segment: &str, item: &str, value: &str) -> Row {
    Row {
        segment: segment.into(),
        item: item.into(),
        value: value.into(),
        ..Row::default()
    }
}

/// One hop, `a -> b`, with a connect and a read timeout and `rows - 2` nested tries layers of
/// `1000 tries, waits 0.5s` (the largest tries a cell may hold, each with 999 waits).
pub fn nested_tries(rows: usize) -> Vec<Row> {
    let mut out = vec![
        row("a -> b", "connect timeout", "0.5s"),
        row("a -> b", "read timeout", "1s"),
    ];
    out.extend((2..rows).map(|_| row("a -> b", "tries and waits", "1000 tries, waits 0.5s")));
    out
}

/// A chain `n0 -> n1 -> n2 …` of `rows / 2` hops, each with a read timeout and 2 tries, under
/// a 10 s deadline on the first node: every node past the second is `retry.amplification`.
pub fn chain(rows: usize) -> Vec<Row> {
    let mut out = vec![row("n0", "deadline", "10s")];
    let mut i = 0;
    while out.len() + 2 <= rows {
        let segment = format!("n{i} -> n{}", i + 1);
        out.push(row(&segment, "read timeout", "1s"));
        out.push(row(&segment, "tries and waits", "2 tries, waits 0.1s"));
        i += 1;
    }
    out
}

/// One caller calling `rows / 5` services, each hop with a connect and a read timeout, 3
/// non-idempotent tries, and a callee deadline it does not cover: an inversion and an unsafe
/// retry per hop.
pub fn fan_out(rows: usize) -> Vec<Row> {
    let mut out = Vec::new();
    for i in 0..rows / 5 {
        let segment = format!("app -> svc{i}");
        out.push(row(&segment, "connect timeout", "1s"));
        out.push(row(&segment, "read timeout", "2s"));
        out.push(row(&segment, "tries and waits", "3 tries, waits 0.5s, 1s"));
        out.push(row(&segment, "idempotency", "non-idempotent"));
        out.push(row(&format!("svc{i}"), "deadline", "5s"));
    }
    out
}

/// Parallel groups nested `rows / 5` deep: each node `p{i}` calls `p{i+1}` (2 tries) and a
/// leaf `q{i}` in one parallel group, each in a group of its own name.
pub fn parallel(rows: usize) -> Vec<Row> {
    let mut out = Vec::new();
    for i in 0..rows / 5 {
        let next = format!("p{i} -> p{}", i + 1);
        let leaf = format!("p{i} -> q{i}");
        out.push(row(&next, "read timeout", "1s"));
        out.push(row(&next, "parallel group", &format!("g{i}")));
        out.push(row(&next, "tries and waits", "2 tries"));
        out.push(row(&leaf, "read timeout", "2s"));
        out.push(row(&leaf, "parallel group", &format!("g{i}")));
    }
    out
}

/// One node with a 1 s deadline, one hop and `rows - 2` own processing rows of 10 ms.
pub fn own_rows(rows: usize) -> Vec<Row> {
    let mut out = vec![
        row("app", "deadline", "1s"),
        row("app -> db", "read timeout", "1s"),
    ];
    out.extend((2..rows).map(|_| row("app", "own processing time", "10ms")));
    out
}

/// A ladder of diamonds: `d{i}` calls `l{i}` and `r{i}`, both of which call `d{i+1}`, each
/// hop with a read timeout and 2 tries. The number of paths doubles with every diamond.
pub fn diamonds(rows: usize) -> Vec<Row> {
    let mut out = Vec::new();
    let mut i = 0;
    while out.len() + 8 <= rows {
        for segment in [
            format!("d{i} -> l{i}"),
            format!("d{i} -> r{i}"),
            format!("l{i} -> d{}", i + 1),
            format!("r{i} -> d{}", i + 1),
        ] {
            out.push(row(&segment, "read timeout", "1s"));
            out.push(row(&segment, "tries and waits", "2 tries"));
        }
        i += 1;
    }
    out
}

/// A hop `a -> b` with half the rows as nested tries layers of 2 tries, in front of as many
/// callees `c{i}` of `b`: every callee is `retry.amplification` along a path through those
/// tries rows.
pub fn retried_fan(rows: usize) -> Vec<Row> {
    let mut out = vec![
        row("a -> b", "connect timeout", "1s"),
        row("a -> b", "read timeout", "1s"),
    ];
    out.extend((2..rows / 2).map(|_| row("a -> b", "tries and waits", "2 tries")));
    let leaves = rows - out.len();
    out.extend((0..leaves).map(|i| row(&format!("b -> c{i}"), "read timeout", "1s")));
    out
}

/// Half the rows are callers `x{i}` of one hub, each waiting 1 s, the other half rows of the
/// hub's one call, which has 3 tries: every caller is `inversion.hop` whose fix names the
/// hub's call.
pub fn fan_in(rows: usize) -> Vec<Row> {
    let callers = rows / 2;
    let mut out: Vec<Row> = (0..callers)
        .map(|i| row(&format!("x{i} -> hub"), "read timeout", "1s"))
        .collect();
    out.push(row("hub -> db", "tries and waits", "3 tries"));
    out.push(row("hub -> db", "read timeout", "2s"));
    while out.len() < rows {
        out.push(row("hub -> db", "connect timeout", "1s"));
    }
    out
}

/// A generator of a sheet of about that many rows.
pub type Generator = fn(usize) -> Vec<Row>;

pub const SHAPES: [(&str, Generator); 8] = [
    ("nested tries on one hop", nested_tries),
    ("a long chain of retried hops", chain),
    ("one caller calling many hops", fan_out),
    ("deep parallel groups", parallel),
    ("many own rows on one node", own_rows),
    ("a ladder of diamonds", diamonds),
    ("one retried hop in front of many callees", retried_fan),
    ("many callers of one retried hop", fan_in),
];

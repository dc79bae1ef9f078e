//! Real-incident shapes, each a fixture sheet in `fixtures/` with its exact
//! verdict: every finding's code, place and numbers.

use budget::{check, tsv, Lang, Report, Sheet, Verdict};

use crate::shapes::hop;

fn report(name: &str) -> Report {
    let path = format!("{}/../fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let imported = tsv::import(&text).unwrap();
    check(&Sheet::new(
        imported.lang.unwrap_or(Lang::En),
        imported.rows,
    ))
}

/// One finding as (code, node or hop, rows, bound, need, short by, tries that fit).
type Verdict1 = (
    String,
    String,
    Vec<usize>,
    Option<u64>,
    Option<u64>,
    Option<u64>,
    Option<u32>,
);
/// Every finding of a report.
type Verdicts = Vec<Verdict1>;

fn verdicts(report: &Report) -> Verdicts {
    report
        .findings
        .iter()
        .map(|f| {
            (
                f.code.to_string(),
                f.node.clone().or(f.hop.clone()).unwrap_or_default(),
                f.rows.clone(),
                f.bound_ms,
                f.need_ms,
                f.short_by_ms,
                f.tries_that_fit,
            )
        })
        .collect()
}

fn v(
    code: &str,
    at: &str,
    rows: &[usize],
    nums: (Option<u64>, Option<u64>, Option<u64>),
    fit: Option<u32>,
) -> Verdict1 {
    (
        code.into(),
        at.into(),
        rows.to_vec(),
        nums.0,
        nums.1,
        nums.2,
        fit,
    )
}

/// A finding with no numbers: one that says something about its rows.
fn said(code: &str, at: &str, rows: &[usize]) -> Verdict1 {
    v(code, at, rows, (None, None, None), None)
}

/// A bare number on `row` of the hop `at`, read in the unit the catalog gives its setting: the
/// `read_ms` it comes to is implausible, and the unit is the catalog's.
fn bare_number(at: &str, row: usize, read_ms: u64) -> Verdicts {
    vec![
        v(
            "value.implausible",
            at,
            &[row],
            (Some(read_ms), None, None),
            None,
        ),
        said("value.unit_from_catalog", at, &[row]),
    ]
}

#[test]
fn an_alb_idle_timeout_of_60_s_in_front_of_nodes_default_5_s_keep_alive() {
    let r = report("alb-node-keepalive.tsv");
    assert_eq!(
        verdicts(&r),
        vec![
            v(
                "idle.direction",
                "ALB -> app",
                &[1, 2],
                (Some(5_000), Some(60_000), Some(55_000)),
                None
            ),
            // A finding about the rows of one hop names that hop.
            said("value.default_applied", "ALB -> app", &[2]),
        ]
    );
    assert_eq!(
        r.findings[1].message,
        "row 2: no value set; the default column's 5.0 s applies"
    );
}

#[test]
fn ingress_nginx_trying_3_upstreams_at_60_s_each() {
    let r = report("ingress-nginx-upstreams.tsv");
    let hop = hop(&r, "ingress -> app");
    assert_eq!(
        (hop.worst_ms, hop.tries, hop.verdict),
        (Some(195_000), 3, Verdict::Ok)
    );
    assert_eq!(
        verdicts(&r),
        vec![v(
            "inversion.hop",
            "client -> ingress",
            &[1, 2, 3, 4],
            (Some(100_000), Some(196_000), Some(96_000)),
            Some(1)
        )]
    );
}

#[test]
fn three_client_layers_of_3_3_and_5_attempts() {
    let r = report("three-client-layers.tsv");
    assert_eq!(
        verdicts(&r),
        vec![
            said("retry.amplification", "orders", &[2, 4]),
            said("retry.amplification", "payments", &[2, 4, 6]),
            v(
                "slack.none",
                "web -> api",
                &[1, 2],
                (Some(19_000), Some(19_000), None),
                None
            ),
            v(
                "slack.none",
                "api -> orders",
                &[3, 4],
                (Some(6_000), Some(6_000), None),
                None
            ),
        ]
    );
    assert_eq!(
        r.findings[1].message,
        "payments may receive 45 attempts for one request (3 × 3 × 5), more than the sheet's threshold of 3"
    );
    let counts: Vec<(Option<u64>, Option<u64>)> = r.findings[..2]
        .iter()
        .map(|f| (f.threshold, f.attempts))
        .collect();
    assert_eq!(counts, vec![(Some(3), Some(9)), (Some(3), Some(45))]);
}

#[test]
fn postgres_statement_timeout_written_as_60() {
    let r = report("postgres-bare-60.tsv");
    assert_eq!(verdicts(&r), bare_number("app -> DB", 2, 60));
    assert_eq!(r.hops[0].worst_ms, Some(5_060));
}

#[test]
fn a_go_http_client_timeout_written_as_30() {
    let r = report("go-client-30.tsv");
    assert_eq!(verdicts(&r), bare_number("app -> api", 1, 1));
    assert_eq!(
        r.findings[0].message,
        "row 1: \"30\" as an attempt timeout is under 1 ms (counted as 1 ms): almost always a unit mistake"
    );
    // 30 ns counts as 1 ms, never as 0 (which Go reads as no timeout).
    assert_eq!(r.hops[0].worst_ms, Some(1));
}

#[test]
fn a_queue_whose_visibility_timeout_is_shorter_than_the_jobs_timeout() {
    let r = report("queue-visibility.tsv");
    assert_eq!(
        verdicts(&r),
        vec![v(
            "queue.redelivery",
            "queue -> worker",
            &[1],
            (Some(30_000), Some(61_000), Some(31_000)),
            None
        )]
    );
}

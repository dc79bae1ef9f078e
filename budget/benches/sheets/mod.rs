//! The sheets of `../shared/bench/gen_sheet.py`, generated in Rust so that the benchmarks need
//! no Python: a `browser -> LB` front, then services behind the LB, each with a deadline, own
//! time, a DB hop (connect + statement) and an API hop (read, tries); 7 rows per service plus 1.
//! [`text`] writes exactly the script's output for the same number of services.
#![allow(dead_code)]

use budget::{tsv, Row};

/// The TSV `gen_sheet.py SERVICES` prints, byte for byte.
pub fn text(services: usize) -> String {
    let mut out = String::from(
        "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n\
         1\tbrowser -> LB\toverall deadline\tfetch AbortSignal.timeout\tnone\t60s\tfront end\tgenerated\n",
    );
    for s in 0..services {
        out.push_str(&format!(
            "2\tLB -> svc{s}\tread timeout\tproxy_read_timeout\t60s\t30\tnginx.conf\tgenerated\n\
             3\tsvc{s}\trequest deadline\tin-app deadline\tnone\t20s\tmiddleware\tgenerated\n\
             3\tsvc{s}\town processing time\t-\t-\t0.5s\t-\tgenerated\n\
             4\tsvc{s} -> db{s}\tconnect timeout\tconnect_timeout\t-\t1s\tDSN\tgenerated\n\
             4\tsvc{s} -> db{s}\tstatement timeout\tstatement_timeout\t0 (disabled)\t2000\tALTER ROLE\tgenerated\n\
             5\tsvc{s} -> api{s}\tread timeout\trequests timeout (read)\tnone\t2s\tclient\tgenerated\n\
             5\tsvc{s} -> api{s}\ttries and waits\tin-app retry settings\t-\t3 tries, waits 0.5s, 1s\tclient\tgenerated\n"
        ));
    }
    out
}

/// The first `rows` rows of a generated sheet (the last service cut short where `rows - 1` is
/// not a multiple of 7).
pub fn rows(rows: usize) -> Vec<Row> {
    let text = text(rows.div_ceil(7));
    let lines: Vec<&str> = text.lines().take(rows + 1).collect();
    let all = tsv::import(&lines.join("\n"))
        .expect("the generated sheet reads")
        .rows;
    assert_eq!(all.len(), rows, "a generated sheet of {rows} rows");
    all
}

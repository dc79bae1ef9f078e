//! `workbench diff`: G1 → G2 of `golden.md` with its exact trace, the exit statuses, the
//! Markdown review comment and its size limit, and `--git`.

use std::path::Path;
use std::process::Output;

use crate::binary::{assert_contains_all, git, json, stderr, stdout, workbench_in};
use crate::helpers::{fixture, golden_g2};

const G2_TRACE: &str = "app -> external API: read 1.5 s → 3 s, tries 2 → 3 (waits 0.3 s → 0.5 s, 1.0 s); worst 4.3 s → 12.0 s; app need 7.8 s → 15.5 s against its 8.0 s deadline: now inverted, short by 7.5 s, 1 try fits; LB -> app and browser -> LB unchanged (they wait on app's 8.0 s deadline, not on its need)";

/// A directory with `g1.tsv` and `g2.tsv`.
fn g1_g2() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("g1.tsv"), fixture("reservation-en.tsv")).unwrap();
    std::fs::write(dir.path().join("g2.tsv"), golden_g2()).unwrap();
    dir
}

/// Runs `workbench diff g1.tsv g2.tsv ARGS` in a fresh [`g1_g2`] directory.
fn diff_g1_g2(args: &[&str]) -> Output {
    let dir = g1_g2();
    let args: Vec<&str> = ["g1.tsv", "g2.tsv"].iter().chain(args).copied().collect();
    diff(dir.path(), &args)
}

/// Runs `workbench diff ARGS` in `dir`.
fn diff(dir: &Path, args: &[&str]) -> Output {
    let args: Vec<&str> = std::iter::once("diff")
        .chain(args.iter().copied())
        .collect();
    workbench_in(dir, &args, "")
}

#[test]
fn g1_to_g2_prints_the_trace_and_fails_on_a_new_error() {
    let dir = g1_g2();
    let o = diff(dir.path(), &["g1.tsv", "g2.tsv", "--fail-on-new", "error"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let text = stdout(&o);
    assert_eq!(
        text.lines().next(),
        Some("errors 0 → 1, warnings 0 → 0; app: ok → inverted, short by 7.5 s (2 cells changed)")
    );
    assert_contains_all(
        &text,
        &[
            &format!("\n  {G2_TRACE}\n    attempts external API: 2 → 3\n"),
            "  + new error inversion.node (rows 4, 6, 7, 8): app's deadline (8.0 s) ends before its calls may (15.5 s)\n",
            "  row 7 value: \"1.5s\" → \"3s\"\n",
            "  row 8 value: \"2 tries, waits 0.3s\" → \"3 tries, waits 0.5s, 1.0s\"\n",
        ],
    );
    assert_eq!(stderr(&o), "");

    // Without --fail-on-new, and back from G2 to G1 (the error disappears): exit 0.
    let o = diff(dir.path(), &["g1.tsv", "g2.tsv"]);
    assert_eq!(o.status.code(), Some(0));
    let o = diff(
        dir.path(),
        &["g2.tsv", "g1.tsv", "--fail-on-new", "warning"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert_contains_all(&stdout(&o), &["  - gone error inversion.node"]);
}

#[test]
fn json_is_the_diff_with_its_numbers() {
    let o = diff_g1_g2(&["--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["trace"][0]["text"], G2_TRACE);
    assert_eq!(v["nodes"][0]["name"], "app");
    assert_eq!(v["nodes"][0]["need_ms"]["before"], 7_800);
    assert_eq!(v["nodes"][0]["need_ms"]["after"], 15_500);
    assert_eq!(v["nodes"][0]["slack_ms"]["after"], -7_500);
    assert_eq!(v["nodes"][0]["verdict"]["after"], "inverted");
    assert_eq!(v["hops"][0]["worst_ms"]["after"], 12_000);
    assert_eq!(v["flips"][0]["text"], "app: ok → inverted, short by 7.5 s");
    assert_eq!(v["appeared"][0]["code"], "inversion.node");
    assert_eq!(v["rows"]["changed"][0]["cells"][0]["before"], "1.5s");
    assert_eq!(v["rows"]["changed"][0]["cells"][0]["column"], "value");
}

#[test]
fn markdown_is_a_review_comment_headline_first() {
    let o = diff_g1_g2(&["--format", "markdown"]);
    let md = stdout(&o);
    let expected_start = format!(
        "### Timeout budget review: g2.tsv\n\n**errors 0 → 1, warnings 0 → 0; app: ok → inverted, short by 7.5 s (2 cells changed)**\n\n#### Trace\n\n- {}\n  - attempts external API: 2 → 3\n\n#### Verdicts that flipped\n\n- app: ok → inverted, short by 7.5 s\n",
        G2_TRACE
    );
    assert!(md.starts_with(&expected_start), "{md}");
    assert_contains_all(
        &md,
        &[
            "| 7 | value | ~~1.5s~~ | 3s |\n",
            "| node app | need | 7.8 s | 15.5 s |\n",
        ],
    );
}

#[test]
fn a_huge_change_stays_under_60000_characters_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let header = "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n";
    let sheet = |value: &str| -> String {
        let mut s = header.to_string();
        for i in 0..3_000 {
            s.push_str(&format!("2\tLB -> app{i}\tread timeout\tproxy_read_timeout\t60s\t{value}\tnginx.conf\twhy {i}\n"));
        }
        s
    };
    std::fs::write(dir.path().join("old.tsv"), sheet("10s")).unwrap();
    std::fs::write(dir.path().join("new.tsv"), sheet("20s")).unwrap();
    let o = diff(dir.path(), &["old.tsv", "new.tsv", "--format", "markdown"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let md = stdout(&o);
    assert!(
        md.chars().count() <= 60_000,
        "{} characters",
        md.chars().count()
    );
    assert!(
        md.starts_with("### Timeout budget review: new.tsv\n\n**errors 0 → 0, warnings"),
        "{}",
        &md[..200]
    );
    assert!(md.contains("more not listed: the change is too large for one comment (`workbench diff --format json` gives all of it)."), "{}", &md[md.len() - 500..]);
    // The JSON has all 3,000 changed cells.
    let o = diff(dir.path(), &["old.tsv", "new.tsv", "--format", "json"]);
    let v = json(&o);
    assert_eq!(v["rows"]["changed"].as_array().unwrap().len(), 3_000);
}

#[test]
fn an_unreadable_file_exits_2_naming_the_side_and_line() {
    let dir = g1_g2();
    std::fs::write(dir.path().join("bad.tsv"), "layer\tsegment\n1\n").unwrap();
    let o = diff(dir.path(), &["g1.tsv", "bad.tsv"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), "");
    assert!(
        stderr(&o).starts_with("workbench: bad.tsv: the new version: "),
        "{}",
        stderr(&o)
    );
    let o = diff(dir.path(), &["missing.tsv", "g2.tsv"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("workbench: g2.tsv: the old version: "),
        "{}",
        stderr(&o)
    );
    let o = diff(dir.path(), &["g1.tsv"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "workbench: diff takes two files, OLD.tsv NEW.tsv, or --git REV [PATH...]\n"
    );
}

#[test]
fn git_compares_the_work_tree_with_a_revision() {
    let dir = tempfile::tempdir().unwrap();
    let repo = dir.path();
    git(repo, &["init", "-q"]);
    std::fs::create_dir(repo.join("sheets")).unwrap();
    std::fs::write(
        repo.join("sheets/reservation.tsv"),
        fixture("reservation-en.tsv"),
    )
    .unwrap();
    std::fs::write(repo.join("sheets/same.tsv"), fixture("inverted-lb.tsv")).unwrap();
    std::fs::write(repo.join("notes.txt"), "not a sheet").unwrap();
    git(repo, &["add", "."]);
    git(repo, &["commit", "-q", "-m", "g1"]);
    std::fs::write(repo.join("sheets/reservation.tsv"), golden_g2()).unwrap();
    std::fs::write(repo.join("notes.txt"), "changed").unwrap();

    let o = diff(repo, &["--git", "HEAD", "--fail-on-new", "error"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.starts_with("errors 0 → 1, warnings 0 → 0; app: ok → inverted"),
        "{text}"
    );
    assert!(text.contains(G2_TRACE), "{text}");
    assert!(!text.contains("==>"), "one file changed: {text}");

    // From a subdirectory, with a path; an unchanged sheet named explicitly is an empty diff.
    let o = diff(
        &repo.join("sheets"),
        &["--git", "HEAD", "reservation.tsv", "same.tsv"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("==> reservation.tsv <==\n"), "{text}");
    assert!(text.contains("==> same.tsv <==\nerrors 1 → 1, warnings 2 → 2; no verdict changed (no cell changed)\n"), "{text}");

    // A new file is all rows added; an unknown revision exits 2.
    std::fs::write(repo.join("sheets/new.tsv"), fixture("reservation-en.tsv")).unwrap();
    let o = diff(repo, &["--git", "HEAD", "sheets/new.tsv"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("(12 rows added)"), "{}", stdout(&o));
    let o = diff(repo, &["--git", "no-such-branch"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "workbench: git does not know the revision \"no-such-branch\"\n"
    );
}

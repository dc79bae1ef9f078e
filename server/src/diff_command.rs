//! `workbench diff OLD.tsv NEW.tsv [--format text|json|markdown] [--fail-on-new error|warning]`
//! and `workbench diff --git REV [PATH...]`: the review's diff of two sheets
//! ([`budget::diff`]) for a pull request.
//!
//! Exit status, as [`crate::check_command`]'s: `EXIT_OK` (0) when the change introduces no
//! finding at or above `--fail-on-new` (or none is given), `EXIT_ERRORS` (1) when it does,
//! `EXIT_UNREADABLE` (2) when a file cannot be read as a sheet (the reason on standard
//! error) or git cannot give the old version.
//!
//! The text and Markdown writers of a diff are [`crate::writers::diff`]'s, which the API uses
//! too (`GET /api/v1/sheets/{id}/diff`, `Accept: text/markdown`); the JSON is written as
//! `workbench check` writes its reports.

use std::path::Path;
use std::process::Command;

use budget::diff::{Match, SheetDiff};
use budget::{Lang, Severity};
use workbench_import::drift::{self, Read};

use crate::check_command::{
    exit_status, files_json, label, read_sheet, text_blocks, unreadable_lines, Outcome, Settings,
    Unreadable,
};
use crate::writers::check_markdown::escape;
use crate::writers::diff::{markdown_within, text, MARKDOWN_LIMIT};

/// How the diff is printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Readable lines: headline, trace, flipped verdicts, findings, budgets, cells.
    #[default]
    Text,
    /// The diff as JSON (the `SheetDiff` schema of the OpenAPI document); for several files
    /// an array of `{"path", "diff"}`.
    Json,
    /// Markdown for a review comment, under [`MARKDOWN_LIMIT`] characters.
    Markdown,
}

/// One file's two versions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pair {
    /// How the file is named in the output.
    pub path: String,
    /// The old version's bytes (`None`: the file is new), or why they could not be read.
    pub old: Option<Result<Vec<u8>, String>>,
    /// The new version's bytes (`None`: the file was deleted), or why they could not be read.
    pub new: Option<Result<Vec<u8>, String>>,
    /// The configuration files the sheet's rows name that changed too: each side's rows take
    /// their values from that side's files.
    pub deployed: Option<Deployed>,
}

/// Configuration files that changed between two revisions, which a sheet's rows name
/// (`k8s/vs.yaml:14 VirtualService reviews http[0].retries.attempts`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deployed {
    /// The files, as the rows' locations write them.
    pub paths: Vec<String>,
    /// Each file at the old revision (missing when it is new).
    pub old: Vec<(String, Read)>,
    /// Each file in the work tree (missing when it was deleted).
    pub new: Vec<(String, Read)>,
}

impl Deployed {
    /// `rows` with the values of the old files, then with those of the new files.
    fn sides(
        &self,
        old: &[budget::Row],
        new: &[budget::Row],
    ) -> (Vec<budget::Row>, Vec<budget::Row>) {
        let reader = |files: &[(String, Read)]| {
            let files = files.to_vec();
            move |path: &str| {
                files
                    .iter()
                    .find(|(p, _)| p == path)
                    .map_or(Read::Missing, |(_, r)| r.clone())
            }
        };
        (
            drift::deployed(old, &self.paths, &mut reader(&self.old)),
            drift::deployed(new, &self.paths, &mut reader(&self.new)),
        )
    }
}

/// A value a configuration change gives a row: where the file sets it, the row's setting,
/// and its value before and after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigChange {
    /// `PATH:LINE` of the setting in the file.
    pub at: String,
    /// The row's setting (its item when it names none).
    pub setting: String,
    /// The value the old files give the row.
    pub old: String,
    /// The value the new files give it.
    pub new: String,
}

/// The values a configuration change gives the rows of the new sheet.
fn config_changes(deployed: &Deployed, rows: &[budget::Row]) -> Vec<ConfigChange> {
    let (before, after) = deployed.sides(rows, rows);
    before
        .iter()
        .zip(&after)
        .filter(|(a, b)| a.value != b.value)
        .map(|(a, b)| ConfigChange {
            at: b
                .location
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_owned(),
            setting: if b.setting.is_empty() {
                b.item.clone()
            } else {
                b.setting.clone()
            },
            old: a.value.clone(),
            new: b.value.clone(),
        })
        .collect()
}

/// One file's diff, or why it could not be made.
pub struct DiffedFile {
    /// The path as given.
    pub path: String,
    /// The values changed configuration files gave the sheet's rows (`k8s/vs.yaml:14`
    /// retries.attempts 2 → 5).
    pub config: Vec<ConfigChange>,
    /// The diff, or the reason.
    pub result: Result<SheetDiff, Unreadable>,
}

/// `sheet` in `lang` when it has no rows (a file that is new, or gone, on its side).
fn lang_if_new(sheet: budget::Sheet, lang: Lang) -> budget::Sheet {
    if sheet.rows.is_empty() {
        budget::Sheet { lang, ..sheet }
    } else {
        sheet
    }
}

/// Reads a side: no file is an empty sheet (every row added or removed).
fn side(
    bytes: Option<Result<Vec<u8>, String>>,
    settings: Settings,
    which: &str,
) -> Result<budget::Sheet, Unreadable> {
    match bytes {
        None => Ok(budget::Sheet {
            margin_ms: settings.margin_ms,
            amplification_threshold: settings.amplification_threshold,
            ..budget::Sheet::new(Lang::En, Vec::new())
        }),
        Some(bytes) => read_sheet(bytes, settings)
            .map(|(sheet, _)| sheet)
            .map_err(|e| Unreadable {
                reason: format!("{which}: {}", e.reason),
                line: e.line,
            }),
    }
}

/// Diffs each pair and prints them in `format`; exit as the [module](self) says.
pub fn run(
    pairs: Vec<Pair>,
    format: Format,
    fail_on_new: Option<Severity>,
    settings: Settings,
) -> Outcome {
    let files: Vec<DiffedFile> = pairs
        .into_iter()
        .map(|p| {
            let mut config = Vec::new();
            let deployed = p.deployed;
            let result = side(p.old, settings, "the old version").and_then(|old| {
                let new = side(p.new, settings, "the new version")?;
                let (old, new) = match &deployed {
                    Some(d) => {
                        config = config_changes(d, &new.rows);
                        let (old_rows, new_rows) = d.sides(&old.rows, &new.rows);
                        (
                            budget::Sheet {
                                rows: old_rows,
                                ..old
                            },
                            budget::Sheet {
                                rows: new_rows,
                                ..new
                            },
                        )
                    }
                    None => (old, new),
                };
                // A new file takes the other side's language.
                let old = lang_if_new(old, new.lang);
                let new = lang_if_new(new, old.lang);
                Ok(budget::diff::diff(&old, &new, Match::Content))
            });
            DiffedFile {
                path: p.path,
                config,
                result,
            }
        })
        .collect();
    let code = exit_status(files.iter().map(|f| &f.result), |d| {
        fail_on_new.is_some_and(|s| d.introduces(s))
    });
    let stderr = unreadable_lines(files.iter().filter_map(|f| {
        let err = f.result.as_ref().err()?;
        Some((label(&f.path), err.reason.as_str()))
    }));
    let stdout = match format {
        Format::Text => {
            let blocks = text_blocks(
                files.len(),
                files.iter().filter_map(|f| {
                    let d = f.result.as_ref().ok()?;
                    let t = config_text(d.lang, &f.config, false) + &text(d);
                    Some((label(&f.path), t))
                }),
            );
            crate::table::terminal_safe(&blocks)
        }
        Format::Json => files_json(
            "diff",
            files.iter().map(|f| (f.path.as_str(), f.result.as_ref())),
        ),
        Format::Markdown => {
            let budget = MARKDOWN_LIMIT / files.len().max(1);
            let sections: Vec<String> = files
                .iter()
                .map(|f| match &f.result {
                    Ok(d) => {
                        // The configuration changes go under the section's heading.
                        let section = markdown_within(d, Some(&f.path), budget);
                        match section.split_once("\n\n") {
                            Some((heading, rest)) if !f.config.is_empty() => format!(
                                "{heading}\n\n{}{rest}",
                                config_text(d.lang, &f.config, true)
                            ),
                            _ => section,
                        }
                    }
                    Err(e) => format!(
                        "### {}\n\n**cannot read**: {}\n",
                        escape(label(&f.path)),
                        escape(&e.reason)
                    ),
                })
                .collect();
            sections.join("\n")
        }
    };
    Outcome {
        stdout,
        stderr,
        code,
    }
}

/// The configuration changes a diff shows first, in `lang`: a line that names them, then one
/// per value (`k8s/vs.yaml:14 retries.attempts 2 → 5`; a list item in Markdown, its texts
/// escaped). Empty when no configuration changed.
fn config_text(lang: Lang, changes: &[ConfigChange], markdown: bool) -> String {
    if changes.is_empty() {
        return String::new();
    }
    let mut out = String::from(match lang {
        Lang::Ja => "デプロイされた設定の変更:\n",
        Lang::En => "Deployed configuration changed:\n",
    });
    for c in changes {
        if markdown {
            out.push_str(&format!(
                "- `{}` {} {} → {}\n",
                c.at.replace('`', ""),
                escape(&c.setting),
                escape(&c.old),
                escape(&c.new)
            ));
        } else {
            out.push_str(&format!("  {} {} {} → {}\n", c.at, c.setting, c.old, c.new));
        }
    }
    out.push('\n');
    out
}

/// The files changed between git revision `rev` and the work tree, limited to `paths` (all
/// when empty): every `*.tsv` that differs, each with its version at `rev` and in the work
/// tree, read through the `git` command. A path given explicitly is compared even when git
/// sees no change (an empty diff).
///
/// Every other changed file may be configuration: each sheet of the work tree (`git
/// ls-files`, tracked or not ignored) whose rows' locations name one of them is compared too,
/// each side's rows with the values of that side's files ([`Deployed`]), so a pull request
/// that only raises `retries.attempts` is reviewed by its budget like an edit of the sheet.
/// The locations' paths are relative to the directory the command runs in (the repository's
/// root, where `workbench import` wrote them).
///
/// # Errors
///
/// The reason, when `git` cannot be run or does not know `rev`.
pub fn git_pairs(rev: &str, paths: &[String]) -> Result<Vec<Pair>, String> {
    let git = |args: &[&str]| -> Result<Vec<u8>, String> {
        let out = Command::new("git")
            .args(args)
            .output()
            .map_err(|e| format!("cannot run git: {e}"))?;
        if out.status.success() {
            Ok(out.stdout)
        } else {
            Err(String::from_utf8_lossy(&out.stderr).trim().to_string())
        }
    };
    git(&[
        "rev-parse",
        "--verify",
        "--quiet",
        &format!("{rev}^{{commit}}"),
    ])
    .map_err(|_| format!("git does not know the revision {rev:?}"))?;
    let mut args = vec![
        "diff",
        "--name-only",
        "--no-renames",
        "--relative",
        rev,
        "--",
    ];
    args.extend(paths.iter().map(String::as_str));
    let listed = git(&args)?;
    let listed = String::from_utf8_lossy(&listed);
    let mut files: Vec<String> = listed
        .lines()
        .filter(|p| p.ends_with(".tsv"))
        .map(str::to_string)
        .collect();
    for p in paths {
        if p.ends_with(".tsv") && !files.contains(p) {
            files.push(p.clone());
        }
    }
    // Changed files that are not sheets may be configuration a sheet's rows name.
    let changed: Vec<&str> = listed.lines().filter(|p| !p.ends_with(".tsv")).collect();
    let mut deployed: Vec<(String, Vec<String>)> = Vec::new();
    if !changed.is_empty() {
        let sheets = git(&[
            "ls-files",
            "--cached",
            "--others",
            "--exclude-standard",
            "--",
            "*.tsv",
        ])?;
        for sheet in String::from_utf8_lossy(&sheets).lines() {
            let Ok(text) = std::fs::read_to_string(sheet) else {
                continue;
            };
            let Ok(imported) = budget::tsv::import(&text) else {
                continue;
            };
            let mut named: Vec<String> = imported
                .rows
                .iter()
                .filter_map(|r| drift::Place::parse(&r.location))
                .map(|p| p.path)
                .filter(|p| changed.contains(p))
                .map(str::to_owned)
                .collect();
            named.sort();
            named.dedup();
            if !named.is_empty() {
                if !files.iter().any(|f| f == sheet) {
                    files.push(sheet.to_owned());
                }
                deployed.push((sheet.to_owned(), named));
            }
        }
    }
    files.sort();
    files.dedup();
    let read_old = |path: &str| {
        let spec = format!("{rev}:./{path}");
        if git(&["cat-file", "-e", &spec]).is_err() {
            return Read::Missing;
        }
        match git(&["show", &spec]).map(String::from_utf8) {
            Ok(Ok(text)) => Read::Text(text),
            Ok(Err(_)) => Read::Unreadable("not UTF-8 text".to_owned()),
            Err(reason) => Read::Unreadable(reason),
        }
    };
    Ok(files
        .into_iter()
        .map(|path| {
            let spec = format!("{rev}:./{path}");
            let exists = git(&["cat-file", "-e", &spec]).is_ok();
            let old = exists.then(|| git(&["show", &spec]));
            let new = Path::new(&path)
                .exists()
                .then(|| std::fs::read(&path).map_err(|e| e.to_string()));
            let deployed = deployed
                .iter()
                .find(|(sheet, _)| *sheet == path)
                .map(|(_, named)| Deployed {
                    paths: named.clone(),
                    old: named.iter().map(|p| (p.clone(), read_old(p))).collect(),
                    new: named
                        .iter()
                        .map(|p| {
                            (
                                p.clone(),
                                crate::drift_command::read_config(Path::new("."), p),
                            )
                        })
                        .collect(),
                });
            Pair {
                path,
                old,
                new,
                deployed,
            }
        })
        .collect())
}

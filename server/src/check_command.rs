//! `workbench check PATH... [--format text|json|sarif|markdown] [--fail-on error|warning]`:
//! sheet files in, their reports out, and an exit status a CI job can test.
//!
//! The command line itself (reading the files and standard input, printing) is in `main.rs`;
//! everything that decides what is checked and what is printed is here, so it is tested
//! in-process:
//!
//! - [`targets`] turns the paths given into the files to read (a directory: every `*.tsv` in
//!   it, recursively, sorted by path);
//! - [`check_input`] reads one file's bytes as a sheet and checks it;
//! - [`run`] does that for every file and renders all of them in one [`Format`], with the
//!   exit status of [`exit_code`]; [`run_to`] writes them as it renders them, which the
//!   command line does (a 5,000-row report is 7 MB of JSON, never held whole).

mod checked;

use std::io::Write;
use std::path::{Path, PathBuf};

use budget::{Lang, Severity, Sheet};
use serde::ser::SerializeMap;
use serde::Serialize;

pub use crate::writers::check_markdown::render_markdown;
pub use crate::writers::check_text::render_text;
use crate::writers::sarif;
pub(crate) use checked::label;
pub use checked::{Checked, CheckedFile, Unreadable};

/// Exit status: every sheet was read, and none has a finding at or above `--fail-on`.
pub const EXIT_OK: u8 = 0;
/// Exit status: a sheet has a finding at or above `--fail-on` (an `error` by default).
pub const EXIT_ERRORS: u8 = 1;
/// Exit status: a file could not be read as a sheet (the reason is on standard error); the
/// other files are still checked and reported.
pub const EXIT_UNREADABLE: u8 = 2;

/// How the reports are printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// A readable table per file: nodes, hops, findings and the summary headline.
    #[default]
    Text,
    /// The report as JSON, the shape `POST /api/v1/check` answers; for several files an array
    /// of `{"path", "report"}` (or `{"path", "error", "line"}`).
    Json,
    /// One SARIF 2.1.0 log for every file, for code scanning in CI.
    Sarif,
    /// Markdown for a review comment: per file the headline, what is not ok and the findings.
    Markdown,
    /// The budget picture of one sheet as a standalone SVG document ([`budget::picture`]),
    /// for a wiki page or a review comment; the words in the sheet's language.
    Svg,
}

/// The least severe finding that fails the check (exit 1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum FailOn {
    /// Fail on `error` findings only.
    #[default]
    Error,
    /// Fail on `error` and `warning` findings.
    Warning,
}

impl FailOn {
    /// Whether a finding of `severity` fails the check.
    pub fn fails(self, severity: Severity) -> bool {
        match self {
            FailOn::Error => severity == Severity::Error,
            FailOn::Warning => matches!(severity, Severity::Error | Severity::Warning),
        }
    }
}

/// What the command prints and how it exits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Text for standard output.
    pub stdout: String,
    /// Text for standard error (empty when every file was read).
    pub stderr: String,
    /// The exit status: [`EXIT_OK`], [`EXIT_ERRORS`] or [`EXIT_UNREADABLE`].
    pub code: u8,
}

/// Where one sheet comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Standard input (the path `-`).
    Stdin,
    /// A file.
    File(PathBuf),
}

/// One sheet to check, as [`targets`] found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// The path as given, or as found under a directory given (`DIR/sub/x.tsv`).
    pub path: String,
    /// Where to read it, or why there is nothing to read (a directory without `*.tsv` files,
    /// or one that cannot be listed).
    pub source: Result<Source, String>,
}

/// The sheets named by `paths`, in order: `-` is standard input, a directory stands for every
/// `*.tsv` file in it and its subdirectories (sorted by path; symbolic links followed), and
/// anything else is a file to read (a missing one fails when it is read).
pub fn targets(paths: &[String]) -> Vec<Target> {
    let mut out = Vec::new();
    for path in paths {
        if path == "-" {
            out.push(Target {
                path: path.clone(),
                source: Ok(Source::Stdin),
            });
        } else if Path::new(path).is_dir() {
            out.extend(directory_targets(path));
        } else {
            out.push(Target {
                path: path.clone(),
                source: Ok(Source::File(PathBuf::from(path))),
            });
        }
    }
    out
}

/// Every `*.tsv` file under the directory `dir`, sorted by path. A directory that cannot be
/// listed, a `*.tsv` that cannot be reached, or a directory without any `*.tsv` file is a
/// target that fails; a dangling link under another name is passed over.
fn directory_targets(dir: &str) -> Vec<Target> {
    let mut found: Vec<(PathBuf, Result<Source, String>)> = Vec::new();
    for entry in walkdir::WalkDir::new(dir).follow_links(true) {
        match entry {
            Ok(entry) => {
                if is_tsv(entry.path()) && entry.file_type().is_file() {
                    let path = entry.into_path();
                    found.push((path.clone(), Ok(Source::File(path))));
                }
            }
            Err(err) => {
                let path = err
                    .path()
                    .map_or_else(|| PathBuf::from(dir), Path::to_path_buf);
                let dangling = err
                    .io_error()
                    .is_some_and(|e| e.kind() == std::io::ErrorKind::NotFound);
                if dangling && !is_tsv(&path) {
                    continue;
                }
                let reason = err
                    .io_error()
                    .map_or_else(|| err.to_string(), ToString::to_string);
                found.push((path, Err(reason)));
            }
        }
    }
    if found.is_empty() {
        return vec![Target {
            path: dir.to_string(),
            source: Err("no *.tsv file in this directory".into()),
        }];
    }
    found.sort_by(|a, b| a.0.cmp(&b.0));
    found
        .into_iter()
        .map(|(path, source)| Target {
            path: path.to_string_lossy().into_owned(),
            source,
        })
        .collect()
}

/// Whether `path` names a `*.tsv` file.
fn is_tsv(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "tsv")
}

/// One sheet's bytes, read by the caller.
#[derive(Debug)]
pub struct Input {
    /// The path as given (`-` for standard input), see [`Target::path`].
    pub path: String,
    /// The file's bytes, or why they could not be read.
    pub bytes: Result<Vec<u8>, String>,
}

/// The sheet settings a check applies to every sheet: a TSV file carries none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The margin, in milliseconds (default 1 s).
    pub margin_ms: u64,
    /// The retry amplification threshold, in attempts (default 3).
    pub amplification_threshold: u64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            margin_ms: budget::DEFAULT_MARGIN_MS,
            amplification_threshold: budget::DEFAULT_AMPLIFICATION_THRESHOLD,
        }
    }
}

/// Reads `input` as a UTF-8 TSV sheet and checks it with `settings`; the language comes
/// from the header (English without one).
pub fn check_input(input: Input, settings: Settings) -> CheckedFile {
    let result = read_sheet(input.bytes, settings).map(|(sheet, lines)| Checked {
        lang: sheet.lang,
        report: budget::check(&sheet),
        lines,
    });
    CheckedFile {
        path: input.path,
        result,
    }
}

/// Reads the bytes of a file as a UTF-8 TSV sheet with `settings`: the sheet (its language
/// from the header, English without one) and, for each data row, the file line it starts on.
///
/// # Errors
///
/// [`Unreadable`] for bytes that could not be read (the reason given), are not UTF-8 (the
/// line of the first bad byte), or are not a sheet (the importer's reason and line).
pub fn read_sheet(
    bytes: Result<Vec<u8>, String>,
    settings: Settings,
) -> Result<(Sheet, Vec<usize>), Unreadable> {
    let bytes = bytes.map_err(|reason| Unreadable { reason, line: None })?;
    let text = String::from_utf8(bytes).map_err(|err| {
        let valid = &err.as_bytes()[..err.utf8_error().valid_up_to()];
        let line = 1 + valid.iter().filter(|&&b| b == b'\n').count();
        Unreadable {
            reason: format!("line {line}: not UTF-8 text; save the sheet as UTF-8"),
            line: Some(line),
        }
    })?;
    let imported = budget::tsv::import(&text).map_err(|err| Unreadable {
        reason: err.to_string(),
        line: err.line(),
    })?;
    let sheet = Sheet {
        margin_ms: settings.margin_ms,
        amplification_threshold: settings.amplification_threshold,
        ..Sheet::new(imported.lang.unwrap_or(Lang::En), imported.rows)
    };
    Ok((sheet, imported.lines))
}

/// The exit status for `files`: [`EXIT_UNREADABLE`] when any could not be read, else
/// [`EXIT_ERRORS`] when any has a finding `fail_on` fails, else [`EXIT_OK`].
pub fn exit_code(files: &[CheckedFile], fail_on: FailOn) -> u8 {
    exit_status(files.iter().map(|f| &f.result), |c| {
        c.report
            .findings
            .iter()
            .any(|finding| fail_on.fails(finding.severity))
    })
}

/// The exit status of a command over several files' `results`: [`EXIT_UNREADABLE`] when any
/// is an error, else [`EXIT_ERRORS`] when `fails` says so of any, else [`EXIT_OK`].
pub(crate) fn exit_status<'a, T: 'a, E: 'a>(
    results: impl Iterator<Item = &'a Result<T, E>> + Clone,
    fails: impl Fn(&T) -> bool,
) -> u8 {
    if results.clone().any(|r| r.is_err()) {
        EXIT_UNREADABLE
    } else if results.filter_map(|r| r.as_ref().ok()).any(fails) {
        EXIT_ERRORS
    } else {
        EXIT_OK
    }
}

/// Standard error for the files that could not be read, given as (path as shown, reason):
/// `workbench: PATH: REASON` a line each, in printable characters only
/// ([`crate::table::terminal_safe`]).
pub(crate) fn unreadable_lines<'a>(files: impl Iterator<Item = (&'a str, &'a str)>) -> String {
    let lines: String = files
        .map(|(path, reason)| format!("workbench: {path}: {reason}\n"))
        .collect();
    crate::table::terminal_safe(&lines)
}

/// The `text` output of a command over `count` files, given as (path as shown, text) for each
/// file read: the text alone when `count` is one, else each text under `==> PATH <==`.
pub(crate) fn text_blocks<'a>(
    count: usize,
    texts: impl Iterator<Item = (&'a str, String)>,
) -> String {
    let blocks: Vec<String> = texts
        .map(|(path, text)| {
            if count == 1 {
                text
            } else {
                format!("==> {path} <==\n{text}")
            }
        })
        .collect();
    blocks.join("\n")
}

/// Checks every input and renders the reports in `format`. Every unreadable file is named on
/// standard error (`workbench: PATH: REASON`); the others are still reported.
///
/// With one file, `text` and `json` print its report alone (and nothing when it cannot be
/// read); with several, `text` heads each report with `==> PATH <==` and `json` prints an
/// array. `sarif` and `markdown` always cover every file, unreadable ones included.
pub fn run(inputs: Vec<Input>, format: Format, fail_on: FailOn, settings: Settings) -> Outcome {
    let mut stdout = Vec::new();
    let Written {
        stderr,
        code,
        unwritten,
    } = run_to(inputs, format, fail_on, settings, &mut stdout);
    debug_assert!(unwritten.is_none(), "writing into memory cannot fail");
    Outcome {
        stdout: String::from_utf8(stdout).expect("every format writes UTF-8"),
        stderr,
        code,
    }
}

/// What [`run_to`] leaves to its caller once standard output is written: the text for
/// standard error and the exit status, as in [`Outcome`], and the error that stopped the
/// writing, if one did.
#[derive(Debug)]
pub struct Written {
    /// Text for standard error (empty when every file was read).
    pub stderr: String,
    /// The exit status: [`EXIT_OK`], [`EXIT_ERRORS`] or [`EXIT_UNREADABLE`].
    pub code: u8,
    /// The error of a write into standard output (a closed pipe, a full disk), after which
    /// nothing more was written; `None` when all of it was.
    pub unwritten: Option<std::io::Error>,
}

/// [`run`], writing standard output's text into `stdout` as it is rendered: `json` and
/// `sarif` are serialised straight into it, never held whole as a string. A write that
/// fails stops the writing and is returned in [`Written::unwritten`]; the exit status is
/// the reports' still.
pub fn run_to(
    inputs: Vec<Input>,
    format: Format,
    fail_on: FailOn,
    settings: Settings,
    stdout: &mut impl Write,
) -> Written {
    if format == Format::Svg && inputs.len() != 1 {
        return Written {
            stderr: format!(
                "workbench: --format svg draws one sheet: give one file ({} given)\n",
                inputs.len()
            ),
            code: EXIT_UNREADABLE,
            unwritten: None,
        };
    }
    let files: Vec<CheckedFile> = inputs
        .into_iter()
        .map(|input| check_input(input, settings))
        .collect();
    let code = exit_code(&files, fail_on);
    // A sheet's text reaches the terminal (or a CI log) only as printable characters: an
    // escape sequence in a cell could otherwise rewrite what the reader sees.
    let stderr = unreadable_lines(files.iter().filter_map(|f| {
        let err = f.result.as_ref().err()?;
        Some((f.label(), err.reason.as_str()))
    }));
    let written = match format {
        Format::Text => {
            stdout.write_all(crate::table::terminal_safe(&text_output(&files)).as_bytes())
        }
        Format::Json => write_files_json(
            stdout,
            "report",
            files
                .iter()
                .map(|f| (f.path.as_str(), f.result.as_ref().map(|c| &c.report))),
        ),
        Format::Sarif => write_json(stdout, &sarif::log(&files, code)),
        Format::Markdown => stdout.write_all(render_markdown(&files).as_bytes()),
        Format::Svg => files
            .iter()
            .filter_map(|f| f.result.as_ref().ok())
            .try_for_each(|c| {
                let svg = budget::picture::svg(&budget::picture::picture(&c.report, c.lang));
                stdout.write_all(svg.as_bytes())?;
                stdout.write_all(b"\n")
            }),
    };
    Written {
        stderr,
        code,
        unwritten: written.and_then(|()| stdout.flush()).err(),
    }
}

/// The `text` output: the one report, or each report under `==> PATH <==`.
fn text_output(files: &[CheckedFile]) -> String {
    text_blocks(
        files.len(),
        files.iter().filter_map(|f| {
            let checked = f.result.as_ref().ok()?;
            Some((f.label(), render_text(&checked.report, checked.lang)))
        }),
    )
}

/// The `json` output of a command over several files, given as (path, value or why it could
/// not be read): the bare value for one file (nothing when it cannot be read), for several an
/// array of `{"path", NAME: value}` (NAME is `name`: `report`, `diff`) and
/// `{"path", "error", "line"}`.
pub(crate) fn files_json<'a, V: Serialize + 'a>(
    name: &'static str,
    files: impl Iterator<Item = (&'a str, Result<&'a V, &'a Unreadable>)>,
) -> String {
    let mut json = Vec::new();
    write_files_json(&mut json, name, files).expect("writing into memory cannot fail");
    String::from_utf8(json).expect("JSON is UTF-8")
}

/// [`files_json`], written into `out`.
fn write_files_json<'a, V: Serialize + 'a>(
    out: &mut impl Write,
    name: &'static str,
    files: impl Iterator<Item = (&'a str, Result<&'a V, &'a Unreadable>)>,
) -> std::io::Result<()> {
    let entries: Vec<JsonEntry<V>> = files
        .map(|(path, result)| JsonEntry { path, name, result })
        .collect();
    match entries.as_slice() {
        [one] => match one.result {
            Ok(value) => write_json(out, value),
            Err(_) => Ok(()),
        },
        _ => write_json(out, &entries),
    }
}

/// One element of the `json` array of [`files_json`].
struct JsonEntry<'a, V> {
    path: &'a str,
    name: &'static str,
    result: Result<&'a V, &'a Unreadable>,
}

impl<V: Serialize> Serialize for JsonEntry<'_, V> {
    /// `{"path", NAME: value}`, or `{"path", "error", "line"}`, in that order.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("path", self.path)?;
        match self.result {
            Ok(value) => map.serialize_entry(self.name, value)?,
            Err(err) => {
                map.serialize_entry("error", &err.reason)?;
                map.serialize_entry("line", &err.line)?;
            }
        }
        map.end()
    }
}

/// `value` as pretty JSON and a newline, written into `out`. The report types, the entries
/// and the SARIF log are plain data, so the only error is the writer's.
fn write_json(out: &mut impl Write, value: &impl Serialize) -> std::io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, value).map_err(std::io::Error::from)?;
    out.write_all(b"\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(path: &str, bytes: Result<&[u8], &str>) -> Input {
        Input {
            path: path.into(),
            bytes: bytes.map(<[u8]>::to_vec).map_err(str::to_string),
        }
    }

    #[test]
    fn a_missing_file_is_exit_2_with_the_reason() {
        let outcome = run(
            vec![input("x.tsv", Err("No such file or directory"))],
            Format::Text,
            FailOn::Error,
            Settings::default(),
        );
        assert_eq!(outcome.code, EXIT_UNREADABLE);
        assert_eq!(
            outcome.stderr,
            "workbench: x.tsv: No such file or directory\n"
        );
        assert_eq!(outcome.stdout, "");
    }

    #[test]
    fn bytes_that_are_not_utf8_name_their_line() {
        let outcome = run(
            vec![input("x.tsv", Ok(b"layer\n\xff"))],
            Format::Json,
            FailOn::Error,
            Settings::default(),
        );
        assert_eq!(outcome.code, EXIT_UNREADABLE);
        assert_eq!(
            outcome.stderr,
            "workbench: x.tsv: line 2: not UTF-8 text; save the sheet as UTF-8\n"
        );
    }

    #[test]
    fn fail_on_warning_also_fails_errors_but_never_infos() {
        assert!(FailOn::Warning.fails(Severity::Error));
        assert!(FailOn::Warning.fails(Severity::Warning));
        assert!(!FailOn::Warning.fails(Severity::Info));
        assert!(FailOn::Error.fails(Severity::Error));
        assert!(!FailOn::Error.fails(Severity::Warning));
    }

    #[test]
    fn standard_input_is_named_in_words() {
        let file = check_input(input("-", Ok(b"")), Settings::default());
        assert_eq!(file.label(), "standard input");
        assert_eq!(file.path, "-");
    }
}

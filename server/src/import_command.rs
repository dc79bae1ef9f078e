//! `workbench import PATH... [--format tsv|json] [--lang en|ja]`: deployed configuration in,
//! a sheet out.
//!
//! [`collect`] finds and reads the files (a directory stands for every file in it and its
//! subdirectories that a format of `workbench_import::Format` reads, sorted by path; other files
//! are skipped and counted);
//! [`render`] imports them with `workbench_import` and prints the sheet, so everything but the
//! reading is tested in-process. The exit status is 2 when a file could not be read or parsed
//! (the reasons on standard error, `PATH:LINE:COLUMN` for a parse error); the other files are
//! still imported.

use std::path::Path;

use budget::{Lang, Sheet};
use workbench_import::{File, Format as ConfigFormat};

/// Exit status: every file was imported.
pub const EXIT_OK: u8 = 0;
/// Exit status: a file could not be read or parsed; the others were imported.
pub const EXIT_UNREADABLE: u8 = 2;

/// How the sheet is printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Tab-separated, with the header row: the form `workbench check` and the page read.
    #[default]
    Tsv,
    /// The sheet as JSON (`lang`, `margin_ms`, `amplification_threshold`, `rows`).
    Json,
}

/// The sheet's language: its header row, the rows' items and rationales, and the sheet JSON's
/// `lang`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum HeaderLang {
    /// English: `layer`, `segment`, `item`, ...
    #[default]
    En,
    /// Japanese: `層`, `区間`, `項目`, ...
    Ja,
}

impl From<HeaderLang> for Lang {
    fn from(lang: HeaderLang) -> Lang {
        match lang {
            HeaderLang::En => Lang::En,
            HeaderLang::Ja => Lang::Ja,
        }
    }
}

/// The files named by the arguments, read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Collected {
    /// Each configuration file's path (as given, or as found under a directory given) and its
    /// text, or why it could not be read.
    pub files: Vec<(String, Result<String, String>)>,
    /// Files skipped because no importer reads their format.
    pub skipped: usize,
}

/// What the command prints and how it exits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Text for standard output: the sheet.
    pub stdout: String,
    /// Text for standard error: the files that failed and the count of files skipped.
    pub stderr: String,
    /// [`EXIT_OK`] or [`EXIT_UNREADABLE`].
    pub code: u8,
}

/// Finds and reads the files `paths` name: a directory stands for every file of a format the
/// importers read in it and its subdirectories (sorted by path; symbolic links followed),
/// anything else for itself. Paths keep the form they were given in (`k8s/` finds
/// `k8s/reviews-vs.yaml`), so the rows' locations are relative when the arguments are.
pub fn collect(paths: &[String]) -> Collected {
    let mut out = Collected::default();
    for path in paths {
        if Path::new(path).is_dir() {
            let mut found = Vec::new();
            for entry in walkdir::WalkDir::new(path).follow_links(true) {
                match entry {
                    Ok(entry) if entry.file_type().is_file() => {
                        found.push(entry.into_path().to_string_lossy().into_owned())
                    }
                    Ok(_) => {}
                    Err(err) => {
                        let at = err
                            .path()
                            .map_or_else(|| path.clone(), |p| p.to_string_lossy().into_owned());
                        out.files.push((at, Err(err.to_string())));
                    }
                }
            }
            found.sort();
            for file in found {
                push_file(&mut out, file);
            }
        } else {
            push_file(&mut out, path.clone());
        }
    }
    out
}

/// Reads one file, or counts it as skipped when no importer reads its format (judged from its
/// name first, then from its text).
fn push_file(out: &mut Collected, path: String) {
    if !ConfigFormat::is_candidate(&path) {
        out.skipped += 1;
        return;
    }
    let text = std::fs::read(&path)
        .map_err(|err| err.to_string())
        .and_then(|bytes| String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_owned()));
    if let Ok(text) = &text {
        if ConfigFormat::detect(&path, text).is_none() {
            out.skipped += 1;
            return;
        }
    }
    out.files.push((path, text));
}

/// Imports the files read and prints the sheet in `format`, its header, items and rationales
/// in `lang`.
pub fn render(collected: &Collected, format: Format, lang: HeaderLang) -> Outcome {
    let mut stderr = String::new();
    let mut failed = false;
    let mut files = Vec::new();
    for (path, text) in &collected.files {
        match text {
            Ok(text) => files.push(File { path, text }),
            Err(reason) => {
                failed = true;
                stderr.push_str(&format!("workbench: {path}: {reason}\n"));
            }
        }
    }
    let lang = Lang::from(lang);
    let imported = workbench_import::import(&files, lang);
    for err in &imported.errors {
        failed = true;
        stderr.push_str(&format!("workbench: {err}\n"));
    }
    if collected.skipped > 0 {
        stderr.push_str(&format!(
            "workbench: skipped {} file(s) that no importer reads\n",
            collected.skipped
        ));
    }
    let stdout = match format {
        Format::Tsv => budget::tsv::export(&imported.rows, lang),
        Format::Json => {
            let sheet = Sheet::new(lang, imported.rows);
            let mut json = serde_json::to_string_pretty(&sheet).unwrap_or_default();
            json.push('\n');
            json
        }
    };
    Outcome {
        stdout,
        stderr,
        code: if failed { EXIT_UNREADABLE } else { EXIT_OK },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collected(files: &[(&str, Result<&str, &str>)], skipped: usize) -> Collected {
        Collected {
            files: files
                .iter()
                .map(|(p, t)| (p.to_string(), t.map(str::to_owned).map_err(str::to_owned)))
                .collect(),
            skipped,
        }
    }

    const VS: &str = "kind: VirtualService\nmetadata:\n  name: reviews\nspec:\n  hosts: [reviews]\n  http:\n  - route:\n    - destination:\n        host: reviews-v2\n    timeout: 2s\n    retries:\n      attempts: 2\n";

    #[test]
    fn a_broken_file_is_named_and_the_others_still_import() {
        let c = collected(
            &[("k8s/bad.yaml", Ok("a: [1, 2\n")), ("k8s/vs.yaml", Ok(VS))],
            1,
        );
        let out = render(&c, Format::Tsv, HeaderLang::En);
        assert_eq!(out.code, EXIT_UNREADABLE);
        assert!(
            out.stderr.starts_with("workbench: k8s/bad.yaml:2:1: "),
            "{}",
            out.stderr
        );
        assert!(out
            .stderr
            .ends_with("workbench: skipped 1 file(s) that no importer reads\n"));
        assert_eq!(out.stdout.lines().count(), 4);
        assert!(out
            .stdout
            .contains("\tk8s/vs.yaml:12 VirtualService reviews http[0].retries.attempts\t"));
    }

    #[test]
    fn the_header_follows_the_language_and_json_is_the_sheet() {
        let c = collected(&[("vs.yaml", Ok(VS))], 0);
        let out = render(&c, Format::Tsv, HeaderLang::Ja);
        assert_eq!(out.code, EXIT_OK);
        assert!(out.stdout.starts_with("層\t区間\t項目\t"), "{}", out.stdout);
        let out = render(&c, Format::Json, HeaderLang::En);
        let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
        assert_eq!(json["rows"][1]["setting"], "HTTPRoute.timeout");
        assert_eq!(json["rows"][1]["value"], "2s");
        assert_eq!(json["rows"].as_array().unwrap().len(), 3);
    }
}

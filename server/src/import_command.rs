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

/// The exit statuses, as `workbench check`'s: [`EXIT_OK`] (0) when every file was imported,
/// [`EXIT_UNREADABLE`] (2) when a file could not be read or parsed (the others were imported).
pub use crate::check_command::{EXIT_OK, EXIT_UNREADABLE};

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
    /// With `--into`: the sheet's path, to be written with `stdout` instead of printing it.
    pub write_to: Option<String>,
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

/// How `workbench import` writes what it found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The form of the sheet printed.
    pub format: Format,
    /// The language of a new sheet (a sheet given with `into` keeps its own).
    pub lang: HeaderLang,
    /// `--map`: names in the files and the sheet's names for them ([`read_map`]).
    pub names: Vec<(String, String)>,
    /// `--into`: the sheet to update, its path and text (or why it could not be read).
    pub into: Option<(String, Result<String, String>)>,
}

/// Reads a `--map` file: a TOML table `[names]` of names in the files and the sheet's names
/// for them (`"reviews.example.com" = "LB"`).
///
/// # Errors
///
/// The TOML parser's message, with its line and column, for a file that is not such a table.
pub fn read_map(text: &str) -> Result<Vec<(String, String)>, String> {
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct MapFile {
        #[serde(default)]
        names: std::collections::BTreeMap<String, String>,
    }
    let map: MapFile = toml::from_str(text).map_err(|err| err.to_string().trim_end().to_owned())?;
    Ok(map.names.into_iter().collect())
}

/// Imports the files read and prints the sheet in `options.format`: a new sheet in
/// `options.lang`, or, with `options.into`, that sheet updated ([`workbench_import::into`]) in
/// its own language, with what changed on standard error. The layers and segments take the
/// sheet's names of `options.names`.
pub fn render(collected: &Collected, options: &Options) -> Outcome {
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
    let sheet = match &options.into {
        Some((path, text)) => {
            let read = text
                .as_ref()
                .map_err(Clone::clone)
                .and_then(|text| budget::tsv::import(text).map_err(|err| err.to_string()));
            match read {
                Ok(imported) => Some((path, imported)),
                Err(reason) => {
                    return Outcome {
                        stdout: String::new(),
                        stderr: format!(
                            "workbench: {path}: {reason}; nothing was imported into it\n"
                        ),
                        code: EXIT_UNREADABLE,
                        write_to: None,
                    }
                }
            }
        }
        None => None,
    };
    let lang = sheet.as_ref().map_or(Lang::from(options.lang), |(_, s)| {
        s.lang.unwrap_or(Lang::En)
    });
    let mut imported = workbench_import::import(&files, lang);
    workbench_import::into::rename(&mut imported.rows, &options.names);
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
    let (rows, write_to) = match sheet {
        Some((path, sheet)) => {
            let updated = workbench_import::into::update(&sheet.rows, &imported.rows);
            stderr.push_str(&format!(
                "workbench: {path}: {} row(s) changed, {} appended\n",
                updated.changed, updated.appended
            ));
            (updated.rows, Some(path.clone()))
        }
        None => (imported.rows, None),
    };
    let stdout = match options.format {
        Format::Tsv => budget::tsv::export(&rows, lang),
        Format::Json => {
            let sheet = Sheet::new(lang, rows);
            let mut json = serde_json::to_string_pretty(&sheet).unwrap_or_default();
            json.push('\n');
            json
        }
    };
    Outcome {
        stdout,
        stderr,
        code: if failed { EXIT_UNREADABLE } else { EXIT_OK },
        write_to,
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

    fn options(format: Format, lang: HeaderLang) -> Options {
        Options {
            format,
            lang,
            ..Options::default()
        }
    }

    const VS: &str = "kind: VirtualService\nmetadata:\n  name: reviews\nspec:\n  hosts: [reviews]\n  http:\n  - route:\n    - destination:\n        host: reviews-v2\n    timeout: 2s\n    retries:\n      attempts: 2\n";

    #[test]
    fn a_broken_file_is_named_and_the_others_still_import() {
        let c = collected(
            &[("k8s/bad.yaml", Ok("a: [1, 2\n")), ("k8s/vs.yaml", Ok(VS))],
            1,
        );
        let out = render(&c, &options(Format::Tsv, HeaderLang::En));
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
        let out = render(&c, &options(Format::Tsv, HeaderLang::Ja));
        assert_eq!(out.code, EXIT_OK);
        assert!(out.stdout.starts_with("層\t区間\t項目\t"), "{}", out.stdout);
        let out = render(&c, &options(Format::Json, HeaderLang::En));
        let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
        assert_eq!(json["rows"][1]["setting"], "HTTPRoute.timeout");
        assert_eq!(json["rows"][1]["value"], "2s");
        assert_eq!(json["rows"].as_array().unwrap().len(), 3);
    }

    #[test]
    fn into_updates_the_sheet_in_its_own_language_and_keeps_its_rows() {
        let c = collected(&[("k8s/vs.yaml", Ok(VS))], 0);
        let first = render(&c, &options(Format::Tsv, HeaderLang::Ja));
        // The team renames the hop and writes why; then the file's retries change.
        let sheet = first
            .stdout
            .replace("reviews -> reviews-v2", "LB -> reviews")
            .replace(
                "\tk8s/vs.yaml:12 VirtualService reviews http[0].retries.attempts\t",
                "\tk8s/vs.yaml:12 VirtualService reviews http[0].retries.attempts\t冪等な GET のみ",
            );
        let edited = VS.replace("attempts: 2", "attempts: 3");
        let c = collected(&[("k8s/vs.yaml", Ok(&edited))], 0);
        let out = render(
            &c,
            &Options {
                into: Some(("design.tsv".into(), Ok(sheet.clone()))),
                ..options(Format::Tsv, HeaderLang::En)
            },
        );
        assert_eq!(out.code, EXIT_OK);
        assert_eq!(out.write_to.as_deref(), Some("design.tsv"));
        assert_eq!(
            out.stderr,
            "workbench: design.tsv: 1 row(s) changed, 0 appended\n"
        );
        assert_eq!(
            out.stdout,
            sheet.replace("\t2\tk8s/vs.yaml:12", "\t3\tk8s/vs.yaml:12")
        );
        let out = render(
            &c,
            &Options {
                into: Some(("design.tsv".into(), Ok("a\tb\n".into()))),
                ..options(Format::Tsv, HeaderLang::En)
            },
        );
        assert_eq!(out.code, EXIT_UNREADABLE);
        assert_eq!(out.write_to, None);
        assert!(
            out.stderr.ends_with("; nothing was imported into it\n"),
            "{}",
            out.stderr
        );
    }

    #[test]
    fn a_map_gives_the_sheets_names() {
        let names = read_map("[names]\n\"reviews\" = \"LB\"\n\"reviews-v2\" = \"app\"\n\"VirtualService reviews\" = \"mesh\"\n").unwrap();
        let c = collected(&[("vs.yaml", Ok(VS))], 0);
        let out = render(
            &c,
            &Options {
                names,
                ..options(Format::Tsv, HeaderLang::En)
            },
        );
        assert!(
            out.stdout
                .lines()
                .skip(1)
                .all(|l| l.starts_with("mesh\tLB -> app\t")),
            "{}",
            out.stdout
        );
        assert_eq!(
            read_map("[names]\nreviews = 3\n").unwrap_err(),
            "TOML parse error at line 2, column 11\n  |\n2 | reviews = 3\n  |           ^\ninvalid type: integer `3`, expected a string"
        );
    }
}

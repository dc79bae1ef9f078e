//! Is the sheet still what is deployed? Each row whose location names a configuration file
//! (`k8s/ingress.yaml:12 Ingress api metadata.annotations...`) is compared with the value the
//! file sets there now.
//!
//! The setting is found by its selector first, so a file with lines added above it still
//! matches; by its line when the location has no selector. Values are compared as durations
//! and counts, each read with the unit its product gives a bare number (nginx's `60` and the
//! sheet's `60s` agree; `1m` and `60s` agree), and as text when neither reads as one.
//!
//! The comparison is pure: the caller hands in a reader ([`Reader`]) that returns the text of
//! the file a location names, or says it is not there.

use budget::catalog;
use budget::value::{self, Cell};
use budget::{Kind, Lang, Row, Severity};

use crate::{import, File, Format, Imported};

/// What the caller's reader found at a path a row's location names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Read {
    /// The file's text.
    Text(String),
    /// No file at that path.
    Missing,
    /// The path is there but could not be read (the reason: not UTF-8, permission denied).
    Unreadable(String),
}

/// A row's location split into the file it names, the line and the selector.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place<'a> {
    /// The file, as the location writes it (`k8s/ingress.yaml`).
    pub path: &'a str,
    /// The line (1-based) the setting was on when the location was written.
    pub line: usize,
    /// What names the setting inside its file (`Ingress api metadata.annotations...`), if
    /// the location has one.
    pub selector: Option<&'a str>,
}

impl<'a> Place<'a> {
    /// Reads `PATH:LINE` or `PATH:LINE SELECTOR`; `None` for any other location (a URL, a
    /// console's name, a path without a line).
    ///
    /// ```
    /// use workbench_import::drift::Place;
    /// let p = Place::parse("k8s/vs.yaml:14 VirtualService reviews http[0].timeout").unwrap();
    /// assert_eq!((p.path, p.line, p.selector), ("k8s/vs.yaml", 14, Some("VirtualService reviews http[0].timeout")));
    /// assert_eq!(Place::parse("https://example.com:443"), None);
    /// assert_eq!(Place::parse("nginx.conf"), None);
    /// ```
    pub fn parse(location: &'a str) -> Option<Place<'a>> {
        let location = location.trim();
        let (head, selector) = match location.split_once(char::is_whitespace) {
            Some((head, rest)) => (head, Some(rest.trim()).filter(|s| !s.is_empty())),
            None => (location, None),
        };
        let (path, line) = head.rsplit_once(':')?;
        if path.is_empty() || path.contains("://") || line.is_empty() {
            return None;
        }
        let line = line.parse().ok().filter(|&n| n > 0)?;
        Some(Place {
            path,
            line,
            selector,
        })
    }
}

/// What a drift finding says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum DriftCode {
    /// `config.drift`: the file sets another value than the sheet says.
    #[serde(rename = "config.drift")]
    Drift,
    /// `config.gone`: the setting is no longer in the file (its default now applies), or the
    /// file is no longer there.
    #[serde(rename = "config.gone")]
    Gone,
    /// `config.unreadable`: the file cannot be read or parsed.
    #[serde(rename = "config.unreadable")]
    Unreadable,
}

impl DriftCode {
    /// The code as reports write it (`config.drift`).
    pub fn as_str(self) -> &'static str {
        match self {
            DriftCode::Drift => "config.drift",
            DriftCode::Gone => "config.gone",
            DriftCode::Unreadable => "config.unreadable",
        }
    }
}

/// One row that is not what is deployed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct DriftFinding {
    /// What is wrong.
    pub code: DriftCode,
    /// How much it matters: `error` for a value that differs, a file that cannot be read, and
    /// a setting gone whose default differs from the sheet or is unknown; `warning` for a
    /// setting gone whose default is what the sheet says.
    pub severity: Severity,
    /// The sheet's row, 1-based among its rows (the header not counted), as the check's
    /// findings number them.
    pub row: usize,
    /// The row's setting cell, or its item when it names no setting (a route group).
    pub setting: String,
    /// The row's value cell, as the sheet writes it.
    pub sheet_value: String,
    /// The value the file sets now, as written (`None` when it sets none or cannot be read).
    pub file_value: Option<String>,
    /// The configuration file.
    pub path: String,
    /// The line the setting is on now; for a setting that is gone, the line the sheet names.
    pub line: usize,
    /// For a setting that is gone: the default that applies instead, as the importer or the
    /// catalog knows it (`None`: unknown).
    pub default: Option<String>,
    /// Why the file could not be read (for [`DriftCode::Unreadable`]).
    pub reason: Option<String>,
}

impl DriftFinding {
    /// The finding in words, in `lang`: `row 3 proxy-read-timeout: the sheet says 60s;
    /// k8s/ingress.yaml:12 says 30`.
    pub fn message(&self, lang: Lang) -> String {
        let ja = lang == Lang::Ja;
        let sheet = &self.sheet_value;
        let at = format!("{}:{}", self.path, self.line);
        let file = self.file_value.as_deref().unwrap_or("");
        let reason = self.reason.as_deref().unwrap_or("");
        let what = match (self.code, ja, self.default.as_deref()) {
            (DriftCode::Drift, true, _) => format!("シートは {sheet}、{at} は {file}"),
            (DriftCode::Drift, false, _) => format!("the sheet says {sheet}; {at} says {file}"),
            (DriftCode::Gone, true, Some(d)) => {
                format!("シートは {sheet}、{at} にはもう設定がない: 既定値が適用される: {d}")
            }
            (DriftCode::Gone, true, None) => format!(
                "シートは {sheet}、{at} にはもう設定がない: 製品の既定値が適用される（不明）"
            ),
            (DriftCode::Gone, false, Some(d)) => format!(
                "the sheet says {sheet}; {at} no longer sets it: its default applies: {d}"
            ),
            (DriftCode::Gone, false, None) => format!(
                "the sheet says {sheet}; {at} no longer sets it: the product's default applies (unknown)"
            ),
            (DriftCode::Unreadable, true, _) => format!("{at} を読めません: {reason}"),
            (DriftCode::Unreadable, false, _) => format!("{at} cannot be read: {reason}"),
        };
        let (row, setting) = (self.row, &self.setting);
        if ja {
            format!("行 {row} {setting}: {what}")
        } else {
            format!("row {row} {setting}: {what}")
        }
    }
}

/// What [`drift`] found in one sheet.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Drift {
    /// The rows that are not what is deployed, in row order.
    pub findings: Vec<DriftFinding>,
    /// Rows compared with a file that agree with it.
    pub agreeing: usize,
    /// Rows whose location names no configuration file (a URL, a console, a source file no
    /// importer reads, no location): counted, not compared.
    pub skipped: usize,
}

/// Compares every row of `rows` whose location names a configuration file with the value the
/// file sets now; `read` returns a file's text by the path the location writes. Every file
/// named is imported once, all together (an Istio `DestinationRule` needs its
/// `VirtualService`).
pub fn drift(rows: &[Row], read: &mut dyn FnMut(&str) -> Read) -> Drift {
    let mut out = Drift::default();
    let places: Vec<Option<Place<'_>>> =
        rows.iter().map(|row| Place::parse(&row.location)).collect();
    let (files, imported) = read_and_import(&places, read);
    for (index, (row, place)) in rows.iter().zip(&places).enumerate() {
        let Some(place) = place else {
            out.skipped += 1;
            continue;
        };
        let finding = |code, file_value, line, default: Option<String>, reason| DriftFinding {
            code,
            severity: match (&code, &default) {
                (DriftCode::Gone, Some(d))
                    if agree(
                        row,
                        &Row {
                            value: d.clone(),
                            ..row.clone()
                        },
                    ) =>
                {
                    Severity::Warning
                }
                _ => Severity::Error,
            },
            row: index + 1,
            setting: if row.setting.is_empty() {
                row.item.clone()
            } else {
                row.setting.clone()
            },
            sheet_value: row.value.clone(),
            file_value,
            path: place.path.to_owned(),
            line,
            default,
            reason,
        };
        let read = files.iter().find(|(p, _)| *p == place.path).map(|(_, r)| r);
        match read {
            Some(Read::Text(text)) => {
                if Format::detect(place.path, text).is_none() {
                    out.skipped += 1;
                    continue;
                }
                if let Some(err) = imported.errors.iter().find(|e| e.path == place.path) {
                    out.findings.push(finding(
                        DriftCode::Unreadable,
                        None,
                        err.line,
                        None,
                        Some(format!("{}:{}: {}", err.line, err.column, err.message)),
                    ));
                    continue;
                }
                match found(&imported.rows, row, place) {
                    Some(now)
                        if value::is_not_set(&now.value) && !value::is_not_set(&row.value) =>
                    {
                        let at = Place::parse(&now.location).map_or(place.line, |p| p.line);
                        let default = Some(now.default.clone()).filter(|d| !d.is_empty());
                        out.findings.push(finding(
                            DriftCode::Gone,
                            None,
                            at,
                            default.or_else(|| catalog_default(row)),
                            None,
                        ));
                    }
                    Some(now) => {
                        if agree(row, now) {
                            out.agreeing += 1;
                        } else {
                            let at = Place::parse(&now.location).map_or(place.line, |p| p.line);
                            out.findings.push(finding(
                                DriftCode::Drift,
                                Some(now.value.clone()),
                                at,
                                None,
                                None,
                            ));
                        }
                    }
                    None if value::is_not_set(&row.value) => out.agreeing += 1,
                    None => out.findings.push(finding(
                        DriftCode::Gone,
                        None,
                        place.line,
                        catalog_default(row),
                        None,
                    )),
                }
            }
            Some(Read::Unreadable(reason)) => out.findings.push(finding(
                DriftCode::Unreadable,
                None,
                place.line,
                None,
                Some(reason.clone()),
            )),
            Some(Read::Missing) | None if Format::is_candidate(place.path) => {
                out.findings.push(finding(
                    DriftCode::Gone,
                    None,
                    place.line,
                    catalog_default(row),
                    None,
                ))
            }
            Some(Read::Missing) | None => out.skipped += 1,
        }
    }
    out
}

/// `rows` with the values the files set now: each row whose location names one of `paths`
/// takes the value its file sets at the row's place, or `—` when the file no longer sets it
/// or is gone (the product's default then applies; the row's default cell stays). Other rows,
/// and rows whose file cannot be read or parsed, stay as they are. `read` returns a file's
/// text by the path the location writes.
///
/// This is how a configuration change is reviewed as a sheet change: the sheet's rows with
/// the values of the old files, against the same rows with the values of the new ones.
pub fn deployed(rows: &[Row], paths: &[String], read: &mut dyn FnMut(&str) -> Read) -> Vec<Row> {
    let places: Vec<Option<Place<'_>>> = rows
        .iter()
        .map(|row| Place::parse(&row.location).filter(|p| paths.iter().any(|x| x == p.path)))
        .collect();
    let (files, imported) = read_and_import(&places, read);
    rows.iter()
        .zip(&places)
        .map(|(row, place)| {
            let Some(place) = place else {
                return row.clone();
            };
            let state = files.iter().find(|(p, _)| *p == place.path).map(|(_, r)| r);
            let parsed = !imported.errors.iter().any(|e| e.path == place.path);
            let value = match state {
                Some(Read::Text(_)) if parsed => match found(&imported.rows, row, place) {
                    Some(now) => now.value.clone(),
                    None => "—".to_owned(),
                },
                Some(Read::Missing) => "—".to_owned(),
                _ => return row.clone(),
            };
            Row {
                value,
                ..row.clone()
            }
        })
        .collect()
}

/// Reads each file `places` name once, by the path the location writes, and imports the
/// readable ones all together (an Istio `DestinationRule` needs its `VirtualService`): each
/// path with what reading it gave, and the rows and errors of the import.
fn read_and_import<'p>(
    places: &[Option<Place<'p>>],
    read: &mut dyn FnMut(&str) -> Read,
) -> (Vec<(&'p str, Read)>, Imported) {
    let mut files: Vec<(&str, Read)> = Vec::new();
    for place in places.iter().flatten() {
        if !files.iter().any(|(p, _)| *p == place.path) {
            files.push((place.path, read(place.path)));
        }
    }
    let readable: Vec<File<'_>> = files
        .iter()
        .filter_map(|(path, read)| match read {
            Read::Text(text) => Some(File { path, text }),
            _ => None,
        })
        .collect();
    let imported = import(&readable, Lang::En);
    (files, imported)
}

/// The imported row that sets what `row`'s location names: the same file and selector; a
/// selector that names the object the setting would be in, with the same setting (the row of
/// a default the file leaves to its product); or, for a location without a selector, the same
/// file and line.
fn found<'r>(imported: &'r [Row], row: &Row, place: &Place<'_>) -> Option<&'r Row> {
    let in_file = || {
        imported.iter().filter_map(|r| {
            let p = Place::parse(&r.location)?;
            (p.path == place.path).then_some((r, p))
        })
    };
    match place.selector {
        Some(selector) => in_file()
            .find(|(_, p)| p.selector == Some(selector))
            .or_else(|| {
                in_file().find(|(r, p)| {
                    r.setting == row.setting
                        && p.selector.is_some_and(|s| {
                            selector.starts_with(s) && selector[s.len()..].starts_with('.')
                        })
                })
            })
            .map(|(r, _)| r),
        None => in_file()
            .find(|(_, p)| p.line == place.line)
            .map(|(r, _)| r),
    }
}

/// The catalog's default for `row`'s setting, if the catalog knows it.
fn catalog_default(row: &Row) -> Option<String> {
    catalog::lookup(row)
        .map(|entry| entry.default)
        .filter(|d| !d.is_empty())
        .map(str::to_owned)
}

/// Whether the sheet's `row` and the file's `now` say the same: the same text; or the same
/// duration, each bare number read in the unit of its own row's product; or the same count of
/// tries; or the same words, whatever their case and spacing.
fn agree(row: &Row, now: &Row) -> bool {
    let (sheet, file) = (row.value.trim(), now.value.trim());
    if sheet == file {
        return true;
    }
    let kind = Kind::from_item(&row.item).or_else(|| catalog::lookup(row).map(|e| e.kind));
    if kind == Some(Kind::Tries) {
        if let (Ok(a), Ok(b)) = (tries(row, sheet), tries(now, file)) {
            return a.count == b.count && a.waits_ms == b.waits_ms;
        }
    }
    let unit = |r: &Row| catalog::lookup(r).map(|e| e.unit);
    if let (Ok(Cell::Duration { dur: a, .. }), Ok(Cell::Duration { dur: b, .. })) = (
        value::read_duration(sheet, unit(row)),
        value::read_duration(file, unit(now)),
    ) {
        return a == b;
    }
    let words = |t: &str| {
        t.to_lowercase()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    words(sheet) == words(file)
}

/// A tries cell read as the engine reads it: a bare count on a setting that counts retries
/// (Istio's `attempts: 2`) is that many retries.
fn tries(row: &Row, text: &str) -> Result<value::Tries, value::TriesError> {
    let retries = catalog::lookup(row).is_some_and(|e| e.counts_retries());
    match text.parse::<u32>() {
        Ok(n) if n > 0 && retries => value::read_tries(&format!("{n} retries")),
        _ => value::read_tries(text),
    }
}

#[cfg(test)]
mod tests;

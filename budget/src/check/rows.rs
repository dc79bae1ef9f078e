//! Stage 1, rows: each row's kind (from its item, else its catalog entry), its catalog entry
//! and its value, completed from the default column or the catalog where it is not set
//! (`budget-model.md` §2, §3).
//!
//! Input: the sheet's rows. Output: one [`RowInfo`] per row, in sheet order, and the findings
//! of how each value was read (`value.*`, `tries.waits_assumed`).

use crate::catalog::{self, Entry, Match, MinusOne, Zero};
use crate::code::FindingCode;
use crate::duration::{DurationError, Unit};
use crate::kind::Kind;
use crate::map::Map;
use crate::retry_on::{self, RetryOn};
use crate::said::{BareTries, FromCatalog, Note, RowSaid, Said, Used};
use crate::sheet::Row;
use crate::time::Time;
use crate::value::{self, Cell, Dur, Idem, Tries, TriesError};

use super::findings::{Draft, Findings};

/// A duration term: its time, the decimals it was written with (for formulas) and the line of
/// the row it was read from.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Term {
    pub(crate) time: Time,
    pub(crate) decimals: u8,
    /// The row's line (data rows counted from 1).
    pub(crate) line: usize,
}

/// What a row's value became.
#[derive(Clone, Debug)]
pub(crate) enum Val {
    /// Not a number in the budget (`other` kind), or not set with no default.
    Absent,
    /// A needed value could not be read.
    Unknown,
    /// A duration.
    Dur(Term),
    /// Tries and waits.
    Tries(Tries),
    /// The failures that start another try (`retry_on`).
    RetryOn(RetryOn),
    /// A count (`upstreams`).
    Count(u32),
    /// Yes or no (`propagation`).
    Flag(bool),
    /// Whether a retry is safe (`idempotency`).
    Idem(Idem),
    /// A parallel group's or a route group's name (the row's kind says which).
    Group(String),
}

/// What the engine derived from one row, as facts: its words (the parsed value, the catalog
/// note and the note) are written from them for the report only.
#[derive(Clone)]
pub(crate) struct RowInfo {
    pub(crate) kind: Kind,
    pub(crate) entry: Option<&'static Entry>,
    pub(crate) val: Val,
    /// How the value was completed, or why it could not be used. Boxed: most rows have
    /// none, and the infos are copied whole (a fix's re-check starts from a copy).
    pub(crate) note: Option<Box<Note>>,
    /// What the catalog makes of the row's setting: the entry that applies, or the one that
    /// does not because the row names another product. The report's note starts with it.
    pub(crate) found: Match,
    /// The value was a positive duration below 1 ms, counted as 1 ms.
    pub(crate) below_one_ms: bool,
}

/// What a row's report says in words, as facts: its value (a tries row's from its hop's
/// layer, which holds its waits), its note, the catalog's match and the version of the
/// product the row names, where the entry's default depends on it.
#[derive(Clone, Debug)]
pub(crate) struct RowWords {
    pub(crate) val: Val,
    pub(crate) note: Option<Box<Note>>,
    pub(crate) found: Match,
    pub(crate) version: Option<String>,
}

impl RowWords {
    /// The words' facts of `row`, read as `info` and valued `val`; the note is taken from
    /// `info`.
    pub(crate) fn take(row: &Row, info: &mut RowInfo, val: Val) -> RowWords {
        let version = match info.found {
            Match::Applies(e) => e
                .versions
                .and_then(|_| catalog::version_in(row, e.product))
                .map(|v| v.to_string()),
            _ => None,
        };
        RowWords {
            val,
            note: info.note.take(),
            found: info.found,
            version,
        }
    }
}

impl RowInfo {
    /// This info without its note, which only the row reports show: what a fix's
    /// verdict-only re-check reads.
    pub(crate) fn for_verdict(&self) -> RowInfo {
        RowInfo {
            kind: self.kind,
            entry: self.entry,
            val: self.val.clone(),
            note: None,
            found: Match::None,
            below_one_ms: self.below_one_ms,
        }
    }

    /// The row's duration, when it has one.
    pub(crate) fn term(&self) -> Option<Term> {
        match self.val {
            Val::Dur(t) => Some(t),
            _ => None,
        }
    }
}

/// Reads every row of a sheet. Each setting text is matched against the catalog once
/// ([`catalog::Lookups`]); every row's entry is what [`catalog::lookup`] gives it. Each item,
/// duration text and tries text is read once too ([`Memo`]).
pub(crate) fn read(rows: &[Row], out: &mut Findings) -> Vec<RowInfo> {
    let mut lookups = catalog::Lookups::for_rows(rows.len());
    let mut memo = Memo::keeping(rows.len());
    rows.iter()
        .enumerate()
        .map(|(i, row)| read_row_in(&mut memo, row, lookups.lookup(row), i + 1, out))
        .collect()
}

/// What reading a sheet's rows remembers: the kinds an item's words name, and what a
/// duration or tries text reads as. The rows of a sheet repeat these texts (every service's
/// `read timeout` of `30`), and each reading depends only on its text (and the unit a bare
/// number takes), so a remembered answer is exactly the one reading the text again gives.
struct Memo<'a> {
    /// The answers kept; none for a row read on its own, which reads each text once anyway.
    kept: Option<Kept<'a>>,
}

/// The answers a [`Memo`] keeps.
struct Kept<'a> {
    /// Per item and the kind of the row's catalog entry, the row's kind ([`Memo::kind`]).
    kinds: Map<(&'a str, Option<Kind>), Kind>,
    /// Per text and bare-number unit, [`value::read_duration`]'s answer.
    durations: Map<(&'a str, Option<Unit>), Result<Cell, DurationError>>,
    /// Per text, [`value::read_tries`]'s answer.
    tries: Map<&'a str, Result<Tries, TriesError>>,
}

impl<'a> Memo<'a> {
    /// A memo that keeps every answer, for the `rows` rows of one sheet, with room for the
    /// kinds and durations of as many rows as a small sheet writes (a large one repeats a
    /// few), so their tables seldom grow. Tries rows are few: their table starts empty.
    fn keeping(rows: usize) -> Memo<'a> {
        let room = rows.min(32);
        Memo {
            kept: Some(Kept {
                kinds: Map::with_capacity_and_hasher(room, Default::default()),
                durations: Map::with_capacity_and_hasher(room, Default::default()),
                tries: Map::default(),
            }),
        }
    }

    /// A memo that keeps nothing, for one row read on its own.
    fn passing() -> Memo<'a> {
        Memo { kept: None }
    }

    /// The kind of a row of `item` whose catalog entry is `entry`: the kind its item names,
    /// else its entry's, else the generic kind its item names, else [`Kind::Other`].
    fn kind(&mut self, item: &'a str, entry: Option<&'static Entry>) -> Kind {
        let entry_kind = entry.map(|e| e.kind);
        let read = || {
            Kind::from_item(item)
                .or(entry_kind)
                .or_else(|| Kind::from_generic_item(item))
                .unwrap_or(Kind::Other)
        };
        match &mut self.kept {
            Some(kept) => *kept.kinds.entry((item, entry_kind)).or_insert_with(read),
            None => read(),
        }
    }

    /// [`value::read_duration`] of `text`, a bare number taking `unit`.
    fn duration(&mut self, text: &'a str, unit: Option<Unit>) -> Result<Cell, DurationError> {
        let Some(kept) = &mut self.kept else {
            return value::read_duration(text, unit);
        };
        kept.durations
            .entry((text, unit))
            .or_insert_with(|| value::read_duration(text, unit))
            .clone()
    }

    /// [`value::read_tries`] of `text`.
    fn tries(&mut self, text: &'a str) -> Result<Tries, TriesError> {
        let Some(kept) = &mut self.kept else {
            return value::read_tries(text);
        };
        kept.tries
            .entry(text)
            .or_insert_with(|| value::read_tries(text))
            .clone()
    }
}

/// Reads row `line` of `rows` again, after its cells changed: its info replaces the old one
/// in `infos`, its findings the old row's in `out`. Each row is read on its own, so the
/// result is what [`read`] gives for the changed rows.
pub(crate) fn reread(rows: &[Row], line: usize, infos: &mut [RowInfo], out: &mut Findings) {
    let (Some(row), Some(info)) = (rows.get(line - 1), infos.get_mut(line - 1)) else {
        return;
    };
    out.drop_row(line);
    *info = read_row(row, catalog::match_row(row), line, out);
}

/// Reads row `line`: its kind and value, given what the catalog makes of it
/// ([`catalog::match_row`]'s answer). An entry that does not apply (the row names another
/// product) gives the row nothing: not its kind, unit, zero, default or retries.
pub(crate) fn read_row(row: &Row, found: Match, line: usize, out: &mut Findings) -> RowInfo {
    read_row_in(&mut Memo::passing(), row, found, line, out)
}

/// Reads row `line` again after only its value changed (a fix's re-check): its catalog match
/// and its kind are the ones `was` read it with, for both read its other cells, not its value
/// ([`catalog::match_row`], [`Memo::kind`]).
pub(crate) fn reread_value(row: &Row, was: &RowInfo, line: usize, out: &mut Findings) -> RowInfo {
    read_row_as(&mut Memo::passing(), row, (was.found, was.kind), line, out)
}

/// [`read_row`], reading texts through `memo`.
fn read_row_in<'a>(
    memo: &mut Memo<'a>,
    row: &'a Row,
    found: Match,
    line: usize,
    out: &mut Findings,
) -> RowInfo {
    let kind = memo.kind(&row.item, found.applied());
    read_row_as(memo, row, (found, kind), line, out)
}

/// [`read_row_in`] of a row whose catalog match and kind are known.
fn read_row_as<'a>(
    memo: &mut Memo<'a>,
    row: &'a Row,
    (found, kind): (Match, Kind),
    line: usize,
    out: &mut Findings,
) -> RowInfo {
    let entry = found.applied();
    let mut below_one_ms = false;
    let (val, note) = match kind {
        // A setting of no budget kind (Node's `headersTimeout`) is read only when its value is
        // not set and its catalog entry gives it a unit: the default column (remarks and all,
        // `40000ms (Node 10.14)`) or the catalog's default then applies, and says so, as on
        // any other row; a value written is left to the rules that read it.
        Kind::Other if entry.is_some() && value::is_not_set(&row.value) => {
            read_duration_cell(memo, row, line, entry, out, &mut below_one_ms)
        }
        Kind::Other => (Val::Absent, None),
        // A tries or conditions cell is completed from the default column or the catalog.
        Kind::Tries | Kind::RetryOn => match text_of(row, entry) {
            None => (Val::Absent, None),
            Some(text) if kind == Kind::Tries => read_tries_cell(memo, row, line, entry, text, out),
            Some(text) => read_retry_on_cell(row, line, text, out),
        },
        Kind::Upstreams | Kind::Idempotency | Kind::Propagation | Kind::Parallel | Kind::Routes => {
            read_word_cell(row, line, kind, out)
        }
        _ => read_duration_cell(memo, row, line, entry, out, &mut below_one_ms),
    };
    RowInfo {
        kind,
        entry,
        val,
        note: note.map(Box::new),
        found,
        below_one_ms,
    }
}

/// Adds the finding of `code` on row `line` that says `said`, citing `source`; the row's note
/// says the same. A verdict-only re-check reads none of these findings (none is an error):
/// it counts its steps and builds nothing.
fn noted(
    out: &mut Findings,
    code: FindingCode,
    line: usize,
    said: RowSaid,
    source: Option<&'static str>,
) -> Option<Note> {
    if !out.skips(code, 1) {
        out.add(Draft::new(code, vec![line], Said::Row(said.clone())).cite(source));
    }
    Some(Note::Said(said))
}

/// Where a value that is not set was completed from.
enum Completed {
    /// The value cell itself.
    Value,
    /// The row's default column.
    DefaultColumn,
    /// The catalog's documented default of this entry.
    Catalog(&'static Entry),
}

/// The `value.default_applied` finding of a row whose value was completed with `used`, and
/// the note that says so; `None` when the value cell itself was read. A catalog default of a
/// setting with versions names the version it is the default of (the row's, or the newest
/// release when the row names none); an unresolved one says so.
fn default_applied(
    row: &Row,
    line: usize,
    used: Used,
    from: &Completed,
    out: &mut Findings,
) -> Option<RowSaid> {
    let from = match from {
        Completed::Value => return None,
        Completed::DefaultColumn => None,
        Completed::Catalog(e) => Some(*e),
    };
    let said = RowSaid::DefaultApplied {
        line,
        used,
        from: from.map(|entry| FromCatalog {
            entry,
            version: entry
                .versions
                .and_then(|_| catalog::version_in(row, entry.product))
                .map(|v| v.to_string()),
        }),
    };
    // A verdict-only re-check reads no such finding: it counts its steps and builds nothing.
    if !out.skips(FindingCode::ValueDefaultApplied, 1) {
        out.add(
            Draft::new(
                FindingCode::ValueDefaultApplied,
                vec![line],
                Said::Row(said.clone()),
            )
            .cite(from.map(|e| e.source)),
        );
    }
    Some(said)
}

/// The whole number a cell holds, when it is nothing else (`0`, `-1`, `０`).
fn bare_int(text: &str) -> Option<i64> {
    crate::duration::normalize(text).trim().parse().ok()
}

/// A tries cell of a bare whole number read by what its catalog entry says it means: `0` is
/// unlimited tries (unknown: no count bounds them) or the product's default tries; `-1`
/// disables retries (1 try); a positive count on a setting that counts retries is that many
/// retries (HAProxy `retries 3`: 4 tries). The row's note says which. `None` when the cell is
/// another text or the entry gives the number no meaning.
fn special_tries(text_in: &str, e: &'static Entry) -> Option<(Val, BareTries)> {
    match (bare_int(text_in)?, e.zero, e.minus_one) {
        (0, Zero::Unlimited, _) => Some((Val::Unknown, BareTries::Unlimited(e))),
        (0, Zero::ProductDefault, _) => {
            let tries = value::read_tries(e.default).ok()?;
            Some((Val::Tries(tries.clone()), BareTries::Default(e, tries)))
        }
        // A product that counts retries documents its default in retries (HAProxy
        // `retries 3`, Envoy `num_retries`, go-redis `MaxRetries`): a bare count there is
        // retries too, one try more than the number.
        (n @ 1.., _, _) if e.counts_retries() => {
            let tries = value::read_tries(&format!("{n} retries")).ok()?;
            Some((Val::Tries(tries.clone()), BareTries::Retries(e, n, tries)))
        }
        (-1, _, MinusOne::NoRetries) => {
            let tries = value::read_tries("1 try").ok()?;
            Some((Val::Tries(tries), BareTries::NoRetries(e)))
        }
        _ => None,
    }
}

/// The text a tries or retry-conditions cell is read from, and where it comes from: the
/// value, else the default column, else the catalog's documented default; `None` when none
/// is set.
fn text_of<'a>(row: &'a Row, entry: Option<&'static Entry>) -> Option<(&'a str, Completed)> {
    if !value::is_not_set(&row.value) {
        Some((row.value.as_str(), Completed::Value))
    } else if !value::is_not_set(&row.default) {
        Some((row.default.as_str(), Completed::DefaultColumn))
    } else {
        entry
            .filter(|e| !value::is_not_set(e.default))
            .map(|e| (e.default, Completed::Catalog(e)))
    }
}

/// Reads a tries cell's text ([`text_of`]: the value, else the default column, else the
/// catalog's default; each completed value says so with `value.default_applied`).
fn read_tries_cell<'a>(
    memo: &mut Memo<'a>,
    row: &Row,
    line: usize,
    entry: Option<&'static Entry>,
    (text_in, from): (&'a str, Completed),
    out: &mut Findings,
) -> (Val, Option<Note>) {
    if let Some((val, meaning)) = entry.and_then(|e| special_tries(text_in, e)) {
        let used = match &val {
            Val::Tries(t) => Used::Tries(t.clone()),
            _ => Used::Unlimited,
        };
        let applied = default_applied(row, line, used, &from, out);
        return (val, Some(Note::Bare { applied, meaning }));
    }
    match memo.tries(text_in) {
        Ok(t) => {
            if t.waits_assumed {
                let said = RowSaid::WaitsAssumed {
                    line,
                    tries: t.count,
                    wait_ms: *t.waits_ms.last().unwrap_or(&0),
                };
                out.add(Draft::new(
                    FindingCode::TriesWaitsAssumed,
                    vec![line],
                    Said::Row(said),
                ));
            }
            if t.waits_dropped > 0 {
                let said = RowSaid::WaitsDropped {
                    line,
                    tries: t.count,
                    dropped: t.waits_dropped,
                };
                out.add(Draft::new(
                    FindingCode::TriesWaitsAssumed,
                    vec![line],
                    Said::Row(said),
                ));
            }
            let note = default_applied(row, line, Used::Tries(t.clone()), &from, out);
            (Val::Tries(t), note.map(Note::Said))
        }
        Err(err) => {
            let said = match err {
                value::TriesError::TooMany(count) => RowSaid::TooManyTries { line, count },
                _ => RowSaid::Unreadable {
                    line,
                    text: text_in.to_string(),
                    tries: true,
                },
            };
            let note = noted(out, FindingCode::ValueUnreadable, line, said, None);
            (Val::Unknown, note)
        }
    }
}

/// Reads a retry-conditions cell (`budget-model.md` §4.1): the value, else the default
/// column, else the catalog's default (`proxy_next_upstream`: `error timeout`), each completed
/// value with `value.default_applied`. A word that is no condition makes the row
/// `value.unreadable`, naming the word.
fn read_retry_on_cell(
    row: &Row,
    line: usize,
    (text_in, from): (&str, Completed),
    out: &mut Findings,
) -> (Val, Option<Note>) {
    match retry_on::read(text_in) {
        Ok(on) => {
            let note = default_applied(row, line, Used::RetryOn(on.clone()), &from, out);
            (Val::RetryOn(on), note.map(Note::Said))
        }
        Err(word) => {
            let said = RowSaid::UnreadableRetryOn {
                line,
                text: text_in.to_string(),
                word,
            };
            let note = noted(out, FindingCode::ValueUnreadable, line, said, None);
            (Val::Unknown, note)
        }
    }
}

/// Reads a count, yes/no, idempotency, parallel group or route group cell: the value, else the default
/// column (with `value.default_applied`).
fn read_word_cell(row: &Row, line: usize, kind: Kind, out: &mut Findings) -> (Val, Option<Note>) {
    let (text_in, from) = if !value::is_not_set(&row.value) {
        (row.value.as_str(), Completed::Value)
    } else if !value::is_not_set(&row.default) {
        (row.default.as_str(), Completed::DefaultColumn)
    } else {
        return (Val::Absent, None);
    };
    let val = match kind {
        Kind::Upstreams => value::read_count(text_in).map(Val::Count),
        Kind::Idempotency => value::read_idem(text_in).map(Val::Idem),
        Kind::Propagation => value::read_flag(text_in).map(Val::Flag),
        _ => Some(Val::Group(text_in.trim().to_string())),
    };
    match val {
        Some(v) => {
            let used = Used::Text(text_in.trim().to_string());
            let note = default_applied(row, line, used, &from, out);
            (v, note.map(Note::Said))
        }
        None => {
            let said = RowSaid::UnreadableAs {
                line,
                text: text_in.to_string(),
                kind,
            };
            let note = noted(out, FindingCode::ValueUnreadable, line, said, None);
            (Val::Unknown, note)
        }
    }
}

/// A duration cell once read: its value, decimals, whether a bare number took the catalog's
/// unit, and whether it was 0.
type Reading = (Dur, u8, bool, bool);

fn reading(cell: Cell) -> Option<Reading> {
    match cell {
        Cell::NotSet => None,
        Cell::Duration {
            dur,
            decimals,
            used_bare_unit,
            zero,
            ..
        } => Some((dur, decimals, used_bare_unit, zero)),
    }
}

/// The catalog's documented default of an entry, read in its unit.
fn catalog_default(memo: &mut Memo, e: &'static Entry) -> Option<Reading> {
    memo.duration(e.default, Some(e.unit))
        .ok()
        .and_then(reading)
}

/// Reads a duration cell: the value, else the default column, else the catalog's default.
/// Sets `below_one_ms` when the value cell held a positive duration below 1 ms.
fn read_duration_cell<'a>(
    memo: &mut Memo<'a>,
    row: &'a Row,
    line: usize,
    entry: Option<&'static Entry>,
    out: &mut Findings,
    below_one_ms: &mut bool,
) -> (Val, Option<Note>) {
    let unit = entry.map(|e| e.unit);
    let mut note = None;
    let from_catalog = |memo: &mut Memo| {
        entry.and_then(|e| catalog_default(memo, e).map(|r| (r, Completed::Catalog(e))))
    };
    // -1 where the catalog says it disables the timeout: no bound.
    let minus_one_disables = entry.is_some_and(|e| e.minus_one == MinusOne::Disabled);
    let value_read = if minus_one_disables && bare_int(&row.value) == Some(-1) {
        Ok(Cell::Duration {
            dur: Dur::Infinite,
            decimals: 0,
            used_bare_unit: false,
            zero: false,
            below_one_ms: false,
        })
    } else {
        memo.duration(&row.value, unit)
    };
    let completed = match value_read {
        Ok(cell) => match reading(cell) {
            Some(r) => {
                if let Cell::Duration {
                    below_one_ms: true, ..
                } = cell
                {
                    *below_one_ms = true;
                    note = Some(Note::BelowOneMs);
                }
                Some((r, Completed::Value))
            }
            // Not set: the default column, then the catalog's default.
            None => match memo.duration(&row.default, unit) {
                Ok(cell) => match reading(cell) {
                    Some(r) => Some((r, Completed::DefaultColumn)),
                    None => from_catalog(memo),
                },
                Err(_) => from_catalog(memo),
            },
        },
        Err(err) => {
            let text = row.value.clone();
            let (code, said) = if err == DurationError::UnitMissing {
                (
                    FindingCode::ValueUnitMissing,
                    RowSaid::UnitMissing { line, text },
                )
            } else {
                let tries = false;
                (
                    FindingCode::ValueUnreadable,
                    RowSaid::Unreadable { line, text, tries },
                )
            };
            return (Val::Unknown, noted(out, code, line, said, None));
        }
    };
    let Some(((mut dur, decimals, used_bare_unit, zero), from)) = completed else {
        return (Val::Absent, None);
    };
    if zero {
        match entry.map(|e| (e, e.zero)) {
            Some((_, Zero::Disabled | Zero::Unlimited)) => dur = Dur::Infinite,
            Some((e, Zero::ProductDefault)) => {
                if let Some((d, ..)) = catalog_default(memo, e) {
                    dur = d;
                }
            }
            // 0 turns the feature off (nginx keepalive_timeout 0: no keep-alive): the row
            // holds no duration to compare.
            Some((e, Zero::Off)) => return (Val::Absent, Some(Note::ZeroOff(e))),
            _ => {}
        }
    }
    if matches!(from, Completed::Value) && !used_bare_unit {
        // A unit where the product takes only a bare number (ingress-nginx ignores
        // `proxy-read-timeout: 30s`; OpenFeign's int refuses `500ms`): the value written is
        // not the one that applies, and what applies instead is not known here.
        // Only a row whose location names a line of a file (`k8s/ingress.yaml:12 …`, as
        // `workbench import` writes it) holds the text as written there; elsewhere `60s` may
        // be the sheet's way of writing the 60 typed into a console.
        let literal = || names_a_file_line(&row.location);
        if let Some(e) = entry.filter(|e| e.bare_only && !matches!(dur, Dur::Infinite) && literal())
        {
            let ms = match dur {
                Dur::Exact(ms) | Dur::AtLeast(ms) | Dur::Range(ms, _) => ms,
                Dur::Infinite => 0,
            };
            let said = RowSaid::UnitNotTaken {
                line,
                text: row.value.clone(),
                entry: e,
                bare: bare_number(ms, e.unit),
            };
            let note = noted(
                out,
                FindingCode::ValueUnreadable,
                line,
                said,
                Some(e.source),
            );
            return (Val::Unknown, note);
        }
    }
    if !matches!(from, Completed::Value) {
        note = default_applied(row, line, Used::Dur(dur), &from, out).map(Note::Said);
    } else if used_bare_unit {
        // A product that takes only a bare number is read as written, without asking for a
        // unit it would refuse.
        if let Some(e) = entry.filter(|e| !e.bare_only) {
            let said = RowSaid::UnitFromCatalog {
                line,
                text: row.value.clone(),
                entry: e,
            };
            note = noted(
                out,
                FindingCode::ValueUnitFromCatalog,
                line,
                said,
                Some(e.source),
            );
        }
    }
    (
        Val::Dur(Term {
            time: Time::from_dur(dur),
            decimals,
            line,
        }),
        note,
    )
}

/// Whether a location names a line of a file: its first word is `PATH:LINE`.
fn names_a_file_line(location: &str) -> bool {
    let first = location.split_whitespace().next().unwrap_or("");
    first.rsplit_once(':').is_some_and(|(path, line)| {
        !path.is_empty()
            && !path.contains("://")
            && !line.is_empty()
            && line.bytes().all(|b| b.is_ascii_digit())
    })
}

/// `ms` as a bare number of `unit`, as a product that takes only bare numbers wants it
/// (`30000` ms in seconds: `30`; a fraction keeps its digits: `1.5`).
fn bare_number(ms: u64, unit: crate::duration::Unit) -> String {
    let per = unit.nanos() / 1_000_000;
    if per == 0 {
        // Below a millisecond (ns, us): the whole number of that unit.
        let factor = 1_000_000 / unit.nanos().max(1);
        return (u128::from(ms) * factor).to_string();
    }
    let ms = u128::from(ms);
    if ms % per == 0 {
        (ms / per).to_string()
    } else {
        let text = format!("{:.3}", ms as f64 / per as f64);
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheet::Lang;

    /// A row of the hop `a -> b`.
    fn row(item: &str, setting: &str, default: &str, value: &str) -> Row {
        Row::new("a -> b", item, value)
            .with_setting(setting)
            .with_default(default)
    }

    /// A row's info, and its report's words.
    struct One {
        info: RowInfo,
        parsed: String,
        note: Option<String>,
    }

    impl std::ops::Deref for One {
        type Target = RowInfo;
        fn deref(&self) -> &RowInfo {
            &self.info
        }
    }

    fn read_one(r: Row) -> (One, Vec<crate::Finding>) {
        let mut out = Findings::new();
        let info = read(std::slice::from_ref(&r), &mut out).remove(0);
        let val = info.val.clone();
        let words = RowWords::take(&r, &mut info.clone(), val);
        let one = One {
            parsed: crate::render::parsed(&words.val, Lang::En),
            note: crate::render::note(Lang::En, &words),
            info,
        };
        (one, out.into_list(Lang::En, crate::render::words))
    }

    #[test]
    fn a_sheet_read_with_its_texts_remembered_reads_as_each_row_on_its_own() {
        let sheets = [
            crate::example::RESERVATION_EN,
            crate::example::RESERVATION_JA,
            crate::example::INVERTED_LB,
            crate::example::REDIRECTOR_RETRIES,
            crate::example::GATEWAY_ROUTES,
        ];
        for text in sheets {
            let rows = crate::tsv::import(text).unwrap().rows;
            // Every row twice: the second reading of each text is a remembered one.
            let rows: Vec<Row> = rows.iter().chain(&rows).cloned().collect();
            let facts = |info: &RowInfo, out: Vec<crate::Finding>| {
                (
                    info.kind,
                    info.entry.map(std::ptr::from_ref),
                    format!("{:?} {:?}", info.val, info.found),
                    info.note.clone(),
                    info.below_one_ms,
                    out,
                )
            };
            let mut out = Findings::new();
            let infos = read(&rows, &mut out);
            let listed = out.into_list(Lang::En, crate::render::words);
            for (i, (row, info)) in rows.iter().zip(&infos).enumerate() {
                let line = i + 1;
                let mut one = Findings::new();
                let alone = read_row(row, catalog::match_row(row), line, &mut one);
                let of_row: Vec<_> = listed
                    .iter()
                    .filter(|f| f.rows == [line])
                    .cloned()
                    .collect();
                assert_eq!(
                    facts(info, of_row),
                    facts(&alone, one.into_list(Lang::En, crate::render::words)),
                    "row {line}: {row:?}"
                );
            }
        }
    }

    #[test]
    fn a_row_gets_its_kind_from_its_item_else_from_the_catalog() {
        let (info, _) = read_one(row("read timeout", "", "", "3s"));
        assert_eq!(info.kind, Kind::Read);
        let (info, _) = read_one(row("", "statement_timeout", "", "2s"));
        assert_eq!(info.kind, Kind::Statement);
        assert_eq!(info.entry.map(|e| e.product), Some("PostgreSQL"));
        let (info, _) = read_one(row("colour", "", "", "blue"));
        assert_eq!(info.kind, Kind::Other);
        assert!(matches!(info.val, Val::Absent));
    }

    #[test]
    fn a_duration_is_read_into_a_term_with_its_line_and_decimals() {
        let (info, findings) = read_one(row("read timeout", "", "", "1.5s"));
        let term = info.term().unwrap();
        assert_eq!(
            (term.time, term.decimals, term.line),
            (Time::exact(1_500), 1, 1)
        );
        assert_eq!(info.parsed, "1.5 s");
        assert!(findings.is_empty());
    }

    #[test]
    fn a_value_not_set_takes_the_default_column_and_says_so() {
        let (info, findings) = read_one(row("read timeout", "", "60s", "—"));
        assert_eq!(info.term().unwrap().time, Time::exact(60_000));
        assert_eq!(findings.len(), 1);
        assert_eq!(findings[0].code, FindingCode::ValueDefaultApplied);
        assert_eq!(
            findings[0].message,
            "row 1: no value set; the default column's 1 min applies"
        );
        assert_eq!(info.note.as_deref(), Some(findings[0].message.as_str()));
    }

    #[test]
    fn a_tries_row_not_set_takes_the_default_column_and_says_so() {
        let (info, findings) = read_one(row("tries", "", "2 retries", ""));
        let Val::Tries(t) = &info.val else {
            panic!("{:?}", info.val)
        };
        assert_eq!(t.count, 3);
        assert_eq!(findings.len(), 1);
        assert_eq!(findings[0].code, FindingCode::ValueDefaultApplied);
        assert_eq!(
            findings[0].message,
            "row 1: no value set; the default column's 3 tries applies"
        );
    }

    #[test]
    fn an_unreadable_value_is_unknown_with_a_warning() {
        let (info, findings) = read_one(row("read timeout", "", "", "ten seconds"));
        assert!(matches!(info.val, Val::Unknown));
        assert_eq!(findings[0].code, FindingCode::ValueUnreadable);
        assert_eq!(info.parsed, "?");
    }

    fn tries_count(info: &RowInfo) -> Option<u32> {
        match &info.val {
            Val::Tries(t) => Some(t.count),
            _ => None,
        }
    }

    /// The info of the value of `setting`, after checking its note and that it is no finding.
    fn read_noted(setting: &str, value: &str, note: &str) -> One {
        let (info, findings) = read_one(row("", setting, "", value));
        assert_eq!(info.note.as_deref(), Some(note));
        assert!(findings.is_empty(), "{findings:?}");
        info
    }

    #[test]
    fn zero_means_unlimited_tries_where_the_catalog_says_so() {
        let info = read_noted(
            "proxy_next_upstream_tries",
            "0",
            "0 means unlimited tries on nginx proxy_next_upstream_tries: no count bounds them (a deadline or a retry window can)",
        );
        assert!(matches!(info.val, Val::Unknown), "{:?}", info.val);
        let (info, _) = read_one(row("", "queue:work --tries", "", "0"));
        assert!(matches!(info.val, Val::Unknown));
        // Elsewhere 0 tries is still unreadable.
        let (info, findings) = read_one(row("tries", "", "", "0"));
        assert!(matches!(info.val, Val::Unknown));
        assert_eq!(findings[0].code, FindingCode::ValueUnreadable);
    }

    #[test]
    fn zero_means_the_products_default_tries_where_the_catalog_says_so() {
        let (info, _) = read_one(Row {
            location: "redis.NewClient(&redis.Options{...})".into(),
            ..row("", "MaxRetries", "", "0")
        });
        assert_eq!(tries_count(&info), Some(4));
        assert_eq!(
            info.note.as_deref(),
            Some("0 means go-redis's default for MaxRetries: 4 tries")
        );
    }

    #[test]
    fn minus_one_disables_retries_or_the_timeout_where_the_catalog_says_so() {
        let go = |setting: &str, value: &str| {
            read_one(Row {
                location: "go-redis client".into(),
                ..row("", setting, "", value)
            })
            .0
        };
        let info = go("MaxRetries", "-1");
        assert_eq!(tries_count(&info), Some(1));
        assert_eq!(
            info.note.as_deref(),
            Some("-1 disables retries on go-redis MaxRetries: 1 try")
        );
        let info = go("ReadTimeout", "-1");
        assert_eq!(info.term().unwrap().time, Time::INF);
        // -1 is not special where the catalog gives it no meaning.
        let (info, _) = read_one(row("", "proxy_read_timeout", "", "-1"));
        assert!(matches!(info.val, Val::Unknown));
    }

    #[test]
    fn zero_turns_keep_alive_off_rather_than_removing_a_bound() {
        let info = read_noted(
            "keepalive_timeout",
            "0",
            "0 turns nginx keepalive_timeout off: connections are closed after each response, so none stays idle and there is no idle timeout to compare",
        );
        assert!(matches!(info.val, Val::Absent), "{:?}", info.val);
        // A disabled timeout is no bound instead: Envoy's route timeout of 0.
        let (info, _) = read_one(row("", "RouteAction.timeout", "", "0"));
        assert_eq!(info.term().unwrap().time, Time::INF);
    }

    #[test]
    fn a_catalog_default_names_the_version_it_is_the_default_of() {
        let at = |location: &str| {
            let (_, findings) = read_one(Row {
                location: location.into(),
                ..row("", "socket_timeout", "", "")
            });
            findings[0].message.clone()
        };
        assert_eq!(
            at("app.py (redis-py 7.4)"),
            "row 1: no value set; redis-py 7.4's documented default for socket_timeout, ∞, applies"
        );
        assert_eq!(
            at("app.py (redis-py 8.0)"),
            "row 1: no value set; redis-py 8.0's documented default for socket_timeout, 5.0 s, applies"
        );
        assert_eq!(
            at("app.py"),
            "row 1: no value set; redis-py's documented default for socket_timeout, 5.0 s, applies (the default of the newest release, redis-py 8.0 and later: the row names no version)"
        );
    }

    #[test]
    fn an_unresolved_catalog_default_says_so() {
        let (_, findings) = read_one(row("", "cloudflare proxy_read_timeout", "", ""));
        assert_eq!(
            findings[0].message,
            "row 1: no value set; Cloudflare's documented default for proxy_read_timeout (Proxy Read Timeout), 1 min 40 s, applies (unresolved in the catalog: copies of Cloudflare's limits page give the proxy read timeout as 100 s and as 120 s; the catalog keeps 100 s until the page settles it)"
        );
    }

    #[test]
    fn a_unit_on_a_setting_taken_only_as_a_bare_number_is_not_what_applies() {
        let sheet = |value: &str, location: &str| {
            let r = Row {
                layer: "ingress".into(),
                segment: "LB -> app".into(),
                item: "read timeout".into(),
                setting: "nginx.ingress.kubernetes.io/proxy-read-timeout".into(),
                value: value.into(),
                location: location.into(),
                ..Row::default()
            };
            crate::check(&crate::Sheet::new(Lang::En, vec![r]))
        };
        let report = sheet(
            "30s",
            "k8s/ingress.yaml:12 Ingress app metadata.annotations",
        );
        let f = &report.findings[0];
        assert_eq!(f.code, FindingCode::ValueUnreadable);
        assert_eq!(
            f.message,
            "row 1: \"30s\" has a unit, but ingress-nginx takes nginx.ingress.kubernetes.io/proxy-read-timeout only as a bare number of s: written so, it is not the value that applies"
        );
        assert_eq!(f.fix.as_deref(), Some("write 30 (a bare number of s)"));
        // Written as the controller reads it, or in a sheet's own words away from a file: no
        // such finding.
        for (value, location) in [
            ("30", "k8s/ingress.yaml:12 Ingress app"),
            ("30s", "ingress annotations"),
        ] {
            let report = sheet(value, location);
            assert!(
                report
                    .findings
                    .iter()
                    .all(|f| f.code != FindingCode::ValueUnreadable),
                "{value} at {location}: {:?}",
                report.findings
            );
        }
        assert_eq!(bare_number(1_500, crate::duration::Unit::Seconds), "1.5");
        assert_eq!(bare_number(500, crate::duration::Unit::Millis), "500");
        assert!(!names_a_file_line("https://example.com:443"));
        assert!(names_a_file_line("nginx.conf:12"));
    }
}

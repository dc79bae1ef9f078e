//! Reading the catalog's files (`settings.tsv`, `pairs.tsv`, `caps.tsv`) into typed lines,
//! each cell by its own deserializer; a malformed line is a [`CatalogError`] naming it.

use serde::de::{DeserializeOwned, Error as _, IntoDeserializer};
use serde::{Deserialize, Deserializer};

use crate::duration::Unit;
use crate::kind::Kind;
use crate::value;

use super::types::{CatalogError, Entry, MinusOne, PairRule, Relation, Side, Versions, Zero};

/// The settings file, as compiled in.
pub(super) const SETTINGS_TSV: &str = include_str!("../../catalog/settings.tsv");
/// The pair-rules file, as compiled in.
pub(super) const PAIRS_TSV: &str = include_str!("../../catalog/pairs.tsv");
/// The providers' caps file, as compiled in.
pub(super) const CAPS_TSV: &str = include_str!("../../catalog/caps.tsv");

/// The header of `settings.tsv`, column by column.
const SETTINGS_HEADER: [&str; 18] = [
    "product",
    "name",
    "aliases",
    "hints",
    "kind",
    "side",
    "unit",
    "zero",
    "minus_one",
    "includes_connect",
    "versions",
    "default",
    "retries",
    "retry_on",
    "source",
    "evidence",
    "note",
    "bare_only",
];

/// The header of `pairs.tsv`, column by column.
const PAIRS_HEADER: [&str; 8] = [
    "product",
    "first",
    "relation",
    "second",
    "versions",
    "second_disabled",
    "why",
    "source",
];

/// The header of `caps.tsv`, column by column.
const CAPS_HEADER: [&str; 7] = [
    "product", "name", "cap", "when_en", "when_ja", "source", "evidence",
];

/// One line of `settings.tsv` as serde reads it, by header name: the owned data an [`Entry`]
/// borrows. Cells are trimmed; `aliases` and `hints` are `;`-separated lists.
#[derive(Debug, Deserialize)]
pub(super) struct Setting {
    pub(super) product: String,
    pub(super) name: String,
    /// Each alias's words, lower-case, a `+` inside a word read as a space.
    #[serde(deserialize_with = "alias_list")]
    pub(super) aliases: Vec<Vec<String>>,
    /// Lower-case hints.
    #[serde(deserialize_with = "lower_list")]
    pub(super) hints: Vec<String>,
    #[serde(deserialize_with = "kind_cell")]
    pub(super) kind: Kind,
    /// Empty: no side.
    #[serde(deserialize_with = "side_cell")]
    pub(super) side: Option<Side>,
    #[serde(deserialize_with = "unit_cell")]
    pub(super) unit: Unit,
    #[serde(deserialize_with = "zero_cell")]
    pub(super) zero: Zero,
    #[serde(deserialize_with = "minus_one_cell")]
    pub(super) minus_one: MinusOne,
    #[serde(deserialize_with = "yes_no_cell")]
    pub(super) includes_connect: bool,
    /// Empty: every version.
    #[serde(deserialize_with = "versions_cell")]
    pub(super) versions: Option<Versions>,
    pub(super) default: String,
    /// Empty: the product does not retry by default.
    pub(super) retries: Option<String>,
    /// Lower-case words, split at commas.
    #[serde(deserialize_with = "retry_on_cell")]
    pub(super) retry_on: Vec<String>,
    pub(super) source: String,
    pub(super) evidence: String,
    pub(super) note: String,
    /// `yes`: the product accepts only a bare number; empty or left out: not so.
    #[serde(default, deserialize_with = "bare_only_cell")]
    pub(super) bare_only: bool,
}

impl Setting {
    /// The entry borrowing this line (held in a static, hence `'static`).
    pub(super) fn entry(&'static self) -> Entry {
        Entry {
            product: &self.product,
            name: &self.name,
            aliases: &self.aliases,
            hints: &self.hints,
            kind: self.kind,
            side: self.side,
            unit: self.unit,
            zero: self.zero,
            minus_one: self.minus_one,
            includes_connect: self.includes_connect,
            versions: self.versions.as_ref(),
            default: &self.default,
            retries: self.retries.as_deref(),
            retry_on: &self.retry_on,
            source: &self.source,
            evidence: &self.evidence,
            note: &self.note,
            bare_only: self.bare_only,
        }
    }
}

/// One line of `pairs.tsv` as serde reads it, by header name: the owned data a [`PairRule`]
/// borrows.
#[derive(Debug, Deserialize)]
pub(super) struct Pair {
    pub(super) product: String,
    pub(super) first: String,
    #[serde(deserialize_with = "relation_cell")]
    pub(super) relation: Relation,
    pub(super) second: String,
    #[serde(deserialize_with = "versions_cell")]
    pub(super) versions: Option<Versions>,
    /// `fails` or `skip` (see [`PairRule::second_disabled_fails`]).
    #[serde(deserialize_with = "second_disabled_cell")]
    pub(super) second_disabled: bool,
    pub(super) why: String,
    pub(super) source: String,
}

/// Serde: the `second_disabled` column of `pairs.tsv`: `fails` or `skip`.
fn second_disabled_cell<'de, D: Deserializer<'de>>(cell: D) -> Result<bool, D::Error> {
    flag_cell(cell, ("fails", "skip"), |other| {
        format!("second_disabled {other:?} is neither fails nor skip")
    })
}

/// Serde: a column of one of two words, `yes` read as true and `no` as false; for any other
/// text, the error `complaint` writes of it.
fn flag_cell<'de, D: Deserializer<'de>>(
    cell: D,
    (yes, no): (&str, &str),
    complaint: impl FnOnce(&str) -> String,
) -> Result<bool, D::Error> {
    let text = String::deserialize(cell)?;
    match text.trim() {
        word if word == yes => Ok(true),
        word if word == no => Ok(false),
        other => Err(D::Error::custom(complaint(other))),
    }
}

/// Serde: an optional column: `None` when empty, else what `read` makes of its text.
fn optional_cell<'de, D: Deserializer<'de>, T>(
    cell: D,
    read: impl FnOnce(&str) -> Result<T, D::Error>,
) -> Result<Option<T>, D::Error> {
    let text = String::deserialize(cell)?;
    if text.is_empty() {
        return Ok(None);
    }
    read(&text).map(Some)
}

impl Pair {
    /// The rule borrowing this line (held in a static, hence `'static`).
    pub(super) fn rule(&'static self) -> PairRule {
        PairRule {
            product: &self.product,
            first: &self.first,
            relation: self.relation,
            second: &self.second,
            versions: self.versions.as_ref(),
            second_disabled_fails: self.second_disabled,
            why: &self.why,
            source: &self.source,
        }
    }
}

/// A `;`-separated cell's non-empty, trimmed, lower-cased parts.
pub(super) fn list(cell: &str) -> Vec<String> {
    cell.split(';')
        .map(|p| p.trim().to_lowercase())
        .filter(|p| !p.is_empty())
        .collect()
}

/// Serde: a `;`-separated cell as [`list`] splits it.
fn lower_list<'de, D: Deserializer<'de>>(cell: D) -> Result<Vec<String>, D::Error> {
    Ok(list(&String::deserialize(cell)?))
}

/// Serde: the aliases cell, each alias split into its words (a `+` joins a phrase).
fn alias_list<'de, D: Deserializer<'de>>(cell: D) -> Result<Vec<Vec<String>>, D::Error> {
    Ok(list(&String::deserialize(cell)?)
        .iter()
        .map(|alias| {
            alias
                .split_whitespace()
                .map(|word| word.replace('+', " "))
                .collect()
        })
        .collect())
}

/// Serde: a cell's text read as `T` (by `T`'s own serde names), or an error that says what the
/// column must hold: `"{what} {text:?}"`.
fn typed<'de, D: Deserializer<'de>, T: DeserializeOwned>(
    cell: D,
    what: &str,
) -> Result<T, D::Error> {
    let text = String::deserialize(cell)?;
    T::deserialize(text.as_str().into_deserializer())
        .map_err(|_: serde::de::value::Error| D::Error::custom(format!("{what} {text:?}")))
}

/// Serde: the `kind` column, an engine kind's name.
fn kind_cell<'de, D: Deserializer<'de>>(cell: D) -> Result<Kind, D::Error> {
    typed(cell, "unknown kind")
}

/// Serde: the `side` column, `caller`, `callee` or empty.
fn side_cell<'de, D: Deserializer<'de>>(cell: D) -> Result<Option<Side>, D::Error> {
    optional_cell(cell, |text| {
        typed(
            text.into_deserializer(),
            "side must be caller, callee or empty, not",
        )
    })
}

/// Serde: the `unit` column, a [`Unit::symbol`].
fn unit_cell<'de, D: Deserializer<'de>>(cell: D) -> Result<Unit, D::Error> {
    typed(cell, "unit must be one of ns us ms s min h d, not")
}

/// Serde: the `zero` column.
fn zero_cell<'de, D: Deserializer<'de>>(cell: D) -> Result<Zero, D::Error> {
    typed(
        cell,
        "zero must be disabled, default, zero, unlimited or off, not",
    )
}

/// Serde: the `minus_one` column.
fn minus_one_cell<'de, D: Deserializer<'de>>(cell: D) -> Result<MinusOne, D::Error> {
    typed(cell, "minus_one must be empty, disabled or no_retries, not")
}

/// Serde: the `versions` column, a [`Versions`] range or empty.
fn versions_cell<'de, D: Deserializer<'de>>(cell: D) -> Result<Option<Versions>, D::Error> {
    optional_cell(cell, |text| Versions::parse(text).map_err(D::Error::custom))
}

/// Serde: the `retry_on` column, comma-separated words, lower-cased.
fn retry_on_cell<'de, D: Deserializer<'de>>(cell: D) -> Result<Vec<String>, D::Error> {
    Ok(String::deserialize(cell)?
        .split(',')
        .map(|w| w.trim().to_lowercase())
        .filter(|w| !w.is_empty())
        .collect())
}

/// Serde: the `bare_only` column, `yes` or empty.
fn bare_only_cell<'de, D: Deserializer<'de>>(cell: D) -> Result<bool, D::Error> {
    flag_cell(cell, ("yes", ""), |other| {
        format!("bare_only must be yes or empty, not {other:?}")
    })
}

/// Serde: the `includes_connect` column, `yes` or `no`.
fn yes_no_cell<'de, D: Deserializer<'de>>(cell: D) -> Result<bool, D::Error> {
    #[derive(Deserialize)]
    #[serde(rename_all = "lowercase")]
    enum YesNo {
        Yes,
        No,
    }
    let answer: YesNo = typed(cell, "includes_connect must be yes or no, not")?;
    Ok(matches!(answer, YesNo::Yes))
}

/// Serde: the `relation` column of `pairs.tsv`, `>` or `>=`.
fn relation_cell<'de, D: Deserializer<'de>>(cell: D) -> Result<Relation, D::Error> {
    typed(cell, "relation must be > or >=, not")
}

/// The lines of one catalog file as typed records: `#` comments, no quoting, a header that
/// must be `header`, every line exactly as many cells, each cell trimmed and read by serde
/// into `T`'s fields in column order (the header having been checked).
///
/// # Errors
///
/// [`CatalogError`] naming the first unreadable line, a wrong header or cell count, or a cell
/// serde cannot read (its message after the cell of column `named`, when given: the setting's
/// name).
fn read_lines<T: DeserializeOwned>(
    text: &str,
    file: &'static str,
    header: &[&str],
    named: Option<usize>,
) -> Result<Vec<(u64, T)>, CatalogError> {
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(b'\t')
        .comment(Some(b'#'))
        .quoting(false)
        .has_headers(true)
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let unreadable = |e: csv::Error, what: &str| CatalogError {
        file,
        line: e.position().map_or(0, |p| p.line()),
        message: format!("unreadable {what}: {e}"),
    };
    let headers = reader
        .headers()
        .map_err(|e| unreadable(e, "header"))?
        .clone();
    if headers.iter().ne(header.iter().copied()) {
        return Err(CatalogError {
            file,
            line: headers.position().map_or(0, |p| p.line()),
            message: format!(
                "the header must be {:?}, found {:?}",
                header.join(" | "),
                headers.iter().collect::<Vec<_>>().join(" | ")
            ),
        });
    }
    let mut out = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| unreadable(e, "line"))?;
        let line = record.position().map_or(0, |p| p.line());
        let err = |message: String| CatalogError {
            file,
            line,
            message,
        };
        if record.len() != header.len() {
            return Err(err(format!(
                "{} cells, expected {} ({})",
                record.len(),
                header.len(),
                header.join(", ")
            )));
        }
        let typed = record.deserialize(None).map_err(|e| match e.kind() {
            csv::ErrorKind::Deserialize { err: cell, .. } => match cell.kind() {
                csv::DeserializeErrorKind::Message(message) => match named {
                    Some(column) => err(format!("{}: {message}", record.get(column).unwrap_or(""))),
                    None => err(message.clone()),
                },
                _ => err(format!("unreadable line: {e}")),
            },
            _ => err(format!("unreadable line: {e}")),
        })?;
        out.push((line, typed));
    }
    Ok(out)
}

/// Reads the text of `settings.tsv` (see the file's own comment block for the columns) into
/// typed lines, checking every cell: the kind, side, unit, zero, minus_one, versions and
/// `includes_connect` names (by serde), that the default reads in the value grammar of its kind
/// (with the entry's unit; a tries default may be `0` where 0 means unlimited or the default),
/// that `retries` reads in the tries grammar, that a product's entries whose versions overlap
/// agree on `retries`, that the lines of one setting with versions have ranges that do not
/// overlap, one of them holding for the newest release, and that every entry has a name, an
/// alias, a source and evidence.
///
/// # Errors
///
/// [`CatalogError`] naming the first malformed line.
pub(super) fn parse_settings(text: &str) -> Result<Vec<Setting>, CatalogError> {
    const FILE: &str = "settings.tsv";
    let lines: Vec<(u64, Setting)> = read_lines(text, FILE, &SETTINGS_HEADER, Some(1))?;
    for (i, (line, s)) in lines.iter().enumerate() {
        let err = |message: String| CatalogError {
            file: FILE,
            line: *line,
            message,
        };
        let name = &s.name;
        if s.product.is_empty() || name.is_empty() {
            return Err(err("product and name must not be empty".into()));
        }
        if s.aliases.is_empty() {
            return Err(err(format!("{name}: at least one alias is needed")));
        }
        let default = s.default.as_str();
        let zero_has_meaning = matches!(s.zero, Zero::Unlimited | Zero::ProductDefault);
        if !default.is_empty() {
            if s.kind == Kind::Tries {
                if !(default == "0" && zero_has_meaning) {
                    value::read_tries(default).map_err(|e| {
                        err(format!(
                            "{name}: default {default:?} is not in the tries grammar ({e:?})"
                        ))
                    })?;
                }
            } else if s.kind.is_duration() {
                value::read_duration(default, Some(s.unit)).map_err(|e| {
                    err(format!(
                        "{name}: default {default:?} is not a duration ({e:?})"
                    ))
                })?;
            }
        }
        if let Some(text) = &s.retries {
            value::read_tries(text).map_err(|e| {
                err(format!(
                    "{name}: retries {text:?} is not in the tries grammar ({e:?})"
                ))
            })?;
        }
        let overlaps = |a: &Setting, b: &Setting| match (&a.versions, &b.versions) {
            (Some(x), Some(y)) => x.overlaps(y),
            _ => true,
        };
        for (_, earlier) in &lines[..i] {
            if earlier.product != s.product || !overlaps(earlier, s) {
                continue;
            }
            if earlier.retries != s.retries {
                return Err(err(format!(
                    "{name}: retries {:?} differs from {:?} on {}'s {}",
                    s.retries.as_deref(),
                    earlier.retries.as_deref(),
                    s.product,
                    earlier.name
                )));
            }
            if earlier.name == *name {
                return Err(err(format!(
                    "{name}: a second line of {} {name} needs a versions range that does not \
                     overlap the first's",
                    s.product
                )));
            }
        }
        if s.versions.is_some()
            && !lines.iter().any(|(_, o)| {
                o.product == s.product
                    && o.name == *name
                    && o.versions.as_ref().is_some_and(Versions::holds_for_newest)
            })
        {
            return Err(err(format!(
                "{name}: one line of a setting with versions must hold for the newest release \
                 (>=X, no upper end)"
            )));
        }
        if !s.source.starts_with("https://") {
            return Err(err(format!(
                "{name}: the source must be a documentation address (https://...)"
            )));
        }
        if s.evidence.is_empty() {
            return Err(err(format!(
                "{name}: the evidence must quote the documentation or source behind the zero \
                 and default cells"
            )));
        }
    }
    Ok(lines.into_iter().map(|(_, s)| s).collect())
}

/// Reads the text of `pairs.tsv` (tab-separated, `#` comments, a header row: product, first,
/// relation, second, versions, why, source), checking that `first` and `second` are names of entries of
/// `product` in `catalog` and that the relation is `>` or `>=` (by serde).
///
/// # Errors
///
/// [`CatalogError`] naming the first malformed line.
pub(super) fn parse_pairs(text: &str, catalog: &[Entry]) -> Result<Vec<Pair>, CatalogError> {
    const FILE: &str = "pairs.tsv";
    let lines: Vec<(u64, Pair)> = read_lines(text, FILE, &PAIRS_HEADER, None)?;
    for (line, p) in &lines {
        let err = |message: String| CatalogError {
            file: FILE,
            line: *line,
            message,
        };
        for name in [&p.first, &p.second] {
            if !catalog
                .iter()
                .any(|e| e.product == p.product && e.name == name)
            {
                return Err(err(format!(
                    "{} has no setting named {name:?} in settings.tsv",
                    p.product
                )));
            }
        }
        if p.why.is_empty() || !p.source.starts_with("https://") {
            return Err(err(
                "a rule needs a reason and a documentation address (https://...)".into(),
            ));
        }
    }
    Ok(lines.into_iter().map(|(_, p)| p).collect())
}

/// One line of `caps.tsv` as read.
#[derive(Debug, Deserialize)]
pub(super) struct CapLine {
    pub(super) product: String,
    pub(super) name: String,
    pub(super) cap: String,
    pub(super) when_en: String,
    pub(super) when_ja: String,
    pub(super) source: String,
    pub(super) evidence: String,
}

/// Reads the text of `caps.tsv` (tab-separated, `#` comments, a header row: product, name,
/// cap, when_en, when_ja, source, evidence), checking that each line names an entry of
/// `catalog`, that the cap reads as a duration in that entry's unit and that the words,
/// source and evidence are there.
///
/// # Errors
///
/// [`CatalogError`] naming the first malformed line.
pub(super) fn parse_caps(
    text: &str,
    catalog: &[Entry],
) -> Result<Vec<(CapLine, u64)>, CatalogError> {
    const FILE: &str = "caps.tsv";
    let lines: Vec<(u64, CapLine)> = read_lines(text, FILE, &CAPS_HEADER, None)?;
    let mut out = Vec::with_capacity(lines.len());
    for (line, c) in lines {
        let err = |message: String| CatalogError {
            file: FILE,
            line,
            message,
        };
        let Some(entry) = catalog
            .iter()
            .find(|e| e.product == c.product && e.name == c.name)
        else {
            return Err(err(format!(
                "{} has no setting named {:?} in settings.tsv",
                c.product, c.name
            )));
        };
        let cap_ms = match value::read_duration(&c.cap, Some(entry.unit)) {
            Ok(value::Cell::Duration {
                dur: value::Dur::Exact(ms),
                ..
            }) => Some(ms),
            _ => None,
        }
        .ok_or_else(|| err(format!("{}: cap {:?} is not a duration", c.name, c.cap)))?;
        if c.when_en.is_empty() || c.when_ja.is_empty() || c.evidence.is_empty() {
            return Err(err(format!(
                "{}: a cap needs when_en, when_ja and the evidence",
                c.name
            )));
        }
        if !c.source.starts_with("https://") {
            return Err(err(format!(
                "{}: the source must be a documentation address (https://...)",
                c.name
            )));
        }
        out.push((c, cap_ms));
    }
    Ok(out)
}

//! The words of a row's report: its parsed value, its catalog note and its note, written from
//! what stage 1 found ([`RowInfo`]) for the rows a report shows; and the messages of the
//! findings about one row ([`RowSaid`]), which are also those rows' notes.

use std::collections::btree_map::Entry;
use std::collections::BTreeMap;

use crate::catalog::Match;
use crate::check::rows::{RowWords, Val};
use crate::report::RowReport;
use crate::said::{BareTries, FromCatalog, Note, RowSaid, Used};
use crate::sheet::Lang;
use crate::time::{Hi, Time};
use crate::value::Idem;

use super::shared::{describe_dur, describe_tries};
use super::values::*;

/// The note a row's report shows: which catalog entry applies (or why one does not), then how
/// the value was read. A note written from the entry (its default, its unit, what its 0
/// means) names the product and the setting already and is shown alone.
pub(crate) fn note(lang: Lang, row: &RowWords) -> Option<String> {
    let note = row.note.as_ref().map(|n| note_words(lang, n));
    // A note that names the entry that applies is shown alone: its catalog note, which the
    // entry's applying implies, is not written at all.
    let names_entry = |note: &str| {
        row.found
            .applied()
            .is_some_and(|e| note.contains(e.product) && note.contains(e.name))
    };
    if note.as_deref().is_some_and(names_entry) {
        return note;
    }
    let extra = note.as_ref().map_or(0, |n| n.len() + 2);
    match (
        catalog_note(row.found, row.version.as_deref(), lang, extra),
        note,
    ) {
        (Some(mut catalog), Some(note)) => {
            catalog.push_str("; ");
            catalog.push_str(&note);
            Some(catalog)
        }
        (catalog, note) => catalog.or(note),
    }
}

/// A row's note, without its catalog entry.
fn note_words(lang: Lang, note: &Note) -> String {
    let say = |en: String, ja: String| match lang {
        Lang::En => en,
        Lang::Ja => ja,
    };
    match note {
        Note::Said(said) => message(lang, said),
        Note::BelowOneMs => say(
            "below 1 ms: counted as 1 ms".to_string(),
            "1ms未満のため1msとして数えます".to_string(),
        ),
        Note::ZeroOff(e) => {
            let (product, name) = (e.product, e.name);
            say(
                format!("0 turns {product} {name} off: connections are closed after each response, so none stays idle and there is no idle timeout to compare"),
                format!("{product}の{name}の0は機能の無効化です。応答ごとに接続を閉じるため、アイドルの接続はなく比べるタイムアウトもありません"),
            )
        }
        Note::Bare { applied, meaning } => {
            let meaning = bare_tries(lang, meaning);
            match applied {
                Some(said) => format!("{}; {meaning}", stated(lang, said).0),
                None => meaning,
            }
        }
    }
}

/// What a bare number in a tries cell means to its product, as the row's note says it.
fn bare_tries(lang: Lang, meaning: &BareTries) -> String {
    let say = |en: String, ja: String| match lang {
        Lang::En => en,
        Lang::Ja => ja,
    };
    match meaning {
        BareTries::Unlimited(e) => {
            let (product, name) = (e.product, e.name);
            say(
                format!("0 means unlimited tries on {product} {name}: no count bounds them (a deadline or a retry window can)"),
                format!("{product}の{name}の0は試行回数の上限なしです。回数では抑えられません（期限か再試行の打ち切り時間で抑えられます）"),
            )
        }
        BareTries::Default(e, tries) => {
            let (product, name, used) = (e.product, e.name, describe_tries(lang, tries));
            say(
                format!("0 means {product}'s default for {name}: {used}"),
                format!("{product}の{name}の0は既定値の{used}です"),
            )
        }
        BareTries::Retries(e, n, tries) => {
            let (product, name, used) = (e.product, e.name, describe_tries(lang, tries));
            say(
                format!("{product} {name} counts retries: a bare {n} is {used}"),
                format!("{product}の{name}は再試行の回数です。単位なしの{n}は{used}です"),
            )
        }
        BareTries::NoRetries(e) => {
            let (product, name) = (e.product, e.name);
            say(
                format!("-1 disables retries on {product} {name}: 1 try"),
                format!("{product}の{name}の-1は再試行なし（1回）です"),
            )
        }
    }
}

/// The message of a finding about one row, as a row's note shows it: [`stated`] without
/// the fix, which is not written at all where it takes work of its own.
fn message(lang: Lang, said: &RowSaid) -> String {
    match said {
        RowSaid::UnitFromCatalog {
            line,
            text,
            entry: e,
        } => unit_from_catalog_message(lang, *line, text, e.product, e.name, e.unit.symbol()),
        _ => stated(lang, said).0,
    }
}

/// The message and the fix of a finding about one row.
pub(crate) fn stated(lang: Lang, said: &RowSaid) -> (String, String) {
    match said {
        RowSaid::DefaultApplied { line, used, from } => {
            let used = used_words(lang, used);
            let provenance = from.as_ref().map(|f| provenance(lang, f));
            let setting = from.as_ref().map(|f| f.entry.name);
            default_applied(lang, *line, &used, setting, provenance.as_ref())
        }
        RowSaid::Unreadable { line, text, tries } => unreadable(lang, *line, text, *tries),
        RowSaid::TooManyTries { line, count } => too_many_tries(lang, *line, *count),
        RowSaid::UnreadableRetryOn { line, text, word } => {
            unreadable_retry_on(lang, *line, text, word)
        }
        RowSaid::UnreadableAs { line, text, kind } => unreadable_as(lang, *line, text, *kind),
        RowSaid::UnitNotTaken {
            line,
            text,
            entry: e,
            bare,
        } => unit_not_taken(lang, *line, text, e.product, e.name, e.unit.symbol(), bare),
        RowSaid::UnitMissing { line, text } => unit_missing(lang, *line, text),
        RowSaid::UnitFromCatalog {
            line,
            text,
            entry: e,
        } => (
            unit_from_catalog_message(lang, *line, text, e.product, e.name, e.unit.symbol()),
            unit_from_catalog_fix(lang, text, e.unit.symbol()),
        ),
        RowSaid::WaitsAssumed {
            line,
            tries,
            wait_ms,
        } => waits_assumed(lang, *line, *tries, *wait_ms),
        RowSaid::WaitsDropped {
            line,
            tries,
            dropped,
        } => waits_dropped(lang, *line, *tries, *dropped),
        RowSaid::SegmentMalformed {
            line,
            segment,
            what,
        } => super::sheet::segment_malformed(lang, *line, segment, *what),
        RowSaid::SecondGroup {
            line,
            segment,
            kind,
            name,
            first,
        } => second_group(lang, *line, segment, (*kind, name, *first)),
    }
}

/// A value that applies, as a `value.default_applied` message names it (`3 tries`, `1.5 s`).
fn used_words(lang: Lang, used: &Used) -> String {
    match used {
        Used::Dur(dur) => describe_dur(lang, *dur),
        Used::Tries(tries) => describe_tries(lang, tries),
        Used::Unlimited => match lang {
            Lang::En => "unlimited tries".to_string(),
            Lang::Ja => "試行回数の上限なし".to_string(),
        },
        Used::RetryOn(on) => on.describe(lang),
        Used::Text(text) => text.clone(),
    }
}

/// Where a catalog default comes from, for its message: the product (with the version the row
/// names), the newest release's range when it names none, and why it is unresolved.
fn provenance(lang: Lang, from: &FromCatalog) -> Provenance {
    let e = from.entry;
    Provenance {
        product: match &from.version {
            Some(v) => format!("{} {v}", e.product),
            None => e.product.to_string(),
        },
        newest: (from.version.is_none() && e.versions.is_some()).then(|| e.describe_versions(lang)),
        unresolved: e.unresolved().map(str::to_string),
    }
}

/// The row's catalog note, in the sheet's language: the entry that applies, its product with
/// the version the row names, else the versions of the line that applies
/// (`nginx: proxy_read_timeout`, `redis-py 8.0 and later: socket_timeout` /
/// `カタログ：nginxのproxy_read_timeout`); or the entry that does not, and the other product the
/// row names (`not nginx's proxy_read_timeout: the row names Cloudflare` /
/// `nginxのproxy_read_timeoutとはみなしません。行にCloudflareとあります`). Room is made for
/// `extra` more bytes, which the row's note may add.
fn catalog_note(found: Match, version: Option<&str>, lang: Lang, extra: usize) -> Option<String> {
    match found {
        Match::None => None,
        Match::Applies(e) => {
            let versions;
            let product: &[&str] = match version {
                Some(v) => &[e.product, " ", v],
                None => {
                    versions = e.describe_versions(lang);
                    &[&versions]
                }
            };
            Some(match lang {
                Lang::En => joined(&[product, &[": ", e.name]], extra),
                Lang::Ja => joined(&[&["カタログ："], product, &["の", e.name]], extra),
            })
        }
        Match::OtherProduct { entry, named } => {
            let (product, name, named) = (entry.product, entry.name, named.name_in(lang));
            Some(match lang {
                Lang::En => joined(
                    &[&["not ", product, "'s ", name, ": the row names ", named]],
                    extra,
                ),
                Lang::Ja => joined(
                    &[&[
                        product,
                        "の",
                        name,
                        "とはみなしません。行に",
                        named,
                        "とあります",
                    ]],
                    extra,
                ),
            })
        }
    }
}

/// The pieces of `parts` one after the other, in a string with room for `extra` more bytes.
fn joined(parts: &[&[&str]], extra: usize) -> String {
    let len = parts
        .iter()
        .flat_map(|p| p.iter())
        .map(|p| p.len())
        .sum::<usize>();
    let mut out = String::with_capacity(len + extra);
    for piece in parts.iter().flat_map(|p| p.iter()) {
        out.push_str(piece);
    }
    out
}

/// The parsed values of a report's rows in one language, each duration's and each tries'
/// words written once and copied from the first row that holds it for every other row that
/// holds the same value: a sheet repeats a few values over many rows. A value's words depend
/// on it and the language alone.
pub(crate) struct ParsedValues<'a> {
    lang: Lang,
    /// By the time's bounds ([`Time`]'s `lo` and `hi`), the first row written with it.
    durations: BTreeMap<(Option<u64>, Hi), usize>,
    /// By the count of tries and their waits, the first row written with them.
    tries: BTreeMap<(u32, &'a [u64]), usize>,
}

impl<'a> ParsedValues<'a> {
    /// No value written yet, in `lang`.
    pub(crate) fn new(lang: Lang) -> Self {
        ParsedValues {
            lang,
            durations: BTreeMap::new(),
            tries: BTreeMap::new(),
        }
    }

    /// [`parsed`] of `val`, the value of the row at `at` of a report's rows, whose rows
    /// before it, `written`, have theirs.
    pub(crate) fn parsed(&mut self, at: usize, val: &'a Val, written: &[RowReport]) -> String {
        let lang = self.lang;
        let first = match val {
            Val::Dur(term) => {
                let time: Time = term.time;
                match self.durations.entry((time.lo, time.hi)) {
                    Entry::Occupied(first) => *first.get(),
                    Entry::Vacant(first) => {
                        first.insert(at);
                        return time.describe(lang);
                    }
                }
            }
            Val::Tries(t) => match self.tries.entry((t.count, &t.waits_ms)) {
                Entry::Occupied(first) => *first.get(),
                Entry::Vacant(first) => {
                    first.insert(at);
                    return describe_tries(lang, t);
                }
            },
            _ => return parsed(val, lang),
        };
        written[first].parsed.clone()
    }
}

/// The parsed value for display, in the sheet's language, its durations written as
/// everywhere else in the report (`1.5 s`, `3 tries, waits 0.5 s, 1.0 s` / `1.5秒`,
/// `3回、待機0.5秒、1.0秒`).
pub(crate) fn parsed(val: &Val, lang: Lang) -> String {
    let say = |en: &str, ja: &str| match lang {
        Lang::En => en.to_string(),
        Lang::Ja => ja.to_string(),
    };
    match val {
        Val::Count(n) => n.to_string(),
        Val::Flag(true) => say("yes", "はい"),
        Val::Flag(false) => say("no", "いいえ"),
        Val::Idem(Idem::Idempotent) => say("idempotent", "冪等"),
        Val::Idem(Idem::NonIdempotent) => say("non-idempotent", "非冪等"),
        Val::Idem(Idem::Key) => say("idempotency key", "冪等キー"),
        Val::Group(g) => g.clone(),
        Val::Absent => String::new(),
        Val::Unknown => "?".to_string(),
        Val::Dur(term) => term.time.describe(lang),
        Val::Tries(t) => describe_tries(lang, t),
        Val::RetryOn(on) => on.describe(lang),
    }
}

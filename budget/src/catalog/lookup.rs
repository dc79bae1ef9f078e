//! Finding the entry a row names: by its setting's tokens through the index, then by the
//! product the row's other cells name and the version it names.

use crate::map::Map;
use crate::sheet::Row;

use super::index::{Catalog, CATALOG, CDNS};
use super::types::{Entry, Product, Version, Versions};
use super::words::{contains_word, is_ident};

/// The catalog entry that applies to a row: [`match_row`]'s entry when it applies, `None`
/// when no entry's alias matches the setting, several products' do and the row does not say
/// which, or the row names another product than the entry's.
///
/// Where entries of several products match, the one whose hints appear in the row's
/// location, item, segment or setting wins; where that does not settle it, `None` (nothing is
/// guessed). Where several entries of one product match, the first in file order wins.
///
/// The setting is compared only with the aliases the index files under its tokens (a handful),
/// so a lookup costs about the same whatever the catalog's size.
///
/// ```
/// use budget::{catalog, Row};
/// let row = Row { setting: "proxy_read_timeout".into(), ..Row::default() };
/// assert_eq!(catalog::lookup(&row).map(|e| e.product), Some("nginx"));
///
/// // Node.js and Tomcat both call it keepAliveTimeout: the location tells them apart.
/// let row = Row {
///     setting: "server.keepAliveTimeout".into(),
///     location: "server.js".into(),
///     ..Row::default()
/// };
/// assert_eq!(catalog::lookup(&row).map(|e| e.product), Some("Node.js"));
///
/// // A row set in a Cloudflare zone is not nginx's, whatever its setting is called.
/// let row = Row {
///     setting: "proxy_read_timeout".into(),
///     location: "Cloudflare zone".into(),
///     ..Row::default()
/// };
/// assert_eq!(catalog::lookup(&row), None);
/// ```
pub fn lookup(row: &Row) -> Option<&'static Entry> {
    match_row(row).applied()
}

/// What the catalog makes of a row: the entry its setting names and whether it applies (see
/// [`Match`]).
///
/// ```
/// use budget::{catalog, Row};
/// let row = Row {
///     setting: "proxy_read_timeout".into(),
///     layer: "HAProxy".into(),
///     ..Row::default()
/// };
/// let catalog::Match::OtherProduct { entry, named } = catalog::match_row(&row) else {
///     panic!("the layer names HAProxy");
/// };
/// assert_eq!((entry.product, named.name), ("nginx", "HAProxy"));
/// ```
pub fn match_row(row: &Row) -> Match {
    pick(row, &matches_of(&row.setting))
}

/// What the catalog makes of a row's setting ([`match_row`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Match {
    /// No entry: no alias matches the setting, or several products' do and the row's other
    /// cells do not say which.
    None,
    /// The entry applies: its unit, what 0 and -1 mean, its default, its retries and its
    /// product's other settings (the connect default) are the row's.
    Applies(&'static Entry),
    /// The setting names the entry, but the row's layer, location or setting names another
    /// product (`named`) and not the entry's: nothing of the entry applies (a Cloudflare
    /// zone's `proxy_read_timeout` is not nginx's).
    OtherProduct {
        /// The entry the setting's name matched.
        entry: &'static Entry,
        /// The other product the row names.
        named: &'static Product,
    },
}

impl Match {
    /// The entry, when it applies.
    pub fn applied(self) -> Option<&'static Entry> {
        match self {
            Match::Applies(e) => Some(e),
            _ => None,
        }
    }
}

/// Whether `entry` applies to `row`, by the products the row names: the other product it
/// names instead, or `None` when the entry applies.
///
/// The layer speaks first: when it names a known product, the entry applies only when that is
/// the entry's own (its name, or a hint of it as [`pick`] reads hints). Else the location and
/// the setting: when they name the entry's product, it applies; when they name only another
/// known product, it does not. A row that names no product takes the entry. `a CDN` does not
/// contradict a CDN's entry ([`CDNS`]).
fn other_product(row: &Row, entry: &'static Entry) -> Option<&'static Product> {
    let catalog: &'static Catalog = &CATALOG;
    let name = catalog.lowercase_name(entry.product);
    let own = |text: &str| {
        contains_word(text, &name) || entry.hints.iter().any(|h| text.contains(h.as_str()))
    };
    let other = |text: &str| {
        catalog
            .products_named(text)
            .into_iter()
            .map(|i| &catalog.products[i])
            .find(|p| {
                p.name != entry.product && !(p.name == "a CDN" && CDNS.contains(&entry.product))
            })
    };
    let layer = crate::duration::lowercase(&row.layer);
    if own(&layer) {
        return None;
    }
    if let Some(named) = other(&layer) {
        return Some(named);
    }
    // The two cells lower-cased apart, a space between: as the text `location setting`
    // lower-cases (see `hint_context`).
    let mut rest = String::with_capacity(row.location.len() + 1 + row.setting.len());
    crate::duration::push_lowercase(&mut rest, &row.location);
    rest.push(' ');
    crate::duration::push_lowercase(&mut rest, &row.setting);
    if own(&rest) {
        return None;
    }
    other(&rest)
}

/// The entries, in file order, with an alias whose every word appears whole in `setting`
/// (read lower-case); none for a blank setting.
fn matches_of(setting: &str) -> Vec<&'static Entry> {
    let setting = crate::duration::lowercase(setting);
    if setting.trim().is_empty() {
        return Vec::new();
    }
    let catalog: &'static Catalog = &CATALOG;
    catalog
        .matching(&setting)
        .into_iter()
        .map(|i| &catalog.entries[i])
        .collect()
}

/// [`match_row`] for the rows of one sheet, remembering which entries each setting text's
/// aliases match: a setting written on many rows is matched against the catalog once. The
/// [`pick`] among the matches is still each row's own (it reads the row's other cells), so
/// every answer is exactly [`match_row`]'s.
#[derive(Default)]
pub(crate) struct Lookups<'a> {
    /// Per setting text, as the row wrote it, the entries its aliases match.
    pub(super) matched: Map<&'a str, Vec<&'static Entry>>,
    /// Per entry (by address) and the layer, location and setting a row wrote, the other
    /// product [`other_product`] found the row naming: rows of one sheet repeat these cells.
    /// Kept only for settings whose answer is not kept whole in `answers` (several products,
    /// or versions): the others' rows never ask again.
    others: Map<OtherKey<'a>, Option<&'static Product>>,
    /// Per setting, layer and location a row wrote, the answer, where the row's other cells
    /// do not bear on it ([`reads_only_setting_layer_location`]).
    answers: Map<AnswerKey<'a>, Match>,
}

/// A row's setting, layer and location.
type AnswerKey<'a> = (&'a str, &'a str, &'a str);

/// Whether [`pick`]'s answer among `matches` reads no cell of a row but its setting, layer
/// and location: no entry, or entries of one product whose setting has no versions. The
/// first is then the one, whatever the row's hints and versions, and [`other_product`]
/// reads only those three cells.
fn reads_only_setting_layer_location(matches: &[&'static Entry]) -> bool {
    matches.first().is_none_or(|first| {
        first.versions.is_none() && matches.iter().all(|e| e.product == first.product)
    })
}

/// What [`other_product`] reads: the entry's address, and the row's layer, location and
/// setting.
type OtherKey<'a> = (usize, &'a str, &'a str, &'a str);

impl<'a> Lookups<'a> {
    /// Lookups for a sheet of `rows` rows, with room for as many settings as a small sheet
    /// writes (a large one repeats a few), so the tables seldom grow. Few settings need
    /// `others`: it starts empty.
    pub(crate) fn for_rows(rows: usize) -> Lookups<'a> {
        Lookups {
            matched: Map::with_capacity_and_hasher(rows.min(32), Default::default()),
            others: Map::default(),
            answers: Map::with_capacity_and_hasher(rows.min(32), Default::default()),
        }
    }

    /// What the catalog makes of `row`: [`match_row`]'s answer.
    pub(crate) fn lookup(&mut self, row: &'a Row) -> Match {
        let cells = (
            row.setting.as_str(),
            row.layer.as_str(),
            row.location.as_str(),
        );
        let answer = match self.answers.entry(cells) {
            std::collections::hash_map::Entry::Occupied(known) => return *known.get(),
            std::collections::hash_map::Entry::Vacant(answer) => answer,
        };
        let matches = self
            .matched
            .entry(row.setting.as_str())
            .or_insert_with(|| matches_of(&row.setting));
        if reads_only_setting_layer_location(matches) {
            // The answer is kept whole: a row of these three cells never asks again which
            // other product they name.
            return *answer.insert(pick(row, matches));
        }
        let others = &mut self.others;
        pick_with(row, matches, |row: &'a Row, entry| {
            let key = (
                std::ptr::from_ref(entry) as usize,
                row.layer.as_str(),
                row.location.as_str(),
                row.setting.as_str(),
            );
            *others
                .entry(key)
                .or_insert_with(|| other_product(row, entry))
        })
    }
}

/// Of the entries whose aliases match `row`'s setting, in file order, the one it names: the
/// first, when all are of one product; else the one product whose hints the row's other cells
/// mention (Node.js's `keepAliveTimeout` in `server.js`); [`Match::None`] when that leaves it
/// open. The entry applies unless the row names another product ([`other_product`]).
pub(super) fn pick(row: &Row, matches: &[&'static Entry]) -> Match {
    pick_with(row, matches, other_product)
}

/// [`pick`], with `other_product` telling which other product a row names instead of an
/// entry's ([`other_product`] itself, or a memory of its answers).
fn pick_with<'r>(
    row: &'r Row,
    matches: &[&'static Entry],
    other_product: impl FnOnce(&'r Row, &'static Entry) -> Option<&'static Product>,
) -> Match {
    let Some(entry) = pick_product(row, matches).map(|e| for_version(row, e)) else {
        return Match::None;
    };
    match other_product(row, entry) {
        Some(named) => Match::OtherProduct { entry, named },
        None => Match::Applies(entry),
    }
}

/// The line of `entry`'s setting for the version of its product the row names (see
/// [`version_in`]); the line of the newest release when it names none, or one no line holds
/// for; `entry` itself when the setting has no versions.
fn for_version(row: &Row, entry: &'static Entry) -> &'static Entry {
    if entry.versions.is_none() {
        return entry;
    }
    let catalog: &'static Catalog = &CATALOG;
    let Some(lines) = catalog.versioned.get(&(entry.product, entry.name)) else {
        return entry;
    };
    let holds = |test: &dyn Fn(&Versions) -> bool| {
        lines
            .iter()
            .map(|&i| &catalog.entries[i])
            .find(|e| e.versions.is_some_and(test))
    };
    version_in(row, entry.product)
        .and_then(|v| holds(&|r: &Versions| r.contains(&v)))
        .or_else(|| holds(&Versions::holds_for_newest))
        .unwrap_or(entry)
}

/// The version of `product` a row names: in its location, setting, item, rationale or
/// segment, the product's name (or a hint its name starts with, `node` for `Node.js`) followed
/// by a version, with at most a space, `v`, `@`, `=`, `==` or `:` between (`Node.js 18`,
/// `node v12.18`, `redis-py==7.4.0`, `aiohttp 3.9`). The first such mention wins; `None` when
/// the row names none.
///
/// ```
/// use budget::{catalog, Row};
/// let row = Row { location: "app.py (redis-py 7.4)".into(), ..Row::default() };
/// assert_eq!(catalog::version_in(&row, "redis-py").map(|v| v.to_string()), Some("7.4".into()));
/// assert_eq!(catalog::version_in(&row, "aiohttp"), None);
/// ```
pub fn version_in(row: &Row, product: &str) -> Option<Version> {
    let catalog: &'static Catalog = &CATALOG;
    // A product the catalog does not know is named by its own name only.
    let own;
    let names = match catalog.version_names.get(product) {
        Some(names) => names.as_slice(),
        None => {
            own = [product.to_lowercase()];
            &own[..]
        }
    };
    [
        &row.location,
        &row.setting,
        &row.item,
        &row.rationale,
        &row.segment,
    ]
    .into_iter()
    .find_map(|cell| {
        let cell = crate::duration::lowercase(cell);
        names.iter().find_map(|name| version_after(&cell, name))
    })
}

/// The version written right after a whole-word `name` in `text` (both lower-case).
fn version_after(text: &str, name: &str) -> Option<Version> {
    text.match_indices(name).find_map(|(at, _)| {
        if text[..at].chars().next_back().is_some_and(is_ident) {
            return None;
        }
        let rest = &text[at + name.len()..];
        let rest = rest
            .strip_prefix("==")
            .or_else(|| rest.strip_prefix([' ', '@', '=', ':']))
            .unwrap_or(rest);
        let rest = rest.strip_prefix('v').unwrap_or(rest);
        let end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        let number = rest[..end].trim_end_matches('.');
        if rest[end..].chars().next().is_some_and(is_ident) {
            return None;
        }
        Version::parse(number)
    })
}

/// Of the entries whose aliases match `row`'s setting, the one [`pick`] starts from (before
/// the version is chosen).
fn pick_product(row: &Row, matches: &[&'static Entry]) -> Option<&'static Entry> {
    let first = *matches.first()?;
    if matches.iter().all(|e| e.product == first.product) {
        return Some(first);
    }
    let context = hint_context(row);
    // The entries whose hints the row mentions: they settle it when they are of one product,
    // and the first of them is the one.
    let mut hinted = matches
        .iter()
        .copied()
        .filter(|e| e.hints.iter().any(|h| context.contains(h.as_str())));
    let one = hinted.next()?;
    hinted.all(|e| e.product == one.product).then_some(one)
}

/// The row's location, item, segment and setting, lower-cased, one space between each: the
/// text [`pick_product`] looks for hints in. A space is neither a letter nor skipped by
/// lower-casing's look at a letter's neighbours (the word-final `ς`), so each cell
/// lower-cases as it would in the whole text.
fn hint_context(row: &Row) -> String {
    let cells = [&row.location, &row.item, &row.segment, &row.setting];
    let mut context = String::with_capacity(cells.iter().map(|c| c.len() + 1).sum());
    for (i, cell) in cells.into_iter().enumerate() {
        if i > 0 {
            context.push(' ');
        }
        crate::duration::push_lowercase(&mut context, cell);
    }
    context
}

/// The connect-phase entry of `product` (the first of kind `connect` that holds for the
/// newest release), when the catalog documents one.
pub fn connect_of(product: &str) -> Option<&'static Entry> {
    let catalog: &'static Catalog = &CATALOG;
    let lines = catalog.connect.get(product)?;
    let newest = |&&i: &&usize| {
        catalog.entries[i]
            .versions
            .is_none_or(Versions::holds_for_newest)
    };
    lines
        .iter()
        .find(newest)
        .or(lines.first())
        .map(|&i| &catalog.entries[i])
}

/// The connect-phase entry of `entry`'s product for the versions `entry` holds for (the first
/// of kind `connect` whose versions overlap them): redis-py 7.4's `socket_timeout` row gets
/// redis-py 7.4's `socket_connect_timeout`. [`connect_of`] when `entry` holds for every
/// version.
pub fn connect_for(entry: &Entry) -> Option<&'static Entry> {
    let Some(range) = entry.versions else {
        return connect_of(entry.product);
    };
    let catalog: &'static Catalog = &CATALOG;
    catalog
        .connect
        .get(entry.product)?
        .iter()
        .map(|&i| &catalog.entries[i])
        .find(|e| e.versions.is_none_or(|v| v.overlaps(range)))
}

/// The entry of `product` that documents its default retry conditions
/// ([`Entry::retry_on`]), if any.
pub fn retry_on_of(product: &str) -> Option<&'static Entry> {
    let catalog: &'static Catalog = &CATALOG;
    catalog.retry_on.get(product).map(|&i| &catalog.entries[i])
}

/// Entries whose product, name or an alias contains `query`, case-insensitively; an empty (or
/// blank) query gives every entry. Results are in file order. (A person's query, not a row's
/// lookup: it reads each entry's lower-case texts, made once with the index.)
///
/// ```
/// let hits = budget::catalog::search("keepalive");
/// assert!(hits.iter().any(|e| e.product == "Node.js"));
/// assert_eq!(budget::catalog::search("").len(), budget::catalog::entries().len());
/// ```
pub fn search(query: &str) -> Vec<&'static Entry> {
    let query = query.trim().to_lowercase();
    let catalog: &'static Catalog = &CATALOG;
    catalog
        .entries
        .iter()
        .zip(&catalog.search_texts)
        .filter(|(_, texts)| query.is_empty() || texts.iter().any(|t| t.contains(&query)))
        .map(|(e, _)| e)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The hint context is the four cells joined by spaces, then lower-cased.
        #[test]
        fn a_hint_context_lower_cases_the_cells_as_one_text(
            cells in proptest::array::uniform4("[a-zA-Z ΣσςΑΩ'.·İ_-]{0,6}")
        ) {
            let [location, item, segment, setting] = cells;
            let row = Row { location, item, segment, setting, ..Row::default() };
            let joined = format!("{} {} {} {}", row.location, row.item, row.segment, row.setting);
            proptest::prop_assert_eq!(hint_context(&row), joined.to_lowercase());
        }
    }

    #[test]
    fn a_final_sigma_at_a_cells_edge_lower_cases_as_in_the_joined_text() {
        let row = Row {
            location: "ΟΔΟΣ".into(),
            item: "Σ".into(),
            segment: "'ΑΣ'".into(),
            setting: "Σ'Α".into(),
            ..Row::default()
        };
        assert_eq!(hint_context(&row), "οδος σ 'ας' σ'α");
    }
}

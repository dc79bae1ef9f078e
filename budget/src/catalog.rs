//! The catalog of real products' settings (`budget-model.md` §7): for each, its kind, the side
//! of a hop it lives on (idle settings), the unit of a bare number, what 0 and -1 mean, whether
//! a total includes connecting, the product versions a line holds for, the documented default,
//! the product's own retry behaviour and its retry conditions (in the words of §4.1), where all
//! of that is documented and the quoted evidence for it, and a note (`unresolved: ...` where the
//! sources disagree).
//!
//! A setting whose default changed between versions has one line per version range (redis-py
//! `socket_timeout`: none before 8.0, 5 s from 8.0 on). [`lookup`] gives the line of the version
//! the row names ([`version_in`]: `redis-py 7.4` in its location, setting, item, rationale or
//! segment), else the newest release's; the engine's `value.default_applied` names which. Pair
//! rules may be scoped to versions too ([`PairRule::applies_to`]).
//!
//! The data is two reviewable files compiled into the engine:
//!
//! - `budget/catalog/settings.tsv`: one setting a line (see the comment block at its top for
//!   the columns); read by [`entries`].
//! - `budget/catalog/pairs.tsv`: rules between two settings of one product
//!   (`setting.pair`); read by [`pairs`].
//! - `budget/catalog/caps.tsv`: the most a provider lets a setting be (Cloudflare's proxy read
//!   timeout: 100 s outside Enterprise plans); read by [`cap_of`], and named by a fix that
//!   raises the setting above it.
//!
//! They are read once, on first use, by `csv` and serde into typed lines held in
//! [`std::sync::LazyLock`] statics, which every `&'static` [`Entry`] and [`PairRule`] borrows
//! from. The files are part of the crate and tested, so a malformed line is a programming
//! error: the first use panics with the file and line (the checking functions behind it return
//! a [`CatalogError`], which the unit tests pin).
//!
//! Lookup is by setting name, with the row's other cells telling products apart where several
//! share a name; nothing is guessed. It goes through an index built with the entries: each
//! alias is filed under one word of it, so a row's setting is compared only with the aliases
//! filed under the words it holds, never with every entry.
//!
//! An entry applies to a row only when the row's product is the entry's, or the row does not
//! say otherwise ([`match_row`]): a row whose layer names another product, or whose location
//! or setting names another product and not the entry's, takes nothing of the entry (no unit,
//! meaning of 0, default, retries or connect default of its product). Products are the
//! catalog's own, by name, and a short list of well-known ones it holds no setting of
//! ([`WELL_KNOWN`]: CDNs, cloud load balancers, other proxies). A Cloudflare zone's
//! `proxy_read_timeout` is therefore not nginx's, and the row's note says so; the engine's
//! note on every row an entry applies to names it (`nginx: proxy_read_timeout`).

mod index;
mod lookup;
mod read;
mod types;
mod words;

pub use index::{cap_of, caps, entries, pairs, WELL_KNOWN};
pub(crate) use lookup::Lookups;
pub use lookup::{
    connect_for, connect_of, lookup, match_row, retry_on_of, search, version_in, Match,
};
pub use types::{
    is_retry_on_word, Cap, CatalogError, Entry, MinusOne, PairRule, Product, Relation, Side,
    Version, Versions, Zero,
};

#[cfg(test)]
mod tests;

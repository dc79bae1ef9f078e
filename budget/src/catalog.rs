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

use std::collections::HashMap;
use std::fmt;
use std::sync::LazyLock;

use serde::de::{DeserializeOwned, Error as _, IntoDeserializer};
use serde::{Deserialize, Deserializer};

use crate::duration::Unit;
use crate::kind::Kind;
use crate::map::Map;
use crate::sheet::{Lang, Row};
use crate::value;

/// The settings file, as compiled in.
const SETTINGS_TSV: &str = include_str!("../catalog/settings.tsv");
/// The pair-rules file, as compiled in.
const PAIRS_TSV: &str = include_str!("../catalog/pairs.tsv");
/// The providers' caps file, as compiled in.
const CAPS_TSV: &str = include_str!("../catalog/caps.tsv");

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

/// Whether `word` (lower-case) is a retry condition of `budget-model.md` §4.1 in its
/// canonical form (`connect-failure`, `429`, `4xx`, `timeout`, a single `503`): what a
/// `retry_on` cell holds. [`crate::retry_on::read`] decides.
///
/// ```
/// use budget::catalog::is_retry_on_word;
/// assert!(is_retry_on_word("connect-failure"));
/// assert!(is_retry_on_word("507"));
/// assert!(!is_retry_on_word("conn-failure"));
/// assert!(!is_retry_on_word("sometimes"));
/// ```
pub fn is_retry_on_word(word: &str) -> bool {
    crate::retry_on::read(word).is_ok_and(|on| on.conditions.iter().any(|c| c.word == word))
}

/// What a value of 0 means to a product.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum Zero {
    /// 0 disables the timeout: no bound (PostgreSQL `statement_timeout = 0`, axios `timeout: 0`).
    #[serde(rename = "disabled")]
    Disabled,
    /// 0 means the product's own default (Kubernetes `timeoutSeconds`, go-redis `ReadTimeout`).
    #[serde(rename = "default")]
    ProductDefault,
    /// 0 is literally zero, or the documentation gives 0 no special meaning.
    #[serde(rename = "zero")]
    Zero,
    /// 0 means unlimited tries: no count bounds them (nginx `proxy_next_upstream_tries 0`,
    /// Laravel `queue:work --tries=0`).
    #[serde(rename = "unlimited")]
    Unlimited,
    /// 0 turns the feature off rather than removing a bound: nginx `keepalive_timeout 0`
    /// closes every connection after its response, so no connection is idle at all.
    #[serde(rename = "off")]
    Off,
}

impl Zero {
    /// The name used in `settings.tsv`: `disabled`, `default`, `zero`, `unlimited` or `off`.
    pub fn as_str(self) -> &'static str {
        match self {
            Zero::Disabled => "disabled",
            Zero::ProductDefault => "default",
            Zero::Zero => "zero",
            Zero::Unlimited => "unlimited",
            Zero::Off => "off",
        }
    }
}

/// What a value of -1 means to a product (the `minus_one` column); most give it none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum MinusOne {
    /// -1 has no documented meaning (the column is empty).
    #[serde(rename = "")]
    Nothing,
    /// -1 disables the timeout: no bound (go-redis `ReadTimeout: -1`).
    #[serde(rename = "disabled")]
    Disabled,
    /// -1 disables retries: one try (go-redis `MaxRetries: -1`, "-1 (not 0) disables
    /// retries").
    #[serde(rename = "no_retries")]
    NoRetries,
}

impl MinusOne {
    /// The name used in `settings.tsv`: empty, `disabled` or `no_retries`.
    pub fn as_str(self) -> &'static str {
        match self {
            MinusOne::Nothing => "",
            MinusOne::Disabled => "disabled",
            MinusOne::NoRetries => "no_retries",
        }
    }
}

/// A product version: its dot-separated numbers (`12.19` is 12, 19); a missing part counts
/// as 0, so `8` and `8.0` are the same version.
#[derive(Clone, Debug)]
pub struct Version(Vec<u32>);

impl Version {
    /// Reads `12.19`, `3.10.9`, `8`; `None` for anything else (`v12`, `12.x`, empty).
    ///
    /// ```
    /// use budget::catalog::Version;
    /// assert_eq!(Version::parse("12.19").unwrap().to_string(), "12.19");
    /// assert!(Version::parse("8").unwrap() == Version::parse("8.0").unwrap());
    /// assert!(Version::parse("12.x").is_none());
    /// ```
    pub fn parse(text: &str) -> Option<Version> {
        let parts: Option<Vec<u32>> = text.split('.').map(|p| p.parse().ok()).collect();
        parts.filter(|p| !p.is_empty()).map(Version)
    }

    /// The part at `i`, 0 past the end.
    fn part(&self, i: usize) -> u32 {
        self.0.get(i).copied().unwrap_or(0)
    }
}

impl PartialEq for Version {
    fn eq(&self, other: &Version) -> bool {
        self.cmp(other) == std::cmp::Ordering::Equal
    }
}

impl Eq for Version {}

impl PartialOrd for Version {
    fn partial_cmp(&self, other: &Version) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Version {
    fn cmp(&self, other: &Version) -> std::cmp::Ordering {
        (0..self.0.len().max(other.0.len()))
            .map(|i| self.part(i).cmp(&other.part(i)))
            .find(|o| o.is_ne())
            .unwrap_or(std::cmp::Ordering::Equal)
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.0.iter().map(u32::to_string).collect();
        f.write_str(&parts.join("."))
    }
}

/// The product versions a catalog line holds for (the `versions` column): from `from`
/// (inclusive) to before `below`, either end open. Written `>=6.0 <8.0`, `>=8.0`, `<12.19`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Versions {
    /// The first version it holds for; `None`: every earlier one too.
    pub from: Option<Version>,
    /// The first version it no longer holds for; `None`: the newest release and on.
    pub below: Option<Version>,
}

impl Versions {
    /// Reads a `versions` cell: `>=X`, `<Y` or both, separated by a space.
    ///
    /// # Errors
    ///
    /// A message naming what is wrong (for [`CatalogError::message`]).
    ///
    /// ```
    /// use budget::catalog::{Version, Versions};
    /// let v = Versions::parse(">=6.0 <8.0").unwrap();
    /// assert!(v.contains(&Version::parse("7.4").unwrap()));
    /// assert!(!v.contains(&Version::parse("8.0").unwrap()));
    /// assert!(!v.holds_for_newest());
    /// assert!(Versions::parse("6.0-8.0").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Versions, String> {
        let mut range = Versions {
            from: None,
            below: None,
        };
        for part in text.split_whitespace() {
            let (slot, number) = if let Some(n) = part.strip_prefix(">=") {
                (&mut range.from, n)
            } else if let Some(n) = part.strip_prefix('<') {
                (&mut range.below, n)
            } else {
                return Err(format!(
                    "versions {text:?} must be >=X, <Y or both (>=6.0 <8.0)"
                ));
            };
            let version = Version::parse(number)
                .ok_or_else(|| format!("versions {text:?}: {number:?} is not a version"))?;
            if slot.replace(version).is_some() {
                return Err(format!("versions {text:?} gives one end twice"));
            }
        }
        if range.from.is_none() && range.below.is_none() {
            return Err(format!("versions {text:?} names no version"));
        }
        if let (Some(from), Some(below)) = (&range.from, &range.below) {
            if from >= below {
                return Err(format!("versions {text:?} holds for no version"));
            }
        }
        Ok(range)
    }

    /// Whether `version` is in the range.
    pub fn contains(&self, version: &Version) -> bool {
        self.from.as_ref().is_none_or(|f| version >= f)
            && self.below.as_ref().is_none_or(|b| version < b)
    }

    /// Whether the range holds for the newest release (it has no upper end): the line a row
    /// that names no version gets.
    pub fn holds_for_newest(&self) -> bool {
        self.below.is_none()
    }

    /// Whether some version is in both ranges.
    fn overlaps(&self, other: &Versions) -> bool {
        let starts_before_end = |a: &Versions, b: &Versions| match (&a.from, &b.below) {
            (Some(from), Some(below)) => from < below,
            _ => true,
        };
        starts_before_end(self, other) && starts_before_end(other, self)
    }

    /// The range in words after the product's name, in the sheet's language: `redis-py 8.0
    /// and later`, `Node.js before 12.19`, `redis-py 6.0 to before 8.0` /
    /// `redis-py 8.0以降`.
    pub fn describe(&self, product: &str, lang: Lang) -> String {
        match (&self.from, &self.below, lang) {
            (Some(f), None, Lang::En) => format!("{product} {f} and later"),
            (None, Some(b), Lang::En) => format!("{product} before {b}"),
            (Some(f), Some(b), Lang::En) => format!("{product} {f} to before {b}"),
            (Some(f), None, Lang::Ja) => format!("{product} {f}以降"),
            (None, Some(b), Lang::Ja) => format!("{product} {b}より前"),
            (Some(f), Some(b), Lang::Ja) => format!("{product} {f}以降{b}より前"),
            (None, None, _) => product.to_string(),
        }
    }
}

impl fmt::Display for Versions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.from, &self.below) {
            (Some(a), Some(b)) => write!(f, ">={a} <{b}"),
            (Some(a), None) => write!(f, ">={a}"),
            (None, Some(b)) => write!(f, "<{b}"),
            (None, None) => Ok(()),
        }
    }
}

/// Which end of a hop a setting lives on; given for idle (keep-alive) settings, where the
/// callee's idle timeout must be strictly longer than the caller's (`budget-model.md` §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The calling end: a client's pool, or a proxy toward its targets (Go
    /// `Transport.IdleConnTimeout`, the ALB idle timeout toward targets).
    Caller,
    /// The called end: a server closing idle client connections (Node.js
    /// `server.keepAliveTimeout`, nginx `keepalive_timeout`).
    Callee,
}

impl Side {
    /// The name used in `settings.tsv`: `caller` or `callee`.
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Caller => "caller",
            Side::Callee => "callee",
        }
    }
}

/// One known setting of one product.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The product, e.g. `nginx`, `PostgreSQL`, `libpq`, `Go net/http`.
    pub product: &'static str,
    /// The setting's name as the product documents it.
    pub name: &'static str,
    /// Ways a sheet names it: each alias is a list of words that must all appear in the
    /// setting cell, lower-case (ASCII words match whole, not inside longer identifiers; a word
    /// may be a phrase with spaces, written with `+` in the file: `timeout+connect`).
    pub aliases: &'static [Vec<String>],
    /// Lower-case text in the row's other cells that points to this product (`nginx.conf`,
    /// `alter role`); used only where several products share a name.
    pub hints: &'static [String],
    /// The kind of row it is.
    pub kind: Kind,
    /// Which end of a hop it lives on, for idle settings; `None` elsewhere.
    pub side: Option<Side>,
    /// The unit of a bare number (`ms` for PostgreSQL `statement_timeout`, `ns` for a Go
    /// `time.Duration`).
    pub unit: Unit,
    /// What 0 means.
    pub zero: Zero,
    /// What -1 means.
    pub minus_one: MinusOne,
    /// Whether an attempt-like total already includes connecting.
    pub includes_connect: bool,
    /// The product versions this line's default holds for; `None`: every version. A setting
    /// whose default changed has one line per range (redis-py `socket_timeout`: none before
    /// 8.0, 5 s from 8.0 on), and [`lookup`] picks the line of the version the row names.
    pub versions: Option<&'static Versions>,
    /// The documented default in the value grammar (`60s`, `none`, `0`, `3 retries`); empty
    /// when the documentation gives none that could be verified.
    pub default: &'static str,
    /// The product's own retry behaviour by default, in the tries grammar (`3 retries`); the
    /// same on every entry of the product whose versions overlap; `None` when it does not
    /// retry by default.
    pub retries: Option<&'static str>,
    /// The retry conditions the product documents as the default of its retries, in the
    /// words of `budget-model.md` §4.1 (`connect-failure`, `503`, `error`; see
    /// [`is_retry_on_word`]), lower-case; empty when it does not retry by default or does not
    /// document them.
    pub retry_on: &'static [String],
    /// Where the default and unit are documented.
    pub source: &'static str,
    /// The evidence for the `zero` and `default` cells, quoted: the sentence of the
    /// documentation, or `file: CONSTANT` of the source.
    pub evidence: &'static str,
    /// A remark on the line; one that starts with `unresolved:` says the sources disagree
    /// and the catalog did not choose silently (see [`Entry::unresolved`]).
    pub note: &'static str,
    /// The product accepts only a bare number, in [`Entry::unit`]: ingress-nginx's timeout
    /// annotations are "unitless and in seconds"
    /// (<https://kubernetes.github.io/ingress-nginx/user-guide/nginx-configuration/annotations/#custom-timeouts>).
    /// A bare number is then right as written, and no finding asks for a unit.
    pub bare_only: bool,
}

impl Entry {
    /// Whether a tries setting counts retries rather than tries: the catalog documents its
    /// default in retries (`3 retries`, `1 retry`), so a bare count there is that many retries,
    /// one try more than the number (HAProxy `retries 3`, Istio `attempts`, Envoy
    /// `num_retries`).
    pub fn counts_retries(&self) -> bool {
        self.kind == Kind::Tries && {
            let d = self.default.to_ascii_lowercase();
            d.contains("retry") || d.contains("retries")
        }
    }

    /// Why the line's default is unresolved (the sources disagree), when its note says so:
    /// the note after `unresolved:`.
    ///
    /// ```
    /// let e = budget::catalog::entries()
    ///     .iter()
    ///     .find(|e| e.product == "Guzzle" && e.name == "connect_timeout")
    ///     .unwrap();
    /// assert!(e.unresolved().unwrap().contains("300"));
    /// ```
    pub fn unresolved(&self) -> Option<&'static str> {
        self.note
            .strip_prefix("unresolved:")
            .map(str::trim)
            .filter(|why| !why.is_empty())
    }

    /// Whether the product's default retries go only to another upstream server (nginx's
    /// `proxy_next_upstream`: its `retries` say `on the next upstream server`): such retries
    /// need several servers, which a sheet names with an upstreams row, so a hop without one
    /// does not retry.
    pub fn retries_only_on_other_upstreams(&self) -> bool {
        self.retries
            .is_some_and(|r| r.contains("on the next upstream server"))
    }

    /// The line's versions in words, for a message (`redis-py 8.0 and later`); the product
    /// alone when the line holds for every version.
    pub fn describe_versions(&self, lang: Lang) -> String {
        self.versions.map_or_else(
            || self.product.to_string(),
            |v| v.describe(self.product, lang),
        )
    }
}

/// How the first setting of a [`PairRule`] must compare to the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
pub enum Relation {
    /// `>`: strictly longer.
    #[serde(rename = ">")]
    Greater,
    /// `>=`: at least as long.
    #[serde(rename = ">=")]
    GreaterOrEqual,
}

impl Relation {
    /// The symbol used in `pairs.tsv`: `>` or `>=`.
    pub fn as_str(self) -> &'static str {
        match self {
            Relation::Greater => ">",
            Relation::GreaterOrEqual => ">=",
        }
    }

    /// Whether `first` (ms) stands in this relation to `second` (ms).
    ///
    /// ```
    /// use budget::catalog::Relation;
    /// assert!(Relation::Greater.holds(60_000, 5_000));
    /// assert!(!Relation::Greater.holds(5_000, 5_000));
    /// assert!(Relation::GreaterOrEqual.holds(5_000, 5_000));
    /// ```
    pub fn holds(self, first: u64, second: u64) -> bool {
        match self {
            Relation::Greater => first > second,
            Relation::GreaterOrEqual => first >= second,
        }
    }
}

/// A documented rule between two settings of one product (`setting.pair`): `first relation
/// second`, e.g. Node.js `server.headersTimeout > server.keepAliveTimeout`. It applies when both
/// values are known and bounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairRule {
    /// The product both settings belong to.
    pub product: &'static str,
    /// The [`Entry::name`] of the setting on the left.
    pub first: &'static str,
    /// How the first must compare to the second.
    pub relation: Relation,
    /// The [`Entry::name`] of the setting on the right.
    pub second: &'static str,
    /// The product versions the rule holds for; `None`: every version.
    pub versions: Option<&'static Versions>,
    /// The rule fails when the second setting is disabled (no bound) and the first is
    /// bounded: Laravel's `retry_after > queue:work --timeout` with `--timeout 0` (no
    /// timeout) hands a job still running out again. Otherwise (`skip` in the file) a
    /// disabled value takes the rule out.
    pub second_disabled_fails: bool,
    /// Why, in one sentence (for the finding's message).
    pub why: &'static str,
    /// Where the rule is documented.
    pub source: &'static str,
}

impl PairRule {
    /// Whether the rule holds for `version` of its product; a row that names no version is
    /// on the newest release.
    ///
    /// ```
    /// use budget::catalog::{pairs, Version};
    /// let node = pairs()
    ///     .iter()
    ///     .find(|r| r.product == "Node.js" && r.second == "server.keepAliveTimeout")
    ///     .unwrap();
    /// assert!(node.applies_to(Version::parse("12.18").as_ref()));
    /// assert!(!node.applies_to(Version::parse("18").as_ref()));
    /// assert!(!node.applies_to(None));
    /// ```
    pub fn applies_to(&self, version: Option<&Version>) -> bool {
        match (self.versions, version) {
            (None, _) => true,
            (Some(range), Some(v)) => range.contains(v),
            (Some(range), None) => range.holds_for_newest(),
        }
    }
}

/// A malformed line in a catalog file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogError {
    /// The file: `settings.tsv` or `pairs.tsv`.
    pub file: &'static str,
    /// The line, counting from 1 (comment lines included).
    pub line: u64,
    /// What is wrong, e.g. `unknown kind "timeout"`.
    pub message: String,
}

impl fmt::Display for CatalogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "budget/catalog/{} line {}: {}",
            self.file, self.line, self.message
        )
    }
}

impl std::error::Error for CatalogError {}

/// One line of `settings.tsv` as serde reads it, by header name: the owned data an [`Entry`]
/// borrows. Cells are trimmed; `aliases` and `hints` are `;`-separated lists.
#[derive(Debug, Deserialize)]
struct Setting {
    product: String,
    name: String,
    /// Each alias's words, lower-case, a `+` inside a word read as a space.
    #[serde(deserialize_with = "alias_list")]
    aliases: Vec<Vec<String>>,
    /// Lower-case hints.
    #[serde(deserialize_with = "lower_list")]
    hints: Vec<String>,
    #[serde(deserialize_with = "kind_cell")]
    kind: Kind,
    /// Empty: no side.
    #[serde(deserialize_with = "side_cell")]
    side: Option<Side>,
    #[serde(deserialize_with = "unit_cell")]
    unit: Unit,
    #[serde(deserialize_with = "zero_cell")]
    zero: Zero,
    #[serde(deserialize_with = "minus_one_cell")]
    minus_one: MinusOne,
    #[serde(deserialize_with = "yes_no_cell")]
    includes_connect: bool,
    /// Empty: every version.
    #[serde(deserialize_with = "versions_cell")]
    versions: Option<Versions>,
    default: String,
    /// Empty: the product does not retry by default.
    retries: Option<String>,
    /// Lower-case words, split at commas.
    #[serde(deserialize_with = "retry_on_cell")]
    retry_on: Vec<String>,
    source: String,
    evidence: String,
    note: String,
    /// `yes`: the product accepts only a bare number; empty or left out: not so.
    #[serde(default, deserialize_with = "bare_only_cell")]
    bare_only: bool,
}

impl Setting {
    /// The entry borrowing this line (held in a static, hence `'static`).
    fn entry(&'static self) -> Entry {
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
struct Pair {
    product: String,
    first: String,
    #[serde(deserialize_with = "relation_cell")]
    relation: Relation,
    second: String,
    #[serde(deserialize_with = "versions_cell")]
    versions: Option<Versions>,
    /// `fails` or `skip` (see [`PairRule::second_disabled_fails`]).
    #[serde(deserialize_with = "second_disabled_cell")]
    second_disabled: bool,
    why: String,
    source: String,
}

/// Serde: the `second_disabled` column of `pairs.tsv`: `fails` or `skip`.
fn second_disabled_cell<'de, D: Deserializer<'de>>(cell: D) -> Result<bool, D::Error> {
    let text = String::deserialize(cell)?;
    match text.trim() {
        "fails" => Ok(true),
        "skip" => Ok(false),
        other => Err(D::Error::custom(format!(
            "second_disabled {other:?} is neither fails nor skip"
        ))),
    }
}

impl Pair {
    /// The rule borrowing this line (held in a static, hence `'static`).
    fn rule(&'static self) -> PairRule {
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
fn list(cell: &str) -> Vec<String> {
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
    let text = String::deserialize(cell)?;
    if text.is_empty() {
        return Ok(None);
    }
    typed(
        text.as_str().into_deserializer(),
        "side must be caller, callee or empty, not",
    )
    .map(Some)
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
    let text = String::deserialize(cell)?;
    if text.is_empty() {
        return Ok(None);
    }
    Versions::parse(&text).map(Some).map_err(D::Error::custom)
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
    let text = String::deserialize(cell)?;
    match text.trim() {
        "yes" => Ok(true),
        "" => Ok(false),
        other => Err(D::Error::custom(format!(
            "bare_only must be yes or empty, not {other:?}"
        ))),
    }
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
fn parse_settings(text: &str) -> Result<Vec<Setting>, CatalogError> {
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
fn parse_pairs(text: &str, catalog: &[Entry]) -> Result<Vec<Pair>, CatalogError> {
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

/// The most a provider lets one of its settings be (`caps.tsv`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cap {
    /// The entry it caps: its [`Entry::product`] and [`Entry::name`].
    pub product: &'static str,
    /// The [`Entry::name`] of the setting.
    pub name: &'static str,
    /// The cap, in ms.
    pub cap_ms: u64,
    /// When the cap holds, in words that follow "Cloudflare allows at most 100 s for X":
    /// `outside Enterprise plans (an Enterprise zone may set up to 6,000 s)`, `on every plan`.
    pub when_en: &'static str,
    /// When the cap holds, in Japanese: `すべてのプラン`.
    pub when_ja: &'static str,
    /// Where the cap is documented.
    pub source: &'static str,
    /// The documentation's words, quoted.
    pub evidence: &'static str,
}

impl Cap {
    /// When the cap holds, in `lang`.
    pub fn when(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.when_en,
            Lang::Ja => self.when_ja,
        }
    }
}

/// One line of `caps.tsv` as read.
#[derive(Debug, Deserialize)]
struct CapLine {
    product: String,
    name: String,
    cap: String,
    when_en: String,
    when_ja: String,
    source: String,
    evidence: String,
}

/// Reads the text of `caps.tsv` (tab-separated, `#` comments, a header row: product, name,
/// cap, when_en, when_ja, source, evidence), checking that each line names an entry of
/// `catalog`, that the cap reads as a duration in that entry's unit and that the words,
/// source and evidence are there.
///
/// # Errors
///
/// [`CatalogError`] naming the first malformed line.
fn parse_caps(text: &str, catalog: &[Entry]) -> Result<Vec<(CapLine, u64)>, CatalogError> {
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

/// The lines of `caps.tsv`, read once; every [`Cap`] borrows from them.
static CAP_LINES: LazyLock<Vec<(CapLine, u64)>> =
    LazyLock::new(|| parse_caps(CAPS_TSV, entries()).unwrap_or_else(|e| panic!("{e}")));

/// The caps, in file order.
static CAPS: LazyLock<Vec<Cap>> = LazyLock::new(|| {
    CAP_LINES
        .iter()
        .map(|(c, cap_ms)| Cap {
            product: entry_str(entries(), &c.product, |e| e.product),
            name: entry_str(entries(), &c.name, |e| e.name),
            cap_ms: *cap_ms,
            when_en: &c.when_en,
            when_ja: &c.when_ja,
            source: &c.source,
            evidence: &c.evidence,
        })
        .collect()
});

/// The `'static` copy of `text` among the entries' fields `field` (present: `parse_caps`
/// checked it).
fn entry_str(
    catalog: &'static [Entry],
    text: &str,
    field: impl Fn(&Entry) -> &'static str,
) -> &'static str {
    catalog.iter().map(field).find(|f| *f == text).unwrap_or("")
}

/// Every cap of the catalog, in file order.
///
/// # Panics
///
/// On first use, if `caps.tsv` has a malformed line or names a setting the catalog does not
/// hold (a unit test guards against it).
pub fn caps() -> &'static [Cap] {
    &CAPS
}

/// The cap the provider sets on `entry`, if the catalog knows one.
///
/// ```
/// let cloudflare = budget::catalog::entries()
///     .iter()
///     .find(|e| e.product == "Cloudflare" && e.name.starts_with("proxy_read_timeout"))
///     .unwrap();
/// let cap = budget::catalog::cap_of(cloudflare).unwrap();
/// assert_eq!(cap.cap_ms, 100_000);
/// assert!(cap.when_en.starts_with("outside Enterprise plans"));
/// ```
pub fn cap_of(entry: &Entry) -> Option<&'static Cap> {
    caps()
        .iter()
        .find(|c| c.product == entry.product && c.name == entry.name)
}

/// The lines of `settings.tsv`, read once; every [`Entry`] borrows from them.
static SETTINGS: LazyLock<Vec<Setting>> =
    LazyLock::new(|| parse_settings(SETTINGS_TSV).unwrap_or_else(|e| panic!("{e}")));

/// The entries and the index over them, built once.
static CATALOG: LazyLock<Catalog> = LazyLock::new(|| Catalog::new(&SETTINGS));

/// The lines of `pairs.tsv`, read once; every [`PairRule`] borrows from them.
static PAIR_LINES: LazyLock<Vec<Pair>> =
    LazyLock::new(|| parse_pairs(PAIRS_TSV, entries()).unwrap_or_else(|e| panic!("{e}")));

/// The pair rules, in file order.
static PAIRS: LazyLock<Vec<PairRule>> =
    LazyLock::new(|| PAIR_LINES.iter().map(Pair::rule).collect());

/// Every entry of the catalog, in file order.
///
/// # Panics
///
/// On first use, if `settings.tsv` has a malformed line (a unit test guards against it).
pub fn entries() -> &'static [Entry] {
    &CATALOG.entries
}

/// Every pair rule of the catalog, in file order.
///
/// # Panics
///
/// On first use, if `pairs.tsv` has a malformed line or names a setting the catalog does not
/// hold (a unit test guards against it).
pub fn pairs() -> &'static [PairRule] {
    &PAIRS
}

/// An alias, as a position: the entry's, and the alias's among the entry's aliases.
type AliasAt = (usize, usize);

/// The entries, and where to find them without reading each.
struct Catalog {
    /// Every entry, in file order.
    entries: Vec<Entry>,
    /// For a token (see [`tokens`]), the aliases filed under it: those whose rarest token it
    /// is. An alias can match a setting only if every token of its words is a token of the
    /// setting (its words match whole, so each token inside them does too), so looking up the
    /// setting's tokens finds every alias that may match.
    by_token: Map<&'static str, Vec<AliasAt>>,
    /// Aliases with no token at all (no ASCII letter, digit or `_`): tried on every row. The
    /// catalog has none today.
    untokened: Vec<AliasAt>,
    /// Each product's entries of kind `connect`, in file order.
    connect: HashMap<&'static str, Vec<usize>>,
    /// For a setting with versions, its product and name: the positions of its lines.
    versioned: HashMap<(&'static str, &'static str), Vec<usize>>,
    /// Each product's names a row may write its version after (see [`version_in`]): the
    /// product's name and the hints its name starts with or that start with it, lower-case.
    version_names: HashMap<&'static str, Vec<String>>,
    /// Per entry, the lower-case texts [`search`] looks in: the product, the name and each
    /// alias's words joined by spaces.
    search_texts: Vec<Vec<String>>,
    /// The products a row may name (see [`Product`]): each of the catalog's (but those in
    /// [`NOT_CONTRADICTING`]) by its name and the words [`WELL_KNOWN`] adds, then the
    /// well-known ones the catalog does not hold.
    products: Vec<Product>,
}

impl Catalog {
    /// Builds the entries over `settings` and files every alias under its rarest token.
    fn new(settings: &'static [Setting]) -> Catalog {
        let entries: Vec<Entry> = settings.iter().map(Setting::entry).collect();
        let aliases: Vec<(AliasAt, Vec<&'static str>)> = entries
            .iter()
            .enumerate()
            .flat_map(|(i, e)| {
                let list: &'static [Vec<String>] = e.aliases;
                list.iter()
                    .enumerate()
                    .map(move |(a, words)| ((i, a), words.iter().flat_map(|w| tokens(w)).collect()))
            })
            .collect();
        // How many aliases hold each token.
        let mut holders: HashMap<&'static str, usize> = HashMap::new();
        for (_, held) in &aliases {
            let mut held = held.clone();
            held.sort_unstable();
            held.dedup();
            for token in held {
                *holders.entry(token).or_default() += 1;
            }
        }
        let mut by_token: Map<&'static str, Vec<AliasAt>> = Map::default();
        let mut untokened = Vec::new();
        for (at, held) in aliases {
            // The rarest token, the longest of equally rare ones, the first of those.
            match held
                .iter()
                .min_by_key(|t| (holders[*t], std::cmp::Reverse(t.len())))
            {
                Some(token) => by_token.entry(token).or_default().push(at),
                None => untokened.push(at),
            }
        }
        let mut connect: HashMap<&'static str, Vec<usize>> = HashMap::new();
        let mut versioned: HashMap<(&'static str, &'static str), Vec<usize>> = HashMap::new();
        let mut version_names: HashMap<&'static str, Vec<String>> = HashMap::new();
        for (i, e) in entries.iter().enumerate() {
            if e.kind == Kind::Connect {
                connect.entry(e.product).or_default().push(i);
            }
            if e.versions.is_some() {
                versioned.entry((e.product, e.name)).or_default().push(i);
            }
            let product = e.product.to_lowercase();
            let names = version_names
                .entry(e.product)
                .or_insert_with(|| vec![product.clone()]);
            for hint in e.hints {
                if (product.starts_with(hint.as_str()) || hint.starts_with(&product))
                    && !names.contains(hint)
                {
                    names.push(hint.clone());
                }
            }
        }
        let search_texts = entries
            .iter()
            .map(|e| {
                let mut texts = vec![e.product.to_lowercase(), e.name.to_lowercase()];
                texts.extend(e.aliases.iter().map(|a| a.join(" ")));
                texts
            })
            .collect();
        let products = products_of(&entries);
        Catalog {
            entries,
            by_token,
            untokened,
            connect,
            versioned,
            version_names,
            search_texts,
            products,
        }
    }

    /// The positions, in file order, of the entries with an alias whose every word appears
    /// whole in `setting` (lower-case); only the aliases filed under the setting's tokens are
    /// read. A word that is one token (`proxy_read_timeout`) appears whole exactly when it is
    /// one of the setting's tokens, so only words with other characters (`timeout connect`,
    /// `server.keepalivetimeout`) are searched for in the text.
    fn matching(&self, setting: &str) -> Vec<usize> {
        let appears = |word: &str| {
            if !word.is_empty() && word.chars().all(is_ident) {
                tokens(setting).any(|t| t == word)
            } else {
                contains_word(setting, word)
            }
        };
        let mut found = Vec::new();
        let mut try_alias = |&(e, a): &AliasAt| {
            if self.entries[e].aliases[a].iter().all(|w| appears(w)) {
                found.push(e);
            }
        };
        for token in tokens(setting) {
            if let Some(filed) = self.by_token.get(token) {
                filed.iter().for_each(&mut try_alias);
            }
        }
        self.untokened.iter().for_each(&mut try_alias);
        found.sort_unstable();
        found.dedup();
        found
    }
}

/// Whether `c` continues an identifier: an ASCII letter, digit or `_`.
fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The tokens of `text`: its longest runs of ASCII letters, digits and `_`
/// (`server.keepalivetimeout` holds `server` and `keepalivetimeout`; `2つ目` holds `2`).
fn tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !is_ident(c)).filter(|t| !t.is_empty())
}

/// Whether `word` occurs in `haystack` (both lower-case) with no ASCII letter, digit or `_`
/// right before or after it.
fn contains_word(haystack: &str, word: &str) -> bool {
    haystack.match_indices(word).any(|(at, _)| {
        let before = haystack[..at].chars().next_back();
        let after = haystack[at + word.len()..].chars().next();
        !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
    })
}

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

/// A product a row may name in its layer, location or setting: one of the catalog's, or a
/// well-known one it does not hold ([`WELL_KNOWN`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Product {
    /// Its name in an English message: `Cloudflare`, `a CDN`.
    pub name: &'static str,
    /// Its name in a Japanese message: `Cloudflare`, `CDN`.
    pub name_ja: &'static str,
    /// The lower-case words or phrases that name it, each matched whole (no ASCII letter,
    /// digit or `_` right before or after it).
    words: Vec<String>,
}

impl Product {
    /// Its name in the sheet's language.
    pub fn name_in(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.name,
            Lang::Ja => self.name_ja,
        }
    }

    /// Whether `text` (lower-case) names it.
    fn named_in(&self, text: &str) -> bool {
        self.words.iter().any(|w| contains_word(text, w))
    }
}

/// Well-known products and kinds of product a row may name, beyond the catalog's own product
/// names (English name, Japanese name, the lower-case words that name it). A line whose name
/// is a catalog product's adds words for it (the ALB is also written `alb` or `elbv2`); the
/// others are products the catalog holds no setting of, named so that their rows do not take
/// another product's facts: CDNs, cloud load balancers, other proxies.
pub const WELL_KNOWN: &[(&str, &str, &[&str])] = &[
    ("a CDN", "CDN", &["cdn", "content delivery network"]),
    ("Amazon CloudFront", "Amazon CloudFront", &["cloudfront"]),
    ("Fastly", "Fastly", &["fastly"]),
    ("Akamai", "Akamai", &["akamai"]),
    (
        "AWS ALB",
        "AWS ALB",
        &[
            "alb",
            "application load balancer",
            "elbv2",
            "elb",
            "elastic load balancing",
        ],
    ),
    (
        "AWS NLB",
        "AWS NLB",
        &[
            "nlb",
            "network load balancer",
            "elb",
            "elastic load balancing",
        ],
    ),
    (
        "AWS ELB",
        "AWS ELB",
        &["elb", "elastic load balancing", "classic load balancer"],
    ),
    (
        "a GCP load balancer",
        "GCPのロードバランサー",
        &[
            "gcp load balancer",
            "google cloud load balancer",
            "google cloud load balancing",
            "cloud load balancing",
            "gclb",
        ],
    ),
    (
        "Azure",
        "Azure",
        &["azure", "front door", "application gateway"],
    ),
    ("Traefik", "Traefik", &["traefik"]),
    ("Caddy", "Caddy", &["caddy"]),
    ("Varnish", "Varnish", &["varnish"]),
    ("Kong", "Kong", &["kong"]),
    ("Apache httpd", "Apache httpd", &["httpd", "mod_proxy"]),
];

/// The products of [`WELL_KNOWN`] that are CDNs, with the catalog's: a row that names `a CDN`
/// does not contradict their entries.
const CDNS: &[&str] = &["Cloudflare", "Amazon CloudFront", "Fastly", "Akamai"];

/// Catalog products whose name does not say which software a row's setting belongs to: a
/// platform that runs the others (Kubernetes), a protocol (gRPC), an everyday word (fetch).
/// A row naming them still takes their entries (by the hints), but never loses another's.
const NOT_CONTRADICTING: &[&str] = &["Kubernetes", "gRPC", "fetch"];

/// The products a row may name: the catalog's, in file order, each by its lower-case name
/// and the words [`WELL_KNOWN`] adds for it, then the well-known products the catalog does
/// not hold.
fn products_of(entries: &[Entry]) -> Vec<Product> {
    let mut out: Vec<Product> = Vec::new();
    for e in entries {
        if out.iter().any(|p| p.name == e.product) || NOT_CONTRADICTING.contains(&e.product) {
            continue;
        }
        let mut words = vec![e.product.to_lowercase()];
        for (name, _, extra) in WELL_KNOWN {
            if *name == e.product {
                words.extend(extra.iter().map(|w| w.to_string()));
            }
        }
        out.push(Product {
            name: e.product,
            name_ja: e.product,
            words,
        });
    }
    for (name, name_ja, words) in WELL_KNOWN {
        if !out.iter().any(|p| p.name == *name) {
            out.push(Product {
                name,
                name_ja,
                words: words.iter().map(|w| w.to_string()).collect(),
            });
        }
    }
    out
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
    let own = |text: &str| {
        contains_word(text, &entry.product.to_lowercase())
            || entry.hints.iter().any(|h| text.contains(h.as_str()))
    };
    let other = |text: &str| {
        catalog.products.iter().find(|p| {
            p.name != entry.product
                && !(p.name == "a CDN" && CDNS.contains(&entry.product))
                && p.named_in(text)
        })
    };
    let layer = crate::duration::lowercase(&row.layer);
    if own(&layer) {
        return None;
    }
    if let Some(named) = other(&layer) {
        return Some(named);
    }
    let rest = format!("{} {}", row.location, row.setting);
    let rest = crate::duration::lowercase(&rest);
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
    matched: Map<&'a str, Vec<&'static Entry>>,
}

impl<'a> Lookups<'a> {
    /// Lookups for a sheet of `rows` rows, with room for as many settings as a small sheet
    /// writes (a large one repeats a few), so the table seldom grows.
    pub(crate) fn for_rows(rows: usize) -> Lookups<'a> {
        Lookups {
            matched: Map::with_capacity_and_hasher(rows.min(32), Default::default()),
        }
    }

    /// What the catalog makes of `row`: [`match_row`]'s answer.
    pub(crate) fn lookup(&mut self, row: &'a Row) -> Match {
        let matches = self
            .matched
            .entry(row.setting.as_str())
            .or_insert_with(|| matches_of(&row.setting));
        pick(row, matches)
    }
}

/// Of the entries whose aliases match `row`'s setting, in file order, the one it names: the
/// first, when all are of one product; else the one product whose hints the row's other cells
/// mention (Node.js's `keepAliveTimeout` in `server.js`); [`Match::None`] when that leaves it
/// open. The entry applies unless the row names another product ([`other_product`]).
fn pick(row: &Row, matches: &[&'static Entry]) -> Match {
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
    let own = [product.to_lowercase()];
    let names = catalog
        .version_names
        .get(product)
        .map_or(&own[..], Vec::as_slice);
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
    let context = format!(
        "{} {} {} {}",
        row.location, row.item, row.segment, row.setting
    )
    .to_lowercase();
    let hinted: Vec<&'static Entry> = matches
        .iter()
        .copied()
        .filter(|e| e.hints.iter().any(|h| context.contains(h.as_str())))
        .collect();
    match hinted.as_slice() {
        [one] => Some(one),
        [first, rest @ ..] if rest.iter().all(|e| e.product == first.product) => Some(first),
        _ => None,
    }
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
    entries()
        .iter()
        .find(|e| e.product == product && !e.retry_on.is_empty())
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
    use crate::value::{Cell, Dur};

    fn row(setting: &str) -> Row {
        Row {
            setting: setting.into(),
            ..Row::default()
        }
    }

    fn at(setting: &str, location: &str) -> Row {
        Row {
            setting: setting.into(),
            location: location.into(),
            ..Row::default()
        }
    }

    fn entry(product: &str, name: &str) -> &'static Entry {
        entries()
            .iter()
            .find(|e| e.product == product && e.name == name)
            .unwrap_or_else(|| panic!("{product} {name} is not in the catalog"))
    }

    /// The value a bare number takes with the entry's unit, in ms.
    fn bare_ms(e: &Entry, text: &str) -> Option<u64> {
        match value::read_duration(text, Some(e.unit)) {
            Ok(Cell::Duration {
                dur: Dur::Exact(ms),
                used_bare_unit: true,
                ..
            }) => Some(ms),
            _ => None,
        }
    }

    #[test]
    fn the_catalog_files_parse() {
        let settings = parse_settings(SETTINGS_TSV).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(settings.len(), entries().len());
        let rules = parse_pairs(PAIRS_TSV, entries()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(rules.len(), pairs().len());
    }

    #[test]
    fn every_default_and_retry_behaviour_reads_in_the_value_grammar() {
        for e in entries() {
            let zero_means_something = matches!(e.zero, Zero::Unlimited | Zero::ProductDefault);
            if e.kind == Kind::Tries && !e.default.is_empty() {
                assert!(
                    value::read_tries(e.default).is_ok()
                        || (e.default == "0" && zero_means_something),
                    "{}",
                    e.name
                );
            } else if e.kind.is_duration() && !e.default.is_empty() {
                assert!(
                    value::read_duration(e.default, Some(e.unit)).is_ok(),
                    "{} {}",
                    e.product,
                    e.name
                );
            }
            if let Some(r) = e.retries {
                assert!(value::read_tries(r).is_ok(), "{} {r}", e.product);
            }
            assert!(e.source.starts_with("https://"), "{}", e.name);
            assert!(!e.aliases.is_empty(), "{}", e.name);
        }
    }

    #[test]
    fn the_catalog_holds_at_least_sixty_settings() {
        assert!(entries().len() >= 60, "{}", entries().len());
    }

    #[test]
    fn every_product_of_the_rulebook_has_an_entry() {
        let products = [
            "nginx",
            "HAProxy",
            "AWS ALB",
            "AWS NLB",
            "Amazon API Gateway",
            "Cloudflare",
            "Heroku router",
            "Envoy",
            "Istio",
            "Linkerd",
            "Kubernetes",
            "Node.js",
            "gunicorn",
            "uWSGI",
            "Tomcat",
            "Go net/http",
            "Java HttpClient",
            "OkHttp",
            "Python requests",
            "httpx",
            "aiohttp",
            "fetch",
            "axios",
            "Guzzle",
            "Laravel HTTP client",
            ".NET HttpClient",
            ".NET standard resilience handler",
            "Polly",
            "Resilience4j",
            "gRPC",
            "PostgreSQL",
            "libpq",
            "PgBouncer",
            "MySQL",
            "redis-py",
            "ioredis",
            "go-redis",
            "Laravel queue",
            "Amazon SQS",
            "Sidekiq",
        ];
        for p in products {
            assert!(entries().iter().any(|e| e.product == p), "{p}");
        }
    }

    #[test]
    fn a_products_entries_agree_on_its_retry_behaviour() {
        let overlap = |a: &Entry, b: &Entry| match (a.versions, b.versions) {
            (Some(x), Some(y)) => x.overlaps(y),
            _ => true,
        };
        for e in entries() {
            for other in entries()
                .iter()
                .filter(|o| o.product == e.product && overlap(e, o))
            {
                assert_eq!(e.retries, other.retries, "{}", e.product);
            }
        }
        assert_eq!(
            entry("Istio", "HTTPRetry.perTryTimeout")
                .retries
                .map(|r| value::read_tries(r).unwrap().count),
            Some(3)
        );
        assert_eq!(
            entry("Sidekiq", "retry")
                .retries
                .map(|r| value::read_tries(r).unwrap().count),
            Some(26)
        );
        assert_eq!(
            entry("HAProxy", "timeout server")
                .retries
                .map(|r| value::read_tries(r).unwrap().count),
            Some(4)
        );
        // The audit: nginx passes a failed request to the next upstream server by default
        // (proxy_next_upstream error timeout, unlimited tries), and OkHttp's
        // retryOnConnectionFailure is on by default; both retry, once each in the catalog.
        let count = |p, n| {
            entry(p, n)
                .retries
                .map(|r| value::read_tries(r).unwrap().count)
        };
        assert_eq!(count("nginx", "proxy_read_timeout"), Some(2));
        assert_eq!(count("OkHttp", "readTimeout"), Some(2));
        assert_eq!(count("Laravel queue", "retry_after"), None);
    }

    #[test]
    fn every_entry_quotes_its_evidence() {
        for e in entries() {
            assert!(
                e.evidence.trim().len() > 20,
                "{} {}: the evidence for zero and default must be quoted",
                e.product,
                e.name
            );
        }
        // The fixed rows quote the product's own words or source.
        assert!(entry("Envoy", "RouteAction.timeout")
            .evidence
            .contains("A value of 0 will disable the route's timeout"));
        assert!(entry("HAProxy", "timeout server")
            .evidence
            .contains("TICK_ETERNITY"));
        assert!(entry("go-redis", "MaxRetries")
            .evidence
            .contains("-1 (not 0) disables retries"));
    }

    #[test]
    fn every_retry_on_word_is_a_condition_of_the_spec() {
        let mut seen = 0;
        for e in entries() {
            for word in e.retry_on {
                assert!(
                    is_retry_on_word(word),
                    "{} {}: {word:?} is not a retry condition of budget-model.md 4.1",
                    e.product,
                    e.name
                );
                seen += 1;
            }
            if e.retries.is_some() {
                assert!(
                    !e.retry_on.is_empty(),
                    "{} {} retries by default: its retry_on must say on what",
                    e.product,
                    e.name
                );
            }
        }
        assert!(seen > 50, "{seen}");
        let on = |p, n| entry(p, n).retry_on.join(", ");
        assert_eq!(on("HAProxy", "retry-on"), "connect-failure");
        assert_eq!(on("nginx", "proxy_next_upstream"), "error, timeout");
        assert_eq!(
            on("Istio", "HTTPRetry.retryOn"),
            "connect-failure, refused-stream, unavailable, 503"
        );
        assert_eq!(
            on("gRPC", "transparent retry"),
            "connect-failure, refused-stream"
        );
        assert_eq!(
            on("OkHttp", "retryOnConnectionFailure"),
            "connect-failure, connect-timeout"
        );
        assert_eq!(
            on(".NET standard resilience handler", "Retry.MaxRetryAttempts"),
            "5xx, 408, 429, error, timeout"
        );
        assert_eq!(
            on("Polly", "RetryStrategyOptions.MaxRetryAttempts"),
            "error"
        );
        assert_eq!(on("Resilience4j", "Retry maxAttempts"), "error");
        assert_eq!(
            on("Laravel HTTP client", "retry(times, sleepMilliseconds)"),
            "error, 4xx, 5xx"
        );
        assert_eq!(on("Envoy", "RetryPolicy.retry_on"), "");
    }

    #[test]
    fn the_audited_zero_meanings_are_in_the_catalog() {
        let cases = [
            ("Envoy", "RouteAction.timeout", Zero::Disabled),
            ("Envoy", "HttpProtocolOptions.idle_timeout", Zero::Disabled),
            ("Envoy", "stream_idle_timeout", Zero::Disabled),
            ("Laravel queue", "queue:work --timeout", Zero::Disabled),
            ("Laravel queue", "queue:work --tries", Zero::Unlimited),
            ("aiohttp", "ClientTimeout.total", Zero::Disabled),
            ("aiohttp", "ClientTimeout.sock_read", Zero::Disabled),
            ("go-redis", "MaxRetries", Zero::ProductDefault),
            ("HAProxy", "timeout connect", Zero::Disabled),
            ("HAProxy", "timeout server", Zero::Disabled),
            ("HAProxy", "timeout client", Zero::Disabled),
            ("nginx", "keepalive_timeout", Zero::Off),
            ("nginx", "proxy_next_upstream_tries", Zero::Unlimited),
        ];
        for (product, name, zero) in cases {
            assert_eq!(entry(product, name).zero, zero, "{product} {name}");
        }
        assert_eq!(
            entry("go-redis", "MaxRetries").minus_one,
            MinusOne::NoRetries
        );
        assert_eq!(
            entry("go-redis", "ReadTimeout").minus_one,
            MinusOne::Disabled
        );
        assert_eq!(
            entry("nginx", "proxy_read_timeout").minus_one,
            MinusOne::Nothing
        );
    }

    #[test]
    fn unresolved_defaults_say_so() {
        let cloudflare = entry("Cloudflare", "proxy_read_timeout (Proxy Read Timeout)");
        assert!(cloudflare.unresolved().unwrap().contains("120 s"));
        assert!(entry("Guzzle", "connect_timeout")
            .unresolved()
            .unwrap()
            .contains("curl's 300 s"));
        assert_eq!(entry("nginx", "proxy_read_timeout").unresolved(), None);
    }

    /// The lines of one setting, in file order.
    fn lines_of(product: &str, name: &str) -> Vec<&'static Entry> {
        entries()
            .iter()
            .filter(|e| e.product == product && e.name == name)
            .collect()
    }

    #[test]
    fn a_row_naming_a_version_gets_that_versions_default() {
        let at_version = |location: &str| {
            lookup(&at("socket_timeout", location)).map(|e| (e.default, e.retries))
        };
        let v8 = Some((
            "5s",
            Some("10 retries (exponential backoff with jitter, 10 ms base, 1 s cap)"),
        ));
        let v7 = Some((
            "none",
            Some("3 retries (exponential backoff with jitter, redis-py 6.0 to 7.x)"),
        ));
        assert_eq!(at_version("app.py (redis-py 7.4)"), v7);
        assert_eq!(at_version("redis-py==7.4.0"), v7);
        assert_eq!(at_version("redis-py 8.0"), v8);
        assert_eq!(at_version("redis-py 5.0.1"), Some(("none", None)));
        // No version: the newest release's line.
        assert_eq!(at_version("redis-py"), v8);
        assert_eq!(at_version(""), v8);
        // A version in the rationale counts too.
        let r = Row {
            setting: "socket_connect_timeout".into(),
            rationale: "pinned to redis-py 7.4 in requirements.txt".into(),
            ..Row::default()
        };
        assert_eq!(lookup(&r).map(|e| e.default), Some("none"));
        // aiohttp's sock_connect: 30 s since 3.10.9.
        let sock = |location: &str| lookup(&at("sock_connect", location)).map(|e| e.default);
        assert_eq!(sock("aiohttp 3.9"), Some("none"));
        assert_eq!(sock("aiohttp 3.10.9"), Some("30s"));
        assert_eq!(sock("aiohttp"), Some("30s"));
        assert_eq!(lines_of("redis-py", "socket_timeout").len(), 3);
        // The connect entry follows the version: redis-py 7.4's has no default.
        let old = lookup(&at("socket_timeout", "redis-py 7.4")).unwrap();
        assert_eq!(connect_for(old).map(|e| e.default), Some("none"));
        assert_eq!(connect_of("redis-py").map(|e| e.default), Some("5s"));
    }

    #[test]
    fn a_version_is_read_after_the_products_name_only() {
        let v = |location: &str, product: &str| {
            version_in(&at("x", location), product).map(|v| v.to_string())
        };
        assert_eq!(v("Node.js 18", "Node.js"), Some("18".into()));
        assert_eq!(v("node v12.18.4", "Node.js"), Some("12.18.4".into()));
        assert_eq!(v("server.js on node@20", "Node.js"), Some("20".into()));
        // Another product's version is not Node's: express is a hint, not a name.
        assert_eq!(v("express 4.18", "Node.js"), None);
        assert_eq!(v("ioredis 5", "redis-py"), None);
        assert_eq!(v("redis-py 7.x", "redis-py"), None);
        assert_eq!(v("redis-py7.4", "redis-py"), Some("7.4".into()));
        assert_eq!(v("nodes 12", "Node.js"), None);
    }

    #[test]
    fn versions_read_and_compare_by_their_numbers() {
        let v = |t: &str| Version::parse(t).unwrap();
        assert!(v("3.10.9") > v("3.9"));
        assert!(v("12.19") > v("12.18.4"));
        assert_eq!(v("8"), v("8.0.0"));
        let range = Versions::parse(">=6.0 <8.0").unwrap();
        assert_eq!(range.to_string(), ">=6.0 <8.0");
        assert!(range.contains(&v("6")) && range.contains(&v("7.99")) && !range.contains(&v("8")));
        assert_eq!(
            range.describe("redis-py", Lang::En),
            "redis-py 6.0 to before 8.0"
        );
        assert_eq!(
            Versions::parse(">=8.0")
                .unwrap()
                .describe("redis-py", Lang::Ja),
            "redis-py 8.0以降"
        );
        for bad in ["6.0-8.0", ">=8 <6", ">=1 >=2", "<", ">=x"] {
            assert!(Versions::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_bare_number_takes_the_unit_of_its_setting() {
        // A Go time.Duration counts nanoseconds: 30 is 30 ns, which the engine holds as 1 ms.
        let go = entry("Go net/http", "Client.Timeout");
        assert_eq!(go.unit, Unit::Nanos);
        assert!(
            matches!(
                value::read_duration("30", Some(go.unit)),
                Ok(Cell::Duration {
                    dur: Dur::Exact(1),
                    used_bare_unit: true,
                    zero: false,
                    below_one_ms: true,
                    ..
                })
            ),
            "30 ns counts as 1 ms"
        );
        assert_eq!(
            bare_ms(go, "30000000000"),
            Some(30_000),
            "30 s written in ns"
        );
        let cases = [
            ("PostgreSQL", "statement_timeout", "30", 30),
            ("PostgreSQL", "idle_session_timeout", "60000", 60_000),
            ("nginx", "proxy_read_timeout", "30", 30_000),
            ("Node.js", "server.keepAliveTimeout", "5000", 5_000),
            ("Kubernetes", "probe timeoutSeconds", "1", 1_000),
            ("HAProxy", "timeout server", "30000", 30_000),
            ("axios", "timeout", "1500", 1_500),
            ("MySQL", "max_execution_time", "2000", 2_000),
            ("MySQL", "wait_timeout", "28800", 28_800_000),
            ("Amazon SQS", "VisibilityTimeout", "30", 30_000),
            (
                "Amazon API Gateway",
                "TimeoutInMillis (integration timeout)",
                "29000",
                29_000,
            ),
            ("go-redis", "ReadTimeout", "3000000000", 3_000),
            ("OkHttp", "callTimeout", "10000", 10_000),
            ("PgBouncer", "query_wait_timeout", "120", 120_000),
            ("Guzzle", "timeout", "2.5", 2_500),
        ];
        for (product, name, text, ms) in cases {
            assert_eq!(
                bare_ms(entry(product, name), text),
                Some(ms),
                "{product} {name}"
            );
        }
    }

    #[test]
    fn the_documented_defaults_read_as_documented() {
        let cases = [
            ("nginx", "proxy_connect_timeout", Dur::Exact(60_000)),
            ("nginx", "keepalive_timeout", Dur::Exact(75_000)),
            ("nginx", "keepalive_timeout (upstream)", Dur::Exact(60_000)),
            (
                "AWS ALB",
                "idle_timeout.timeout_seconds",
                Dur::Exact(60_000),
            ),
            ("AWS NLB", "tcp.idle_timeout.seconds", Dur::Exact(350_000)),
            (
                "Cloudflare",
                "proxy_read_timeout (Proxy Read Timeout)",
                Dur::Exact(100_000),
            ),
            ("Envoy", "RouteAction.timeout", Dur::Exact(15_000)),
            ("Node.js", "server.headersTimeout", Dur::Exact(60_000)),
            ("Node.js", "server.requestTimeout", Dur::Exact(300_000)),
            (
                "Go net/http",
                "Transport.IdleConnTimeout",
                Dur::Exact(90_000),
            ),
            (".NET HttpClient", "HttpClient.Timeout", Dur::Exact(100_000)),
            ("aiohttp", "ClientTimeout.total", Dur::Exact(300_000)),
            ("MySQL", "wait_timeout", Dur::Exact(28_800_000)),
            ("Laravel queue", "retry_after", Dur::Exact(90_000)),
            ("Python requests", "timeout (read)", Dur::Infinite),
            ("gRPC", "deadline", Dur::Infinite),
        ];
        for (product, name, dur) in cases {
            let e = entry(product, name);
            match value::read_duration(e.default, Some(e.unit)) {
                Ok(Cell::Duration { dur: got, .. }) => assert_eq!(got, dur, "{product} {name}"),
                other => panic!("{product} {name}: {other:?}"),
            }
        }
        let tries = |p, n| value::read_tries(entry(p, n).default).unwrap();
        assert_eq!(tries("Resilience4j", "Retry maxAttempts").count, 3);
        assert_eq!(
            tries("Resilience4j", "Retry maxAttempts").waits_ms,
            vec![500, 500]
        );
        assert_eq!(tries("Envoy", "RetryPolicy.num_retries").count, 2);
        assert_eq!(tries("Laravel queue", "queue:work --tries").count, 1);
    }

    #[test]
    fn zero_means_what_each_product_documents() {
        let cases = [
            ("axios", "timeout", Zero::Disabled),
            ("Guzzle", "timeout", Zero::Disabled),
            ("Guzzle", "connect_timeout", Zero::Disabled),
            ("PostgreSQL", "statement_timeout", Zero::Disabled),
            ("PostgreSQL", "lock_timeout", Zero::Disabled),
            ("Node.js", "server.keepAliveTimeout", Zero::Disabled),
            ("OkHttp", "callTimeout", Zero::Disabled),
            ("gunicorn", "timeout", Zero::Disabled),
            ("PgBouncer", "query_wait_timeout", Zero::Disabled),
            ("Kubernetes", "probe timeoutSeconds", Zero::ProductDefault),
            ("go-redis", "ReadTimeout", Zero::ProductDefault),
            ("Go net/http", "Server.IdleTimeout", Zero::ProductDefault),
            ("nginx", "proxy_read_timeout", Zero::Zero),
            ("Amazon SQS", "VisibilityTimeout", Zero::Zero),
        ];
        for (product, name, zero) in cases {
            assert_eq!(entry(product, name).zero, zero, "{product} {name}");
        }
    }

    #[test]
    fn idle_settings_know_their_side_of_the_hop() {
        let cases = [
            ("Node.js", "server.keepAliveTimeout", Side::Callee),
            ("nginx", "keepalive_timeout", Side::Callee),
            ("nginx", "keepalive_timeout (upstream)", Side::Caller),
            ("AWS ALB", "idle_timeout.timeout_seconds", Side::Caller),
            ("Go net/http", "Transport.IdleConnTimeout", Side::Caller),
            ("Go net/http", "Server.IdleTimeout", Side::Callee),
            ("gunicorn", "keepalive", Side::Callee),
            ("Tomcat", "keepAliveTimeout", Side::Callee),
            ("PgBouncer", "server_idle_timeout", Side::Caller),
            ("MySQL", "wait_timeout", Side::Callee),
        ];
        for (product, name, side) in cases {
            let e = entry(product, name);
            assert_eq!(e.kind, Kind::Idle, "{product} {name}");
            assert_eq!(e.side, Some(side), "{product} {name}");
        }
        assert_eq!(entry("nginx", "proxy_read_timeout").side, None);
    }

    #[test]
    fn realistic_setting_cells_are_found() {
        let cases: [(Row, &str, &str, Kind); 16] = [
            (
                at("server.keepAliveTimeout", "server.js"),
                "Node.js",
                "server.keepAliveTimeout",
                Kind::Idle,
            ),
            (
                at("server.headersTimeout = 66000", "app.js"),
                "Node.js",
                "server.headersTimeout",
                Kind::Other,
            ),
            (
                at("http.Client{Timeout}", "main.go"),
                "Go net/http",
                "Client.Timeout",
                Kind::Attempt,
            ),
            (
                row("http.Client{Timeout: 10 * time.Second}"),
                "Go net/http",
                "Client.Timeout",
                Kind::Attempt,
            ),
            (
                row("proxy_next_upstream_tries"),
                "nginx",
                "proxy_next_upstream_tries",
                Kind::Tries,
            ),
            (
                row("proxy_next_upstream_timeout"),
                "nginx",
                "proxy_next_upstream_timeout",
                Kind::RetryWindow,
            ),
            (
                row("upstream keepalive_timeout"),
                "nginx",
                "keepalive_timeout (upstream)",
                Kind::Idle,
            ),
            (
                row("keepalive_timeout"),
                "nginx",
                "keepalive_timeout",
                Kind::Idle,
            ),
            (
                row("idle_timeout.timeout_seconds"),
                "AWS ALB",
                "idle_timeout.timeout_seconds",
                Kind::Idle,
            ),
            (
                row("VisibilityTimeout"),
                "Amazon SQS",
                "VisibilityTimeout",
                Kind::Visibility,
            ),
            (
                row("timeout connect"),
                "HAProxy",
                "timeout connect",
                Kind::Connect,
            ),
            (
                at("retry_after", "config/queue.php"),
                "Laravel queue",
                "retry_after",
                Kind::Visibility,
            ),
            (
                at("--timeout=60", "php artisan queue:work"),
                "Laravel queue",
                "queue:work --timeout",
                Kind::Deadline,
            ),
            (
                at("--timeout 30", "gunicorn.conf.py"),
                "gunicorn",
                "timeout",
                Kind::Deadline,
            ),
            (
                at("readTimeout", "OkHttpClient.Builder"),
                "OkHttp",
                "readTimeout",
                Kind::Read,
            ),
            (
                at("ReadTimeout", "redis.NewClient(&redis.Options{...})"),
                "go-redis",
                "ReadTimeout",
                Kind::Read,
            ),
        ];
        for (r, product, name, kind) in cases {
            let e = lookup(&r).unwrap_or_else(|| panic!("{r:?}"));
            assert_eq!((e.product, e.name, e.kind), (product, name, kind), "{r:?}");
        }
    }

    #[test]
    fn a_name_shared_by_two_products_is_not_guessed() {
        // Node.js and Tomcat both have keepAliveTimeout; nothing on the row says which.
        assert_eq!(lookup(&row("keepAliveTimeout")), None);
        assert_eq!(lookup(&row("server.keepAliveTimeout")), None);
        // OkHttp and ioredis both have a connectTimeout.
        assert_eq!(lookup(&row("connectTimeout")), None);
        // Go net/http, OkHttp and go-redis: a readTimeout with no hint.
        assert_eq!(lookup(&row("ReadTimeout")), None);
        // gunicorn and Laravel's queue worker both take --timeout.
        assert_eq!(lookup(&row("--timeout")), None);
        // Two hints at once settle nothing either.
        assert_eq!(
            lookup(&at("keepAliveTimeout", "server.js and server.xml")),
            None
        );
        // A hint settles it.
        assert_eq!(
            lookup(&at("keepAliveTimeout", "conf/server.xml Connector")).map(|e| e.product),
            Some("Tomcat")
        );
        assert_eq!(
            lookup(&at("connectTimeout", "new Redis({ ... }) with ioredis")).map(|e| e.product),
            Some("ioredis")
        );
    }

    #[test]
    fn generic_words_alone_name_no_product() {
        for setting in [
            "timeout",
            "connect timeout",
            "read timeout",
            "retries",
            "deadline",
            "idle timeout",
            "keepalive",
        ] {
            assert_eq!(lookup(&row(setting)).map(|e| e.name), None, "{setting}");
        }
    }

    #[test]
    fn every_setting_of_the_fixtures_is_found() {
        let cases = [
            ("proxy_connect_timeout", "nginx", Kind::Connect),
            ("proxy_read_timeout", "nginx", Kind::Read),
            ("statement_timeout", "PostgreSQL", Kind::Statement),
            ("lock_timeout", "PostgreSQL", Kind::Lock),
            (
                "idle_in_transaction_session_timeout",
                "PostgreSQL",
                Kind::IdleInTx,
            ),
            (
                "connect_timeout in the connection string",
                "libpq",
                Kind::Connect,
            ),
            ("接続文字列の connect_timeout", "libpq", Kind::Connect),
            (
                "requests timeout (connect)",
                "Python requests",
                Kind::Connect,
            ),
            ("requests timeout (read)", "Python requests", Kind::Read),
            (
                "requests の timeout の1つ目",
                "Python requests",
                Kind::Connect,
            ),
            ("requests の timeout の2つ目", "Python requests", Kind::Read),
            ("fetch AbortSignal.timeout", "fetch", Kind::Attempt),
            ("fetch の AbortSignal.timeout", "fetch", Kind::Attempt),
        ];
        for (setting, product, kind) in cases {
            let entry = lookup(&row(setting)).unwrap_or_else(|| panic!("{setting}"));
            assert_eq!((entry.product, entry.kind), (product, kind), "{setting}");
        }
    }

    #[test]
    fn the_fixture_settings_keep_their_first_slice_facts() {
        let cases = [
            (
                "nginx",
                "proxy_connect_timeout",
                Kind::Connect,
                Unit::Seconds,
                Zero::Zero,
                false,
                "60s",
            ),
            (
                "nginx",
                "proxy_read_timeout",
                Kind::Read,
                Unit::Seconds,
                Zero::Zero,
                false,
                "60s",
            ),
            (
                "PostgreSQL",
                "statement_timeout",
                Kind::Statement,
                Unit::Millis,
                Zero::Disabled,
                false,
                "0",
            ),
            (
                "PostgreSQL",
                "lock_timeout",
                Kind::Lock,
                Unit::Millis,
                Zero::Disabled,
                false,
                "0",
            ),
            (
                "PostgreSQL",
                "idle_in_transaction_session_timeout",
                Kind::IdleInTx,
                Unit::Millis,
                Zero::Disabled,
                false,
                "0",
            ),
            (
                "libpq",
                "connect_timeout",
                Kind::Connect,
                Unit::Seconds,
                Zero::Disabled,
                false,
                "none",
            ),
            (
                "Python requests",
                "timeout (connect)",
                Kind::Connect,
                Unit::Seconds,
                Zero::Zero,
                false,
                "none",
            ),
            (
                "Python requests",
                "timeout (read)",
                Kind::Read,
                Unit::Seconds,
                Zero::Zero,
                false,
                "none",
            ),
            (
                "fetch",
                "AbortSignal.timeout",
                Kind::Attempt,
                Unit::Millis,
                Zero::Zero,
                true,
                "none",
            ),
        ];
        for (product, name, kind, unit, zero, includes_connect, default) in cases {
            let e = entry(product, name);
            assert_eq!(
                (e.kind, e.unit, e.zero, e.includes_connect, e.default),
                (kind, unit, zero, includes_connect, default),
                "{product} {name}"
            );
        }
        // The first-slice finding pins this address in its message.
        assert_eq!(
            entry("nginx", "proxy_connect_timeout").source,
            "https://nginx.org/en/docs/http/ngx_http_proxy_module.html#proxy_connect_timeout"
        );
    }

    #[test]
    fn a_name_inside_a_longer_identifier_does_not_match() {
        assert_eq!(
            lookup(&row("proxy_connect_timeout")).unwrap().name,
            "proxy_connect_timeout"
        );
        assert_eq!(lookup(&row("my_statement_timeout_ms")), None);
        assert_eq!(lookup(&row("in-app retry settings")), None);
        assert_eq!(lookup(&row("in-app deadline")), None);
        assert_eq!(lookup(&row("other_read_timeout")), None);
    }

    #[test]
    fn nginx_documents_a_connect_default_of_sixty_seconds() {
        assert_eq!(connect_of("nginx").unwrap().default, "60s");
        assert_eq!(connect_of("PostgreSQL"), None);
        assert_eq!(connect_of("Envoy").unwrap().default, "5s");
        assert_eq!(connect_of("fetch"), None);
    }

    #[test]
    fn search_finds_by_product_name_or_alias_ignoring_case() {
        assert_eq!(search("").len(), entries().len());
        assert_eq!(search("  ").len(), entries().len());
        let names = |q: &str| -> Vec<&str> { search(q).iter().map(|e| e.name).collect() };
        assert!(names("KEEPALIVE").contains(&"server.keepAliveTimeout"));
        assert!(names("keepalive").contains(&"keepalive_timeout"));
        assert!(search("pgbouncer").iter().all(|e| e.product == "PgBouncer"));
        assert_eq!(search("pgbouncer").len(), 7);
        // By alias: the phrase of an HAProxy alias.
        assert!(names("timeout connect").contains(&"timeout connect"));
        // In file order.
        let all = search("");
        assert_eq!(all[0].name, "proxy_connect_timeout");
        assert!(search("no such setting anywhere").is_empty());
    }

    #[test]
    fn pair_rules_name_settings_of_their_product() {
        let rules = pairs();
        assert!(rules.len() >= 4);
        let has = |p: &str, a: &str, rel: Relation, b: &str| {
            rules
                .iter()
                .any(|r| r.product == p && r.first == a && r.relation == rel && r.second == b)
        };
        assert!(has(
            "Node.js",
            "server.headersTimeout",
            Relation::Greater,
            "server.keepAliveTimeout"
        ));
        assert!(has(
            "Node.js",
            "server.requestTimeout",
            Relation::GreaterOrEqual,
            "server.headersTimeout"
        ));
        assert!(has(
            "PostgreSQL",
            "statement_timeout",
            Relation::Greater,
            "lock_timeout"
        ));
        assert!(has(
            "Laravel queue",
            "retry_after",
            Relation::Greater,
            "queue:work --timeout"
        ));
        for r in rules {
            entry(r.product, r.first);
            entry(r.product, r.second);
            assert!(r.source.starts_with("https://") && !r.why.is_empty());
        }
        // Node's own defaults satisfy its rules: 60 s > 5 s, 300 s >= 60 s.
        assert!(Relation::Greater.holds(60_000, 5_000));
        assert!(Relation::GreaterOrEqual.holds(300_000, 60_000));
    }

    const HEADER: &str = "product\tname\taliases\thints\tkind\tside\tunit\tzero\tminus_one\tincludes_connect\tversions\tdefault\tretries\tretry_on\tsource\tevidence\tnote\tbare_only\n";

    fn one_line(line: &str) -> Result<Vec<Setting>, CatalogError> {
        parse_settings(&format!("# a comment\n{HEADER}{line}\n"))
    }

    #[test]
    fn a_well_formed_line_parses_with_phrases_and_hints() {
        let list = one_line(
            "X\tx_timeout\tx_timeout;x+y timeout\tx.conf; X Server \tread\tcaller\tms\tdisabled\tdisabled\tyes\t>=2.0\t5000\t2 retries\tConnect-Failure, 503\thttps://example.org/x\t\"0 disables it\"\tunresolved: two pages disagree\tyes",
        )
        .unwrap();
        let e = &list[0];
        assert_eq!(e.aliases, &[&["x_timeout"][..], &["x y", "timeout"][..]]);
        assert_eq!(e.hints, &["x.conf", "x server"]);
        assert!(e.bare_only);
        assert_eq!(
            (e.kind, e.side, e.unit, e.zero, e.includes_connect),
            (
                Kind::Read,
                Some(Side::Caller),
                Unit::Millis,
                Zero::Disabled,
                true
            )
        );
        assert_eq!(
            (e.default.as_str(), e.retries.as_deref()),
            ("5000", Some("2 retries"))
        );
        assert_eq!(e.minus_one, MinusOne::Disabled);
        assert_eq!(
            e.versions.as_ref().map(ToString::to_string),
            Some(">=2.0".into())
        );
        assert_eq!(e.retry_on, ["connect-failure", "503"]);
        assert_eq!(e.evidence, "\"0 disables it\"");
        assert_eq!(e.note, "unresolved: two pages disagree");
    }

    #[test]
    fn a_malformed_line_is_an_error_naming_its_line() {
        let base = "X\tx_timeout\tx_timeout\tx\tread\t\ts\tzero\t\tno\t\t60s\t\t\thttps://example.org/x\t\"quoted\"\t\t";
        let broken = [
            (
                base.replace("\tread\t", "\ttimeout\t"),
                "unknown kind \"timeout\"",
            ),
            (base.replace("\ts\t", "\tsec\t"), "unit must be"),
            (base.replace("\tzero\t", "\tnull\t"), "zero must be"),
            (
                base.replace("\tzero\t\t", "\tzero\tnever\t"),
                "minus_one must be",
            ),
            (
                base.replace("\tno\t", "\tmaybe\t"),
                "includes_connect must be",
            ),
            (
                base.replace("\tno\t\t", "\tno\t6-8\t"),
                "must be >=X, <Y or both",
            ),
            (
                base.replace("\tno\t\t", "\tno\t<8.0\t"),
                "must hold for the newest",
            ),
            (base.replace("\t\ts\t", "\tleft\ts\t"), "side must be"),
            (base.replace("\t60s\t", "\tsixty\t"), "is not a duration"),
            (
                base.replace("\t60s\t\t", "\t60s\tmany\t"),
                "is not in the tries grammar",
            ),
            (
                base.replace("https://example.org/x", "see the docs"),
                "documentation address",
            ),
            (base.replace("\"quoted\"", ""), "the evidence must quote"),
            (
                base.replace("\tx_timeout\tx\t", "\t\tx\t"),
                "at least one alias",
            ),
            (base.replacen("\t", "\t\t", 1), "19 cells, expected 18"),
            (base.replace("\t\"quoted\"\t", ""), "16 cells, expected 18"),
            (
                base.replace("\"quoted\"\t\t", "\"quoted\"\t\tsometimes"),
                "bare_only must be yes or empty",
            ),
        ];
        for (line, message) in broken {
            let err = one_line(&line).unwrap_err();
            assert_eq!(err.line, 3, "{line}");
            assert!(err.message.contains(message), "{} / {message}", err.message);
            assert!(err
                .to_string()
                .starts_with("budget/catalog/settings.tsv line 3: "));
        }
        let mixed = format!(
            "{base}\n{}",
            base.replace("\tx_timeout\tx_timeout\t", "\ty_timeout\ty_timeout\t")
                .replace("\t60s\t\t", "\t60s\t2 tries\t")
        );
        assert!(one_line(&mixed).unwrap_err().message.contains("differs"));
        // Two lines of one setting need versions that do not overlap.
        let twice = format!("{base}\n{base}");
        assert!(one_line(&twice)
            .unwrap_err()
            .message
            .contains("does not overlap"));
        let versioned = |a: &str, b: &str| {
            format!(
                "{}\n{}",
                base.replace("\tno\t\t60s", &format!("\tno\t{a}\t60s")),
                base.replace("\tno\t\t60s", &format!("\tno\t{b}\t30s"))
            )
        };
        assert_eq!(one_line(&versioned(">=2", "<2")).unwrap().len(), 2);
        assert!(one_line(&versioned(">=2", "<3"))
            .unwrap_err()
            .message
            .contains("does not overlap"));
        let header = parse_settings("product\tname\n").unwrap_err();
        assert!(header.message.contains("the header must be"), "{header}");
    }

    #[test]
    fn a_malformed_pair_rule_is_an_error() {
        let head = "product\tfirst\trelation\tsecond\tversions\tsecond_disabled\twhy\tsource\n";
        let ok =
            "PostgreSQL\tstatement_timeout\t>\tlock_timeout\t\tskip\tbecause\thttps://example.org";
        assert_eq!(
            parse_pairs(&format!("{head}{ok}\n"), entries())
                .unwrap()
                .len(),
            1
        );
        let broken = [
            (ok.replace("\t>\t", "\t<\t"), "relation must be"),
            (
                ok.replace("\tskip\t", "\tsometimes\t"),
                "neither fails nor skip",
            ),
            (
                ok.replace("lock_timeout", "lock_wait"),
                "no setting named \"lock_wait\"",
            ),
            (
                ok.replace("PostgreSQL", "MySQL"),
                "MySQL has no setting named",
            ),
            (ok.replace("because", ""), "a reason"),
            (
                ok.replace("\t\tskip\t", "\t12\tskip\t"),
                "must be >=X, <Y or both",
            ),
        ];
        for (line, message) in broken {
            let err = parse_pairs(&format!("{head}{line}\n"), entries()).unwrap_err();
            assert_eq!(err.line, 2);
            assert!(err.message.contains(message), "{} / {message}", err.message);
        }
    }

    #[test]
    fn caps_name_the_catalogs_settings_and_read_as_durations() {
        let caps: Vec<(&str, &str, u64)> = caps()
            .iter()
            .map(|c| (c.product, c.name, c.cap_ms))
            .collect();
        assert_eq!(
            caps,
            vec![
                (
                    "Cloudflare",
                    "proxy_read_timeout (Proxy Read Timeout)",
                    100_000
                ),
                ("Cloudflare", "Proxy Write Timeout", 30_000),
                (
                    "Heroku router",
                    "router request timeout (30 s, H12)",
                    30_000
                ),
                ("AWS ALB", "idle_timeout.timeout_seconds", 4_000_000),
                (
                    "Amazon API Gateway",
                    "TimeoutInMillis (integration timeout)",
                    29_000
                ),
            ]
        );
        assert_eq!(cap_of(entry("nginx", "proxy_read_timeout")), None);
    }

    #[test]
    fn a_malformed_cap_is_an_error() {
        let head = "product\tname\tcap\twhen_en\twhen_ja\tsource\tevidence\n";
        let ok = "Heroku router\trouter request timeout (30 s, H12)\t30s\ton every plan\t\
                  すべてのプラン\thttps://example.org\t\"not configurable\"";
        assert_eq!(
            parse_caps(&format!("{head}{ok}\n"), entries())
                .unwrap()
                .len(),
            1
        );
        let broken = [
            (
                ok.replace("\t30s\t", "\tsoon\t"),
                "cap \"soon\" is not a duration",
            ),
            (
                ok.replace("Heroku router", "Render"),
                "Render has no setting named",
            ),
            (ok.replace("on every plan", ""), "needs when_en, when_ja"),
            (ok.replace("https://", "http://"), "documentation address"),
        ];
        for (line, message) in broken {
            let err = parse_caps(&format!("{head}{line}\n"), entries()).unwrap_err();
            assert_eq!(err.line, 2);
            assert!(err.message.contains(message), "{} / {message}", err.message);
        }
    }

    /// The lookup as it was before the index: every entry's every alias read against the
    /// setting, then the same [`pick`] among the matches. The index must answer exactly as
    /// this does.
    fn scan(row: &Row) -> Match {
        let setting = row.setting.to_lowercase();
        if setting.trim().is_empty() {
            return Match::None;
        }
        let matches: Vec<&'static Entry> = entries()
            .iter()
            .filter(|e| {
                e.aliases
                    .iter()
                    .any(|alias| alias.iter().all(|w| contains_word(&setting, w)))
            })
            .collect();
        pick(row, &matches)
    }

    /// An answer as product and name, and the other product named when it does not apply,
    /// for a readable failure.
    type Named = Option<(&'static str, &'static str, Option<&'static str>)>;

    /// An answer as [`Named`].
    fn named(m: Match) -> Named {
        match m {
            Match::None => None,
            Match::Applies(e) => Some((e.product, e.name, None)),
            Match::OtherProduct { entry, named } => {
                Some((entry.product, entry.name, Some(named.name)))
            }
        }
    }

    /// Both answers: the index's and the scan's.
    fn both(row: &Row) -> (Named, Named) {
        (named(match_row(row)), named(scan(row)))
    }

    #[test]
    fn the_index_answers_as_a_scan_of_every_entry_on_each_entrys_own_names() {
        let mut found = 0;
        for e in entries() {
            let mut settings = vec![
                e.name.to_string(),
                e.name.to_uppercase(),
                format!("{} = 30", e.name),
                format!("x{}", e.name),
                format!("{}_ms", e.name),
                format!("{0} {0}", e.name),
            ];
            settings.extend(e.aliases.iter().map(|a| a.join(" ")));
            settings.extend(e.aliases.iter().map(|a| a.join("_")));
            settings.extend(e.aliases.iter().map(|a| a.join("の").to_uppercase()));
            let mut locations = vec![String::new(), e.product.to_string()];
            locations.extend(e.hints.iter().cloned());
            for setting in &settings {
                for location in &locations {
                    let r = at(setting, location);
                    let (index, scanned) = both(&r);
                    assert_eq!(index, scanned, "{r:?}");
                    found += usize::from(index.is_some());
                }
            }
        }
        // Most of these rows name an entry: the comparison is not between two `None`s.
        assert!(found > 1_000, "{found}");
    }

    #[test]
    fn the_index_answers_as_a_scan_on_tricky_rows() {
        let long = "timeout ".repeat(2_000);
        let cases: Vec<Row> = vec![
            row(""),
            row("   "),
            row("\t\n"),
            row("PROXY_READ_TIMEOUT"),
            row("proxy_read_timeoutproxy_read_timeout"),
            row("proxy_read_timeout proxy_read_timeout"),
            row("_proxy_read_timeout"),
            row("proxy_read_timeout2"),
            row("nginx の proxy_read_timeout"),
            // Lower-casing changes lengths: İ becomes i + a combining dot, an ASCII letter
            // right before the name; the Kelvin sign K becomes an ASCII k.
            row("İproxy_read_timeout"),
            row("\u{212A}eepalive_timeout"),
            row("ＰＲＯＸＹ＿ＲＥＡＤ＿ＴＩＭＥＯＵＴ"),
            row("requests の timeout の2つ目"),
            row("requests timeout の1つ目と2つ目"),
            row("接続文字列の connect_timeout"),
            row("timeout connect"),
            row("timeout  connect"),
            row("connect timeout"),
            row("--timeout=60 --tries=3"),
            row("queue:work --timeout"),
            row("->timeout"),
            row("http.Client{Timeout: 10 * time.Second}"),
            row("server.keepAliveTimeout"),
            at("keepAliveTimeout", "server.js and server.xml"),
            at("keepAliveTimeout", "conf/server.xml Connector"),
            at("connectTimeout", "new Redis({ ... }) with ioredis"),
            at("ReadTimeout", "redis.NewClient(&redis.Options{...})"),
            Row {
                setting: "readTimeout".into(),
                item: "OkHttpClient.Builder".into(),
                segment: "app -> api".into(),
                ..Row::default()
            },
            row(&long),
            row(&format!("{long}proxy_read_timeout")),
            row("proxy_read_timeout\u{0}"),
            row("statement_timeout; lock_timeout"),
        ];
        let mut found = 0;
        for r in &cases {
            let (index, scanned) = both(r);
            assert_eq!(index, scanned, "{r:?}");
            found += usize::from(index.is_some());
        }
        assert!(found >= 15, "{found}");
    }

    /// Pieces random settings are made of: every word of every alias, the tokens inside them,
    /// separators, letters that glue onto a word, and characters whose lower case is longer
    /// or ASCII.
    fn pieces() -> Vec<String> {
        let mut out: Vec<String> = entries()
            .iter()
            .flat_map(|e| e.aliases.iter().flatten().cloned())
            .collect();
        let words = out.clone();
        out.extend(words.iter().flat_map(|w| tokens(w).map(str::to_string)));
        out.extend(words.iter().map(|w| w.to_uppercase()));
        out.extend(
            [
                " ", "  ", "_", ".", "-", "/", ":", "=", "の", "x", "2", "İ", "\u{212A}", "\t",
            ]
            .map(String::from),
        );
        out.sort();
        out.dedup();
        out
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2_000))]

        #[test]
        fn the_index_answers_as_a_scan_on_random_settings(
            picks in proptest::collection::vec(proptest::prelude::any::<proptest::sample::Index>(), 0..8),
            hint in proptest::prelude::any::<proptest::sample::Index>(),
        ) {
            let pieces = pieces();
            let setting: String = picks.iter().map(|i| i.get(&pieces).as_str()).collect();
            let hints: Vec<&String> = entries().iter().flat_map(|e| e.hints.iter()).collect();
            let r = at(&setting, hint.get(&hints).as_str());
            let (index, scanned) = both(&r);
            proptest::prop_assert_eq!(index, scanned, "{:?}", r);
        }

        /// One sheet's lookups, remembering each setting's matches, answer every row as
        /// [`lookup`] does: rows that repeat a setting with other locations, items and
        /// segments (hints of other products, or none) get their own pick.
        #[test]
        fn remembered_matches_answer_as_lookup_on_every_row(
            settings in proptest::collection::vec(
                proptest::collection::vec(proptest::prelude::any::<proptest::sample::Index>(), 0..6),
                1..5,
            ),
            rows in proptest::collection::vec(
                (
                    proptest::prelude::any::<proptest::sample::Index>(),
                    proptest::prelude::any::<proptest::sample::Index>(),
                    proptest::prelude::any::<proptest::sample::Index>(),
                    proptest::prelude::any::<proptest::sample::Index>(),
                ),
                1..16,
            ),
        ) {
            let pieces = pieces();
            let settings: Vec<String> = settings
                .iter()
                .map(|picks| picks.iter().map(|i| i.get(&pieces).as_str()).collect())
                .collect();
            let mut others: Vec<String> = entries()
                .iter()
                .flat_map(|e| {
                    let product = [e.product.to_string(), format!("{} 7.4", e.product)];
                    e.hints.iter().cloned().chain(product)
                })
                .collect();
            others.extend(["", "server.js", "app -> api", "7.4", "v8.1", "other text"].map(String::from));
            let rows: Vec<Row> = rows
                .iter()
                .map(|(setting, location, item, segment)| Row {
                    setting: setting.get(&settings).clone(),
                    location: location.get(&others).clone(),
                    item: item.get(&others).clone(),
                    segment: segment.get(&others).clone(),
                    ..Row::default()
                })
                .collect();
            // The very entry (the line of the row's version too), named for a readable failure.
            let show = |m: Match| (named(m), m.applied().map(|e| e as *const Entry));
            let mut lookups = Lookups::default();
            for r in &rows {
                proptest::prop_assert_eq!(show(lookups.lookup(r)), show(match_row(r)), "{:?}", r);
            }
        }
    }
}

//! The catalog's types: an entry and what its cells mean (0, -1, versions, the side of a
//! hop), a rule between two settings, a provider's cap, a product a row may name, and the
//! error of a malformed line.

use std::fmt;

use serde::Deserialize;

use crate::duration::Unit;
use crate::kind::Kind;
use crate::sheet::Lang;

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
    pub(super) fn part(&self, i: usize) -> u32 {
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
    pub(super) fn overlaps(&self, other: &Versions) -> bool {
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
    /// 8.0, 5 s from 8.0 on), and [`lookup`](crate::catalog::lookup) picks the line of the
    /// version the row names.
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

/// A product a row may name in its layer, location or setting: one of the catalog's, or a
/// well-known one it does not hold ([`WELL_KNOWN`](crate::catalog::WELL_KNOWN)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Product {
    /// Its name in an English message: `Cloudflare`, `a CDN`.
    pub name: &'static str,
    /// Its name in a Japanese message: `Cloudflare`, `CDN`.
    pub name_ja: &'static str,
    /// The lower-case words or phrases that name it, each matched whole (no ASCII letter,
    /// digit or `_` right before or after it).
    pub(super) words: Vec<String>,
}

impl Product {
    /// Its name in the sheet's language.
    pub fn name_in(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.name,
            Lang::Ja => self.name_ja,
        }
    }
}

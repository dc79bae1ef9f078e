//! The catalog of real products' settings (`budget-model.md` §7): for each, its kind, the unit
//! of a bare number, what 0 means, whether a total includes connecting, the documented default
//! and where that is documented.
//!
//! This first catalog holds the settings the fixtures use; lookup is by setting name, with the
//! row's other cells telling products apart where several share a name.

use crate::duration::Unit;
use crate::kind::Kind;
use crate::sheet::Row;

/// What a value of 0 means to a product.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zero {
    /// 0 disables the timeout: no bound (PostgreSQL `statement_timeout = 0`).
    Disabled,
    /// 0 means the product's own default.
    ProductDefault,
    /// 0 is literally zero.
    Zero,
}

/// One known setting of one product.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The product, e.g. `nginx`, `PostgreSQL`, `libpq`.
    pub product: &'static str,
    /// The setting's name as the product documents it.
    pub name: &'static str,
    /// Ways a sheet names it: each alias is a list of words that must all appear in the
    /// setting cell (ASCII words match whole, not inside longer identifiers).
    pub aliases: &'static [&'static [&'static str]],
    /// Words in the row's other cells that point to this product (`nginx.conf`, `ALTER ROLE`).
    pub hints: &'static [&'static str],
    /// The kind of row it is.
    pub kind: Kind,
    /// The unit of a bare number.
    pub unit: Unit,
    /// What 0 means.
    pub zero: Zero,
    /// Whether an attempt-like total already includes connecting.
    pub includes_connect: bool,
    /// The documented default, in the value grammar (`60s`, `none`).
    pub default: &'static str,
    /// Where the default and unit are documented.
    pub source: &'static str,
}

/// Every entry of the catalog.
pub const ENTRIES: &[Entry] = &[
    Entry {
        product: "nginx",
        name: "proxy_connect_timeout",
        aliases: &[&["proxy_connect_timeout"]],
        hints: &["nginx"],
        kind: Kind::Connect,
        unit: Unit::Seconds,
        zero: Zero::Zero,
        includes_connect: false,
        default: "60s",
        source: "https://nginx.org/en/docs/http/ngx_http_proxy_module.html#proxy_connect_timeout",
    },
    Entry {
        product: "nginx",
        name: "proxy_read_timeout",
        aliases: &[&["proxy_read_timeout"]],
        hints: &["nginx"],
        kind: Kind::Read,
        unit: Unit::Seconds,
        zero: Zero::Zero,
        includes_connect: false,
        default: "60s",
        source: "https://nginx.org/en/docs/http/ngx_http_proxy_module.html#proxy_read_timeout",
    },
    Entry {
        product: "nginx",
        name: "proxy_send_timeout",
        aliases: &[&["proxy_send_timeout"]],
        hints: &["nginx"],
        kind: Kind::Send,
        unit: Unit::Seconds,
        zero: Zero::Zero,
        includes_connect: false,
        default: "60s",
        source: "https://nginx.org/en/docs/http/ngx_http_proxy_module.html#proxy_send_timeout",
    },
    Entry {
        product: "nginx",
        name: "keepalive_timeout",
        aliases: &[&["keepalive_timeout"]],
        hints: &["nginx"],
        kind: Kind::Idle,
        unit: Unit::Seconds,
        zero: Zero::Disabled,
        includes_connect: false,
        default: "75s",
        source: "https://nginx.org/en/docs/http/ngx_http_core_module.html#keepalive_timeout",
    },
    Entry {
        product: "PostgreSQL",
        name: "statement_timeout",
        aliases: &[&["statement_timeout"]],
        hints: &["postgres", "alter role", "alter database", "db", "psql"],
        kind: Kind::Statement,
        unit: Unit::Millis,
        zero: Zero::Disabled,
        includes_connect: false,
        default: "0",
        source: "https://www.postgresql.org/docs/current/runtime-config-client.html#GUC-STATEMENT-TIMEOUT",
    },
    Entry {
        product: "PostgreSQL",
        name: "lock_timeout",
        aliases: &[&["lock_timeout"]],
        hints: &["postgres", "alter role", "alter database", "db", "psql"],
        kind: Kind::Lock,
        unit: Unit::Millis,
        zero: Zero::Disabled,
        includes_connect: false,
        default: "0",
        source: "https://www.postgresql.org/docs/current/runtime-config-client.html#GUC-LOCK-TIMEOUT",
    },
    Entry {
        product: "PostgreSQL",
        name: "idle_in_transaction_session_timeout",
        aliases: &[&["idle_in_transaction_session_timeout"]],
        hints: &["postgres", "alter role", "alter database", "db", "psql"],
        kind: Kind::IdleInTx,
        unit: Unit::Millis,
        zero: Zero::Disabled,
        includes_connect: false,
        default: "0",
        source: "https://www.postgresql.org/docs/current/runtime-config-client.html#GUC-IDLE-IN-TRANSACTION-SESSION-TIMEOUT",
    },
    Entry {
        product: "libpq",
        name: "connect_timeout",
        aliases: &[&["connect_timeout"]],
        hints: &["libpq", "connection string", "接続文字列", "postgres", "db"],
        kind: Kind::Connect,
        unit: Unit::Seconds,
        zero: Zero::Disabled,
        includes_connect: false,
        default: "none",
        source: "https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNECT-CONNECT-TIMEOUT",
    },
    Entry {
        product: "Python requests",
        name: "timeout (connect)",
        aliases: &[&["requests", "timeout", "connect"], &["requests", "timeout", "1つ目"]],
        hints: &["requests"],
        kind: Kind::Connect,
        unit: Unit::Seconds,
        zero: Zero::Zero,
        includes_connect: false,
        default: "none",
        source: "https://requests.readthedocs.io/en/latest/user/advanced/#timeouts",
    },
    Entry {
        product: "Python requests",
        name: "timeout (read)",
        aliases: &[&["requests", "timeout", "read"], &["requests", "timeout", "2つ目"]],
        hints: &["requests"],
        kind: Kind::Read,
        unit: Unit::Seconds,
        zero: Zero::Zero,
        includes_connect: false,
        default: "none",
        source: "https://requests.readthedocs.io/en/latest/user/advanced/#timeouts",
    },
    Entry {
        product: "fetch",
        name: "AbortSignal.timeout",
        aliases: &[&["abortsignal.timeout"]],
        hints: &["fetch", "browser", "front"],
        kind: Kind::Attempt,
        unit: Unit::Millis,
        zero: Zero::Zero,
        includes_connect: true,
        default: "none",
        source: "https://developer.mozilla.org/en-US/docs/Web/API/AbortSignal/timeout_static",
    },
];

/// Whether `word` occurs in `haystack` (both lower-case) with no ASCII letter, digit or `_`
/// right before or after it.
fn contains_word(haystack: &str, word: &str) -> bool {
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    haystack.match_indices(word).any(|(at, _)| {
        let before = haystack[..at].chars().next_back();
        let after = haystack[at + word.len()..].chars().next();
        !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
    })
}

/// The catalog entry a row's setting names.
///
/// Where entries of several products match, the one whose hints appear in the row's
/// location, item or segment wins; where that does not settle it, `None` (nothing is guessed).
///
/// ```
/// use budget::{catalog, Row};
/// let row = Row { setting: "proxy_read_timeout".into(), ..Row::default() };
/// assert_eq!(catalog::lookup(&row).map(|e| e.product), Some("nginx"));
/// ```
pub fn lookup(row: &Row) -> Option<&'static Entry> {
    let setting = row.setting.to_lowercase();
    if setting.trim().is_empty() {
        return None;
    }
    let matches: Vec<&'static Entry> = ENTRIES
        .iter()
        .filter(|e| {
            e.aliases
                .iter()
                .any(|alias| alias.iter().all(|w| contains_word(&setting, w)))
        })
        .collect();
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
        .into_iter()
        .filter(|e| e.hints.iter().any(|h| context.contains(h)))
        .collect();
    match hinted.as_slice() {
        [one] => Some(one),
        [first, rest @ ..] if rest.iter().all(|e| e.product == first.product) => Some(first),
        _ => None,
    }
}

/// The connect-phase entry of `product`, when the catalog documents one.
pub fn connect_of(product: &str) -> Option<&'static Entry> {
    ENTRIES
        .iter()
        .find(|e| e.product == product && e.kind == Kind::Connect)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(setting: &str) -> Row {
        Row {
            setting: setting.into(),
            ..Row::default()
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
    fn a_name_inside_a_longer_identifier_does_not_match() {
        assert_eq!(
            lookup(&row("proxy_connect_timeout")).unwrap().name,
            "proxy_connect_timeout"
        );
        assert_eq!(lookup(&row("my_statement_timeout_ms")), None);
        assert_eq!(lookup(&row("in-app retry settings")), None);
    }

    #[test]
    fn nginx_documents_a_connect_default_of_sixty_seconds() {
        assert_eq!(connect_of("nginx").unwrap().default, "60s");
        assert_eq!(connect_of("PostgreSQL"), None);
    }
}

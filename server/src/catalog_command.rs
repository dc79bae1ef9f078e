//! `workbench catalog [QUERY] [--format text|json]`: the engine's catalog of real products'
//! settings (`budget::catalog`), searched by product, setting name or alias.

use budget::catalog::{Entry, Zero};
use serde::Serialize;

use crate::table::push_table;

/// Exit status: at least one entry matches.
pub const EXIT_FOUND: u8 = 0;
/// Exit status: no entry matches the query.
pub const EXIT_NONE: u8 = 1;

/// How the entries are printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// A readable table: product, setting, kind, unit of a bare number, what 0 means, versions,
    /// default and source.
    #[default]
    Text,
    /// A JSON array of the entries.
    Json,
}

/// What the command prints and how it exits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Text for standard output.
    pub stdout: String,
    /// Text for standard error (empty when something matched).
    pub stderr: String,
    /// The exit status: [`EXIT_FOUND`] or [`EXIT_NONE`].
    pub code: u8,
}

/// One catalog entry as JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CatalogEntry {
    /// The product, e.g. `nginx`.
    pub product: &'static str,
    /// The setting's name as the product documents it.
    pub name: &'static str,
    /// The kind of row it makes (`connect`, `read`, `statement`, ...).
    pub kind: budget::Kind,
    /// The unit of a bare number: `ns`, `us`, `ms`, `s`, `min`, `h` or `d`.
    pub unit: &'static str,
    /// What 0 means: `disabled` (no bound), `default` (the product's default), `zero`,
    /// `unlimited` (unlimited tries) or `off` (the feature turned off).
    pub zero: &'static str,
    /// Whether an attempt-like total already includes connecting.
    pub includes_connect: bool,
    /// The documented default in the value grammar; `null` when none could be verified.
    pub default: Option<&'static str>,
    /// The product's own retries by default, in the tries grammar; `null` when it does not
    /// retry by default.
    pub retries: Option<&'static str>,
    /// `caller` or `callee` for an idle setting: which end of a hop it lives on.
    pub side: Option<&'static str>,
    /// Ways a sheet names it; each is words that must all appear in the setting cell.
    pub aliases: Vec<String>,
    /// Where the default and unit are documented.
    pub source: &'static str,
    /// What -1 means: `disabled`, `no_retries`, or empty when nothing special.
    pub minus_one: &'static str,
    /// The product versions the line holds for (`>=8.0`, `>=6.0 <8.0`); `null` for every
    /// version.
    pub versions: Option<String>,
    /// The conditions the product's default retries start on, in the words of
    /// `budget-model.md` §4.1 (`connect-failure`, `5xx`); empty when none are documented.
    pub retry_on: Vec<&'static str>,
    /// The quoted evidence behind the `zero` and `default` cells.
    pub evidence: &'static str,
    /// A remark; one starting with `unresolved:` says the sources disagree.
    pub note: &'static str,
}

impl From<&Entry> for CatalogEntry {
    fn from(e: &Entry) -> CatalogEntry {
        CatalogEntry {
            product: e.product,
            name: e.name,
            kind: e.kind,
            unit: e.unit.symbol(),
            zero: e.zero.as_str(),
            includes_connect: e.includes_connect,
            default: Some(e.default).filter(|d| !d.is_empty()),
            retries: e.retries,
            side: e.side.map(|s| s.as_str()),
            aliases: e.aliases.iter().map(|words| words.join(" ")).collect(),
            source: e.source,
            minus_one: e.minus_one.as_str(),
            versions: e.versions.map(|v| v.to_string()),
            retry_on: e.retry_on.iter().map(String::as_str).collect(),
            evidence: e.evidence,
            note: e.note,
        }
    }
}

/// The entries whose product, setting name or an alias contains `query` (case-insensitive;
/// none or blank: every entry), in catalog order, in `format`. No match prints nothing (`[]`
/// in JSON), says so on standard error and exits [`EXIT_NONE`].
pub fn run(query: Option<&str>, format: Format) -> Outcome {
    let query = query.unwrap_or("");
    let entries = budget::catalog::search(query);
    let stdout = match format {
        Format::Text if entries.is_empty() => String::new(),
        Format::Text => render_text(&entries),
        Format::Json => {
            let entries: Vec<CatalogEntry> = entries.iter().map(|&e| e.into()).collect();
            // Plain data: serialising cannot fail.
            serde_json::to_string_pretty(&entries).expect("plain data serialises") + "\n"
        }
    };
    if entries.is_empty() {
        return Outcome {
            stdout,
            stderr: format!("workbench: no catalog entry matches {:?}\n", query.trim()),
            code: EXIT_NONE,
        };
    }
    Outcome {
        stdout,
        stderr: String::new(),
        code: EXIT_FOUND,
    }
}

/// The entries as a table: product, setting, kind, the unit of a bare number, what 0 means,
/// the versions the line holds for (`all`, `>=8.0`), the default (`—` when none could be verified) and the source.
pub fn render_text(entries: &[&Entry]) -> String {
    let mut table = vec![COLUMNS.map(|(title, _)| title.to_string()).to_vec()];
    for e in entries {
        table.push(COLUMNS.iter().map(|(_, cell)| cell(e)).collect());
    }
    let mut out = String::new();
    push_table(&mut out, &table);
    out
}

/// How a column reads its cell of an entry.
type Cell = fn(&Entry) -> String;

/// The columns of [`render_text`]'s table: each one's title and its cell of an entry.
const COLUMNS: [(&str, Cell); 8] = [
    ("product", |e| e.product.to_string()),
    ("setting", |e| e.name.to_string()),
    ("kind", |e| e.kind.as_str().to_string()),
    ("bare number", |e| e.unit.symbol().to_string()),
    ("0 means", |e| zero_means(e.zero).to_string()),
    ("versions", |e| {
        e.versions.map_or("all".to_string(), |v| v.to_string())
    }),
    ("default", |e| {
        if e.default.is_empty() {
            "—".to_string()
        } else {
            e.default.to_string()
        }
    }),
    ("source", |e| e.source.to_string()),
];

/// What 0 means, in words.
fn zero_means(zero: Zero) -> &'static str {
    match zero {
        Zero::Disabled => "no bound",
        Zero::ProductDefault => "the default",
        Zero::Zero => "zero",
        Zero::Unlimited => "unlimited tries",
        Zero::Off => "turned off",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_match_exits_1_and_says_so() {
        let outcome = run(Some("  no-such-product-xyz "), Format::Text);
        assert_eq!(outcome.code, EXIT_NONE);
        assert_eq!(outcome.stdout, "");
        assert_eq!(
            outcome.stderr,
            "workbench: no catalog entry matches \"no-such-product-xyz\"\n"
        );
        let outcome = run(Some("no-such-product-xyz"), Format::Json);
        assert_eq!((outcome.stdout.as_str(), outcome.code), ("[]\n", EXIT_NONE));
    }

    #[test]
    fn no_query_lists_the_whole_catalog() {
        let outcome = run(None, Format::Json);
        let entries: Vec<serde_json::Value> = serde_json::from_str(&outcome.stdout).unwrap();
        assert_eq!(entries.len(), budget::catalog::entries().len());
        assert_eq!(outcome.code, EXIT_FOUND);
    }

    #[test]
    fn zero_reads_as_words() {
        assert_eq!(zero_means(Zero::Disabled), "no bound");
        assert_eq!(zero_means(Zero::ProductDefault), "the default");
    }
}

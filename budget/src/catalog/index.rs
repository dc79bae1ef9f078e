//! The catalog read once into `LazyLock` statics, and the index over its entries: each alias
//! filed under its rarest token, each product's connect entries, versioned lines and the
//! products a row may name.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, AhoCorasickKind};

use crate::kind::Kind;
use crate::map::Map;

use super::read::{
    parse_caps, parse_pairs, parse_settings, CapLine, Pair, Setting, CAPS_TSV, PAIRS_TSV,
    SETTINGS_TSV,
};
use super::types::{Cap, Entry, PairRule, Product};
use super::words::{contains_word, is_ident, tokens};

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
pub(super) static CATALOG: LazyLock<Catalog> = LazyLock::new(|| Catalog::new(&SETTINGS));

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
pub(super) struct Catalog {
    /// Every entry, in file order.
    pub(super) entries: Vec<Entry>,
    /// For a token (see [`tokens`]), the aliases filed under it: those whose rarest token it
    /// is. An alias can match a setting only if every token of its words is a token of the
    /// setting (its words match whole, so each token inside them does too), so looking up the
    /// setting's tokens finds every alias that may match.
    pub(super) by_token: Map<&'static str, Vec<AliasAt>>,
    /// Aliases with no token at all (no ASCII letter, digit or `_`): tried on every row. The
    /// catalog has none today.
    pub(super) untokened: Vec<AliasAt>,
    /// Each product's entries of kind `connect`, in file order.
    pub(super) connect: Map<&'static str, Vec<usize>>,
    /// Each product's first entry that documents its default retry conditions (see
    /// [`retry_on_of`](super::retry_on_of)).
    pub(super) retry_on: Map<&'static str, usize>,
    /// For a setting with versions, its product and name: the positions of its lines.
    pub(super) versioned: Map<(&'static str, &'static str), Vec<usize>>,
    /// Each product's names a row may write its version after (see [`version_in`]): the
    /// product's name and the hints its name starts with or that start with it, lower-case.
    pub(super) version_names: Map<&'static str, Vec<String>>,
    /// Each product's name, lower-case: the word a row's cells name it by, made once here
    /// rather than on every row a lookup reads.
    pub(super) lowercase_names: Map<&'static str, String>,
    /// Per entry, the lower-case texts [`search`] looks in: the product, the name and each
    /// alias's words joined by spaces.
    pub(super) search_texts: Vec<Vec<String>>,
    /// The products a row may name (see [`Product`]): each of the catalog's (but those in
    /// [`NOT_CONTRADICTING`]) by its name and the words [`WELL_KNOWN`] adds, then the
    /// well-known ones the catalog does not hold.
    pub(super) products: Vec<Product>,
    /// Every word of [`Catalog::products`] in one automaton, for [`Catalog::products_named`].
    product_words: ProductWords,
}

/// The words of the products a row may name, searched in one pass over a text: an
/// Aho–Corasick automaton over every product's words, and the product of each word.
pub(super) struct ProductWords {
    automaton: AhoCorasick,
    /// The position in [`Catalog::products`] of each word's product, by pattern id.
    product_of: Vec<usize>,
    /// Every word holds an ASCII letter: a text without one names no product, and is not
    /// searched (a layer written as a number, `1`, `2`).
    lettered: bool,
}

impl ProductWords {
    fn new(products: &[Product]) -> ProductWords {
        let words = products.iter().flat_map(|p| p.words.iter());
        // A contiguous NFA builds in a tenth of a DFA's time, which every process pays once
        // (a `workbench check` run among them), and searches the short texts of a sheet's
        // rows about as fast.
        let automaton = AhoCorasick::builder()
            .kind(Some(AhoCorasickKind::ContiguousNFA))
            .build(words)
            .expect("a few hundred short words make a small automaton");
        let product_of = products
            .iter()
            .enumerate()
            .flat_map(|(i, p)| p.words.iter().map(move |_| i))
            .collect();
        let lettered = products
            .iter()
            .flat_map(|p| p.words.iter())
            .all(|w| w.bytes().any(|b| b.is_ascii_alphabetic()));
        ProductWords {
            automaton,
            product_of,
            lettered,
        }
    }
}

impl Catalog {
    /// The positions in [`Catalog::products`] of the products `text` (lower-case) names, in
    /// ascending order without repeats: those with a word in `text` with no ASCII letter,
    /// digit or `_` right before or after it (as [`Product`] reads its words). One pass over
    /// `text`, whatever the number of products.
    pub(super) fn products_named(&self, text: &str) -> Vec<usize> {
        let words = &self.product_words;
        if words.lettered && !text.bytes().any(|b| b.is_ascii_alphabetic()) {
            return Vec::new();
        }
        let mut named: Vec<usize> = words
            .automaton
            .find_overlapping_iter(text)
            .filter(|m| {
                let before = text[..m.start()].chars().next_back();
                let after = text[m.end()..].chars().next();
                !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
            })
            .map(|m| words.product_of[m.pattern().as_usize()])
            .collect();
        named.sort_unstable();
        named.dedup();
        named
    }

    /// `product`'s name, lower-case: kept with the index for the catalog's products,
    /// lower-cased here for any other.
    pub(super) fn lowercase_name<'p>(&'static self, product: &'p str) -> Cow<'p, str> {
        match self.lowercase_names.get(product) {
            Some(name) => Cow::Borrowed(name.as_str()),
            None => Cow::Owned(product.to_lowercase()),
        }
    }

    /// Builds the entries over `settings` and files every alias under its rarest token.
    pub(super) fn new(settings: &'static [Setting]) -> Catalog {
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
        let mut connect: Map<&'static str, Vec<usize>> = Map::default();
        let mut retry_on: Map<&'static str, usize> = Map::default();
        let mut versioned: Map<(&'static str, &'static str), Vec<usize>> = Map::default();
        let mut version_names: Map<&'static str, Vec<String>> = Map::default();
        let mut lowercase_names: Map<&'static str, String> = Map::default();
        for (i, e) in entries.iter().enumerate() {
            if e.kind == Kind::Connect {
                connect.entry(e.product).or_default().push(i);
            }
            if !e.retry_on.is_empty() {
                retry_on.entry(e.product).or_insert(i);
            }
            if e.versions.is_some() {
                versioned.entry((e.product, e.name)).or_default().push(i);
            }
            let product = e.product.to_lowercase();
            lowercase_names
                .entry(e.product)
                .or_insert_with(|| product.clone());
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
        let product_words = ProductWords::new(&products);
        Catalog {
            entries,
            by_token,
            untokened,
            connect,
            retry_on,
            versioned,
            version_names,
            lowercase_names,
            search_texts,
            products,
            product_words,
        }
    }

    /// The positions, in file order, of the entries with an alias whose every word appears
    /// whole in `setting` (lower-case); only the aliases filed under the setting's tokens are
    /// read. A word that is one token (`proxy_read_timeout`) appears whole exactly when it is
    /// one of the setting's tokens, so only words with other characters (`timeout connect`,
    /// `server.keepalivetimeout`) are searched for in the text.
    pub(super) fn matching(&self, setting: &str) -> Vec<usize> {
        // The setting's tokens, split once for every word of every alias tried.
        let held: Vec<&str> = tokens(setting).collect();
        let appears = |word: &str| {
            // Identifier characters are ASCII: a word is one token when its every byte is one.
            if !word.is_empty() && word.bytes().all(|b| is_ident(char::from(b))) {
                held.contains(&word)
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
        for &token in &held {
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
pub(super) const CDNS: &[&str] = &["Cloudflare", "Amazon CloudFront", "Fastly", "Akamai"];

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_of_a_product_holds_an_ascii_letter() {
        // Else a text without one is searched for products too, as it may name one.
        assert!(CATALOG.product_words.lettered);
        assert_eq!(CATALOG.products_named("1 2 (3)"), Vec::<usize>::new());
    }
}

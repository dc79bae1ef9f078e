//! Stage 3, part of hops: the retry conditions of each hop (`budget-model.md` §4.1), which
//! decide what a retry repeats (the whole try, or only its early phase), how many attempts
//! reach the callee, and whether a retry is safe.
//!
//! The conditions come from the hop's `retry_on` row, else from the catalog entry of the
//! product whose tries the hop has (its tries or upstreams rows first, then its other rows),
//! else they are "any failure" (the rule before §4.1: whole tries). nginx passes a
//! non-idempotent request (POST, LOCK, PATCH) to the next server only when
//! `proxy_next_upstream` lists `non_idempotent`; without it, on a hop marked non-idempotent,
//! its conditions are only those where the request was not sent.

use crate::catalog::{self, Entry};
use crate::kind::Kind;
use crate::retry_on::{self, RetryOn};
use crate::value::Idem;

use super::graph::{Graph, Hop};
use super::rows::{RowInfo, Val};

/// Where a hop's retry conditions come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum From {
    /// The hop's `retry_on` row, by line.
    Row(usize),
    /// The catalog's default of a product whose rows the hop has.
    Catalog(&'static Entry),
    /// Nothing says: any failure starts a retry.
    Any,
}

/// A hop's retry conditions, as they apply.
#[derive(Clone, Debug)]
pub(crate) struct Conditions {
    /// The conditions that start a retry; `None` for any failure (none known, or the row could
    /// not be read).
    pub(crate) on: Option<RetryOn>,
}

impl Conditions {
    /// Every condition is early: a failed try costs only its early phase, and the tries
    /// deliver the request once.
    pub(crate) fn early_only(&self) -> bool {
        self.on.as_ref().is_some_and(RetryOn::all_early)
    }

    /// Nothing starts another try (`off`): the innermost tries layer and the upstream targets
    /// make one try.
    pub(crate) fn never(&self) -> bool {
        self.on.as_ref().is_some_and(|on| on.never)
    }

    /// The request reaches the callee once per call of the innermost layer: its retries are
    /// early only, or there are none.
    pub(crate) fn delivers_once(&self) -> bool {
        self.early_only() || self.never()
    }

    /// No condition can run the request twice (each is early or refused).
    pub(crate) fn safe(&self) -> bool {
        self.on.as_ref().is_some_and(RetryOn::safe)
    }
}

/// The idempotency mark of a hop: on its rows, else on its callee's own rows.
pub(crate) fn idem_of(graph: &Graph, hop: &Hop, infos: &[RowInfo]) -> Option<Idem> {
    hop.parts.idem.or_else(|| {
        graph.nodes[hop.callee]
            .rows
            .iter()
            .find_map(|&l| match infos[l - 1].val {
                Val::Idem(i) => Some(i),
                _ => None,
            })
    })
}

/// The catalog's default retry conditions of the products of a sheet's rows, each product's
/// looked up and read once: a sheet's retrying hops often share one product, and finding its
/// entry and reading its conditions costs more than the hop's own conditions.
#[derive(Default)]
pub(crate) struct CatalogConditions(Vec<(&'static str, Option<CatalogDefault>)>);

/// A product's entry whose default conditions apply ([`catalog::retry_on_of`]), and those
/// conditions read (`None` when they cannot be read).
type CatalogDefault = (&'static Entry, Option<RetryOn>);

impl CatalogConditions {
    /// The default conditions of `product`, if the catalog documents them.
    fn of(&mut self, product: &'static str) -> Option<&CatalogDefault> {
        let at = match self.0.iter().position(|(p, _)| *p == product) {
            Some(at) => at,
            None => {
                let found = catalog::retry_on_of(product)
                    .map(|e| (e, retry_on::read(&e.retry_on.join(", ")).ok()));
                self.0.push((product, found));
                self.0.len() - 1
            }
        };
        self.0[at].1.as_ref()
    }
}

/// The conditions of one hop; `catalog` keeps the catalog's default conditions read so far.
pub(crate) fn of_hop(
    graph: &Graph,
    hop: &Hop,
    infos: &[RowInfo],
    catalog: &mut CatalogConditions,
) -> Conditions {
    let parts = &hop.parts;
    // Conditions only matter where the hop retries.
    let retries = parts.has_tries || parts.upstreams.is_some();
    let (on, from) = match (&parts.retry_on, parts.retry_on_line) {
        (Some(on), Some(line)) => (on.clone(), From::Row(line)),
        _ if retries => match catalog_entry(hop, infos, catalog) {
            Some((e, on)) => (on.clone(), From::Catalog(e)),
            None => (None, From::Any),
        },
        _ => (None, From::Any),
    };
    let product = match from {
        From::Catalog(e) => Some(e.product),
        From::Row(line) => infos[line - 1].entry.map(|e| e.product).or_else(|| {
            hop.rows
                .iter()
                .find_map(|&l| infos[l - 1].entry.map(|e| e.product))
        }),
        From::Any => None,
    };
    let nginx_unsent = product == Some("nginx")
        && on.as_ref().is_some_and(|o| !o.non_idempotent)
        && idem_of(graph, hop, infos) == Some(Idem::NonIdempotent);
    let on = if nginx_unsent {
        on.map(|o| o.nginx_unsent())
    } else {
        on
    };
    Conditions { on }
}

/// The catalog entry whose default conditions apply to a hop, and those conditions: of the
/// product of its tries or upstreams rows first, then of any of its rows.
fn catalog_entry<'c>(
    hop: &Hop,
    infos: &[RowInfo],
    catalog: &'c mut CatalogConditions,
) -> Option<&'c CatalogDefault> {
    let product_of = |l: usize| infos[l - 1].entry.map(|e| e.product);
    let retrying = hop
        .rows
        .iter()
        .filter(|&&l| matches!(infos[l - 1].kind, Kind::Tries | Kind::Upstreams))
        .filter_map(|&l| product_of(l));
    let others = hop.rows.iter().filter_map(|&l| product_of(l));
    let product = retrying.chain(others).find(|&p| catalog.of(p).is_some())?;
    catalog.of(product)
}

//! A hop's numbers as stage 3 computes them ([`HopCalc`]), the names of the bounds a caller
//! waits with ([`BoundName`]), and a worst case while it is built ([`Worst`]).

use crate::kind::Kind;
use crate::time::Time;
use crate::value::Tries;

use crate::report::TraceTerm;

use crate::check::conditions::Conditions;
use crate::check::graph::{Hop, HopParts};
use crate::check::rows::Term;

/// The bound a caller waits for one response with, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BoundName {
    /// A per-try (attempt or statement) timeout.
    PerTry,
    /// A deadline on the whole call.
    Deadline,
    /// A queue's visibility timeout.
    Visibility,
    /// A read timeout (an interval).
    Read,
}

impl BoundName {
    /// The bound a row of kind `kind` sets on its hop: an attempt or statement timeout is a
    /// per-try bound; a deadline and a visibility timeout are themselves; anything else is
    /// taken as the read timeout.
    pub(crate) fn of_kind(kind: Kind) -> BoundName {
        match kind {
            Kind::Attempt | Kind::Statement => BoundName::PerTry,
            Kind::Deadline => BoundName::Deadline,
            Kind::Visibility => BoundName::Visibility,
            _ => BoundName::Read,
        }
    }
}

/// How long a caller waits for one response: the bound, its decimals and its name.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Wait {
    pub(crate) term: Term,
    pub(crate) name: BoundName,
}

/// What a hop's rows add up to.
pub(crate) struct HopCalc {
    /// The bound on one try; `None` when unknown or not given.
    pub(crate) per_try: Option<Time>,
    /// The tries: nested layers multiplied, times the upstream targets (1 when unknown).
    pub(crate) tries: u32,
    /// The tries of the nested layers alone (no upstream targets), at least 1.
    pub(crate) layer_tries: u32,
    /// The worst case, all tries and waits included; `None` when unknown.
    pub(crate) worst: Option<Time>,
    /// The worst case's formula: `(0.5 + 3) × 3 + 0.5 + 1.0 = 12.0 s`.
    pub(crate) worst_text: String,
    /// How long the caller waits for one response; `None` when unknown or not given.
    pub(crate) wait: Option<Wait>,
    /// The margin of the coverage check, in ms.
    pub(crate) margin_ms: u64,
    /// The hop has a deadline row.
    pub(crate) has_deadline: bool,
    /// Where the per-try bound comes from (its terms add up to it).
    pub(crate) per_try_terms: Vec<TraceTerm>,
    /// Where the tries come from (their counts multiply to them).
    pub(crate) tries_terms: Vec<TraceTerm>,
    /// Where the worst case comes from.
    pub(crate) worst_terms: Vec<TraceTerm>,
    /// Where the wait comes from (its one term).
    pub(crate) wait_terms: Vec<TraceTerm>,
    /// The hop's retry conditions (§4.1).
    pub(crate) conditions: Conditions,
    /// The cost of a failed try when every retry condition is early (connect, plus send
    /// with `header-send`); `None` when the retries repeat whole tries, or it is unknown.
    pub(crate) early: Option<Time>,
    /// Where the early phase comes from (its terms add up to it).
    pub(crate) early_terms: Vec<TraceTerm>,
}

impl HopCalc {
    /// Whether the hop's retries repeat only the early phase of each failed try (§4.1): its
    /// worst case is `(U × T − 1) × early + per_try + waits`.
    pub(crate) fn repeats_early(&self) -> bool {
        self.early.is_some()
    }

    /// Attempts one call over `hop` makes on its callee: its tries (nested layers
    /// multiplied) times its upstream targets. Tries retried only on early conditions never
    /// delivered the request (§4.1): their innermost layer and the upstream targets multiply
    /// by 1, so G6's 4 tries on each of 2 web containers deliver the request once.
    pub(crate) fn attempts(&self, hop: &Hop) -> u64 {
        // Saturating: absurd counts typed in a sheet must not overflow.
        if self.conditions.delivers_once() {
            return hop
                .layers()
                .iter()
                .skip(1)
                .fold(1u64, |a, l| a.saturating_mul(u64::from(l.count)));
        }
        let tries = u64::from(self.layer_tries.max(1));
        let upstreams = match hop.parts.targets() {
            Some(Some(u)) => u64::from(u),
            _ => 1,
        };
        tries.saturating_mul(upstreams)
    }
}

/// The tries of nested tries layers: the product of their counts (3 tries inside 2 tries are
/// 6), at least 1.
pub(super) fn total_tries(layers: &[Tries]) -> u32 {
    layers.iter().fold(1u32, |a, l| a.saturating_mul(l.count))
}

/// A worst case as the phases of [`compute_hop`] build it.
pub(super) struct Worst {
    /// Its time; `None` when unknown.
    pub(super) time: Option<Time>,
    /// Its formula (empty in a verdict-only re-check).
    pub(super) formula: String,
    /// The terms of the bounds that cap it: a retry window, a deadline.
    pub(super) caps: Vec<TraceTerm>,
    /// The upstream targets multiply its tries.
    pub(super) upstreams_counted: bool,
    /// It is the hop's deadline alone: the hop has no per-try bound.
    pub(super) deadline_alone: bool,
}

impl Worst {
    pub(super) fn unknown(formula: String) -> Worst {
        Worst {
            time: None,
            formula,
            caps: Vec::new(),
            upstreams_counted: false,
            deadline_alone: false,
        }
    }
}

impl HopCalc {
    /// A hop's numbers before any is computed: one try, nothing known, its margin.
    pub(super) fn new(parts: &HopParts, conditions: Conditions, sheet_margin_ms: u64) -> HopCalc {
        HopCalc {
            per_try: None,
            tries: 1,
            layer_tries: 1,
            worst: None,
            worst_text: String::new(),
            wait: None,
            margin_ms: match parts.margin {
                Some(Some(t)) => t.time.bound_ms().unwrap_or(sheet_margin_ms),
                _ => sheet_margin_ms,
            },
            has_deadline: false,
            per_try_terms: Vec::new(),
            tries_terms: Vec::new(),
            worst_terms: Vec::new(),
            wait_terms: Vec::new(),
            conditions,
            early: None,
            early_terms: Vec::new(),
        }
    }
}

/// A connect bound: read from the hop's rows (known or not), or the catalog's (with its
/// trace term).
pub(super) type Connect = Option<(Option<Term>, Option<TraceTerm>)>;

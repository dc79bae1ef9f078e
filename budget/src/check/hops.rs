//! Stage 3, hops: every hop's per-try bound, tries, worst case and wait (`budget-model.md`
//! §4): `per_try × tries + waits` from the inside out, times the upstream targets, capped by
//! a retry window and a deadline; and how long the caller waits for one response.
//!
//! Input: the [`Graph`]. Output: one [`HopCalc`] per hop, and the findings `bound.missing`,
//! `value.default_applied` (a connect default from the catalog), `tries.nested_too_deep`,
//! `tries.cut_by_deadline` and `unbounded`.
//!
//! Its parts: the numbers a hop gets ([`calc`]), how many tries fit a budget ([`fit`]), the
//! caps of a retry window and a deadline ([`caps`]), and the wait and terms a hop's numbers
//! are finished with ([`terms`]).

use crate::catalog::{self, Zero};
use crate::code::FindingCode;
use crate::kind::Kind;
use crate::said::Said;
use crate::time::Time;
use crate::value::{self, Cell, Dur, Tries};

use crate::report::TraceTerm;

use super::conditions::{self, Conditions};
use super::findings::{Draft, Findings};
use super::formula::{layers_formula, push_need_with_unit, push_waits, Slot, Word};
use super::graph::{bounds, Graph, Hop};
use super::limits::MAX_NESTED_TRIES;
use super::rows::{RowInfo, Term, Val};
use super::trace::{self, Reading};

mod calc;
mod caps;
mod fit;
mod terms;

use calc::{total_tries, Connect, Worst};
pub(crate) use calc::{BoundName, HopCalc, Wait};
use caps::{capped_by_deadline, capped_by_window};
pub use fit::{early_tries_that_fit, tries_that_fit};
use terms::{finish, tries_terms};

/// Computes every hop of `graph`; `sheet_margin_ms` is the margin of a hop with no margin row.
pub(crate) fn compute(
    graph: &Graph,
    infos: &[RowInfo],
    sheet_margin_ms: u64,
    out: &mut Findings,
) -> Vec<HopCalc> {
    let mut defaults = CatalogDefaults::default();
    (0..graph.hops.len())
        .map(|h| compute_one(graph, h, infos, sheet_margin_ms, &mut defaults, out))
        .collect()
}

/// The catalog's defaults for the entries of a sheet's rows, each looked up and read once: a
/// sheet's hops without a connect row often share one product (nginx's 60 s), and finding and
/// reading a default costs more than the hop's own numbers.
#[derive(Default)]
pub(crate) struct CatalogDefaults {
    /// Per row entry, its product's connect default.
    connect: Vec<(&'static catalog::Entry, Option<ConnectDefault>)>,
    /// Per product, its default retry conditions.
    conditions: conditions::CatalogConditions,
    /// Per product, the label of its documented default in a trace (`nginx default`).
    labels: Vec<(&'static str, String)>,
}

/// The connect entry of a row's entry's product ([`catalog::connect_for`]), and its default
/// read: its duration, its decimals, and whether it was written as 0 (`None` when it is no
/// duration).
type ConnectDefault = (&'static catalog::Entry, Option<(Dur, u8, bool)>);

impl CatalogDefaults {
    /// The connect default for a row whose catalog entry is `entry`, if its product has one.
    fn connect_of(&mut self, entry: &'static catalog::Entry) -> Option<ConnectDefault> {
        if let Some((_, found)) = self.connect.iter().find(|(e, _)| std::ptr::eq(*e, entry)) {
            return *found;
        }
        let found = catalog::connect_for(entry).map(|e| {
            let read = match value::read_duration(e.default, Some(e.unit)) {
                Ok(Cell::Duration {
                    dur,
                    decimals,
                    zero,
                    ..
                }) => Some((dur, decimals, zero)),
                _ => None,
            };
            (e, read)
        });
        self.connect.push((entry, found));
        found
    }

    /// The label of `product`'s documented default in a trace ([`Slot::ProductDefault`]).
    fn default_label(&mut self, product: &'static str) -> String {
        if let Some((_, label)) = self.labels.iter().find(|(p, _)| *p == product) {
            return label.clone();
        }
        let label = Slot::ProductDefault(product).text();
        self.labels.push((product, label.clone()));
        label
    }
}

/// Computes hop `h` of `graph`: what [`compute`] gives for it, which depends on the hop's own
/// rows and parts alone (its conditions also on its callee's idempotency rows). `defaults`
/// keeps the catalog's defaults read so far.
pub(crate) fn compute_one(
    graph: &Graph,
    h: usize,
    infos: &[RowInfo],
    sheet_margin_ms: u64,
    defaults: &mut CatalogDefaults,
    out: &mut Findings,
) -> HopCalc {
    let hop = &graph.hops[h];
    let caller = graph.nodes[hop.caller].name.as_str();
    let conditions = conditions::of_hop(graph, hop, infos, &mut defaults.conditions);
    let context = (infos, sheet_margin_ms);
    compute_hop(hop, caller, conditions, context, defaults, out)
}

/// The sum of duration terms and its text (`0.5 + 3`; empty unless `text`); `None` when one
/// is unknown.
fn sum(terms: &[Option<Term>], text: bool) -> Option<(Time, String)> {
    let mut total = Time::ZERO;
    // Room for each term's seconds (`12.0`) and the ` + ` between them.
    let mut texts = String::with_capacity(if text { 12 * terms.len() } else { 0 });
    for (i, t) in terms.iter().enumerate() {
        let t = (*t)?;
        total = total.add(t.time);
        if text {
            if i > 0 {
                texts.push_str(" + ");
            }
            t.time.push_need_text(&mut texts, t.decimals);
        }
    }
    Some((total, texts))
}

/// A connect bound for a hop with none, from the catalog where a product of the hop's rows
/// documents one (nginx: 60 s), with its `value.default_applied`.
fn catalog_connect(
    hop: &Hop,
    infos: &[RowInfo],
    defaults: &mut CatalogDefaults,
    out: &mut Findings,
) -> Option<(Term, TraceTerm)> {
    let (e, read) = hop
        .rows
        .iter()
        .filter_map(|&l| infos[l - 1].entry)
        .find_map(|entry| defaults.connect_of(entry))?;
    let (dur, decimals, zero) = read?;
    // A documented default of 0 that means no bound (Guzzle `connect_timeout`).
    let dur = if zero && e.zero == Zero::Disabled {
        Dur::Infinite
    } else {
        dur
    };
    let rows: Vec<usize> = hop
        .rows
        .iter()
        .copied()
        .filter(|&l| infos[l - 1].entry.is_some_and(|x| x.product == e.product))
        .collect();
    let line = rows.first().copied().unwrap_or(0);
    let time = Time::from_dur(dur);
    let connect = Term {
        time,
        decimals,
        line,
    };
    // Its trace term is read only with the finding's text.
    if out.skips(FindingCode::ValueDefaultApplied, rows.len()) {
        return Some((connect, TraceTerm::default()));
    }
    let msg = Said::ConnectDefaultApplied {
        segment: hop.segment.clone(),
        used: dur,
        product: e.product,
        setting: e.name,
        unresolved: e.unresolved(),
    };
    let term = TraceTerm {
        kind: Some(Kind::Connect),
        label: Some(defaults.default_label(e.product)),
        value_ms: time.need_ms(),
        rows: rows.clone(),
        ..TraceTerm::default()
    };
    out.add(
        Draft::new(FindingCode::ValueDefaultApplied, rows, msg)
            .on_hop(&hop.segment)
            .cite(Some(e.source)),
    );
    Some((connect, term))
}

/// The early phase of a try, its formula text and its terms; `None` when the hop has no
/// connect bound, `Some(None)` when a needed value is unknown ([`early_phase`]).
type Early = Option<Option<(Time, String, Vec<TraceTerm>)>>;

/// The early phase of a try (§4.1): the connect bound, plus the send bound when `header-send`
/// is a retry condition and the hop has a send row (the caller caps it at the per-try bound);
/// with its formula text (`5 + 10`) and its terms. `None` when the hop has no connect bound (the early phase is then the whole try);
/// `Some(None)` when a needed value is unknown.
fn early_phase(hop: &Hop, connect: &Connect, infos: &[RowInfo], whole: bool) -> Early {
    let (connect, catalog) = connect.as_ref()?;
    // The connect bound, and the send bound.
    let mut used: Vec<(Option<Term>, Kind, Option<TraceTerm>)> = Vec::with_capacity(2);
    used.push((*connect, Kind::Connect, catalog.clone()));
    let header_send = hop
        .parts
        .retry_on
        .as_ref()
        .and_then(Option::as_ref)
        .is_some_and(|on| on.header_send());
    if let (true, Some(send)) = (header_send, hop.parts.send) {
        used.push((send, Kind::Send, None));
    }
    // The terms, in place: two at most.
    let mut terms = [None; 2];
    for (term, (t, ..)) in terms.iter_mut().zip(&used) {
        *term = *t;
    }
    let Some((total, text)) = sum(&terms[..used.len()], whole) else {
        return Some(None);
    };
    if !whole {
        return Some(Some((total, text, Vec::new())));
    }
    let reading = Reading::of_sum(Some(total));
    // Every term is known here: a sum with an unknown one is `None` above.
    let mut trace_terms = Vec::with_capacity(used.len());
    trace_terms.extend(used.into_iter().filter_map(|(t, _, catalog)| {
        let t = t?;
        Some(match catalog {
            Some(mut c) => {
                c.value_ms = reading.ms(t.time);
                c
            }
            None => trace::row_term(&t, infos, reading),
        })
    }));
    Some(Some((total, text, trace_terms)))
}

/// The worst case of retries only on early conditions (§4.1), and its formula without its
/// `= total`: on the innermost layer of T tries on each of U targets, every failed try costs the early
/// phase `e` and only the last runs the whole per-try bound `p`:
/// `(U × T − 1) × e + p + U × waits`; the outer layers repeat that as usual. Golden G6:
/// `(2 × 4 − 1) × (5 + 10) + (5 + 30) = 140.0 s`.
fn early_worst(
    (p, p_text): (Time, &str),
    (e, e_text): (Time, &str),
    targets: u32,
    layers: &[Tries],
    out: &mut Findings,
) -> (Time, String) {
    let (inner_count, inner_waits, inner_waits_text) = match layers.first() {
        Some(l) => {
            let mut waits = String::new();
            if !out.verdict_only() {
                push_waits(&mut waits, l);
            }
            let total = l.waits_ms.iter().fold(0u64, |a, &w| a.saturating_add(w));
            (l.count, total, waits)
        }
        None => (1, 0, String::new()),
    };
    let failed = targets.saturating_mul(inner_count).saturating_sub(1);
    let waits = Time::exact(inner_waits).times(targets);
    let inner = e.times(failed).add(p).add(waits);
    out.steps += 1;
    let outer = layers.get(1..).unwrap_or_default();
    if out.verdict_only() {
        return (layered_worst(inner, outer, out), String::new());
    }
    let group = |t: &str| {
        if t.contains(' ') {
            format!("({t})")
        } else {
            t.to_string()
        }
    };
    let mut f = format!(
        "({targets} × {inner_count} − 1) × {} + {}",
        group(e_text),
        group(p_text)
    );
    if !inner_waits_text.is_empty() {
        if targets > 1 {
            f.push_str(&format!(
                " + {targets} × ({})",
                inner_waits_text.trim_start_matches(" + ")
            ));
        } else {
            f.push_str(&inner_waits_text);
        }
    }
    (layered_worst(inner, outer, out), layers_formula(&f, outer))
}

/// The per-try bound: `attempt` (+ `connect` unless the attempt includes it), else
/// `connect + read`; `Some(None)` when a needed value is unknown, `None` when the hop has no
/// per-try bound (a deadline alone). Reports the phases without a bound (`bound.missing`).
/// Returns the terms too.
fn per_try(
    hop: &Hop,
    connect: Connect,
    infos: &[RowInfo],
    out: &mut Findings,
) -> (Option<Option<(Time, String)>>, Vec<TraceTerm>) {
    let parts = &hop.parts;
    let segment = hop.segment.as_str();
    // A queue's visibility timeout bounds each delivery the way a per-try timeout does.
    let (attempt_like, attempt_kind) = match parts.attempt {
        Some(a) => (Some(a), Kind::Attempt),
        None => (parts.visibility, Kind::Visibility),
    };
    let capped = bounds(attempt_like) || bounds(parts.deadline);
    // The parts summed, each with its kind (for an unknown one) and its trace term, if given:
    // a connect bound and one other.
    let mut used: Vec<(Option<Term>, Kind, Option<TraceTerm>)> = Vec::with_capacity(2);
    let result = match (attempt_like, parts.read) {
        (Some(att), read) if !(att.is_some_and(|a| a.time.is_inf()) && read.is_some()) => {
            if let Some((c, catalog)) = connect {
                if !parts.attempt_includes_connect {
                    used.push((c, Kind::Connect, catalog));
                }
            }
            used.push((att, attempt_kind, None));
            Some(())
        }
        (_, Some(read)) => {
            match connect {
                Some((c, catalog)) => used.push((c, Kind::Connect, catalog)),
                None if !capped && !out.skips(FindingCode::BoundMissing, hop.rows.len()) => {
                    let msg = Said::ConnectMissing {
                        segment: segment.to_string(),
                    };
                    out.add(
                        Draft::new(FindingCode::BoundMissing, hop.rows.clone(), msg)
                            .on_hop(segment),
                    );
                }
                None => {}
            }
            used.push((read, Kind::Read, None));
            Some(())
        }
        _ => None,
    };
    let Some(()) = result else {
        if parts.deadline.is_none() {
            if !out.skips(FindingCode::BoundMissing, hop.rows.len()) {
                let msg = Said::ReadMissing {
                    segment: segment.to_string(),
                };
                out.add(
                    Draft::new(FindingCode::BoundMissing, hop.rows.clone(), msg).on_hop(segment),
                );
            }
            return (Some(None), Vec::new());
        }
        return (None, Vec::new());
    };
    // The terms, in place: two at most.
    let mut terms = [None; 2];
    for (term, (t, ..)) in terms.iter_mut().zip(&used) {
        *term = *t;
    }
    let total = sum(&terms[..used.len()], !out.verdict_only());
    if out.verdict_only() {
        return (Some(total), Vec::new());
    }
    let reading = Reading::of_sum(total.as_ref().map(|(t, _)| *t));
    let mut trace_terms = Vec::with_capacity(used.len());
    trace_terms.extend(
        used.into_iter()
            .map(|(t, kind, catalog)| match (t, catalog) {
                (Some(t), Some(mut c)) => {
                    c.value_ms = reading.ms(t.time);
                    c
                }
                (Some(t), None) => trace::row_term(&t, infos, reading),
                (None, _) => trace::unknown_term(kind, &hop.rows, infos),
            }),
    );
    (Some(total), trace_terms)
}

/// The worst case of `layers` around a per-try bound `p`: each layer from the inside out,
/// `w × count + waits`.
fn layered_worst(p: Time, layers: &[Tries], out: &mut Findings) -> Time {
    let mut w = p;
    for layer in layers {
        out.steps += 1 + layer.waits_ms.len() as u64;
        if layer.count == 1 && layer.waits_ms.is_empty() {
            continue;
        }
        let waits_total = layer
            .waits_ms
            .iter()
            .fold(0u64, |a, &w| a.saturating_add(w));
        w = w.times(layer.count).add(Time::exact(waits_total));
    }
    w
}

/// Computes one hop, phase by phase: its per-try bound, its tries and their worst case, the
/// caps of a retry window and a deadline, then its wait and trace.
fn compute_hop(
    hop: &Hop,
    caller_name: &str,
    conditions: Conditions,
    (infos, sheet_margin_ms): (&[RowInfo], u64),
    defaults: &mut CatalogDefaults,
    out: &mut Findings,
) -> HopCalc {
    // A verdict-only re-check writes no formula and no trace (see `Findings::verdict_only`).
    let whole = !out.verdict_only();
    let parts = &hop.parts;
    let layers: Option<&[Tries]> = (!parts.tries_unknown).then_some(&parts.tries[..]);
    let mut calc = HopCalc::new(parts, conditions, sheet_margin_ms);
    if parts.time_bound_rows == 0 {
        return without_bounds(hop, calc, layers, out);
    }
    let connect: Connect = match parts.connect {
        None if !(parts.attempt.is_some() && parts.attempt_includes_connect) => {
            catalog_connect(hop, infos, defaults, out).map(|(t, term)| (Some(t), Some(term)))
        }
        connect => connect.map(|c| (c, None)),
    };
    // Retries only on early conditions repeat only the early phase (§4.1): it is worked out
    // before the per-try bound takes the connect bound.
    let early = match calc.conditions.early_only() {
        true => early_phase(hop, &connect, infos, whole),
        false => None,
    };
    let (per_try, per_try_terms) = per_try(hop, connect, infos, out);
    calc.per_try_terms = per_try_terms;
    let mut worst = match (&per_try, layers) {
        (Some(Some((p, p_text))), Some(layers)) => {
            calc.per_try = Some(*p);
            let mut worst = tried(hop, &mut calc, (*p, p_text), layers, early, infos, out);
            capped_by_window(hop, &mut worst, *p, infos, whole);
            worst
        }
        (Some(None), _) | (_, None) => {
            if let Some(layers) = layers {
                calc.tries = total_tries(layers);
            }
            Worst::unknown(if whole {
                Slot::Word(Word::Unreadable).text()
            } else {
                String::new()
            })
        }
        (None, Some(layers)) => {
            calc.tries = total_tries(layers);
            Worst::unknown(String::new())
        }
    };
    if let Some(layers) = layers {
        calc.layer_tries = total_tries(layers);
    }
    if whole {
        calc.tries_terms = tries_terms(hop, worst.upstreams_counted);
    }
    if let Some(deadline) = parts.deadline {
        calc.has_deadline = true;
        capped_by_deadline(
            hop,
            &calc,
            &mut worst,
            deadline,
            per_try.is_some(),
            infos,
            out,
        );
    }
    if worst.time.is_some_and(Time::is_inf) {
        unbounded(hop, caller_name, infos, out);
    }
    finish(hop, &mut calc, worst, infos, whole);
    calc
}

/// A hop without any time bound: its tries, and `bound.missing`.
fn without_bounds(
    hop: &Hop,
    mut calc: HopCalc,
    layers: Option<&[Tries]>,
    out: &mut Findings,
) -> HopCalc {
    let segment = hop.segment.as_str();
    if let Some(layers) = layers {
        calc.tries = total_tries(layers);
        calc.layer_tries = calc.tries;
    }
    if !out.skips(FindingCode::BoundMissing, hop.rows.len()) {
        let msg = Said::BoundMissing {
            segment: segment.to_string(),
        };
        out.add(Draft::new(FindingCode::BoundMissing, hop.rows.clone(), msg).on_hop(segment));
    }
    if !out.verdict_only() {
        calc.tries_terms = tries_terms(hop, false);
    }
    calc
}

/// The worst case of the tries of per-try bound `p` (`p_text` in a formula): the nested
/// layers, only the early phase where retries repeat only it (§4.1), none where nothing
/// retries, times the upstream targets. Sets the hop's tries and early phase. `early` is the
/// early phase where retries repeat only it ([`early_phase`]).
fn tried(
    hop: &Hop,
    calc: &mut HopCalc,
    (p, p_text): (Time, &String),
    layers: &[Tries],
    early: Early,
    infos: &[RowInfo],
    out: &mut Findings,
) -> Worst {
    let whole = !out.verdict_only();
    let parts = &hop.parts;
    let mut worst = Some(layered_worst(p, layers, out));
    let mut total = total_tries(layers);
    let mut upstreams_counted = false;
    let mut formula = if whole {
        layers_formula(p_text, layers)
    } else {
        String::new()
    };
    // Nothing retries (`off`): the innermost layer and the upstream targets make one
    // try; outer layers still repeat it.
    let no_retries = calc.conditions.never();
    if no_retries {
        let outer = layers.get(1..).unwrap_or_default();
        worst = Some(layered_worst(p, outer, out));
        total = total_tries(outer);
        if whole {
            formula = Slot::Word(Word::NoRetries).text();
            formula.push_str(&layers_formula(p_text, outer));
        }
    }
    // Retries only on early conditions repeat only the early phase (§4.1).
    if let Some(early) = early {
        let targets = match parts.targets() {
            Some(Some(u)) => Some(u.max(1)),
            Some(None) => None,
            None => Some(1),
        };
        let inner = layers.first().map_or(1, |l| l.count);
        match (early, targets) {
            (Some((e, e_text, e_terms)), Some(u)) if u.saturating_mul(inner) > 1 => {
                // A failed try costs at most a whole try: a send bound longer than
                // the try's read leaves the early phase at the per-try bound.
                let (e, e_text, e_terms) = if e.min(p) == e {
                    (e, e_text, e_terms)
                } else {
                    (p, p_text.clone(), calc.per_try_terms.clone())
                };
                let (w, f) = early_worst((p, p_text), (e, &e_text), u, layers, out);
                worst = Some(w);
                formula = f;
                total = total.saturating_mul(u);
                upstreams_counted = u > 1;
                calc.early = Some(e);
                calc.early_terms = e_terms;
            }
            (None, _) | (_, None) => worst = None,
            _ => {}
        }
    }
    if parts.tries_rows > MAX_NESTED_TRIES
        && !out.skips(FindingCode::TriesNestedTooDeep, parts.tries_rows)
    {
        let rows: Vec<usize> = hop
            .rows
            .iter()
            .copied()
            .filter(|&l| infos[l - 1].kind == Kind::Tries)
            .collect();
        let msg = Said::NestedTooDeep {
            segment: hop.segment.clone(),
            layers: parts.tries_rows,
            total,
        };
        out.add(Draft::new(FindingCode::TriesNestedTooDeep, rows, msg).on_hop(&hop.segment));
    }
    // A proxy with U upstream targets tries each in turn: U times the tries on one
    // target, the waits only between tries on one target.
    match parts.targets() {
        _ if calc.early.is_some() || no_retries || worst.is_none() => {}
        Some(Some(u)) if u > 1 => {
            upstreams_counted = true;
            total = total.saturating_mul(u);
            worst = worst.map(|w| w.times(u));
            if whole {
                if formula.contains(' ') {
                    formula.insert(0, '(');
                    formula.push(')');
                }
                formula.push(' ');
                Slot::Word(Word::Upstreams(u)).write(&mut formula);
            }
        }
        Some(None) => worst = None,
        _ => {}
    }
    calc.tries = total;
    if whole {
        if let (true, Some(Some(u))) = (parts.tries_span_upstreams, parts.upstreams) {
            formula.push_str(&Slot::Word(Word::AcrossUpstreams(u)).text());
        }
        formula.push_str(" = ");
        push_need_with_unit(&mut formula, worst);
    }
    Worst {
        time: worst,
        formula,
        caps: Vec::new(),
        upstreams_counted,
        deadline_alone: false,
    }
}

/// `unbounded` on a hop whose worst case is `∞`: its rows that read as no bound, or all its
/// rows when none does (a deadline of `none`).
fn unbounded(hop: &Hop, caller_name: &str, infos: &[RowInfo], out: &mut Findings) {
    let unbounded = |l: &usize| {
        let info = &infos[l - 1];
        matches!(&info.val, Val::Dur(t) if t.time.is_inf() && info.kind.is_time_bound())
    };
    let named = match hop.rows.iter().filter(|l| unbounded(l)).count() {
        0 => hop.rows.len(),
        n => n,
    };
    if out.skips(FindingCode::Unbounded, named) {
        return;
    }
    let rows: Vec<usize> = hop.rows.iter().copied().filter(unbounded).collect();
    let segment = hop.segment.as_str();
    let msg = Said::Unbounded {
        segment: segment.to_string(),
        caller: caller_name.to_string(),
    };
    let rows = if rows.is_empty() {
        hop.rows.clone()
    } else {
        rows
    };
    out.add(Draft::new(FindingCode::Unbounded, rows, msg).on_hop(segment));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::rows;
    use crate::sheet::Lang;
    use crate::sheet::Row;

    /// A row of the hop `app -> api`.
    fn row(item: &str, value: &str) -> Row {
        Row::new("app -> api", item, value)
    }

    fn calc(sheet: &[Row]) -> (HopCalc, Vec<crate::Finding>) {
        let (mut out, infos, graph) = crate::check::read_and_build(sheet);
        let calc = compute(&graph, &infos, 1_000, &mut out).remove(0);
        (calc, out.into_list(Lang::En, crate::render::words))
    }

    #[test]
    fn the_worst_case_is_per_try_times_tries_plus_waits() {
        // Golden G2: (0.5 + 3) × 3 + 0.5 + 1.0 = 12.0 s.
        let (c, findings) = calc(&[
            row("connect timeout", "0.5s"),
            row("read timeout", "3s"),
            row("tries and waits", "3 tries, waits 0.5s, 1.0s"),
        ]);
        assert_eq!(c.per_try, Some(Time::exact(3_500)));
        assert_eq!((c.tries, c.layer_tries), (3, 3));
        assert_eq!(c.worst, Some(Time::exact(12_000)));
        assert_eq!(
            crate::render::formula(Lang::En, &c.worst_text),
            "(0.5 + 3) × 3 + 0.5 + 1.0 = 12.0 s"
        );
        let wait = c.wait.unwrap();
        assert_eq!(
            (wait.term.time, wait.name),
            (Time::exact(3_000), BoundName::Read)
        );
        assert!(findings.is_empty(), "{findings:?}");
    }

    #[test]
    fn a_japanese_formula_writes_its_words_and_seconds_in_japanese() {
        let sheet = [
            row("接続タイムアウト", "0.5秒"),
            row("読み取りタイムアウト", "3秒"),
            row("試行回数と待機", "3回、待機0.5秒、1.0秒"),
            row("上流サーバー数", "2"),
            row("全体期限", "20秒"),
        ];
        let mut out = Findings::new();
        let mut infos = rows::read(&sheet, &mut out);
        let graph = Graph::build(&sheet, &mut infos, &mut out);
        let c = compute(&graph, &infos, 1_000, &mut out).remove(0);
        assert_eq!(c.worst, Some(Time::exact(20_000)));
        assert_eq!(
            crate::render::formula(Lang::Ja, &c.worst_text),
            "min(((0.5 + 3) × 3 + 0.5 + 1.0) × 上流2台 = 24.0秒, 期限 20.0秒) = 20.0秒"
        );
    }

    #[test]
    fn a_deadline_caps_the_tries_and_says_how_many_fit() {
        let (c, findings) = calc(&[
            row("connect timeout", "0.5s"),
            row("read timeout", "3s"),
            row("tries and waits", "3 tries, waits 0.5s, 1.0s"),
            row("deadline", "8s"),
        ]);
        assert_eq!(c.worst, Some(Time::exact(8_000)));
        assert_eq!(
            crate::render::formula(Lang::En, &c.worst_text),
            "min((0.5 + 3) × 3 + 0.5 + 1.0 = 12.0 s, deadline 8.0 s) = 8.0 s"
        );
        let wait = c.wait.unwrap();
        assert_eq!(
            (wait.term.time, wait.name),
            (Time::exact(8_000), BoundName::Deadline)
        );
        assert_eq!(findings.len(), 1);
        let f = &findings[0];
        assert_eq!(f.code, FindingCode::TriesCutByDeadline);
        assert_eq!(
            (f.bound_ms, f.need_ms, f.short_by_ms, f.tries_that_fit),
            (Some(8_000), Some(12_000), Some(4_000), Some(2))
        );
    }

    #[test]
    fn upstream_targets_multiply_the_tries_on_one_target() {
        // connect 5 s, read 60 s, 2 tries waiting 1 s, 3 targets: ((5 + 60) × 2 + 1) × 3.
        let (c, _) = calc(&[
            row("connect timeout", "5s"),
            row("read timeout", "60s"),
            row("tries and waits", "2 tries, waits 1s"),
            row("upstream servers", "3"),
        ]);
        assert_eq!(c.worst, Some(Time::exact(393_000)));
        assert_eq!((c.tries, c.layer_tries), (6, 2));
    }

    #[test]
    fn a_hop_without_a_timeout_is_bound_missing() {
        let (c, findings) = calc(&[row("tries and waits", "2 tries")]);
        assert_eq!((c.worst, c.tries), (None, 2));
        assert_eq!(findings[0].code, FindingCode::BoundMissing);
        assert_eq!(findings[0].hop.as_deref(), Some("app -> api"));
    }

    #[test]
    fn a_none_deadline_is_no_bound_the_read_timeout_is_the_wait() {
        let (c, findings) = calc(&[
            row("connect timeout", "1s"),
            row("read timeout", "5s"),
            row("deadline", "none"),
        ]);
        assert_eq!(c.worst, Some(Time::exact(6_000)));
        let wait = c.wait.unwrap();
        assert_eq!(
            (wait.term.time, wait.name),
            (Time::exact(5_000), BoundName::Read)
        );
        assert!(findings.is_empty(), "{findings:?}");
    }

    #[test]
    fn tries_that_fit_follow_golden_g3() {
        assert_eq!(tries_that_fit(4_500, 2_000, &[300], u32::MAX), 2);
        assert_eq!(tries_that_fit(4_000, 1_500, &[500], u32::MAX), 2);
        assert_eq!(tries_that_fit(1_900, 2_000, &[], u32::MAX), 0);
        assert_eq!(tries_that_fit(0, 0, &[], 7), 7);
    }
}

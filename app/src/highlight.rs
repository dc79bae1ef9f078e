//! The rows behind the report's numbers, and the grid rows lit by the number the user points
//! at: hovering or focusing a number of the report highlights the rows it comes from.
//! The rows come from the engine ([`budget::RowsBehind`]), once per report, in a memo;
//! the tables and the grid share them, and the rows lit, through [`Highlight`], a context
//! the sheet page provides. A small shared type in its own module, like [`crate::hydrated`],
//! so that the report's components and the grid do not import each other.

use budget::display::FindingNumber;
use budget::{Finding, HopReport, NodeReport, Report, RowsBehind, TraceTerm};
use leptos::prelude::*;

/// The rows behind the numbers of a node's row in the nodes table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NodeRows {
    /// Its need (`trace.need`).
    pub need: Vec<usize>,
    /// Its deadline (`trace.deadline`).
    pub deadline: Vec<usize>,
    /// Its slack, deadline − need: the rows of both (none unless both have terms).
    pub slack: Vec<usize>,
}

/// The rows behind the numbers of a hop's row in the hops table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HopRows {
    /// Its per-try bound (`trace.per_try`).
    pub per_try: Vec<usize>,
    /// Its tries (`trace.tries`).
    pub tries: Vec<usize>,
    /// Its worst case (`trace.worst`).
    pub worst: Vec<usize>,
    /// Its wait (`trace.wait`).
    pub wait: Vec<usize>,
    /// The callee's worst case: the term of its need taken from the callee.
    pub callee_worst: Vec<usize>,
    /// Its slack, wait − need: the rows of both (none unless both have terms).
    pub slack: Vec<usize>,
}

/// The rows behind a finding's durations in its numbers line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FindingRows {
    /// Its bound (`trace.bound`).
    pub bound: Vec<usize>,
    /// Its need (`trace.need`).
    pub need: Vec<usize>,
    /// How much the bound falls short, need − bound: the rows of both (none unless both
    /// have terms).
    pub short_by: Vec<usize>,
}

impl FindingRows {
    /// The rows behind `number`.
    pub fn of(&self, number: FindingNumber) -> &[usize] {
        match number {
            FindingNumber::Bound => &self.bound,
            FindingNumber::Need => &self.need,
            FindingNumber::ShortBy => &self.short_by,
        }
    }
}

/// The rows behind every number the report shows, in the report's order: `nodes[i]` for
/// `report.nodes[i]`, and so on. Lines are data rows counted from 1, sorted, each once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NumberRows {
    /// One per node.
    pub nodes: Vec<NodeRows>,
    /// One per hop.
    pub hops: Vec<HopRows>,
    /// One per finding.
    pub findings: Vec<FindingRows>,
}

impl NumberRows {
    /// Asks the engine for the rows behind each number of `report`.
    pub fn of(report: &Report) -> NumberRows {
        let behind = RowsBehind::new(report);
        NumberRows {
            nodes: report.nodes.iter().map(|n| node_rows(&behind, n)).collect(),
            hops: report.hops.iter().map(|h| hop_rows(&behind, h)).collect(),
            findings: report
                .findings
                .iter()
                .map(|f| finding_rows(&behind, f))
                .collect(),
        }
    }
}

/// The rows behind a difference `a − b` (a slack, a shortfall): those of both numbers, or none
/// when either has no terms (no slack is shown without a bound, or without a need).
fn difference(behind: &RowsBehind, a: &[TraceTerm], b: &[TraceTerm]) -> Vec<usize> {
    if a.is_empty() || b.is_empty() {
        Vec::new()
    } else {
        behind.of(a.iter().chain(b))
    }
}

fn node_rows(behind: &RowsBehind, node: &NodeReport) -> NodeRows {
    let t = &node.trace;
    NodeRows {
        need: behind.of(&t.need),
        deadline: behind.of(&t.deadline),
        slack: difference(behind, &t.deadline, &t.need),
    }
}

fn hop_rows(behind: &RowsBehind, hop: &HopReport) -> HopRows {
    let t = &hop.trace;
    let from_callee = |term: &&TraceTerm| {
        term.from
            .as_ref()
            .is_some_and(|from| from.node.as_deref() == Some(hop.callee.as_str()))
    };
    HopRows {
        per_try: behind.of(&t.per_try),
        tries: behind.of(&t.tries),
        worst: behind.of(&t.worst),
        wait: behind.of(&t.wait),
        callee_worst: behind.of(t.need.iter().filter(from_callee)),
        slack: difference(behind, &t.wait, &t.need),
    }
}

fn finding_rows(behind: &RowsBehind, finding: &Finding) -> FindingRows {
    let t = &finding.trace;
    FindingRows {
        bound: behind.of(&t.bound),
        need: behind.of(&t.need),
        short_by: difference(behind, &t.need, &t.bound),
    }
}

/// The highlight of the sheet page: the rows behind every number of the latest report, and
/// the rows lit now, those of the number under the pointer, else of the number that has the
/// focus (so that moving the pointer away shows the focused number's rows again). Provided
/// as context by the sheet page; without it the numbers are plain text.
#[derive(Clone, Copy, Debug)]
pub struct Highlight {
    numbers: Memo<NumberRows>,
    hovered: RwSignal<Option<Vec<usize>>>,
    focused: RwSignal<Option<Vec<usize>>>,
    lit: Memo<Vec<usize>>,
}

impl Highlight {
    /// Creates the highlight of `report` and provides it as context to the components below.
    pub fn provide(report: Signal<Report>) -> Highlight {
        let hovered = RwSignal::new(None::<Vec<usize>>);
        let focused = RwSignal::new(None::<Vec<usize>>);
        let highlight = Highlight {
            numbers: Memo::new(move |_| report.with(NumberRows::of)),
            hovered,
            focused,
            lit: Memo::new(move |_| {
                hovered
                    .get()
                    .or_else(move || focused.get())
                    .unwrap_or_default()
            }),
        };
        provide_context(highlight);
        highlight
    }

    /// The highlight the sheet page provides, if any.
    pub fn from_context() -> Option<Highlight> {
        use_context::<Highlight>()
    }

    /// The rows behind every number of the latest report.
    pub fn numbers(&self) -> Memo<NumberRows> {
        self.numbers
    }

    /// Whether grid row `line` is lit (tracked: call where the view reacts).
    pub fn is_lit(&self, line: usize) -> bool {
        self.lit.with(|rows| rows.binary_search(&line).is_ok())
    }

    /// The pointer is over a number made of `rows` (`None`: it left).
    pub fn hover(&self, rows: Option<Vec<usize>>) {
        self.hovered.set(rows);
    }

    /// A number made of `rows` has the focus (`None`: it lost it).
    pub fn focus(&self, rows: Option<Vec<usize>>) {
        self.focused.set(rows);
    }

    /// The pointer moved onto `target` (a `mouseover`'s): lights the rows of the number or
    /// picture part it is in, or none outside one. One listener on a whole report or
    /// picture serves every number in it ([`rows_at`]).
    pub fn point_at(&self, target: Option<web_sys::EventTarget>) {
        self.hover(rows_at(target));
    }

    /// The focus moved into `target` (a `focusin`'s): lights the rows of the number or part
    /// it is in, or none outside one.
    pub fn focus_at(&self, target: Option<web_sys::EventTarget>) {
        self.focus(rows_at(target));
    }
}

/// The listeners of an element around traced numbers or picture parts (`on:mouseover`,
/// `on:mouseout`, `on:focusin`, `on:focusout`), in that order: they light the rows of what
/// the pointer or the focus is on ([`Highlight::point_at`], [`Highlight::focus_at`]) and
/// put them out when it leaves; without a highlight they do nothing.
#[allow(clippy::type_complexity)]
pub fn listeners(
    highlight: Option<Highlight>,
) -> (
    impl Fn(leptos::ev::MouseEvent) + Copy + 'static,
    impl Fn(leptos::ev::MouseEvent) + Copy + 'static,
    impl Fn(leptos::ev::FocusEvent) + Copy + 'static,
    impl Fn(leptos::ev::FocusEvent) + Copy + 'static,
) {
    let over = move |ev: leptos::ev::MouseEvent| {
        if let Some(h) = highlight {
            h.point_at(ev.target());
        }
    };
    let out = move |_: leptos::ev::MouseEvent| {
        if let Some(h) = highlight {
            h.hover(None);
        }
    };
    let focus = move |ev: leptos::ev::FocusEvent| {
        if let Some(h) = highlight {
            h.focus_at(ev.target());
        }
    };
    let blur = move |_: leptos::ev::FocusEvent| {
        if let Some(h) = highlight {
            h.focus(None);
        }
    };
    (over, out, focus, blur)
}

/// The rows of the number or picture part at `target`: the `data-rows` (`"6 7 8"`, lines
/// counted from 1) of the element or its nearest ancestor that has one; `None` outside one,
/// or where it lists no rows.
pub fn rows_at(target: Option<web_sys::EventTarget>) -> Option<Vec<usize>> {
    use wasm_bindgen::JsCast;
    let element = target?.dyn_into::<web_sys::Element>().ok()?;
    let part = element.closest("[data-rows]").ok()??;
    let rows = parse_rows(&part.get_attribute("data-rows")?);
    (!rows.is_empty()).then_some(rows)
}

/// The lines of a `data-rows` attribute: the numbers separated by white space, anything
/// else skipped.
fn parse_rows(attribute: &str) -> Vec<usize> {
    attribute
        .split_whitespace()
        .filter_map(|n| n.parse().ok())
        .collect()
}

/// The `data-rows` attribute of `rows` (`"6 7 8"`), as [`rows_at`] reads it.
pub fn rows_attribute(rows: &[usize]) -> String {
    rows.iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Golden G2 checked by the engine: the external API's read timeout 3 s (row 7) and 3
    /// tries, waits 0.5 s and 1.0 s (row 8).
    fn g2() -> Report {
        let mut rows = budget::tsv::import(budget::example::RESERVATION_EN)
            .expect("the example reads")
            .rows;
        rows[6].value = "3s".into();
        rows[7].value = "3 tries, waits 0.5s, 1.0s".into();
        budget::check(&budget::Sheet::new(budget::Lang::En, rows))
    }

    #[test]
    fn the_rows_attribute_reads_back() {
        assert_eq!(rows_attribute(&[4, 5, 10]), "4 5 10");
        assert_eq!(parse_rows(&rows_attribute(&[4, 5, 10])), [4, 5, 10]);
        assert_eq!(rows_attribute(&[]), "");
        assert_eq!(parse_rows(" 6\t7  x 8 "), [6, 7, 8]);
    }

    #[test]
    fn every_number_of_g2_names_the_rows_it_comes_from() {
        let report = g2();
        let numbers = NumberRows::of(&report);
        let app = report.nodes.iter().position(|n| n.name == "app").unwrap();
        assert_eq!(
            numbers.nodes[app],
            NodeRows {
                need: vec![5, 6, 7, 8, 9, 10],
                deadline: vec![4],
                slack: vec![4, 5, 6, 7, 8, 9, 10],
            }
        );
        let lb_app = report
            .hops
            .iter()
            .position(|h| h.segment == "LB -> app")
            .unwrap();
        assert_eq!(
            numbers.hops[lb_app],
            HopRows {
                per_try: vec![2, 3],
                tries: vec![],
                worst: vec![2, 3],
                wait: vec![3],
                callee_worst: vec![4],
                slack: vec![3, 4],
            }
        );
        let to_api = report
            .hops
            .iter()
            .position(|h| h.segment == "app -> external API")
            .unwrap();
        // Unchecked (the external API has no rows): no need, so no slack to trace.
        assert_eq!(
            numbers.hops[to_api],
            HopRows {
                per_try: vec![6, 7],
                tries: vec![8],
                worst: vec![6, 7, 8],
                wait: vec![7],
                callee_worst: vec![],
                slack: vec![],
            }
        );
        // The browser declares no deadline: its need has rows, its slack none.
        assert_eq!(
            numbers.nodes[0],
            NodeRows {
                need: vec![1],
                deadline: vec![],
                slack: vec![],
            }
        );
        assert_eq!(report.findings[0].code, "inversion.node");
        assert_eq!(
            numbers.findings[0],
            FindingRows {
                bound: vec![4],
                need: vec![5, 6, 7, 8, 9, 10],
                short_by: vec![4, 5, 6, 7, 8, 9, 10],
            }
        );
        assert_eq!(
            numbers.findings[0].of(FindingNumber::Need),
            [5, 6, 7, 8, 9, 10]
        );
    }
}

//! Stage 2, graph: the nodes and hops the segments name (`budget-model.md` §2), what each
//! hop's and node's rows say gathered by kind, each node's calls (one hop, or the hops of one
//! parallel group), the outermost nodes, and the call cycles.
//!
//! Input: the sheet's rows and their [`RowInfo`]s. Output: a [`Graph`], and the findings
//! `segment.malformed` and `graph.cycle`.

use crate::map::Map;

use crate::code::FindingCode;
use crate::kind::Kind;
use crate::retry_on::RetryOn;
use crate::said::{Note, RowSaid, Said};
use crate::sheet::Row;
use crate::value::{Idem, Tries};

use super::findings::{Draft, Findings, Place};
use super::limits::{BRIEF_ROWS, MAX_NESTED_TRIES};
use super::rows::{RowInfo, Term, Val};
use super::segment::{read_segment, Segment};

/// A bound of one kind on a hop or node: not given (`None`), given but unknown
/// (`Some(None)`), or known (`Some(Some(term))`).
pub(crate) type Slot = Option<Option<Term>>;

/// Keeps the earlier (smaller) of two bounds of one kind; an unknown one makes it unknown.
fn keep_min(slot: &mut Slot, new: Option<Term>) {
    *slot = Some(match (slot.take(), new) {
        (None, new) => new,
        (Some(None), _) | (_, None) => None,
        (Some(Some(a)), Some(b)) => Some(if b.time.min(a.time) == b.time { b } else { a }),
    });
}

/// Whether a slot holds a real bound: known and finite, or unknown. An explicitly unbounded
/// value (`none`, `disabled`) is no bound.
pub(crate) fn bounds(slot: Slot) -> bool {
    match slot {
        Some(Some(t)) => !t.time.is_inf(),
        Some(None) => true,
        None => false,
    }
}

/// What one hop's rows say, gathered by kind.
#[derive(Clone, Default)]
pub(crate) struct HopParts {
    pub(crate) connect: Slot,
    pub(crate) read: Slot,
    /// The send timeout: not summed into a try, but part of its early phase when a retry
    /// condition is `header-send` (§4.1).
    pub(crate) send: Slot,
    /// `attempt` or `statement`: the bound on one try.
    pub(crate) attempt: Slot,
    /// The catalog says the attempt bound already includes connecting.
    pub(crate) attempt_includes_connect: bool,
    pub(crate) deadline: Slot,
    pub(crate) margin: Slot,
    /// The tries layers in sheet order, inner first (moved here from their rows).
    pub(crate) tries: Vec<Tries>,
    /// A tries row could not be read: the tries are unknown.
    pub(crate) tries_unknown: bool,
    /// The hop has a tries row.
    pub(crate) has_tries: bool,
    /// How many tries rows the hop has.
    pub(crate) tries_rows: usize,
    /// The lines of its tries rows, read or not, in sheet order.
    pub(crate) tries_lines: Vec<usize>,
    /// Rows of a time-bound kind with a value (known or not).
    pub(crate) time_bound_rows: usize,
    /// `statement` alone, and `lock`, with their lines (for `lock.not_below_statement`).
    pub(crate) statement: Option<(usize, Term)>,
    pub(crate) lock: Option<(usize, Term)>,
    pub(crate) upstreams: Option<Option<u32>>,
    /// The line of its upstreams row.
    pub(crate) upstreams_line: Option<usize>,
    /// Its innermost tries layer already counts tries across the upstream targets (nginx
    /// `proxy_next_upstream_tries`): the targets do not multiply it.
    pub(crate) tries_span_upstreams: bool,
    pub(crate) retry_window: Slot,
    /// The hop's first retry-conditions row: its conditions, or `None` when unreadable.
    pub(crate) retry_on: Option<Option<RetryOn>>,
    /// The line of that row.
    pub(crate) retry_on_line: Option<usize>,
    pub(crate) visibility: Slot,
    pub(crate) queueing: Slot,
    pub(crate) idem: Option<Idem>,
    /// The group it is in: a parallel group or a route group ([`Kind::Parallel`],
    /// [`Kind::Routes`]) and its name; at most one.
    pub(crate) group: Option<(Kind, String)>,
    /// The line of the row that put it in its group.
    pub(crate) group_line: usize,
}

/// A hop: caller → callee, and what its rows say.
#[derive(Clone)]
pub(crate) struct Hop {
    /// The segment as written (trimmed, its first row's).
    pub(crate) segment: String,
    pub(crate) caller: usize,
    pub(crate) callee: usize,
    /// Lines of its rows.
    pub(crate) rows: Vec<usize>,
    pub(crate) parts: HopParts,
    /// For a hop of more than [`BRIEF_ROWS`] rows, the rows a finding elsewhere names for it
    /// ([`Hop::brief_rows`]); `None` for a smaller hop, whose rows are named all.
    brief: Option<Vec<usize>>,
    /// The hop's first tries and upstreams rows, at most [`MAX_NESTED_TRIES`]: the rows a
    /// `retry.amplification` finding names for it.
    pub(crate) retry_rows: Vec<usize>,
}

impl HopParts {
    /// The upstream targets that multiply the tries: the upstreams row's count, or 1 when the
    /// innermost tries layer already spans them (`tries_span_upstreams`).
    pub(crate) fn targets(&self) -> Option<Option<u32>> {
        if self.tries_span_upstreams {
            Some(Some(1))
        } else {
            self.upstreams
        }
    }
}

impl Hop {
    /// The rows a finding elsewhere names for this hop (an inversion whose fix cuts its
    /// tries): all of them, or for a hop of more than [`BRIEF_ROWS`] rows its tries rows and
    /// its first other rows, [`BRIEF_ROWS`] in all.
    pub(crate) fn brief_rows(&self) -> &[usize] {
        self.brief.as_deref().unwrap_or(&self.rows)
    }

    /// The tries layers, inner first; none when a tries row could not be read.
    pub(crate) fn layers(&self) -> &[Tries] {
        if self.parts.tries_unknown {
            &[]
        } else {
            &self.parts.tries
        }
    }
}

/// One term of a node's inner need: a hop it calls, or the hops of one parallel group or
/// route group, of which the longest counts.
#[derive(Clone)]
pub(crate) struct Call {
    /// The hops, in sheet order.
    pub(crate) hops: Vec<usize>,
    /// The hops are the routes of one route group (alternatives), not a parallel group.
    pub(crate) routes: bool,
}

/// A node: a segment end or a segment without an arrow, and what its own rows say.
#[derive(Clone)]
pub(crate) struct Node {
    /// The name as written (trimmed).
    pub(crate) name: String,
    /// Lines of its own rows.
    pub(crate) rows: Vec<usize>,
    /// The hops it calls, in order of first appearance.
    pub(crate) hops_out: Vec<usize>,
    /// The terms of its inner need: each hop it calls outside a parallel group, in order, then
    /// each parallel group, in order of first appearance.
    pub(crate) calls: Vec<Call>,
    /// Its own processing time (the sum of its `own` rows).
    pub(crate) own: Option<Term>,
    /// Lines of its `own` rows.
    pub(crate) own_rows: Vec<usize>,
    /// An `own` row could not be read.
    pub(crate) own_unknown: bool,
    /// Its margin row.
    pub(crate) margin: Option<Term>,
    /// Its deadline (or per-try bound) on each incoming request.
    pub(crate) deadline: Slot,
    /// It cuts each try to the time left of its deadline.
    pub(crate) propagates: bool,
    /// Some hop calls it.
    pub(crate) called: bool,
}

impl Node {
    /// Whether anything counts in its need: calls, own time or a margin.
    pub(crate) fn has_content(&self) -> bool {
        !self.hops_out.is_empty() || self.own.is_some() || self.own_unknown || self.margin.is_some()
    }

    /// Its declared deadline when known and finite (`none` is no deadline).
    pub(crate) fn finite_deadline(&self) -> Option<Term> {
        match self.deadline {
            Some(Some(d)) if !d.time.is_inf() => Some(d),
            _ => None,
        }
    }
}

/// The nodes and hops of a sheet.
pub(crate) struct Graph {
    /// In order of first appearance.
    pub(crate) nodes: Vec<Node>,
    /// In order of first appearance.
    pub(crate) hops: Vec<Hop>,
    /// The nodes no hop calls, in order.
    pub(crate) outermost: Vec<usize>,
    /// Each row's hop or node.
    pub(crate) place: Vec<Place>,
    /// The call cycles: each the hops of one cycle, in order from its first node.
    pub(crate) cycles: Vec<Vec<usize>>,
}

impl Graph {
    /// The graph of `rows`, whose values `infos` are; each tries row's layer moves to its
    /// hop (its waits are kept once, however many the hop has).
    pub(crate) fn build(rows: &[Row], infos: &mut [RowInfo], out: &mut Findings) -> Graph {
        let mut b = Builder::with_capacity(rows.len());
        let mut place = Vec::with_capacity(rows.len());
        let mut malformed_notes: Vec<(usize, RowSaid)> = Vec::new();
        // The previous row's segment and place: a hop's or node's rows are mostly written
        // one after another, and a segment written as the one before names what it named.
        let mut previous: Option<(&str, Place)> = None;
        for (i, row) in rows.iter().enumerate() {
            let line = i + 1;
            let p = match previous {
                Some((segment, p @ (Place::Hop(_) | Place::Node(_)))) if segment == row.segment => {
                    p
                }
                _ => match read_segment(&row.segment) {
                    Segment::None => Place::Nowhere,
                    Segment::Malformed(_) if out.skips(FindingCode::SegmentMalformed, 1) => {
                        Place::Nowhere
                    }
                    Segment::Malformed(what) => {
                        let said = RowSaid::SegmentMalformed {
                            line,
                            segment: row.segment.trim().to_string(),
                            what,
                        };
                        malformed_notes.push((i, said.clone()));
                        out.add(Draft::new(
                            FindingCode::SegmentMalformed,
                            vec![line],
                            Said::Row(said),
                        ));
                        Place::Nowhere
                    }
                    Segment::Node(name) => Place::Node(b.node(name)),
                    Segment::Hop(caller, callee) => {
                        Place::Hop(b.hop(row.segment.trim(), caller, callee))
                    }
                },
            };
            match p {
                Place::Node(n) => b.add_node_row(n, line, &infos[i]),
                Place::Hop(h) => {
                    if let Some((kind, name, first)) = b.add_hop_row(h, line, &mut infos[i]) {
                        // A hop is in at most one group: the second row that names one
                        // cannot be read.
                        let said = RowSaid::SecondGroup {
                            line,
                            segment: row.segment.trim().to_string(),
                            kind,
                            name,
                            first,
                        };
                        infos[i].note = Some(Box::new(Note::Said(said.clone())));
                        infos[i].val = Val::Unknown;
                        out.add(Draft::new(
                            FindingCode::ValueUnreadable,
                            vec![line],
                            Said::Row(said),
                        ));
                    }
                }
                Place::Nowhere => {}
            }
            previous = Some((row.segment.as_str(), p));
            place.push(p);
        }
        // A row whose segment names no hop says why beside it, unless its value already does.
        for (i, said) in malformed_notes {
            infos[i]
                .note
                .get_or_insert_with(|| Box::new(Note::Said(said)));
        }
        let Builder {
            mut nodes,
            mut hops,
            ..
        } = b;
        for hop in &mut hops {
            span_upstreams(hop, infos);
            choose_named_rows(hop, infos);
            nodes[hop.callee].called = true;
        }
        for node in &mut nodes {
            node.calls = calls_of(node, &hops);
        }
        let outermost = (0..nodes.len()).filter(|&n| !nodes[n].called).collect();
        let mut graph = Graph {
            nodes,
            hops,
            outermost,
            place,
            cycles: Vec::new(),
        };
        graph.cycles = cycles(&graph, out);
        for cycle in &graph.cycles {
            report_cycle(&graph, cycle, out);
        }
        graph
    }
}

/// Builds the nodes and hops, finding each by name in constant time.
struct Builder<'a> {
    nodes: Vec<Node>,
    node_index: Map<&'a str, usize>,
    hops: Vec<Hop>,
    hop_index: Map<(usize, usize), usize>,
}

impl<'a> Builder<'a> {
    /// Room for the nodes and hops of `rows` rows: each row names at most one hop, and the
    /// nodes of a sheet are rarely more than its rows, so the lists are seldom copied as they
    /// grow.
    fn with_capacity(rows: usize) -> Self {
        Builder {
            nodes: Vec::with_capacity(rows),
            node_index: Map::with_capacity_and_hasher(rows, Default::default()),
            hops: Vec::with_capacity(rows),
            hop_index: Map::with_capacity_and_hasher(rows, Default::default()),
        }
    }

    fn node(&mut self, name: &'a str) -> usize {
        if let Some(&n) = self.node_index.get(name) {
            return n;
        }
        self.nodes.push(Node {
            name: name.to_string(),
            rows: vec![],
            hops_out: vec![],
            calls: vec![],
            own: None,
            own_rows: vec![],
            own_unknown: false,
            margin: None,
            deadline: None,
            propagates: false,
            called: false,
        });
        self.node_index.insert(name, self.nodes.len() - 1);
        self.nodes.len() - 1
    }

    fn hop(&mut self, segment: &str, caller: &'a str, callee: &'a str) -> usize {
        let (a, b) = (self.node(caller), self.node(callee));
        if let Some(&h) = self.hop_index.get(&(a, b)) {
            return h;
        }
        self.hops.push(Hop {
            segment: segment.to_string(),
            caller: a,
            callee: b,
            rows: vec![],
            parts: HopParts::default(),
            brief: None,
            retry_rows: vec![],
        });
        let h = self.hops.len() - 1;
        self.nodes[a].hops_out.push(h);
        self.hop_index.insert((a, b), h);
        h
    }

    fn add_node_row(&mut self, n: usize, line: usize, info: &RowInfo) {
        let node = &mut self.nodes[n];
        node.rows.push(line);
        add_node_value(node, line, info);
    }

    /// Adds row `line` to hop `h`. Returns the group the hop is already in (its kind, name
    /// and line) when the row names another.
    fn add_hop_row(
        &mut self,
        h: usize,
        line: usize,
        info: &mut RowInfo,
    ) -> Option<(Kind, String, usize)> {
        let hop = &mut self.hops[h];
        hop.rows.push(line);
        add_hop_value(hop, line, info)
    }
}

/// Adds what row `line` of `node` says (`info`) to its own time, margin, deadline and
/// propagation.
fn add_node_value(node: &mut Node, line: usize, info: &RowInfo) {
    let term = info.term();
    let unknown = matches!(info.val, Val::Unknown);
    if let Val::Flag(yes) = info.val {
        node.propagates |= yes && info.kind == Kind::Propagation;
    }
    match info.kind {
        Kind::Own => {
            node.own_unknown |= unknown;
            node.own_rows.push(line);
            if let Some(t) = term {
                node.own = Some(match node.own {
                    Some(o) => Term {
                        time: o.time.add(t.time),
                        decimals: o.decimals.max(t.decimals),
                        line: o.line,
                    },
                    None => t,
                });
            }
        }
        Kind::Margin => node.margin = term.or(node.margin),
        Kind::Deadline | Kind::Attempt if unknown || term.is_some() => {
            keep_min(&mut node.deadline, term);
        }
        _ => {}
    }
}

/// Adds what row `line` of `hop` says (`info`) to its parts; a tries row's layer moves to the
/// hop. Returns the group the hop is already in (its kind, name and line) when the row names
/// another.
fn add_hop_value(hop: &mut Hop, line: usize, info: &mut RowInfo) -> Option<(Kind, String, usize)> {
    let parts = &mut hop.parts;
    let term = match &info.val {
        Val::Dur(t) => Some(Some(*t)),
        Val::Unknown => Some(None),
        _ => None,
    };
    if info.kind.is_time_bound() && term.is_some() {
        parts.time_bound_rows += 1;
    }
    if let Some(term) = term {
        match info.kind {
            Kind::Connect => keep_min(&mut parts.connect, term),
            Kind::Read => keep_min(&mut parts.read, term),
            Kind::Send => keep_min(&mut parts.send, term),
            Kind::Attempt | Kind::Statement => {
                keep_min(&mut parts.attempt, term);
                parts.attempt_includes_connect |= info.entry.is_some_and(|e| e.includes_connect);
            }
            Kind::Deadline => keep_min(&mut parts.deadline, term),
            Kind::Margin => parts.margin = Some(term),
            Kind::RetryWindow => keep_min(&mut parts.retry_window, term),
            Kind::Visibility => keep_min(&mut parts.visibility, term),
            Kind::Queueing => keep_min(&mut parts.queueing, term),
            _ => {}
        }
        if let Some(t) = term {
            match info.kind {
                Kind::Statement => parts.statement = Some((line, t)),
                Kind::Lock => parts.lock = Some((line, t)),
                _ => {}
            }
        }
    }
    match (&mut info.val, info.kind) {
        (Val::Tries(t), Kind::Tries) => {
            // The layer moves to the hop: the row keeps its count, not its waits.
            parts.tries.push(Tries {
                count: t.count,
                waits_ms: std::mem::take(&mut t.waits_ms),
                wait_decimals: std::mem::take(&mut t.wait_decimals),
                waits_assumed: t.waits_assumed,
                waits_dropped: t.waits_dropped,
            });
            parts.has_tries = true;
            parts.tries_rows += 1;
            parts.tries_lines.push(line);
        }
        (Val::Unknown, Kind::Tries) => {
            parts.tries_unknown = true;
            parts.has_tries = true;
            parts.tries_rows += 1;
            parts.tries_lines.push(line);
        }
        (Val::Count(n), Kind::Upstreams) => {
            parts.upstreams = Some(Some(*n));
            parts.upstreams_line = Some(line);
        }
        (Val::Unknown, Kind::Upstreams) => {
            parts.upstreams = Some(None);
            parts.upstreams_line = Some(line);
        }
        (Val::RetryOn(on), Kind::RetryOn) if parts.retry_on.is_none() => {
            parts.retry_on = Some(Some(on.clone()));
            parts.retry_on_line = Some(line);
        }
        (Val::Unknown, Kind::RetryOn) if parts.retry_on.is_none() => {
            parts.retry_on = Some(None);
            parts.retry_on_line = Some(line);
        }
        (Val::Idem(i), _) => parts.idem = Some(*i),
        (Val::Group(g), kind @ (Kind::Parallel | Kind::Routes)) => match &parts.group {
            None => {
                parts.group = Some((kind, g.clone()));
                parts.group_line = line;
            }
            Some((k, name)) if *k == kind && name == g => {}
            Some((k, name)) => return Some((*k, name.clone(), parts.group_line)),
        },
        _ => {}
    }
    None
}

impl Hop {
    /// Adds its rows again from `infos`, each read afresh, as [`Graph::build`] does: its parts
    /// are rebuilt, each tries row's layer moves out of its info, and a row that names a
    /// second group cannot be read. What depends on segments and kinds alone (its rows, the
    /// rows findings name) stays. Returns the parts it had: the rest of it is unchanged.
    pub(crate) fn rebuild(&mut self, infos: &mut [RowInfo]) -> HopParts {
        let old = std::mem::take(&mut self.parts);
        for i in 0..self.rows.len() {
            let line = self.rows[i];
            if add_hop_value(self, line, &mut infos[line - 1]).is_some() {
                infos[line - 1].val = Val::Unknown;
            }
        }
        span_upstreams(self, infos);
        old
    }
}

impl Node {
    /// Adds its own rows again from `infos`, as [`Graph::build`] does: its own time, margin,
    /// deadline and propagation are rebuilt; its calls stay.
    pub(crate) fn rebuild(&mut self, infos: &[RowInfo]) {
        self.own = None;
        self.own_rows.clear();
        self.own_unknown = false;
        self.margin = None;
        self.deadline = None;
        self.propagates = false;
        for i in 0..self.rows.len() {
            let line = self.rows[i];
            add_node_value(self, line, &infos[line - 1]);
        }
    }
}

/// A tries row of a product whose retries go to the next upstream server (nginx
/// `proxy_next_upstream_tries`, see
/// [`Entry::retries_only_on_other_upstreams`](crate::catalog::Entry::retries_only_on_other_upstreams))
/// counts tries across the hop's upstream targets, each tried once: with U targets and a
/// limit of T it is min(T, U) tries in all, not T on each. Its layer becomes that count and
/// the targets no longer multiply it.
fn span_upstreams(hop: &mut Hop, infos: &[RowInfo]) {
    let parts = &mut hop.parts;
    let Some(Some(u)) = parts.upstreams else {
        return;
    };
    let spanning = parts.tries_lines.first().is_some_and(|&l| {
        infos[l - 1]
            .entry
            .is_some_and(|e| e.retries_only_on_other_upstreams())
    });
    if !spanning || parts.tries_unknown {
        return;
    }
    if let Some(inner) = parts.tries.first_mut() {
        inner.count = inner.count.min(u);
        parts.tries_span_upstreams = true;
    }
}

/// Chooses the rows other findings name for a hop, once.
fn choose_named_rows(hop: &mut Hop, infos: &[RowInfo]) {
    let kind = |l: usize| infos[l - 1].kind;
    hop.retry_rows = hop
        .rows
        .iter()
        .copied()
        .filter(|&l| matches!(kind(l), Kind::Tries | Kind::Upstreams))
        .take(MAX_NESTED_TRIES)
        .collect();
    hop.brief = if hop.rows.len() <= BRIEF_ROWS {
        None
    } else {
        let tries: Vec<usize> = hop
            .rows
            .iter()
            .copied()
            .filter(|&l| kind(l) == Kind::Tries)
            .take(BRIEF_ROWS)
            .collect();
        let others = hop
            .rows
            .iter()
            .copied()
            .filter(|&l| kind(l) != Kind::Tries)
            .take(BRIEF_ROWS - tries.len());
        let mut brief: Vec<usize> = tries.iter().copied().chain(others).collect();
        brief.sort_unstable();
        Some(brief)
    };
}

/// A node's calls: each hop outside a group, then each parallel or route group in order of
/// first appearance, found by kind and name in constant time (a parallel group and a route
/// group of one name are two groups).
fn calls_of(node: &Node, hops: &[Hop]) -> Vec<Call> {
    // A call per hop at most: the groups join the singles without the list growing.
    let mut singles = Vec::with_capacity(node.hops_out.len());
    let mut groups: Vec<Call> = Vec::new();
    let mut group_index: Map<(Kind, &str), usize> = Map::default();
    for &h in &node.hops_out {
        match &hops[h].parts.group {
            Some((kind, g)) => match group_index.get(&(*kind, g.as_str())) {
                Some(&k) => groups[k].hops.push(h),
                None => {
                    group_index.insert((*kind, g), groups.len());
                    groups.push(Call {
                        hops: vec![h],
                        routes: *kind == Kind::Routes,
                    });
                }
            },
            None => singles.push(Call {
                hops: vec![h],
                routes: false,
            }),
        }
    }
    singles.extend(groups);
    singles
}

/// The call cycles of a graph, in time linear in its hops: its strongly connected components
/// (Tarjan's, without recursion) that hold more than one node or a hop from a node to itself,
/// each as one cycle through its first node (the shortest, found breadth-first within the
/// component).
fn cycles(graph: &Graph, out: &mut Findings) -> Vec<Vec<usize>> {
    let n = graph.nodes.len();
    const NONE: usize = usize::MAX;
    let mut index = vec![NONE; n];
    let mut low = vec![0usize; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<usize> = Vec::new();
    let mut component = vec![NONE; n];
    // The components' members, one component after another (most are one node alone), and
    // where each component's members end.
    let mut members: Vec<usize> = Vec::with_capacity(n);
    let mut ends: Vec<usize> = Vec::new();
    let mut next_index = 0;
    for start in 0..n {
        if index[start] != NONE {
            continue;
        }
        // (node, position in its hops_out)
        let mut work: Vec<(usize, usize)> = vec![(start, 0)];
        index[start] = next_index;
        low[start] = next_index;
        next_index += 1;
        stack.push(start);
        on_stack[start] = true;
        while let Some(&mut (u, ref mut next)) = work.last_mut() {
            if let Some(&h) = graph.nodes[u].hops_out.get(*next) {
                *next += 1;
                out.steps += 1;
                let v = graph.hops[h].callee;
                if index[v] == NONE {
                    index[v] = next_index;
                    low[v] = next_index;
                    next_index += 1;
                    stack.push(v);
                    on_stack[v] = true;
                    work.push((v, 0));
                } else if on_stack[v] {
                    low[u] = low[u].min(index[v]);
                }
            } else {
                work.pop();
                if let Some(&(parent, _)) = work.last() {
                    low[parent] = low[parent].min(low[u]);
                }
                if low[u] == index[u] {
                    let c = ends.len();
                    while let Some(w) = stack.pop() {
                        on_stack[w] = false;
                        component[w] = c;
                        members.push(w);
                        if w == u {
                            break;
                        }
                    }
                    ends.push(members.len());
                }
            }
        }
    }
    let mut found: Vec<(usize, Vec<usize>)> = Vec::new();
    for (c, &end) in ends.iter().enumerate() {
        let members = &members[c.checked_sub(1).map_or(0, |b| ends[b])..end];
        let first = *members.iter().min().expect("a component has a node");
        let self_loop = graph.nodes[first]
            .hops_out
            .iter()
            .find(|&&h| graph.hops[h].callee == first);
        if members.len() == 1 {
            if let Some(&h) = self_loop {
                found.push((first, vec![h]));
            }
            continue;
        }
        // The shortest cycle through `first` within the component.
        let mut via = vec![NONE; n];
        let mut queue = std::collections::VecDeque::from([first]);
        let mut closing = None;
        'search: while let Some(u) = queue.pop_front() {
            for &h in &graph.nodes[u].hops_out {
                out.steps += 1;
                let v = graph.hops[h].callee;
                if component[v] != c {
                    continue;
                }
                if v == first {
                    closing = Some(h);
                    break 'search;
                }
                if via[v] == NONE {
                    via[v] = h;
                    queue.push_back(v);
                }
            }
        }
        let Some(last) = closing else { continue };
        let mut path = vec![last];
        let mut at = graph.hops[last].caller;
        while at != first {
            let h = via[at];
            path.push(h);
            at = graph.hops[h].caller;
        }
        path.reverse();
        found.push((first, path));
    }
    found.sort_by_key(|(first, _)| *first);
    found.into_iter().map(|(_, path)| path).collect()
}

/// How many nodes of a long cycle its finding names at each end: 3.
const SHOWN_CYCLE_NODES: usize = 3;

/// `graph.cycle` for the hops of one cycle: on the hop of a node calling itself, else on the
/// cycle's first node; naming the cycle (`a → b → a`; past 8 hops its first and last three
/// nodes and its length) and the first row of each of its hops.
fn report_cycle(graph: &Graph, cycle: &[usize], out: &mut Findings) {
    let mut rows: Vec<usize> = cycle
        .iter()
        .filter_map(|&h| graph.hops[h].rows.first().copied())
        .collect();
    rows.sort_unstable();
    if out.skips(FindingCode::GraphCycle, rows.len()) {
        return;
    }
    let names: Vec<&str> = cycle
        .iter()
        .map(|&h| graph.nodes[graph.hops[h].caller].name.as_str())
        .chain(std::iter::once(
            graph.nodes[graph.hops[cycle[0]].caller].name.as_str(),
        ))
        .collect();
    let shown = if names.len() > 2 * SHOWN_CYCLE_NODES + 3 {
        let mut parts: Vec<&str> = names[..SHOWN_CYCLE_NODES].to_vec();
        parts.push("…");
        parts.extend(&names[names.len() - SHOWN_CYCLE_NODES..]);
        format!("{} ({} hops)", parts.join(" → "), cycle.len())
    } else {
        names.join(" → ")
    };
    let msg = Said::GraphCycle { cycle: shown };
    let draft = Draft::new(FindingCode::GraphCycle, rows, msg);
    out.add(if cycle.len() == 1 {
        draft.on_hop(&graph.hops[cycle[0]].segment)
    } else {
        draft.on_node(&graph.nodes[graph.hops[cycle[0]].caller].name)
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheet::Lang;

    fn build(sheet: &[Row]) -> (Graph, Vec<crate::Finding>) {
        let (out, _, graph) = crate::check::read_and_build(sheet);
        (graph, out.into_list(Lang::En, crate::render::words))
    }

    #[test]
    fn rows_of_one_segment_are_one_hop_and_its_ends_are_nodes() {
        let (g, findings) = build(&[
            Row::new("browser -> app", "deadline", "10s"),
            Row::new("app", "deadline", "8s"),
            Row::new("app -> db", "read timeout", "2s"),
            Row::new("app→db", "connect timeout", "1s"),
        ]);
        let names: Vec<&str> = g.nodes.iter().map(|n| n.name.as_str()).collect();
        assert_eq!(names, ["browser", "app", "db"]);
        assert_eq!(g.hops.len(), 2);
        assert_eq!(g.hops[1].rows, vec![3, 4]);
        assert_eq!(g.hops[1].segment, "app -> db");
        assert_eq!(g.outermost, vec![0]);
        assert_eq!(
            g.place,
            vec![Place::Hop(0), Place::Node(1), Place::Hop(1), Place::Hop(1)]
        );
        assert_eq!(g.nodes[1].finite_deadline().map(|d| d.line), Some(2));
        assert!(findings.is_empty());
    }

    #[test]
    fn a_parallel_group_is_one_call_of_its_node() {
        let (g, _) = build(&[
            Row::new("app -> a", "read timeout", "1s"),
            Row::new("app -> b", "read timeout", "1s"),
            Row::new("app -> b", "parallel group", "fetch"),
            Row::new("app -> c", "read timeout", "1s"),
            Row::new("app -> c", "parallel group", "fetch"),
        ]);
        let calls: Vec<Vec<usize>> = g.nodes[0].calls.iter().map(|c| c.hops.clone()).collect();
        assert_eq!(calls, vec![vec![0], vec![1, 2]]);
    }

    #[test]
    fn a_call_cycle_is_a_finding_naming_it() {
        let (g, findings) = build(&[
            Row::new("web -> a", "read timeout", "1s"),
            Row::new("a -> b", "read timeout", "1s"),
            Row::new("b -> a", "read timeout", "1s"),
            Row::new("c -> c", "read timeout", "1s"),
        ]);
        assert_eq!(g.cycles, vec![vec![1, 2], vec![3]]);
        type Place<'a> = (&'a str, Option<&'a str>, Option<&'a str>, &'a [usize]);
        let cycles: Vec<Place> = findings
            .iter()
            .map(|f| {
                (
                    f.message.as_str(),
                    f.node.as_deref(),
                    f.hop.as_deref(),
                    f.rows.as_slice(),
                )
            })
            .collect();
        assert_eq!(
            cycles,
            vec![
                (
                    "a → b → a: the calls form a cycle: a request may come back to a node that is still waiting for it, so a retry there recurses and no worst case along the cycle is final",
                    Some("a"),
                    None,
                    &[2, 3][..]
                ),
                (
                    "c → c: the calls form a cycle: a request may come back to a node that is still waiting for it, so a retry there recurses and no worst case along the cycle is final",
                    None,
                    Some("c -> c"),
                    &[4][..]
                ),
            ]
        );
        assert_eq!(findings[0].code, FindingCode::GraphCycle);
    }

    #[test]
    fn a_long_cycle_names_its_ends_and_its_length() {
        let mut sheet: Vec<Row> = (0..20)
            .map(|i| Row::new(&format!("n{i} -> n{}", i + 1), "read timeout", "1s"))
            .collect();
        sheet.push(Row::new("n20 -> n0", "read timeout", "1s"));
        let (_, findings) = build(&sheet);
        assert_eq!(findings.len(), 1);
        assert!(
            findings[0]
                .message
                .starts_with("n0 → n1 → n2 → … → n19 → n20 → n0 (21 hops): the calls form a cycle"),
            "{}",
            findings[0].message
        );
        assert_eq!(findings[0].rows, (1..=21).collect::<Vec<_>>());
    }

    #[test]
    fn a_diamond_is_no_cycle() {
        let (g, findings) = build(&[
            Row::new("a -> b", "read timeout", "1s"),
            Row::new("a -> c", "read timeout", "1s"),
            Row::new("b -> d", "read timeout", "1s"),
            Row::new("c -> d", "read timeout", "1s"),
        ]);
        assert!(g.cycles.is_empty());
        assert!(findings.is_empty());
    }
}

//! No module of the engine, the importers, the server or the app imports from a module that
//! imports it, directly or through others: each module's `use` declarations and paths are read
//! with `syn`, resolved to the module that defines what they name (following `pub use`
//! re-exports, so `crate::Lang` is `sheet`'s), and the graph of modules is searched for
//! circles. A parent that only declares its children is no edge; a parent that uses a child,
//! and a child that uses its parent, are a circle. Test modules (`#[cfg(test)]`) are left out:
//! they may use anything.
//!
//! Run it alone with `cargo test -p budget --test engine -- modules::`; a circle fails it with
//! the edges that close it and the paths that make them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use syn::visit::Visit;

use super::sources::test_only;

/// A module path from the crate root, its segments joined by `::`; `""` is the root.
type Module = String;

/// The module graph: for each module, the modules it uses, each with the paths that use it.
type Graph = BTreeMap<Module, BTreeMap<Module, BTreeSet<String>>>;

/// What one module names: the paths it uses, and the names it re-exports.
#[derive(Default)]
struct Names {
    /// Every path it uses, absolute (from the crate root), with the text it was written as.
    uses: Vec<(Vec<String>, String)>,
    /// Its `pub use` re-exports: the name it gives, and the absolute path it stands for.
    exports: BTreeMap<String, Vec<String>>,
}

/// The modules of a crate whose sources are under `src`: each `.rs` file's module path and
/// text (`lib.rs` is the root, `a/mod.rs` and `a.rs` are `a`).
fn sources(src: &Path) -> Vec<(Module, String)> {
    super::sources::rust_files(src)
        .into_iter()
        .map(|path| {
            let rel = path.strip_prefix(src).unwrap().with_extension("");
            let mut segments: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if matches!(
                segments.last().map(String::as_str),
                Some("lib" | "mod" | "main")
            ) {
                segments.pop();
            }
            let text = std::fs::read_to_string(&path).expect("a readable source");
            (segments.join("::"), text)
        })
        .collect()
}

/// Reads the names one module's source uses.
struct Reader<'a> {
    /// The module read, as segments.
    here: Vec<String>,
    /// Every module of the crate.
    modules: &'a BTreeSet<Module>,
    names: Names,
}

impl Reader<'_> {
    /// `path` from the crate root, when it starts in this crate: `crate::`, `self::`,
    /// `super::` or a child module's name; `None` for another crate's path or a local name.
    fn absolute(&self, segments: &[String]) -> Option<Vec<String>> {
        let first = segments.first()?;
        match first.as_str() {
            "crate" => Some(segments[1..].to_vec()),
            "self" => Some([&self.here[..], &segments[1..]].concat()),
            "super" => {
                let mut base = self.here.clone();
                let mut rest = segments;
                while rest.first().is_some_and(|s| s == "super") {
                    base.pop();
                    rest = &rest[1..];
                }
                Some([&base[..], rest].concat())
            }
            _ => {
                let child = [&self.here[..], &segments[..1]].concat().join("::");
                self.modules
                    .contains(&child)
                    .then(|| [&self.here[..], segments].concat())
            }
        }
    }

    fn used(&mut self, segments: &[String], written: String) {
        if let Some(path) = self.absolute(segments) {
            self.names.uses.push((path, written));
        }
    }

    /// The paths of a `use` tree under `prefix`, with the name each is given.
    fn tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree, public: bool) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.tree(prefix, &p.tree, public);
                prefix.pop();
            }
            syn::UseTree::Name(n) => self.named(prefix, &n.ident, &n.ident, public),
            syn::UseTree::Rename(r) => self.named(prefix, &r.ident, &r.rename, public),
            syn::UseTree::Glob(_) => self.used(prefix, format!("{}::*", prefix.join("::"))),
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    self.tree(prefix, t, public);
                }
            }
        }
    }

    fn named(&mut self, prefix: &[String], ident: &syn::Ident, name: &syn::Ident, public: bool) {
        // `use a::b::{self}` names `a::b` itself.
        let mut segments = prefix.to_vec();
        if ident != "self" {
            segments.push(ident.to_string());
        }
        let Some(path) = self.absolute(&segments) else {
            return;
        };
        if public {
            let name = if name == "self" {
                segments.last().cloned().unwrap_or_default()
            } else {
                name.to_string()
            };
            self.names.exports.insert(name, path.clone());
        }
        self.names.uses.push((path, segments.join("::")));
    }
}

impl<'ast> Visit<'ast> for Reader<'_> {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs: &[syn::Attribute] = match item {
            syn::Item::Mod(m) => &m.attrs,
            syn::Item::Fn(f) => &f.attrs,
            syn::Item::Impl(i) => &i.attrs,
            syn::Item::Use(u) => &u.attrs,
            syn::Item::Const(c) => &c.attrs,
            syn::Item::Struct(s) => &s.attrs,
            syn::Item::Enum(e) => &e.attrs,
            _ => &[],
        };
        if !test_only(attrs) {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        let public = !matches!(item.vis, syn::Visibility::Inherited);
        self.tree(&mut Vec::new(), &item.tree, public);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        if path.leading_colon.is_none() && segments.len() > 1 {
            self.used(&segments, segments.join("::"));
        }
        syn::visit::visit_path(self, path);
    }
}

/// The modules a crate's modules use: module → the modules it uses, each with the paths
/// that make the edge.
fn graph(sources: &[(Module, String)]) -> Graph {
    let modules: BTreeSet<Module> = sources.iter().map(|(m, _)| m.clone()).collect();
    let mut names: BTreeMap<Module, Names> = BTreeMap::new();
    for (module, text) in sources {
        let file = syn::parse_file(text).unwrap_or_else(|e| panic!("{module}: {e}"));
        let mut reader = Reader {
            here: module
                .split("::")
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect(),
            modules: &modules,
            names: Names::default(),
        };
        reader.visit_file(&file);
        names.insert(module.clone(), reader.names);
    }
    // The module that defines what `path` names: its longest prefix that is a module, and
    // through that module's re-export of the next segment, if it has one.
    let resolve = |path: &[String]| -> Module {
        let mut path = path.to_vec();
        for _ in 0..32 {
            let at = (0..=path.len())
                .rev()
                .find(|&i| modules.contains(&path[..i].join("::")))
                .unwrap_or(0);
            let module = path[..at].join("::");
            match path
                .get(at)
                .and_then(|next| names[&module].exports.get(next))
            {
                Some(target) => path = [&target[..], &path[at + 1..]].concat(),
                None => return module,
            }
        }
        path.join("::")
    };
    let mut edges: Graph = BTreeMap::new();
    for (module, n) in &names {
        for (path, written) in &n.uses {
            let target = resolve(path);
            if &target != module {
                edges
                    .entry(module.clone())
                    .or_default()
                    .entry(target)
                    .or_default()
                    .insert(written.clone());
            }
        }
    }
    edges
}

/// The circles of a graph: its strongly connected components of more than one module
/// (Tarjan's algorithm), each sorted.
fn circles(edges: &Graph) -> Vec<Vec<Module>> {
    struct Search<'a> {
        edges: &'a Graph,
        index: BTreeMap<&'a str, (usize, usize)>,
        stack: Vec<&'a str>,
        found: Vec<Vec<Module>>,
    }
    impl<'a> Search<'a> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, (n, n));
            self.stack.push(v);
            for w in self.edges.get(v).into_iter().flat_map(BTreeMap::keys) {
                match self.index.get(w.as_str()) {
                    None => {
                        self.visit(w);
                        let low = self.index[w.as_str()].1.min(self.index[v].1);
                        self.index.get_mut(v).unwrap().1 = low;
                    }
                    Some(&(i, _)) if self.stack.contains(&w.as_str()) => {
                        let low = i.min(self.index[v].1);
                        self.index.get_mut(v).unwrap().1 = low;
                    }
                    Some(_) => {}
                }
            }
            let (i, low) = self.index[v];
            if i == low {
                let at = self.stack.iter().rposition(|&m| m == v).unwrap();
                let mut component: Vec<Module> = self.stack.drain(at..).map(String::from).collect();
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut search = Search {
        edges,
        index: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for v in edges.keys() {
        if !search.index.contains_key(v.as_str()) {
            search.visit(v);
        }
    }
    search.found
}

/// A circle told with the edges inside it and the paths that make them.
fn describe(circle: &[Module], edges: &Graph) -> String {
    let name = |m: &str| {
        if m.is_empty() {
            "crate".to_string()
        } else {
            m.to_string()
        }
    };
    let mut out = format!("circle of {} modules:\n", circle.len());
    for from in circle {
        for (to, paths) in &edges[from] {
            if circle.contains(to) {
                let paths: Vec<&str> = paths.iter().map(String::as_str).take(3).collect();
                out += &format!("  {} -> {}: {}\n", name(from), name(to), paths.join(", "));
            }
        }
    }
    out
}

fn crate_src(relative: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)
}

/// The module graph of the crate whose sources are under `relative` (from the engine's
/// folder), after checking that it holds more than `at_least` modules and no circle, and that
/// it was read: each `(from, to)` of `uses` is an edge of it.
fn acyclic(relative: &str, at_least: usize, uses: &[(&str, &str)]) -> Graph {
    let sources = sources(&crate_src(relative));
    let edges = graph(&sources);
    assert!(
        sources.len() > at_least,
        "{relative}: {} modules",
        sources.len()
    );
    let found: Vec<String> = circles(&edges)
        .iter()
        .map(|c| describe(c, &edges))
        .collect();
    assert!(found.is_empty(), "{relative}:\n{}", found.join("\n"));
    for &(from, to) in uses {
        assert!(
            edges[from].contains_key(to),
            "{from} does not use {to}: {:?}",
            edges[from]
        );
    }
    edges
}

#[test]
fn no_module_of_the_engine_imports_from_a_module_that_imports_it() {
    // The graph is read, not empty: the pipeline uses its stages, and the fixes the check;
    // `crate::Lang` is the sheet's, through the root's re-export.
    acyclic(
        "src",
        40,
        &[
            ("check", "check::hops"),
            ("fix", "check::hops::fit"),
            ("display", "sheet"),
        ],
    );
}

#[test]
fn the_check_states_facts_and_only_checked_joins_them_with_their_words() {
    // The check (`check` and its stages) says what it found as `said`'s facts and writes
    // formulas in no language; the words (`render`, and `display`'s way of writing a value in
    // a language) are written last, by `checked`, the one module that joins the two.
    let edges = acyclic("src", 40, &[("render", "check"), ("check::rows", "said")]);
    let words: Vec<String> = edges
        .iter()
        .filter(|(from, _)| *from == "check" || from.starts_with("check::"))
        .flat_map(|(from, to)| {
            to.iter()
                .filter(|(m, _)| m.starts_with("render") || *m == "display" || *m == "checked")
                .map(move |(m, paths)| format!("{from} -> {m}: {paths:?}"))
        })
        .collect();
    assert!(
        words.is_empty(),
        "the check writing words:\n{}",
        words.join("\n")
    );
    assert_eq!(
        edges["checked"].keys().collect::<Vec<_>>(),
        ["check", "render", "report", "sheet"],
        "{:?}",
        edges["checked"]
    );
}

#[test]
fn no_module_of_the_importers_imports_from_a_module_that_imports_it() {
    // The importers (`import/`, the crate `workbench-import`) keep the same rule; `crate::File`
    // is `file`'s, through the root's re-export.
    acyclic("../import/src", 20, &[("k8s", "yaml"), ("nginx", "file")]);
}

#[test]
fn no_module_of_the_server_imports_from_a_module_that_imports_it() {
    // `crate::auth::Auth` is the mode's, through `auth`'s re-export; the API's handlers read
    // the request through `extract`.
    acyclic(
        "../server/src",
        25,
        &[("state", "auth::mode"), ("api::history", "api::extract")],
    );
}

#[test]
fn no_module_of_the_app_imports_from_a_module_that_imports_it() {
    // The error messages read the input limit from `limits`.
    acyclic("../app/src", 50, &[("error", "limits")]);
}

#[test]
fn no_module_of_the_store_or_the_shared_records_imports_from_a_module_that_imports_it() {
    // The store's modules stand on `store::db`, not on the store that re-exports them; the
    // shared records' proposals name the sheet's cell conflicts.
    acyclic("../store/src", 12, &[("store::patch", "store::db")]);
    acyclic("../model/src", 5, &[("proposal", "sheet")]);
}

#[test]
fn a_circle_through_a_re_export_or_a_parent_is_found_and_told() {
    let sources: Vec<(Module, String)> = [
        ("", "mod a; mod b; mod c; pub use a::Thing;"),
        (
            "a",
            "pub struct Thing; pub fn f() -> crate::b::Other { todo!() }",
        ),
        ("b", "pub struct Other; fn g(_: crate::Thing) {}"),
        (
            "c",
            "mod d; pub(crate) const LIMIT: usize = 1; fn h() { d::run(); }",
        ),
        ("c::d", "use super::LIMIT; pub fn run() -> usize { LIMIT }"),
    ]
    .into_iter()
    .map(|(m, s)| (m.to_string(), s.to_string()))
    .collect();
    let edges = graph(&sources);
    let found = circles(&edges);
    assert_eq!(
        found,
        vec![
            vec!["a".to_string(), "b".to_string()],
            vec!["c".to_string(), "c::d".to_string()],
        ]
    );
    assert_eq!(
        describe(&found[0], &edges),
        "circle of 2 modules:\n  a -> b: crate::b::Other\n  b -> a: crate::Thing\n"
    );
    assert_eq!(
        describe(&found[1], &edges),
        "circle of 2 modules:\n  c -> c::d: d::run\n  c::d -> c: super::LIMIT\n"
    );
    // Test modules use what they like.
    let tested: Vec<(Module, String)> = vec![
        ("".into(), "mod a; mod b;".into()),
        (
            "a".into(),
            "pub fn f() {} #[cfg(test)] mod tests { use crate::b::g; }".into(),
        ),
        ("b".into(), "pub fn g() { crate::a::f() }".into()),
    ];
    assert!(circles(&graph(&tested)).is_empty());
}

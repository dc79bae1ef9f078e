//! No source file of the engine, the importers, the app, the server or the browser's entry is
//! longer than [`FILE_LINES`] lines, and no function longer than [`FUNCTION_LINES`], so that
//! a reader can hold each in mind. Tests do not count: a file declared `#[cfg(test)]` by its
//! parent, and the `#[cfg(test)]` items inside a file. Data is not Rust source (the catalog's
//! TSV files).
//!
//! The places still longer are listed in [`KNOWN`], each by file or by file and function;
//! the test fails when a place outside the list grows too long, and when a listed place is
//! short enough (remove it from the list), so the list only shrinks.
//!
//! Run it alone with `cargo test -p budget --test engine -- sizes::`.

use std::collections::{BTreeSet, HashSet};
use std::path::{Path, PathBuf};

use syn::visit::Visit;

use super::sources::{rust_files, test_only};

/// The most lines of one source file, tests left out.
const FILE_LINES: usize = 800;

/// The most lines of one function, from `fn` to its closing brace.
const FUNCTION_LINES: usize = 150;

/// The crates' sources read, from the engine's folder.
const CRATES: [&str; 7] = [
    "src",
    "../model/src",
    "../store/src",
    "../import/src",
    "../app/src",
    "../server/src",
    "../frontend/src",
];

/// The places still longer than the limits: a file (`store/src/store.rs`) or a function in a
/// file (`app/src/pages/sheet.rs SheetPage`); none today.
const KNOWN: [&str; 0] = [];

/// The folder a file's child modules are in: its own folder for `lib.rs`, `main.rs` and
/// `mod.rs`, else the folder named after it.
fn children_dir(file: &Path) -> PathBuf {
    let dir = file.parent().expect("a file in a folder");
    match file.file_stem().and_then(|s| s.to_str()) {
        Some("lib" | "main" | "mod") => dir.to_path_buf(),
        Some(stem) => dir.join(stem),
        None => dir.to_path_buf(),
    }
}

/// The functions of a file longer than [`FUNCTION_LINES`], outside test-only items.
#[derive(Default)]
struct LongFunctions {
    found: Vec<(String, usize)>,
}

impl LongFunctions {
    fn measure(&mut self, name: &syn::Ident, from: proc_macro2::Span, to: proc_macro2::Span) {
        let lines = to.end().line + 1 - from.start().line;
        if lines > FUNCTION_LINES {
            self.found.push((name.to_string(), lines));
        }
    }
}

impl<'ast> Visit<'ast> for LongFunctions {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs = match item {
            syn::Item::Mod(m) => &m.attrs,
            syn::Item::Fn(f) => &f.attrs,
            syn::Item::Impl(i) => &i.attrs,
            _ => return syn::visit::visit_item(self, item),
        };
        if !test_only(attrs) {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        self.measure(
            &f.sig.ident,
            f.sig.fn_token.span,
            f.block.brace_token.span.close(),
        );
        syn::visit::visit_item_fn(self, f);
    }

    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        if !test_only(&f.attrs) {
            self.measure(
                &f.sig.ident,
                f.sig.fn_token.span,
                f.block.brace_token.span.close(),
            );
            syn::visit::visit_impl_item_fn(self, f);
        }
    }
}

/// The lines of a test-only item (a test module, function or impl), its attributes
/// included; `None` for any other item.
fn test_item_lines(item: &syn::Item) -> Option<usize> {
    let (attrs, start, end) = match item {
        syn::Item::Mod(m) => (
            &m.attrs,
            m.mod_token.span,
            m.content
                .as_ref()
                .map_or(m.mod_token.span, |(b, _)| b.span.close()),
        ),
        syn::Item::Fn(f) => (
            &f.attrs,
            f.sig.fn_token.span,
            f.block.brace_token.span.close(),
        ),
        syn::Item::Impl(i) => (&i.attrs, i.impl_token.span, i.brace_token.span.close()),
        _ => return None,
    };
    if !test_only(attrs) {
        return None;
    }
    let first = attrs.first().map_or(start, |a| a.pound_token.span);
    Some(end.end().line + 1 - first.start().line)
}

/// The places longer than the limits, as [`KNOWN`] names them, each with its length.
fn too_long() -> Vec<(String, usize)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let all: Vec<PathBuf> = CRATES
        .iter()
        .flat_map(|src| rust_files(&root.join(src)))
        .collect();
    let parsed: Vec<(PathBuf, String, syn::File)> = all
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("a readable source");
            let file = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (path, text, file)
        })
        .collect();
    // The files of test modules: declared `#[cfg(test)] mod x;` (and their own children).
    let mut tests: HashSet<PathBuf> = HashSet::new();
    for (path, _, file) in &parsed {
        for item in &file.items {
            if let syn::Item::Mod(m) = item {
                if m.content.is_none() && test_only(&m.attrs) {
                    let dir = children_dir(path);
                    tests.insert(dir.join(format!("{}.rs", m.ident)));
                    tests.insert(dir.join(m.ident.to_string()).join("mod.rs"));
                }
            }
        }
    }
    let is_test = |path: &Path| {
        path.ancestors()
            .any(|a| tests.contains(a) || tests.contains(&a.with_extension("rs")))
    };
    let workspace = root
        .parent()
        .expect("the workspace")
        .canonicalize()
        .expect("the workspace");
    let mut out = Vec::new();
    for (path, text, file) in &parsed {
        if is_test(path) {
            continue;
        }
        let place = path
            .canonicalize()
            .expect("a source file")
            .strip_prefix(&workspace)
            .expect("a file of the workspace")
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join("/");
        let test_lines: usize = file.items.iter().filter_map(test_item_lines).sum();
        let lines = text.lines().count() - test_lines;
        if lines > FILE_LINES {
            out.push((place.clone(), lines));
        }
        let mut long = LongFunctions::default();
        long.visit_file(file);
        for (name, lines) in long.found {
            out.push((format!("{place} {name}"), lines));
        }
    }
    out.sort();
    out
}

#[test]
fn no_source_file_or_function_is_longer_than_a_reader_can_hold() {
    let found = too_long();
    let known: BTreeSet<&str> = KNOWN.into_iter().collect();
    let new: Vec<String> = found
        .iter()
        .filter(|(place, _)| !known.contains(place.as_str()))
        .map(|(place, lines)| format!("{place}: {lines} lines"))
        .collect();
    let short_now: Vec<&str> = known
        .iter()
        .copied()
        .filter(|k| !found.iter().any(|(place, _)| place == k))
        .collect();
    assert!(
        new.is_empty(),
        "longer than {FILE_LINES} lines a file or {FUNCTION_LINES} a function:\n{}",
        new.join("\n")
    );
    assert!(
        short_now.is_empty(),
        "short enough now; remove from KNOWN:\n{}",
        short_now.join("\n")
    );
}

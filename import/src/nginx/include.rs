//! nginx's `include` directives: which files a configuration includes (globs and all), and
//! each included file's directives in place of its `include`.

use std::collections::HashSet;

use super::parse::Directive;

/// The paths of the files some other file includes.
pub(super) fn included_files<'a>(parsed: &[(&'a str, Vec<Directive>)]) -> HashSet<&'a str> {
    fn walk<'a>(
        from: &str,
        directives: &[Directive],
        parsed: &[(&'a str, Vec<Directive>)],
        out: &mut HashSet<&'a str>,
    ) {
        for d in directives {
            if let Some(pattern) = include_pattern(d) {
                for (path, _) in parsed {
                    if *path != from && includes(pattern, path) {
                        out.insert(path);
                    }
                }
            }
            walk(from, d.children(), parsed, out);
        }
    }
    let mut out = HashSet::new();
    for (path, directives) in parsed {
        walk(path, directives, parsed, &mut out);
    }
    out
}

/// The pattern of an `include` directive.
pub(super) fn include_pattern(d: &Directive) -> Option<&str> {
    (d.name.text == "include" && d.block.is_none())
        .then(|| d.args.first().map(|a| a.text.as_str()))
        .flatten()
}

/// `directives` of the file `path` with each `include` replaced by the directives of the
/// files it names (not those already being read: `stack`, so no file includes itself).
pub(super) fn expand<'a>(
    path: &'a str,
    directives: &'a [Directive],
    parsed: &'a [(&'a str, Vec<Directive>)],
    stack: &mut Vec<&'a str>,
) -> Vec<Node<'a>> {
    let mut out = Vec::new();
    for d in directives {
        if let Some(pattern) = include_pattern(d) {
            let mut matched: Vec<&(&str, Vec<Directive>)> = parsed
                .iter()
                .filter(|(p, _)| !stack.contains(p) && includes(pattern, p))
                .collect();
            matched.sort_by_key(|(p, _)| *p);
            for (p, inner) in matched {
                stack.push(p);
                out.extend(expand(p, inner, parsed, stack));
                stack.pop();
            }
            continue;
        }
        out.push(Node {
            path,
            directive: d,
            children: expand(path, d.children(), parsed, stack),
        });
    }
    out
}

/// Whether the `include` pattern `pattern` names the file handed in as `path`: its name
/// matches the pattern's last component and, when both have a folder, its folder's name
/// matches the pattern's.
pub(super) fn includes(pattern: &str, path: &str) -> bool {
    let parts = |p: &str| -> Vec<String> {
        p.split(['/', '\\'])
            .filter(|s| !s.is_empty() && *s != ".")
            .map(str::to_owned)
            .collect()
    };
    let (pattern, path) = (parts(pattern), parts(path));
    let (Some(want), Some(name)) = (pattern.last(), path.last()) else {
        return false;
    };
    if !glob(want, name) {
        return false;
    }
    match (pattern.len(), path.len()) {
        (p, f) if p >= 2 && f >= 2 => glob(&pattern[p - 2], &path[f - 2]),
        _ => true,
    }
}

/// Whether `text` matches the shell pattern `pattern` (`*` any run, `?` one character).
pub(super) fn glob(pattern: &str, text: &str) -> bool {
    let (p, t): (Vec<char>, Vec<char>) = (pattern.chars().collect(), text.chars().collect());
    let (mut i, mut j) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while j < t.len() {
        if i < p.len() && (p[i] == '?' || p[i] == t[j]) {
            i += 1;
            j += 1;
        } else if i < p.len() && p[i] == '*' {
            star = Some((i, j));
            i += 1;
        } else if let Some((si, sj)) = star {
            i = si + 1;
            j = sj + 1;
            star = Some((si, sj + 1));
        } else {
            return false;
        }
    }
    p[i..].iter().all(|&c| c == '*')
}

/// A directive with the file it is written in, and its block's directives with `include`s
/// replaced by the included files' directives.
pub(super) struct Node<'a> {
    pub(super) path: &'a str,
    pub(super) directive: &'a Directive,
    pub(super) children: Vec<Node<'a>>,
}

impl Node<'_> {
    pub(super) fn name(&self) -> &str {
        &self.directive.name.text
    }

    /// The first child named `name`.
    pub(super) fn child(&self, name: &str) -> Option<&Node<'_>> {
        self.children.iter().find(|c| c.name() == name)
    }
}

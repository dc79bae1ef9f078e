//! Reading YAML with positions: the helpers the YAML formats share (Kubernetes, Envoy, Spring
//! Boot). Nodes keep their spans, so every row can name the line that sets it, and a value is
//! read back from the file as written.

use budget::{Kind, Lang, Row};
use saphyr::{LoadableYamlNode, MarkedYaml, Scalar, YamlData};

use crate::location::location;
use crate::row::row;
use crate::{File, ImportError};

/// The YAML documents of `text`, the text of the file at `path`; where it stops being YAML
/// when it does.
pub(crate) fn load<'a>(path: &str, text: &'a str) -> Result<Vec<MarkedYaml<'a>>, ImportError> {
    MarkedYaml::load_from_str(text).map_err(|err| ImportError {
        path: path.to_owned(),
        line: err.marker().line(),
        column: err.marker().col() + 1,
        message: err.info().to_owned(),
    })
}

/// Where a YAML format's reader writes its rows, and the rows of a YAML setting written there.
pub(crate) trait Settings {
    /// The sheet's language (the items' and rationales' words) and the rows written so far.
    fn sheet(&mut self) -> (Lang, &mut Vec<Row>);

    /// A row of the setting found at `node`, written as the file writes it, at its line and
    /// `selector`; none for a value the sheet cannot hold (a mapping).
    #[allow(clippy::too_many_arguments)]
    fn setting(
        &mut self,
        doc: &Doc<'_>,
        layer: &str,
        segment: &str,
        kind: Kind,
        setting: &str,
        node: &MarkedYaml<'_>,
        selector: &str,
    ) -> Option<&mut Row> {
        let value = doc.text(node)?;
        let (lang, rows) = self.sheet();
        let at = doc.at(node, selector);
        rows.push(row(lang, layer, segment, kind, setting, &value, at));
        rows.last_mut()
    }
}

/// One file's path and the text as written (the values of template placeholders are read
/// back from it).
pub(crate) struct Doc<'t> {
    /// The path as handed in.
    pub(crate) path: &'t str,
    /// The text as written.
    pub(crate) text: &'t str,
    /// The byte offset of each character, and the text's length at the end: the parser counts
    /// characters.
    offsets: Vec<usize>,
}

impl<'t> Doc<'t> {
    pub(crate) fn new(file: &File<'t>) -> Doc<'t> {
        let offsets = file
            .text
            .char_indices()
            .map(|(at, _)| at)
            .chain(std::iter::once(file.text.len()))
            .collect();
        Doc {
            path: file.path,
            text: file.text,
            offsets,
        }
    }

    /// The text of `node` as the file writes it.
    pub(crate) fn raw(&self, node: &MarkedYaml<'_>) -> &'t str {
        let at = |index: usize| self.offsets[index.min(self.offsets.len() - 1)];
        let (start, end) = (at(node.span.start.index()), at(node.span.end.index()));
        self.text.get(start..end).unwrap_or("")
    }

    /// The value of a scalar `node` as written: a string's text, a number's digits, a template
    /// placeholder's text (without its quotes). `None` for null, a mapping or a sequence.
    pub(crate) fn text(&self, node: &MarkedYaml<'_>) -> Option<String> {
        match &node.data {
            YamlData::Value(Scalar::Null) => None,
            YamlData::Value(Scalar::String(s)) => {
                let raw = self.raw(node).trim();
                if raw.contains("{{") {
                    Some(unquote(raw).to_owned())
                } else {
                    Some(s.to_string())
                }
            }
            YamlData::Value(_) => Some(self.raw(node).trim().to_owned()),
            _ => None,
        }
    }

    /// `PATH:LINE SELECTOR` for `node`.
    pub(crate) fn at(&self, node: &MarkedYaml<'_>, selector: &str) -> String {
        location(self.path, node.span.start.line(), selector)
    }
}

/// `text` without one pair of surrounding quotes.
pub(crate) fn unquote(text: &str) -> &str {
    for q in ['"', '\''] {
        if let Some(inner) = text.strip_prefix(q).and_then(|t| t.strip_suffix(q)) {
            return inner;
        }
    }
    text
}

/// The value under `key` of a mapping node.
pub(crate) fn get<'n, 'a>(node: &'n MarkedYaml<'a>, key: &str) -> Option<&'n MarkedYaml<'a>> {
    match &node.data {
        YamlData::Mapping(map) => map
            .iter()
            .find(|(k, _)| matches!(&k.data, YamlData::Value(Scalar::String(s)) if s == key))
            .map(|(_, v)| v),
        _ => None,
    }
}

/// The node at `path` under `node`.
pub(crate) fn get_path<'n, 'a>(
    node: &'n MarkedYaml<'a>,
    path: &[&str],
) -> Option<&'n MarkedYaml<'a>> {
    path.iter().try_fold(node, |n, key| get(n, key))
}

/// The items of a sequence node (none for anything else).
pub(crate) fn items<'n, 'a>(node: Option<&'n MarkedYaml<'a>>) -> &'n [MarkedYaml<'a>] {
    match node.map(|n| &n.data) {
        Some(YamlData::Sequence(seq)) => seq,
        _ => &[],
    }
}

/// The entries of a mapping node whose keys are strings.
pub(crate) fn entries<'n, 'a>(
    node: Option<&'n MarkedYaml<'a>>,
) -> Vec<(&'n str, &'n MarkedYaml<'a>)> {
    match node.map(|n| &n.data) {
        Some(YamlData::Mapping(map)) => map
            .iter()
            .filter_map(|(k, v)| match &k.data {
                YamlData::Value(Scalar::String(s)) => Some((s.as_ref(), v)),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// `text` with its template placeholders made parseable without moving anything: a line of
/// template actions only (`{{- range ... }}`, `{{ end }}`) becomes spaces, and every other
/// `{{ ... }}` is covered by letters of its length (in characters), so every line and column
/// of the rest stays where the file has it. The letters end in a count of the placeholders
/// before it, so two templated keys of one mapping (`{{ $k }}: ...` in two loops) stay two
/// keys.
pub(crate) fn mask_templates(text: &str) -> String {
    if !text.contains("{{") {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut count = 0;
    for line in text.split_inclusive('\n') {
        let (body, end) = match line.strip_suffix('\n') {
            Some(b) => (b, "\n"),
            None => (line, ""),
        };
        let mut masked = String::with_capacity(body.len());
        let mut only_actions = true;
        let mut rest = body;
        let mut any = false;
        while let Some(open) = rest.find("{{") {
            let (before, from) = rest.split_at(open);
            if !before.trim().is_empty() {
                only_actions = false;
            }
            masked.push_str(before);
            let close = from.find("}}").map(|c| c + 2).unwrap_or(from.len());
            masked.push_str(&placeholder(from[..close].chars().count(), count));
            count += 1;
            rest = &from[close..];
            any = true;
        }
        if !rest.trim().is_empty() {
            only_actions = false;
        }
        masked.push_str(rest);
        if any && only_actions {
            out.extend(std::iter::repeat_n(' ', body.chars().count()));
        } else {
            out.push_str(&masked);
        }
        out.push_str(end);
    }
    out
}

/// `len` letters standing for the `n`-th placeholder: `x`s ending in `n` written in base 26
/// with the letters `a` to `z` (as many of its last digits as fit).
pub(crate) fn placeholder(len: usize, n: usize) -> String {
    let mut letters = vec![b'x'; len];
    let mut rest = n;
    for slot in letters.iter_mut().rev() {
        *slot = b'a' + (rest % 26) as u8;
        rest /= 26;
        if rest == 0 {
            break;
        }
    }
    String::from_utf8(letters).unwrap_or_default()
}

//! Reading Spring Boot files into flat properties: each scalar value with its property path as
//! written and its line, document by document (YAML `---` documents and `.properties` `#---`
//! documents), with the profile a document is activated on.

use saphyr::{MarkedYaml, YamlData};

use crate::yaml::{load, Doc};
use crate::{File, ImportError};

/// One key of a property path as the file writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Key {
    /// A name (`datasource`, `connectionTimeout`, `backendA`, a bracketed `[a.b]` without its
    /// brackets).
    Name(String),
    /// A list index (`routes[0]`, or the `0`-th item of a YAML sequence).
    Index(usize),
}

/// One scalar value and where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Prop {
    /// The property path, key by key, as written (`spring`, `datasource`, `hikari`,
    /// `connectionTimeout`): dotted YAML keys and `.properties` keys are split at their dots.
    pub(super) keys: Vec<Key>,
    /// The value as written (a YAML string without its quotes, a number's digits).
    pub(super) value: String,
    /// The line (1-based) the value is on.
    pub(super) line: usize,
}

/// One document of a file: its properties in file order, and the profile it is activated on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Document {
    /// The properties, in file order.
    pub(super) props: Vec<Prop>,
    /// `spring.config.activate.on-profile` (or the older `spring.profiles`) as written.
    pub(super) profile: Option<String>,
}

/// The documents of a YAML file, or where it stops being YAML.
pub(super) fn yaml(file: &File<'_>) -> Result<Vec<Document>, ImportError> {
    let documents = load(file.path, file.text)?;
    let doc = Doc::new(file);
    Ok(documents
        .iter()
        .map(|node| {
            let mut props = Vec::new();
            flatten(&doc, node, &mut Vec::new(), &mut props);
            with_profile(props)
        })
        .collect())
}

/// The properties under `node`, whose path so far is `keys`, appended to `out`.
fn flatten(doc: &Doc<'_>, node: &MarkedYaml<'_>, keys: &mut Vec<Key>, out: &mut Vec<Prop>) {
    match &node.data {
        YamlData::Mapping(map) => {
            for (k, v) in map {
                let Some(name) = doc.text(k) else {
                    continue;
                };
                let depth = keys.len();
                keys.extend(split(&name));
                flatten(doc, v, keys, out);
                keys.truncate(depth);
            }
        }
        YamlData::Sequence(seq) => {
            for (i, item) in seq.iter().enumerate() {
                keys.push(Key::Index(i));
                flatten(doc, item, keys, out);
                keys.pop();
            }
        }
        _ => {
            if let Some(value) = doc.text(node) {
                out.push(Prop {
                    keys: keys.clone(),
                    value,
                    line: node.span.start.line(),
                });
            }
        }
    }
}

/// The documents of a `.properties` file (Spring Boot splits one at a line `#---` or `!---`),
/// or the line where it cannot be read.
///
/// Read with the `java-properties` crate, which gives each key-value pair the line it starts
/// on (a value continued with `\` over several lines is one pair) and unescapes keys and values
/// as Java does.
pub(super) fn properties(file: &File<'_>) -> Result<Vec<Document>, ImportError> {
    let mut documents = Vec::new();
    let mut props = Vec::new();
    let lines = java_properties::PropertiesIter::new_with_encoding(
        file.text.as_bytes(),
        encoding_rs::UTF_8,
    );
    for line in lines {
        let line = line.map_err(|err| ImportError {
            path: file.path.to_owned(),
            line: err.line_number().unwrap_or(1),
            column: 1,
            message: err.to_string(),
        })?;
        let number = line.line_number();
        match line.consume_content() {
            java_properties::LineContent::Comment(text) if text.trim_end() == "---" => {
                documents.push(with_profile(std::mem::take(&mut props)));
            }
            java_properties::LineContent::Comment(_) => {}
            java_properties::LineContent::KVPair(key, value) => props.push(Prop {
                keys: split(&key),
                value: value.trim().to_owned(),
                line: number,
            }),
        }
    }
    documents.push(with_profile(props));
    Ok(documents)
}

/// A document of `props`, with the profile they name.
fn with_profile(props: Vec<Prop>) -> Document {
    let profile = props
        .iter()
        .find(|p| {
            matches(&p.keys, &["spring", "config", "activate", "onprofile"])
                || matches(&p.keys, &["spring", "profiles"])
        })
        .map(|p| p.value.clone());
    Document { props, profile }
}

/// Whether `keys` are exactly the names `squashed` (each compared by [`squash`]).
fn matches(keys: &[Key], squashed: &[&str]) -> bool {
    keys.len() == squashed.len()
        && keys
            .iter()
            .zip(squashed)
            .all(|(k, s)| matches!(k, Key::Name(n) if squash(n) == *s))
}

/// A name as Spring Boot's relaxed binding compares it: lower-case letters and digits only, so
/// `connection-timeout`, `connectionTimeout`, `connection_timeout` and `CONNECTION_TIMEOUT` are
/// one name.
pub(super) fn squash(name: &str) -> String {
    name.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The keys of a property name as written: split at its dots, with `[N]` an index and `[a.b]`
/// one name (`routes[0].uri` is `routes`, 0, `uri`).
pub(super) fn split(name: &str) -> Vec<Key> {
    let mut keys = Vec::new();
    let mut rest = name;
    while !rest.is_empty() {
        if let Some(inner) = rest.strip_prefix('[') {
            let close = inner.find(']').unwrap_or(inner.len());
            let text = &inner[..close];
            keys.push(match text.parse() {
                Ok(i) => Key::Index(i),
                Err(_) => Key::Name(text.to_owned()),
            });
            rest = inner.get(close + 1..).unwrap_or("");
            rest = rest.strip_prefix('.').unwrap_or(rest);
        } else {
            let end = rest.find(['.', '[']).unwrap_or(rest.len());
            if end > 0 {
                keys.push(Key::Name(rest[..end].to_owned()));
            }
            rest = &rest[end..];
            rest = rest.strip_prefix('.').unwrap_or(rest);
        }
    }
    keys
}

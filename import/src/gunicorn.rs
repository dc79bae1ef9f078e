//! gunicorn: a Python configuration file (`gunicorn.conf.py`, `gunicorn-conf.py`).
//!
//! gunicorn runs the file and reads its module-level names. The importer runs nothing: it reads
//! the top-level assignments `NAME = VALUE` of the settings below, and where the value is a
//! literal (a number or a string) writes it as the file has it. Any other value (an expression,
//! `int(os.environ.get("TIMEOUT", 30))`) stays as written with the rationale
//! `unresolved: expression`, and a setting that is also assigned inside a block (`if`, `def`)
//! is `unresolved` too: which value applies depends on the code.
//!
//! Rows (gunicorn's settings documentation, <https://docs.gunicorn.org/en/stable/settings.html>):
//!
//! - `timeout` (seconds): workers silent for longer are killed and restarted, so it bounds the
//!   time one request may take: a `deadline` on the node `gunicorn`.
//! - `keepalive` (seconds): how long gunicorn keeps an idle keep-alive connection open for the
//!   next request: an `idle` timeout on the hop `client -> gunicorn`, on the callee's side.
//! - `graceful_timeout` (seconds): how long workers may finish their requests after a restart
//!   signal: an `other` row on the node `gunicorn`.
//!
//! The settings are written `gunicorn timeout`, `gunicorn keepalive` and
//! `gunicorn graceful_timeout`: `timeout` alone names a setting of many products, and the
//! catalog knows gunicorn's by the product's name beside it.

use budget::{Kind, Lang, Row};

use crate::location::location;
use crate::row::row;
use crate::{File, ImportError, Imported};

/// The layer of every row: the server.
const LAYER: &str = "gunicorn";

/// The node gunicorn's own settings are on.
const NODE: &str = "gunicorn";

/// The hop from the clients (a load balancer, a browser) to gunicorn.
const CLIENT_HOP: &str = "client -> gunicorn";

/// The settings read: the name in the file, the segment, the kind and the setting as the
/// catalog knows it.
const SETTINGS: &[(&str, &str, Kind, &str)] = &[
    ("timeout", NODE, Kind::Deadline, "gunicorn timeout"),
    ("keepalive", CLIENT_HOP, Kind::Idle, "gunicorn keepalive"),
    (
        "graceful_timeout",
        NODE,
        Kind::Other,
        "gunicorn graceful_timeout",
    ),
];

/// What a rationale says, in the sheet's language.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Say {
    /// The value is a Python expression the importer does not evaluate.
    Expression,
    /// The setting is also assigned inside a block at `line`.
    AlsoInBlock {
        /// The line (1-based) of the assignment inside the block.
        line: usize,
    },
}

impl Say {
    /// The sentence in `lang`. Both start with `unresolved:` in either language, so a tool
    /// finds them as it finds `unresolved: template`.
    fn text(&self, lang: Lang) -> String {
        let ja = lang == Lang::Ja;
        match self {
            Say::Expression if ja => "unresolved: expression（式は評価しない。書かれたまま）".into(),
            Say::Expression => "unresolved: expression".into(),
            Say::AlsoInBlock { line } if ja => format!(
                "unresolved: {line}行目のブロックの中でも代入されている。どちらの値が使われるかはコード次第"
            ),
            Say::AlsoInBlock { line } => format!(
                "unresolved: also assigned inside a block at line {line}; which value applies depends on the code"
            ),
        }
    }
}

/// One assignment of a setting: where and what.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Assignment {
    /// The name assigned.
    name: String,
    /// The value as written: the text after `=`, without comments, trimmed.
    value: String,
    /// The line (1-based) of the name.
    line: usize,
    /// Whether the line is indented (inside a block).
    in_block: bool,
}

/// Imports gunicorn configuration files, each on its own.
pub fn import(files: &[File<'_>], lang: Lang) -> Imported {
    Imported::file_by_file(files, |file| {
        let found = assignments(file.text).map_err(|(line, column, message)| ImportError {
            path: file.path.to_owned(),
            line,
            column,
            message,
        })?;
        Ok(rows(file.path, &found, lang))
    })
}

/// The rows of one file's assignments: for each setting, its last top-level assignment (the
/// one Python leaves bound).
fn rows(path: &str, found: &[Assignment], lang: Lang) -> Vec<Row> {
    let mut out = Vec::new();
    for &(name, segment, kind, setting) in SETTINGS {
        let Some(last) = found.iter().rfind(|a| a.name == name && !a.in_block) else {
            continue;
        };
        let (value, literal) = match literal(&last.value) {
            Some(v) => (v, true),
            None => (last.value.clone(), false),
        };
        let mut r = row(
            lang,
            LAYER,
            segment,
            kind,
            setting,
            &value,
            location(path, last.line, name),
        );
        if let Some(block) = found.iter().find(|a| a.name == name && a.in_block) {
            r.rationale = Say::AlsoInBlock { line: block.line }.text(lang);
        } else if !literal && r.rationale.is_empty() {
            r.rationale = Say::Expression.text(lang);
        }
        out.push(r);
    }
    out
}

/// The value of a Python literal as the sheet writes it: a number's text (`30`, `1.5`), a
/// string's contents (`"30"` is `30`); `None` for anything else.
fn literal(text: &str) -> Option<String> {
    let number = text.strip_prefix(['-', '+']).unwrap_or(text);
    let is_number = !number.is_empty()
        && number.starts_with(|c: char| c.is_ascii_digit() || c == '.')
        && number
            .chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == '_')
        && number.chars().filter(|&c| c == '.').count() <= 1;
    if is_number {
        return Some(text.to_owned());
    }
    for q in ['"', '\''] {
        if let Some(inner) = text.strip_prefix(q).and_then(|t| t.strip_suffix(q)) {
            if !inner.contains(q) && !inner.contains('\\') && !inner.is_empty() {
                return Some(inner.to_owned());
            }
        }
    }
    None
}

/// The assignments to the settings read, top-level and inside blocks, in the order of the
/// file; or, for a setting whose line has a string or a bracket that is never closed, the line
/// and column (1-based) where it opens and what is wrong.
///
/// The file is read as Python reads its logical lines: a bracket or a triple-quoted string
/// continues the line, `#` outside a string starts a comment, a backslash at the end of a line
/// joins the next. Only lines that assign a setting read here can be errors: the rest of the
/// file is gunicorn's and Python's business.
fn assignments(text: &str) -> Result<Vec<Assignment>, (usize, usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        let first = lines[at];
        let (logical, next, problem) = logical_line(&lines, at);
        let assigned = assigned_name(first).filter(|n| SETTINGS.iter().any(|s| s.0 == *n));
        if let Some(name) = assigned {
            if let Some((line, column, message)) = problem {
                return Err((line + 1, column + 1, message));
            }
            let value = logical
                .split_once('=')
                .map(|(_, v)| v.trim().to_owned())
                .unwrap_or_default();
            found.push(Assignment {
                name: name.to_owned(),
                value,
                line: at + 1,
                in_block: first.starts_with([' ', '\t']),
            });
        }
        at = next;
    }
    Ok(found)
}

/// The name a line assigns (`timeout = 30`, `timeout: int = 30`, indented or not), if it is an
/// assignment of one name (`==` is a comparison, `+=` not a plain assignment).
fn assigned_name(line: &str) -> Option<&str> {
    let rest = line.trim_start();
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    let (name, after) = rest.split_at(end);
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let after = after.trim_start();
    let after = match after.strip_prefix(':') {
        // An annotation: `timeout: int = 30`.
        Some(annotated) => &annotated[annotated.find('=')?..],
        None => after,
    };
    let value = after.strip_prefix('=')?;
    (!value.starts_with('=')).then_some(name)
}

/// The logical line that starts at line `at` (0-based): its code without comments (lines
/// joined by newlines), the index of the line after it, and, when a string or a bracket is
/// never closed, where it opens (0-based line and column in characters) and what it is.
fn logical_line(lines: &[&str], at: usize) -> (String, usize, Option<(usize, usize, String)>) {
    let mut code = String::new();
    // Open brackets: the bracket and where it opened.
    let mut open: Vec<(char, usize, usize)> = Vec::new();
    // An open triple-quoted string: its quote and where it opened.
    let mut triple: Option<(char, usize, usize)> = None;
    let mut index = at;
    while index < lines.len() {
        let chars: Vec<char> = lines[index].chars().collect();
        let mut i = 0;
        let mut joined = false;
        while i < chars.len() {
            let c = chars[i];
            if let Some((q, _, _)) = triple {
                if c == q && chars.get(i + 1) == Some(&q) && chars.get(i + 2) == Some(&q) {
                    triple = None;
                    code.extend([q; 3]);
                    i += 3;
                    continue;
                }
                if c == '\\' {
                    code.push(c);
                    i += 1;
                }
                if let Some(&next) = chars.get(i) {
                    code.push(next);
                }
                i += 1;
                continue;
            }
            match c {
                '#' => break,
                '"' | '\'' => {
                    if chars.get(i + 1) == Some(&c) && chars.get(i + 2) == Some(&c) {
                        triple = Some((c, index, i));
                        code.extend([c; 3]);
                        i += 3;
                        continue;
                    }
                    // A one-line string: it must close on this line.
                    let start = i;
                    code.push(c);
                    i += 1;
                    let mut closed = false;
                    while i < chars.len() {
                        let s = chars[i];
                        code.push(s);
                        i += 1;
                        if s == '\\' {
                            if let Some(&escaped) = chars.get(i) {
                                code.push(escaped);
                            }
                            i += 1;
                        } else if s == c {
                            closed = true;
                            break;
                        }
                    }
                    if !closed {
                        let message = format!("string opened with {c} is not closed on its line");
                        return (code, index + 1, Some((index, start, message)));
                    }
                    continue;
                }
                '(' | '[' | '{' => open.push((c, index, i)),
                ')' | ']' | '}' => {
                    open.pop();
                }
                '\\' if i + 1 == chars.len() => joined = true,
                _ => {}
            }
            if !joined {
                code.push(c);
            }
            i += 1;
        }
        index += 1;
        if open.is_empty() && triple.is_none() && !joined {
            return (code, index, None);
        }
        code.push('\n');
    }
    let problem = match (triple, open.first()) {
        (Some((q, line, column)), _) => Some((
            line,
            column,
            format!("string opened with {q}{q}{q} is not closed"),
        )),
        (None, Some(&(b, line, column))) => {
            Some((line, column, format!("bracket {b} is not closed")))
        }
        (None, None) => None,
    };
    (code, index, problem)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{catalog_lines, cells, Importer};

    /// The gunicorn importer: every file handed in is read as a gunicorn configuration.
    const GUNICORN: Importer = Importer(import);

    /// `segment | item | setting | value | location | rationale` of each row.
    fn brief(out: &Imported) -> Vec<String> {
        cells(
            &out.rows,
            "segment | item | setting | value | location | rationale",
        )
    }

    /// A configuration as projects write it: literals, comments, other settings, a value from
    /// the environment.
    const CONF: &str = r#"import multiprocessing
import os

bind = "0.0.0.0:" + os.environ.get("PORT", "8000")
workers = multiprocessing.cpu_count() * 2 + 1
worker_class = "gthread"

# Kill workers silent for this long (seconds).
timeout = 120  # behind the ALB's 60 s
keepalive = 75
graceful_timeout = int(os.environ.get("GRACEFUL_TIMEOUT", "30"))
"#;

    #[test]
    fn literals_are_read_and_expressions_stay_as_written() {
        let at = "deploy/gunicorn.conf.py";
        let out = GUNICORN.clean(at, CONF);
        assert_eq!(
            brief(&out),
            [
                format!("gunicorn | overall deadline | gunicorn timeout | 120 | {at}:9 timeout | "),
                format!("client -> gunicorn | keep-alive timeout | gunicorn keepalive | 75 | {at}:10 keepalive | "),
                format!("gunicorn | other | gunicorn graceful_timeout | int(os.environ.get(\"GRACEFUL_TIMEOUT\", \"30\")) | {at}:11 graceful_timeout | unresolved: expression"),
            ]
        );
    }

    #[test]
    fn a_string_literal_is_its_contents_and_the_last_assignment_wins() {
        let out = GUNICORN.one(
            "gunicorn.conf.py",
            "timeout = 30\ntimeout = '90'\nkeepalive = ${KEEPALIVE}\n",
        );
        assert_eq!(
            brief(&out),
            [
                "gunicorn | overall deadline | gunicorn timeout | 90 | gunicorn.conf.py:2 timeout | ",
                "client -> gunicorn | keep-alive timeout | gunicorn keepalive | ${KEEPALIVE} | gunicorn.conf.py:3 keepalive | unresolved: template",
            ]
        );
    }

    #[test]
    fn a_setting_also_assigned_inside_a_block_is_unresolved() {
        let text = "timeout = 30\nif os.environ.get(\"DEBUG\"):\n    timeout = 0\n";
        let out = GUNICORN.one("gunicorn.conf.py", text);
        assert_eq!(
            brief(&out),
            ["gunicorn | overall deadline | gunicorn timeout | 30 | gunicorn.conf.py:1 timeout | unresolved: also assigned inside a block at line 3; which value applies depends on the code"]
        );
    }

    #[test]
    fn text_inside_strings_and_brackets_is_not_a_setting() {
        let text = "\"\"\"Settings.\n\ntimeout = 5 is what we had.\n\"\"\"\nraw_env = [\n    'A=1',\n]\ntimeout = int(\n    os.environ.get('T', '60')\n)\nkeepalive = 2 # not 5\n";
        let out = GUNICORN.clean("gunicorn.conf.py", text);
        assert_eq!(
            brief(&out),
            [
                "gunicorn | overall deadline | gunicorn timeout | int(\n    os.environ.get('T', '60')\n) | gunicorn.conf.py:8 timeout | unresolved: expression",
                "client -> gunicorn | keep-alive timeout | gunicorn keepalive | 2 | gunicorn.conf.py:11 keepalive | ",
            ]
        );
    }

    #[test]
    fn an_unclosed_string_or_bracket_in_a_setting_is_an_error_with_its_position() {
        let out = GUNICORN.one("g/gunicorn.conf.py", "workers = 2\ntimeout = \"30\n");
        assert_eq!(out.rows, []);
        assert_eq!(
            out.errors[0].to_string(),
            "g/gunicorn.conf.py:2:11: string opened with \" is not closed on its line"
        );
        let out = GUNICORN.one("gunicorn.conf.py", "keepalive = int(\n  5\n");
        assert_eq!(
            out.errors[0].to_string(),
            "gunicorn.conf.py:1:16: bracket ( is not closed"
        );
        // Another line's broken text is not the importer's to judge.
        let out = GUNICORN.one("gunicorn.conf.py", "bind = '0.0.0.0\ntimeout = 10\n");
        assert_eq!((out.errors.len(), out.rows.len()), (0, 1));
    }

    #[test]
    fn every_sentence_is_said_in_both_languages() {
        for say in [Say::Expression, Say::AlsoInBlock { line: 3 }] {
            assert_ne!(say.text(Lang::En), say.text(Lang::Ja), "{say:?}");
            assert!(say.text(Lang::Ja).starts_with("unresolved: "));
        }
    }

    #[test]
    fn every_setting_written_is_one_the_catalog_knows() {
        let out = GUNICORN.one(
            "gunicorn.conf.py",
            "timeout = 30\nkeepalive = 5\ngraceful_timeout = 20\n",
        );
        assert_eq!(
            catalog_lines(&out.rows, |e| format!(" ({:?})", e.kind)),
            [
                "gunicorn timeout = gunicorn / timeout (Deadline)",
                "gunicorn keepalive = gunicorn / keepalive (Idle)",
                "gunicorn graceful_timeout = gunicorn / graceful_timeout (Other)",
            ]
        );
    }
}

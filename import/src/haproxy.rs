//! HAProxy: `haproxy.cfg` and the other files of one configuration (HAProxy reads several `-f`
//! files as one text, in order, so a `defaults` section in one applies to the proxies of the
//! next).
//!
//! A small line reader: a line whose first word is a section keyword (`global`, `defaults`,
//! `frontend`, `backend`, `listen`, and the other sections HAProxy knows, which are skipped)
//! opens a section; the other lines are its directives. `#` starts a comment, quotes and
//! backslashes are read as HAProxy reads them. A line outside any section that is not a comment,
//! and a quote that is never closed, are errors with their position.
//!
//! Proxies take every setting they do not set from the `defaults` section before them (or the
//! one named by `from NAME`); a proxy's own line overrides it, and each row's location is the
//! line its value comes from (HAProxy configuration manual, section 4, "Proxies").
//!
//! Topology (the manual's section 4: a `listen` section is a frontend and a backend at once):
//!
//! - The client side of a frontend or `listen` section `P` is the hop `client -> P`: `timeout
//!   client`, `timeout http-request`, `timeout http-keep-alive`.
//! - Each backend `B` a frontend `F` names in `use_backend` or `default_backend` is the hop
//!   `F -> B`, and the backends of one frontend are one route group named after it (each
//!   request takes one of them). A `listen` section's own servers are the hop `L -> L servers`.
//!   A backend no frontend names is `haproxy -> B`. Its `timeout connect`, `timeout server`,
//!   `timeout queue`, `retries`, `retry-on` and `option redispatch` are on every such hop.
//!
//! Values are written as the file has them; a bare number is milliseconds (the manual's
//! section 2.5, "Time format"), and the rationale says so. Hidden defaults are made explicit:
//! without `timeout client`, `timeout connect` or `timeout server` in scope HAProxy warns at
//! start-up and never times out there (an unset timeout is infinite): the row is `—` with the
//! default `none`. A backend without `retries` gets `—` with HAProxy's default of 3 retries.
//! Environment variables (`"${TIMEOUT}"`, `"$TIMEOUT"`) stay as written, `unresolved: template`.

use budget::{Kind, Lang, Row};

use crate::location::location;
use crate::row::{route_group, row, UNRESOLVED_TEMPLATE};
use crate::{File, ImportError, Imported};

/// The keywords that open a section (HAProxy configuration manual, sections 3 to 12).
const SECTIONS: &[&str] = &[
    "global",
    "defaults",
    "frontend",
    "backend",
    "listen",
    "userlist",
    "peers",
    "resolvers",
    "mailers",
    "program",
    "http-errors",
    "ring",
    "cache",
    "fcgi-app",
    "log-forward",
    "crt-store",
    "traces",
    "acme",
];

/// The client-side settings of a frontend: directive, kind, and whether HAProxy warns when
/// it is unset.
const CLIENT_SIDE: &[(&str, Kind, bool)] = &[
    ("timeout client", Kind::Idle, true),
    ("timeout http-request", Kind::Other, false),
    ("timeout http-keep-alive", Kind::Idle, false),
];

/// The server-side settings of a backend: directive, kind, and whether HAProxy warns when
/// it is unset.
const SERVER_SIDE: &[(&str, Kind, bool)] = &[
    ("timeout connect", Kind::Connect, true),
    ("timeout server", Kind::Read, true),
    ("timeout queue", Kind::Queueing, false),
    ("retries", Kind::Tries, false),
    ("retry-on", Kind::RetryOn, false),
    ("option redispatch", Kind::Other, false),
];

/// HAProxy's number of retries when `retries` is not set (`CONN_RETRIES` in
/// `include/haproxy/defaults.h`).
const DEFAULT_RETRIES: &str = "3 retries";

/// What a rationale says, in the sheet's language.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Say<'a> {
    /// A bare number: HAProxy reads milliseconds.
    Milliseconds,
    /// The value comes from a defaults section.
    Inherited {
        /// The section as the location names it (`defaults`, `defaults web`).
        from: &'a str,
    },
    /// An unset timeout HAProxy warns about: infinite.
    NoTimeout,
    /// No `retries`: HAProxy's default.
    DefaultRetries,
    /// `option redispatch`: the last retry goes to another server.
    Redispatch {
        /// The backend's servers, comma-separated.
        servers: &'a str,
    },
    /// The backends of one frontend are alternatives.
    Routes,
}

impl Say<'_> {
    /// The sentence in `lang`.
    fn text(&self, lang: Lang) -> String {
        let ja = lang == Lang::Ja;
        match self {
            Say::Milliseconds if ja => "HAProxy は単位のない数値をミリ秒として読む".into(),
            Say::Milliseconds => "HAProxy reads a bare number as milliseconds".into(),
            Say::Inherited { from } if ja => format!("`{from}` セクションから引き継いだ値"),
            Say::Inherited { from } => format!("inherited from the `{from}` section"),
            Say::NoTimeout if ja => "未設定: HAProxy は起動時に警告し、ここでは待ち続ける（タイムアウトなしは無限）".into(),
            Say::NoTimeout => "not set: HAProxy warns at start-up and waits forever here (no timeout is infinite)".into(),
            Say::DefaultRetries if ja => "未設定: HAProxy は失敗した接続を既定で3回再試行する（接続の試行だけで、リクエストは再送しない）".into(),
            Say::DefaultRetries => "not set: HAProxy retries a failed connection 3 times by default (connection attempts only, not requests)".into(),
            Say::Redispatch { servers } if ja => format!(
                "接続に失敗したとき、最後の再試行はこの backend の別のサーバー（{servers}）へ向かう。試行回数は retries + 1 のまま"
            ),
            Say::Redispatch { servers } => format!(
                "when a connection fails, the last retry goes to another server of the backend ({servers}); the tries stay retries + 1"
            ),
            Say::Routes if ja => "1つの frontend の backend（use_backend と default_backend）は択一: 各リクエストはそのうち1つを通る".into(),
            Say::Routes => "the backends of one frontend (use_backend and default_backend) are alternatives: each request takes one of them".into(),
        }
    }
}

/// One directive: its words (quotes and escapes resolved) and where it is.
#[derive(Clone, Debug)]
struct Directive {
    words: Vec<String>,
    /// The line (1-based).
    line: usize,
}

/// One section: its keyword, its name, the defaults section it names with `from`, and its
/// directives.
#[derive(Clone, Debug)]
struct Section<'t> {
    /// The file's path.
    path: &'t str,
    keyword: String,
    name: String,
    from: Option<String>,
    /// The line (1-based) of the keyword.
    line: usize,
    directives: Vec<Directive>,
}

impl Section<'_> {
    /// How a location names the section: `backend app`, `defaults`, `defaults web`.
    fn label(&self) -> String {
        if self.name.is_empty() {
            self.keyword.clone()
        } else {
            format!("{} {}", self.keyword, self.name)
        }
    }

    fn is_frontend(&self) -> bool {
        matches!(self.keyword.as_str(), "frontend" | "listen")
    }

    fn is_backend(&self) -> bool {
        matches!(self.keyword.as_str(), "backend" | "listen")
    }

    /// The settings the section's own lines set, last one winning (HAProxy keeps the last).
    fn own(&self) -> Vec<Setting> {
        let mut out: Vec<Setting> = Vec::new();
        for d in &self.directives {
            if let Some((name, value)) = setting_of(&d.words) {
                out.retain(|s| s.name != name);
                out.push(Setting {
                    name,
                    value,
                    path: self.path.to_owned(),
                    line: d.line,
                    section: self.label(),
                    inherited: false,
                });
            }
        }
        out
    }
}

/// A setting in scope of a proxy, and where its value comes from.
#[derive(Clone, Debug)]
struct Setting {
    /// The directive as the catalog knows it (`timeout server`, `retries`).
    name: &'static str,
    /// The value as written.
    value: String,
    path: String,
    line: usize,
    /// The section the line is in, as a location names it.
    section: String,
    /// Whether it comes from a defaults section.
    inherited: bool,
}

/// The setting a directive sets, and its value as written: `timeout server 30s` is
/// (`timeout server`, `30s`); `option redispatch` is `on`, `no option redispatch` `off`.
fn setting_of(words: &[String]) -> Option<(&'static str, String)> {
    let w: Vec<&str> = words.iter().map(String::as_str).collect();
    let known = CLIENT_SIDE
        .iter()
        .chain(SERVER_SIDE)
        .map(|(name, _, _)| *name);
    match w.as_slice() {
        ["timeout", which, value, ..] => {
            let name = format!("timeout {which}");
            known
                .into_iter()
                .find(|k| *k == name)
                .map(|k| (k, (*value).to_owned()))
        }
        ["retries", value, ..] => Some(("retries", (*value).to_owned())),
        ["retry-on", values @ ..] if !values.is_empty() => Some(("retry-on", values.join(" "))),
        ["option", "redispatch"] => Some(("option redispatch", "on".to_owned())),
        ["option", "redispatch", interval, ..] => {
            Some(("option redispatch", (*interval).to_owned()))
        }
        ["no", "option", "redispatch", ..] => Some(("option redispatch", "off".to_owned())),
        _ => None,
    }
}

/// The setting as the sheet writes it: the directive, except `retries`, which names the
/// product too (`retries` alone is every product's word; the catalog knows HAProxy's as
/// `HAProxy retries`).
fn sheet_setting(name: &str) -> &str {
    match name {
        "retries" => "HAProxy retries",
        other => other,
    }
}

/// Imports HAProxy files together, in order, as HAProxy reads them.
pub fn import(files: &[File<'_>], lang: Lang) -> Imported {
    let mut out = Imported::default();
    let mut sections = Vec::new();
    for file in files {
        match read(file) {
            Ok(found) => sections.extend(found),
            Err(err) => out.errors.push(err),
        }
    }
    out.rows = rows(&sections, lang);
    out
}

/// The sections of one file.
fn read<'t>(file: &File<'t>) -> Result<Vec<Section<'t>>, ImportError> {
    let mut sections: Vec<Section<'t>> = Vec::new();
    for (index, text) in file.text.lines().enumerate() {
        let line = index + 1;
        let words = words(text).map_err(|column| ImportError {
            path: file.path.to_owned(),
            line,
            column,
            message: "quote not closed on its line".to_owned(),
        })?;
        let Some(first) = words.first() else {
            continue;
        };
        // Conditional blocks (`.if`, `.endif`) and diagnostics (`.notice`) may stand anywhere.
        if first.starts_with('.') {
            continue;
        }
        if SECTIONS.contains(&first.as_str()) {
            let rest = &words[1..];
            let (name, from) = match rest {
                [from_kw, parent, ..] if from_kw == "from" => (String::new(), Some(parent.clone())),
                [name, from_kw, parent, ..] if from_kw == "from" => {
                    (name.clone(), Some(parent.clone()))
                }
                [name, ..] => (name.clone(), None),
                [] => (String::new(), None),
            };
            sections.push(Section {
                path: file.path,
                keyword: first.clone(),
                name,
                from,
                line,
                directives: Vec::new(),
            });
            continue;
        }
        match sections.last_mut() {
            Some(section) => section.directives.push(Directive { words, line }),
            None => {
                let column = text.chars().take_while(|c| c.is_whitespace()).count() + 1;
                return Err(ImportError {
                    path: file.path.to_owned(),
                    line,
                    column,
                    message: format!(
                        "`{first}` is outside any section: a configuration starts with a section keyword (global, defaults, frontend, backend, listen)"
                    ),
                });
            }
        }
    }
    Ok(sections)
}

/// The words of a line as HAProxy splits them: blanks separate words, `#` outside quotes
/// starts a comment, `"..."` and `'...'` quote, a backslash escapes the next character. An
/// unclosed quote is `Err` with its column (1-based, in characters). Environment variables
/// stay as written (`"${T}"` is `${T}`).
fn words(text: &str) -> Result<Vec<String>, usize> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = text.chars().enumerate().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            '#' => break,
            c if c.is_whitespace() => {
                if in_word {
                    out.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\\' => {
                in_word = true;
                if let Some((_, next)) = chars.next() {
                    word.push(next);
                }
            }
            '"' | '\'' => {
                in_word = true;
                let mut closed = false;
                while let Some((_, s)) = chars.next() {
                    if s == c {
                        closed = true;
                        break;
                    }
                    if s == '\\' && c == '"' {
                        if let Some((_, next)) = chars.next() {
                            word.push(next);
                        }
                    } else {
                        word.push(s);
                    }
                }
                if !closed {
                    return Err(at + 1);
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        out.push(word);
    }
    Ok(out)
}

/// Whether a value holds an environment variable HAProxy expands (`${T}`, `$T`).
fn is_variable(value: &str) -> bool {
    value
        .split('$')
        .skip(1)
        .any(|after| after.starts_with(|c: char| c == '{' || c.is_ascii_alphabetic() || c == '_'))
}

/// The settings in scope of each section: its defaults section's, then its own over them.
fn in_scope(sections: &[Section<'_>]) -> Vec<Vec<Setting>> {
    let mut scopes: Vec<Vec<Setting>> = Vec::with_capacity(sections.len());
    let mut last_defaults: Option<usize> = None;
    for (i, section) in sections.iter().enumerate() {
        let parent = match &section.from {
            Some(name) => sections[..i]
                .iter()
                .rposition(|s| s.keyword == "defaults" && &s.name == name),
            None if section.keyword == "defaults" => None,
            None => last_defaults,
        };
        let mut scope: Vec<Setting> = parent
            .map(|p| {
                scopes[p]
                    .iter()
                    .cloned()
                    .map(|mut s| {
                        s.inherited = true;
                        s
                    })
                    .collect()
            })
            .unwrap_or_default();
        for own in section.own() {
            scope.retain(|s| s.name != own.name);
            scope.push(own);
        }
        if section.keyword == "defaults" {
            last_defaults = Some(i);
        }
        scopes.push(scope);
    }
    scopes
}

/// The rows of every proxy, in the order of the sections.
fn rows(sections: &[Section<'_>], lang: Lang) -> Vec<Row> {
    let scopes = in_scope(sections);
    let backend_named = |name: &str| {
        sections
            .iter()
            .rposition(|s| s.is_backend() && s.name == name)
    };
    // The backends some frontend names: they get their rows on that frontend's hops.
    let mut routed = vec![false; sections.len()];
    let mut out = Out {
        lang,
        rows: Vec::new(),
    };
    let mut hops_of: Vec<Vec<Hop>> = Vec::new();
    for section in sections {
        let mut hops = Vec::new();
        if section.is_frontend() {
            for d in &section.directives {
                let target = match d.words.as_slice() {
                    [kw, backend, ..] if kw == "use_backend" || kw == "default_backend" => backend,
                    _ => continue,
                };
                // A backend chosen at run time (`%[req.hdr(host),map(...)]`) names no section.
                if target.contains("%[") {
                    continue;
                }
                let backend = backend_named(target);
                if let Some(b) = backend {
                    routed[b] = true;
                }
                let callee = match backend {
                    Some(b) if sections[b].keyword == "listen" => format!("{target} servers"),
                    _ => target.clone(),
                };
                if !hops.iter().any(|h: &Hop| h.callee == callee) {
                    hops.push(Hop {
                        callee,
                        backend,
                        at: (d.line, format!("{} {}", section.label(), d.words.join(" "))),
                    });
                }
            }
        }
        hops_of.push(hops);
    }
    for (i, section) in sections.iter().enumerate() {
        let scope = &scopes[i];
        if section.is_frontend() {
            out.side(
                section,
                &format!("client -> {}", section.name),
                scope,
                CLIENT_SIDE,
            );
            let grouped = !hops_of[i].is_empty();
            let mut hops = hops_of[i].clone();
            let own_servers = section.keyword == "listen"
                && section
                    .directives
                    .iter()
                    .any(|d| d.words.first().is_some_and(|w| w == "server"));
            if own_servers && !hops.iter().any(|h| h.backend == Some(i)) {
                hops.push(Hop {
                    callee: format!("{} servers", section.name),
                    backend: Some(i),
                    at: (section.line, section.label()),
                });
            }
            for hop in &hops {
                let segment = format!("{} -> {}", section.name, hop.callee);
                if grouped {
                    let (line, selector) = &hop.at;
                    out.rows.push(route_group(
                        lang,
                        &format!("HAProxy {}", section.label()),
                        &segment,
                        &section.name,
                        location(section.path, *line, selector),
                        Say::Routes.text(lang),
                    ));
                }
                if let Some(b) = hop.backend {
                    out.side(&sections[b], &segment, &scopes[b], SERVER_SIDE);
                }
            }
        } else if section.keyword == "backend" && !routed[i] {
            let segment = format!("haproxy -> {}", section.name);
            out.side(section, &segment, scope, SERVER_SIDE);
        }
    }
    out.rows
}

/// A hop from a frontend to a backend: the callee as the segment names it, the backend's
/// section, and the line and selector of the rule that routes there.
#[derive(Clone, Debug)]
struct Hop {
    callee: String,
    backend: Option<usize>,
    at: (usize, String),
}

/// The rows written so far.
struct Out {
    lang: Lang,
    rows: Vec<Row>,
}

impl Out {
    /// The rows of one side of a proxy on `segment`: each setting in scope, or, for a timeout
    /// HAProxy warns about, `—` with no bound; `retries` with its default.
    fn side(
        &mut self,
        proxy: &Section<'_>,
        segment: &str,
        scope: &[Setting],
        settings: &[(&'static str, Kind, bool)],
    ) {
        let lang = self.lang;
        let layer = format!("HAProxy {}", proxy.label());
        for &(name, kind, warned) in settings {
            match scope.iter().find(|s| s.name == name) {
                Some(s) => {
                    let at = location(&s.path, s.line, &format!("{} {name}", s.section));
                    let mut r = row(
                        lang,
                        &layer,
                        segment,
                        kind,
                        sheet_setting(name),
                        &s.value,
                        at,
                    );
                    let mut why = Vec::new();
                    if is_variable(&s.value) {
                        r.rationale = UNRESOLVED_TEMPLATE.to_owned();
                    } else {
                        if name.starts_with("timeout")
                            && s.value.chars().all(|c| c.is_ascii_digit())
                        {
                            why.push(Say::Milliseconds.text(lang));
                        }
                        if name == "option redispatch" && s.value != "off" {
                            let servers = servers_of(proxy);
                            why.push(Say::Redispatch { servers: &servers }.text(lang));
                        }
                        if s.inherited {
                            why.push(Say::Inherited { from: &s.section }.text(lang));
                        }
                        r.rationale = why.join("; ");
                    }
                    self.rows.push(r);
                }
                None if warned || name == "retries" => {
                    let at = location(proxy.path, proxy.line, &format!("{} {name}", proxy.label()));
                    let mut r = row(lang, &layer, segment, kind, sheet_setting(name), "—", at);
                    if name == "retries" {
                        r.default = DEFAULT_RETRIES.to_owned();
                        r.rationale = Say::DefaultRetries.text(lang);
                    } else {
                        r.default = "none".to_owned();
                        r.rationale = Say::NoTimeout.text(lang);
                    }
                    self.rows.push(r);
                }
                None => {}
            }
        }
    }
}

/// The names of a backend's `server` lines, comma-separated.
fn servers_of(proxy: &Section<'_>) -> String {
    proxy
        .directives
        .iter()
        .filter_map(|d| match d.words.as_slice() {
            [kw, name, ..] if kw == "server" => Some(name.as_str()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests;

//! nginx: `nginx.conf`, `conf.d/*.conf`, site files (`sites-available/app`) and envsubst
//! templates of them, with the files they `include`.
//!
//! What is read, and the rows it makes (layer `nginx`):
//!
//! - Each `location` that passes requests on (`proxy_pass`, `uwsgi_pass`, `fastcgi_pass`,
//!   `grpc_pass`) is a hop `SERVER -> TARGET`: `SERVER` is the server's first `server_name`
//!   (`nginx :PORT` from its first `listen` when it has none; `NAME:PORT` when two servers
//!   share the name), `TARGET` the named `upstream` or the address passed to (`http://` and
//!   the URI left out). When several locations of one server pass to one target, each is its
//!   own hop, `TARGET (LOCATION)`, because each has its own timeouts. The passing locations of
//!   one server are one route group named after the server (`budget-model.md` §4.2).
//! - On each hop, the pass module's settings as the location sees them: `*_connect_timeout`,
//!   `*_read_timeout`, `*_send_timeout`, `*_next_upstream`, `*_next_upstream_tries`,
//!   `*_next_upstream_timeout` and `*_cache_lock_timeout` of the proxy, uwsgi, fastcgi or grpc
//!   module. nginx's inheritance decides the value: the location's own line, else the nearest
//!   enclosing `location`, `server`, `http` or top level that writes it; the row names the line
//!   it came from, and an inherited row says from which block. A location with no read timeout
//!   anywhere gets a row `—` with nginx's default from the catalog, at the location's line.
//! - A hop to a named upstream gets an `upstream servers` row: the number of its `server` lines
//!   (not those marked `down`), at the `upstream` line. They are the servers a failed try goes
//!   on to (`proxy_next_upstream`); a name that resolves to several addresses is several
//!   servers to nginx, and the rationale says so rather than guessing how many. The upstream's
//!   own `keepalive_timeout` goes on the hop (nginx's side of the connection).
//! - On the server itself (a segment without an arrow): `keepalive_timeout` (its side of the
//!   client connection), `client_header_timeout`, `client_body_timeout`, `send_timeout` and
//!   `resolver_timeout`, inherited the same way, and each written in one of its locations.
//! - A setting no row above takes (a `proxy_read_timeout` in a location that hands requests to
//!   a named location with `try_files`: the named location's settings apply, not this one's)
//!   is still a row, of kind `other`, and its rationale says why it bounds nothing.
//!
//! `ssl_session_timeout` is not read: it is how long a TLS session may be resumed, not a wait.
//! Directives inside `if` and `limit_except` blocks and the `stream` module are not read.
//!
//! Values are the text as written (a bare number keeps its text; the catalog says nginx reads
//! it as seconds). A value with an envsubst placeholder (`${PROXY_READ_TIMEOUT}`) or an nginx
//! variable (`$timeout`) stays as written with the rationale `unresolved: template`.
//!
//! `include`: the crate reads no file, so an `include` is resolved against the other files
//! handed in: a file matches when its name matches the pattern's last component (`*` and `?`
//! as globs) and, when both have one, its folder's name matches the pattern's folder
//! (`include /etc/nginx/conf.d/*.conf;` takes `deploy/conf.d/api.conf`). Matched files are
//! read in path order at the place of the `include`, and their rows name their own path and
//! line. An `include` that names no file handed in (`/etc/nginx/mime.types`) is ignored. A file
//! that another file includes is read only there.
//!
//! The tokenizer is this crate's own (the `parse` module). `nginx-lint-parser`, the crate that reads
//! nginx files, was considered and not taken: it is the parser of one author's linter, at
//! version 0.24 with no 1.0 promise of a stable API, built on `rowan` syntax trees (and as a
//! `cdylib` for the linter's WebAssembly plugins). The importer needs only words, `;`, blocks
//! and comments with their lines and columns, which nginx's grammar gives in a few hundred
//! lines read as nginx's own reader reads them, and errors that name `PATH:LINE:COLUMN`.

mod include;
mod parse;
mod say;

use std::collections::{HashMap, HashSet};

use budget::{Kind, Lang, Row};

use crate::location::location;
use crate::row::{route_group, row, UNRESOLVED_TEMPLATE};
use crate::{File, ImportError, Imported};
use include::{expand, included_files, Node};
use parse::{parse, Directive};
use say::Say;

/// The layer of every row.
const LAYER: &str = "nginx";

/// The modules that pass a request on to a server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Module {
    Proxy,
    Uwsgi,
    Fastcgi,
    Grpc,
}

impl Module {
    const ALL: [Module; 4] = [Module::Proxy, Module::Uwsgi, Module::Fastcgi, Module::Grpc];

    /// The prefix of its directives (`proxy`).
    fn prefix(self) -> &'static str {
        match self {
            Module::Proxy => "proxy",
            Module::Uwsgi => "uwsgi",
            Module::Fastcgi => "fastcgi",
            Module::Grpc => "grpc",
        }
    }

    /// The schemes its pass directive may write before the address.
    fn schemes(self) -> &'static [&'static str] {
        match self {
            Module::Proxy => &["http://", "https://"],
            Module::Uwsgi => &["uwsgi://", "suwsgi://"],
            Module::Fastcgi => &[],
            Module::Grpc => &["grpc://", "grpcs://"],
        }
    }

    /// Its pass directive (`proxy_pass`).
    fn pass(self) -> String {
        format!("{}_pass", self.prefix())
    }

    /// One of its settings (`proxy_read_timeout` for `read_timeout`).
    fn setting(self, suffix: &str) -> String {
        format!("{}_{suffix}", self.prefix())
    }
}

/// The settings of each pass module, by the name after the module's prefix, in row order.
const MODULE_SETTINGS: &[(&str, Kind)] = &[
    ("connect_timeout", Kind::Connect),
    ("read_timeout", Kind::Read),
    ("send_timeout", Kind::Send),
    ("next_upstream", Kind::RetryOn),
    ("next_upstream_tries", Kind::Tries),
    ("next_upstream_timeout", Kind::RetryWindow),
    ("cache_lock_timeout", Kind::Other),
];

/// The core module's settings of the connections from nginx's clients, in row order.
const CLIENT_SETTINGS: &[(&str, Kind)] = &[
    ("keepalive_timeout", Kind::Idle),
    ("client_header_timeout", Kind::Other),
    ("client_body_timeout", Kind::Other),
    ("send_timeout", Kind::Other),
    ("resolver_timeout", Kind::Other),
];

/// The catalog's name of an upstream's `server` lines and of its `keepalive_timeout`.
const UPSTREAM_SERVERS: &str = "server (upstream)";
const UPSTREAM_KEEPALIVE: &str = "keepalive_timeout (upstream)";

/// The kind of a setting the importer reads, and the module it belongs to (`None`: the core
/// module's client settings).
fn setting_kind(name: &str) -> Option<(Option<Module>, Kind)> {
    if let Some(&(_, kind)) = CLIENT_SETTINGS.iter().find(|(n, _)| *n == name) {
        return Some((None, kind));
    }
    Module::ALL.into_iter().find_map(|module| {
        let suffix = name.strip_prefix(module.prefix())?.strip_prefix('_')?;
        MODULE_SETTINGS
            .iter()
            .find(|(s, _)| *s == suffix)
            .filter(|(s, _)| module != Module::Grpc || *s != "cache_lock_timeout")
            .map(|&(_, kind)| (Some(module), kind))
    })
}

/// Imports nginx files together: an `include` in one brings in the directives of another.
pub fn import(files: &[File<'_>], lang: Lang) -> Imported {
    let mut errors = Vec::new();
    let mut parsed: Vec<(&str, Vec<Directive>)> = Vec::new();
    for file in files {
        match parse(file.text) {
            Ok(directives) => parsed.push((file.path, directives)),
            Err(err) => errors.push(ImportError {
                path: file.path.to_owned(),
                line: err.line,
                column: err.column,
                message: err.message,
            }),
        }
    }
    let included = included_files(&parsed);
    let roots: Vec<Vec<Node<'_>>> = parsed
        .iter()
        .filter(|(path, _)| !included.contains(path))
        .map(|(path, directives)| expand(path, directives, &parsed, &mut vec![*path]))
        .collect();
    let mut out = Out {
        lang,
        rows: Vec::new(),
        used: HashSet::new(),
        servers: HashMap::new(),
    };
    let mut servers = Vec::new();
    let mut upstreams = Vec::new();
    for top in &roots {
        let main = Level {
            own: None,
            selector: String::new(),
            children: top,
        };
        collect(main, &mut servers, &mut upstreams);
    }
    let names = server_names(&servers);
    for (server, name) in servers.iter().zip(&names) {
        out.servers
            .insert(server.node.directive as *const Directive, name.clone());
    }
    for (server, name) in servers.iter().zip(&names) {
        out.server(server, name, &upstreams);
    }
    let top_level = Within {
        selector: "",
        server: None,
        upstream: false,
    };
    for top in &roots {
        out.unused(top, &top_level);
    }
    Imported {
        rows: out.rows,
        errors,
    }
}

/// A block that settings are inherited from: the top level, `http`, `server` or `location`.
#[derive(Clone)]
struct Level<'n, 'a> {
    /// The block as a selector names it (`server api.example.com`); `None` for the top level.
    own: Option<String>,
    /// The selector of a directive in it, without the directive: the enclosing blocks' and its
    /// own names, space-separated (`http server api.example.com location /upload`).
    selector: String,
    /// Its directives.
    children: &'n [Node<'a>],
}

impl<'n, 'a> Level<'n, 'a> {
    /// The level of the block `node` inside `self`, named `own` in selectors.
    fn inner(&self, own: String, node: &'n Node<'a>) -> Level<'n, 'a> {
        let selector = if self.selector.is_empty() {
            own.clone()
        } else {
            format!("{} {own}", self.selector)
        };
        Level {
            own: Some(own),
            selector,
            children: &node.children,
        }
    }

    /// The selector of the directive `name` in this block.
    fn select(&self, name: &str) -> String {
        if self.selector.is_empty() {
            name.to_owned()
        } else {
            format!("{} {name}", self.selector)
        }
    }
}

/// A `server` block and the levels it inherits from (the top level, `http`), outermost first.
struct Server<'n, 'a> {
    outer: Vec<Level<'n, 'a>>,
    node: &'n Node<'a>,
}

/// The `server` and `upstream` blocks at `level` (the top level) and in its `http` blocks.
fn collect<'n, 'a>(
    level: Level<'n, 'a>,
    servers: &mut Vec<Server<'n, 'a>>,
    upstreams: &mut Vec<&'n Node<'a>>,
) {
    for node in level.children {
        match node.name() {
            "server" => servers.push(Server {
                outer: vec![level.clone()],
                node,
            }),
            "upstream" => upstreams.push(node),
            "http" => {
                let http = level.inner("http".to_owned(), node);
                for inner in &node.children {
                    match inner.name() {
                        "server" => servers.push(Server {
                            outer: vec![level.clone(), http.clone()],
                            node: inner,
                        }),
                        "upstream" => upstreams.push(inner),
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
}

/// A server's first `server_name` (not the catch-all `_` or `""`).
fn server_name(node: &Node<'_>) -> Option<String> {
    node.child("server_name")?
        .directive
        .args
        .iter()
        .map(|a| a.text.as_str())
        .find(|n| !n.is_empty() && *n != "_")
        .map(str::to_owned)
}

/// The port of a server's first `listen` (`443` of `443 ssl`, of `[::]:443` or of
/// `10.0.0.1:443`), or the address as written when it has no port (`unix:/run/a.sock`).
fn listen_port(node: &Node<'_>) -> Option<String> {
    let first = node.child("listen")?.directive.args.first()?.text.as_str();
    let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    if digits(first) {
        return Some(first.to_owned());
    }
    match first.rsplit_once(':') {
        Some((_, port)) if digits(port) => Some(port.to_owned()),
        _ => Some(first.to_owned()),
    }
}

/// Each server's name as a node of the sheet and as its selector (`server NAME`): its
/// `server_name`, with `:PORT` when two servers share it; `nginx :PORT` (selector
/// `server :PORT`) for a server without one.
fn server_names(servers: &[Server<'_, '_>]) -> Vec<(String, String)> {
    let names: Vec<Option<String>> = servers.iter().map(|s| server_name(s.node)).collect();
    servers
        .iter()
        .zip(&names)
        .map(|(server, name)| {
            let port = listen_port(server.node);
            match (name, port) {
                (Some(n), Some(p))
                    if names.iter().filter(|m| m.as_ref() == Some(n)).count() > 1 =>
                {
                    (format!("{n}:{p}"), format!("server {n}:{p}"))
                }
                (Some(n), _) => (n.clone(), format!("server {n}")),
                (None, Some(p)) => (format!("nginx :{p}"), format!("server :{p}")),
                (None, None) => ("nginx".to_owned(), "server".to_owned()),
            }
        })
        .collect()
}

/// A location that passes requests on: its levels (outermost first, itself last), its
/// selector words (`location /upload`), the module and the target it passes to.
struct Pass<'n, 'a> {
    levels: Vec<Level<'n, 'a>>,
    node: &'n Node<'a>,
    own: String,
    module: Module,
    target: String,
}

/// The target a pass directive names: the upstream or address, without the scheme and URI
/// (`http://sentry/_static/` → `sentry`, `unix:/run/php.sock` as written).
fn target(module: Module, address: &str) -> String {
    let rest = module
        .schemes()
        .iter()
        .find_map(|s| address.strip_prefix(s))
        .unwrap_or(address);
    if module.schemes().is_empty() || rest.starts_with("unix:") {
        // `http://unix:/tmp/app.sock:/uri/`: the socket ends at the `:` before the URI.
        return match rest.strip_prefix("unix:").and_then(|s| s.split_once(':')) {
            Some((socket, _)) => format!("unix:{socket}"),
            None => rest.to_owned(),
        };
    }
    rest.split('/').next().unwrap_or(rest).to_owned()
}

/// The rows found so far, and which directives they took.
struct Out {
    /// The sheet's language.
    lang: Lang,
    rows: Vec<Row>,
    /// The directives a row took (by address): the others become `other` rows at the end.
    used: HashSet<*const Directive>,
    /// Each `server` block's node name and selector words (by the block directive's address).
    servers: HashMap<*const Directive, (String, String)>,
}

impl Out {
    /// A rationale in the sheet's language.
    fn say(&self, say: Say<'_>) -> String {
        say.text(self.lang)
    }

    /// The row of the setting `node` (found at `levels[at]`) for a block whose innermost
    /// level is the last of `levels`.
    fn setting(
        &mut self,
        segment: &str,
        kind: Kind,
        setting: &str,
        node: &Node<'_>,
        levels: &[Level<'_, '_>],
        at: usize,
    ) {
        self.used.insert(node.directive);
        let d = node.directive;
        let keepalive = d.name.text == "keepalive_timeout";
        let value = if keepalive {
            d.args.first().map(|a| a.text.clone()).unwrap_or_default()
        } else {
            d.args_text()
        };
        let selector = levels[at].select(&d.name.text);
        let mut r = row(
            self.lang,
            LAYER,
            segment,
            kind,
            setting,
            &value,
            location(node.path, d.name.line, &selector),
        );
        if d.args_text().contains('$') {
            r.rationale = UNRESOLVED_TEMPLATE.to_owned();
        } else {
            let mut said = Vec::new();
            if at + 1 < levels.len() {
                said.push(self.say(Say::Inherited {
                    from: levels[at].own.as_deref(),
                }));
            }
            if let (true, Some(header)) = (keepalive, d.args.get(1)) {
                said.push(self.say(Say::KeepAliveHeader {
                    header: &header.text,
                }));
            }
            r.rationale = said.join("; ");
        }
        self.rows.push(r);
    }

    /// The rows of one server: its own client settings, then each passing location's hop.
    fn server<'n, 'a>(
        &mut self,
        server: &Server<'n, 'a>,
        (name, own): &(String, String),
        upstreams: &[&'n Node<'a>],
    ) {
        // A server's selectors start with it: `http` around it is one.
        let mut levels = server.outer.clone();
        levels.push(Level {
            own: Some(own.clone()),
            selector: own.clone(),
            children: &server.node.children,
        });
        for &(setting, kind) in CLIENT_SETTINGS {
            if let Some((at, node)) = find(&levels, setting) {
                self.setting(name, kind, setting, node, &levels, at);
            }
        }
        let mut passes = Vec::new();
        locations(&levels, &mut passes, &mut |levels| {
            // A client setting written in a location is the server's, for that location.
            for &(setting, kind) in CLIENT_SETTINGS {
                let last = levels.len() - 1;
                if let Some(node) = levels[last].children.iter().find(|n| n.name() == setting) {
                    self.setting(name, kind, setting, node, levels, last);
                }
            }
        });
        for pass in &passes {
            let shared = passes.iter().filter(|p| p.target == pass.target).count() > 1;
            let callee = if shared {
                format!(
                    "{} ({})",
                    pass.target,
                    pass.own.trim_start_matches("location ")
                )
            } else {
                pass.target.clone()
            };
            let segment = format!("{name} -> {callee}");
            self.hop(&segment, name, pass, upstreams);
        }
    }

    /// The rows of one passing location's hop.
    fn hop(&mut self, segment: &str, group: &str, pass: &Pass<'_, '_>, upstreams: &[&Node<'_>]) {
        let last = pass.levels.len() - 1;
        let here = &pass.levels[last];
        let at = |selector: &str| location(pass.node.path, pass.node.directive.name.line, selector);
        let why = self.say(Say::Locations);
        let r = route_group(self.lang, LAYER, segment, group, at(&here.selector), why);
        self.rows.push(r);
        for &(suffix, kind) in MODULE_SETTINGS {
            let setting = pass.module.setting(suffix);
            match find(&pass.levels, &setting) {
                Some((found, node)) => {
                    self.setting(segment, kind, &setting, node, &pass.levels, found)
                }
                None if kind == Kind::Read => {
                    let probe = Row {
                        layer: LAYER.to_owned(),
                        setting: setting.clone(),
                        ..Row::default()
                    };
                    // The default is the catalog's; without an entry nothing is written.
                    let Some(entry) = budget::catalog::lookup(&probe) else {
                        continue;
                    };
                    let mut r = row(
                        self.lang,
                        LAYER,
                        segment,
                        kind,
                        &setting,
                        "—",
                        at(&here.select(&setting)),
                    );
                    r.default = entry.default.to_owned();
                    r.rationale = self.say(Say::ReadDefault {
                        setting: &setting,
                        default: entry.default,
                    });
                    self.rows.push(r);
                }
                None => {}
            }
        }
        let Some(upstream) = upstreams.iter().find(|u| {
            u.directive.args.first().map(|a| a.text.as_str()) == Some(pass.target.as_str())
        }) else {
            return;
        };
        let own = format!("upstream {}", pass.target);
        let inside = Level {
            own: Some(own.clone()),
            selector: own,
            children: &upstream.children,
        };
        let servers: Vec<String> = upstream
            .children
            .iter()
            .filter(|n| n.name() == "server")
            .filter(|n| !n.directive.args.iter().any(|a| a.text == "down"))
            .map(|n| n.directive.args_text())
            .collect();
        if !servers.is_empty() {
            let mut r = row(
                self.lang,
                LAYER,
                segment,
                Kind::Upstreams,
                UPSTREAM_SERVERS,
                &servers.len().to_string(),
                location(
                    upstream.path,
                    upstream.directive.name.line,
                    &inside.selector,
                ),
            );
            r.rationale = self.say(Say::UpstreamServers {
                upstream: &pass.target,
                servers: &servers.join("; "),
                next: &pass.module.setting("next_upstream"),
            });
            self.rows.push(r);
        }
        if let Some(keepalive) = upstream.child("keepalive_timeout") {
            let levels = [inside];
            self.setting(
                segment,
                Kind::Idle,
                UPSTREAM_KEEPALIVE,
                keepalive,
                &levels,
                0,
            );
        }
    }

    /// An `other` row for each setting in `nodes` (and the blocks inside) that no row took,
    /// in file order; `within` is where they are.
    fn unused(&mut self, nodes: &[Node<'_>], within: &Within<'_>) {
        for node in nodes {
            let name = node.name();
            if let Some(words) = block_words(node) {
                let known = self.servers.get(&(node.directive as *const Directive));
                let inner = match (name, known) {
                    // A server's and an upstream's selectors start with them (`http` is one).
                    ("server", Some((_, own))) => own.clone(),
                    ("server" | "upstream", _) => words,
                    _ => within.select(&words),
                };
                let server = match (name, known) {
                    ("server", Some((node_name, _))) => Some(node_name.clone()),
                    _ => within.server.map(str::to_owned),
                };
                let inside = Within {
                    selector: &inner,
                    server: server.as_deref(),
                    upstream: name == "upstream" || within.upstream,
                };
                self.unused(&node.children, &inside);
                continue;
            }
            let (setting, module) = if name == "keepalive_timeout" && within.upstream {
                (UPSTREAM_KEEPALIVE.to_owned(), None)
            } else {
                match setting_kind(name) {
                    Some((module, _)) => (name.to_owned(), module),
                    None => continue,
                }
            };
            if self.used.contains(&(node.directive as *const Directive)) {
                continue;
            }
            let d = node.directive;
            let mut r = row(
                self.lang,
                LAYER,
                within.server.unwrap_or(LAYER),
                Kind::Other,
                &setting,
                &d.args_text(),
                location(node.path, d.name.line, &within.select(name)),
            );
            r.rationale = if d.args_text().contains('$') {
                UNRESOLVED_TEMPLATE.to_owned()
            } else {
                match module {
                    Some(m) => self.say(Say::NotPassed { pass: &m.pass() }),
                    None if within.upstream => self.say(Say::UpstreamUnused),
                    None => self.say(Say::NoServer),
                }
            };
            self.rows.push(r);
        }
    }
}

/// Where [`Out::unused`] is in the configuration.
struct Within<'s> {
    /// The selector of the enclosing blocks (empty at the top level).
    selector: &'s str,
    /// The node name of the enclosing server, if any.
    server: Option<&'s str>,
    /// Whether this is inside an `upstream` block.
    upstream: bool,
}

impl Within<'_> {
    /// The selector of `words` here.
    fn select(&self, words: &str) -> String {
        if self.selector.is_empty() {
            words.to_owned()
        } else {
            format!("{} {words}", self.selector)
        }
    }
}

/// The words a block directive the importer reads names itself by in selectors (`http`,
/// `server NAME`, `location /upload`, `upstream backend`); `None` for any other directive
/// (and for blocks not read: `if`, `limit_except`, `map`, `stream`, `events`).
fn block_words(node: &Node<'_>) -> Option<String> {
    node.directive.block.as_ref()?;
    let args = node.directive.args_text();
    match node.name() {
        "http" => Some("http".to_owned()),
        "server" => Some(match server_name(node) {
            Some(n) => format!("server {n}"),
            None => match listen_port(node) {
                Some(p) => format!("server :{p}"),
                None => "server".to_owned(),
            },
        }),
        "location" | "upstream" => Some(format!("{} {args}", node.name())),
        _ => None,
    }
}

/// The innermost of `levels` that writes `name`, and the directive.
fn find<'n, 'a>(levels: &[Level<'n, 'a>], name: &str) -> Option<(usize, &'n Node<'a>)> {
    levels.iter().enumerate().rev().find_map(|(i, level)| {
        level
            .children
            .iter()
            .find(|n| n.name() == name)
            .map(|n| (i, n))
    })
}

/// The locations inside the last of `levels`, depth first in file order: each location that
/// passes requests on is added to `passes`, and `each` is called with every location's levels.
fn locations<'n, 'a>(
    levels: &[Level<'n, 'a>],
    passes: &mut Vec<Pass<'n, 'a>>,
    each: &mut dyn FnMut(&[Level<'n, 'a>]),
) {
    let last = levels.last().expect("at least the server's level");
    for node in last.children {
        if node.name() != "location" || node.directive.block.is_none() {
            continue;
        }
        let own = format!("location {}", node.directive.args_text());
        let mut inner = levels.to_vec();
        inner.push(last.inner(own.clone(), node));
        each(&inner);
        let passed = Module::ALL.into_iter().find_map(|module| {
            let pass = node.child(&module.pass())?;
            let address = pass.directive.args.first()?;
            Some((module, target(module, &address.text)))
        });
        if let Some((module, target)) = passed {
            passes.push(Pass {
                levels: inner.clone(),
                node,
                own: own.clone(),
                module,
                target,
            });
        }
        locations(&inner, passes, each);
    }
}

#[cfg(test)]
mod tests;

//! Spring Boot: `application.yml` / `.yaml` / `.properties` and the files a Spring Cloud Config
//! server serves (`shared/gateway.yml`), multi-document YAML (`---`) and `.properties` (`#---`)
//! alike, each document read on its own.
//!
//! Names are compared as Spring Boot's relaxed binding compares them: `connection-timeout`,
//! `connectionTimeout`, `connection_timeout` and `CONNECTION_TIMEOUT` are one name, and the
//! row's setting and selector write it in its canonical kebab case. Netflix Hystrix and Ribbon
//! read their properties through Archaius, which takes a name only as documented
//! (`ribbon.ReadTimeout`), so theirs are compared exactly.
//!
//! Settings read, and the hop or node they go on (APP is `spring.application.name`, else the
//! name of a Spring Cloud Config file named after its application (`gateway.yml`), else the
//! file's folder; a document activated on a profile calls it `APP (profile NAME)`, so each
//! profile's settings stay on hops of their own):
//!
//! - Spring Boot's server: `server.tomcat.connection-timeout`, `server.tomcat.keep-alive-timeout`,
//!   `server.netty.connection-timeout` and `server.netty.idle-timeout` on `client -> APP`;
//!   `spring.mvc.async.request-timeout` as the deadline of the node APP (asynchronous request
//!   handling only, and the rationale says so).
//! - HikariCP: `spring.datasource.hikari.connection-timeout` and `max-lifetime` on
//!   `APP -> database`.
//! - Spring Cloud OpenFeign: `feign.client.config.NAME.connect-timeout` and `read-timeout` (and
//!   the newer `spring.cloud.openfeign.client.config.NAME.*`) on `APP -> NAME`; the `default`
//!   config's values go on every named client that does not set its own (`APP -> feign default`
//!   when there is none).
//! - Spring Cloud Gateway: each `spring.cloud.gateway.routes[i].uri` is a hop `APP -> URI`, the
//!   routes one route group named APP (budget-model.md §4.2: each request takes one of them);
//!   on each, `spring.cloud.gateway.httpclient.connect-timeout` and `response-timeout` unless the
//!   route's `metadata` sets its own, `httpclient.pool.max-idle-time`, and the `retries` of a
//!   `Retry` filter among the `default-filters` or the route's `filters` (`—` with its default
//!   of 3 retries when the filter names none). Without routes they go on `APP -> gateway routes`.
//! - Resilience4j: `retry` `max-attempts` and `wait-duration`, `timelimiter` `timeout-duration`,
//!   on `APP -> INSTANCE` for each instance; an instance takes what it does not set itself from
//!   its `base-config`, else from the `default` config (which resilience4j applies to every
//!   instance). A module with configs and no instance puts its `default` config on
//!   `APP -> resilience4j default`. `max-attempts` counts tries, the first call included, and
//!   the rationale says so.
//! - Netflix, as Spring Cloud Netflix gateways use them: each `zuul.routes.NAME` is a hop
//!   `APP -> URL` (a `url` route) or `APP -> SERVICE` (a `service-id` route, else the route's
//!   name), the routes one route group named APP; URL routes take `zuul.host.connect-timeout-millis`
//!   and `socket-timeout-millis`, service routes take Ribbon's `ReadTimeout`, `ConnectTimeout`
//!   and `MaxAutoRetries` (the client's own `SERVICE.ribbon.*`, else the global `ribbon.*`) and
//!   Hystrix's `execution.isolation.thread.timeoutInMilliseconds` (the command named after the
//!   service, else `default`) as the deadline of the whole call. What no route takes goes on
//!   `APP -> NAME` (a named command or client) or `APP -> hystrix default`, `APP -> ribbon
//!   default`, `APP -> zuul routes`.
//!
//! A value is the text as written; a bare number takes the property's unit from the engine's
//! catalog (Spring Boot converts a bare number to a `Duration` in milliseconds unless the
//! property says otherwise). A `${NAME:fallback}` placeholder stays as written with the
//! rationale `unresolved: template`, which names the fallback without using it.
//!
//! `.properties` files are read with the `java-properties` crate: it gives each key-value pair
//! the line it starts on and unescapes keys and values as Java does. A file that cannot be read
//! is an [`ImportError`](crate::ImportError) at `PATH:LINE:COLUMN` (column 1 for a
//! `.properties` file, whose reader names only the line).

mod netflix;
mod read;
mod resilience4j;

use budget::{Kind, Lang, Row};

use crate::location::location;
use crate::row::{is_template, route_group, row, UNRESOLVED_TEMPLATE};
use crate::{File, Imported};
use read::{Document, Key, Prop};

/// The layer of Spring Boot's own settings (server, MVC).
const SPRING_BOOT: &str = "Spring Boot";
/// The layer of HikariCP's settings.
const HIKARI: &str = "HikariCP";
/// The layer of Spring Cloud OpenFeign's settings.
const FEIGN: &str = "OpenFeign";
/// The layer of Spring Cloud Gateway's settings.
const GATEWAY: &str = "Spring Cloud Gateway";
/// The layer of Resilience4j's settings.
const RESILIENCE4J: &str = "Resilience4j";
/// The layer of Netflix Hystrix's settings.
const HYSTRIX: &str = "Hystrix";
/// The layer of Netflix Ribbon's settings.
const RIBBON: &str = "Ribbon";
/// The layer of Netflix Zuul's settings.
const ZUUL: &str = "Zuul";

/// A setting read: its property with `*` for a name the file chooses and `[#]` for a list
/// index, in canonical kebab case (or as documented, for Archaius), and its kind.
#[derive(Clone, Copy, Debug)]
struct Setting {
    property: &'static str,
    kind: Kind,
}

const fn setting(property: &'static str, kind: Kind) -> Setting {
    Setting { property, kind }
}

/// Spring Boot's server settings, on `client -> APP`.
const SERVER: &[Setting] = &[
    setting("server.tomcat.connection-timeout", Kind::Other),
    setting("server.tomcat.keep-alive-timeout", Kind::Idle),
    setting("server.netty.connection-timeout", Kind::Other),
    setting("server.netty.idle-timeout", Kind::Idle),
];

/// Spring MVC's timeout of asynchronous request handling, the deadline of the node APP.
const MVC_ASYNC: Setting = setting("spring.mvc.async.request-timeout", Kind::Deadline);

/// HikariCP's settings, on `APP -> database`.
const HIKARI_SETTINGS: &[Setting] = &[
    setting("spring.datasource.hikari.connection-timeout", Kind::Connect),
    setting("spring.datasource.hikari.max-lifetime", Kind::Other),
];

/// Feign's per-client settings, in both prefixes Spring Cloud OpenFeign has used.
const FEIGN_SETTINGS: &[Setting] = &[
    setting("feign.client.config.*.connect-timeout", Kind::Connect),
    setting("feign.client.config.*.read-timeout", Kind::Read),
    setting(
        "spring.cloud.openfeign.client.config.*.connect-timeout",
        Kind::Connect,
    ),
    setting(
        "spring.cloud.openfeign.client.config.*.read-timeout",
        Kind::Read,
    ),
];

/// Spring Cloud Gateway's HTTP client settings, on every route.
const GATEWAY_CLIENT: &[Setting] = &[
    setting(
        "spring.cloud.gateway.httpclient.connect-timeout",
        Kind::Connect,
    ),
    setting(
        "spring.cloud.gateway.httpclient.response-timeout",
        Kind::Attempt,
    ),
    setting(
        "spring.cloud.gateway.httpclient.pool.max-idle-time",
        Kind::Idle,
    ),
];

/// A route's own timeouts, which replace the HTTP client's (same order as the first two of
/// [`GATEWAY_CLIENT`]).
const GATEWAY_ROUTE: &[Setting] = &[
    setting(
        "spring.cloud.gateway.routes[#].metadata.connect-timeout",
        Kind::Connect,
    ),
    setting(
        "spring.cloud.gateway.routes[#].metadata.response-timeout",
        Kind::Attempt,
    ),
];

/// The setting of a `Retry` filter's retries.
const GATEWAY_RETRIES: &str = "spring.cloud.gateway.filter.retry.retries";

/// What a rationale says, in the sheet's language.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Say<'a> {
    /// resilience4j's `maxAttempts` counts the first call too.
    TriesIncludeFirst,
    /// A value set on a shared config and taken by this target.
    Inherited {
        /// The property path of the config (`resilience4j.retry.configs.default`).
        from: &'a str,
    },
    /// The routes of one Spring Cloud Gateway are alternatives.
    GatewayRoutes,
    /// The routes of one Zuul gateway are alternatives.
    ZuulRoutes,
    /// `spring.mvc.async.request-timeout` bounds asynchronous requests only.
    AsyncOnly,
    /// Hystrix bounds the whole call, Ribbon's retries included.
    HystrixWholeCall,
    /// Ribbon's and the Retry filter's counts are retries after the first try.
    CountsRetries,
    /// A Retry filter that names no count retries 3 times.
    GatewayDefaultRetries,
    /// A tries row that holds Resilience4j's waits too.
    WaitsJoined {
        /// `max-attempts` as written.
        count: &'a str,
        /// Where `wait-duration` is (`PATH:LINE`), or `None` for the default 500 ms.
        at: Option<&'a str>,
        /// Whether the waits grow by exponential backoff.
        exponential: bool,
    },
    /// The fallback of a `${NAME:fallback}` placeholder, not used.
    Fallback {
        /// The text after the colon.
        fallback: &'a str,
    },
}

impl Say<'_> {
    /// The sentence in `lang`.
    fn text(&self, lang: Lang) -> String {
        let ja = lang == Lang::Ja;
        match self {
            Say::TriesIncludeFirst if ja => "resilience4j の maxAttempts は最初の呼び出しを含む試行回数（その後の再試行の回数ではない）".into(),
            Say::TriesIncludeFirst => "resilience4j's maxAttempts counts tries, the first call included (not retries after it)".into(),
            Say::Inherited { from } if ja => format!("`{from}` の値: ここには自前の値がなく、この設定が適用される"),
            Say::Inherited { from } => format!("the value of `{from}`, which applies here: nothing here sets its own"),
            Say::GatewayRoutes if ja => "1つの Spring Cloud Gateway のルートは択一: 各リクエストはそのうち1つを通る".into(),
            Say::GatewayRoutes => "the routes of one Spring Cloud Gateway are alternatives: each request takes one of them".into(),
            Say::ZuulRoutes if ja => "1つの Zuul のルートは択一: 各リクエストはそのうち1つを通る".into(),
            Say::ZuulRoutes => "the routes of one Zuul gateway are alternatives: each request takes one of them".into(),
            Say::AsyncOnly if ja => "非同期のリクエスト処理（Callable、DeferredResult、WebAsyncTask）だけの期限".into(),
            Say::AsyncOnly => "bounds asynchronous request handling only (Callable, DeferredResult, WebAsyncTask)".into(),
            Say::HystrixWholeCall if ja => "Hystrix はこのサービスへの呼び出し全体を、Ribbon の再試行も含めて打ち切る".into(),
            Say::HystrixWholeCall => "Hystrix bounds the whole call to the service, Ribbon's retries included".into(),
            Say::CountsRetries if ja => "最初の試行の後の再試行の回数".into(),
            Say::CountsRetries => "counts retries after the first try".into(),
            Say::GatewayDefaultRetries if ja => "未設定: Retry フィルターは既定で3回再試行する（GET、5xx）".into(),
            Say::GatewayDefaultRetries => "not set: the Retry filter retries 3 times by default (GET, 5xx)".into(),
            Say::WaitsJoined { count, at, exponential } if ja => format!(
                "maxAttempts {count} と、試行の間の待機（{}{}）を1つのセルに",
                at.map_or_else(|| "waitDuration 未設定: 既定値 500ms".to_owned(), |at| format!("waitDuration は {at}")),
                if *exponential { "、指数バックオフ" } else { "" }
            ),
            Say::WaitsJoined { count, at, exponential } => format!(
                "maxAttempts {count} with the waits between tries ({}{}) in one cell",
                at.map_or_else(|| "waitDuration not set: 500ms by default".to_owned(), |at| format!("waitDuration at {at}")),
                if *exponential { ", growing by exponential backoff" } else { "" }
            ),
            Say::Fallback { fallback } if ja => format!("変数が未設定のときに Spring が使う `{fallback}`（コロンの後）はここでは値にしない"),
            Say::Fallback { fallback } => format!("`{fallback}` after the colon is what Spring uses when the variable is not set; not taken as the value here"),
        }
    }
}

/// Imports Spring Boot files, each document on its own.
pub fn import(files: &[File<'_>], lang: Lang) -> Imported {
    Imported::file_by_file(files, |file| {
        let documents = if file.path.to_ascii_lowercase().ends_with(".properties") {
            read::properties(file)
        } else {
            read::yaml(file)
        }?;
        let mut out = Out {
            lang,
            rows: Vec::new(),
        };
        out.file(file.path, &documents);
        Ok(out.rows)
    })
}

/// The application a file configures when it does not say (`spring.application.name`): a
/// Spring Cloud Config file is named after its application (`gateway.yml`, `gateway-dev.yml`
/// as written); `application*` and `bootstrap*` files are named after their folder.
fn app_from_path(path: &str) -> String {
    let mut parts = path.rsplit(['/', '\\']);
    let name = parts.next().unwrap_or(path);
    let stem = name.rsplit_once('.').map_or(name, |(s, _)| s);
    let lower = stem.to_ascii_lowercase();
    if !lower.starts_with("application") && !lower.starts_with("bootstrap") && !stem.is_empty() {
        return stem.to_owned();
    }
    parts
        .find(|p| !p.is_empty() && !matches!(*p, "resources" | "main" | "src" | "config"))
        .unwrap_or(stem)
        .to_owned()
}

/// A document's `spring.application.name`.
fn app_name(document: &Document) -> Option<String> {
    document
        .props
        .iter()
        .find(|p| names_match(&p.keys, &["spring", "application", "name"], false))
        .map(|p| p.value.clone())
}

/// Whether `keys` are the names `wanted` (relaxed, or exact).
fn names_match(keys: &[Key], wanted: &[&str], exact: bool) -> bool {
    keys.len() == wanted.len()
        && keys
            .iter()
            .zip(wanted)
            .all(|(k, w)| matches!(k, Key::Name(n) if same_name(n, w, exact)))
}

/// Whether a name as written is the name `wanted` (relaxed: as Spring Boot binds it).
fn same_name(written: &str, wanted: &str, exact: bool) -> bool {
    if exact {
        written == wanted
    } else {
        // `squash(written) == squash(wanted)`, without building either.
        written
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_lowercase())
            .eq(wanted
                .chars()
                .filter(char::is_ascii_alphanumeric)
                .map(|c| c.to_ascii_lowercase()))
    }
}

/// What a property is, when it matches a setting's pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Found {
    /// The names the pattern's `*`s stand for, in order.
    names: Vec<String>,
    /// The indexes its `[#]`s stand for, in order.
    indexes: Vec<usize>,
    /// The property path with the names and indexes filled in (`feign.client.config.users.
    /// connect-timeout`): the row's selector.
    path: String,
    /// The property.
    prop: Prop,
}

/// The property `prop` as `pattern` reads it (`*` a name, `[#]` an index, the other names
/// compared relaxed or exactly), when it matches all of it.
fn found(prop: &Prop, wanted: &[Key], exact: bool) -> Option<Found> {
    if wanted.len() != prop.keys.len() {
        return None;
    }
    prefix(&prop.keys, wanted, exact).map(|(names, indexes, path)| Found {
        names,
        indexes,
        path,
        prop: prop.clone(),
    })
}

/// A pattern's keys: `[#]` is an index, `*` a name.
fn pattern_keys(pattern: &str) -> Vec<Key> {
    read::split(&pattern.replace("[#]", ".#"))
}

/// The names and indexes of the first keys of `keys` that `wanted` reads, and their path as
/// written by the pattern.
fn prefix(keys: &[Key], wanted: &[Key], exact: bool) -> Option<(Vec<String>, Vec<usize>, String)> {
    if keys.len() < wanted.len() || !keys.iter().zip(wanted).all(|(k, w)| fits(k, w, exact)) {
        return None;
    }
    let mut names = Vec::new();
    let mut indexes = Vec::new();
    let mut path = String::new();
    for (key, want) in keys.iter().zip(wanted) {
        let want = match want {
            Key::Name(want) => want.as_str(),
            // A pattern with a fixed index (`routes[0].filters[#]`) reads only that one.
            Key::Index(j) => match key {
                Key::Index(i) if i == j => {
                    path.push_str(&format!("[{i}]"));
                    continue;
                }
                _ => return None,
            },
        };
        match (key, want) {
            (Key::Index(i), "#") => {
                indexes.push(*i);
                path.push_str(&format!("[{i}]"));
                continue;
            }
            (Key::Name(n), "*") => {
                names.push(n.clone());
                push_name(&mut path, n);
            }
            (Key::Name(n), w) if same_name(n, w, exact) => push_name(&mut path, w),
            _ => return None,
        }
    }
    Some((names, indexes, path))
}

/// Whether the key `key` is one `want` of a pattern reads (as [`prefix`] does, without
/// building anything: most properties fail on their first key).
fn fits(key: &Key, want: &Key, exact: bool) -> bool {
    match (key, want) {
        (Key::Index(i), Key::Index(j)) => i == j,
        (Key::Index(_), Key::Name(w)) => w == "#",
        (Key::Name(_), Key::Name(w)) if w == "*" => true,
        (Key::Name(n), Key::Name(w)) => w != "#" && same_name(n, w, exact),
        (Key::Name(_), Key::Index(_)) => false,
    }
}

/// `name` appended to a property path, after a dot (bracketed when it holds one).
fn push_name(path: &mut String, name: &str) {
    if !path.is_empty() {
        path.push('.');
    }
    if name.contains('.') {
        path.push_str(&format!("[{name}]"));
    } else {
        path.push_str(name);
    }
}

/// The text after the colon of a `${NAME:fallback}` placeholder.
fn fallback_of(value: &str) -> Option<&str> {
    let inner = value.split_once("${")?.1;
    let inner = &inner[..inner.find('}')?];
    inner.split_once(':').map(|(_, f)| f)
}

/// One document being read: its file, application and profile.
struct Context<'d> {
    path: &'d str,
    /// The application as hops name it (`catalog-service`, `catalog-service (profile prod)`).
    app: String,
    profile: Option<&'d str>,
    props: &'d [Prop],
}

impl Context<'_> {
    /// The properties that match `pattern`, in file order.
    fn all(&self, pattern: &str, exact: bool) -> Vec<Found> {
        let wanted = pattern_keys(pattern);
        self.props
            .iter()
            .filter_map(|p| found(p, &wanted, exact))
            .collect()
    }

    /// The first property that matches `pattern`.
    fn first(&self, pattern: &str, exact: bool) -> Option<Found> {
        let wanted = pattern_keys(pattern);
        self.props.iter().find_map(|p| found(p, &wanted, exact))
    }

    /// The names the `*` at the end of `pattern` stands for in any property under it, in order
    /// of first appearance, once each.
    fn names_under(&self, pattern: &str) -> Vec<String> {
        let wanted = pattern_keys(pattern);
        let mut out: Vec<String> = Vec::new();
        for p in self.props {
            if let Some((names, _, _)) = prefix(&p.keys, &wanted, false) {
                if let Some(last) = names.last() {
                    if !out.contains(last) {
                        out.push(last.clone());
                    }
                }
            }
        }
        out
    }

    /// `PATH:LINE SELECTOR` of a property read as `path`, with the profile.
    fn at(&self, prop: &Prop, path: &str) -> String {
        match self.profile {
            Some(profile) => location(self.path, prop.line, &format!("{path} (profile {profile})")),
            None => location(self.path, prop.line, path),
        }
    }
}

/// The rows read so far.
struct Out {
    /// The sheet's language: the items' and rationales' words.
    lang: Lang,
    rows: Vec<Row>,
}

impl Out {
    /// The rows of one file's documents.
    fn file(&mut self, path: &str, documents: &[Document]) {
        let base = documents
            .iter()
            .filter(|d| d.profile.is_none())
            .find_map(app_name)
            .unwrap_or_else(|| app_from_path(path));
        for document in documents {
            let app = app_name(document).unwrap_or_else(|| base.clone());
            let ctx = Context {
                path,
                app: match &document.profile {
                    Some(profile) => format!("{app} (profile {profile})"),
                    None => app,
                },
                profile: document.profile.as_deref(),
                props: &document.props,
            };
            self.server(&ctx);
            self.hikari(&ctx);
            self.feign(&ctx);
            self.gateway(&ctx);
            self.resilience4j(&ctx);
            self.netflix(&ctx);
        }
    }

    /// A row of `setting` (its property with `*` and `[#]`) read from `found`.
    fn put(
        &mut self,
        ctx: &Context<'_>,
        layer: &str,
        segment: &str,
        kind: Kind,
        setting: &str,
        found: &Found,
    ) -> &mut Row {
        let value = &found.prop.value;
        let mut r = row(
            self.lang,
            layer,
            segment,
            kind,
            &setting.replace("[#]", "[*]"),
            value,
            ctx.at(&found.prop, &found.path),
        );
        if is_template(value) {
            if let Some(fallback) = fallback_of(value) {
                r.rationale = format!(
                    "{UNRESOLVED_TEMPLATE}; {}",
                    Say::Fallback { fallback }.text(self.lang)
                );
            }
        }
        self.rows.push(r);
        self.rows.last_mut().expect("a row was just pushed")
    }

    /// A route group row on `segment`, at `found`.
    fn route_group(
        &mut self,
        ctx: &Context<'_>,
        layer: &str,
        segment: &str,
        found: &Found,
        why: Say<'_>,
    ) {
        let at = ctx.at(&found.prop, &found.path);
        let r = route_group(self.lang, layer, segment, &ctx.app, at, why.text(self.lang));
        self.rows.push(r);
    }

    /// Spring Boot's server settings and Spring MVC's asynchronous timeout.
    fn server(&mut self, ctx: &Context<'_>) {
        let segment = format!("client -> {}", ctx.app);
        for s in SERVER {
            for f in ctx.all(s.property, false) {
                self.put(ctx, SPRING_BOOT, &segment, s.kind, s.property, &f);
            }
        }
        for f in ctx.all(MVC_ASYNC.property, false) {
            let lang = self.lang;
            let r = self.put(
                ctx,
                SPRING_BOOT,
                &ctx.app,
                MVC_ASYNC.kind,
                MVC_ASYNC.property,
                &f,
            );
            if r.rationale.is_empty() {
                r.rationale = Say::AsyncOnly.text(lang);
            }
        }
    }

    /// HikariCP's pool settings.
    fn hikari(&mut self, ctx: &Context<'_>) {
        let segment = format!("{} -> database", ctx.app);
        for s in HIKARI_SETTINGS {
            for f in ctx.all(s.property, false) {
                self.put(ctx, HIKARI, &segment, s.kind, s.property, &f);
            }
        }
    }

    /// Feign's clients: each named client with its own values, and the `default` config's
    /// where it sets none.
    fn feign(&mut self, ctx: &Context<'_>) {
        for prefix in [
            "feign.client.config",
            "spring.cloud.openfeign.client.config",
        ] {
            let settings: Vec<&Setting> = FEIGN_SETTINGS
                .iter()
                .filter(|s| s.property.starts_with(prefix))
                .collect();
            let clients: Vec<String> = ctx
                .names_under(&format!("{prefix}.*"))
                .into_iter()
                .filter(|n| n != "default")
                .collect();
            let value = |client: &str, s: &Setting| {
                ctx.all(s.property, false)
                    .into_iter()
                    .find(|f| f.names[0] == client)
            };
            if clients.is_empty() {
                let segment = format!("{} -> feign default", ctx.app);
                for s in &settings {
                    if let Some(f) = value("default", s) {
                        self.put(ctx, FEIGN, &segment, s.kind, s.property, &f);
                    }
                }
            }
            for client in &clients {
                let segment = format!("{} -> {client}", ctx.app);
                for s in &settings {
                    if let Some(f) = value(client, s) {
                        self.put(ctx, FEIGN, &segment, s.kind, s.property, &f);
                    } else if let Some(f) = value("default", s) {
                        let from = format!("{prefix}.default");
                        let lang = self.lang;
                        let r = self.put(ctx, FEIGN, &segment, s.kind, s.property, &f);
                        add_say(lang, r, Say::Inherited { from: &from });
                    }
                }
            }
        }
    }

    /// Spring Cloud Gateway's routes and HTTP client.
    fn gateway(&mut self, ctx: &Context<'_>) {
        let uris = ctx.all("spring.cloud.gateway.routes[#].uri", false);
        let global: Vec<(Setting, Option<Found>)> = GATEWAY_CLIENT
            .iter()
            .map(|s| (*s, ctx.first(s.property, false)))
            .collect();
        let default_retries = retry_filters(ctx, "spring.cloud.gateway.default-filters[#]");
        if uris.is_empty() {
            if global.iter().all(|(_, f)| f.is_none()) && default_retries.is_empty() {
                return;
            }
            let segment = format!("{} -> gateway routes", ctx.app);
            self.gateway_hop(ctx, &segment, &global, &[], &default_retries);
            return;
        }
        for uri in &uris {
            let i = uri.indexes[0];
            let segment = format!("{} -> {}", ctx.app, uri.prop.value);
            let group = Found {
                path: format!("spring.cloud.gateway.routes[{i}]"),
                ..uri.clone()
            };
            self.route_group(ctx, GATEWAY, &segment, &group, Say::GatewayRoutes);
            let own: Vec<Option<Found>> = GATEWAY_ROUTE
                .iter()
                .map(|s| {
                    ctx.all(s.property, false)
                        .into_iter()
                        .find(|f| f.indexes[0] == i)
                })
                .collect();
            let mut retries = default_retries.clone();
            retries.extend(retry_filters(
                ctx,
                &format!("spring.cloud.gateway.routes[{i}].filters[#]"),
            ));
            self.gateway_hop(ctx, &segment, &global, &own, &retries);
        }
    }

    /// The rows of one gateway hop: the route's own timeouts where it sets them, else the HTTP
    /// client's, then the Retry filters' retries.
    fn gateway_hop(
        &mut self,
        ctx: &Context<'_>,
        segment: &str,
        global: &[(Setting, Option<Found>)],
        own: &[Option<Found>],
        retries: &[RetryFilter],
    ) {
        for (i, (s, f)) in global.iter().enumerate() {
            match (own.get(i).and_then(Option::as_ref), f) {
                (Some(o), _) => {
                    let route = GATEWAY_ROUTE[i];
                    self.put(ctx, GATEWAY, segment, route.kind, route.property, o);
                }
                (None, Some(f)) => {
                    self.put(ctx, GATEWAY, segment, s.kind, s.property, f);
                }
                (None, None) => {}
            }
        }
        for filter in retries {
            match &filter.retries {
                Some(f) => {
                    let lang = self.lang;
                    let r = self.put(ctx, GATEWAY, segment, Kind::Tries, GATEWAY_RETRIES, f);
                    if r.rationale.is_empty() {
                        r.rationale = Say::CountsRetries.text(lang);
                    }
                }
                None => {
                    let mut r = row(
                        self.lang,
                        GATEWAY,
                        segment,
                        Kind::Tries,
                        GATEWAY_RETRIES,
                        "—",
                        ctx.at(&filter.name.prop, &filter.name.path),
                    );
                    r.default = "3 retries".to_owned();
                    r.rationale = Say::GatewayDefaultRetries.text(self.lang);
                    self.rows.push(r);
                }
            }
        }
    }
}

/// Adds `say` in `lang` to a row's rationale, after what it says already.
fn add_say(lang: Lang, r: &mut Row, say: Say<'_>) {
    let text = say.text(lang);
    if r.rationale.is_empty() {
        r.rationale = text;
    } else {
        r.rationale = format!("{}; {text}", r.rationale);
    }
}

/// A gateway `Retry` filter: where it is named, and its `retries` when it sets them.
#[derive(Clone, Debug)]
struct RetryFilter {
    /// The filter's name (`name: Retry`, or the shortcut `Retry=3,...`).
    name: Found,
    /// Its retries: `args.retries`, or the shortcut's first argument.
    retries: Option<Found>,
}

/// The `Retry` filters of the filter list at `list` (`...default-filters[#]`), in order.
fn retry_filters(ctx: &Context<'_>, list: &str) -> Vec<RetryFilter> {
    let mut out = Vec::new();
    // The long form: `- name: Retry` with `args.retries`.
    for name in ctx.all(&format!("{list}.name"), false) {
        if name.prop.value.trim() != "Retry" {
            continue;
        }
        let i = *name.indexes.last().expect("the list's index");
        let retries = ctx
            .all(&format!("{list}.args.retries"), false)
            .into_iter()
            .find(|f| f.indexes.last() == Some(&i));
        out.push(RetryFilter { name, retries });
    }
    // The shortcut: `- Retry=3,INTERNAL_SERVER_ERROR`.
    for item in ctx.all(list, false) {
        let Some(args) = item.prop.value.trim().strip_prefix("Retry") else {
            continue;
        };
        let retries = args.strip_prefix('=').and_then(|args| {
            let first = args.split(',').next().unwrap_or("").trim();
            (!first.is_empty()).then(|| {
                let mut f = item.clone();
                f.path = format!("{} (Retry retries)", item.path);
                (first.to_owned(), f)
            })
        });
        if !args.is_empty() && !args.starts_with('=') {
            continue;
        }
        out.push(RetryFilter {
            name: item.clone(),
            retries: retries.map(|(value, f)| Found {
                prop: Prop { value, ..f.prop },
                ..f
            }),
        });
    }
    out
}

#[cfg(test)]
mod tests;

//! The catalog's own tests: its files read without error, and lookups pinned by example.

use super::index::*;
use super::lookup::*;
use super::read::*;
use super::types::*;
use super::words::*;
use crate::duration::Unit;
use crate::kind::Kind;
use crate::sheet::{Lang, Row};
use crate::value;
use crate::value::{Cell, Dur};

fn row(setting: &str) -> Row {
    Row {
        setting: setting.into(),
        ..Row::default()
    }
}

fn at(setting: &str, location: &str) -> Row {
    Row {
        setting: setting.into(),
        location: location.into(),
        ..Row::default()
    }
}

fn entry(product: &str, name: &str) -> &'static Entry {
    entries()
        .iter()
        .find(|e| e.product == product && e.name == name)
        .unwrap_or_else(|| panic!("{product} {name} is not in the catalog"))
}

/// The value a bare number takes with the entry's unit, in ms.
fn bare_ms(e: &Entry, text: &str) -> Option<u64> {
    match value::read_duration(text, Some(e.unit)) {
        Ok(Cell::Duration {
            dur: Dur::Exact(ms),
            used_bare_unit: true,
            ..
        }) => Some(ms),
        _ => None,
    }
}

#[test]
fn the_catalog_files_parse() {
    let settings = parse_settings(SETTINGS_TSV).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(settings.len(), entries().len());
    let rules = parse_pairs(PAIRS_TSV, entries()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(rules.len(), pairs().len());
}

#[test]
fn every_default_and_retry_behaviour_reads_in_the_value_grammar() {
    for e in entries() {
        let zero_means_something = matches!(e.zero, Zero::Unlimited | Zero::ProductDefault);
        if e.kind == Kind::Tries && !e.default.is_empty() {
            assert!(
                value::read_tries(e.default).is_ok() || (e.default == "0" && zero_means_something),
                "{}",
                e.name
            );
        } else if e.kind.is_duration() && !e.default.is_empty() {
            assert!(
                value::read_duration(e.default, Some(e.unit)).is_ok(),
                "{} {}",
                e.product,
                e.name
            );
        }
        if let Some(r) = e.retries {
            assert!(value::read_tries(r).is_ok(), "{} {r}", e.product);
        }
        assert!(e.source.starts_with("https://"), "{}", e.name);
        assert!(!e.aliases.is_empty(), "{}", e.name);
    }
}

#[test]
fn the_catalog_holds_at_least_sixty_settings() {
    assert!(entries().len() >= 60, "{}", entries().len());
}

#[test]
fn every_product_of_the_rulebook_has_an_entry() {
    let products = [
        "nginx",
        "HAProxy",
        "AWS ALB",
        "AWS NLB",
        "Amazon API Gateway",
        "Cloudflare",
        "Heroku router",
        "Envoy",
        "Istio",
        "Linkerd",
        "Kubernetes",
        "Node.js",
        "gunicorn",
        "uWSGI",
        "Tomcat",
        "Go net/http",
        "Java HttpClient",
        "OkHttp",
        "Python requests",
        "httpx",
        "aiohttp",
        "fetch",
        "axios",
        "Guzzle",
        "Laravel HTTP client",
        ".NET HttpClient",
        ".NET standard resilience handler",
        "Polly",
        "Resilience4j",
        "gRPC",
        "PostgreSQL",
        "libpq",
        "PgBouncer",
        "MySQL",
        "redis-py",
        "ioredis",
        "go-redis",
        "Laravel queue",
        "Amazon SQS",
        "Sidekiq",
    ];
    for p in products {
        assert!(entries().iter().any(|e| e.product == p), "{p}");
    }
}

#[test]
fn a_products_entries_agree_on_its_retry_behaviour() {
    let overlap = |a: &Entry, b: &Entry| match (a.versions, b.versions) {
        (Some(x), Some(y)) => x.overlaps(y),
        _ => true,
    };
    for e in entries() {
        for other in entries()
            .iter()
            .filter(|o| o.product == e.product && overlap(e, o))
        {
            assert_eq!(e.retries, other.retries, "{}", e.product);
        }
    }
    assert_eq!(
        entry("Istio", "HTTPRetry.perTryTimeout")
            .retries
            .map(|r| value::read_tries(r).unwrap().count),
        Some(3)
    );
    assert_eq!(
        entry("Sidekiq", "retry")
            .retries
            .map(|r| value::read_tries(r).unwrap().count),
        Some(26)
    );
    assert_eq!(
        entry("HAProxy", "timeout server")
            .retries
            .map(|r| value::read_tries(r).unwrap().count),
        Some(4)
    );
    // The audit: nginx passes a failed request to the next upstream server by default
    // (proxy_next_upstream error timeout, unlimited tries), and OkHttp's
    // retryOnConnectionFailure is on by default; both retry, once each in the catalog.
    let count = |p, n| {
        entry(p, n)
            .retries
            .map(|r| value::read_tries(r).unwrap().count)
    };
    assert_eq!(count("nginx", "proxy_read_timeout"), Some(2));
    assert_eq!(count("OkHttp", "readTimeout"), Some(2));
    assert_eq!(count("Laravel queue", "retry_after"), None);
}

#[test]
fn every_entry_quotes_its_evidence() {
    for e in entries() {
        assert!(
            e.evidence.trim().len() > 20,
            "{} {}: the evidence for zero and default must be quoted",
            e.product,
            e.name
        );
    }
    // The fixed rows quote the product's own words or source.
    assert!(entry("Envoy", "RouteAction.timeout")
        .evidence
        .contains("A value of 0 will disable the route's timeout"));
    assert!(entry("HAProxy", "timeout server")
        .evidence
        .contains("TICK_ETERNITY"));
    assert!(entry("go-redis", "MaxRetries")
        .evidence
        .contains("-1 (not 0) disables retries"));
}

#[test]
fn every_retry_on_word_is_a_condition_of_the_spec() {
    let mut seen = 0;
    for e in entries() {
        for word in e.retry_on {
            assert!(
                is_retry_on_word(word),
                "{} {}: {word:?} is not a retry condition of budget-model.md 4.1",
                e.product,
                e.name
            );
            seen += 1;
        }
        if e.retries.is_some() {
            assert!(
                !e.retry_on.is_empty(),
                "{} {} retries by default: its retry_on must say on what",
                e.product,
                e.name
            );
        }
    }
    assert!(seen > 50, "{seen}");
    let on = |p, n| entry(p, n).retry_on.join(", ");
    assert_eq!(on("HAProxy", "retry-on"), "connect-failure");
    assert_eq!(on("nginx", "proxy_next_upstream"), "error, timeout");
    assert_eq!(
        on("Istio", "HTTPRetry.retryOn"),
        "connect-failure, refused-stream, unavailable, 503"
    );
    assert_eq!(
        on("gRPC", "transparent retry"),
        "connect-failure, refused-stream"
    );
    assert_eq!(
        on("OkHttp", "retryOnConnectionFailure"),
        "connect-failure, connect-timeout"
    );
    assert_eq!(
        on(".NET standard resilience handler", "Retry.MaxRetryAttempts"),
        "5xx, 408, 429, error, timeout"
    );
    assert_eq!(
        on("Polly", "RetryStrategyOptions.MaxRetryAttempts"),
        "error"
    );
    assert_eq!(on("Resilience4j", "Retry maxAttempts"), "error");
    assert_eq!(
        on("Laravel HTTP client", "retry(times, sleepMilliseconds)"),
        "error, 4xx, 5xx"
    );
    assert_eq!(on("Envoy", "RetryPolicy.retry_on"), "");
}

#[test]
fn the_audited_zero_meanings_are_in_the_catalog() {
    let cases = [
        ("Envoy", "RouteAction.timeout", Zero::Disabled),
        ("Envoy", "HttpProtocolOptions.idle_timeout", Zero::Disabled),
        ("Envoy", "stream_idle_timeout", Zero::Disabled),
        ("Laravel queue", "queue:work --timeout", Zero::Disabled),
        ("Laravel queue", "queue:work --tries", Zero::Unlimited),
        ("aiohttp", "ClientTimeout.total", Zero::Disabled),
        ("aiohttp", "ClientTimeout.sock_read", Zero::Disabled),
        ("go-redis", "MaxRetries", Zero::ProductDefault),
        ("HAProxy", "timeout connect", Zero::Disabled),
        ("HAProxy", "timeout server", Zero::Disabled),
        ("HAProxy", "timeout client", Zero::Disabled),
        ("nginx", "keepalive_timeout", Zero::Off),
        ("nginx", "proxy_next_upstream_tries", Zero::Unlimited),
    ];
    for (product, name, zero) in cases {
        assert_eq!(entry(product, name).zero, zero, "{product} {name}");
    }
    assert_eq!(
        entry("go-redis", "MaxRetries").minus_one,
        MinusOne::NoRetries
    );
    assert_eq!(
        entry("go-redis", "ReadTimeout").minus_one,
        MinusOne::Disabled
    );
    assert_eq!(
        entry("nginx", "proxy_read_timeout").minus_one,
        MinusOne::Nothing
    );
}

#[test]
fn unresolved_defaults_say_so() {
    let cloudflare = entry("Cloudflare", "proxy_read_timeout (Proxy Read Timeout)");
    assert!(cloudflare.unresolved().unwrap().contains("120 s"));
    assert!(entry("Guzzle", "connect_timeout")
        .unresolved()
        .unwrap()
        .contains("curl's 300 s"));
    assert_eq!(entry("nginx", "proxy_read_timeout").unresolved(), None);
}

/// The lines of one setting, in file order.
fn lines_of(product: &str, name: &str) -> Vec<&'static Entry> {
    entries()
        .iter()
        .filter(|e| e.product == product && e.name == name)
        .collect()
}

#[test]
fn a_row_naming_a_version_gets_that_versions_default() {
    let at_version =
        |location: &str| lookup(&at("socket_timeout", location)).map(|e| (e.default, e.retries));
    let v8 = Some((
        "5s",
        Some("10 retries (exponential backoff with jitter, 10 ms base, 1 s cap)"),
    ));
    let v7 = Some((
        "none",
        Some("3 retries (exponential backoff with jitter, redis-py 6.0 to 7.x)"),
    ));
    assert_eq!(at_version("app.py (redis-py 7.4)"), v7);
    assert_eq!(at_version("redis-py==7.4.0"), v7);
    assert_eq!(at_version("redis-py 8.0"), v8);
    assert_eq!(at_version("redis-py 5.0.1"), Some(("none", None)));
    // No version: the newest release's line.
    assert_eq!(at_version("redis-py"), v8);
    assert_eq!(at_version(""), v8);
    // A version in the rationale counts too.
    let r = Row {
        setting: "socket_connect_timeout".into(),
        rationale: "pinned to redis-py 7.4 in requirements.txt".into(),
        ..Row::default()
    };
    assert_eq!(lookup(&r).map(|e| e.default), Some("none"));
    // aiohttp's sock_connect: 30 s since 3.10.9.
    let sock = |location: &str| lookup(&at("sock_connect", location)).map(|e| e.default);
    assert_eq!(sock("aiohttp 3.9"), Some("none"));
    assert_eq!(sock("aiohttp 3.10.9"), Some("30s"));
    assert_eq!(sock("aiohttp"), Some("30s"));
    assert_eq!(lines_of("redis-py", "socket_timeout").len(), 3);
    // The connect entry follows the version: redis-py 7.4's has no default.
    let old = lookup(&at("socket_timeout", "redis-py 7.4")).unwrap();
    assert_eq!(connect_for(old).map(|e| e.default), Some("none"));
    assert_eq!(connect_of("redis-py").map(|e| e.default), Some("5s"));
}

#[test]
fn a_version_is_read_after_the_products_name_only() {
    let v = |location: &str, product: &str| {
        version_in(&at("x", location), product).map(|v| v.to_string())
    };
    assert_eq!(v("Node.js 18", "Node.js"), Some("18".into()));
    assert_eq!(v("node v12.18.4", "Node.js"), Some("12.18.4".into()));
    assert_eq!(v("server.js on node@20", "Node.js"), Some("20".into()));
    // Another product's version is not Node's: express is a hint, not a name.
    assert_eq!(v("express 4.18", "Node.js"), None);
    assert_eq!(v("ioredis 5", "redis-py"), None);
    assert_eq!(v("redis-py 7.x", "redis-py"), None);
    assert_eq!(v("redis-py7.4", "redis-py"), Some("7.4".into()));
    assert_eq!(v("nodes 12", "Node.js"), None);
}

#[test]
fn versions_read_and_compare_by_their_numbers() {
    let v = |t: &str| Version::parse(t).unwrap();
    assert!(v("3.10.9") > v("3.9"));
    assert!(v("12.19") > v("12.18.4"));
    assert_eq!(v("8"), v("8.0.0"));
    let range = Versions::parse(">=6.0 <8.0").unwrap();
    assert_eq!(range.to_string(), ">=6.0 <8.0");
    assert!(range.contains(&v("6")) && range.contains(&v("7.99")) && !range.contains(&v("8")));
    assert_eq!(
        range.describe("redis-py", Lang::En),
        "redis-py 6.0 to before 8.0"
    );
    assert_eq!(
        Versions::parse(">=8.0")
            .unwrap()
            .describe("redis-py", Lang::Ja),
        "redis-py 8.0以降"
    );
    for bad in ["6.0-8.0", ">=8 <6", ">=1 >=2", "<", ">=x"] {
        assert!(Versions::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn a_bare_number_takes_the_unit_of_its_setting() {
    // A Go time.Duration counts nanoseconds: 30 is 30 ns, which the engine holds as 1 ms.
    let go = entry("Go net/http", "Client.Timeout");
    assert_eq!(go.unit, Unit::Nanos);
    assert!(
        matches!(
            value::read_duration("30", Some(go.unit)),
            Ok(Cell::Duration {
                dur: Dur::Exact(1),
                used_bare_unit: true,
                zero: false,
                below_one_ms: true,
                ..
            })
        ),
        "30 ns counts as 1 ms"
    );
    assert_eq!(
        bare_ms(go, "30000000000"),
        Some(30_000),
        "30 s written in ns"
    );
    let cases = [
        ("PostgreSQL", "statement_timeout", "30", 30),
        ("PostgreSQL", "idle_session_timeout", "60000", 60_000),
        ("nginx", "proxy_read_timeout", "30", 30_000),
        ("Node.js", "server.keepAliveTimeout", "5000", 5_000),
        ("Kubernetes", "probe timeoutSeconds", "1", 1_000),
        ("HAProxy", "timeout server", "30000", 30_000),
        ("axios", "timeout", "1500", 1_500),
        ("MySQL", "max_execution_time", "2000", 2_000),
        ("MySQL", "wait_timeout", "28800", 28_800_000),
        ("Amazon SQS", "VisibilityTimeout", "30", 30_000),
        (
            "Amazon API Gateway",
            "TimeoutInMillis (integration timeout)",
            "29000",
            29_000,
        ),
        ("go-redis", "ReadTimeout", "3000000000", 3_000),
        ("OkHttp", "callTimeout", "10000", 10_000),
        ("PgBouncer", "query_wait_timeout", "120", 120_000),
        ("Guzzle", "timeout", "2.5", 2_500),
    ];
    for (product, name, text, ms) in cases {
        assert_eq!(
            bare_ms(entry(product, name), text),
            Some(ms),
            "{product} {name}"
        );
    }
}

#[test]
fn the_documented_defaults_read_as_documented() {
    let cases = [
        ("nginx", "proxy_connect_timeout", Dur::Exact(60_000)),
        ("nginx", "keepalive_timeout", Dur::Exact(75_000)),
        ("nginx", "keepalive_timeout (upstream)", Dur::Exact(60_000)),
        (
            "AWS ALB",
            "idle_timeout.timeout_seconds",
            Dur::Exact(60_000),
        ),
        ("AWS NLB", "tcp.idle_timeout.seconds", Dur::Exact(350_000)),
        (
            "Cloudflare",
            "proxy_read_timeout (Proxy Read Timeout)",
            Dur::Exact(100_000),
        ),
        ("Envoy", "RouteAction.timeout", Dur::Exact(15_000)),
        ("Node.js", "server.headersTimeout", Dur::Exact(60_000)),
        ("Node.js", "server.requestTimeout", Dur::Exact(300_000)),
        (
            "Go net/http",
            "Transport.IdleConnTimeout",
            Dur::Exact(90_000),
        ),
        (".NET HttpClient", "HttpClient.Timeout", Dur::Exact(100_000)),
        ("aiohttp", "ClientTimeout.total", Dur::Exact(300_000)),
        ("MySQL", "wait_timeout", Dur::Exact(28_800_000)),
        ("Laravel queue", "retry_after", Dur::Exact(90_000)),
        ("Python requests", "timeout (read)", Dur::Infinite),
        ("gRPC", "deadline", Dur::Infinite),
    ];
    for (product, name, dur) in cases {
        let e = entry(product, name);
        match value::read_duration(e.default, Some(e.unit)) {
            Ok(Cell::Duration { dur: got, .. }) => assert_eq!(got, dur, "{product} {name}"),
            other => panic!("{product} {name}: {other:?}"),
        }
    }
    let tries = |p, n| value::read_tries(entry(p, n).default).unwrap();
    assert_eq!(tries("Resilience4j", "Retry maxAttempts").count, 3);
    assert_eq!(
        tries("Resilience4j", "Retry maxAttempts").waits_ms,
        vec![500, 500]
    );
    assert_eq!(tries("Envoy", "RetryPolicy.num_retries").count, 2);
    assert_eq!(tries("Laravel queue", "queue:work --tries").count, 1);
}

#[test]
fn zero_means_what_each_product_documents() {
    let cases = [
        ("axios", "timeout", Zero::Disabled),
        ("Guzzle", "timeout", Zero::Disabled),
        ("Guzzle", "connect_timeout", Zero::Disabled),
        ("PostgreSQL", "statement_timeout", Zero::Disabled),
        ("PostgreSQL", "lock_timeout", Zero::Disabled),
        ("Node.js", "server.keepAliveTimeout", Zero::Disabled),
        ("OkHttp", "callTimeout", Zero::Disabled),
        ("gunicorn", "timeout", Zero::Disabled),
        ("PgBouncer", "query_wait_timeout", Zero::Disabled),
        ("Kubernetes", "probe timeoutSeconds", Zero::ProductDefault),
        ("go-redis", "ReadTimeout", Zero::ProductDefault),
        ("Go net/http", "Server.IdleTimeout", Zero::ProductDefault),
        ("nginx", "proxy_read_timeout", Zero::Zero),
        ("Amazon SQS", "VisibilityTimeout", Zero::Zero),
    ];
    for (product, name, zero) in cases {
        assert_eq!(entry(product, name).zero, zero, "{product} {name}");
    }
}

#[test]
fn idle_settings_know_their_side_of_the_hop() {
    let cases = [
        ("Node.js", "server.keepAliveTimeout", Side::Callee),
        ("nginx", "keepalive_timeout", Side::Callee),
        ("nginx", "keepalive_timeout (upstream)", Side::Caller),
        ("AWS ALB", "idle_timeout.timeout_seconds", Side::Caller),
        ("Go net/http", "Transport.IdleConnTimeout", Side::Caller),
        ("Go net/http", "Server.IdleTimeout", Side::Callee),
        ("gunicorn", "keepalive", Side::Callee),
        ("Tomcat", "keepAliveTimeout", Side::Callee),
        ("PgBouncer", "server_idle_timeout", Side::Caller),
        ("MySQL", "wait_timeout", Side::Callee),
    ];
    for (product, name, side) in cases {
        let e = entry(product, name);
        assert_eq!(e.kind, Kind::Idle, "{product} {name}");
        assert_eq!(e.side, Some(side), "{product} {name}");
    }
    assert_eq!(entry("nginx", "proxy_read_timeout").side, None);
}

#[test]
fn realistic_setting_cells_are_found() {
    let cases: [(Row, &str, &str, Kind); 16] = [
        (
            at("server.keepAliveTimeout", "server.js"),
            "Node.js",
            "server.keepAliveTimeout",
            Kind::Idle,
        ),
        (
            at("server.headersTimeout = 66000", "app.js"),
            "Node.js",
            "server.headersTimeout",
            Kind::Other,
        ),
        (
            at("http.Client{Timeout}", "main.go"),
            "Go net/http",
            "Client.Timeout",
            Kind::Attempt,
        ),
        (
            row("http.Client{Timeout: 10 * time.Second}"),
            "Go net/http",
            "Client.Timeout",
            Kind::Attempt,
        ),
        (
            row("proxy_next_upstream_tries"),
            "nginx",
            "proxy_next_upstream_tries",
            Kind::Tries,
        ),
        (
            row("proxy_next_upstream_timeout"),
            "nginx",
            "proxy_next_upstream_timeout",
            Kind::RetryWindow,
        ),
        (
            row("upstream keepalive_timeout"),
            "nginx",
            "keepalive_timeout (upstream)",
            Kind::Idle,
        ),
        (
            row("keepalive_timeout"),
            "nginx",
            "keepalive_timeout",
            Kind::Idle,
        ),
        (
            row("idle_timeout.timeout_seconds"),
            "AWS ALB",
            "idle_timeout.timeout_seconds",
            Kind::Idle,
        ),
        (
            row("VisibilityTimeout"),
            "Amazon SQS",
            "VisibilityTimeout",
            Kind::Visibility,
        ),
        (
            row("timeout connect"),
            "HAProxy",
            "timeout connect",
            Kind::Connect,
        ),
        (
            at("retry_after", "config/queue.php"),
            "Laravel queue",
            "retry_after",
            Kind::Visibility,
        ),
        (
            at("--timeout=60", "php artisan queue:work"),
            "Laravel queue",
            "queue:work --timeout",
            Kind::Deadline,
        ),
        (
            at("--timeout 30", "gunicorn.conf.py"),
            "gunicorn",
            "timeout",
            Kind::Deadline,
        ),
        (
            at("readTimeout", "OkHttpClient.Builder"),
            "OkHttp",
            "readTimeout",
            Kind::Read,
        ),
        (
            at("ReadTimeout", "redis.NewClient(&redis.Options{...})"),
            "go-redis",
            "ReadTimeout",
            Kind::Read,
        ),
    ];
    for (r, product, name, kind) in cases {
        let e = lookup(&r).unwrap_or_else(|| panic!("{r:?}"));
        assert_eq!((e.product, e.name, e.kind), (product, name, kind), "{r:?}");
    }
}

#[test]
fn a_name_shared_by_two_products_is_not_guessed() {
    // Node.js and Tomcat both have keepAliveTimeout; nothing on the row says which.
    assert_eq!(lookup(&row("keepAliveTimeout")), None);
    assert_eq!(lookup(&row("server.keepAliveTimeout")), None);
    // OkHttp and ioredis both have a connectTimeout.
    assert_eq!(lookup(&row("connectTimeout")), None);
    // Go net/http, OkHttp and go-redis: a readTimeout with no hint.
    assert_eq!(lookup(&row("ReadTimeout")), None);
    // gunicorn and Laravel's queue worker both take --timeout.
    assert_eq!(lookup(&row("--timeout")), None);
    // Two hints at once settle nothing either.
    assert_eq!(
        lookup(&at("keepAliveTimeout", "server.js and server.xml")),
        None
    );
    // A hint settles it.
    assert_eq!(
        lookup(&at("keepAliveTimeout", "conf/server.xml Connector")).map(|e| e.product),
        Some("Tomcat")
    );
    assert_eq!(
        lookup(&at("connectTimeout", "new Redis({ ... }) with ioredis")).map(|e| e.product),
        Some("ioredis")
    );
}

#[test]
fn generic_words_alone_name_no_product() {
    for setting in [
        "timeout",
        "connect timeout",
        "read timeout",
        "retries",
        "deadline",
        "idle timeout",
        "keepalive",
    ] {
        assert_eq!(lookup(&row(setting)).map(|e| e.name), None, "{setting}");
    }
}

#[test]
fn every_setting_of_the_fixtures_is_found() {
    let cases = [
        ("proxy_connect_timeout", "nginx", Kind::Connect),
        ("proxy_read_timeout", "nginx", Kind::Read),
        ("statement_timeout", "PostgreSQL", Kind::Statement),
        ("lock_timeout", "PostgreSQL", Kind::Lock),
        (
            "idle_in_transaction_session_timeout",
            "PostgreSQL",
            Kind::IdleInTx,
        ),
        (
            "connect_timeout in the connection string",
            "libpq",
            Kind::Connect,
        ),
        ("接続文字列の connect_timeout", "libpq", Kind::Connect),
        (
            "requests timeout (connect)",
            "Python requests",
            Kind::Connect,
        ),
        ("requests timeout (read)", "Python requests", Kind::Read),
        (
            "requests の timeout の1つ目",
            "Python requests",
            Kind::Connect,
        ),
        ("requests の timeout の2つ目", "Python requests", Kind::Read),
        ("fetch AbortSignal.timeout", "fetch", Kind::Attempt),
        ("fetch の AbortSignal.timeout", "fetch", Kind::Attempt),
    ];
    for (setting, product, kind) in cases {
        let entry = lookup(&row(setting)).unwrap_or_else(|| panic!("{setting}"));
        assert_eq!((entry.product, entry.kind), (product, kind), "{setting}");
    }
}

#[test]
fn the_fixture_settings_keep_their_first_slice_facts() {
    let cases = [
        (
            "nginx",
            "proxy_connect_timeout",
            Kind::Connect,
            Unit::Seconds,
            Zero::Zero,
            false,
            "60s",
        ),
        (
            "nginx",
            "proxy_read_timeout",
            Kind::Read,
            Unit::Seconds,
            Zero::Zero,
            false,
            "60s",
        ),
        (
            "PostgreSQL",
            "statement_timeout",
            Kind::Statement,
            Unit::Millis,
            Zero::Disabled,
            false,
            "0",
        ),
        (
            "PostgreSQL",
            "lock_timeout",
            Kind::Lock,
            Unit::Millis,
            Zero::Disabled,
            false,
            "0",
        ),
        (
            "PostgreSQL",
            "idle_in_transaction_session_timeout",
            Kind::IdleInTx,
            Unit::Millis,
            Zero::Disabled,
            false,
            "0",
        ),
        (
            "libpq",
            "connect_timeout",
            Kind::Connect,
            Unit::Seconds,
            Zero::Disabled,
            false,
            "none",
        ),
        (
            "Python requests",
            "timeout (connect)",
            Kind::Connect,
            Unit::Seconds,
            Zero::Zero,
            false,
            "none",
        ),
        (
            "Python requests",
            "timeout (read)",
            Kind::Read,
            Unit::Seconds,
            Zero::Zero,
            false,
            "none",
        ),
        (
            "fetch",
            "AbortSignal.timeout",
            Kind::Attempt,
            Unit::Millis,
            Zero::Zero,
            true,
            "none",
        ),
    ];
    for (product, name, kind, unit, zero, includes_connect, default) in cases {
        let e = entry(product, name);
        assert_eq!(
            (e.kind, e.unit, e.zero, e.includes_connect, e.default),
            (kind, unit, zero, includes_connect, default),
            "{product} {name}"
        );
    }
    // The first-slice finding pins this address in its message.
    assert_eq!(
        entry("nginx", "proxy_connect_timeout").source,
        "https://nginx.org/en/docs/http/ngx_http_proxy_module.html#proxy_connect_timeout"
    );
}

#[test]
fn a_name_inside_a_longer_identifier_does_not_match() {
    assert_eq!(
        lookup(&row("proxy_connect_timeout")).unwrap().name,
        "proxy_connect_timeout"
    );
    assert_eq!(lookup(&row("my_statement_timeout_ms")), None);
    assert_eq!(lookup(&row("in-app retry settings")), None);
    assert_eq!(lookup(&row("in-app deadline")), None);
    assert_eq!(lookup(&row("other_read_timeout")), None);
}

#[test]
fn nginx_documents_a_connect_default_of_sixty_seconds() {
    assert_eq!(connect_of("nginx").unwrap().default, "60s");
    assert_eq!(connect_of("PostgreSQL"), None);
    assert_eq!(connect_of("Envoy").unwrap().default, "5s");
    assert_eq!(connect_of("fetch"), None);
}

#[test]
fn search_finds_by_product_name_or_alias_ignoring_case() {
    assert_eq!(search("").len(), entries().len());
    assert_eq!(search("  ").len(), entries().len());
    let names = |q: &str| -> Vec<&str> { search(q).iter().map(|e| e.name).collect() };
    assert!(names("KEEPALIVE").contains(&"server.keepAliveTimeout"));
    assert!(names("keepalive").contains(&"keepalive_timeout"));
    assert!(search("pgbouncer").iter().all(|e| e.product == "PgBouncer"));
    assert_eq!(search("pgbouncer").len(), 7);
    // By alias: the phrase of an HAProxy alias.
    assert!(names("timeout connect").contains(&"timeout connect"));
    // In file order.
    let all = search("");
    assert_eq!(all[0].name, "proxy_connect_timeout");
    assert!(search("no such setting anywhere").is_empty());
}

#[test]
fn pair_rules_name_settings_of_their_product() {
    let rules = pairs();
    assert!(rules.len() >= 4);
    let has = |p: &str, a: &str, rel: Relation, b: &str| {
        rules
            .iter()
            .any(|r| r.product == p && r.first == a && r.relation == rel && r.second == b)
    };
    assert!(has(
        "Node.js",
        "server.headersTimeout",
        Relation::Greater,
        "server.keepAliveTimeout"
    ));
    assert!(has(
        "Node.js",
        "server.requestTimeout",
        Relation::GreaterOrEqual,
        "server.headersTimeout"
    ));
    assert!(has(
        "PostgreSQL",
        "statement_timeout",
        Relation::Greater,
        "lock_timeout"
    ));
    assert!(has(
        "Laravel queue",
        "retry_after",
        Relation::Greater,
        "queue:work --timeout"
    ));
    for r in rules {
        entry(r.product, r.first);
        entry(r.product, r.second);
        assert!(r.source.starts_with("https://") && !r.why.is_empty());
    }
    // Node's own defaults satisfy its rules: 60 s > 5 s, 300 s >= 60 s.
    assert!(Relation::Greater.holds(60_000, 5_000));
    assert!(Relation::GreaterOrEqual.holds(300_000, 60_000));
}

const HEADER: &str = "product\tname\taliases\thints\tkind\tside\tunit\tzero\tminus_one\tincludes_connect\tversions\tdefault\tretries\tretry_on\tsource\tevidence\tnote\tbare_only\n";

fn one_line(line: &str) -> Result<Vec<Setting>, CatalogError> {
    parse_settings(&format!("# a comment\n{HEADER}{line}\n"))
}

#[test]
fn a_well_formed_line_parses_with_phrases_and_hints() {
    let list = one_line(
        "X\tx_timeout\tx_timeout;x+y timeout\tx.conf; X Server \tread\tcaller\tms\tdisabled\tdisabled\tyes\t>=2.0\t5000\t2 retries\tConnect-Failure, 503\thttps://example.org/x\t\"0 disables it\"\tunresolved: two pages disagree\tyes",
    )
    .unwrap();
    let e = &list[0];
    assert_eq!(e.aliases, &[&["x_timeout"][..], &["x y", "timeout"][..]]);
    assert_eq!(e.hints, &["x.conf", "x server"]);
    assert!(e.bare_only);
    assert_eq!(
        (e.kind, e.side, e.unit, e.zero, e.includes_connect),
        (
            Kind::Read,
            Some(Side::Caller),
            Unit::Millis,
            Zero::Disabled,
            true
        )
    );
    assert_eq!(
        (e.default.as_str(), e.retries.as_deref()),
        ("5000", Some("2 retries"))
    );
    assert_eq!(e.minus_one, MinusOne::Disabled);
    assert_eq!(
        e.versions.as_ref().map(ToString::to_string),
        Some(">=2.0".into())
    );
    assert_eq!(e.retry_on, ["connect-failure", "503"]);
    assert_eq!(e.evidence, "\"0 disables it\"");
    assert_eq!(e.note, "unresolved: two pages disagree");
}

#[test]
fn a_malformed_line_is_an_error_naming_its_line() {
    let base = "X\tx_timeout\tx_timeout\tx\tread\t\ts\tzero\t\tno\t\t60s\t\t\thttps://example.org/x\t\"quoted\"\t\t";
    let broken = [
        (
            base.replace("\tread\t", "\ttimeout\t"),
            "unknown kind \"timeout\"",
        ),
        (base.replace("\ts\t", "\tsec\t"), "unit must be"),
        (base.replace("\tzero\t", "\tnull\t"), "zero must be"),
        (
            base.replace("\tzero\t\t", "\tzero\tnever\t"),
            "minus_one must be",
        ),
        (
            base.replace("\tno\t", "\tmaybe\t"),
            "includes_connect must be",
        ),
        (
            base.replace("\tno\t\t", "\tno\t6-8\t"),
            "must be >=X, <Y or both",
        ),
        (
            base.replace("\tno\t\t", "\tno\t<8.0\t"),
            "must hold for the newest",
        ),
        (base.replace("\t\ts\t", "\tleft\ts\t"), "side must be"),
        (base.replace("\t60s\t", "\tsixty\t"), "is not a duration"),
        (
            base.replace("\t60s\t\t", "\t60s\tmany\t"),
            "is not in the tries grammar",
        ),
        (
            base.replace("https://example.org/x", "see the docs"),
            "documentation address",
        ),
        (base.replace("\"quoted\"", ""), "the evidence must quote"),
        (
            base.replace("\tx_timeout\tx\t", "\t\tx\t"),
            "at least one alias",
        ),
        (base.replacen("\t", "\t\t", 1), "19 cells, expected 18"),
        (base.replace("\t\"quoted\"\t", ""), "16 cells, expected 18"),
        (
            base.replace("\"quoted\"\t\t", "\"quoted\"\t\tsometimes"),
            "bare_only must be yes or empty",
        ),
    ];
    for (line, message) in broken {
        let err = one_line(&line).unwrap_err();
        assert_eq!(err.line, 3, "{line}");
        assert!(err.message.contains(message), "{} / {message}", err.message);
        assert!(err
            .to_string()
            .starts_with("budget/catalog/settings.tsv line 3: "));
    }
    let mixed = format!(
        "{base}\n{}",
        base.replace("\tx_timeout\tx_timeout\t", "\ty_timeout\ty_timeout\t")
            .replace("\t60s\t\t", "\t60s\t2 tries\t")
    );
    assert!(one_line(&mixed).unwrap_err().message.contains("differs"));
    // Two lines of one setting need versions that do not overlap.
    let twice = format!("{base}\n{base}");
    assert!(one_line(&twice)
        .unwrap_err()
        .message
        .contains("does not overlap"));
    let versioned = |a: &str, b: &str| {
        format!(
            "{}\n{}",
            base.replace("\tno\t\t60s", &format!("\tno\t{a}\t60s")),
            base.replace("\tno\t\t60s", &format!("\tno\t{b}\t30s"))
        )
    };
    assert_eq!(one_line(&versioned(">=2", "<2")).unwrap().len(), 2);
    assert!(one_line(&versioned(">=2", "<3"))
        .unwrap_err()
        .message
        .contains("does not overlap"));
    let header = parse_settings("product\tname\n").unwrap_err();
    assert!(header.message.contains("the header must be"), "{header}");
}

#[test]
fn a_malformed_pair_rule_is_an_error() {
    let head = "product\tfirst\trelation\tsecond\tversions\tsecond_disabled\twhy\tsource\n";
    let ok = "PostgreSQL\tstatement_timeout\t>\tlock_timeout\t\tskip\tbecause\thttps://example.org";
    assert_eq!(
        parse_pairs(&format!("{head}{ok}\n"), entries())
            .unwrap()
            .len(),
        1
    );
    let broken = [
        (ok.replace("\t>\t", "\t<\t"), "relation must be"),
        (
            ok.replace("\tskip\t", "\tsometimes\t"),
            "neither fails nor skip",
        ),
        (
            ok.replace("lock_timeout", "lock_wait"),
            "no setting named \"lock_wait\"",
        ),
        (
            ok.replace("PostgreSQL", "MySQL"),
            "MySQL has no setting named",
        ),
        (ok.replace("because", ""), "a reason"),
        (
            ok.replace("\t\tskip\t", "\t12\tskip\t"),
            "must be >=X, <Y or both",
        ),
    ];
    for (line, message) in broken {
        let err = parse_pairs(&format!("{head}{line}\n"), entries()).unwrap_err();
        assert_eq!(err.line, 2);
        assert!(err.message.contains(message), "{} / {message}", err.message);
    }
}

#[test]
fn caps_name_the_catalogs_settings_and_read_as_durations() {
    let caps: Vec<(&str, &str, u64)> = caps()
        .iter()
        .map(|c| (c.product, c.name, c.cap_ms))
        .collect();
    assert_eq!(
        caps,
        vec![
            (
                "Cloudflare",
                "proxy_read_timeout (Proxy Read Timeout)",
                100_000
            ),
            ("Cloudflare", "Proxy Write Timeout", 30_000),
            (
                "Heroku router",
                "router request timeout (30 s, H12)",
                30_000
            ),
            ("AWS ALB", "idle_timeout.timeout_seconds", 4_000_000),
            (
                "Amazon API Gateway",
                "TimeoutInMillis (integration timeout)",
                29_000
            ),
        ]
    );
    assert_eq!(cap_of(entry("nginx", "proxy_read_timeout")), None);
}

#[test]
fn a_malformed_cap_is_an_error() {
    let head = "product\tname\tcap\twhen_en\twhen_ja\tsource\tevidence\n";
    let ok = "Heroku router\trouter request timeout (30 s, H12)\t30s\ton every plan\t\
              すべてのプラン\thttps://example.org\t\"not configurable\"";
    assert_eq!(
        parse_caps(&format!("{head}{ok}\n"), entries())
            .unwrap()
            .len(),
        1
    );
    let broken = [
        (
            ok.replace("\t30s\t", "\tsoon\t"),
            "cap \"soon\" is not a duration",
        ),
        (
            ok.replace("Heroku router", "Render"),
            "Render has no setting named",
        ),
        (ok.replace("on every plan", ""), "needs when_en, when_ja"),
        (ok.replace("https://", "http://"), "documentation address"),
    ];
    for (line, message) in broken {
        let err = parse_caps(&format!("{head}{line}\n"), entries()).unwrap_err();
        assert_eq!(err.line, 2);
        assert!(err.message.contains(message), "{} / {message}", err.message);
    }
}

/// The lookup as it was before the index: every entry's every alias read against the
/// setting, then the same [`pick`] among the matches. The index must answer exactly as
/// this does.
fn scan(row: &Row) -> Match {
    let setting = row.setting.to_lowercase();
    if setting.trim().is_empty() {
        return Match::None;
    }
    let matches: Vec<&'static Entry> = entries()
        .iter()
        .filter(|e| {
            e.aliases
                .iter()
                .any(|alias| alias.iter().all(|w| contains_word(&setting, w)))
        })
        .collect();
    pick(row, &matches)
}

/// An answer as product and name, and the other product named when it does not apply,
/// for a readable failure.
type Named = Option<(&'static str, &'static str, Option<&'static str>)>;

/// An answer as [`Named`].
fn named(m: Match) -> Named {
    match m {
        Match::None => None,
        Match::Applies(e) => Some((e.product, e.name, None)),
        Match::OtherProduct { entry, named } => Some((entry.product, entry.name, Some(named.name))),
    }
}

/// Both answers: the index's and the scan's.
fn both(row: &Row) -> (Named, Named) {
    (named(match_row(row)), named(scan(row)))
}

#[test]
fn the_index_answers_as_a_scan_of_every_entry_on_each_entrys_own_names() {
    let mut found = 0;
    for e in entries() {
        let mut settings = vec![
            e.name.to_string(),
            e.name.to_uppercase(),
            format!("{} = 30", e.name),
            format!("x{}", e.name),
            format!("{}_ms", e.name),
            format!("{0} {0}", e.name),
        ];
        settings.extend(e.aliases.iter().map(|a| a.join(" ")));
        settings.extend(e.aliases.iter().map(|a| a.join("_")));
        settings.extend(e.aliases.iter().map(|a| a.join("の").to_uppercase()));
        let mut locations = vec![String::new(), e.product.to_string()];
        locations.extend(e.hints.iter().cloned());
        for setting in &settings {
            for location in &locations {
                let r = at(setting, location);
                let (index, scanned) = both(&r);
                assert_eq!(index, scanned, "{r:?}");
                found += usize::from(index.is_some());
            }
        }
    }
    // Most of these rows name an entry: the comparison is not between two `None`s.
    assert!(found > 1_000, "{found}");
}

#[test]
fn the_index_answers_as_a_scan_on_tricky_rows() {
    let long = "timeout ".repeat(2_000);
    let cases: Vec<Row> = vec![
        row(""),
        row("   "),
        row("\t\n"),
        row("PROXY_READ_TIMEOUT"),
        row("proxy_read_timeoutproxy_read_timeout"),
        row("proxy_read_timeout proxy_read_timeout"),
        row("_proxy_read_timeout"),
        row("proxy_read_timeout2"),
        row("nginx の proxy_read_timeout"),
        // Lower-casing changes lengths: İ becomes i + a combining dot, an ASCII letter
        // right before the name; the Kelvin sign K becomes an ASCII k.
        row("İproxy_read_timeout"),
        row("\u{212A}eepalive_timeout"),
        row("ＰＲＯＸＹ＿ＲＥＡＤ＿ＴＩＭＥＯＵＴ"),
        row("requests の timeout の2つ目"),
        row("requests timeout の1つ目と2つ目"),
        row("接続文字列の connect_timeout"),
        row("timeout connect"),
        row("timeout  connect"),
        row("connect timeout"),
        row("--timeout=60 --tries=3"),
        row("queue:work --timeout"),
        row("->timeout"),
        row("http.Client{Timeout: 10 * time.Second}"),
        row("server.keepAliveTimeout"),
        at("keepAliveTimeout", "server.js and server.xml"),
        at("keepAliveTimeout", "conf/server.xml Connector"),
        at("connectTimeout", "new Redis({ ... }) with ioredis"),
        at("ReadTimeout", "redis.NewClient(&redis.Options{...})"),
        Row {
            setting: "readTimeout".into(),
            item: "OkHttpClient.Builder".into(),
            segment: "app -> api".into(),
            ..Row::default()
        },
        row(&long),
        row(&format!("{long}proxy_read_timeout")),
        row("proxy_read_timeout\u{0}"),
        row("statement_timeout; lock_timeout"),
    ];
    let mut found = 0;
    for r in &cases {
        let (index, scanned) = both(r);
        assert_eq!(index, scanned, "{r:?}");
        found += usize::from(index.is_some());
    }
    assert!(found >= 15, "{found}");
}

/// Pieces random settings are made of: every word of every alias, the tokens inside them,
/// separators, letters that glue onto a word, and characters whose lower case is longer
/// or ASCII.
fn pieces() -> Vec<String> {
    let mut out: Vec<String> = entries()
        .iter()
        .flat_map(|e| e.aliases.iter().flatten().cloned())
        .collect();
    let words = out.clone();
    out.extend(words.iter().flat_map(|w| tokens(w).map(str::to_string)));
    out.extend(words.iter().map(|w| w.to_uppercase()));
    out.extend(
        [
            " ", "  ", "_", ".", "-", "/", ":", "=", "の", "x", "2", "İ", "\u{212A}", "\t",
        ]
        .map(String::from),
    );
    out.sort();
    out.dedup();
    out
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2_000))]

    #[test]
    fn the_index_answers_as_a_scan_on_random_settings(
        picks in proptest::collection::vec(proptest::prelude::any::<proptest::sample::Index>(), 0..8),
        hint in proptest::prelude::any::<proptest::sample::Index>(),
    ) {
        let pieces = pieces();
        let setting: String = picks.iter().map(|i| i.get(&pieces).as_str()).collect();
        let hints: Vec<&String> = entries().iter().flat_map(|e| e.hints.iter()).collect();
        let r = at(&setting, hint.get(&hints).as_str());
        let (index, scanned) = both(&r);
        proptest::prop_assert_eq!(index, scanned, "{:?}", r);
    }

    /// One sheet's lookups, remembering each setting's matches and the other product each
    /// layer, location and setting names, answer every row as [`lookup`] does: rows that
    /// repeat a setting with other layers, locations, items and segments (hints of other
    /// products, or none) get their own pick.
    #[test]
    fn remembered_matches_answer_as_lookup_on_every_row(
        settings in proptest::collection::vec(
            proptest::collection::vec(proptest::prelude::any::<proptest::sample::Index>(), 0..6),
            1..5,
        ),
        rows in proptest::collection::vec(
            (
                proptest::prelude::any::<proptest::sample::Index>(),
                proptest::prelude::any::<proptest::sample::Index>(),
                proptest::prelude::any::<proptest::sample::Index>(),
                proptest::prelude::any::<proptest::sample::Index>(),
                proptest::prelude::any::<proptest::sample::Index>(),
            ),
            1..16,
        ),
    ) {
        let pieces = pieces();
        let settings: Vec<String> = settings
            .iter()
            .map(|picks| picks.iter().map(|i| i.get(&pieces).as_str()).collect())
            .collect();
        let mut others: Vec<String> = entries()
            .iter()
            .flat_map(|e| {
                let product = [e.product.to_string(), format!("{} 7.4", e.product)];
                e.hints.iter().cloned().chain(product)
            })
            .collect();
        others.extend(
            ["", "server.js", "app -> api", "7.4", "v8.1", "other text", "Cloudflare", "a CDN (Fastly)"]
                .map(String::from),
        );
        let rows: Vec<Row> = rows
            .iter()
            .map(|(setting, layer, location, item, segment)| Row {
                setting: setting.get(&settings).clone(),
                layer: layer.get(&others).clone(),
                location: location.get(&others).clone(),
                item: item.get(&others).clone(),
                segment: segment.get(&others).clone(),
                ..Row::default()
            })
            .collect();
        // The very entry (the line of the row's version too), named for a readable failure.
        let show = |m: Match| (named(m), m.applied().map(|e| e as *const Entry));
        // Each row again with the next row's item and segment: the remembered answers are
        // read for the same layer, location and setting with other hints.
        let again = rows.iter().zip(rows.iter().cycle().skip(1)).map(|(r, next)| Row {
            item: next.item.clone(),
            segment: next.segment.clone(),
            ..r.clone()
        });
        let rows: Vec<Row> = rows.iter().cloned().chain(again).collect();
        let mut lookups = Lookups::default();
        for r in &rows {
            proptest::prop_assert_eq!(show(lookups.lookup(r)), show(match_row(r)), "{:?}", r);
        }
    }
}

#[test]
fn the_products_a_text_names_are_those_with_a_whole_word_in_it() {
    let catalog: &Catalog = &CATALOG;
    let name = |i: &usize| catalog.products[*i].name;
    let named =
        |text: &str| -> Vec<&str> { catalog.products_named(text).iter().map(name).collect() };
    assert_eq!(
        named("nginx.conf (behind cloudfront)"),
        ["nginx", "Amazon CloudFront"]
    );
    assert_eq!(
        named("terraform: aws_lb (application load balancer)"),
        ["AWS ALB"]
    );
    // `elb` names three products; `elbv2` only the ALB; `albatross` none.
    assert_eq!(named("elb"), ["AWS ALB", "AWS NLB", "AWS ELB"]);
    assert_eq!(named("elbv2 listener"), ["AWS ALB"]);
    assert_eq!(named("albatross_cdn2 mod_proxy_x"), Vec::<&str>::new());
    assert_eq!(named("a cdn in front"), ["a CDN"]);
    // The same answer as reading every product's words one by one, on every text the
    // catalog itself writes.
    let texts = catalog
        .search_texts
        .iter()
        .flatten()
        .map(String::as_str)
        .chain(["", "x", "kong-gateway (kong)", "front door/front  door"]);
    for text in texts {
        let one_by_one: Vec<usize> = (0..catalog.products.len())
            .filter(|&i| {
                catalog.products[i]
                    .words
                    .iter()
                    .any(|w| contains_word(text, w))
            })
            .collect();
        assert_eq!(catalog.products_named(text), one_by_one, "{text:?}");
    }
}

#[test]
fn remembered_lookups_keep_apart_the_entries_of_one_setting_text() {
    // `connectTimeout` is OkHttp's and ioredis's; the item's hint picks the entry, and the
    // layer names ioredis on both rows.
    let at = |item: &str| Row {
        layer: "ioredis".into(),
        setting: "connectTimeout".into(),
        item: item.into(),
        ..Row::default()
    };
    let (okhttp, ioredis) = (at("okhttp client"), at("ioredis client"));
    let mut lookups = Lookups::default();
    let answers: Vec<Named> = [&okhttp, &ioredis, &okhttp]
        .into_iter()
        .map(|r| named(lookups.lookup(r)))
        .collect();
    let okhttp_there = Some(("OkHttp", "connectTimeout", Some("ioredis")));
    let ioredis_own = Some(("ioredis", "connectTimeout", None));
    assert_eq!(answers, [okhttp_there, ioredis_own, okhttp_there]);
    assert_eq!(named(match_row(&okhttp)), okhttp_there);
    assert_eq!(named(match_row(&ioredis)), ioredis_own);
}

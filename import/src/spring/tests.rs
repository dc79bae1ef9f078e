use super::*;
use crate::testing::{
    assert_said_in_both, brief, catalog, catalog_lines, cells, error_messages, Importer,
};

/// The importer under test: every file handed in is read as Spring Boot configuration.
const SPRING: Importer = Importer(import);

#[test]
fn relaxed_names_are_one_name_written_in_kebab_case() {
    let text = "spring.datasource.hikari.connection-timeout=1000\nspring.datasource.hikari.connectionTimeout=2000\nspring.datasource.hikari.connection_timeout=3000\nSPRING.DATASOURCE.HIKARI.CONNECTION_TIMEOUT=4000\n";
    let p = "orders/application.properties";
    let out = SPRING.clean(p, text);
    let s = "spring.datasource.hikari.connection-timeout";
    assert_eq!(
        brief(&out.rows),
        [
            format!("orders -> database | {s} | 1000 | {p}:1 {s}"),
            format!("orders -> database | {s} | 2000 | {p}:2 {s}"),
            format!("orders -> database | {s} | 3000 | {p}:3 {s}"),
            format!("orders -> database | {s} | 4000 | {p}:4 {s}"),
        ]
    );
}

#[test]
fn yaml_dotted_keys_and_nested_keys_read_alike() {
    let text = "spring:\n  application.name: shop\n  datasource.hikari:\n    maxLifetime: 1800000\nserver.tomcat:\n  keep-alive-timeout: 20s\nspring.mvc.async.request-timeout: 30s\n";
    let p = "src/main/resources/application.yml";
    let out = SPRING.clean(p, text);
    assert_eq!(
        brief(&out.rows),
        [
            format!("client -> shop | server.tomcat.keep-alive-timeout | 20s | {p}:6 server.tomcat.keep-alive-timeout"),
            format!("shop | spring.mvc.async.request-timeout | 30s | {p}:7 spring.mvc.async.request-timeout"),
            format!("shop -> database | spring.datasource.hikari.max-lifetime | 1800000 | {p}:4 spring.datasource.hikari.max-lifetime"),
        ]
    );
    assert_eq!(
        out.rows[1].rationale,
        "bounds asynchronous request handling only (Callable, DeferredResult, WebAsyncTask)"
    );
    assert_eq!(out.rows[1].item, "overall deadline");
}

#[test]
fn each_profile_document_is_read_with_its_profile() {
    let yaml = "spring:\n  application:\n    name: billing\nserver:\n  tomcat:\n    connection-timeout: 5s\n---\nspring:\n  config:\n    activate:\n      on-profile: prod\nserver:\n  tomcat:\n    connection-timeout: 2s\n";
    let properties = "server.tomcat.connection-timeout=5000\n#---\nspring.config.activate.on-profile=prod\nserver.tomcat.connection-timeout=2000\n";
    let out = SPRING.several(&[
        ("billing/application.yml", yaml),
        ("billing/application.properties", properties),
    ]);
    assert_eq!(out.errors, []);
    let s = "server.tomcat.connection-timeout";
    assert_eq!(
        brief(&out.rows),
        [
            format!("client -> billing | {s} | 5s | billing/application.yml:6 {s}"),
            format!("client -> billing (profile prod) | {s} | 2s | billing/application.yml:14 {s} (profile prod)"),
            format!("client -> billing | {s} | 5000 | billing/application.properties:1 {s}"),
            format!("client -> billing (profile prod) | {s} | 2000 | billing/application.properties:4 {s} (profile prod)"),
        ]
    );
}

#[test]
fn a_placeholder_stays_as_written_and_its_fallback_is_only_named() {
    let text = "feign:\n  client:\n    config:\n      users:\n        connectTimeout: ${USERS_CONNECT_TIMEOUT:2000}\n";
    let out = SPRING.one("app/application.yml", text);
    assert_eq!(
        brief(&out.rows),
        ["app -> users | feign.client.config.*.connect-timeout | ${USERS_CONNECT_TIMEOUT:2000} | app/application.yml:5 feign.client.config.users.connect-timeout"]
    );
    assert_eq!(
        out.rows[0].rationale,
        "unresolved: template; `2000` after the colon is what Spring uses when the variable is not set; not taken as the value here"
    );
}

#[test]
fn named_clients_and_instances_take_the_default_config_where_they_set_nothing() {
    let text = r#"feign.client.config:
  default:
    connectTimeout: 1000
    readTimeout: 5000
  users:
    readTimeout: 9000
resilience4j:
  retry:
    configs:
      default:
        maxAttempts: 4
        waitDuration: 200ms
      slow:
        maxAttempts: 2
    instances:
      users:
        baseConfig: slow
        waitDuration: 1s
      orders:
        maxAttempts: 5
  timelimiter:
    configs:
      default:
        timeoutDuration: 3s
"#;
    let p = "web/application.yml";
    let out = SPRING.clean(p, text);
    assert_eq!(
        cells(&out.rows, "segment | value | location | item | rationale"),
        [
            format!("web -> users | 1000 | {p}:3 feign.client.config.default.connect-timeout | connect timeout | the value of `feign.client.config.default`, which applies here: nothing here sets its own"),
            format!("web -> users | 9000 | {p}:6 feign.client.config.users.read-timeout | read timeout | "),
            // The waits go into the tries cell: the instance's own 1s after the config's 2 tries.
            format!("web -> users | 2 tries, waits 1000ms | {p}:14 resilience4j.retry.configs.slow.max-attempts | tries and waits | the value of `resilience4j.retry.configs.slow`, which applies here: nothing here sets its own; resilience4j's maxAttempts counts tries, the first call included (not retries after it); maxAttempts 2 with the waits between tries (waitDuration at {p}:18) in one cell"),
            format!("web -> users | 1s | {p}:18 resilience4j.retry.instances.users.wait-duration | other | "),
            format!("web -> orders | 5 tries, waits 200ms, 200ms, 200ms, 200ms | {p}:20 resilience4j.retry.instances.orders.max-attempts | tries and waits | resilience4j's maxAttempts counts tries, the first call included (not retries after it); maxAttempts 5 with the waits between tries (waitDuration at {p}:12) in one cell"),
            format!("web -> orders | 200ms | {p}:12 resilience4j.retry.configs.default.wait-duration | other | the value of `resilience4j.retry.configs.default`, which applies here: nothing here sets its own"),
            format!("web -> resilience4j default | 3s | {p}:24 resilience4j.timelimiter.configs.default.timeout-duration | per-try timeout | "),
        ]
    );
    // The catalog reads maxAttempts as tries, the first call included: 5 is 5 tries.
    let tries = &out.rows[4];
    let entry = budget::catalog::lookup(tries).expect("a catalog entry");
    assert_eq!(
        (entry.product, entry.name),
        ("Resilience4j", "Retry maxAttempts")
    );
    assert!(!entry.default.contains("retr"), "{}", entry.default);
}

#[test]
fn gateway_routes_take_their_own_timeouts_over_the_http_clients() {
    let text = r#"spring:
  cloud:
    gateway:
      httpclient:
        connect-timeout: 1000
        response-timeout: 5s
      routes:
        - id: slow
          uri: lb://reports
          metadata:
            response-timeout: 30000
          filters:
            - Retry=2,INTERNAL_SERVER_ERROR
        - id: fast
          uri: http://search:8080
          filters:
            - name: Retry
              args:
                series: SERVER_ERROR
"#;
    let p = "edge/application.yml";
    let out = SPRING.clean(p, text);
    let routes =
        "the routes of one Spring Cloud Gateway are alternatives: each request takes one of them";
    assert_eq!(
        cells(
            &out.rows,
            "segment | setting | value | default | location | rationale"
        ),
        [
            format!("edge -> lb://reports |  | edge |  | {p}:9 spring.cloud.gateway.routes[0] | {routes}"),
            format!("edge -> lb://reports | spring.cloud.gateway.httpclient.connect-timeout | 1000 |  | {p}:5 spring.cloud.gateway.httpclient.connect-timeout | "),
            format!("edge -> lb://reports | spring.cloud.gateway.routes[*].metadata.response-timeout | 30000 |  | {p}:11 spring.cloud.gateway.routes[0].metadata.response-timeout | "),
            format!("edge -> lb://reports | spring.cloud.gateway.filter.retry.retries | 2 |  | {p}:13 spring.cloud.gateway.routes[0].filters[0] (Retry retries) | counts retries after the first try"),
            format!("edge -> http://search:8080 |  | edge |  | {p}:15 spring.cloud.gateway.routes[1] | {routes}"),
            format!("edge -> http://search:8080 | spring.cloud.gateway.httpclient.connect-timeout | 1000 |  | {p}:5 spring.cloud.gateway.httpclient.connect-timeout | "),
            format!("edge -> http://search:8080 | spring.cloud.gateway.httpclient.response-timeout | 5s |  | {p}:6 spring.cloud.gateway.httpclient.response-timeout | "),
            format!("edge -> http://search:8080 | spring.cloud.gateway.filter.retry.retries | — | 3 retries | {p}:17 spring.cloud.gateway.routes[1].filters[0].name | not set: the Retry filter retries 3 times by default (GET, 5xx)"),
        ]
    );
}

#[test]
fn every_setting_written_is_one_the_catalog_knows() {
    let text = r#"server:
  tomcat: {connection-timeout: 20000, keep-alive-timeout: 30000}
  netty: {connection-timeout: 2s, idle-timeout: 15s}
spring:
  mvc.async.request-timeout: 30000
  datasource.hikari: {connection-timeout: 2000, max-lifetime: 600000}
  cloud:
    openfeign.client.config.users: {connect-timeout: 1000, read-timeout: 3000}
    gateway:
      httpclient: {connect-timeout: 1000, response-timeout: 5s, pool: {max-idle-time: 15s}}
      routes:
        - uri: lb://users
          metadata: {connect-timeout: 500, response-timeout: 2000}
          filters: [Retry=2]
feign.client.config.orders: {connectTimeout: 1000, readTimeout: 3000}
resilience4j:
  retry.instances.users: {maxAttempts: 3, waitDuration: 500}
  timelimiter.instances.users: {timeoutDuration: 2s}
hystrix.command.default.execution.isolation.thread.timeoutInMilliseconds: 4000
ribbon: {ReadTimeout: 1000, ConnectTimeout: 500, MaxAutoRetries: 1}
zuul.host: {connect-timeout-millis: 2000, socket-timeout-millis: 10000}
"#;
    let out = SPRING.clean("all/application.yml", text);
    assert_eq!(
        catalog_lines(&out.rows, |_| String::new()),
        [
            "server.tomcat.connection-timeout = Spring Boot / server.tomcat.connection-timeout",
            "server.tomcat.keep-alive-timeout = Spring Boot / server.tomcat.keep-alive-timeout",
            "server.netty.connection-timeout = Spring Boot / server.netty.connection-timeout",
            "server.netty.idle-timeout = Spring Boot / server.netty.idle-timeout",
            "spring.mvc.async.request-timeout = Spring Boot / spring.mvc.async.request-timeout",
            "spring.datasource.hikari.connection-timeout = HikariCP / connectionTimeout",
            "spring.datasource.hikari.max-lifetime = HikariCP / maxLifetime",
            "feign.client.config.*.connect-timeout = OpenFeign / connectTimeout",
            "feign.client.config.*.read-timeout = OpenFeign / readTimeout",
            "spring.cloud.openfeign.client.config.*.connect-timeout = OpenFeign / connectTimeout",
            "spring.cloud.openfeign.client.config.*.read-timeout = OpenFeign / readTimeout",
            "spring.cloud.gateway.routes[*].metadata.connect-timeout = Spring Cloud Gateway / route metadata connect-timeout",
            "spring.cloud.gateway.routes[*].metadata.response-timeout = Spring Cloud Gateway / route metadata response-timeout",
            "spring.cloud.gateway.httpclient.pool.max-idle-time = Spring Cloud Gateway / spring.cloud.gateway.httpclient.pool.max-idle-time",
            "spring.cloud.gateway.filter.retry.retries = Spring Cloud Gateway / Retry filter retries",
            "resilience4j.retry.instances.*.max-attempts = Resilience4j / Retry maxAttempts",
            "resilience4j.retry.instances.*.wait-duration = Resilience4j / Retry waitDuration",
            "resilience4j.timelimiter.instances.*.timeout-duration = Resilience4j / TimeLimiter timeoutDuration",
            "hystrix.command.*.execution.isolation.thread.timeoutInMilliseconds = Hystrix / execution.isolation.thread.timeoutInMilliseconds",
            "ribbon.ReadTimeout = Ribbon / ReadTimeout",
            "ribbon.ConnectTimeout = Ribbon / ConnectTimeout",
            "ribbon.MaxAutoRetries = Ribbon / MaxAutoRetries",
            "zuul.host.connect-timeout-millis = Zuul / zuul.host.connect-timeout-millis",
            "zuul.host.socket-timeout-millis = Zuul / zuul.host.socket-timeout-millis",
        ]
    );
    // The gateway's global timeouts, for a file whose routes set none of their own.
    let globals =
        "spring.cloud.gateway.httpclient: {connect-timeout: 1000, response-timeout: 5s}\n";
    let out = SPRING.one("gw/application.yml", globals);
    assert_eq!(
        catalog(&out.rows, |r, e| format!(
            "{} | {} / {}",
            r.segment, e.product, e.name
        )),
        [
            "gw -> gateway routes | Spring Cloud Gateway / spring.cloud.gateway.httpclient.connect-timeout",
            "gw -> gateway routes | Spring Cloud Gateway / spring.cloud.gateway.httpclient.response-timeout",
        ]
    );
}

#[test]
fn a_malformed_file_is_named_by_line_and_column_and_the_others_still_import() {
    let out = SPRING.several(&[
        (
            "a/application.yml",
            "server:\n  tomcat:\n    connection-timeout: [5s\n",
        ),
        (
            "b/application.properties",
            "server.tomcat.connection-timeout=\\u12G4\n",
        ),
        (
            "c/application.properties",
            "server.tomcat.connection-timeout=5s\n",
        ),
    ]);
    let errors = error_messages(&out);
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(
        errors[0].starts_with("a/application.yml:4:1: "),
        "{errors:?}"
    );
    assert!(
        errors[1].starts_with("b/application.properties:1:1: "),
        "{errors:?}"
    );
    assert_eq!(
        brief(&out.rows),
        ["client -> c | server.tomcat.connection-timeout | 5s | c/application.properties:1 server.tomcat.connection-timeout"]
    );
}

#[test]
fn the_application_is_named_by_the_file_or_its_folder() {
    assert_eq!(app_from_path("config/shared/gateway.yml"), "gateway");
    assert_eq!(
        app_from_path("orders/src/main/resources/application.yml"),
        "orders"
    );
    assert_eq!(
        app_from_path("spring-piggymetrics/application-dev.yml"),
        "spring-piggymetrics"
    );
    assert_eq!(app_from_path("application.properties"), "application");
}

#[test]
fn every_sentence_is_said_in_both_languages() {
    let all = [
        Say::TriesIncludeFirst,
        Say::Inherited { from: "x" },
        Say::GatewayRoutes,
        Say::ZuulRoutes,
        Say::AsyncOnly,
        Say::HystrixWholeCall,
        Say::CountsRetries,
        Say::GatewayDefaultRetries,
        Say::Fallback { fallback: "30s" },
        Say::WaitsJoined {
            count: "3",
            at: None,
            exponential: true,
        },
    ];
    assert_said_in_both(&all, Say::text);
    let out = SPRING.one_in(
        Lang::Ja,
        "a/application.yml",
        "resilience4j.retry.instances.x.max-attempts: 3\n",
    );
    assert_eq!(
        (out.rows[0].item.as_str(), out.rows[0].rationale.as_str()),
        (
            "試行回数と待機",
            "resilience4j の maxAttempts は最初の呼び出しを含む試行回数（その後の再試行の回数ではない）; maxAttempts 3 と、試行の間の待機（waitDuration 未設定: 既定値 500ms）を1つのセルに"
        )
    );
}

#[test]
fn waits_and_exponential_backoff_join_the_tries_cell() {
    let text = "resilience4j:\n  retry:\n    instances:\n      api:\n        maxAttempts: 3\n        waitDuration: 500ms\n        enableExponentialBackoff: true\n        exponentialBackoffMultiplier: 2\n      slow:\n        maxAttempts: 4\n        waitDuration: 100\n        enableExponentialBackoff: true\n      templated:\n        maxAttempts: ${TRIES:3}\n        waitDuration: 1s\n";
    let out = SPRING.one("app/application.yml", text);
    let tries: Vec<&str> = out
        .rows
        .iter()
        .filter(|r| r.setting.ends_with("max-attempts"))
        .map(|r| r.value.as_str())
        .collect();
    // G2's waits: 0.5 s then 1.0 s; Resilience4j's default multiplier 1.5 on a bare 100 (ms);
    // a templated count stays as written.
    assert_eq!(
        tries,
        [
            "3 tries, waits 500ms, 1000ms",
            "4 tries, waits 100ms, 150ms, 225ms",
            "${TRIES:3}"
        ]
    );
    let sheet = budget::Sheet::new(Lang::En, out.rows.clone());
    let report = budget::check(&sheet);
    let hop = report
        .hops
        .iter()
        .find(|h| h.segment == "app -> api")
        .unwrap();
    assert_eq!(
        (hop.tries, hop.waits_ms.as_slice()),
        (3, [500, 1000].as_slice())
    );
}

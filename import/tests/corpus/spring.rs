//! Spring Boot: Spring Cloud Netflix (Hystrix, Ribbon, Zuul), Spring Cloud Gateway with
//! Resilience4j, Tomcat and HikariCP, and the Resilience4j demo.

use crate::{cells_of, findings, import_clean_with_paths, route_groups, row_of, settings};

#[test]
fn spring_piggymetrics() {
    let (out, [a, g]) =
        import_clean_with_paths("spring-piggymetrics", ["application.yml", "gateway.yml"]);
    let hystrix = "hystrix.command.*.execution.isolation.thread.timeoutInMilliseconds";
    let mut expected = vec![
        format!("spring-piggymetrics -> hystrix default | {hystrix} | 10000 | {a}:11"),
        // The URL route takes Zuul's host timeouts, and no Hystrix command wraps it.
        format!("gateway -> http://auth-service:5000 | zuul.host.connect-timeout-millis | 20000 | {g}:16"),
        format!("gateway -> http://auth-service:5000 | zuul.host.socket-timeout-millis | 20000 | {g}:17"),
    ];
    // The service routes take Ribbon's timeouts, under Hystrix's default command.
    for service in [
        "account-service",
        "statistics-service",
        "notification-service",
    ] {
        expected.extend([
            format!("gateway -> {service} | ribbon.ReadTimeout | 20000 | {g}:10"),
            format!("gateway -> {service} | ribbon.ConnectTimeout | 20000 | {g}:11"),
            format!("gateway -> {service} | {hystrix} | 20000 | {g}:7"),
        ]);
    }
    assert_eq!(settings(&out.rows), expected);
    // The four Zuul routes are one route group of the gateway.
    assert_eq!(
        route_groups(&out.rows),
        [
            format!("gateway -> http://auth-service:5000 = gateway @ {g}:22 zuul.routes.auth-service"),
            format!("gateway -> account-service = gateway @ {g}:28 zuul.routes.account-service"),
            format!("gateway -> statistics-service = gateway @ {g}:34 zuul.routes.statistics-service"),
            format!("gateway -> notification-service = gateway @ {g}:40 zuul.routes.notification-service"),
        ]
    );
    let deadline = row_of(&out.rows, hystrix);
    assert_eq!(
        cells_of(deadline, "item | rationale"),
        "overall deadline | Hystrix bounds the whole call to the service, Ribbon's retries included"
    );
    // Bare numbers are milliseconds, the only form these integer settings take (the catalog's
    // bare_only): no finding asks for a unit. The URL route is bounded by intervals only,
    // which the engine says.
    let expected = vec!["ReadIntervalOnly gateway -> http://auth-service:5000".to_owned()];
    assert_eq!(findings(&out.rows), expected);
}

#[test]
fn spring_polar_bookshop() {
    let (out, [c, e]) = import_clean_with_paths(
        "spring-polar-bookshop",
        [
            "catalog-service/application.yml",
            "edge-service/application.yml",
        ],
    );
    let mut expected = vec![
        format!("client -> catalog-service | server.tomcat.connection-timeout | 2s | {c}:5"),
        format!("client -> catalog-service | server.tomcat.keep-alive-timeout | 15s | {c}:6"),
        format!("catalog-service -> database | spring.datasource.hikari.connection-timeout | 2000 | {c}:37"),
        format!("client -> edge-service | server.netty.connection-timeout | 2s | {e}:4"),
        format!("client -> edge-service | server.netty.idle-timeout | 15s | {e}:5"),
    ];
    // Each route's URI is written as the file has it: its placeholder stays unresolved.
    for uri in [
        "${SPA_URL:http://localhost:9004}",
        "${CATALOG_SERVICE_URL:http://localhost:9001}/books",
        "${ORDER_SERVICE_URL:http://localhost:9002}/orders",
    ] {
        let hop = format!("edge-service -> {uri}");
        expected.extend([
            format!("{hop} | spring.cloud.gateway.httpclient.connect-timeout | 2000 | {e}:29"),
            format!("{hop} | spring.cloud.gateway.httpclient.response-timeout | 5s | {e}:30"),
            format!("{hop} | spring.cloud.gateway.httpclient.pool.max-idle-time | 15s | {e}:33"),
            format!("{hop} | spring.cloud.gateway.filter.retry.retries | 3 | {e}:46"),
        ]);
    }
    expected.push(format!(
        "edge-service -> resilience4j default | resilience4j.timelimiter.configs.*.timeout-duration | 5s | {e}:110"
    ));
    assert_eq!(settings(&out.rows), expected);
    let groups: Vec<String> = out
        .rows
        .iter()
        .filter(|r| r.item == "route group")
        .map(|r| format!("{} @ {}", r.value, r.location))
        .collect();
    assert_eq!(
        groups,
        [
            format!("edge-service @ {e}:57 spring.cloud.gateway.routes[0]"),
            format!("edge-service @ {e}:61 spring.cloud.gateway.routes[1]"),
            format!("edge-service @ {e}:70 spring.cloud.gateway.routes[2]"),
        ]
    );
    let retries = row_of(&out.rows, "spring.cloud.gateway.filter.retry.retries");
    assert_eq!(
        retries.location,
        format!("{e}:46 spring.cloud.gateway.default-filters[3].args.retries")
    );
    // The Retry filter's 3 retries are 4 attempts at each route's service; nothing is
    // unreadable.
    let spa = "${SPA_URL:http://localhost:9004}";
    let books = "${CATALOG_SERVICE_URL:http://localhost:9001}/books";
    let orders = "${ORDER_SERVICE_URL:http://localhost:9002}/orders";
    assert_eq!(
        findings(&out.rows),
        [
            "BoundMissing client -> catalog-service".to_owned(),
            "BoundMissing catalog-service -> database".to_owned(),
            "BoundMissing client -> edge-service".to_owned(),
            format!("RetryAmplification {spa}"),
            format!("RetryAmplification {books}"),
            format!("RetryAmplification {orders}"),
            format!("ValueUnitFromCatalog edge-service -> {spa}"),
            format!("ValueUnitFromCatalog edge-service -> {books}"),
            format!("ValueUnitFromCatalog edge-service -> {orders}"),
        ]
    );
}

#[test]
fn spring_resilience4j_demo() {
    let (out, [f]) = import_clean_with_paths("spring-resilience4j-demo", ["application.yml"]);
    let mut expected = Vec::new();
    // Both instances name `default` as their base config: its values are theirs.
    for instance in ["backendA", "backendB"] {
        expected.extend([
            format!("resilience4j-demo -> {instance} | resilience4j.retry.configs.*.max-attempts | 3 tries, waits 100ms, 100ms | {f}:67"),
            format!("resilience4j-demo -> {instance} | resilience4j.retry.configs.*.wait-duration | 100 | {f}:68"),
        ]);
    }
    for instance in ["backendA", "backendB"] {
        expected.push(format!(
            "resilience4j-demo -> {instance} | resilience4j.timelimiter.configs.*.timeout-duration | 2s | {f}:125"
        ));
    }
    assert_eq!(settings(&out.rows), expected);
    let tries = &out.rows[0];
    assert_eq!(
        tries.location,
        format!("{f}:67 resilience4j.retry.configs.default.max-attempts")
    );
    assert_eq!(
        tries.rationale,
        format!("the value of `resilience4j.retry.configs.default`, which applies here: nothing here sets its own; resilience4j's maxAttempts counts tries, the first call included (not retries after it); maxAttempts 3 with the waits between tries (waitDuration at {f}:68) in one cell")
    );
    // maxAttempts 3 is 3 tries of 2 s each with 100 ms between them: nothing to report.
    assert_eq!(findings(&out.rows), Vec::<String>::new());
}

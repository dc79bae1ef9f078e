//! Benchmarks of the importers and of drift: importing a tree of 1,000 configuration files
//! (about 5 MB: Kubernetes YAML, nginx, Terraform, Spring Boot and HAProxy, 200 of each), and
//! `drift` of a 500-row sheet against its files. Run with `cargo bench -p workbench-import
//! --bench import`; the figures are in `docs/benchmarks.md`. Times are the benchmark thread's
//! CPU time, as the engine's benchmarks measure them.

use std::hint::black_box;

use budget::Lang;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use workbench_import::drift::{drift, Read};
use workbench_import::{import, File};

/// The workbench binary's allocator (server/src/main.rs): the importers are measured as they
/// run there.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[path = "../../budget/benches/cpu/mod.rs"]
mod cpu;

use cpu::ThreadCpu;

/// Files of each format in the tree.
const PER_FORMAT: usize = 200;

/// `count` pieces of text, `piece(0)` to `piece(count - 1)`, one after another: the repeated
/// blocks of a file (routes, locations, target groups, clients, backends).
fn repeat(count: usize, piece: impl Fn(usize) -> String) -> String {
    (0..count).map(piece).collect()
}

/// A Kubernetes file of service `n`: an Ingress, a VirtualService with 24 routes, a
/// DestinationRule and a Deployment with probes.
fn kubernetes(n: usize) -> String {
    let head = format!(
        "apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: web-{n}\n  annotations:\n    nginx.ingress.kubernetes.io/proxy-read-timeout: \"30\"\n    nginx.ingress.kubernetes.io/proxy-connect-timeout: \"5\"\nspec:\n  rules:\n  - host: web-{n}.example.com\n    http:\n      paths:\n      - path: /\n        pathType: Prefix\n        backend:\n          service:\n            name: svc-{n}\n            port:\n              number: 80\n---\napiVersion: networking.istio.io/v1\nkind: VirtualService\nmetadata:\n  name: svc-{n}\nspec:\n  hosts: [svc-{n}]\n  http:\n"
    );
    let routes = repeat(24, |r| {
        format!(
            "  - name: route-{r}\n    match:\n    - uri:\n        prefix: /api/v{r}/\n    route:\n    - destination:\n        host: svc-{n}-v{r}\n    timeout: {t}s\n    retries:\n      attempts: 2\n      perTryTimeout: 2s\n      retryOn: connect-failure,refused-stream,503\n",
            t = 5 + r
        )
    });
    let rest = format!(
        "---\napiVersion: networking.istio.io/v1\nkind: DestinationRule\nmetadata:\n  name: svc-{n}\nspec:\n  host: svc-{n}\n  trafficPolicy:\n    connectionPool:\n      tcp:\n        connectTimeout: 1s\n      http:\n        idleTimeout: 60s\n        maxRetries: 10\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: svc-{n}\nspec:\n  template:\n    spec:\n      terminationGracePeriodSeconds: 30\n      containers:\n      - name: app\n        image: example/app:1.0\n        livenessProbe:\n          httpGet: {{path: /healthz, port: 8080}}\n          timeoutSeconds: 2\n        readinessProbe:\n          httpGet: {{path: /ready, port: 8080}}\n          timeoutSeconds: 1\n"
    );
    head + &routes + &rest
}

/// An nginx file of site `n`: an upstream and a server with 60 locations that inherit from it.
fn nginx(n: usize) -> String {
    let head = format!(
        "upstream app_{n} {{\n    server 10.0.{n}.1:8080;\n    server 10.0.{n}.2:8080;\n    keepalive 32;\n}}\n\nserver {{\n    listen 80;\n    server_name site-{n}.example.com;\n    proxy_connect_timeout 2s;\n    proxy_read_timeout 30s;\n    proxy_next_upstream error timeout;\n    proxy_next_upstream_tries 2;\n"
    );
    let locations = repeat(60, |l| {
        format!(
            "\n    location /area-{l}/ {{\n        proxy_pass http://app_{n};\n        proxy_send_timeout 20s;\n{}    }}\n",
            if l % 3 == 0 {
                "        proxy_read_timeout 120s;\n"
            } else {
                ""
            }
        )
    });
    head + &locations + "}\n"
}

/// A Terraform file of stack `n`: an ALB, its listener and target groups, a Lambda, an SQS
/// queue and its event source mapping.
fn terraform(n: usize) -> String {
    let head = format!(
        "resource \"aws_lb\" \"web_{n}\" {{\n  name               = \"web-{n}\"\n  load_balancer_type = \"application\"\n  idle_timeout       = 60\n  subnets            = var.subnets\n}}\n\nresource \"aws_lb_listener\" \"web_{n}\" {{\n  load_balancer_arn = aws_lb.web_{n}.arn\n  port              = 443\n  default_action {{\n    type             = \"forward\"\n    target_group_arn = aws_lb_target_group.web_{n}_0.arn\n  }}\n}}\n"
    );
    let target_groups = repeat(20, |t| {
        format!(
            "\nresource \"aws_lb_target_group\" \"web_{n}_{t}\" {{\n  name                 = \"web-{n}-{t}\"\n  port                 = 8080\n  protocol             = \"HTTP\"\n  deregistration_delay = 30\n  vpc_id               = var.vpc_id\n}}\n"
        )
    });
    let rest = format!(
        "\nresource \"aws_lambda_function\" \"worker_{n}\" {{\n  function_name = \"worker-{n}\"\n  runtime       = \"python3.12\"\n  handler       = \"app.handler\"\n  timeout       = 60\n}}\n\nresource \"aws_sqs_queue\" \"jobs_{n}\" {{\n  name                       = \"jobs-{n}\"\n  visibility_timeout_seconds = 360\n}}\n\nresource \"aws_lambda_event_source_mapping\" \"jobs_{n}\" {{\n  event_source_arn = aws_sqs_queue.jobs_{n}.arn\n  function_name    = aws_lambda_function.worker_{n}.arn\n}}\n"
    );
    head + &target_groups + &rest
}

/// A Spring Boot `application.yml` of service `n` with 20 Feign clients and their retries.
fn spring(n: usize) -> String {
    let head = format!(
        "spring:\n  application:\n    name: svc-{n}\n  mvc:\n    async:\n      request-timeout: 8s\n  datasource:\n    hikari:\n      connection-timeout: 2000\n      max-lifetime: 1800000\nserver:\n  tomcat:\n    connection-timeout: 20s\nfeign:\n  client:\n    config:\n"
    );
    let feign = repeat(20, |c| {
        format!(
            "      client-{c}:\n        connectTimeout: 500\n        readTimeout: {}\n",
            1000 + c * 100
        )
    });
    let retries = repeat(20, |c| {
        format!("      client-{c}:\n        maxAttempts: 3\n        waitDuration: 200ms\n")
    });
    head + &feign + "resilience4j:\n  retry:\n    instances:\n" + &retries
}

/// An HAProxy file of proxy `n`: defaults, a frontend with 20 backends.
fn haproxy(n: usize) -> String {
    let head = format!(
        "global\n    maxconn 4096\n\ndefaults\n    mode http\n    timeout connect 5s\n    timeout client 30s\n    timeout server 30s\n    retries 3\n    option redispatch\n\nfrontend fe_{n}\n    bind :80\n"
    );
    let rules = repeat(20, |b| {
        format!("    use_backend be_{n}_{b} if {{ path_beg /b{b}/ }}\n")
    });
    let backends = repeat(20, |b| {
        format!(
            "\nbackend be_{n}_{b}\n    timeout server 10s\n    server s1 10.1.{n}.{b}:8080 check\n    server s2 10.2.{n}.{b}:8080 check\n"
        )
    });
    head + &rules + &backends
}

/// The tree: `(path, text)` of 1,000 files, 200 of each format.
fn tree() -> Vec<(String, String)> {
    let mut files = Vec::with_capacity(5 * PER_FORMAT);
    for n in 0..PER_FORMAT {
        files.push((format!("k8s/svc-{n}.yaml"), kubernetes(n)));
        files.push((format!("nginx/site-{n}.conf"), nginx(n)));
        files.push((format!("terraform/stack-{n}.tf"), terraform(n)));
        files.push((format!("svc-{n}/application.yml"), spring(n)));
        files.push((format!("haproxy/proxy-{n}.cfg"), haproxy(n)));
    }
    files
}

fn benches(c: &mut Criterion<ThreadCpu>) {
    let texts = tree();
    let bytes: usize = texts.iter().map(|(_, t)| t.len()).sum();
    let files: Vec<File<'_>> = texts
        .iter()
        .map(|(path, text)| File { path, text })
        .collect();
    let imported = import(&files, Lang::En);
    assert!(imported.errors.is_empty(), "{:?}", imported.errors);
    eprintln!(
        "the tree: {} files, {bytes} bytes, {} rows",
        files.len(),
        imported.rows.len()
    );

    let mut group = c.benchmark_group("import");
    group.sample_size(10);
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("1,000 files", |b| {
        b.iter(|| import(black_box(&files), Lang::En))
    });
    group.finish();

    // A 500-row sheet: the rows of the first files whose rows add up to 500, one of each
    // format in turn, so its files are few and every format is compared.
    let sheet: Vec<budget::Row> = imported.rows.iter().take(500).cloned().collect();
    let mut group = c.benchmark_group("drift");
    group.sample_size(20);
    group.throughput(Throughput::Elements(sheet.len() as u64));
    group.bench_function("500 rows", |b| {
        b.iter(|| {
            let mut read = |path: &str| {
                texts
                    .iter()
                    .find(|(p, _)| p == path)
                    .map_or(Read::Missing, |(_, t)| Read::Text(t.clone()))
            };
            drift(black_box(&sheet), &mut read)
        })
    });
    group.finish();
}

criterion_group! {
    name = import_benches;
    config = Criterion::default().with_measurement(ThreadCpu);
    targets = benches
}
criterion_main!(import_benches);

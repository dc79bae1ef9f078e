use budget::Sheet;

use super::*;
use crate::testing::{
    assert_said_in_both, brief, catalog_lines, cells, cells_of, distinct, error_messages,
    route_groups, Importer,
};

/// The importer under test: every file handed in is read as Terraform.
const TERRAFORM: Importer = Importer(import);

/// An ALB in front of an ECS service, as the AWS provider's examples write it: a listener
/// whose default action forwards, a listener rule forwarding to a second target group with a
/// weighted `forward` block.
const ALB: &str = r#"resource "aws_lb" "front_end" {
  name               = "front-end"
  internal           = false
  load_balancer_type = "application"
  security_groups    = [aws_security_group.lb_sg.id]
  subnets            = [for subnet in aws_subnet.public : subnet.id]

  idle_timeout = 120
}

resource "aws_lb_target_group" "app" {
  name                 = "app"
  port                 = 8080
  protocol             = "HTTP"
  vpc_id               = aws_vpc.main.id
  deregistration_delay = "30"
}

resource "aws_lb_target_group" "api" {
  name     = "api"
  port     = 9090
  protocol = "HTTP"
  vpc_id   = aws_vpc.main.id
}

resource "aws_lb_listener" "front_end" {
  load_balancer_arn = aws_lb.front_end.arn
  port              = "443"
  protocol          = "HTTPS"

  default_action {
    type             = "forward"
    target_group_arn = aws_lb_target_group.app.arn
  }
}

resource "aws_lb_listener_rule" "api" {
  listener_arn = aws_lb_listener.front_end.arn
  priority     = 100

  action {
    type = "forward"
    forward {
      target_group {
        arn    = aws_lb_target_group.api.arn
        weight = 100
      }
    }
  }

  condition {
    path_pattern {
      values = ["/api/*"]
    }
  }
}
"#;

#[test]
fn an_alb_s_settings_go_on_the_hops_its_listeners_forward() {
    let out = TERRAFORM.clean("alb.tf", ALB);
    let app = "aws_lb.front_end -> aws_lb_target_group.app";
    let api = "aws_lb.front_end -> aws_lb_target_group.api";
    assert_eq!(
        brief(&out.rows),
        [
            format!("{app} | aws_lb.idle_timeout | 120 | alb.tf:8 aws_lb.front_end idle_timeout"),
            format!("{api} | aws_lb.idle_timeout | 120 | alb.tf:8 aws_lb.front_end idle_timeout"),
            // A quoted number is the number Terraform converts it to; its unit is the
            // catalog's seconds.
            format!("{app} | aws_lb_target_group.deregistration_delay | 30 | alb.tf:16 aws_lb_target_group.app deregistration_delay"),
        ]
    );
    // The two target groups are alternatives of one route group, each written where the
    // listener or its rule names it.
    assert_eq!(
        route_groups(&out.rows),
        [
            format!("{app} = aws_lb.front_end @ alb.tf:33 aws_lb_listener.front_end default_action.target_group_arn"),
            format!("{api} = aws_lb.front_end @ alb.tf:45 aws_lb_listener_rule.api action.forward.target_group.arn"),
        ]
    );
    assert!(out.rows.iter().all(|r| r.layer.starts_with("aws_lb")));
}

#[test]
fn an_application_load_balancer_without_idle_timeout_gets_the_60_s_default() {
    let text = r#"resource "aws_lb" "web" {
  name    = "web"
  subnets = var.public_subnets
}

resource "aws_lb" "nlb" {
  name               = "nlb"
  load_balancer_type = "network"
}

resource "aws_lb" "any" {
  load_balancer_type = var.lb_type
}
"#;
    let out = TERRAFORM.one("lb.tf", text);
    // Only the application load balancer: a network load balancer has no idle_timeout, and a
    // type from a variable is not guessed.
    assert_eq!(
        brief(&out.rows),
        ["aws_lb.web | aws_lb.idle_timeout | — | lb.tf:1 aws_lb.web idle_timeout"]
    );
    let hidden = &out.rows[0];
    assert_eq!(
        cells_of(hidden, "default | rationale"),
        "60s | not set: an Application Load Balancer closes a connection idle for 60 s by default"
    );
}

#[test]
fn variables_locals_and_expressions_stay_as_written() {
    let main = r#"locals {
  timeout = 60
}

resource "aws_lambda_function" "a" {
  function_name = "a"
  timeout       = var.lambda_timeout
}

resource "aws_lambda_function" "b" {
  function_name = "b"
  timeout       = local.timeout
}

resource "aws_lambda_function" "c" {
  function_name = "c"
  timeout       = "${var.lambda_timeout}"
}

resource "aws_lambda_function" "d" {
  function_name = "d"
  timeout = (
    var.long
    ? 900
    : 30
  )
}

resource "aws_lambda_function" "e" {
  function_name = "e"
  timeout       = module.settings.lambda_timeout
}

resource "aws_lambda_function" "f" {
  function_name = "f"
  timeout       = null
}
"#;
    // The variable declares a default, but a caller or a .tfvars file may set another.
    let variables = "variable \"lambda_timeout\" {\n  type    = number\n  default = 120\n}\n";
    let out = TERRAFORM.several(&[("fn/main.tf", main), ("fn/variables.tf", variables)]);
    assert_eq!(out.errors, []);
    assert_eq!(
        cells(&out.rows, "value | default | location | rationale"),
        [
            "var.lambda_timeout |  | fn/main.tf:7 aws_lambda_function.a timeout | unresolved: var.lambda_timeout (a Terraform input variable: its value comes from the module's caller, a .tfvars file or -var at plan time, so it is not guessed here)",
            "local.timeout |  | fn/main.tf:12 aws_lambda_function.b timeout | unresolved: local.timeout (a local value of the module: Terraform evaluates it at plan time, and it is not evaluated here)",
            "\"${var.lambda_timeout}\" |  | fn/main.tf:17 aws_lambda_function.c timeout | unresolved: expression of var.lambda_timeout (Terraform computes it at plan time; expressions are not evaluated here)",
            // A value over several lines is one line in its cell, at the line it starts.
            "( var.long ? 900 : 30 ) |  | fn/main.tf:22 aws_lambda_function.d timeout | unresolved: expression of var.long (Terraform computes it at plan time; expressions are not evaluated here)",
            "module.settings.lambda_timeout |  | fn/main.tf:31 aws_lambda_function.e timeout | unresolved: module.settings.lambda_timeout (another object's attribute, known only when Terraform plans or applies)",
            "— | 3s | fn/main.tf:36 aws_lambda_function.f timeout | `null`: Terraform leaves the argument unset, so its default 3s applies",
        ]
    );
}

#[test]
fn an_http_api_in_front_of_lambda_is_a_hop_to_the_function() {
    // As the apigatewayv2 examples write it: an HTTP API, a proxy integration to a function.
    let text = r#"resource "aws_apigatewayv2_api" "http" {
  name          = "orders"
  protocol_type = "HTTP"
}

resource "aws_apigatewayv2_integration" "orders" {
  api_id                 = aws_apigatewayv2_api.http.id
  integration_type       = "AWS_PROXY"
  integration_uri        = aws_lambda_function.orders.invoke_arn
  payload_format_version = "2.0"
  timeout_milliseconds   = 30000
}

resource "aws_lambda_function" "orders" {
  function_name = "orders"
  runtime       = "nodejs20.x"
  handler       = "index.handler"
  timeout       = 60
}
"#;
    let out = TERRAFORM.one("api.tf", text);
    let hop = "aws_apigatewayv2_api.http -> aws_lambda_function.orders";
    assert_eq!(
        brief(&out.rows),
        [
            format!("{hop} | aws_apigatewayv2_integration.timeout_milliseconds | 30000 | api.tf:11 aws_apigatewayv2_integration.orders timeout_milliseconds"),
            "aws_lambda_function.orders | aws_lambda_function.timeout | 60 | api.tf:18 aws_lambda_function.orders timeout".to_owned(),
        ]
    );
    // The API waits 30 s for a function that may run 60 s: the gateway answers 504 first.
    let report = budget::check(&Sheet::new(Lang::En, out.rows));
    let codes: Vec<String> = report
        .findings
        .iter()
        .map(|f| {
            format!(
                "{:?} {}",
                f.code,
                f.hop.as_deref().or(f.node.as_deref()).unwrap_or("")
            )
        })
        .collect();
    assert!(codes.contains(&format!("InversionHop {hop}")), "{codes:#?}");
}

#[test]
fn a_queue_s_visibility_goes_on_the_hop_to_its_consumer() {
    let text = r#"resource "aws_sqs_queue" "jobs" {
  name                       = "jobs"
  visibility_timeout_seconds = 30
}

resource "aws_sqs_queue" "unused" {
  name = "unused"
  visibility_timeout_seconds = 45
}

resource "aws_lambda_function" "worker" {
  function_name = "worker"
  timeout       = 60
}

resource "aws_lambda_event_source_mapping" "jobs" {
  event_source_arn = aws_sqs_queue.jobs.arn
  function_name    = aws_lambda_function.worker.arn
  batch_size       = 10
}
"#;
    let out = TERRAFORM.one("queue.tf", text);
    let hop = "aws_sqs_queue.jobs -> aws_lambda_function.worker";
    assert_eq!(
        brief(&out.rows),
        [
            format!("{hop} | aws_sqs_queue.visibility_timeout_seconds | 30 | queue.tf:3 aws_sqs_queue.jobs visibility_timeout_seconds"),
            // A queue no function consumes keeps its setting on its own address.
            "aws_sqs_queue.unused | aws_sqs_queue.visibility_timeout_seconds | 45 | queue.tf:8 aws_sqs_queue.unused visibility_timeout_seconds".to_owned(),
            "aws_lambda_function.worker | aws_lambda_function.timeout | 60 | queue.tf:13 aws_lambda_function.worker timeout".to_owned(),
        ]
    );
    // A message becomes visible again after 30 s while the function may still run for 60 s:
    // the queue redelivers it.
    let report = budget::check(&Sheet::new(Lang::En, out.rows));
    assert!(report
        .findings
        .iter()
        .any(|f| format!("{:?}", f.code) == "QueueRedelivery" && f.hop.as_deref() == Some(hop)));
}

#[test]
fn two_modules_with_the_same_address_stay_two_nodes() {
    let lb = "resource \"aws_lb\" \"this\" {\n  idle_timeout = 30\n}\n";
    let other = "resource \"aws_lb\" \"this\" {\n  idle_timeout = 90\n}\n";
    let out = TERRAFORM.several(&[
        ("modules/public/main.tf", lb),
        ("modules/internal/main.tf", other),
    ]);
    let segments: Vec<&str> = out.rows.iter().map(|r| r.segment.as_str()).collect();
    assert_eq!(
        segments,
        ["modules/public/aws_lb.this", "modules/internal/aws_lb.this"]
    );
}

#[test]
fn a_file_that_cannot_be_parsed_is_named_by_line_and_column() {
    let broken = "resource \"aws_lb\" \"x\" {\n  idle_timeout = \n}\n";
    let good = "resource \"aws_lambda_function\" \"f\" {\n  timeout = 10\n}\n";
    let out = TERRAFORM.several(&[("broken.tf", broken), ("good.tf", good)]);
    assert_eq!(
        error_messages(&out),
        ["broken.tf:2:18: invalid expression; expected `\"`, `[`, `{`, `-`, `!`, `(`, `_`, `<`, letter or digit"]
    );
    // The other file is still imported.
    assert_eq!(
        brief(&out.rows),
        ["aws_lambda_function.f | aws_lambda_function.timeout | 10 | good.tf:2 aws_lambda_function.f timeout"]
    );
}

#[test]
fn every_setting_written_is_one_the_catalog_knows() {
    let text = format!(
        "{ALB}\n{}",
        r#"resource "aws_alb" "old" {
  idle_timeout = 50
}

resource "aws_lambda_function" "f" {
  timeout = 10
}

resource "aws_sqs_queue" "q" {
  visibility_timeout_seconds = 60
}

resource "aws_api_gateway_integration" "get" {
  rest_api_id          = aws_api_gateway_rest_api.api.id
  uri                  = aws_lambda_function.f.invoke_arn
  timeout_milliseconds = 5000
}

resource "aws_apigatewayv2_integration" "post" {
  api_id               = aws_apigatewayv2_api.api.id
  integration_uri      = aws_lambda_function.f.invoke_arn
  timeout_milliseconds = 5000
}
"#
    );
    let out = TERRAFORM.clean("all.tf", &text);
    // Each line once: the load balancer's idle timeout is a row on each of its hops.
    assert_eq!(
        distinct(catalog_lines(&out.rows, |e| format!(" ({:?})", e.unit))),
        [
            "aws_lb.idle_timeout = AWS ALB / aws_lb.idle_timeout (Seconds)",
            "aws_lb_target_group.deregistration_delay = AWS ALB / aws_lb_target_group.deregistration_delay (Seconds)",
            "aws_alb.idle_timeout = AWS ALB / aws_lb.idle_timeout (Seconds)",
            "aws_lambda_function.timeout = AWS Lambda / aws_lambda_function.timeout (Seconds)",
            "aws_sqs_queue.visibility_timeout_seconds = Amazon SQS / aws_sqs_queue.visibility_timeout_seconds (Seconds)",
            "aws_api_gateway_integration.timeout_milliseconds = Amazon API Gateway / aws_api_gateway_integration.timeout_milliseconds (Millis)",
            "aws_apigatewayv2_integration.timeout_milliseconds = Amazon API Gateway / aws_apigatewayv2_integration.timeout_milliseconds (Millis)",
        ]
    );
    // The catalog's defaults are the ones the hidden-default rows write.
    for (setting, default) in [
        (&ALB_IDLE, "aws_lb.idle_timeout"),
        (&LAMBDA_TIMEOUT, "aws_lambda_function.timeout"),
        (
            &DEREGISTRATION_DELAY,
            "aws_lb_target_group.deregistration_delay",
        ),
        (&VISIBILITY, "aws_sqs_queue.visibility_timeout_seconds"),
        (
            &REST_INTEGRATION,
            "aws_api_gateway_integration.timeout_milliseconds",
        ),
        (
            &HTTP_INTEGRATION,
            "aws_apigatewayv2_integration.timeout_milliseconds",
        ),
    ] {
        let r = Row {
            setting: default.to_owned(),
            ..Row::default()
        };
        let entry = budget::catalog::lookup(&r).unwrap();
        assert_eq!(entry.default, setting.default, "{default}");
    }
}

#[test]
fn a_japanese_sheet_gets_japanese_items_and_rationales() {
    let text = "resource \"aws_lambda_function\" \"f\" {\n  timeout = var.t\n}\n\nresource \"aws_lambda_function\" \"g\" {\n}\n";
    let out = TERRAFORM.one_in(Lang::Ja, "f.tf", text);
    assert_eq!(
        cells(&out.rows, "item | value | rationale"),
        [
            "全体期限 | var.t | unresolved: var.t（Terraform の入力変数: 値はモジュールの呼び出し元、.tfvars ファイル、plan 時の -var で決まるので、ここでは推測しない）",
            "全体期限 | — | 未設定: Lambda は既定で関数を 3 秒で停止する",
        ]
    );
}

#[test]
fn every_sentence_is_said_in_both_languages() {
    let uses = ["local.x".to_owned()];
    let all = [
        Say::Variable { name: "var.x" },
        Say::Local { name: "local.x" },
        Say::Reference { name: "module.m.x" },
        Say::Expression { uses: &[] },
        Say::Expression { uses: &uses },
        Say::Null { default: "3s" },
        Say::AlbIdleDefault,
        Say::LambdaDefault,
        Say::ListenerRoutes,
        Say::ApiRoutes,
    ];
    assert_said_in_both(&all, Say::text);
    // An unresolved value says so with the same marker in both languages.
    for say in &all[..5] {
        assert!(say.text(Lang::En).starts_with("unresolved: "), "{say:?}");
        assert!(say.text(Lang::Ja).starts_with("unresolved: "), "{say:?}");
    }
}

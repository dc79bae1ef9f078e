//! Terraform: an ALB module fed by variables, API Gateway in front of Lambda, SQS feeding
//! Lambda.

use crate::{cells_of, entry_of, findings, import_clean_with_paths, settings};

#[test]
fn alb_module_with_variables() {
    let (out, [f]) = import_clean_with_paths("tf-alb-module-vars", ["loadbalancing/main.tf"]);
    let hop = "aws_lb.main_lb -> aws_lb_target_group.main_lb_tg";
    // The listener's default action forwards the load balancer to its target group: the idle
    // timeout goes on that hop. The target group writes no deregistration_delay.
    assert_eq!(
        settings(&out.rows),
        [format!("{hop} | aws_lb.idle_timeout | 400 | {f}:7")]
    );
    let idle = &out.rows[1];
    assert_eq!(
        cells_of(idle, "location | rationale"),
        format!("{f}:7 aws_lb.main_lb idle_timeout | ")
    );
    assert_eq!(entry_of(idle), ("AWS ALB", "aws_lb.idle_timeout"));
    // The load balancer's target groups are one route group, written where the listener
    // names the target group.
    assert_eq!(
        cells_of(&out.rows[0], "item | segment | value | location"),
        format!("route group | {hop} | aws_lb.main_lb | {f}:35 aws_lb_listener.main_lb_listener default_action.target_group_arn")
    );
    // 400 is seconds, the only form Terraform's number takes (no finding asks for a unit);
    // an idle timeout alone bounds no call.
    assert_eq!(findings(&out.rows), [format!("BoundMissing {hop}")]);
}

#[test]
fn api_gateway_in_front_of_lambda() {
    let (out, [a, l]) =
        import_clean_with_paths("tf-apigw-lambda-504", ["apigw-get.tf", "lambda.tf"]);
    let hop = "aws_api_gateway_rest_api.api_gw -> aws_lambda_function.template_lambda";
    let lambda = "aws_lambda_function.template_lambda";
    assert_eq!(
        settings(&out.rows),
        [
            format!(
                "{hop} | aws_api_gateway_integration.timeout_milliseconds | 29 * 1000 | {a}:25"
            ),
            format!("{lambda} | aws_lambda_function.timeout | 15 * 60 | {l}:16"),
        ]
    );
    // Arithmetic stays as written, never a number.
    for r in &out.rows[1..] {
        assert_eq!(
            r.rationale,
            "unresolved: expression (Terraform computes it at plan time; expressions are not evaluated here)"
        );
    }
    assert_eq!(
        (out.rows[1].item.as_str(), out.rows[2].item.as_str()),
        ("per-try timeout", "overall deadline")
    );
    // The REST API's integrations are one route group.
    assert_eq!(
        cells_of(&out.rows[0], "value | location"),
        format!("aws_api_gateway_rest_api.api_gw | {a}:20 aws_api_gateway_integration.get uri")
    );
    // The engine cannot read the two expressions, and says so on exactly those rows.
    assert_eq!(
        findings(&out.rows),
        [
            format!("ValueUnreadable {hop}"),
            format!("ValueUnreadable {lambda}"),
        ]
    );
}

#[test]
fn sqs_feeding_lambda() {
    let (out, [l, s]) = import_clean_with_paths("tf-sqs-lambda-dlq", ["lambda.tf", "sqs.tf"]);
    let lambda = "aws_lambda_function.lambda";
    let hop = "aws_sqs_queue.queue -> aws_lambda_function.lambda";
    assert_eq!(
        settings(&out.rows),
        [
            format!("{lambda} | aws_lambda_function.timeout | — | {l}:62"),
            format!("{hop} | aws_sqs_queue.visibility_timeout_seconds | 2 * local.lambda_timeout | {s}:10"),
        ]
    );
    // The function writes no timeout (its local lambda_timeout of 60 is never passed to it):
    // Lambda's 3 s default, made explicit at the resource block.
    assert_eq!(
        cells_of(&out.rows[0], "default | rationale | location"),
        format!("3s | not set: Lambda stops a function after 3 s by default | {l}:62 aws_lambda_function.lambda timeout")
    );
    assert_eq!(
        out.rows[1].rationale,
        "unresolved: expression of local.lambda_timeout (Terraform computes it at plan time; expressions are not evaluated here)"
    );
    assert_eq!(
        findings(&out.rows),
        [
            format!("ValueUnreadable {hop}"),
            format!("ValueDefaultApplied {lambda}"),
        ]
    );
}

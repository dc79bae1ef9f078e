//! Terraform (HCL): the `*.tf` files of one or more modules (a folder is a module).
//!
//! Resources read, and the rows they make (each setting's unit is its catalog entry's; the
//! value is the text as written, a bare number keeping its text):
//!
//! - `aws_lb` (and its older name `aws_alb`): `idle_timeout` (seconds), an idle row on each hop
//!   `aws_lb.NAME -> aws_lb_target_group.TG` that a listener's `default_action` (or a listener
//!   rule's `action`) forwards to, with the target groups of one load balancer as one route
//!   group (a request takes one of them). A load balancer of type `application` (the default)
//!   without `idle_timeout` gets a row `—` with the AWS default of 60 s at its block's line.
//! - `aws_lb_target_group` (`aws_alb_target_group`): `deregistration_delay` (seconds), an
//!   `other` row on the hops that forward to it.
//! - `aws_lambda_function`: `timeout` (seconds), the function's `deadline` on its own node. A
//!   function without `timeout` gets a row `—` with Lambda's default of 3 s at its block's line.
//! - `aws_sqs_queue`: `visibility_timeout_seconds` (seconds), a `visibility` row on each hop
//!   `aws_sqs_queue.Q -> aws_lambda_function.F` that an `aws_lambda_event_source_mapping`
//!   (`event_source_arn`, `function_name`) makes.
//! - `aws_api_gateway_integration` and `aws_apigatewayv2_integration`: `timeout_milliseconds`
//!   (milliseconds), the `attempt` bound on the hop from the API (`rest_api_id`, `api_id`) to
//!   the Lambda function its `uri` or `integration_uri` invokes, the integrations of one API
//!   one route group.
//!
//! Where a reference cannot be followed, the setting's row is on the resource's own address.
//! Node names are resource addresses (`aws_lb.main`); an address declared in more than one
//! folder is named `FOLDER/ADDRESS`, so two modules' `aws_lb.this` stay two load balancers.
//!
//! Nothing is evaluated: `var.idle_timeout`, `local.x`, another resource's attribute, any
//! arithmetic, function call or string interpolation stays as written with a rationale that
//! starts `unresolved:` and names the reference (`unresolved: var.idle_timeout`), even where a
//! variable declares a default (a module's caller or a `.tfvars` file may set another).
//! `null` leaves an argument unset: the row is `—` with the provider's default.
//!
//! The files are parsed with `hcl-edit`, HashiCorp's HCL grammar as a Rust parser that keeps
//! the byte span of every block, attribute and expression, so each row points at the line of
//! its value and keeps the expression's text exactly as written; its errors carry the line and
//! column. (`hcl-rs` decodes into values and drops spans; `tree-sitter-hcl` would need a C
//! toolchain for a grammar that `hcl-edit` already implements in Rust.) A file that cannot be
//! parsed is an [`ImportError`] naming `PATH:LINE:COLUMN`, and the other files are still read.

use std::collections::HashMap;

use budget::{Kind, Lang, Row};
use hcl_edit::expr::{Expression, TraversalOperator};
use hcl_edit::structure::{Attribute, Block, Body};
use hcl_edit::template::Element;
use hcl_edit::visit::{visit_expr, Visit};
use hcl_edit::Span;

use crate::location::location;
use crate::row::{route_group, row};
use crate::{File, ImportError, Imported};

/// A setting the importer reads: the resource types that carry it, its argument, its kind, and
/// the provider's default as the engine reads it (the unit of a bare number is the catalog's).
struct Setting {
    /// The resource types (`aws_lb`, and `aws_alb`, its older name).
    types: &'static [&'static str],
    /// The argument (`idle_timeout`).
    argument: &'static str,
    /// What the row means in the budget.
    kind: Kind,
    /// The documented default (Terraform AWS provider and AWS documentation, as the catalog
    /// quotes them).
    default: &'static str,
}

/// Load balancer resource types.
const LOAD_BALANCERS: &[&str] = &["aws_lb", "aws_alb"];
/// Target group resource types.
const TARGET_GROUPS: &[&str] = &["aws_lb_target_group", "aws_alb_target_group"];
/// Listener resource types.
const LISTENERS: &[&str] = &["aws_lb_listener", "aws_alb_listener"];
/// Listener rule resource types.
const LISTENER_RULES: &[&str] = &["aws_lb_listener_rule", "aws_alb_listener_rule"];
/// The Lambda function resource type.
const LAMBDA: &str = "aws_lambda_function";
/// The SQS queue resource type.
const QUEUE: &str = "aws_sqs_queue";
/// The resource that makes a Lambda function consume a queue.
const EVENT_SOURCE_MAPPING: &str = "aws_lambda_event_source_mapping";
/// API Gateway integrations: the type, the argument naming its API, the API's type, and the
/// argument naming what it invokes.
const INTEGRATIONS: &[(&str, &str, &str, &str)] = &[
    (
        "aws_api_gateway_integration",
        "rest_api_id",
        "aws_api_gateway_rest_api",
        "uri",
    ),
    (
        "aws_apigatewayv2_integration",
        "api_id",
        "aws_apigatewayv2_api",
        "integration_uri",
    ),
];

/// The ALB's idle timeout: 60 s ("Default: 60", Terraform AWS provider, `aws_lb`).
const ALB_IDLE: Setting = Setting {
    types: LOAD_BALANCERS,
    argument: "idle_timeout",
    kind: Kind::Idle,
    default: "60s",
};
/// A target group's deregistration delay: 300 s ("The default value is 300 seconds").
const DEREGISTRATION_DELAY: Setting = Setting {
    types: TARGET_GROUPS,
    argument: "deregistration_delay",
    kind: Kind::Other,
    default: "300s",
};
/// A Lambda function's timeout: 3 s ("Defaults to 3. Valid between 1 and 900").
const LAMBDA_TIMEOUT: Setting = Setting {
    types: &[LAMBDA],
    argument: "timeout",
    kind: Kind::Deadline,
    default: "3s",
};
/// A queue's visibility timeout: 30 s ("The default for this attribute is 30").
const VISIBILITY: Setting = Setting {
    types: &[QUEUE],
    argument: "visibility_timeout_seconds",
    kind: Kind::Visibility,
    default: "30s",
};
/// A REST API integration's timeout: 29,000 ms ("The default value is 29,000 milliseconds").
const REST_INTEGRATION: Setting = Setting {
    types: &["aws_api_gateway_integration"],
    argument: "timeout_milliseconds",
    kind: Kind::Attempt,
    default: "29000ms",
};
/// An HTTP API integration's timeout: 30,000 ms ("30 seconds for HTTP APIs"; 29 s for
/// WebSocket APIs).
const HTTP_INTEGRATION: Setting = Setting {
    types: &["aws_apigatewayv2_integration"],
    argument: "timeout_milliseconds",
    kind: Kind::Attempt,
    default: "30000ms",
};

/// What a rationale says, in the sheet's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Say<'a> {
    /// The value is an input variable (`var.idle_timeout`).
    Variable {
        /// The reference as written.
        name: &'a str,
    },
    /// The value is a local value (`local.timeout`).
    Local {
        /// The reference as written.
        name: &'a str,
    },
    /// The value is another object's attribute (`module.x.timeout`, `data.x.y`).
    Reference {
        /// The reference as written.
        name: &'a str,
    },
    /// The value is an expression (arithmetic, a function call, an interpolation).
    Expression {
        /// The variables and local values it uses, in order.
        uses: &'a [String],
    },
    /// `null`: the argument is unset and the default applies.
    Null {
        /// The default.
        default: &'a str,
    },
    /// An application load balancer without `idle_timeout`.
    AlbIdleDefault,
    /// A Lambda function without `timeout`.
    LambdaDefault,
    /// The target groups one load balancer forwards to are one route group.
    ListenerRoutes,
    /// The integrations of one API are one route group.
    ApiRoutes,
}

impl Say<'_> {
    /// The sentence in `lang`. An unresolved value's starts `unresolved: ` in both languages,
    /// so a tool finds it in either.
    pub(crate) fn text(&self, lang: Lang) -> String {
        let ja = lang == Lang::Ja;
        match self {
            Say::Variable { name } if ja => format!(
                "unresolved: {name}（Terraform の入力変数: 値はモジュールの呼び出し元、.tfvars ファイル、plan 時の -var で決まるので、ここでは推測しない）"
            ),
            Say::Variable { name } => format!(
                "unresolved: {name} (a Terraform input variable: its value comes from the module's caller, a .tfvars file or -var at plan time, so it is not guessed here)"
            ),
            Say::Local { name } if ja => format!(
                "unresolved: {name}（モジュールのローカル値: Terraform が plan 時に評価する値で、ここでは評価しない）"
            ),
            Say::Local { name } => format!(
                "unresolved: {name} (a local value of the module: Terraform evaluates it at plan time, and it is not evaluated here)"
            ),
            Say::Reference { name } if ja => format!(
                "unresolved: {name}（別のオブジェクトの属性: Terraform の plan か apply のときに決まる）"
            ),
            Say::Reference { name } => format!(
                "unresolved: {name} (another object's attribute, known only when Terraform plans or applies)"
            ),
            Say::Expression { uses } if ja && uses.is_empty() => {
                "unresolved: expression（Terraform が plan 時に計算する式で、ここでは式を評価しない）".into()
            }
            Say::Expression { uses } if ja => format!(
                "unresolved: expression（{} を使う式: Terraform が plan 時に計算する値で、ここでは式を評価しない）",
                uses.join("、")
            ),
            Say::Expression { uses: [] } => {
                "unresolved: expression (Terraform computes it at plan time; expressions are not evaluated here)".into()
            }
            Say::Expression { uses } => format!(
                "unresolved: expression of {} (Terraform computes it at plan time; expressions are not evaluated here)",
                uses.join(", ")
            ),
            Say::Null { default } if ja => format!(
                "`null`: Terraform はこの引数を未設定として扱うので、既定値 {default} が適用される"
            ),
            Say::Null { default } => format!(
                "`null`: Terraform leaves the argument unset, so its default {default} applies"
            ),
            Say::AlbIdleDefault if ja => {
                "未設定: Application Load Balancer は既定で、データが流れない接続を 60 秒で閉じる".into()
            }
            Say::AlbIdleDefault => {
                "not set: an Application Load Balancer closes a connection idle for 60 s by default".into()
            }
            Say::LambdaDefault if ja => "未設定: Lambda は既定で関数を 3 秒で停止する".into(),
            Say::LambdaDefault => "not set: Lambda stops a function after 3 s by default".into(),
            Say::ListenerRoutes if ja => {
                "1つのロードバランサーのリスナーが転送するターゲットグループは択一: 各リクエストはそのうち1つを通る".into()
            }
            Say::ListenerRoutes => {
                "the target groups one load balancer's listeners forward to are alternatives: each request takes one of them".into()
            }
            Say::ApiRoutes if ja => {
                "1つの API の統合は択一: 各リクエストはそのうち1つを通る".into()
            }
            Say::ApiRoutes => {
                "the integrations of one API are alternatives: each request takes one of them".into()
            }
        }
    }
}

/// Imports Terraform files together: a listener in one file names a load balancer and a target
/// group in others of the same folder.
pub fn import(files: &[File<'_>], lang: Lang) -> Imported {
    let mut errors = Vec::new();
    let mut parsed: Vec<(&File<'_>, Body)> = Vec::new();
    for file in files {
        match hcl_edit::parser::parse_body(file.text) {
            Ok(body) => parsed.push((file, body)),
            Err(err) => errors.push(ImportError {
                path: file.path.to_owned(),
                line: err.location().line(),
                column: err.location().column(),
                message: err.message().to_owned(),
            }),
        }
    }
    let resources: Vec<Resource<'_>> = parsed
        .iter()
        .flat_map(|(file, body)| {
            body.get_blocks("resource").filter_map(move |block| {
                let [kind, name] = block.labels.as_slice() else {
                    return None;
                };
                Some(Resource {
                    file,
                    module: folder(file.path),
                    kind: kind.as_str(),
                    name: name.as_str(),
                    block,
                })
            })
        })
        .collect();
    let topology = Topology::read(&resources);
    let mut out = Out {
        lang,
        rows: Vec::new(),
        topology,
    };
    for resource in &resources {
        out.resource(resource);
    }
    Imported {
        rows: out.rows,
        errors,
    }
}

/// The folder of `path` (its module), empty for a file at the top.
fn folder(path: &str) -> &str {
    path.rsplit_once(['/', '\\']).map_or("", |(dir, _)| dir)
}

/// The 1-based line of byte `offset` in `text`.
fn line_at(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// One `resource "TYPE" "NAME" { ... }` block.
struct Resource<'a> {
    /// The file it is in.
    file: &'a File<'a>,
    /// Its module: the file's folder.
    module: &'a str,
    /// Its type (`aws_lb`).
    kind: &'a str,
    /// Its name (`main`).
    name: &'a str,
    /// The block.
    block: &'a Block,
}

impl Resource<'_> {
    /// `TYPE.NAME`, as other resources reference it.
    fn address(&self) -> String {
        format!("{}.{}", self.kind, self.name)
    }

    /// Its key: module and address.
    fn key(&self) -> Key {
        (self.module.to_owned(), self.address())
    }

    /// The line of its block.
    fn line(&self) -> usize {
        line_at(self.file.text, self.block.span().map_or(0, |s| s.start))
    }

    /// The resource of type in `types` that argument `argument` references.
    fn reference_to(&self, argument: &str, types: &[&str]) -> Option<Key> {
        reference_in(self.module, self.block.body.get_attribute(argument)?, types)
    }
}

/// A resource by module and address.
type Key = (String, String);

/// The resource of a type in `types` that `attribute`'s value references
/// (`aws_lb.main.arn`, `"${aws_lb.main.arn}"`), in `module`.
fn reference_in(module: &str, attribute: &Attribute, types: &[&str]) -> Option<Key> {
    let (kind, name) = reference(&attribute.value)?;
    types
        .contains(&kind)
        .then(|| (module.to_owned(), format!("{kind}.{name}")))
}

/// The `TYPE`, `NAME` of a reference `TYPE.NAME...` (in parentheses, or the only part of a
/// string template).
fn reference(expr: &Expression) -> Option<(&str, &str)> {
    match expr {
        Expression::Traversal(t) => {
            let Expression::Variable(root) = &t.expr else {
                return None;
            };
            match t.operators.first().map(|op| op.value()) {
                Some(TraversalOperator::GetAttr(name)) => Some((root.as_str(), name.as_str())),
                _ => None,
            }
        }
        Expression::Parenthesis(p) => reference(p.inner()),
        Expression::StringTemplate(t) => match t.iter().collect::<Vec<_>>().as_slice() {
            [Element::Interpolation(i)] => reference(&i.expr),
            _ => None,
        },
        _ => None,
    }
}

/// Where a hop's route is written: path, line and selector.
#[derive(Clone)]
struct At {
    path: String,
    line: usize,
    selector: String,
}

impl At {
    /// The location cell.
    fn cell(&self) -> String {
        location(&self.path, self.line, &self.selector)
    }
}

/// The hops the configuration's references make.
#[derive(Default)]
struct Topology {
    /// Load balancer to target group, with where a listener names the target group, in order,
    /// once each.
    forwards: Vec<(Key, Key, At)>,
    /// API Gateway integration to its API (if named) and the Lambda function it invokes.
    integrations: HashMap<Key, (Option<Key>, Key, At)>,
    /// Queue to the Lambda function that consumes it, in order, once each.
    consumers: Vec<(Key, Key)>,
    /// How many modules declare each address.
    declared: HashMap<String, usize>,
}

impl Topology {
    fn read(resources: &[Resource<'_>]) -> Topology {
        let mut topology = Topology::default();
        let mut seen: Vec<Key> = Vec::new();
        for r in resources {
            let key = r.key();
            if !seen.contains(&key) {
                *topology.declared.entry(key.1.clone()).or_default() += 1;
                seen.push(key);
            }
        }
        // Listeners' load balancers, for their rules.
        let listener_lb: HashMap<Key, Key> = resources
            .iter()
            .filter(|r| LISTENERS.contains(&r.kind))
            .filter_map(|r| {
                Some((
                    r.key(),
                    r.reference_to("load_balancer_arn", LOAD_BALANCERS)?,
                ))
            })
            .collect();
        for r in resources {
            let (lb, action) = if LISTENERS.contains(&r.kind) {
                (listener_lb.get(&r.key()).cloned(), "default_action")
            } else if LISTENER_RULES.contains(&r.kind) {
                let lb = r
                    .reference_to("listener_arn", LISTENERS)
                    .and_then(|l| listener_lb.get(&l).cloned());
                (lb, "action")
            } else {
                continue;
            };
            let Some(lb) = lb else { continue };
            for block in r.block.body.get_blocks(action) {
                for (attribute, path) in target_group_arns(block) {
                    let Some(tg) = reference_in(r.module, attribute, TARGET_GROUPS) else {
                        continue;
                    };
                    if topology
                        .forwards
                        .iter()
                        .any(|(l, t, _)| *l == lb && *t == tg)
                    {
                        continue;
                    }
                    let at = At {
                        path: r.file.path.to_owned(),
                        line: line_at(r.file.text, attribute.span().map_or(0, |s| s.start)),
                        selector: format!("{} {action}.{path}", r.address()),
                    };
                    topology.forwards.push((lb.clone(), tg, at));
                }
            }
        }
        for r in resources {
            if let Some(&(_, api_arg, api_type, uri_arg)) =
                INTEGRATIONS.iter().find(|(t, ..)| *t == r.kind)
            {
                let api = r.reference_to(api_arg, &[api_type]);
                let Some(uri) = r.block.body.get_attribute(uri_arg) else {
                    continue;
                };
                if let Some(lambda) = reference_in(r.module, uri, &[LAMBDA]) {
                    let at = At {
                        path: r.file.path.to_owned(),
                        line: line_at(r.file.text, uri.span().map_or(0, |s| s.start)),
                        selector: format!("{} {uri_arg}", r.address()),
                    };
                    topology.integrations.insert(r.key(), (api, lambda, at));
                }
            } else if r.kind == EVENT_SOURCE_MAPPING {
                let queue = r.reference_to("event_source_arn", &[QUEUE]);
                let lambda = r.reference_to("function_name", &[LAMBDA]);
                if let (Some(queue), Some(lambda)) = (queue, lambda) {
                    let hop = (queue, lambda);
                    if !topology.consumers.contains(&hop) {
                        topology.consumers.push(hop);
                    }
                }
            }
        }
        topology
    }

    /// A resource's node name: its address, or `FOLDER/ADDRESS` when several folders declare
    /// that address.
    fn name(&self, key: &Key) -> String {
        let (module, address) = key;
        if self.declared.get(address).copied().unwrap_or(0) > 1 && !module.is_empty() {
            format!("{module}/{address}")
        } else {
            address.clone()
        }
    }

    /// The segment `CALLER -> CALLEE`.
    fn hop(&self, caller: &Key, callee: &Key) -> String {
        format!("{} -> {}", self.name(caller), self.name(callee))
    }
}

/// The target group ARNs of a listener action: `target_group_arn`, and each
/// `forward { target_group { arn } }`, with their paths inside the action.
fn target_group_arns(action: &Block) -> Vec<(&Attribute, &'static str)> {
    let mut out = Vec::new();
    if let Some(a) = action.body.get_attribute("target_group_arn") {
        out.push((a, "target_group_arn"));
    }
    for forward in action.body.get_blocks("forward") {
        for group in forward.body.get_blocks("target_group") {
            if let Some(a) = group.body.get_attribute("arn") {
                out.push((a, "forward.target_group.arn"));
            }
        }
    }
    out
}

/// A value as written, and why it is not a number when it is not.
enum Written {
    /// A number or a string literal: its text.
    Plain(String),
    /// `null`.
    Null,
    /// A variable (`var.x`), a local value (`local.x`) or another object's attribute.
    Reference(String),
    /// Any other expression, with the variables and local values it uses.
    Expression(String, Vec<String>),
}

/// What `expr` (in `text`) writes.
fn written(text: &str, expr: &Expression) -> Written {
    let as_written = || {
        let raw = expr.span().map_or("", |s| &text[s]);
        if raw.contains('\n') {
            raw.split_whitespace().collect::<Vec<_>>().join(" ")
        } else {
            raw.to_owned()
        }
    };
    match expr {
        Expression::Number(_) => Written::Plain(as_written()),
        Expression::String(s) => Written::Plain(s.value().clone()),
        Expression::Null(_) => Written::Null,
        _ if reference(expr).is_some() && !matches!(expr, Expression::StringTemplate(_)) => {
            Written::Reference(as_written())
        }
        _ => {
            let mut uses = Uses::default();
            uses.visit_expr(expr);
            Written::Expression(as_written(), uses.0)
        }
    }
}

/// The variables and local values an expression uses (`var.x`, `local.y`), in order, once
/// each.
#[derive(Default)]
struct Uses(Vec<String>);

impl Visit for Uses {
    fn visit_expr(&mut self, expr: &Expression) {
        if let Expression::Traversal(t) = expr {
            if let (Expression::Variable(root), Some(TraversalOperator::GetAttr(name))) =
                (&t.expr, t.operators.first().map(|op| op.value()))
            {
                if matches!(root.as_str(), "var" | "local") {
                    let used = format!("{}.{}", root.as_str(), name.as_str());
                    if !self.0.contains(&used) {
                        self.0.push(used);
                    }
                    return;
                }
            }
        }
        visit_expr(self, expr);
    }
}

/// The rows written so far, and the hops they go on.
struct Out {
    /// The sheet's language: the items' and rationales' words.
    lang: Lang,
    rows: Vec<Row>,
    topology: Topology,
}

impl Out {
    fn resource(&mut self, r: &Resource<'_>) {
        let key = r.key();
        let layer = self.topology.name(&key);
        if LOAD_BALANCERS.contains(&r.kind) {
            let hops: Vec<(String, At)> = self
                .topology
                .forwards
                .iter()
                .filter(|(lb, ..)| *lb == key)
                .map(|(lb, tg, at)| (self.topology.hop(lb, tg), at.clone()))
                .collect();
            let application = match r.block.body.get_attribute("load_balancer_type") {
                None => true,
                Some(t) => matches!(&t.value, Expression::String(s) if s.value() == "application"),
            };
            if hops.is_empty() {
                self.setting(r, &ALB_IDLE, &layer, &layer, application);
            }
            for (segment, at) in &hops {
                self.route_group(&layer, segment, &layer, at, Say::ListenerRoutes);
                self.setting(r, &ALB_IDLE, &layer, segment, application);
            }
        } else if TARGET_GROUPS.contains(&r.kind) {
            let mut segments: Vec<String> = self
                .topology
                .forwards
                .iter()
                .filter(|(_, tg, _)| *tg == key)
                .map(|(lb, tg, _)| self.topology.hop(lb, tg))
                .collect();
            segments.dedup();
            if segments.is_empty() {
                segments.push(layer.clone());
            }
            for segment in &segments {
                self.setting(r, &DEREGISTRATION_DELAY, &layer, segment, false);
            }
        } else if r.kind == LAMBDA {
            self.setting(r, &LAMBDA_TIMEOUT, &layer, &layer, true);
        } else if r.kind == QUEUE {
            let mut segments: Vec<String> = self
                .topology
                .consumers
                .iter()
                .filter(|(queue, _)| *queue == key)
                .map(|(queue, lambda)| self.topology.hop(queue, lambda))
                .collect();
            if segments.is_empty() {
                segments.push(layer.clone());
            }
            for segment in &segments {
                self.setting(r, &VISIBILITY, &layer, segment, false);
            }
        } else if INTEGRATIONS.iter().any(|(t, ..)| *t == r.kind) {
            let setting = if r.kind == REST_INTEGRATION.types[0] {
                &REST_INTEGRATION
            } else {
                &HTTP_INTEGRATION
            };
            match self.topology.integrations.get(&key).cloned() {
                Some((api, lambda, at)) => {
                    let caller = api.clone().unwrap_or_else(|| key.clone());
                    let segment = self.topology.hop(&caller, &lambda);
                    if let Some(api) = &api {
                        let group = self.topology.name(api);
                        self.route_group(&layer, &segment, &group, &at, Say::ApiRoutes);
                    }
                    self.setting(r, setting, &layer, &segment, false);
                }
                None => self.setting(r, setting, &layer, &layer, false),
            }
        }
    }

    /// A route group row: the hop is one of the alternatives of the entry point `group`.
    fn route_group(&mut self, layer: &str, segment: &str, group: &str, at: &At, why: Say<'_>) {
        let r = route_group(
            self.lang,
            layer,
            segment,
            group,
            at.cell(),
            why.text(self.lang),
        );
        self.rows.push(r);
    }

    /// The row of `setting` of resource `r` on `segment`: its value as written, or, when it is
    /// not set and `hidden` says its default matters, `—` with the default at the block's line.
    fn setting(
        &mut self,
        r: &Resource<'_>,
        setting: &Setting,
        layer: &str,
        segment: &str,
        hidden: bool,
    ) {
        debug_assert!(setting.types.contains(&r.kind));
        let lang = self.lang;
        let name = format!("{}.{}", r.kind, setting.argument);
        let selector = format!("{} {}", r.address(), setting.argument);
        // The row of the setting at `line`: its value as written, or `—` and the default when
        // it is unset (`None`), and why.
        let at = |line: usize, value: Option<&str>, why: Option<Say<'_>>| {
            let mut out = row(
                lang,
                layer,
                segment,
                setting.kind,
                &name,
                value.unwrap_or("—"),
                location(r.file.path, line, &selector),
            );
            if value.is_none() {
                out.default = setting.default.to_owned();
            }
            out.rationale = why.map_or_else(String::new, |why| why.text(lang));
            out
        };
        let Some(attribute) = r.block.body.get_attribute(setting.argument) else {
            if hidden {
                let why = if r.kind == LAMBDA {
                    Say::LambdaDefault
                } else {
                    Say::AlbIdleDefault
                };
                self.rows.push(at(r.line(), None, Some(why)));
            }
            return;
        };
        let line = line_at(r.file.text, attribute.value.span().map_or(0, |s| s.start));
        let out = match written(r.file.text, &attribute.value) {
            Written::Null => at(
                line,
                None,
                Some(Say::Null {
                    default: setting.default,
                }),
            ),
            Written::Plain(value) => at(line, Some(&value), None),
            Written::Reference(value) => {
                let why = match value.split('.').next() {
                    Some("var") => Say::Variable { name: &value },
                    Some("local") => Say::Local { name: &value },
                    _ => Say::Reference { name: &value },
                };
                at(line, Some(&value), Some(why))
            }
            Written::Expression(value, uses) => {
                at(line, Some(&value), Some(Say::Expression { uses: &uses }))
            }
        };
        self.rows.push(out);
    }
}

#[cfg(test)]
mod tests;

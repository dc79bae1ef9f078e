//! Spring Cloud Netflix's settings, as rows: Hystrix command timeouts, Ribbon clients and Zuul
//! routes.

use budget::Kind;

use super::{setting, Context, Found, Out, Say, Setting, HYSTRIX, RIBBON, ZUUL};

/// Hystrix's command timeout (exact: read by Archaius).
const HYSTRIX_TIMEOUT: Setting = setting(
    "hystrix.command.*.execution.isolation.thread.timeoutInMilliseconds",
    Kind::Deadline,
);

/// Ribbon's client settings (exact: read by Archaius), after `ribbon.` or `CLIENT.ribbon.`.
const RIBBON_SETTINGS: &[Setting] = &[
    setting("ReadTimeout", Kind::Read),
    setting("ConnectTimeout", Kind::Connect),
    setting("MaxAutoRetries", Kind::Tries),
];

/// Zuul's settings of URL routes.
const ZUUL_HOST: &[Setting] = &[
    setting("zuul.host.connect-timeout-millis", Kind::Connect),
    setting("zuul.host.socket-timeout-millis", Kind::Read),
];

impl Out {
    /// Netflix Zuul's routes with Ribbon's and Hystrix's settings, as a Spring Cloud Netflix
    /// gateway applies them.
    pub(super) fn netflix(&mut self, ctx: &Context<'_>) {
        let routes = ctx.names_under("zuul.routes.*");
        let commands = ctx.all(HYSTRIX_TIMEOUT.property, true);
        let ribbon_global: Vec<(Setting, Found)> = RIBBON_SETTINGS
            .iter()
            .filter_map(|s| {
                ctx.first(&format!("ribbon.{}", s.property), true)
                    .map(|f| (*s, f))
            })
            .collect();
        let ribbon_client = |client: &str, s: &Setting| {
            ctx.all(&format!("*.ribbon.{}", s.property), true)
                .into_iter()
                .find(|f| f.names[0] == client)
        };
        let host: Vec<(Setting, Found)> = ZUUL_HOST
            .iter()
            .filter_map(|s| ctx.first(s.property, false).map(|f| (*s, f)))
            .collect();
        let mut used_commands: Vec<String> = Vec::new();
        let mut used_clients: Vec<String> = Vec::new();
        let (mut used_host, mut used_globals) = (false, false);
        for route in &routes {
            let field = |name: &str| {
                ctx.all(&format!("zuul.routes.*.{name}"), false)
                    .into_iter()
                    .find(|f| &f.names[0] == route)
            };
            let url = field("url");
            let service = field("service-id");
            let callee = match (&url, &service) {
                (Some(u), _) => u.prop.value.clone(),
                (None, Some(s)) => s.prop.value.clone(),
                (None, None) => route.clone(),
            };
            let segment = format!("{} -> {callee}", ctx.app);
            let at = url
                .clone()
                .or(service.clone())
                .or_else(|| field("path"))
                .or_else(|| {
                    ctx.all("zuul.routes.*", false)
                        .into_iter()
                        .find(|f| &f.names[0] == route)
                });
            if let Some(at) = &at {
                let group = Found {
                    path: format!("zuul.routes.{route}"),
                    ..at.clone()
                };
                self.route_group(ctx, ZUUL, &segment, &group, Say::ZuulRoutes);
            }
            if url.is_some() {
                used_host = true;
                for (s, f) in &host {
                    self.put(ctx, ZUUL, &segment, s.kind, s.property, f);
                }
                continue;
            }
            // A service route: Ribbon's client of that name, under Hystrix's command of it.
            for s in RIBBON_SETTINGS {
                let own = ribbon_client(&callee, s);
                let (prefix, f) = match own {
                    Some(f) => {
                        used_clients.push(callee.clone());
                        ("*.ribbon.", f)
                    }
                    None => match ribbon_global.iter().find(|(g, _)| g.property == s.property) {
                        Some((_, f)) => {
                            used_globals = true;
                            ("ribbon.", f.clone())
                        }
                        None => continue,
                    },
                };
                self.ribbon_row(ctx, &segment, prefix, s, &f);
            }
            let command = commands
                .iter()
                .find(|f| f.names[0] == callee)
                .or_else(|| commands.iter().find(|f| f.names[0] == "default"));
            if let Some(f) = command {
                used_commands.push(f.names[0].clone());
                self.hystrix_row(ctx, &segment, f);
            }
        }
        // What no route took.
        for f in &commands {
            if !used_commands.contains(&f.names[0]) {
                let callee = match f.names[0].as_str() {
                    "default" => "hystrix default".to_owned(),
                    name => name.to_owned(),
                };
                self.hystrix_row(ctx, &format!("{} -> {callee}", ctx.app), f);
            }
        }
        if !used_globals {
            let segment = format!("{} -> ribbon default", ctx.app);
            for (s, f) in &ribbon_global {
                self.ribbon_row(ctx, &segment, "ribbon.", s, f);
            }
        }
        for s in RIBBON_SETTINGS {
            for f in ctx.all(&format!("*.ribbon.{}", s.property), true) {
                if !used_clients.contains(&f.names[0]) {
                    let segment = format!("{} -> {}", ctx.app, f.names[0]);
                    self.ribbon_row(ctx, &segment, "*.ribbon.", s, &f);
                }
            }
        }
        if !used_host {
            let segment = format!("{} -> zuul routes", ctx.app);
            for (s, f) in &host {
                self.put(ctx, ZUUL, &segment, s.kind, s.property, f);
            }
        }
    }

    /// A Ribbon row of the property `prefix` and `s` names: a client's own (`*.ribbon.`) or
    /// the global one (`ribbon.`). Its retries are counted after the first try.
    pub(super) fn ribbon_row(
        &mut self,
        ctx: &Context<'_>,
        segment: &str,
        prefix: &str,
        s: &Setting,
        f: &Found,
    ) {
        let lang = self.lang;
        let property = format!("{prefix}{}", s.property);
        let r = self.put(ctx, RIBBON, segment, s.kind, &property, f);
        if s.kind == Kind::Tries && r.rationale.is_empty() {
            r.rationale = Say::CountsRetries.text(lang);
        }
    }

    /// A Hystrix command's timeout: the deadline of the whole call.
    pub(super) fn hystrix_row(&mut self, ctx: &Context<'_>, segment: &str, f: &Found) {
        let lang = self.lang;
        let s = HYSTRIX_TIMEOUT;
        let r = self.put(ctx, HYSTRIX, segment, s.kind, s.property, f);
        if r.rationale.is_empty() {
            r.rationale = Say::HystrixWholeCall.text(lang);
        }
    }
}

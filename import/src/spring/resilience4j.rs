//! Resilience4j's retries and time limiters, as rows: its tries with their waits (fixed or
//! exponential backoff) and its per-call timeouts.

use budget::Kind;

use super::{add_say, setting, Context, Found, Out, Say, Setting, RESILIENCE4J};

/// Resilience4j's modules read, and their settings (the part after `instances.NAME.`).
const RESILIENCE4J_MODULES: &[(&str, &[Setting])] = &[
    (
        "retry",
        &[
            setting("max-attempts", Kind::Tries),
            setting("wait-duration", Kind::Other),
        ],
    ),
    ("timelimiter", &[setting("timeout-duration", Kind::Attempt)]),
];

/// Resilience4j's switch of exponential backoff between tries.
const EXPONENTIAL_BACKOFF: Setting = setting("enable-exponential-backoff", Kind::Other);

/// Resilience4j's factor of exponential backoff.
const BACKOFF_MULTIPLIER: Setting = setting("exponential-backoff-multiplier", Kind::Other);

/// Resilience4j's wait between tries when `wait-duration` is not set, in milliseconds
/// (`RetryConfig.DEFAULT_WAIT_DURATION`, <https://resilience4j.readme.io/docs/retry>: "waitDuration
/// 500 [ms] A fixed wait duration between retry attempts").
const DEFAULT_WAIT_MS: u64 = 500;

/// Resilience4j's factor of exponential backoff when `exponential-backoff-multiplier` is not
/// set (`IntervalFunction.DEFAULT_MULTIPLIER`).
const DEFAULT_MULTIPLIER: f64 = 1.5;

impl Out {
    /// Resilience4j's retries and time limits, instance by instance.
    pub(super) fn resilience4j(&mut self, ctx: &Context<'_>) {
        for (module, settings) in RESILIENCE4J_MODULES {
            let base = format!("resilience4j.{module}");
            let mut instances = ctx.names_under(&format!("{base}.instances.*"));
            for name in ctx.names_under(&format!("{base}.backends.*")) {
                if !instances.contains(&name) {
                    instances.push(name);
                }
            }
            // A setting of `section.NAME`, where `section` is `instances`, `backends` or
            // `configs`.
            let value = |section: &str, name: &str, s: &Setting| {
                ctx.all(&format!("{base}.{section}.*.{}", s.property), false)
                    .into_iter()
                    .find(|f| f.names[0] == name)
            };
            if instances.is_empty() {
                let segment = format!("{} -> resilience4j default", ctx.app);
                for s in *settings {
                    if let Some(f) = value("configs", "default", s) {
                        let property = format!("{base}.configs.*.{}", s.property);
                        self.resilience4j_row(ctx, &segment, s, &property, &f, None);
                    }
                }
                continue;
            }
            for name in &instances {
                let start = self.rows.len();
                let segment = format!("{} -> {name}", ctx.app);
                let config = ["instances", "backends"]
                    .iter()
                    .find_map(|section| {
                        ctx.all(&format!("{base}.{section}.*.base-config"), false)
                            .into_iter()
                            .find(|f| &f.names[0] == name)
                    })
                    .map_or_else(|| "default".to_owned(), |f| f.prop.value.clone());
                for s in *settings {
                    let own = ["instances", "backends"]
                        .iter()
                        .find_map(|section| value(section, name, s).map(|f| (section, f)));
                    match own {
                        Some((section, f)) => {
                            let property = format!("{base}.{section}.*.{}", s.property);
                            self.resilience4j_row(ctx, &segment, s, &property, &f, None);
                        }
                        None => {
                            if let Some(f) = value("configs", &config, s) {
                                let property = format!("{base}.configs.*.{}", s.property);
                                let from = format!("{base}.configs.{config}");
                                self.resilience4j_row(ctx, &segment, s, &property, &f, Some(&from));
                            }
                        }
                    }
                }
                if *module == "retry" {
                    // The backoff settings, the instance's own or its config's.
                    let setting_of = |s: &Setting| {
                        ["instances", "backends"]
                            .iter()
                            .find_map(|section| value(section, name, s))
                            .or_else(|| value("configs", &config, s))
                            .map(|f| f.prop.value)
                    };
                    let exponential = setting_of(&EXPONENTIAL_BACKOFF)
                        .is_some_and(|v| v.trim().eq_ignore_ascii_case("true"));
                    let multiplier = setting_of(&BACKOFF_MULTIPLIER);
                    self.waits_into_tries(start, exponential.then_some(multiplier));
                }
            }
        }
    }

    /// Puts an instance's waits between tries into its tries row (`rows[start..]` are the
    /// instance's rows): the engine reads tries and waits from one cell, so `max-attempts: 2`
    /// with `wait-duration: 300ms` is `2 tries, waits 300ms`, every wait written out (`3 tries,
    /// waits 300ms, 300ms`; with exponential backoff, `multiplier` `Some` with the multiplier
    /// as written if any: `3 tries, waits 500ms, 1000ms`). Without `wait-duration`, Resilience4j's default
    /// 500 ms applies and the rationale says so. A templated count, wait or multiplier is left
    /// as written (the tries row stays the count alone, `unresolved`).
    pub(super) fn waits_into_tries(&mut self, start: usize, multiplier: Option<Option<String>>) {
        let lang = self.lang;
        let rows = &mut self.rows[start..];
        let Some(t) = rows
            .iter()
            .position(|r| r.setting.ends_with("max-attempts"))
        else {
            return;
        };
        let wait = rows
            .iter()
            .position(|r| r.setting.ends_with("wait-duration"))
            .map(|w| (rows[w].value.trim().to_owned(), rows[w].location.clone()));
        let count = rows[t].value.trim().to_owned();
        let Ok(tries) = count.parse::<u32>() else {
            return;
        };
        let wait_ms = match &wait {
            Some((text, _)) => match wait_millis(text) {
                Some(ms) => ms,
                None => return,
            },
            None => DEFAULT_WAIT_MS,
        };
        let factor = match &multiplier {
            None => 1.0,
            Some(None) => DEFAULT_MULTIPLIER,
            Some(Some(text)) => match text.trim().parse::<f64>() {
                Ok(f) if f.is_finite() && f >= 1.0 => f,
                _ => return,
            },
        };
        let waits: Vec<String> = (0..tries.saturating_sub(1))
            .map(|i| {
                let ms = wait_ms as f64 * factor.powi(i as i32);
                format!("{}ms", ms.round() as u64)
            })
            .collect();
        let r = &mut rows[t];
        // Every wait written out: Resilience4j waits before each retry, so none is assumed.
        r.value = match waits.as_slice() {
            [] => format!("{tries} tries"),
            all => format!("{tries} tries, waits {}", all.join(", ")),
        };
        let at = wait
            .as_ref()
            .map(|(_, location)| location.split_whitespace().next().unwrap_or("").to_owned());
        add_say(
            lang,
            r,
            Say::WaitsJoined {
                count: &count,
                at: at.as_deref(),
                exponential: multiplier.is_some(),
            },
        );
    }

    /// A Resilience4j row, with what its rationale must say.
    pub(super) fn resilience4j_row(
        &mut self,
        ctx: &Context<'_>,
        segment: &str,
        s: &Setting,
        property: &str,
        f: &Found,
        from: Option<&str>,
    ) {
        let lang = self.lang;
        let r = self.put(ctx, RESILIENCE4J, segment, s.kind, property, f);
        if let Some(from) = from {
            add_say(lang, r, Say::Inherited { from });
        }
        if s.kind == Kind::Tries {
            add_say(lang, r, Say::TriesIncludeFirst);
        }
    }
}

/// A Resilience4j duration as Spring Boot binds it, in milliseconds: a bare number is
/// milliseconds (`300`), else a number with `ms`, `s`, `m` or `h` (`300ms`, `1s`). `None` for
/// anything else (a template, an ISO-8601 `PT1S`).
fn wait_millis(text: &str) -> Option<u64> {
    let text = text.trim();
    let digits = text.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let unit = &text[digits.len()..];
    let n: f64 = digits
        .parse()
        .ok()
        .filter(|n: &f64| n.is_finite() && *n >= 0.0)?;
    let factor = match unit {
        "" | "ms" => 1.0,
        "s" => 1_000.0,
        "m" => 60_000.0,
        "h" => 3_600_000.0,
        _ => return None,
    };
    Some((n * factor).round() as u64)
}

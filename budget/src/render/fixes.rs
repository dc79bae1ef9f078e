//! The words of a checked fix ([`crate::fix`]): its summary, the values it writes, and the
//! finding's `fix` naming the options or, where no fix was checked, advice without numbers.

use super::formula::bound;
use crate::catalog::Cap;
use crate::code::FindingCode;
use crate::display::duration as secs;
use crate::kind::Kind;
use crate::report::{Finding, Fix, OverCap};
use crate::said::{CellValue, FixSaid, StepSaid, Target, Verb};
use crate::sheet::Lang;
use crate::value::{write_duration, write_tries};

/// Writes in `lang` the fixes of finding `f` that `said` states, one for each of its fixes:
/// their summaries and the values their changes write, and the finding's `fix`.
pub(crate) fn write_fixes(lang: Lang, f: &mut Finding, said: &[FixSaid]) {
    for (fix, said) in f.fixes.iter_mut().zip(said) {
        let mut summary = summary(lang, &said.steps);
        for (over, cap) in fix.caps.iter().zip(&said.caps) {
            summary.push_str(&cap_words(lang, over, cap));
        }
        fix.summary = summary;
        for (change, step) in fix.changes.iter_mut().zip(&said.steps) {
            change.to = match &step.to {
                CellValue::Duration(ms) => write_duration(lang, *ms),
                CellValue::Tries(k, waits) => write_tries(lang, *k, waits),
            };
        }
    }
    f.fix = Some(if f.fixes.is_empty() {
        advice(lang, f.code)
    } else {
        join_options(lang, &f.fixes)
    });
}

/// The setting a step changes, in words: `app's deadline`, `LB -> app's read timeout`, or the
/// hop whose tries it reduces.
fn what(lang: Lang, target: &Target) -> String {
    match target {
        Target::NodeDeadline(node) => node_deadline(lang, node),
        Target::HopBound(segment, kind) => hop_bound(lang, segment, *kind),
        Target::Tries(segment) => segment.clone(),
    }
}

/// The value a step writes, as its words show it: `15.5 s`, `1 try`.
fn shown(lang: Lang, to: &CellValue) -> String {
    match to {
        CellValue::Duration(ms) => secs(lang, *ms),
        CellValue::Tries(k, _) => tries_shown(lang, *k),
    }
}

/// Tries as a fix's words show them: `1 try`, `3 tries` / `3回の試行`.
fn tries_shown(lang: Lang, k: u32) -> String {
    match (lang, k) {
        (Lang::En, 1) => "1 try".to_string(),
        (Lang::En, k) => format!("{k} tries"),
        (Lang::Ja, k) => format!("{k}回の試行"),
    }
}

/// A node's deadline in a fix's words: `app's deadline` / `appの期限`.
fn node_deadline(lang: Lang, node: &str) -> String {
    match lang {
        Lang::En => format!("{node}'s deadline"),
        Lang::Ja => format!("{node}の期限"),
    }
}

/// A hop's bound in a fix's words: `LB -> app's read timeout` / `LB -> app の読み取りタイムアウト`.
fn hop_bound(lang: Lang, segment: &str, kind: Kind) -> String {
    use crate::check::BoundName;
    // A formula's name of the bound, but for the read timeout, named in full, and a Japanese
    // deadline, the whole call's.
    let word = match (lang, BoundName::of_kind(kind)) {
        (Lang::En, BoundName::Read) => "read timeout",
        (Lang::Ja, BoundName::Read) => "読み取りタイムアウト",
        (Lang::Ja, BoundName::Deadline) => "全体期限",
        (lang, name) => bound(lang, name),
    };
    match lang {
        Lang::En => format!("{segment}'s {word}"),
        Lang::Ja => format!("{segment} の{word}"),
    }
}

/// One option in words: `raise app's deadline to 15.5 s, LB -> app's read timeout to 16.5 s
/// and browser -> LB's deadline to 18.5 s`; `reduce app -> external API to 1 try`.
fn summary(lang: Lang, steps: &[StepSaid]) -> String {
    // Consecutive steps with the same verb share it.
    let mut groups: Vec<(&Verb, Vec<&StepSaid>)> = Vec::new();
    for s in steps {
        match groups.last_mut() {
            Some((v, g)) if **v == s.verb => g.push(s),
            _ => groups.push((&s.verb, vec![s])),
        }
    }
    let phrases: Vec<String> = groups
        .iter()
        .map(|(verb, g)| {
            let parts: Vec<String> = g
                .iter()
                .map(|s| {
                    let (what, to) = (what(lang, &s.target), shown(lang, &s.to));
                    match (lang, verb) {
                        (Lang::En, _) => format!("{what} to {to}"),
                        (Lang::Ja, Verb::Reduce) => format!("{what} を{to}に"),
                        (Lang::Ja, _) => format!("{what}を{to}に"),
                    }
                })
                .collect();
            let list = and_list(lang, &parts);
            match (lang, verb) {
                (Lang::En, Verb::Raise) => format!("raise {list}"),
                (Lang::En, Verb::Lower) => format!("lower {list}"),
                (Lang::En, Verb::Reduce) => format!("reduce {list}"),
                (Lang::Ja, Verb::Raise) => format!("{list}上げて"),
                (Lang::Ja, Verb::Lower) => format!("{list}下げて"),
                (Lang::Ja, Verb::Reduce) => format!("{list}減らして"),
            }
        })
        .collect();
    match lang {
        Lang::En => phrases.join(", then "),
        Lang::Ja => format!("{}ください", phrases.join("、さらに")),
    }
}

/// Parts joined: `a, b and c` / `a、b、c`.
fn and_list(lang: Lang, parts: &[String]) -> String {
    match (lang, parts) {
        (_, [one]) => one.clone(),
        (Lang::En, [init @ .., last]) => format!("{} and {last}", init.join(", ")),
        (Lang::Ja, _) => parts.join("、"),
        (Lang::En, []) => String::new(),
    }
}

/// The finding's fix text from its checked fixes: the options, joined by "or".
fn join_options(lang: Lang, fixes: &[Fix]) -> String {
    let options: Vec<&str> = fixes.iter().map(|f| f.summary.as_str()).collect();
    match lang {
        Lang::En => options.join(", or "),
        Lang::Ja => options.join("。または、"),
    }
}

/// Advice without numbers, for a finding without a checked fix (none was found, or the
/// re-checks ran out).
fn advice(lang: Lang, code: FindingCode) -> String {
    match (lang, code) {
        (Lang::En, FindingCode::InversionNode) => "lower the bounds of the calls this node makes, or raise its deadline and every layer above it with it".to_string(),
        (Lang::Ja, FindingCode::InversionNode) => "このノードの呼び出しの上限を下げるか、期限をその上のすべての層とともに上げてください".to_string(),
        (Lang::En, _) => "lower the callee's worst case, or raise the caller's bound and every layer above it with it".to_string(),
        (Lang::Ja, _) => "呼ばれる側の最悪時間を下げるか、呼ぶ側の上限をその上のすべての層とともに上げてください".to_string(),
    }
}

/// The words a fix's summary ends with for a raise above a cap:
/// `; Cloudflare allows at most 100 s for proxy_read_timeout (Proxy Read Timeout) outside
/// Enterprise plans (...)` / `（ただし Cloudflare の ... は最大100.0秒：...）`.
fn cap_words(lang: Lang, over: &OverCap, cap: &Cap) -> String {
    let at_most = secs(lang, over.cap_ms);
    match lang {
        Lang::En => format!(
            "; {} allows at most {at_most} for {} {}",
            over.product,
            over.setting,
            cap.when(lang)
        ),
        Lang::Ja => format!(
            "（ただし {} の {} は最大{at_most}：{}）",
            over.product,
            over.setting,
            cap.when(lang)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chain_of_raises_shares_its_verb() {
        let step = |target: Target, ms: u64| StepSaid {
            verb: Verb::Raise,
            target,
            to: CellValue::Duration(ms),
        };
        let steps = [
            step(Target::NodeDeadline("app".into()), 15_500),
            step(Target::HopBound("LB -> app".into(), Kind::Read), 16_500),
            step(
                Target::HopBound("browser -> LB".into(), Kind::Deadline),
                18_500,
            ),
        ];
        assert_eq!(
            summary(Lang::En, &steps),
            "raise app's deadline to 15.5 s, LB -> app's read timeout to 16.5 s and browser -> LB's deadline to 18.5 s"
        );
        assert_eq!(
            summary(Lang::En, &steps[..1]),
            "raise app's deadline to 15.5 s"
        );
        assert_eq!(
            summary(Lang::Ja, &steps),
            "appの期限を15.5秒に、LB -> app の読み取りタイムアウトを16.5秒に、browser -> LB の全体期限を18.5秒に上げてください"
        );
    }
}

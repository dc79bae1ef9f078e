//! The words of the diff's causal trace ([`super::trace`]): a line's text from its steps,
//! a verdict that flipped or held, and what changed at a hop, in the sheet's language.

use super::budgets::{slack_words, HopChange, Presence, SlackChange, VerdictChange};
use crate::display;
use crate::report::{HopReport, Verdict};
use crate::sheet::Lang;

/// A trace line's text: its steps in order, then the hops above that did not change and why
/// (`; LB -> app and browser -> LB unchanged (they wait on app's 8.0 s deadline, not on its
/// need)`).
pub(super) fn line_text(
    lang: Lang,
    steps: &[&str],
    unchanged: &[String],
    reason: Option<&str>,
) -> String {
    let mut text = steps.join(match lang {
        Lang::En => "; ",
        Lang::Ja => "；",
    });
    if !unchanged.is_empty() {
        let names = join_and(lang, unchanged);
        let many = unchanged.len() > 1;
        text.push_str(&match (lang, reason) {
            (Lang::En, Some(r)) => format!(
                "; {names} unchanged ({} on {r})",
                if many { "they wait" } else { "it waits" }
            ),
            (Lang::En, None) => format!("; {names} unchanged"),
            (Lang::Ja, Some(r)) => format!("；{names} は変わりません（{r}）"),
            (Lang::Ja, None) => format!("；{names} は変わりません"),
        });
    }
    text
}

pub(super) fn colon(lang: Lang) -> &'static str {
    match lang {
        Lang::En => ": ",
        Lang::Ja => "：",
    }
}

/// A colon and the [`verdict_words`] of a place's check now (`verdict`, `slack`), from what
/// changed there: flipped when its verdict changed, with the slack before when its slack did.
pub(super) fn check_words(
    lang: Lang,
    (verdict_change, slack_change): (Option<VerdictChange>, Option<SlackChange>),
    (verdict, slack): (Verdict, Option<i64>),
) -> String {
    let words = verdict_words(
        lang,
        verdict_change.is_some(),
        verdict,
        slack,
        slack_change.map(|s| s.before),
    );
    format!("{}{words}", colon(lang))
}

/// `now inverted, short by 7.5 s` / `still ok, slack 0.2 s`; the verdict alone when there is
/// no slack.
///
/// `before` is the slack before, when it changed: an unflipped verdict then says `slack 0.2 s
/// → 12.2 s` (`short by 7.5 s → 3.0 s`).
pub(super) fn verdict_words(
    lang: Lang,
    flipped: bool,
    v: Verdict,
    slack: Option<i64>,
    before: Option<Option<i64>>,
) -> String {
    let verdict = display::verdict(lang, v);
    let head = match (lang, flipped) {
        (Lang::En, true) => format!("now {verdict}"),
        (Lang::En, false) => format!("still {verdict}"),
        (Lang::Ja, true) => format!("{verdict}に変わりました"),
        (Lang::Ja, false) => format!("引き続き{verdict}"),
    };
    let sep = match lang {
        Lang::En => ", ",
        Lang::Ja => "、",
    };
    match (slack, before) {
        (Some(s), Some(Some(b))) if !flipped && (b < 0) == (s < 0) => {
            let d = |ms: i64| display::duration(lang, ms.unsigned_abs());
            let words = match (lang, s < 0) {
                (Lang::En, true) => format!("short by {} → {}", d(b), d(s)),
                (Lang::En, false) => format!("slack {} → {}", d(b), d(s)),
                (Lang::Ja, true) => format!("不足 {} → {}", d(b), d(s)),
                (Lang::Ja, false) => format!("余裕 {} → {}", d(b), d(s)),
            };
            format!("{head}{sep}{words}")
        }
        (Some(s), _) => format!("{head}{sep}{}", slack_words(lang, s)),
        (None, _) => head,
    }
}

/// After the changed cells of an origin hop: `; worst 4.3 s → 12.0 s`, and its own check
/// where it changed (`now` is its verdict in the second sheet: `its check still ok, slack
/// 0.0 s → 3.0 s`; a new hop's check is `now`).
pub(super) fn hop_own_text(lang: Lang, c: &HopChange, now: Verdict) -> String {
    let mut out = String::new();
    let sep = match lang {
        Lang::En => "; ",
        Lang::Ja => "；",
    };
    if c.present == Presence::Added {
        out.push_str(sep);
        out.push_str(match lang {
            Lang::En => "a new hop",
            Lang::Ja => "新しい区間",
        });
    }
    if c.present == Presence::Removed {
        out.push_str(sep);
        out.push_str(match lang {
            Lang::En => "the hop is gone",
            Lang::Ja => "区間がなくなりました",
        });
        return out;
    }
    if let Some(w) = c.worst_ms {
        let d = |ms| display::duration_or_unknown(lang, ms);
        out.push_str(sep);
        out.push_str(&match lang {
            Lang::En => format!("worst {} → {}", d(w.before), d(w.after)),
            Lang::Ja => format!("最悪 {} → {}", d(w.before), d(w.after)),
        });
    }
    if c.verdict.is_some() || c.slack_ms.is_some() {
        out.push_str(sep);
        out.push_str(&match lang {
            Lang::En => "its check ".to_string(),
            Lang::Ja => "この区間の確認は".to_string(),
        });
        let slack = c.slack_ms.and_then(|s| s.after);
        let before = c.slack_ms.map(|s| s.before);
        // A new hop's check is new: `now ok`, never `still`.
        let flipped = c.verdict.is_some() || c.present == Presence::Added;
        let verdict = c.verdict.map_or(now, |v| v.after);
        out.push_str(&verdict_words(lang, flipped, verdict, slack, before));
    }
    out
}

/// A hop above the change whose check moved: `: need 9.0 s → 16.5 s of its 10.0 s wait: now
/// inverted, short by 6.5 s`.
pub(super) fn hop_check_text(lang: Lang, c: &HopChange, h: &HopReport) -> String {
    let d = |ms| display::duration_or_unknown(lang, ms);
    let mut parts: Vec<String> = Vec::new();
    if let Some(n) = c.need_ms {
        parts.push(match lang {
            Lang::En => format!("need {} → {}", d(n.before), d(n.after)),
            Lang::Ja => format!("必要時間 {} → {}", d(n.before), d(n.after)),
        });
    }
    if let Some(w) = c.wait_ms {
        parts.push(match lang {
            Lang::En => format!("wait {} → {}", d(w.before), d(w.after)),
            Lang::Ja => format!("待ち時間 {} → {}", d(w.before), d(w.after)),
        });
    } else if let Some(w) = h.wait_ms {
        let w = display::duration(lang, w);
        // After the need: `need 12.0 s → 12.5 s against its 12.0 s wait`,
        // `必要時間 12.0秒 → 12.5秒（待ち時間 12.0秒）`.
        let against = match lang {
            Lang::En => format!("against its {w} wait"),
            Lang::Ja => format!("（待ち時間 {w}）"),
        };
        match (lang, parts.last_mut()) {
            (Lang::En, Some(need)) => need.push_str(&format!(" {against}")),
            (Lang::Ja, Some(need)) => need.push_str(&against),
            (_, None) => parts.push(against),
        }
    }
    if let Some(w) = c.worst_ms {
        parts.push(match lang {
            Lang::En => format!("worst {} → {}", d(w.before), d(w.after)),
            Lang::Ja => format!("最悪 {} → {}", d(w.before), d(w.after)),
        });
    }
    let mut out = String::from(colon(lang));
    out.push_str(&parts.join(match lang {
        Lang::En => ", ",
        Lang::Ja => "、",
    }));
    if c.verdict.is_some() || c.slack_ms.is_some() {
        out.push_str(&check_words(
            lang,
            (c.verdict, c.slack_ms),
            (h.verdict, h.slack_ms),
        ));
    }
    out
}

/// `a`, `a and b`, `a, b and c` (`a、b、c`).
pub(super) fn join_and(lang: Lang, names: &[String]) -> String {
    match lang {
        Lang::Ja => names.join("、"),
        Lang::En => match names {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., last] => format!("{} and {last}", init.join(", ")),
        },
    }
}

//! The rulebook's findings: implausible values, a lock not below its statement timeout, a read timeout taken for a total, idle timeouts the wrong way round, retries amplified, unsafe, hidden or pointless, and broken pairs of settings.

use super::shared::describe_tries;
use crate::display::{duration, quoted};
use crate::retry_on::RetryOn;
use crate::said::Implausible;
use crate::sheet::Lang;
use crate::value;

/// `value.implausible`: almost always a unit mistake.
pub(crate) fn implausible(
    lang: Lang,
    line: usize,
    value: &str,
    kind: &str,
    why: Implausible,
) -> (String, String) {
    let v = value.trim();
    match lang {
        Lang::En => {
            let reason = match why {
                Implausible::BelowOneMs => "under 1 ms (counted as 1 ms)",
                Implausible::Below100Ms => "under 100 ms",
                Implausible::OverADay => "over 24 h",
            };
            (
                format!(
                    "row {line}: {} as {} {kind} timeout is {reason}: almost always a unit mistake",
                    quoted(lang, v),
                    if kind.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" }
                ),
                match why {
                    Implausible::OverADay => "check the unit: seconds or milliseconds were probably meant".to_string(),
                    _ => "check the unit: a bare number may be read in milliseconds (or nanoseconds); write e.g. 30s".to_string(),
                },
            )
        }
        Lang::Ja => {
            let reason = match why {
                Implausible::BelowOneMs => "1ms未満（1msとして数えます）",
                Implausible::Below100Ms => "100ms未満",
                Implausible::OverADay => "24時間超",
            };
            (
                format!("{line}行目：{kind}のタイムアウト{}は{reason}です。ほぼ確実に単位の誤りです", quoted(lang, v)),
                match why {
                    Implausible::OverADay => "単位を確かめてください（秒やミリ秒のつもりではありませんか）".to_string(),
                    _ => "単位を確かめてください。単位のない数はミリ秒（やナノ秒）と読まれることがあります。30sのように書いてください".to_string(),
                },
            )
        }
    }
}

/// `lock.not_below_statement`; a lock timeout of `None` is `∞` (disabled).
pub(crate) fn lock_not_below(
    lang: Lang,
    segment: &str,
    lock_ms: Option<u64>,
    statement_ms: u64,
) -> (String, String) {
    let l = lock_ms.map_or("∞".to_string(), |ms| duration(lang, ms));
    let s = duration(lang, statement_ms);
    let half = duration(lang, statement_ms / 2);
    match lang {
        Lang::En => (
            format!("{segment}: the lock timeout ({l}) is not below the statement timeout ({s}): a lock wait and a slow statement can no longer be told apart"),
            format!("set the lock timeout below the statement timeout, e.g. {half}"),
        ),
        Lang::Ja => (
            format!("{segment}：ロック待ちの上限（{l}）が文の上限（{s}）より短くないため、ロック待ちと遅い文を区別できません"),
            format!("ロック待ちの上限を文の上限より短く（例：{half}）してください"),
        ),
    }
}

/// `read.interval_only`.
pub(crate) fn read_interval_only(
    lang: Lang,
    segment: &str,
    caller: &str,
    per_try_ms: Option<u64>,
) -> (String, String) {
    let p = per_try_ms.map_or("?".to_string(), |ms| duration(lang, ms));
    match lang {
        Lang::En => (
            format!("{segment}: bounded only by connect and read timeouts, which are intervals: a peer that sends a byte every few seconds holds the call far past {p}"),
            format!("add a per-try timeout or a deadline on {segment}, or a deadline on {caller}"),
        ),
        Lang::Ja => (
            format!("{segment}：接続と読み取りのタイムアウトしかなく、どちらも間隔の上限です。数秒ごとに1バイト送る相手は{p}をはるかに超えて呼び出しを引き留めます"),
            format!("{segment} に1回の上限か全体期限を、または{caller}に期限を設けてください"),
        ),
    }
}

/// `idle.direction`; an idle timeout of `None` is `∞` (never closed).
pub(crate) fn idle_direction(
    lang: Lang,
    segment: &str,
    caller: &str,
    callee: &str,
    caller_ms: Option<u64>,
    callee_ms: Option<u64>,
) -> (String, String) {
    let show = |ms: Option<u64>| ms.map_or("∞".to_string(), |ms| duration(lang, ms));
    let (a, b) = (show(caller_ms), show(callee_ms));
    let target = show(caller_ms.and_then(|ms| ms.checked_add(5_000)));
    match lang {
        Lang::En => (
            format!("{segment}: {callee} keeps idle connections {b}, not longer than {caller}'s {a}: {caller} may send on a connection {callee} is closing (502 / reset)"),
            format!("keep {callee}'s idle connections longer than {caller}'s, e.g. {target}, or lower {caller}'s idle timeout below {b}"),
        ),
        Lang::Ja => (
            format!("{segment}：{callee}のアイドル接続の保持（{b}）が{caller}の{a}より長くありません。{caller}が閉じかけの接続に送ることがあります（502／リセット）"),
            format!("{callee}のアイドル接続を{caller}より長く（例：{target}）保つか、{caller}のアイドルタイムアウトを{b}未満にしてください"),
        ),
    }
}

/// `retry.amplification`.
pub(crate) fn retry_amplification(
    lang: Lang,
    node: &str,
    attempts: u64,
    factors: &str,
    threshold: u64,
) -> (String, String) {
    // The product is shown only where there is one: a single layer's 3 needs no "(3)".
    let product = factors.contains('×');
    // A product past u64::MAX saturates there (no product of counts of at most 1,000 tries,
    // targets or deliveries is exactly u64::MAX): it is a lower bound, not an exact count.
    let saturated = attempts == u64::MAX;
    let (at_least_en, at_least_ja, upto_ja) = if saturated {
        ("at least ", "以上", "")
    } else {
        ("", "", "最大")
    };
    let shown = match (product, lang) {
        (false, _) => String::new(),
        (true, Lang::En) => format!(" ({factors})"),
        (true, Lang::Ja) => format!("（{factors}）"),
    };
    match lang {
        Lang::En => (
            format!("{node} may receive {at_least_en}{attempts} attempts for one request{shown}, more than the sheet's threshold of {threshold}"),
            "retry at one layer only (the outermost that knows the deadline), and use 1 try at the others".to_string(),
        ),
        Lang::Ja => (
            format!("{node}には1件のリクエストにつき{upto_ja}{attempts}回{at_least_ja}の試行が届きます{shown}。シートのしきい値{threshold}回を超えています"),
            "再試行は1つの層（期限を知る最も外側）だけで行い、他の層は1回にしてください".to_string(),
        ),
    }
}

/// `retry.unsafe`.
pub(crate) fn retry_unsafe(lang: Lang, segment: &str, attempts: u64) -> (String, String) {
    match lang {
        Lang::En => (
            format!("{segment} may be tried {attempts} times but is marked non-idempotent without an idempotency key: a retried request may be applied twice"),
            format!("use 1 try on {segment}, or send an idempotency key and mark it so"),
        ),
        Lang::Ja => (
            format!("{segment} は最大{attempts}回試行されますが、非冪等でキーもありません。再試行されたリクエストが二重に適用されることがあります"),
            format!("{segment} を1回にするか、冪等キーを送ってその旨を記載してください"),
        ),
    }
}

/// `retry.hidden`; `conditions` are the product's default retry conditions (§4.1), listed in
/// the sheet's language, when the catalog knows them.
pub(crate) fn retry_hidden(
    lang: Lang,
    segment: &str,
    product: &str,
    retries: &str,
    conditions: Option<&RetryOn>,
    setting: &str,
) -> (String, String) {
    // With the conditions known, the tries are written like every other tries value
    // (`3 tries`), the conditions after them; else the catalog's remark says all.
    let tries = match (conditions, value::read_tries(retries)) {
        (Some(_), Ok(t)) => describe_tries(lang, &t),
        _ => retries.to_string(),
    };
    let retries = tries.as_str();
    let conditions = conditions.map(|on| on.describe(lang));
    // The conditions, when known: after the tries in the message, and to write in the fix.
    let (on, and_conditions) = match (lang, conditions.as_deref()) {
        (_, None) => (String::new(), ""),
        (Lang::En, Some(on)) => (format!(", on {on}"), " and its retry conditions"),
        (Lang::Ja, Some(on)) => (format!("、条件：{on}"), "、再試行の条件"),
    };
    match lang {
        Lang::En => (
            format!("{segment}: {product} retries by default ({retries}, {setting}{on}) and the sheet says nothing of it"),
            format!("write {product}'s tries and waits{and_conditions} on {segment}, or turn its retries off"),
        ),
        Lang::Ja => (
            format!("{segment}：{product}は既定で再試行します（{retries}、{setting}{on}）が、表に記載がありません"),
            format!("{segment} に{product}の試行回数と待機{and_conditions}を書くか、再試行を無効にしてください"),
        ),
    }
}

/// `retry.pointless`: `words` are the hop's conditions in the pointless group (`4xx`, `404`).
pub(crate) fn retry_pointless(lang: Lang, segment: &str, words: &str) -> (String, String) {
    match lang {
        Lang::En => (
            format!("{segment} retries on {words}: a rejected request fails the same way again"),
            "retry on 408 and 429 (after Retry-After) and on failures where the request was not processed".to_string(),
        ),
        Lang::Ja => (
            format!("{segment} は{words}で再試行します。拒否されたリクエストは再試行しても同じように失敗します"),
            "再試行は408と429（Retry-Afterの後）、およびリクエストが処理されなかった失敗に限ってください".to_string(),
        ),
    }
}

/// What a `setting.pair` message says.
pub(crate) struct PairBreak<'a> {
    /// The product.
    pub(crate) product: &'a str,
    /// The first setting's name.
    pub(crate) first: &'a str,
    /// How the first must compare to the second, in the sheet's language (`longer than`).
    pub(crate) relation: &'a str,
    /// The second setting's name.
    pub(crate) second: &'a str,
    /// The first setting's value, as text.
    pub(crate) first_value: &'a str,
    /// The second setting's value, as text.
    pub(crate) second_value: &'a str,
    /// Why the rule exists.
    pub(crate) why: &'a str,
}

/// `setting.pair`.
pub(crate) fn setting_pair(lang: Lang, p: &PairBreak) -> (String, String) {
    let PairBreak {
        product,
        first,
        relation,
        second,
        first_value: a,
        second_value: b,
        why,
    } = *p;
    match lang {
        Lang::En => (
            format!("{product}: {first} ({a}) must be {relation} {second} ({b}): {why}"),
            format!("raise {first} above {second}, or lower {second}"),
        ),
        Lang::Ja => (
            format!(
                "{product}：{first}（{a}）は{second}（{b}）{relation}である必要があります：{why}"
            ),
            format!("{first}を{second}より大きくするか、{second}を下げてください"),
        ),
    }
}

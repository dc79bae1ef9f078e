//! The budget's findings: inversions, unbounded waits, missing bounds, tries cut by a deadline, a slack that cannot be computed, and a queue's redelivery.

use crate::display::{duration, duration_or_infinite};
use crate::sheet::Lang;

use super::shared::tries_en;

/// `inversion.node`: the message. Its fix is written by [`crate::fix`], from the fixes it has
/// checked.
pub(crate) fn inversion_node(lang: Lang, node: &str, deadline_ms: u64, need: &str) -> String {
    let d = &duration(lang, deadline_ms);
    // Each node of a sheet may say it: its pieces are copied into one string of their length.
    match lang {
        Lang::En => [
            node,
            "'s deadline (",
            d,
            ") ends before its calls may (",
            need,
            ")",
        ]
        .concat(),
        Lang::Ja => [
            node,
            "の期限（",
            d,
            "）が、呼び出しの最悪時間（",
            need,
            "）より先に切れます",
        ]
        .concat(),
    }
}

/// What an `inversion.hop` message says.
pub(crate) struct HopInversion<'a> {
    /// The caller's name.
    pub(crate) caller: &'a str,
    /// The callee's name.
    pub(crate) callee: &'a str,
    /// The caller's wait, in ms.
    pub(crate) wait_ms: u64,
    /// The callee's worst case (with queueing), as text.
    pub(crate) worst: &'a str,
    /// The margin, in ms.
    pub(crate) margin_ms: u64,
}

/// `inversion.hop`: the message. Its fix is written by [`crate::fix`].
pub(crate) fn inversion_hop(lang: Lang, h: &HopInversion) -> String {
    let HopInversion {
        caller,
        callee,
        wait_ms,
        worst,
        margin_ms,
    } = *h;
    let w = duration(lang, wait_ms);
    let m = duration(lang, margin_ms);
    match lang {
        Lang::En => {
            format!("{caller} waits {w} for {callee}, which may take {worst} plus a {m} margin")
        }
        Lang::Ja => format!(
            "{caller}は{callee}を{w}しか待ちませんが、{callee}は最大{worst}かかり、余裕{m}が必要です"
        ),
    }
}

/// `unbounded`: the hop's worst case is infinite.
pub(crate) fn unbounded(lang: Lang, segment: &str, caller: &str) -> (String, String) {
    // Each hop of a sheet may say it: its pieces are copied into one string of their length.
    match lang {
        Lang::En => (
            [
                segment,
                ": ",
                caller,
                " may wait without bound: its timeouts here are none or disabled",
            ]
            .concat(),
            ["set a per-try timeout or a deadline on ", segment].concat(),
        ),
        Lang::Ja => (
            [
                segment,
                "：タイムアウトがなし（無効）のため、",
                caller,
                "は無期限に待つことがあります",
            ]
            .concat(),
            [segment, " に1回の上限か全体期限を設定してください"].concat(),
        ),
    }
}

/// `unbounded` on a node: its own deadline is none or disabled, and no caller's deadline
/// reaches it.
pub(crate) fn unbounded_node(lang: Lang, node: &str) -> (String, String) {
    match lang {
        Lang::En => (
            format!("{node}: may work without bound: its deadline is none or disabled and no caller's deadline reaches it"),
            format!("set a deadline on {node}, or propagate its caller's deadline to it"),
        ),
        Lang::Ja => (
            format!("{node}：期限がなし（無効）で、呼び出し元の期限も伝わらないため、無期限に処理を続けることがあります"),
            format!("{node} に期限を設定するか、呼び出し元の期限を伝えてください"),
        ),
    }
}

/// `bound.missing`: no time-bound row at all on a hop.
pub(crate) fn bound_missing(lang: Lang, segment: &str) -> (String, String) {
    match lang {
        Lang::En => (
            format!("{segment}: no timeout documented: if none is set, the caller waits forever"),
            "document the connect and read timeouts, a per-try timeout or a deadline".to_string(),
        ),
        Lang::Ja => (
            format!(
                "{segment}：タイムアウトの記載がありません。設定がなければ呼ぶ側は無期限に待ちます"
            ),
            "接続・読み取りタイムアウト、1回の上限、または全体期限を記載してください".to_string(),
        ),
    }
}

/// `bound.missing` for the connect phase: a read bound but no connect bound and no cap.
pub(crate) fn connect_missing(lang: Lang, segment: &str) -> (String, String) {
    match lang {
        Lang::En => (
            format!("{segment}: no connect timeout documented: the operating system's own connect limit (about two minutes on Linux) then applies"),
            "document the connect timeout, or cap the try with a per-try timeout or a deadline".to_string(),
        ),
        Lang::Ja => (
            format!("{segment}：接続タイムアウトの記載がありません。OS自身の接続の上限（Linuxでは約2分）がかかります"),
            "接続タイムアウトを記載するか、1回の上限か全体期限で抑えてください".to_string(),
        ),
    }
}

/// `bound.missing` for the read phase: a connect bound only.
pub(crate) fn read_missing(lang: Lang, segment: &str) -> (String, String) {
    match lang {
        Lang::En => (
            format!("{segment}: only a connect timeout is documented: once connected, the caller may wait forever for the response"),
            "document the read timeout, a per-try timeout or a deadline".to_string(),
        ),
        Lang::Ja => (
            format!("{segment}：接続タイムアウトしか記載がありません。接続後は応答を無期限に待つことがあります"),
            "読み取りタイムアウト、1回の上限、または全体期限を記載してください".to_string(),
        ),
    }
}

/// `tries.cut_by_deadline`: a hop's deadline ends its tries early.
pub(crate) fn cut_by_deadline(
    lang: Lang,
    segment: &str,
    deadline_ms: u64,
    tries: u32,
    fit: u32,
) -> (String, String) {
    let d = duration(lang, deadline_ms);
    match lang {
        Lang::En => (
            format!("{segment}: the deadline ({d}) cuts its {tries} tries short: {} fit", tries_en(fit)),
            format!("configure {} so that the last try is not cut off midway", tries_en(fit)),
        ),
        Lang::Ja => (
            format!("{segment}：期限（{d}）により{tries}回の試行は途中で打ち切られます。収まるのは{fit}回です"),
            format!("最後の試行が途中で切られないよう、試行を{fit}回にしてください"),
        ),
    }
}

/// `slack.none`: a check passes with nothing to spare.
pub(crate) fn slack_none(lang: Lang, what: &str, formula: &str) -> (String, String) {
    match lang {
        Lang::En => (
            format!("{what}: the check passes with zero slack ({formula})"),
            "leave some slack: raise the bound a little or lower what it covers".to_string(),
        ),
        Lang::Ja => (
            format!("{what}：余裕ちょうどで通っています（{formula}）"),
            "上限を少し上げるか、内側の上限を下げて余裕を持たせてください".to_string(),
        ),
    }
}

/// `queue.redelivery`: the message. Its fix is written by [`crate::fix`].
pub(crate) fn queue_redelivery(
    lang: Lang,
    segment: &str,
    worker: &str,
    visibility_ms: u64,
    worst: &str,
    margin_ms: u64,
) -> String {
    let v = duration(lang, visibility_ms);
    let m = duration(lang, margin_ms);
    match lang {
        Lang::En => format!("{segment}: the queue redelivers a job after {v}, but {worker} may take {worst} plus a {m} margin: the job runs twice"),
        Lang::Ja => format!("{segment}：キューは{v}でジョブを再配信しますが、{worker}は最大{worst}かかり余裕{m}が必要です。ジョブが二重に実行されます"),
    }
}

/// `tries.cut_by_deadline` on a node that propagates its deadline to its calls.
pub(crate) fn cut_by_node_deadline(
    lang: Lang,
    node: &str,
    deadline_ms: u64,
    need_ms: Option<u64>,
    suggestion: Option<(&str, u32)>,
) -> (String, String) {
    let d = duration(lang, deadline_ms);
    let need = duration_or_infinite(lang, need_ms);
    match (lang, suggestion) {
        (Lang::En, Some((hop, k))) => (
            format!("{node} propagates its deadline ({d}): its calls may need {need}, so the deadline cuts them short; {} of {hop} fit", tries_en(k)),
            format!("configure {} on {hop} so that no try is cut off midway", tries_en(k)),
        ),
        (Lang::En, None) => (
            format!("{node} propagates its deadline ({d}): its calls may need {need}, so the deadline cuts them short"),
            "lower the calls' bounds so that they fit the deadline".to_string(),
        ),
        (Lang::Ja, Some((hop, k))) => (
            format!("{node}は期限（{d}）を伝播します。呼び出しは最大{need}かかるため、期限で打ち切られます。{hop} で収まるのは{k}回です"),
            format!("試行が途中で切られないよう、{hop} を{k}回にしてください"),
        ),
        (Lang::Ja, None) => (
            format!("{node}は期限（{d}）を伝播します。呼び出しは最大{need}かかるため、期限で打ち切られます"),
            "呼び出しの上限を期限内に収まるよう下げてください".to_string(),
        ),
    }
}

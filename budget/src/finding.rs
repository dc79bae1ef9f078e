//! Finding texts: every message and fix in Japanese and English, in one place so that tests can
//! pin them; and the findings' codes ([`FindingCode`]).
//!
//! Durations, quoted cell text and the like are written by [`crate::display`], the one place
//! that says how a value is shown.

pub use crate::code::FindingCode;

use crate::display::{duration, duration_or_infinite, quoted};
use crate::sheet::Lang;

/// A need for a message: `15.5 s`, `≥ 100.0 s` (a lower bound, or a sum too large to hold),
/// `∞`.
pub(crate) fn need_secs(lang: Lang, need: crate::time::Time) -> String {
    match (need.need_ms(), need.is_open()) {
        (None, _) => "∞".to_string(),
        (Some(ms), true) => format!("≥ {}", duration(lang, ms)),
        (Some(ms), false) => duration(lang, ms),
    }
}

fn tries_en(k: u32) -> String {
    if k == 1 {
        "1 try".to_string()
    } else {
        format!("{k} tries")
    }
}

/// `inversion.node`: the message. Its fix is written by [`crate::fix`], from the fixes it has
/// checked.
pub(crate) fn inversion_node(lang: Lang, node: &str, deadline_ms: u64, need: &str) -> String {
    let d = duration(lang, deadline_ms);
    match lang {
        Lang::En => format!("{node}'s deadline ({d}) ends before its calls may ({need})"),
        Lang::Ja => format!("{node}の期限（{d}）が、呼び出しの最悪時間（{need}）より先に切れます"),
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
    match lang {
        Lang::En => (
            format!("{segment}: {caller} may wait without bound: its timeouts here are none or disabled"),
            format!("set a per-try timeout or a deadline on {segment}"),
        ),
        Lang::Ja => (
            format!("{segment}：タイムアウトがなし（無効）のため、{caller}は無期限に待つことがあります"),
            format!("{segment} に1回の上限か全体期限を設定してください"),
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

/// `value.unreadable` for a duration or tries cell.
pub(crate) fn unreadable(lang: Lang, line: usize, text: &str, tries: bool) -> (String, String) {
    match (lang, tries) {
        (Lang::En, false) => (
            format!(
                "row {line}: {} cannot be read as a duration",
                quoted(lang, text)
            ),
            "write a number with a unit, e.g. 1.5s, 500ms or 2min; none for no bound".to_string(),
        ),
        (Lang::En, true) => (
            format!(
                "row {line}: {} cannot be read as tries and waits",
                quoted(lang, text)
            ),
            "write e.g. 3 tries, waits 0.5s, 1s (or 2 retries)".to_string(),
        ),
        (Lang::Ja, false) => (
            format!("{line}行目：{}を時間として読めません", quoted(lang, text)),
            "1.5秒、500ms、2分のように単位をつけて書いてください（上限なしは「なし」）".to_string(),
        ),
        (Lang::Ja, true) => (
            format!(
                "{line}行目：{}を試行回数と待機として読めません",
                quoted(lang, text)
            ),
            "「3回、待機0.5秒、1秒」のように書いてください".to_string(),
        ),
    }
}

/// `value.unreadable` for a tries cell naming more than [`crate::value::MAX_TRIES`] tries.
pub(crate) fn too_many_tries(lang: Lang, line: usize, count: u64) -> (String, String) {
    let max = crate::value::MAX_TRIES;
    match lang {
        Lang::En => (
            format!("row {line}: {count} tries are more than the {max} a sheet can budget"),
            "retries this many are bounded by time, not count: write the deadline or retry window that stops them, and the tries that fit in it".to_string(),
        ),
        Lang::Ja => (
            format!("{line}行目：{count}回の試行はシートで扱える{max}回を超えています"),
            "これほどのリトライは回数ではなく時間で止まります：止める期限かリトライ期間と、その中に収まる回数を書いてください".to_string(),
        ),
    }
}

/// `value.unreadable` for a count, a yes/no or an idempotency cell.
/// A value written with a unit on a setting its product takes only as a bare number of
/// `unit` (ingress-nginx's timeout annotations ignore `30s`; a Java setting bound to an int
/// refuses it): what is written is not what applies.
pub(crate) fn unit_not_taken(
    lang: Lang,
    line: usize,
    text: &str,
    product: &str,
    name: &str,
    unit: &str,
    bare: &str,
) -> (String, String) {
    match lang {
        Lang::En => (
            format!(
                "row {line}: {} has a unit, but {product} takes {name} only as a bare number of {unit}: written so, it is not the value that applies",
                quoted(lang, text)
            ),
            format!("write {bare} (a bare number of {unit})"),
        ),
        Lang::Ja => (
            format!(
                "{line}行目：{}には単位がありますが、{product}の{name}は単位なしの数（{unit}）しか受け付けません。このままでは書かれた値は適用されません",
                quoted(lang, text)
            ),
            format!("{bare}（単位なしの{unit}）と書いてください"),
        ),
    }
}

pub(crate) fn unreadable_as(
    lang: Lang,
    line: usize,
    text: &str,
    kind: crate::kind::Kind,
) -> (String, String) {
    use crate::kind::Kind;
    let (what_en, what_ja, fix_en, fix_ja) = match kind {
        Kind::Upstreams => (
            "a number of upstream servers",
            "上流サーバーの数",
            "write a whole number, e.g. 3",
            "3のように整数で書いてください",
        ),
        Kind::Idempotency => (
            "idempotency",
            "冪等性",
            "write idempotent, non-idempotent or idempotency key",
            "冪等、非冪等、キーありのいずれかを書いてください",
        ),
        _ => (
            "yes or no",
            "あり／なし",
            "write yes or no",
            "ありかなしで書いてください",
        ),
    };
    match lang {
        Lang::En => (
            format!(
                "row {line}: {} cannot be read as {what_en}",
                quoted(lang, text)
            ),
            fix_en.to_string(),
        ),
        Lang::Ja => (
            format!(
                "{line}行目：{}を{what_ja}として読めません",
                quoted(lang, text)
            ),
            fix_ja.to_string(),
        ),
    }
}

/// The routes of a route group a formula does not name: `47 others` / `ほか47経路`.
pub(crate) fn other_routes(lang: Lang, count: usize) -> String {
    match (lang, count) {
        (Lang::En, 1) => "1 other".to_string(),
        (Lang::En, n) => format!("{n} others"),
        (Lang::Ja, n) => format!("ほか{n}経路"),
    }
}

/// `value.unreadable` for a second group row on a hop already in a group (`budget-model.md`
/// §4.2: a hop is in at most one parallel or route group): `row 4: gateway -> search is
/// already in route group "api" (row 3); a hop is in one group at most`.
pub(crate) fn second_group(
    lang: Lang,
    line: usize,
    segment: &str,
    (kind, name, first): (crate::kind::Kind, &str, usize),
) -> (String, String) {
    let group = kind.term_name(lang);
    match lang {
        Lang::En => (
            format!(
                "row {line}: {segment} is already in {group} {} (row {first}); a hop is in one \
                 group at most",
                quoted(lang, name)
            ),
            format!("keep one of rows {first} and {line}"),
        ),
        Lang::Ja => (
            format!(
                "{line}行目：{segment} はすでに{group}{}にあります（{first}行目）。ホップが入る\
                 グループは1つだけです",
                quoted(lang, name)
            ),
            format!("{first}行目と{line}行目のどちらか一方だけを残してください"),
        ),
    }
}

/// `value.unreadable` for a retry-conditions cell (`budget-model.md` §4.1): `word` is the
/// first word that is no condition (empty when the list names none).
pub(crate) fn unreadable_retry_on(
    lang: Lang,
    line: usize,
    text: &str,
    word: &str,
) -> (String, String) {
    let fix = match lang {
        Lang::En => "write conditions from connect-failure, connect-timeout, refused-stream, header-send, 408, 429, 4xx, 5xx, 503, timeout, reset, any (commas between them; nginx's and HAProxy's own words too), or off".to_string(),
        Lang::Ja => "接続失敗、接続タイムアウト、ヘッダ送信、408、429、4xx、5xx、503、タイムアウト、すべて などの条件を「、」で区切って書いてください（nginxやHAProxyの語も可）。再試行しないなら「なし」".to_string(),
    };
    let text = text.trim();
    let message = match (lang, word.is_empty(), word == text) {
        (Lang::En, true, _) => format!(
            "row {line}: {} names no retry condition; the hop's retries are counted as whole tries",
            quoted(lang, text)
        ),
        (Lang::En, false, true) => format!(
            "row {line}: {} is not a retry condition; the hop's retries are counted as whole tries",
            quoted(lang, word)
        ),
        (Lang::En, false, false) => format!(
            "row {line}: {} is not a retry condition, so {} cannot be read; the hop's retries are counted as whole tries",
            quoted(lang, word),
            quoted(lang, text)
        ),
        (Lang::Ja, true, _) => format!(
            "{line}行目：{}に再試行の条件がありません。この区間の再試行は試行全体の繰り返しとして数えます",
            quoted(lang, text)
        ),
        (Lang::Ja, false, true) => format!(
            "{line}行目：{}は再試行の条件ではありません。この区間の再試行は試行全体の繰り返しとして数えます",
            quoted(lang, word)
        ),
        (Lang::Ja, false, false) => format!(
            "{line}行目：{}は再試行の条件ではないため、{}を読めません。この区間の再試行は試行全体の繰り返しとして数えます",
            quoted(lang, word),
            quoted(lang, text)
        ),
    };
    (message, fix)
}

/// `value.unit_missing`: a bare number whose unit the catalog cannot tell.
pub(crate) fn unit_missing(lang: Lang, line: usize, text: &str) -> (String, String) {
    let t = text.trim();
    match lang {
        Lang::En => (
            format!(
                "row {line}: {} has no unit and the setting's unit is not known; it is not guessed",
                quoted(lang, t)
            ),
            format!("write the unit, e.g. {t}s or {t}ms"),
        ),
        Lang::Ja => (
            format!(
                "{line}行目：{}に単位がなく、設定の単位もわからないため推測しません",
                quoted(lang, t)
            ),
            format!("{t}秒や{t}msのように単位を書いてください"),
        ),
    }
}

/// `value.unit_from_catalog`: a bare number read in the catalog's unit.
pub(crate) fn unit_from_catalog(
    lang: Lang,
    line: usize,
    text: &str,
    product: &str,
    setting: &str,
    unit: &str,
) -> (String, String) {
    let t = text.trim();
    match lang {
        Lang::En => (
            format!("row {line}: {t} has no unit; {product} reads a bare {setting} in {unit}"),
            format!("write the unit: {t}{unit} if that is meant, else the unit you mean (e.g. {t}{})", if unit == "s" { "ms" } else { "s" }),
        ),
        Lang::Ja => (
            format!("{line}行目：{t}に単位がありません。{product}の{setting}は単位なしの数を{unit}として読みます"),
            format!("単位を書いてください。そのつもりなら{t}{unit}、違うなら意図した単位で（例：{t}{}）", if unit == "s" { "ms" } else { "s" }),
        ),
    }
}

/// Where a catalog default comes from, for the message that applies it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Provenance {
    /// The product, with the version the row names (`redis-py 7.4`), else its name alone.
    pub(crate) product: String,
    /// The row names no version of a setting whose default depends on it: the newest
    /// release's range, whose default applies (`redis-py 8.0 and later`).
    pub(crate) newest: Option<String>,
    /// The catalog leaves the default unresolved: why (the sources disagree).
    pub(crate) unresolved: Option<String>,
}

impl Provenance {
    /// What the message adds after "applies": ` (the newest release, redis-py 8.0 and later:
    /// the row names no version; unresolved in the catalog: ...)`, or nothing.
    fn remark(&self, lang: Lang) -> String {
        let mut parts = Vec::new();
        if let Some(range) = &self.newest {
            parts.push(match lang {
                Lang::En => {
                    format!("the default of the newest release, {range}: the row names no version")
                }
                Lang::Ja => format!("行に版の記載がないため最新版（{range}）の既定値"),
            });
        }
        if let Some(why) = &self.unresolved {
            parts.push(match lang {
                Lang::En => format!("unresolved in the catalog: {why}"),
                Lang::Ja => format!("カタログでは未確定：{why}"),
            });
        }
        match (parts.is_empty(), lang) {
            (true, _) => String::new(),
            (false, Lang::En) => format!(" ({})", parts.join("; ")),
            (false, Lang::Ja) => format!("（{}）", parts.join("。")),
        }
    }
}

/// `value.default_applied`: a row's value was not set and the default column's value
/// (`setting` `None`) or the catalog's documented default of `setting` (with its
/// `provenance`) applies.
pub(crate) fn default_applied(
    lang: Lang,
    line: usize,
    used: &str,
    setting: Option<&str>,
    provenance: Option<&Provenance>,
) -> (String, String) {
    let remark = provenance.map(|p| p.remark(lang)).unwrap_or_default();
    let from = setting.zip(provenance.map(|p| p.product.as_str()));
    match (lang, from) {
        (Lang::En, None) => (
            format!("row {line}: no value set; the default column's {used} applies"),
            "write the value in effect in the value column".to_string(),
        ),
        (Lang::En, Some((setting, product))) => (
            format!("row {line}: no value set; {product}'s documented default for {setting}, {used}, applies{remark}"),
            "write the value in effect in the value column".to_string(),
        ),
        (Lang::Ja, None) => (
            format!("{line}行目：設定値がないため、既定値の列の{used}を使います"),
            "実際の値を設定値の列に書いてください".to_string(),
        ),
        (Lang::Ja, Some((setting, product))) => (
            format!("{line}行目：設定値がないため、{product}の{setting}の既定値{used}を使います{remark}"),
            "実際の値を設定値の列に書いてください".to_string(),
        ),
    }
}

/// `value.default_applied` for a hop with no connect row, filled from its product's documented
/// connect default.
pub(crate) fn connect_default_applied(
    lang: Lang,
    segment: &str,
    used: &str,
    (product, setting): (&str, &str),
    provenance: &Provenance,
) -> (String, String) {
    let remark = provenance.remark(lang);
    match lang {
        Lang::En => (
            format!("{segment}: no connect timeout documented; {product}'s documented default for {setting}, {used}, applies{remark}"),
            format!("document {setting} on {segment}"),
        ),
        Lang::Ja => (
            format!("{segment}：接続タイムアウトの記載がないため、{product}の{setting}の既定値{used}を使います{remark}"),
            format!("{segment} に{setting}を記載してください"),
        ),
    }
}

/// `tries.waits_assumed`: fewer waits than tries − 1.
pub(crate) fn waits_assumed(lang: Lang, line: usize, tries: u32, wait_ms: u64) -> (String, String) {
    let w = duration(lang, wait_ms);
    match lang {
        Lang::En => (
            format!("row {line}: fewer waits than tries − 1 for {tries} tries; {w} is assumed before each later try"),
            "list every wait, e.g. waits 0.5s, 1s".to_string(),
        ),
        Lang::Ja => (
            format!("{line}行目：{tries}回の試行に対して待機の数が足りないため、以降の試行の前にも{w}待つものとします"),
            "待機をすべて書いてください（例：待機0.5秒、1秒）".to_string(),
        ),
    }
}

/// `tries.waits_assumed` for more waits than tries − 1: the extra ones are not used.
pub(crate) fn waits_dropped(
    lang: Lang,
    line: usize,
    tries: u32,
    dropped: usize,
) -> (String, String) {
    match lang {
        Lang::En => (
            format!("row {line}: more waits than tries − 1 for {tries} tries; the last {dropped} are not used"),
            "list one wait fewer than the tries, or raise the tries".to_string(),
        ),
        Lang::Ja => (
            format!("{line}行目：{tries}回の試行に対して待機が多すぎるため、最後の{dropped}個は使われません"),
            "待機は試行回数より1つ少なく書くか、試行回数を増やしてください".to_string(),
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

/// Why a timeout value is implausible.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Implausible {
    /// Below 1 ms.
    BelowOneMs,
    /// Below 100 ms (a kind other than connect).
    Below100Ms,
    /// Over 24 h.
    OverADay,
}

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
    match lang {
        Lang::En => (
            if product {
                format!("{node} may receive {at_least_en}{attempts} attempts for one request ({factors}), more than the sheet's threshold of {threshold}")
            } else {
                format!("{node} may receive {at_least_en}{attempts} attempts for one request, more than the sheet's threshold of {threshold}")
            },
            "retry at one layer only (the outermost that knows the deadline), and use 1 try at the others".to_string(),
        ),
        Lang::Ja => (
            if product {
                format!("{node}には1件のリクエストにつき{upto_ja}{attempts}回{at_least_ja}の試行が届きます（{factors}）。シートのしきい値{threshold}回を超えています")
            } else {
                format!("{node}には1件のリクエストにつき{upto_ja}{attempts}回{at_least_ja}の試行が届きます。シートのしきい値{threshold}回を超えています")
            },
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
    conditions: Option<&str>,
    setting: &str,
) -> (String, String) {
    match (lang, conditions) {
        (Lang::En, None) => (
            format!("{segment}: {product} retries by default ({retries}, {setting}) and the sheet says nothing of it"),
            format!("write {product}'s tries and waits on {segment}, or turn its retries off"),
        ),
        (Lang::En, Some(on)) => (
            format!("{segment}: {product} retries by default ({retries}, {setting}, on {on}) and the sheet says nothing of it"),
            format!("write {product}'s tries and waits and its retry conditions on {segment}, or turn its retries off"),
        ),
        (Lang::Ja, None) => (
            format!("{segment}：{product}は既定で再試行します（{retries}、{setting}）が、表に記載がありません"),
            format!("{segment} に{product}の試行回数と待機を書くか、再試行を無効にしてください"),
        ),
        (Lang::Ja, Some(on)) => (
            format!("{segment}：{product}は既定で再試行します（{retries}、{setting}、条件：{on}）が、表に記載がありません"),
            format!("{segment} に{product}の試行回数と待機、再試行の条件を書くか、再試行を無効にしてください"),
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

/// `tries.nested_too_deep`: more tries rows on one hop than [`crate::MAX_NESTED_TRIES`], each
/// a nested retry layer. `total` is the tries multiplied (saturated at `u32::MAX`).
pub(crate) fn nested_too_deep(
    lang: Lang,
    segment: &str,
    layers: usize,
    total: u32,
) -> (String, String) {
    let max = crate::MAX_NESTED_TRIES;
    let saturated = total == u32::MAX;
    match lang {
        Lang::En => (
            format!(
                "{segment}: {layers} tries rows nest {layers} retry layers, more than {max}: each outer try repeats every inner one, so the tries multiply to {}{total}",
                if saturated { "at least " } else { "" }
            ),
            format!("keep one tries row per retry layer that really exists (at most {max}); the tries of one layer go in one cell, e.g. 3 tries, waits 0.5s, 1s"),
        ),
        Lang::Ja => (
            format!(
                "{segment}：試行回数の行が{layers}行あり、{layers}層の入れ子のリトライになります（上限{max}層）。外側の1回ごとに内側がすべて繰り返されるため、試行は{total}回{}に掛け合わされます",
                if saturated { "以上" } else { "" }
            ),
            format!("実在するリトライの層ごとに1行（最大{max}行）にしてください。1つの層の試行は「3回、待機0.5秒、1秒」のように1つのセルに書きます"),
        ),
    }
}

/// `findings.truncated`: more findings than a report lists ([`crate::MAX_LISTED_FINDINGS`],
/// [`crate::MAX_LISTED_FINDINGS_TEXT`]); `listed` are listed of `total`.
pub(crate) fn findings_truncated(lang: Lang, listed: usize, total: usize) -> (String, String) {
    let rest = total - listed;
    let max = crate::MAX_LISTED_FINDINGS;
    let mb = crate::MAX_LISTED_FINDINGS_TEXT / 1_000_000;
    match lang {
        Lang::En => (
            format!("{listed} of {total} findings are listed, errors first (a report lists at most {max}, with at most {mb} MB of text); the other {rest} are left out, and the summary counts them"),
            "fix the findings listed and check again, or split the sheet into several sheets".to_string(),
        ),
        Lang::Ja => (
            format!("{total}件の指摘のうち、エラーから順に{listed}件を表示しています（表示は最大{max}件、文字数は最大{mb}MB）。残りの{rest}件は省略しました（件数は集計に含まれます）"),
            "表示された指摘を直してから再度チェックするか、シートを複数に分けてください".to_string(),
        ),
    }
}

/// `segment.malformed`: a segment with arrows that names no hop (`a -> b -> c`, `-> x`).
pub(crate) fn segment_malformed(
    lang: Lang,
    line: usize,
    segment: &str,
    what: crate::check::Malformed,
) -> (String, String) {
    use crate::check::Malformed;
    match lang {
        Lang::En => {
            let problem = match what {
                Malformed::Arrows(n) => format!("has {n} arrows"),
                Malformed::NoCaller => "has no caller before its arrow".to_string(),
                Malformed::NoCallee => "has no callee after its arrow".to_string(),
                Malformed::NoEnds => "is an arrow alone".to_string(),
            };
            (
                format!("row {line}: segment `{segment}` {problem}; a hop names one caller and one callee: `a -> b`"),
                match what {
                    Malformed::Arrows(_) => "write one hop per row (`a -> b` on one row, `b -> c` on another), or a node's name alone without an arrow".to_string(),
                    Malformed::NoCaller => "write the caller before the arrow, or a node's name alone without an arrow".to_string(),
                    Malformed::NoCallee => "write the callee after the arrow, or a node's name alone without an arrow".to_string(),
                    Malformed::NoEnds => "write the caller and the callee around the arrow, e.g. `app -> db`".to_string(),
                },
            )
        }
        Lang::Ja => {
            let problem = match what {
                Malformed::Arrows(n) => format!("には矢印が{n}つあります"),
                Malformed::NoCaller => "には矢印の前に呼ぶ側がありません".to_string(),
                Malformed::NoCallee => "には矢印の後に呼ばれる側がありません".to_string(),
                Malformed::NoEnds => "は矢印だけです".to_string(),
            };
            (
                format!("{line}行目：区間「{segment}」{problem}。ホップは呼ぶ側と呼ばれる側を1つずつ書きます（例：`a -> b`）"),
                match what {
                    Malformed::Arrows(_) => "1行に1つのホップを書いてください（`a -> b` と `b -> c` は別の行に）。ノードなら矢印なしで名前だけを書きます".to_string(),
                    Malformed::NoCaller => "矢印の前に呼ぶ側を書くか、ノードなら矢印なしで名前だけを書いてください".to_string(),
                    Malformed::NoCallee => "矢印の後に呼ばれる側を書くか、ノードなら矢印なしで名前だけを書いてください".to_string(),
                    Malformed::NoEnds => "矢印の前後に呼ぶ側と呼ばれる側を書いてください（例：`app -> db`）".to_string(),
                },
            )
        }
    }
}

/// `graph.cycle`: the calls form a cycle, named as `a → b → a`.
pub(crate) fn graph_cycle(lang: Lang, cycle: &str) -> (String, String) {
    match lang {
        Lang::En => (
            format!("{cycle}: the calls form a cycle: a request may come back to a node that is still waiting for it, so a retry there recurses and no worst case along the cycle is final"),
            "break the cycle (a callback usually goes through a queue, or to a separate endpoint with its own deadline), or propagate the deadline so that each call gets only the time left".to_string(),
        ),
        Lang::Ja => (
            format!("{cycle}：呼び出しが循環しています。リクエストが応答を待っているノードに戻ってくることがあり、そこでのリトライは再帰し、循環上の最悪時間は確定しません"),
            "循環を断ってください（コールバックはキューか、独自の期限を持つ別のエンドポイントを通すのが普通です）。または期限を伝播して、各呼び出しが残り時間だけを使うようにしてください".to_string(),
        ),
    }
}

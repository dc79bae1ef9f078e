//! The findings of reading a row: values that cannot be read or take no unit, route groups, defaults applied, and waits assumed or dropped.

use crate::display::{duration, quoted};

use super::shared::push_count;
use crate::sheet::Lang;

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
    let (w, t) = (quoted(lang, word), quoted(lang, text));
    let problem = match (lang, word.is_empty(), word == text) {
        (Lang::En, true, _) => format!("{t} names no retry condition"),
        (Lang::En, false, true) => format!("{w} is not a retry condition"),
        (Lang::En, false, false) => format!("{w} is not a retry condition, so {t} cannot be read"),
        (Lang::Ja, true, _) => format!("{t}に再試行の条件がありません"),
        (Lang::Ja, false, true) => format!("{w}は再試行の条件ではありません"),
        (Lang::Ja, false, false) => format!("{w}は再試行の条件ではないため、{t}を読めません"),
    };
    let message = match lang {
        Lang::En => {
            format!("row {line}: {problem}; the hop's retries are counted as whole tries")
        }
        Lang::Ja => {
            format!("{line}行目：{problem}。この区間の再試行は試行全体の繰り返しとして数えます")
        }
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

/// The fix of `value.unit_from_catalog` (a bare number read in the catalog's unit): write
/// `text` with `unit`, or with the other unit. Its message is [`unit_from_catalog_message`].
pub(crate) fn unit_from_catalog_fix(lang: Lang, text: &str, unit: &str) -> String {
    let t = text.trim();
    let other = if unit == "s" { "ms" } else { "s" };
    match lang {
        Lang::En => [
            "write the unit: ",
            t,
            unit,
            " if that is meant, else the unit you mean (e.g. ",
            t,
            other,
            ")",
        ]
        .concat(),
        Lang::Ja => [
            "単位を書いてください。そのつもりなら",
            t,
            unit,
            "、違うなら意図した単位で（例：",
            t,
            other,
            "）",
        ]
        .concat(),
    }
}

/// The message of `value.unit_from_catalog`, which many rows' notes show: `row 12: 30 has no
/// unit; nginx reads a bare proxy_read_timeout in s`. Written piece by piece into one string
/// of the right size, without the formatting machinery.
pub(crate) fn unit_from_catalog_message(
    lang: Lang,
    line: usize,
    text: &str,
    product: &str,
    setting: &str,
    unit: &str,
) -> String {
    let t = text.trim();
    let (before, after): (&str, [&str; 9]) = match lang {
        Lang::En => (
            "row ",
            [
                ": ",
                t,
                " has no unit; ",
                product,
                " reads a bare ",
                setting,
                " in ",
                unit,
                "",
            ],
        ),
        Lang::Ja => (
            "",
            [
                "行目：",
                t,
                "に単位がありません。",
                product,
                "の",
                setting,
                "は単位なしの数を",
                unit,
                "として読みます",
            ],
        ),
    };
    // The line takes at most 20 digits.
    let mut out =
        String::with_capacity(before.len() + 20 + after.iter().map(|p| p.len()).sum::<usize>());
    out.push_str(before);
    push_count(&mut out, line as u64);
    for piece in after {
        out.push_str(piece);
    }
    out
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
    let message = match (lang, from) {
        (Lang::En, None) => format!("row {line}: no value set; the default column's {used} applies"),
        (Lang::En, Some((setting, product))) => format!("row {line}: no value set; {product}'s documented default for {setting}, {used}, applies{remark}"),
        (Lang::Ja, None) => format!("{line}行目：設定値がないため、既定値の列の{used}を使います"),
        (Lang::Ja, Some((setting, product))) => format!("{line}行目：設定値がないため、{product}の{setting}の既定値{used}を使います{remark}"),
    };
    let fix = match lang {
        Lang::En => "write the value in effect in the value column",
        Lang::Ja => "実際の値を設定値の列に書いてください",
    };
    (message, fix.to_string())
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
    let remark = &provenance.remark(lang);
    // Each hop of a sheet may say it: its pieces are copied into one string of their length.
    match lang {
        Lang::En => (
            [
                segment,
                ": no connect timeout documented; ",
                product,
                "'s documented default for ",
                setting,
                ", ",
                used,
                ", applies",
                remark,
            ]
            .concat(),
            ["document ", setting, " on ", segment].concat(),
        ),
        Lang::Ja => (
            [
                segment,
                "：接続タイムアウトの記載がないため、",
                product,
                "の",
                setting,
                "の既定値",
                used,
                "を使います",
                remark,
            ]
            .concat(),
            [segment, " に", setting, "を記載してください"].concat(),
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

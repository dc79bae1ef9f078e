//! The findings about the sheet's shape: tries nested too deep, findings left out, a segment that cannot be read, and calls in a cycle.

use crate::sheet::Lang;

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
    let problem = match (lang, what) {
        (Lang::En, Malformed::Arrows(n)) => format!("has {n} arrows"),
        (Lang::En, Malformed::NoCaller) => "has no caller before its arrow".to_string(),
        (Lang::En, Malformed::NoCallee) => "has no callee after its arrow".to_string(),
        (Lang::En, Malformed::NoEnds) => "is an arrow alone".to_string(),
        (Lang::Ja, Malformed::Arrows(n)) => format!("には矢印が{n}つあります"),
        (Lang::Ja, Malformed::NoCaller) => "には矢印の前に呼ぶ側がありません".to_string(),
        (Lang::Ja, Malformed::NoCallee) => "には矢印の後に呼ばれる側がありません".to_string(),
        (Lang::Ja, Malformed::NoEnds) => "は矢印だけです".to_string(),
    };
    let fix = match (lang, what) {
        (Lang::En, Malformed::Arrows(_)) => "write one hop per row (`a -> b` on one row, `b -> c` on another), or a node's name alone without an arrow",
        (Lang::En, Malformed::NoCaller) => "write the caller before the arrow, or a node's name alone without an arrow",
        (Lang::En, Malformed::NoCallee) => "write the callee after the arrow, or a node's name alone without an arrow",
        (Lang::En, Malformed::NoEnds) => "write the caller and the callee around the arrow, e.g. `app -> db`",
        (Lang::Ja, Malformed::Arrows(_)) => "1行に1つのホップを書いてください（`a -> b` と `b -> c` は別の行に）。ノードなら矢印なしで名前だけを書きます",
        (Lang::Ja, Malformed::NoCaller) => "矢印の前に呼ぶ側を書くか、ノードなら矢印なしで名前だけを書いてください",
        (Lang::Ja, Malformed::NoCallee) => "矢印の後に呼ばれる側を書くか、ノードなら矢印なしで名前だけを書いてください",
        (Lang::Ja, Malformed::NoEnds) => "矢印の前後に呼ぶ側と呼ばれる側を書いてください（例：`app -> db`）",
    };
    let message = match lang {
        Lang::En => format!("row {line}: segment `{segment}` {problem}; a hop names one caller and one callee: `a -> b`"),
        Lang::Ja => format!("{line}行目：区間「{segment}」{problem}。ホップは呼ぶ側と呼ばれる側を1つずつ書きます（例：`a -> b`）"),
    };
    (message, fix.to_string())
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

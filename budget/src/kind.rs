//! Row kinds (`budget-model.md` §2): what a row means in the budget, derived from its item
//! text and, failing that, from its setting through the catalog.

use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, AhoCorasickKind};
use serde::{Deserialize, Serialize};

/// What a row means in the budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Bound on establishing the connection, per try.
    Connect,
    /// An interval between two reads, not a total.
    Read,
    /// An interval between writes; shown, not summed.
    Send,
    /// Total bound on one try.
    Attempt,
    /// A database's per-try bound (acts like `Attempt`).
    Statement,
    /// Contained in `Statement`; not summed.
    Lock,
    /// On a node: its budget per request. On a hop: the caller's bound on the whole call.
    Deadline,
    /// Number of tries and the waits between them.
    Tries,
    /// The failures that start another try (`connect-failure, timeout`, `budget-model.md`
    /// §4.1): whether a retry repeats the whole try or only its early phase.
    RetryOn,
    /// Idle connection lifetime on one side of a hop; shown, not summed.
    Idle,
    /// A database's idle-in-transaction bound; shown, not summed.
    IdleInTx,
    /// The node's own work per request.
    Own,
    /// Overrides the sheet margin for this node or hop.
    Margin,
    /// Whether retrying the call is safe: `idempotent`, `non-idempotent`, `idempotency key`.
    Idempotency,
    /// Whether the node cuts each try to the time left of its deadline (`yes`/`no`).
    Propagation,
    /// A parallel group: hops from one caller in the same group run at once.
    Parallel,
    /// A route group: hops from one caller in the same group are alternatives, each request
    /// takes exactly one of them (a gateway's or proxy's routes, `budget-model.md` §4.2).
    Routes,
    /// How many upstream targets a proxy tries in turn.
    Upstreams,
    /// No new try starts after this time from the first (`proxy_next_upstream_timeout`).
    RetryWindow,
    /// Time a request waits before the callee's own clock starts.
    Queueing,
    /// A queue redelivers a job not finished by then (`VisibilityTimeout`, `retry_after`).
    Visibility,
    /// Anything else: kept and shown, not used in numbers.
    Other,
}

impl Kind {
    /// The name used in the report (`"connect"`, `"idle_in_tx"`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Connect => "connect",
            Kind::Read => "read",
            Kind::Send => "send",
            Kind::Attempt => "attempt",
            Kind::Statement => "statement",
            Kind::Lock => "lock",
            Kind::Deadline => "deadline",
            Kind::Tries => "tries",
            Kind::RetryOn => "retry_on",
            Kind::Idle => "idle",
            Kind::IdleInTx => "idle_in_tx",
            Kind::Own => "own",
            Kind::Margin => "margin",
            Kind::Idempotency => "idempotency",
            Kind::Propagation => "propagation",
            Kind::Parallel => "parallel",
            Kind::Routes => "routes",
            Kind::Upstreams => "upstreams",
            Kind::RetryWindow => "retry_window",
            Kind::Queueing => "queueing",
            Kind::Visibility => "visibility",
            Kind::Other => "other",
        }
    }

    /// The kind's name as a term of a formula, in the sheet's language: `connect` / `接続`,
    /// `own` / `自分の処理`.
    pub fn term_name(self, lang: crate::Lang) -> &'static str {
        use crate::Lang::{En, Ja};
        match (self, lang) {
            (Kind::Connect, En) => "connect",
            (Kind::Connect, Ja) => "接続",
            (Kind::Read, En) => "read",
            (Kind::Read, Ja) => "読み取り",
            (Kind::Send, En) => "send",
            (Kind::Send, Ja) => "送信",
            (Kind::Attempt, En) => "per-try timeout",
            (Kind::Attempt, Ja) => "1回の上限",
            (Kind::Statement, En) => "statement",
            (Kind::Statement, Ja) => "文の上限",
            (Kind::Lock, En) => "lock",
            (Kind::Lock, Ja) => "ロック待ち",
            (Kind::Deadline, En) => "deadline",
            (Kind::Deadline, Ja) => "期限",
            (Kind::Tries, En) => "tries",
            (Kind::Tries, Ja) => "試行",
            (Kind::RetryOn, En) => "retry conditions",
            (Kind::RetryOn, Ja) => "再試行の条件",
            (Kind::Idle, En) => "idle",
            (Kind::Idle, Ja) => "アイドル",
            (Kind::IdleInTx, En) => "idle in transaction",
            (Kind::IdleInTx, Ja) => "トランザクション中の無通信",
            (Kind::Own, En) => "own",
            (Kind::Own, Ja) => "自分の処理",
            (Kind::Margin, En) => "margin",
            (Kind::Margin, Ja) => "余裕",
            (Kind::Idempotency, En) => "idempotency",
            (Kind::Idempotency, Ja) => "冪等性",
            (Kind::Propagation, En) => "deadline propagation",
            (Kind::Propagation, Ja) => "期限の伝播",
            (Kind::Parallel, En) => "parallel group",
            (Kind::Parallel, Ja) => "並列グループ",
            (Kind::Routes, En) => "route group",
            (Kind::Routes, Ja) => "経路グループ",
            (Kind::Upstreams, En) => "upstreams",
            (Kind::Upstreams, Ja) => "上流サーバー",
            (Kind::RetryWindow, En) => "retry window",
            (Kind::RetryWindow, Ja) => "再試行の打ち切り",
            (Kind::Queueing, En) => "queueing",
            (Kind::Queueing, Ja) => "待ち行列",
            (Kind::Visibility, En) => "visibility timeout",
            (Kind::Visibility, Ja) => "可視性タイムアウト",
            (Kind::Other, En) => "other",
            (Kind::Other, Ja) => "その他",
        }
    }

    /// The item a sheet writes for a row of this kind, in the sheet's language, as the
    /// fixtures do: `read timeout` / `読み取りタイムアウト`, `tries and waits` /
    /// `試行回数と待機`. [`Kind::from_item`] reads each back as its kind; [`Kind::Other`] has
    /// none (empty).
    pub fn item(self, lang: crate::Lang) -> &'static str {
        use crate::Lang::{En, Ja};
        match (self, lang) {
            (Kind::Connect, En) => "connect timeout",
            (Kind::Connect, Ja) => "接続タイムアウト",
            (Kind::Read, En) => "read timeout",
            (Kind::Read, Ja) => "読み取りタイムアウト",
            (Kind::Send, En) => "send timeout",
            (Kind::Send, Ja) => "送信タイムアウト",
            (Kind::Attempt, En) => "per-try timeout",
            (Kind::Attempt, Ja) => "1回の上限",
            (Kind::Statement, En) => "statement timeout",
            (Kind::Statement, Ja) => "文の実行時間の上限",
            (Kind::Lock, En) => "lock timeout",
            (Kind::Lock, Ja) => "ロック待ちの上限",
            (Kind::Deadline, En) => "overall deadline",
            (Kind::Deadline, Ja) => "全体期限",
            (Kind::Tries, En) => "tries and waits",
            (Kind::Tries, Ja) => "試行回数と待機",
            (Kind::Idle, En) => "keep-alive timeout",
            (Kind::Idle, Ja) => "キープアライブのタイムアウト",
            (Kind::IdleInTx, En) => "idle in transaction timeout",
            (Kind::IdleInTx, Ja) => "トランザクション中の無通信",
            (Kind::Own, En) => "own processing time",
            (Kind::Own, Ja) => "自分の処理時間",
            (Kind::Upstreams, En) => "upstream servers",
            (Kind::Upstreams, Ja) => "上流サーバー数",
            (Kind::RetryWindow, En) => "retry window",
            (Kind::RetryWindow, Ja) => "再試行の打ち切り時間",
            (Kind::Queueing, En) => "queueing time",
            (Kind::Queueing, Ja) => "待ち行列の時間",
            // These kinds' items are the names they have in a formula.
            (
                Kind::RetryOn
                | Kind::Margin
                | Kind::Idempotency
                | Kind::Propagation
                | Kind::Parallel
                | Kind::Routes
                | Kind::Visibility,
                _,
            ) => self.term_name(lang),
            (Kind::Other, _) => "",
        }
    }

    /// Every kind, in the order of `budget-model.md` §2.
    pub const ALL: [Kind; 22] = [
        Kind::Connect,
        Kind::Read,
        Kind::Send,
        Kind::Attempt,
        Kind::Statement,
        Kind::Lock,
        Kind::Deadline,
        Kind::Tries,
        Kind::RetryOn,
        Kind::Idle,
        Kind::IdleInTx,
        Kind::Own,
        Kind::Margin,
        Kind::Idempotency,
        Kind::Propagation,
        Kind::Parallel,
        Kind::Routes,
        Kind::Upstreams,
        Kind::RetryWindow,
        Kind::Queueing,
        Kind::Visibility,
        Kind::Other,
    ];

    /// The kind a report name names (`"connect"`, `"retry_window"`); `None` for anything else.
    pub fn from_name(name: &str) -> Option<Kind> {
        let name = name.trim();
        Kind::ALL.into_iter().find(|k| k.as_str() == name)
    }

    /// Whether a row of this kind bounds a hop by itself (`budget-model.md` §4).
    pub fn is_time_bound(self) -> bool {
        matches!(
            self,
            Kind::Connect
                | Kind::Read
                | Kind::Attempt
                | Kind::Statement
                | Kind::Deadline
                | Kind::Visibility
                | Kind::RetryWindow
        )
    }

    /// Whether the row's value is a duration (as opposed to tries, or free text).
    pub fn is_duration(self) -> bool {
        !matches!(
            self,
            Kind::Tries
                | Kind::RetryOn
                | Kind::Other
                | Kind::Idempotency
                | Kind::Propagation
                | Kind::Parallel
                | Kind::Routes
                | Kind::Upstreams
        )
    }

    /// The kind an item text names, or `None` when it names none of them.
    ///
    /// Matching is by substring, case-insensitive, Japanese or English, most specific first:
    /// `idle in transaction` before `idle`, `per-try timeout` before `tries`.
    ///
    /// ```
    /// use budget::Kind;
    /// assert_eq!(Kind::from_item("読み取りタイムアウト"), Some(Kind::Read));
    /// assert_eq!(Kind::from_item("Tries and waits"), Some(Kind::Tries));
    /// assert_eq!(Kind::from_item("per-try timeout"), Some(Kind::Attempt));
    /// assert_eq!(Kind::from_item("notes"), None);
    /// ```
    pub fn from_item(item: &str) -> Option<Kind> {
        static WORDS: LazyLock<Words> = LazyLock::new(|| Words::new(ITEM_WORDS));
        WORDS.first(item)
    }
}

/// The words of each kind in an item, most specific kind first ([`Kind::from_item`]). All in
/// lower case: the match ignores case.
const ITEM_WORDS: &[(Kind, &[&str])] = &[
    // nginx's tries and retry-window settings, before its conditions setting, whose name
    // both contain.
    (Kind::Tries, &["next_upstream_tries"]),
    (Kind::RetryWindow, &["next_upstream_timeout"]),
    (
        Kind::RetryOn,
        &[
            "retry on",
            "retry_on",
            "retry-on",
            "retryon",
            "retry condition",
            "proxy_next_upstream",
            "再試行の条件",
            "再試行条件",
            "リトライ条件",
            "リトライの条件",
        ],
    ),
    (Kind::Idempotency, &["idempoten", "冪等"]),
    (Kind::Propagation, &["propagat", "期限の伝播", "伝播"]),
    (Kind::Parallel, &["parallel", "並列"]),
    (
        Kind::Routes,
        &[
            "route group",
            "routes",
            "alternative",
            "経路グループ",
            "経路",
        ],
    ),
    (
        Kind::Visibility,
        &[
            "visibility",
            "retry_after",
            "retry after",
            "可視性",
            "再配信",
        ],
    ),
    (
        Kind::RetryWindow,
        &[
            "next-upstream timeout",
            "next_upstream_timeout",
            "retry window",
            "再試行の打ち切り",
            "リトライの打ち切り",
        ],
    ),
    (
        Kind::Upstreams,
        &["upstream server", "upstreams", "上流サーバー"],
    ),
    (
        Kind::Queueing,
        &[
            "queueing",
            "queuing",
            "queue time",
            "queue wait",
            "待ち行列",
        ],
    ),
    (
        Kind::IdleInTx,
        &[
            "idle in transaction",
            "idle_in_transaction",
            "idle-in-transaction",
            "トランザクション中の無通信",
            "トランザクション中のアイドル",
        ],
    ),
    (
        Kind::Idle,
        &[
            "idle",
            "keep-alive",
            "keepalive",
            "keep alive",
            "アイドル",
            "キープアライブ",
            "無通信",
        ],
    ),
    (Kind::Lock, &["lock", "ロック"]),
    (
        Kind::Statement,
        &["statement", "文の実行", "クエリの実行時間", "query timeout"],
    ),
    (
        Kind::Own,
        &[
            "own processing",
            "processing time",
            "own time",
            "自分の処理",
            "処理時間",
        ],
    ),
    (Kind::Margin, &["margin", "余裕"]),
    (
        Kind::Attempt,
        &[
            "per-try",
            "per try",
            "attempt timeout",
            "request timeout",
            "total timeout",
            "1回の上限",
            "1回あたり",
            "試行ごと",
        ],
    ),
    (Kind::Deadline, &["deadline", "期限", "overall"]),
    (Kind::Connect, &["connect", "接続"]),
    (Kind::Send, &["send", "write", "送信", "書き込み"]),
    (
        Kind::Read,
        &["read", "読み取り", "読み込み", "受信", "応答待ち"],
    ),
    (
        Kind::Tries,
        &[
            "tries",
            "try",
            "retries",
            "retry",
            "attempts",
            "試行",
            "リトライ",
            "再試行",
        ],
    ),
];

/// A table of kinds and their words, searched in one pass over an item: the kind of the
/// table's earliest entry with a word anywhere in the lower-cased item. An Aho–Corasick
/// automaton over every word finds all of them at once, in time linear in the item.
struct Words {
    automaton: AhoCorasick,
    /// The kind of each word, by the automaton's pattern id (the table's order).
    kinds: Vec<Kind>,
}

impl Words {
    fn new(table: &[(Kind, &[&str])]) -> Words {
        let kinds = table
            .iter()
            .flat_map(|(kind, words)| words.iter().map(|_| *kind))
            .collect();
        // A contiguous NFA, as the catalog's product words: built once per process in a
        // fraction of a DFA's time, and each item is searched once per sheet.
        let automaton = AhoCorasick::builder()
            .kind(Some(AhoCorasickKind::ContiguousNFA))
            .build(table.iter().flat_map(|(_, words)| words.iter()))
            .expect("a few hundred short words make a small automaton");
        Words { automaton, kinds }
    }

    /// The kind of the earliest table entry with a word in `item`, lower-cased.
    fn first(&self, item: &str) -> Option<Kind> {
        self.automaton
            .find_overlapping_iter(crate::duration::lowercase(item).as_ref())
            .map(|m| m.pattern().as_usize())
            .min()
            .map(|word| self.kinds[word])
    }
}

impl Kind {
    /// The kind a generic timeout item names, used only when neither the item's specific words
    /// ([`Kind::from_item`]) nor the catalog tell: `response timeout` and `socket timeout` are
    /// intervals between reads (`Read`), `handshake timeout` is part of connecting
    /// (`Connect`), and any other `timeout` / `タイムアウト` is a total bound on one try
    /// (`Attempt`), so that a documented timeout is never silently ignored.
    ///
    /// ```
    /// use budget::Kind;
    /// assert_eq!(Kind::from_generic_item("response timeout"), Some(Kind::Read));
    /// assert_eq!(Kind::from_generic_item("upstream timeout"), Some(Kind::Attempt));
    /// assert_eq!(Kind::from_generic_item("notes"), None);
    /// ```
    pub fn from_generic_item(item: &str) -> Option<Kind> {
        static WORDS: LazyLock<Words> = LazyLock::new(|| Words::new(GENERIC_WORDS));
        WORDS.first(item)
    }
}

/// The words of a generic timeout item ([`Kind::from_generic_item`]), the kind of each in
/// order of precedence.
const GENERIC_WORDS: &[(Kind, &[&str])] = &[
    (
        Kind::Read,
        &[
            "response timeout",
            "socket timeout",
            "応答タイムアウト",
            "ソケットタイムアウト",
        ],
    ),
    (Kind::Connect, &["handshake", "ハンドシェイク"]),
    (Kind::Attempt, &["timeout", "タイムアウト", "time out"]),
];

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::strategy::Strategy;

    #[test]
    fn every_item_of_the_fixtures_has_its_kind() {
        let cases = [
            ("全体期限", Kind::Deadline),
            ("接続タイムアウト", Kind::Connect),
            ("読み取りタイムアウト", Kind::Read),
            ("リクエスト全体の期限", Kind::Deadline),
            ("自分の処理時間", Kind::Own),
            ("試行回数と待機", Kind::Tries),
            ("文の実行時間の上限", Kind::Statement),
            ("ロック待ちの上限", Kind::Lock),
            ("トランザクション中の無通信", Kind::IdleInTx),
            ("overall deadline", Kind::Deadline),
            ("connect timeout", Kind::Connect),
            ("read timeout", Kind::Read),
            ("request deadline", Kind::Deadline),
            ("own processing time", Kind::Own),
            ("tries and waits", Kind::Tries),
            ("statement timeout", Kind::Statement),
            ("lock timeout", Kind::Lock),
            ("idle in transaction timeout", Kind::IdleInTx),
            ("keep-alive timeout", Kind::Idle),
            ("1回の上限", Kind::Attempt),
            ("send timeout", Kind::Send),
            ("margin", Kind::Margin),
            ("冪等性", Kind::Idempotency),
            ("idempotency", Kind::Idempotency),
            ("期限の伝播", Kind::Propagation),
            ("deadline propagation", Kind::Propagation),
            ("並列グループ", Kind::Parallel),
            ("parallel group", Kind::Parallel),
            ("経路グループ", Kind::Routes),
            ("route group", Kind::Routes),
            ("routes", Kind::Routes),
            ("上流サーバー数", Kind::Upstreams),
            ("upstream servers", Kind::Upstreams),
            ("再試行の打ち切り時間", Kind::RetryWindow),
            ("next-upstream timeout", Kind::RetryWindow),
            ("待ち行列の時間", Kind::Queueing),
            ("queueing time", Kind::Queueing),
            ("可視性タイムアウト", Kind::Visibility),
            ("visibility timeout", Kind::Visibility),
            ("retry_after", Kind::Visibility),
            ("retry on", Kind::RetryOn),
            ("再試行の条件", Kind::RetryOn),
            ("Retry conditions", Kind::RetryOn),
            ("retryOn", Kind::RetryOn),
            ("proxy_next_upstream", Kind::RetryOn),
            ("proxy_next_upstream_tries", Kind::Tries),
            ("proxy_next_upstream_timeout", Kind::RetryWindow),
        ];
        for (item, kind) in cases {
            assert_eq!(Kind::from_item(item), Some(kind), "{item}");
        }
    }

    #[test]
    fn every_kind_has_a_name_that_reads_back() {
        for kind in Kind::ALL {
            assert_eq!(Kind::from_name(kind.as_str()), Some(kind));
        }
        assert_eq!(Kind::from_name("nonsense"), None);
    }

    #[test]
    fn every_kind_has_an_item_that_reads_back_in_both_languages() {
        for kind in Kind::ALL.into_iter().filter(|k| *k != Kind::Other) {
            for lang in [crate::Lang::En, crate::Lang::Ja] {
                assert_eq!(
                    Kind::from_item(kind.item(lang)),
                    Some(kind),
                    "{kind:?} {lang:?}"
                );
            }
        }
        assert_eq!(Kind::Other.item(crate::Lang::Ja), "");
    }

    #[test]
    fn an_item_naming_no_kind_is_none() {
        assert_eq!(Kind::from_item("owner"), None);
        assert_eq!(Kind::from_item(""), None);
    }

    /// The table searched the plain way, one substring search per word, on the lower-cased
    /// item: what the automaton must agree with.
    fn scan(table: &[(Kind, &[&str])], item: &str) -> Option<Kind> {
        let item = item.to_lowercase();
        table
            .iter()
            .find(|(_, words)| words.iter().any(|w| item.contains(w)))
            .map(|(kind, _)| *kind)
    }

    #[test]
    fn case_is_ignored_in_every_script() {
        assert_eq!(Kind::from_item("READ TIMEOUT"), Some(Kind::Read));
        assert_eq!(Kind::from_item("Idle In Transaction"), Some(Kind::IdleInTx));
        // The Kelvin sign lowers to `k`: "LOC\u{212A}" reads as "lock".
        assert_eq!(Kind::from_item("LOC\u{212A} wait"), Some(Kind::Lock));
        assert_eq!(
            Kind::from_generic_item("Upstream TIMEOUT"),
            Some(Kind::Attempt)
        );
    }

    proptest::proptest! {
        /// Items made of the table's words, their upper-case forms and other text.
        #[test]
        fn the_automaton_finds_what_a_scan_finds(
            parts in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::sample::select(
                        ITEM_WORDS.iter().chain(GENERIC_WORDS).flat_map(|(_, w)| w.iter().copied()).collect::<Vec<_>>()
                    ).prop_map(str::to_string),
                    proptest::sample::select(
                        ITEM_WORDS.iter().flat_map(|(_, w)| w.iter().copied()).collect::<Vec<_>>()
                    ).prop_map(|w| w.to_uppercase()),
                    "[ a-zA-Z\\-_時間上限\u{212A}İ]{0,6}",
                ],
                0..5,
            )
        ) {
            let item = parts.concat();
            proptest::prop_assert_eq!(Kind::from_item(&item), scan(ITEM_WORDS, &item), "{:?}", item);
            proptest::prop_assert_eq!(
                Kind::from_generic_item(&item),
                scan(GENERIC_WORDS, &item),
                "{:?}",
                item
            );
        }
    }
}

//! Building the rows the importers write.

use budget::{Kind, Lang, Row};

/// The rationale of a row whose value is a template placeholder the importer cannot resolve.
pub(crate) const UNRESOLVED_TEMPLATE: &str = "unresolved: template";

/// Whether `text` holds a template placeholder: Go templates and Helm (`{{ .Values.x }}`) or
/// shell and envsubst variables (`${TIMEOUT}`).
pub(crate) fn is_template(text: &str) -> bool {
    text.contains("{{") || text.contains("${")
}

/// A row of `kind` on `segment`: the item is the kind's item name in `lang` (`other` for a
/// setting the engine shows but does not count), so the engine reads the row's kind from it
/// whatever the setting is called.
pub(crate) fn row(
    lang: Lang,
    layer: &str,
    segment: &str,
    kind: Kind,
    setting: &str,
    value: &str,
    location: String,
) -> Row {
    Row {
        layer: layer.to_owned(),
        segment: segment.to_owned(),
        item: match kind.item(lang) {
            "" => kind.term_name(lang).to_owned(),
            item => item.to_owned(),
        },
        setting: setting.to_owned(),
        default: String::new(),
        value: value.to_owned(),
        location,
        rationale: if is_template(value) {
            UNRESOLVED_TEMPLATE.to_owned()
        } else {
            String::new()
        },
    }
}

/// A route group row on `segment`: the hop is one of the alternatives of the entry point
/// `group` (its routes, paths or backends), at `location`; `rationale` says which alternatives
/// they are, in the sheet's language.
pub(crate) fn route_group(
    lang: Lang,
    layer: &str,
    segment: &str,
    group: &str,
    location: String,
    rationale: String,
) -> Row {
    Row {
        rationale,
        ..row(lang, layer, segment, Kind::Routes, "", group, location)
    }
}

/// What a rationale says, in the sheet's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Say<'a> {
    /// The paths of one Ingress are one route group.
    IngressRoutes,
    /// The http routes of one VirtualService are one route group.
    VirtualServiceRoutes,
    /// The rules of one HTTPRoute are one route group.
    HttpRouteRules,
    /// An ingress-nginx timeout annotation read as whole seconds.
    WholeSeconds,
    /// An ingress-nginx timeout annotation written with other text: the controller ignores it.
    Ignored {
        /// The text as written.
        written: &'a str,
        /// The default that applies instead.
        default: &'a str,
    },
    /// No `proxy-read-timeout`: ingress-nginx's default applies.
    ReadDefault {
        /// The default.
        default: &'a str,
    },
    /// Istio's `attempts` count retries.
    IstioAttempts,
    /// An Istio route without `retries`: Istio's default retries apply.
    IstioDefaultRetries,
    /// A DestinationRule's `maxRetries` is a connection-pool limit.
    MaxRetriesIsALimit,
    /// Gateway API's `attempts` count retries.
    GatewayAttempts,
    /// Gateway API's `0s` switches a timeout off.
    ZeroIsOff,
    /// A Node.js image's server keeps idle connections open for its default only.
    NodeKeepAlive {
        /// The default.
        default: &'a str,
    },
}

impl Say<'_> {
    /// The sentence in `lang`.
    pub(crate) fn text(&self, lang: Lang) -> String {
        let ja = lang == Lang::Ja;
        match self {
            Say::IngressRoutes if ja => "1つの Ingress のパスは択一: 各リクエストはそのうち1つを通る".into(),
            Say::IngressRoutes => "the paths of one Ingress are alternatives: each request takes one of them".into(),
            Say::VirtualServiceRoutes if ja => "1つの VirtualService の http ルートは択一: 各リクエストはそのうち1つを通る".into(),
            Say::VirtualServiceRoutes => "the http routes of one VirtualService are alternatives: each request takes one of them".into(),
            Say::HttpRouteRules if ja => "1つの HTTPRoute のルールは択一: 各リクエストはそのうち1つを通る".into(),
            Say::HttpRouteRules => "the rules of one HTTPRoute are alternatives: each request takes one of them".into(),
            Say::WholeSeconds if ja => "ingress-nginx はこの注釈を単位なしの秒数として読む".into(),
            Say::WholeSeconds => "ingress-nginx reads this annotation as whole seconds".into(),
            Say::Ignored { written, default } if ja => format!(
                "`{written}` と書かれている: ingress-nginx はこの注釈を単位なしの整数の秒数としてだけ読み、それ以外は無視するので、既定値 {default} が適用される"
            ),
            Say::Ignored { written, default } => format!(
                "written `{written}`: ingress-nginx reads this annotation as whole seconds without a unit and ignores any other text, so its default {default} applies instead"
            ),
            Say::ReadDefault { default } if ja => format!(
                "未設定: ingress-nginx はサービスからの2回の読み取りの間を既定で {default} 待つ"
            ),
            Say::ReadDefault { default } => format!(
                "not set: ingress-nginx waits {default} between two reads from the service by default"
            ),
            Say::IstioAttempts if ja => "Istio の attempts は最初の試行の後の再試行の回数".into(),
            Say::IstioAttempts => "Istio's attempts are retries after the first try".into(),
            Say::IstioDefaultRetries if ja => "未設定: Istio は既定でルートを2回再試行する（connect-failure, refused-stream, unavailable, cancelled, retriable-status-codes）".into(),
            Say::IstioDefaultRetries => "not set: Istio retries a route 2 times by default (connect-failure, refused-stream, unavailable, cancelled, retriable-status-codes)".into(),
            Say::MaxRetriesIsALimit if ja => "再試行の回数ではなくコネクションプールの上限: すべてのリクエストを合わせて、このホストへ同時に未完了でいられる再試行の数".into(),
            Say::MaxRetriesIsALimit => "a connection-pool limit, not a retry count: at most this many retries may be outstanding to the host at once, across all requests".into(),
            Say::GatewayAttempts if ja => "Gateway API の attempts は最初の試行の後の再試行の回数".into(),
            Say::GatewayAttempts => "Gateway API's attempts are retries after the first try".into(),
            Say::ZeroIsOff if ja => "`0s` はこのタイムアウトを無効にする（Gateway API）: 上限なし".into(),
            Say::ZeroIsOff => "`0s` switches this timeout off (Gateway API): no bound".into(),
            Say::NodeKeepAlive { default } if ja => format!(
                "Node.js のイメージ: 設定ファイルには書かれていない（アプリのコードで設定しうる）。Node.js は既定で、アイドルの keep-alive 接続を {default} で閉じる"
            ),
            Say::NodeKeepAlive { default } => format!(
                "a Node.js image: no file read sets it (the app's code may); Node.js closes an idle keep-alive connection after {default} by default"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_are_recognised() {
        for (text, template) in [
            ("{{ .Values.timeout }}", true),
            ("${TIMEOUT}s", true),
            ("30s", false),
            ("$30", false),
        ] {
            assert_eq!(is_template(text), template, "{text}");
        }
    }

    #[test]
    fn a_template_value_is_kept_as_written_and_said_unresolved() {
        let at = || "f:1 s".to_owned();
        let r = row(
            Lang::En,
            "l",
            "a -> b",
            Kind::Read,
            "x",
            "{{ .Values.t }}",
            at(),
        );
        assert_eq!(r.value, "{{ .Values.t }}");
        assert_eq!(r.rationale, "unresolved: template");
        assert_eq!(r.item, "read timeout");
        // A Japanese sheet gets Japanese items; the unresolved marker stays as it is, so a
        // tool finds it in either language.
        let r = row(Lang::Ja, "l", "a -> b", Kind::Read, "x", "${T}", at());
        assert_eq!(
            (r.item.as_str(), r.rationale.as_str()),
            ("読み取りタイムアウト", "unresolved: template")
        );
    }
}

#[cfg(test)]
mod say_tests {
    use super::*;
    use crate::testing::assert_said_in_both;

    #[test]
    fn every_sentence_is_said_in_both_languages() {
        let all = [
            Say::IngressRoutes,
            Say::VirtualServiceRoutes,
            Say::HttpRouteRules,
            Say::WholeSeconds,
            Say::Ignored {
                written: "30s",
                default: "60s",
            },
            Say::ReadDefault { default: "60s" },
            Say::IstioAttempts,
            Say::IstioDefaultRetries,
            Say::MaxRetriesIsALimit,
            Say::GatewayAttempts,
            Say::ZeroIsOff,
            Say::NodeKeepAlive { default: "5000ms" },
        ];
        assert_said_in_both(&all, Say::text);
        assert_eq!(
            Say::Ignored { written: "30s", default: "60s" }.text(Lang::Ja),
            "`30s` と書かれている: ingress-nginx はこの注釈を単位なしの整数の秒数としてだけ読み、それ以外は無視するので、既定値 60s が適用される"
        );
    }
}

//! The rationales the nginx importer writes, in the sheet's language.

use budget::Lang;

/// What an nginx row's rationale says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Say<'a> {
    /// The passing locations of one server are one route group.
    Locations,
    /// The value is inherited from an enclosing block (`None`: the top level).
    Inherited {
        /// The block, as the selector names it (`http`, `server api.example.com`).
        from: Option<&'a str>,
    },
    /// No read timeout in the location or any enclosing block: nginx's default applies.
    ReadDefault {
        /// The module's read timeout directive (`proxy_read_timeout`).
        setting: &'a str,
        /// The default, from the catalog.
        default: &'a str,
    },
    /// The `server` lines of an upstream are the servers a failed try goes on to.
    UpstreamServers {
        /// The upstream's name.
        upstream: &'a str,
        /// The servers as written, `; `-separated.
        servers: &'a str,
        /// The module's next-upstream directive (`proxy_next_upstream`).
        next: &'a str,
    },
    /// `keepalive_timeout`'s second parameter is the header, not the timeout.
    KeepAliveHeader {
        /// The second parameter as written.
        header: &'a str,
    },
    /// A module's setting that no passing location inherits.
    NotPassed {
        /// The module's pass directive (`proxy_pass`).
        pass: &'a str,
    },
    /// A client-side setting outside every `server` block that no server inherits.
    NoServer,
    /// A setting of an upstream no location passes requests to.
    UpstreamUnused,
}

impl Say<'_> {
    /// The sentence in `lang`.
    pub(crate) fn text(&self, lang: Lang) -> String {
        let ja = lang == Lang::Ja;
        match self {
            Say::Locations if ja => "1つの nginx server の location は択一: 各リクエストはそのうち1つを通る".into(),
            Say::Locations => "the locations of one nginx server are alternatives: each request takes one of them".into(),
            Say::Inherited { from: Some(block) } if ja => format!("`{block}` から継承: このブロック自身には設定がない"),
            Say::Inherited { from: Some(block) } => format!("inherited from `{block}`: this block sets no value of its own"),
            Say::Inherited { from: None } if ja => "設定ファイルの最上位から継承: このブロック自身には設定がない".into(),
            Say::Inherited { from: None } => "inherited from the configuration's top level: this block sets no value of its own".into(),
            Say::ReadDefault { setting, default } if ja => format!(
                "未設定: この location にもそれを囲むブロックにも {setting} がないので、nginx はサーバーからの2回の読み取りの間を既定で {default} 待つ"
            ),
            Say::ReadDefault { setting, default } => format!(
                "not set: no {setting} in this location or any block around it, so nginx waits {default} between two reads from the server by default"
            ),
            Say::UpstreamServers { upstream, servers, next } if ja => format!(
                "upstream {upstream} の server 行（{servers}）: 失敗した試行は次のサーバーへ渡される（{next}）。複数のアドレスに解決される名前はアドレスごとに1台と数えられる"
            ),
            Say::UpstreamServers { upstream, servers, next } => format!(
                "the server lines of upstream {upstream} ({servers}): a failed try goes on to the next server ({next}); a name that resolves to several addresses is one server per address to nginx"
            ),
            Say::KeepAliveHeader { header } if ja => format!(
                "2つ目の引数 `{header}` はクライアントに送る `Keep-Alive: timeout=` ヘッダーの値: タイムアウトは1つ目の引数"
            ),
            Say::KeepAliveHeader { header } => format!(
                "the second parameter `{header}` is the `Keep-Alive: timeout=` header sent to clients: the timeout is the first"
            ),
            Say::NotPassed { pass } if ja => format!(
                "この行を継承する location はどれもリクエストを {pass} で渡さないので、この設定はどの呼び出しも制限しない。名前付き location へ渡されたリクエスト（`try_files ... @name`）はそちらの設定に従う"
            ),
            Say::NotPassed { pass } => format!(
                "no location that inherits this line passes requests with {pass}, so it bounds no call; a request handed on to a named location (`try_files ... @name`) takes that location's settings, not this block's"
            ),
            Say::NoServer if ja => "この行を継承する server ブロックがないので、この設定はどの接続にも適用されない".into(),
            Say::NoServer => "no server block inherits this line, so it applies to no connection".into(),
            Say::UpstreamUnused if ja => "この upstream へリクエストを渡す location がないので、この設定はどの接続にも適用されない".into(),
            Say::UpstreamUnused => "no location passes requests to this upstream, so it applies to no connection".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::assert_said_in_both;

    #[test]
    fn every_sentence_is_said_in_both_languages() {
        let all = [
            Say::Locations,
            Say::Inherited { from: Some("http") },
            Say::Inherited { from: None },
            Say::ReadDefault {
                setting: "proxy_read_timeout",
                default: "60s",
            },
            Say::UpstreamServers {
                upstream: "backend",
                servers: "web:9000",
                next: "proxy_next_upstream",
            },
            Say::KeepAliveHeader { header: "60s" },
            Say::NotPassed { pass: "proxy_pass" },
            Say::NoServer,
            Say::UpstreamUnused,
        ];
        assert_said_in_both(&all, Say::text);
        assert_eq!(
            Say::Inherited { from: Some("http") }.text(Lang::Ja),
            "`http` から継承: このブロック自身には設定がない"
        );
    }
}

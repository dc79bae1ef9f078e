# ワークベンチの日本語のラベル。en.ftl と同じメッセージをすべて持つこと（ないとテストが失敗する）。

## The app

app-name = タイムアウト予算ワークベンチ

## The report

report-label = レポート
report-nodes = ノード
report-hops = ホップ
report-findings = 指摘
col-node = ノード
col-need = 必要
col-deadline = 期限
col-slack = 余裕
col-verdict = 判定
col-formula = 式
col-segment = 区間
col-per-try = 1回あたり
col-tries = 回数
col-worst = 最悪
col-wait = 待ち時間
col-callee-worst = 呼び先の最悪
word-need = 必要
word-deadline = 期限
word-slack = 余裕
word-per-try = 1回あたり
word-tries = 回数
word-worst = 最悪
word-wait = 待ち時間
word-callee-worst = 呼び先の最悪
findings-none = 指摘はありません。
finding-fix = 修正：{ $fix }
fix-apply = 適用：{ $fix }

## The header and the pages around

lang-en = English
lang-ja = 日本語
ui-lang-label = 画面の言語
not-found-title = ページがありません
not-found-text = このアドレスのページはありません。
back-to-sheets = シートの一覧へ戻る
error-title = 問題が起きました

## The sheets page

sheets-title = シート
sheets-loading = シートを読み込んでいます…
sheets-none = シートはまだありません。下で作るか、例から始めるか、TSV を取り込んでください。
sheets-col-name = 名前
sheets-col-rows = 行
sheets-col-errors = エラー
sheets-col-warnings = 警告
sheets-col-changed = 最終更新
sheets-col-actions = 操作
rename = 名前を変更
rename-label = 新しい名前
rename-save = 保存
cancel = キャンセル
delete = 削除
delete-question = 「{ $name }」を削除しますか？元に戻せません。
new-sheet-title = 新しいシート
field-name = 名前
new-sheet-create = 作成
header-lang-label = 見出し
example-title = 例から始める
example-text = 機材予約システム：ブラウザ → LB → アプリ → 外部API と DB。
example-ja = 例（日本語）
example-en = 例（English）
import-title = TSV を取り込む
import-name-placeholder = 取り込んだシート
import-tsv-label = 取り込む TSV
import-submit = 取り込む
tsv-placeholder = スプレッドシートからコピーした行（タブ区切り）を貼り付けてください。見出し行はあってもなくても構いません
tsv-file = またはファイルを選ぶ：
file-unreadable = { $file } を読めませんでした

## The sheet page

replace-title = TSV で行を置き換える
replace-tsv-label = 行を置き換える TSV
replace-submit = 取り込む（行を置き換え）
catalog-option = { $product } — { $kind }、既定値 { $default }
fill-default = 既定値を使う：{ $default }
fill-default-title = カタログに記載された既定値を既定値の列に入れます
rows-count = { $count } 行
all-sheets = ← シートの一覧
sheet-loading = シートを読み込んでいます…
proposals-title = 変更の提案
propose-link = 変更を提案する
propose-note = — コピーを編集します。レビュアーが承認すると版になります。
proposal-by = { " " }（{ $author }）· { $status }
proposal-open = 受付中
proposal-approved = 承認済み
proposal-rejected = 却下
viewers =
    { $count ->
        [1] このシートを見ているのはあなただけです
       *[other] このシートを { $count } 人が見ています
    }
history-link = 履歴
author-label = 履歴に残す名前
author-save = 名前を保存
author-anonymous = 変更は anonymous（匿名）として保存されます。
author-saved = 変更は { $author } として保存されます。
author-account = 変更は、ログインしたアカウント { $account } として履歴に記録されます。
changes-since = 版 { $revision } からの変更（{ $author }、最新は版 { $latest }）：
changes-earlier = 版 { $revision } から
changes-explained = 変更したセルは前の値を取り消し線で示し、削除した行はあった場所に取り消し線で示します。
changes-hide = 変更を隠す
changes-review = レビュー（予算と追跡）
changes-show = 最後の変更をグリッドに表示
sentence-end = 。
list-separator = 、
rows-label = 行
export-title = エクスポート
sheet-lang-title = 言語
sheet-lang-note = 見出し、メッセージ、修正案はシートの言語に従います。
settings-title = 設定

## The grid

marks-cells-changed = 変更したセル { $count }
marks-rows-added = 追加した行 { $count }
marks-rows-removed = 削除した行 { $count }
marks-rows-moved = 移動した行 { $count }
marks-none = 変更なし
grid-col-kind = 種類
grid-col-parsed = 解釈
grid-col-note = 注記
grid-col-actions = 行の操作
grid-empty = 行はまだありません。行を追加するか、下で TSV を取り込んでください。
grid-add-row = 行を追加
row-move-up = 上へ移動
row-move-up-label = 行 { $line } を上へ移動
row-move-down = 下へ移動
row-move-down-label = 行 { $line } を下へ移動
row-delete = 行を削除
row-delete-label = 行 { $line } を削除
row-insert-above = 上に行を挿入
row-insert-above-label = 行 { $line } の上に行を挿入
row-insert-below = 下に行を挿入
row-insert-below-label = 行 { $line } の下に行を挿入
row-duplicate = 行を複製
row-duplicate-label = 行 { $line } を複製
row-drag = ドラッグで行を移動
column-resize = ドラッグで列の幅を変更、ダブルクリックで既定の幅に戻す
cell-old-title = 変更前
fill-from-catalog = { $product } から入力：{ $cells }
fill-from-catalog-title = 行の空のセルをカタログの項目から埋める
row-removed = 削除
cell-label = { $column }、{ $line } 行目
shortcuts-title = キーボードショートカット（?）
shortcut-enter = 下のセル、上のセル
    .keys = Enter、Shift+Enter
shortcut-tab = 次のセル、前のセル
    .keys = Tab、Shift+Tab
shortcut-up-down = 上のセル、下のセル（セルの最初または最後の行から）
    .keys = ↑ ↓
shortcut-left-right = 前のセル、次のセル（テキストの先頭または末尾から）
    .keys = ← →
shortcut-new-line = セル内で改行
    .keys = Alt+Enter
shortcut-escape = フォーカスを得たときのテキストに戻す
    .keys = Escape
shortcut-undo = 元に戻す、やり直す（Mac では ⌘）
    .keys = Ctrl+Z、Ctrl+Shift+Z または Ctrl+Y
shortcut-paste = スプレッドシートからコピーした範囲をこのセルから埋める
    .keys = 貼り付け
shortcut-select = セルを選択：Ctrl+C でスプレッドシート用にコピー、Ctrl+X で切り取り、Delete で空にする
    .keys = Shift+矢印、Shift+クリック、ドラッグ
shortcut-move-row = 行を上へ、下へ移動（行番号のドラッグでも）
    .keys = Alt+↑、Alt+↓
shortcut-insert-row = 空の行を上に、下に挿入
    .keys = Alt+Shift+↑、Alt+Shift+↓
shortcut-duplicate-row = 行を複製
    .keys = Alt+Shift+D
shortcut-delete-row = 行を削除（Ctrl+Z で戻せる）
    .keys = Alt+Shift+Delete

## History and diff

history-loading = 履歴を読み込んでいます…
history-title = { $name } の履歴
history-explained = 保存するたびに版ができます。同じ人が前の保存から 30 秒以内に保存すると、その版にまとめます。版を復元すると、その行で新しい版を作ります。何も失われません。
history-col-what = 内容
history-col-who = 誰が
history-col-when = 日時（UTC）
history-col-inversions = 逆転
history-col-changed = 変更
revision-created = 作成
revision-saved = 保存
revision-imported = 取り込み
revision-restored = 復元
revision-settings = 設定
revision-baseline = 履歴の始まり
revision-cells = セル { $count }
revision-rows-added = 追加した行 { $count }
revision-rows-removed = 削除した行 { $count }
revision-diff = 変更内容
revision-since = この版からの変更をシートで
revision-since-title = この版からの変更をグリッドに示したシート
revision-restore = 復元
diff-loading = 比較しています…
diff-title = { $name }：版 { $from } → { $to }
diff-earlier = ← 前へ
diff-later = 次へ →
diff-edit-since = 版 { $revision } からの変更を示したシートを編集
review-title = 予算への影響
review-trace-empty = 数値が変わる変更行はありません。
review-attempts = { $node } への試行回数：{ $before } → { $after }
review-new = 新規：{ $finding }
review-gone = 解消：{ $finding }
review-node = ノード { $name }
review-hop = ホップ { $segment }
review-flips = 判定が変わったもの
review-numbers = 数値（前 → 後）
review-col-where = 場所
review-col-before = 前
review-col-after = 後

## Saving, and cells changed elsewhere

save-saved = 保存しました
save-saving = 保存しています…
save-failed = 保存していません：{ $reason }
save-conflicts = 保存していません：ほかで変更されたセル { $count }
conflict-row-cell = 行 { $line }、{ $column }
conflict-deleted-row-cell = 削除された行、{ $column }
conflict-row = 行 { $line }
conflict-a-row = ある行
conflict-deleted = （削除）
quoted = 「{ $text }」
conflict-cell = { $place }：あなた { $mine }、ほかの人 { $theirs }（元は「{ $base }」）。
conflict-delete = { $place } はほかで変更されたため、削除していません。
conflict-keep-mine = 自分の値を残す
conflict-delete-anyway = それでも削除する
conflict-take-theirs = ほかの人の値にする
conflict-keep-row = 行を残す
conflict-explained = 編集を始めた後で、ほかの人がこれらのセルを変更しました。ほかの編集は保存済みです。それぞれどちらにするか選んでください。
combined-explained = ほかで保存された変更と合わせると、どちらか一方だけでは起きなかったことが起きます：

## Settings, export, the budget picture

settings-margin = マージン
settings-threshold = 増幅のしきい値
settings-explained = マージンは、呼び出し側が呼び先の最悪の場合より余分に待つべき時間です（そのノードやホップにマージン行があればそれに従います）。1 つのノードに届く試行がしきい値を超えると retry.amplification の警告になります。どちらも TSV には含まれません（マージン行は含まれます）。
export-ja = TSV、日本語の見出し
export-en = TSV、英語の見出し（English）
export-own-lang = （このシートの言語）
export-excel = Excel 用 TSV（BOM 付き UTF-8）
budget-title = 予算
budget-explained = 各バーは期限または呼び出し側の待ち時間で、その中にカバーすべき時間を示します。部分を指すと式と行を示します。
budget-svg = 図を SVG で

## Proposals

propose-title = { $name } への変更を提案
propose-explained = 下の行を編集してください。シートには保存されません。提案として出すと、レビュアーが承認する前に、チームはそれがすべての予算に何をもたらすかを見られます。
proposal-loading = 提案を読み込んでいます…
proposal-edit-title = 提案 { $proposal } を編集：{ $title }
proposal-heading = 提案 { $proposal }：{ $title }
proposal-link = 提案 { $proposal }
proposal-edit-explained = 提案の変更を現在のシート（版 { $revision }）に示しています。編集して保存すると、提案は版 { $revision } から始まり、コメントはそのセルに残ります。
proposal-title-label = 題名
proposal-save = 提案を保存
proposal-submit = 提案を出す
proposal-approved-as = { $reviewer } が承認（版 { $revision }）
proposal-approved-by = { $reviewer } が承認
proposal-rejected-by = { $reviewer } が却下
proposal-status-line = { $author } が版 { $base } から提案、{ $status }。
proposal-stale = この提案の後でシートが進みました（版 { $base } → { $current }）。変更は版 { $current } に当てて示しています。
proposal-conflict = { $place }：提案「{ $mine }」、現在のシート「{ $theirs }」（元は「{ $base }」）。
proposal-keep = 提案の値を残す
proposal-take-sheet = シートの値にする
proposal-conflicts-explained = 提案の後で、シート上のこれらのセルが変更されました。提案者がそれぞれ選びます：
proposal-gate = この提案は新しいエラーをもたらします。承認するには「それでも承認」と理由のコメントが必要です。
proposal-approve-anyway = それでも承認
proposal-review = レビュー
proposal-approve = 承認
proposal-reject = 却下
proposal-edit = 提案を編集
proposal-edit-note = — 提案者が現在のシート上でセルを変更します。
comments-title = コメント
comment-place = 行 { $line }、{ $column }：
comment-place-gone = 提案にもうない行、{ $column }：
comment-changed-since = その後変更あり
comment-label = コメント
comment-on = 対象
comment-whole = 提案全体
comment-add = コメントを追加

## Errors (a server function's, shown where the call was made)

error-forbidden = このシートのチームでのあなたの役割は { $role } です。この操作には { $needs } が必要です
error-no-team = どのチームでも編集者ではないため、シートを作成できません。チームのオーナーに依頼してください
local-mode = ローカルモード（アカウントなし）
sign-out = ログアウト
login-title = ログイン
login-submit = ログイン
login-first-title = 管理者アカウントの作成
login-first-lead = このチーム用ワークベンチにはまだアカウントがありません。最初のアカウントが管理者になります。
login-first-submit = 作成してログイン
login-email = メールアドレス
login-password = パスワード
login-error-wrong = メールアドレスまたはパスワードが違います。
login-error-limited = ログインの試行が多すぎます。1分待ってからやり直してください。
login-error-short = パスワードは12文字以上にしてください。
login-error-form = メールアドレスとパスワードを送ってください。
login-error-internal = サーバーがログインを完了できませんでした。やり直してください。
login-error-invite-gone = この招待は使用済みか期限切れです。新しい招待を依頼してください。
invite-title = パスワードの設定
invite-lead = { $email } として招待されています。12文字以上のパスワードを決めてください。
invite-submit = アカウントを作成
error-not-found = シート { $id } はありません（削除された可能性があります）
error-conflict = このページが最後に保存した後で、別のタブかほかの人がこのシートを変更しました。あなたの入力はここに残っています
error-too-large = この TSV は { $size } バイトで、1 つのシートに入る 1 MiB（{ $max } バイト）を超えています。複数のシートに分けてください
error-too-many-rows = このシートは { $count } 行で、1 つのシートに入る { $max } 行を超えています。複数のシートに分けてください
error-storage = データベースが要求を完了できませんでした。もう一度お試しください
error-unreachable = サーバーに接続できませんでした。あなたの入力はここに残っていて、次の編集で保存されます
error-no-revision = シート { $id } に版 { $number } はありません
error-no-proposal = シート { $id } に提案 { $proposal } はありません
error-bad-address = { $address } はシートのアドレスではありません。シートのアドレスは数字で終わります
name-length = シート名は前後の空白を除いて 1〜{ $max } 文字です。{ $name } は { $count } 文字です
name-holds = シート名に{ $what }は使えません。{ $name } の { $at } 文字目が U+{ $code } です。取り除いてください
name-control-characters = 制御文字
name-bidi-controls = 双方向テキストの制御文字
name-replacement-character = 置換文字（UTF-8 でなかったバイト）
refused-no-title = 提案には題名が必要です
refused-title-too-long = 提案の題名は { $max } 文字までです
refused-changes-nothing = この提案は何も変更しません
refused-cells-moved = 提案のセルのうち { $count } 個が、変更前のテキストと一致しません。今のシートから提案し直してください
refused-not-open = 提案 { $proposal } は{ $status }です。変更できません
refused-not-in-conflict = 行 { $row }、{ $column }: 競合していません
refused-no-comment-text = コメントが空です
refused-comment-too-long = コメントは { $max } 文字までです
refused-row-not-in-proposal = 行 { $row } はこの提案の行にありません（削除された可能性があります）
refused-already-decided = 提案 { $proposal } はすでに{ $status }です
refused-rejection-needs-comment = 却下には理由を書いたコメントが必要です
refused-approval-in-conflict = 提案を作った後で、そのセルのうち { $count } 個がシートで変更されました。承認の前に、提案者がそれぞれどちらにするか選びます
refused-approval-withdrawn = 承認を取り消しました。レビューの後でシートが版 { $seen } から版 { $current } に進み、この変更の効果が変わりました: { $headline }。もう一度レビューしてください
refused-new-error = この提案は新しいエラー（{ $first }）を生みます。承認するには「それでも承認」とコメントが必要です

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

# The workbench's labels in English. Every message here has its twin in ja.ftl (a test
# fails otherwise). Ids are kebab-case, grouped by the part of the page that shows them.
# Stable codes (CSS classes, data-testid, JSON codes) are not labels and stay in the code.

## The app

app-name = Timeout Budget Workbench

## The report (its numbers, verdicts, formulas and messages are the engine's, in the sheet's language)

report-label = Report
report-nodes = Nodes
report-hops = Hops
report-findings = Findings
col-node = Node
col-need = Need
col-deadline = Deadline
col-slack = Slack
col-verdict = Verdict
col-formula = Formula
col-segment = Segment
col-per-try = Per try
col-tries = Tries
col-worst = Worst
col-wait = Wait
col-callee-worst = Callee worst
# The words in a number's accessible name: "app need 15.5 s: rows 5–10".
word-need = need
word-deadline = deadline
word-slack = slack
word-per-try = per try
word-tries = tries
word-worst = worst
word-wait = wait
word-callee-worst = callee worst
findings-none = No findings.
finding-fix = Fix: { $fix }
fix-apply = Apply: { $fix }

## The header and the pages around

# The languages are named in their own language in both catalogues.
lang-en = English
lang-ja = 日本語
ui-lang-label = Language of the page
not-found-title = Not found
not-found-text = No page has this address.
back-to-sheets = Back to the sheets
error-title = Something went wrong

## The sheets page

sheets-title = Sheets
sheets-loading = Loading the sheets…
sheets-none = No sheets yet: create one below, start from the example, or import a TSV.
sheets-col-name = Name
sheets-col-rows = Rows
sheets-col-errors = Errors
sheets-col-warnings = Warnings
sheets-col-changed = Last change
sheets-col-actions = Actions
sheets-same-name = another sheet has this name: this is sheet { $id }, { $rows ->
        [one] 1 row
       *[other] { $rows } rows
    }, last changed { $changed }
rename = Rename
rename-label = New name
rename-save = Save
cancel = Cancel
delete = Delete
delete-question = Delete “{ $name }”? This cannot be undone.
new-sheet-title = New sheet
field-name = Name
new-sheet-create = Create
header-lang-label = Headers
example-title = Start from the example
example-text = An equipment-reservation system: browser → LB → app → external API and DB.
example-ja = Example (日本語)
example-en = Example (English)
import-title = Import a TSV
import-name-placeholder = Imported sheet
import-tsv-label = TSV to import
import-submit = Import
tsv-placeholder = Paste rows copied from a spreadsheet (tab-separated), with or without the header line
tsv-file = or choose a file:
file-unreadable = could not read { $file }

## The sheet page

replace-title = Replace the rows from a TSV
replace-tsv-label = TSV to replace the rows with
replace-submit = Import (replace rows)
catalog-option = { $product } — { $kind }, default { $default }
fill-default = use default: { $default }
fill-default-title = Fill the default cell with the catalog's documented default
rows-count =
    { $count ->
        [one] 1 row
       *[other] { $count } rows
    }
all-sheets = ← All sheets
sheet-loading = Loading the sheet…
proposals-title = Proposals
propose-link = Propose a change
propose-note = — edit a copy; a reviewer approves it before it becomes a revision.
proposal-by = { " " }by { $author } · { $status }
proposal-open = open
proposal-approved = approved
proposal-rejected = rejected
viewers =
    { $count ->
        [one] Only you are viewing this sheet
       *[other] { $count } people are viewing this sheet
    }
history-link = History
author-label = Your name in the history
author-save = Save name
author-anonymous = Your changes are saved as anonymous.
author-saved = Your changes are saved as { $author }.
author-account = Your changes are recorded in the history as { $account }, the account you signed in with.
changes-since = Changes since revision { $revision } (by { $author }; the latest is { $latest }):
changes-since-latest = Changes since revision { $revision } (the latest):
changes-earlier = since revision { $revision }
changes-explained = Changed cells show the text before struck through; removed rows are struck through where they were.
changes-hide = Hide the changes
changes-review = Review (budgets and trace)
changes-show = Show the last change on the grid
sentence-end = .
list-separator = ,{ " " }
rows-label = Rows
export-title = Export
sheet-lang-title = Language
sheet-lang-note = The headers, messages and fixes follow the sheet's language.
settings-title = Settings

## The grid

marks-cells-changed =
    { $count ->
        [one] 1 cell changed
       *[other] { $count } cells changed
    }
marks-rows-added =
    { $count ->
        [one] 1 row added
       *[other] { $count } rows added
    }
marks-rows-removed =
    { $count ->
        [one] 1 row removed
       *[other] { $count } rows removed
    }
marks-rows-moved =
    { $count ->
        [one] 1 row moved
       *[other] { $count } rows moved
    }
marks-none = no change
grid-col-kind = Kind
grid-col-parsed = Parsed
grid-col-note = Note
grid-col-actions = Row actions
grid-empty = No rows yet. Add a row, paste rows copied from a spreadsheet or a TSV here (Ctrl+V), or import a TSV below.
paste-too-wide = The paste is { $width ->
        [one] 1 column
       *[other] { $width } columns
    } wide; from column { $column } to the end of the row there { $room ->
        [one] is 1 column
       *[other] are { $room } columns
    }, so { $cells ->
        [one] 1 cell does
       *[other] { $cells } cells do
    } not fit. Nothing was pasted: paste it into a cell further left.
grid-add-row = Add row
row-move-up = Move up
row-move-up-label = Move row { $line } up
row-move-down = Move down
row-move-down-label = Move row { $line } down
row-delete = Delete row
row-delete-label = Delete row { $line }
row-insert-above = Insert a row above
row-insert-above-label = Insert a row above row { $line }
row-insert-below = Insert a row below
row-insert-below-label = Insert a row below row { $line }
row-duplicate = Duplicate the row
row-duplicate-label = Duplicate row { $line }
row-drag = Drag to move the row
column-resize = Drag to resize the column; double-click for the default widths
cell-old-title = before
fill-from-catalog = fill from { $product }: { $cells }
fill-from-catalog-title = Fill the row's empty cells from the catalog entry
row-removed = removed
cell-label = { $column }, row { $line }
shortcuts-title = Keyboard shortcuts (?)
shortcut-enter = the cell below, above (Enter: from a cell being edited)
    .keys = Enter, Shift+Enter
shortcut-edit = in a cell reached with the keys: typing replaces its text; Enter or F2 edits it, the caret after its text
    .keys = typing, Enter, F2
shortcut-tab = the next, the previous cell
    .keys = Tab, Shift+Tab
shortcut-up-down = the cell above, below, from a cell's first or last line
    .keys = ↑ ↓
shortcut-left-right = the cell before, after, from the start or end of its text
    .keys = ← →
shortcut-new-line = a new line in the cell
    .keys = Alt+Enter
shortcut-escape = put back the cell's text from when it got the focus (also after typing replaced it)
    .keys = Escape
shortcut-undo = undo, redo (⌘ on a Mac)
    .keys = Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y
shortcut-paste = a block copied from a spreadsheet fills the cells from this one on
    .keys = Paste
shortcut-select = select cells: Ctrl+C copies them for a spreadsheet, Ctrl+X cuts, Delete empties them
    .keys = Shift+arrows, Shift+click, drag
shortcut-move-row = move the row up, down (or drag its number)
    .keys = Alt+↑, Alt+↓
shortcut-insert-row = insert an empty row above, below
    .keys = Alt+Shift+↑, Alt+Shift+↓
shortcut-duplicate-row = duplicate the row
    .keys = Alt+Shift+D
shortcut-delete-row = delete the row (Ctrl+Z brings it back)
    .keys = Alt+Shift+Delete

## History and diff

history-loading = Loading the history…
history-title = History of { $name }
history-explained = Every save is a revision. Saves by one person within 30 seconds of their last one fold into it, unless they change the count of errors or inversions; a fix applied, a paste, an import and a restore are revisions of their own. Restoring a revision adds a new one with its rows; nothing is lost.
history-compare = Compare two revisions:
history-compare-from = from
history-compare-to = to
history-compare-submit = Compare
history-col-what = What
history-col-who = Who
history-col-when = When (UTC)
history-col-inversions = Inversions
history-col-changed = Changed
revision-created = created
revision-saved = saved
revision-fixed = fix applied
revision-pasted = pasted
revision-proposed-approved = proposed by { $author } · approved by { $reviewer }
revision-gate-note = approved anyway: “{ $note }”
revision-imported = imported
revision-restored = restored
revision-settings = settings
revision-baseline = history starts
revision-cells =
    { $count ->
        [one] 1 cell
       *[other] { $count } cells
    }
revision-rows-added =
    { $count ->
        [one] 1 row added
       *[other] { $count } rows added
    }
revision-rows-removed =
    { $count ->
        [one] 1 row removed
       *[other] { $count } rows removed
    }
revision-diff = Changes
revision-since = Since, on the sheet
revision-since-title = The sheet, with what changed since this revision drawn on its grid
revision-restore = Restore
diff-loading = Comparing…
diff-title = { $name }: revision { $from } → { $to }
diff-earlier = ← earlier
diff-later = later →
diff-edit-since = Edit the sheet with the changes since revision { $revision } drawn on it
review-title = What it does to the budgets
review-trace-empty = No change moves a number.
review-settings = Sheet settings changed
review-trace = How each change moves the budgets
review-attempts = attempts on { $node }: { $before } → { $after }
review-new = new: { $finding }
review-gone = gone: { $finding }
review-node = node { $name }
review-hop = hop { $segment }
review-flips = Verdicts that flipped
review-numbers = Numbers before → after
review-col-where = Where
review-col-before = Before
review-col-after = After

## Saving, and cells changed elsewhere

save-saved = Saved
save-saving = Saving…
save-failed = Not saved: { $reason }
save-conflicts =
    { $count ->
        [one] Not saved: 1 cell changed elsewhere
       *[other] Not saved: { $count } cells changed elsewhere
    }
conflict-row-cell = Row { $line }, { $column }
conflict-deleted-row-cell = A deleted row, { $column }
conflict-row = Row { $line }
conflict-a-row = A row
conflict-deleted = (deleted)
quoted = “{ $text }”
conflict-cell = { $place }: yours { $mine }, theirs { $theirs } (it was “{ $base }”).
conflict-delete = { $place } was changed elsewhere, so it was not deleted.
conflict-keep-mine = Keep mine
conflict-delete-anyway = Delete it anyway
conflict-take-theirs = Take theirs
conflict-keep-row = Keep the row
conflict-explained = Someone else changed these cells after you started editing them. Your other edits are saved; choose for each of these.
combined-explained = Merged with changes saved elsewhere, your edits cause what neither caused alone:

## Settings, export, the budget picture

settings-margin = Margin
settings-threshold = Amplification threshold
settings-explained = The margin is what every caller must wait beyond its callee's worst case, unless a margin row says otherwise for that node or hop. More attempts than the threshold reaching one node are a retry.amplification warning. Neither travels in the TSV: a margin row does.
export-ja = TSV, Japanese headers (日本語)
export-en = TSV, English headers
export-own-lang = (this sheet's language)
export-excel = TSV for Excel (UTF-8 with a byte-order mark)
budget-title = Budget
budget-explained = Each bar is a deadline or a caller's wait; inside it the time it must cover. Point at a part for its formula and rows.
budget-svg = The picture as SVG
budget-show-all = Show all { $count } bars
budget-show-most-short = Show only the { $count } most short

## Proposals

propose-title = Propose a change to { $name }
propose-explained = Edit the rows below; nothing is saved to the sheet. Submit them as a proposal: the team sees what they do to every budget before a reviewer approves them.
proposal-loading = Loading the proposal…
proposal-edit-title = Edit proposal { $proposal }: { $title }
proposal-heading = Proposal { $proposal }: { $title }
proposal-link = Proposal { $proposal }
proposal-edit-explained = The proposal's changes are shown on the sheet as it is now (revision { $revision }); edit them and save: the proposal then starts from revision { $revision }, and its comments stay on their cells.
proposal-title-label = Title
proposal-save = Save the proposal
proposal-submit = Submit the proposal
proposal-approved-as = approved by { $reviewer } as revision { $revision }
proposal-approved-by = approved by { $reviewer }
proposal-rejected-by = rejected by { $reviewer }
proposal-status-line = By { $author }, from revision { $base }; { $status }.
proposal-stale = The sheet moved on since this proposal was made (revision { $base } → { $current }): its changes are shown applied to revision { $current }.
proposal-conflict = { $place }: the proposal “{ $mine }”, the sheet now “{ $theirs }” (it was “{ $base }”).
proposal-keep = Keep the proposal's
proposal-take-sheet = Take the sheet's
proposal-conflicts-explained = These cells were changed on the sheet since the proposal was made. Its author chooses for each:
proposal-gate = This proposal brings a new error. Approving it needs “approve anyway” and a comment saying why.
proposal-approve-anyway = Approve anyway
proposal-review = Review
proposal-approve = Approve
proposal-reject = Reject
proposal-edit = Edit the proposal
proposal-edit-note = — its author changes its cells on the sheet as it is now.
comments-title = Comments
comment-place = Row { $line }, { $column }:{ " " }
comment-place-gone = A row no longer in the proposal, { $column }:{ " " }
comment-changed-since = changed since
comment-label = Comment
comment-on = On
comment-whole = the whole proposal
comment-add = Add the comment

## Errors (a server function's, shown where the call was made)

error-forbidden = your role in this sheet's team is { $role }; this needs { $needs }
error-no-team = you are not an editor in any team, so you cannot create sheets; ask a team owner
local-mode = local mode: no accounts
sign-out = Sign out
login-title = Sign in
login-submit = Sign in
login-first-title = Create the administrator account
login-first-lead = This team workbench has no accounts yet. The first account is its administrator: give the setup code the server printed when it started (or make the account on the server with workbench admin create-user).
login-first-submit = Create and sign in
login-email = E-mail address
login-password = Password
login-setup-code = Setup code
login-error-wrong = Wrong e-mail address or password.
login-error-setup-code = Wrong or missing setup code: give the code the server printed when it started. No account was made.
login-error-first-taken = The administrator account exists already (made by another sign-in or on the server); no account was made for you: ask the administrator for one.
login-error-limited = Too many sign-in attempts; wait a minute and try again.
login-error-email-long = An e-mail address has at most { $max } characters.
login-error-email-invalid = The workbench does not take this e-mail address: it needs an @ with something on each side, and no invisible or control characters, nor letters of two scripts that look alike.
login-error-short = The password must have at least 12 characters.
login-error-form = Send the e-mail address and the password.
login-error-internal = The server could not sign you in; try again.
login-error-invite-gone = This invitation was used or has expired; ask for a new one.
invite-title = Set your password
invite-lead = You are invited as { $email }. Choose a password of at least 12 characters.
invite-submit = Create my account
team-link = Teams
team-title = Teams
team-signed-in = Signed in as { $email }.
team-signed-in-admin = Signed in as { $email } (administrator).
team-back = ← Sheets
team-none = You are in no team yet: ask a team's owner or an administrator to add you.
team-your-role = your role: { $role }
team-role-viewer = viewer
team-role-editor = editor
team-role-reviewer = reviewer
team-role-owner = owner
team-members = Members
team-email = E-mail address
team-role = Role
team-remove = Remove
team-change = Change
team-add-member = Add an account to the team
team-add = Add
team-invite = Invite someone new
team-invite-lead = A one-time link, valid for 7 days, that makes their account in this team.
team-invite-submit = Make the link
team-invite-made = The invitation link for { $email } (send it to them; it works once, until { $expires }):
team-tokens = API tokens
team-tokens-lead = For CI pipelines and scripts: send it as “Authorization: Bearer TOKEN” to /api/v1.
team-token-name = Name
team-token-scope = Scope
team-token-created = Made
team-token-expires = Expires
team-token-used = Last used
team-token-never = never
team-token-revoked = revoked { $at }
team-token-revoke = Revoke
team-token-expired = expired
team-account-state = Administrator, disabled
team-token-days = Expires after (days; empty: never)
team-token-submit = Make a token
team-token-made = The new token “{ $name }” ({ $scope }). It is shown only this once: copy it now.
team-audit = Audit log
team-audit-when = When
team-audit-who = Who
team-audit-what = What
team-audit-detail = Detail
team-audit-empty = Nothing yet.
team-audit-older = Older
team-audit-instance = The workbench's audit log
team-audit-instance-lead = The lines of no team: accounts made, disabled and enabled, sign-ins of unknown addresses or of accounts in no team, sign-ins refused for too many attempts.
team-sheets = Sheets
team-sheets-lead = A sheet shared with the organisation can be read (not changed) by every account.
team-sheets-empty = No sheets yet.
team-sheet-shared = read by everyone
team-sheet-team-only = this team only
team-share = Share read-only with everyone
team-unshare = Stop sharing
team-admin = Administration
team-new-team = New team
team-team-name = Team name
team-create = Make the team
team-accounts = Accounts
team-account-admin = administrator
team-account-disabled = disabled
team-disable = Disable
team-enable = Enable
team-invite-account = Invite an account without a team
team-done = Done.
team-error = Not done: { $reason }
error-not-found = sheet { $id } does not exist (it may have been deleted)
error-conflict = this sheet was changed in another tab or by someone else since this page last saved it; your text is kept here
error-too-large = the TSV is { $size } bytes, more than the 1 MiB ({ $max } bytes) a sheet may hold; split it into several sheets
error-too-many-rows = the sheet has { $count } rows, more than the { $max } a sheet may hold; split it into several sheets
error-storage = the database could not complete the request; please try again
error-unreachable = the server could not be reached; your text is kept here and is saved with your next edit
error-no-revision = sheet { $id } has no revision { $number }
error-no-proposal = sheet { $id } has no proposal { $proposal }
error-bad-address = { $address } is not a sheet's address: sheet addresses end in a number
name-length = a sheet name needs 1 to { $max } characters after trimming; { $name } has { $count }
name-holds = a sheet name cannot hold { $what }: { $name } has U+{ $code } at character { $at }; remove it
name-control-characters = control characters
name-bidi-controls = bidirectional text controls
name-replacement-character = the replacement character (bytes that were not UTF-8)
refused-no-title = a proposal needs a title
refused-title-too-long = a proposal's title is at most { $max } characters
refused-changes-nothing = the proposal changes nothing
refused-cells-moved = { $count } of the proposal's cells do not hold the text it changes: start it from the sheet as it is now
refused-not-open = proposal { $proposal } is { $status }: it cannot change
refused-not-in-conflict = row { $row }, { $column }: not in conflict
refused-no-comment-text = a comment needs some text
refused-comment-too-long = a comment is at most { $max } characters
refused-row-not-in-proposal = row { $row } is not in this proposal's rows (it may have been deleted)
refused-already-decided = proposal { $proposal } is already { $status }
refused-rejection-needs-comment = a rejection needs a comment saying why
refused-approval-in-conflict = { $count } of the proposal's cells were changed on the sheet since it was made: its author chooses for each before it can be approved
refused-approval-withdrawn = approval withdrawn: the sheet moved from revision { $seen } to { $current } since you reviewed this proposal, and the change now does this: { $headline }; review it again
refused-new-error = this proposal brings a new error ({ $first }); approving it needs "approve anyway" and a comment
refused-gate-needs-comment = "approve anyway" needs a comment: write why the new error is accepted

# What the sheet page's report is of, when not the rows as saved (the summary's first line).
report-of-unsaved-rows = This report is of the { $count } rows on this page, which are not saved: a sheet holds at most { $max } rows.
report-of-other-rows = This report is of { $n ->
        [one] 1 row
       *[other] { $reported } rows
    }, not of the { $count } rows on this page, which are not saved: a sheet holds at most { $max } rows.
report-of-your-rows = This report is of your rows, not yet saved: { $conflicts }. Choose above which to keep.
report-conflict-cell = your { $column } in row { $line } conflicts with { $by }'s change
report-conflict-deleted-row = your { $column } in a row that { $by } deleted
report-conflict-delete = your deletion of row { $line } conflicts with { $by }'s change
report-conflict-delete-a-row = your deletion of a row conflicts with { $by }'s change
report-conflict-separator = ;{ " " }
report-someone-else = someone else
skip-to-grid = Skip to the grid

## Configuration files (a new sheet from them, a proposal of their values, drift)

config-title = New sheet from configuration
config-text = Deployed files (Kubernetes YAML with Istio and ingress, nginx, Terraform, Spring Boot, Envoy, HAProxy, gunicorn): every timeout, retry and keep-alive setting becomes a row naming its file and line.
config-files = Files:
config-folder = or a folder:
config-paste-summary = or paste one file
config-paste-path = File name
config-paste-label = The file's text
config-chosen =
    { $count ->
        [one] 1 file chosen: { $names }
       *[other] { $count } files chosen: { $names }
    }
config-skipped = { $count } skipped (not a configuration file): { $names }
config-reading = Reading the files…
config-submit = Create the sheet
config-no-files = choose files or a folder, or paste a file's text with its name
config-no-path = a pasted file needs its name (k8s/virtual-service.yaml): the format is told from it, and the rows name it
config-too-many = { $count } files are more than the { $max } read at once; choose a smaller folder
config-too-large = the files are { $size } bytes, more than the 1 MiB ({ $max } bytes) read at once; choose fewer files
config-unreadable =
    { $count ->
        [one] 1 file cannot be read, so nothing was made:
       *[other] { $count } files cannot be read, so nothing was made:
    }
config-no-format = none of these files is in a format the workbench reads (Kubernetes YAML, nginx, Terraform, Spring Boot, Envoy, HAProxy, gunicorn); nothing was made
config-no-rows =
    { $count ->
        [one] the configuration file sets no timeout, retry or keep-alive; nothing was made
       *[other] the { $count } configuration files set no timeout, retry or keep-alive; nothing was made
    }
config-nothing-to-propose = the files set what the sheet already says: nothing to propose
config-proposal-title = Values from configuration files: { $changed } rows changed, { $appended } added
config-sheet-title = From configuration files
config-sheet-text = Choose the deployed files: propose their values as a change a reviewer approves (the sheet stays as it is until then), or compare them with the sheet as saved.
config-propose = Propose these values
config-compare = Compare with configuration files
drift-title = Compared with the files
drift-summary = { $drifted } rows differ, { $agreeing } agree, { $skipped } name no configuration file.
drift-none = Every row that names one of these files agrees with it.
drift-not-given = The sheet names files that were not chosen; their rows count as gone: { $paths }
drift-col-row = Row
drift-col-setting = Setting
drift-col-sheet = Sheet
drift-col-file = File
drift-col-at = Where
drift-col-message = Finding
drift-row-title = Go to row { $row } in the grid
drift-not-set = (not set)

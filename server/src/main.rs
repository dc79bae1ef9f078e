//! `workbench`: the Timeout Budget Workbench.
//!
//! - `workbench serve` (the default): runs the web app on `DATABASE_URL` (default: the SQLite
//!   file `workbench.db` in the working directory) at the Leptos site address, with the
//!   timeouts of [`server::serve`] and the host names of [`server::security`].
//! - `workbench check PATH... [--format text|json|sarif|markdown] [--fail-on error|warning]`:
//!   checks TSV sheets (files, directories of `*.tsv`, `-` for standard input); exit 0 when
//!   no finding reaches `--fail-on`, 1 when one does, 2 when a file cannot be read as a sheet.
//! - `workbench backup PATH` / `workbench restore PATH`: a copy of the SQLite database taken
//!   while it serves, and its restore over the database, refused while a server holds it
//!   (stop the server, restore, start it); exit 1 on failure.
//! - `workbench import PATH... [--format tsv|json] [--lang en|ja] [--into SHEET.tsv] [--map
//!   MAP.toml]`: reads deployed configuration (Kubernetes YAML, nginx, Terraform, Spring Boot,
//!   Envoy, HAProxy, gunicorn; files and directories) and prints the sheet it makes, or
//!   updates SHEET.tsv;
//!   exit 2 when a file cannot be read or parsed (the others are still imported).
//! - `workbench drift SHEET... [--root DIR] [--format text|json|sarif|markdown]`: compares
//!   each sheet's rows with the configuration files their locations name; exit 1 on drift.
//! - `workbench catalog [QUERY] [--format text|json]`: the catalog entries whose product,
//!   setting or alias contains QUERY; exit 1 when none does.

use std::io::{Read, Write};
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand};
use leptos::prelude::get_configuration;
use server::check_command::{self, FailOn, Format, Input, Settings, Source};
use server::AppState;
use server::{catalog_command, diff_command, drift_command, import_command};
use workbench_store::{Store, DEFAULT_DATABASE_URL};

/// mimalloc instead of the system allocator: a check allocates many small strings (messages,
/// formulas, traces), and mimalloc makes the whole check about a fifth cheaper in
/// instructions (docs/benchmarks.md). Built without transparent huge pages (`no_thp`): with
/// them, `workbench check` of a 5,000-row sheet touched 58 MB in 2 MiB pages for a heap of
/// about 25 MB; without, it peaks at 30 MB and takes 1 to 2 ms more of page faults.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The Timeout Budget Workbench: check that every caller's timeout covers its callee's.
#[derive(Parser)]
#[command(name = "workbench", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the web app (the default): DATABASE_URL, and the LEPTOS_* settings.
    Serve,
    /// Check TSV sheets and print their reports. Exit 0 when no finding reaches --fail-on,
    /// 1 when one does, 2 when a file cannot be read as a sheet (the others are still checked).
    Check {
        /// Sheet files, or directories (every *.tsv in them, recursively, sorted by path);
        /// `-` reads standard input.
        #[arg(required = true)]
        paths: Vec<String>,
        /// `text`: readable tables; `json`: the report as JSON (an array of {path, report} for
        /// several files); `sarif`: a SARIF 2.1.0 log; `markdown`: a review comment.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// The least severe finding that makes the check fail (exit 1).
        #[arg(long, value_enum, default_value_t = FailOn::Error)]
        fail_on: FailOn,
        /// The sheet margin every caller must wait beyond its callee's worst case, where no
        /// margin row says otherwise (`1s`, `500ms`).
        #[arg(long, value_name = "DURATION", default_value = "1s", value_parser = parse_margin)]
        margin: u64,
        /// retry.amplification is reported where more attempts than this reach one node.
        #[arg(long, value_name = "N", default_value = "3", value_parser = parse_threshold)]
        amplification_threshold: u64,
    },
    /// Compare two versions of a sheet: the changed cells, what they do to every budget
    /// above them (the trace), the verdicts that flipped and the findings that appeared. Exit
    /// 1 when the change introduces a finding at or above --fail-on-new, 2 when a file
    /// cannot be read. With --git REV: every *.tsv (of PATHS, or all) that differs between
    /// REV and the work tree.
    Diff {
        /// OLD.tsv NEW.tsv; with --git, the files or directories to compare (all by default).
        paths: Vec<String>,
        /// Compare the work tree's files with their version at this git revision (`main`,
        /// `HEAD~1`, a commit), read through the `git` command.
        #[arg(long, value_name = "REV")]
        git: Option<String>,
        /// `text`: readable lines; `json`: the diff as JSON; `markdown`: a review comment.
        #[arg(long, value_enum, default_value_t = diff_command::Format::Text)]
        format: diff_command::Format,
        /// Exit 1 when the new version has a finding at this severity or worse that the old
        /// did not have.
        #[arg(long, value_enum, value_name = "SEVERITY")]
        fail_on_new: Option<FailOn>,
        /// The sheet margin, as for `check`.
        #[arg(long, value_name = "DURATION", default_value = "1s", value_parser = parse_margin)]
        margin: u64,
        /// The retry amplification threshold, as for `check`.
        #[arg(long, value_name = "N", default_value = "3", value_parser = parse_threshold)]
        amplification_threshold: u64,
    },
    /// Write a consistent copy of the SQLite database (DATABASE_URL) to the new file PATH,
    /// while the server runs (`VACUUM INTO`). On PostgreSQL, use pg_dump.
    Backup {
        /// The backup file to create; an existing file is never overwritten.
        path: std::path::PathBuf,
    },
    /// Replace the SQLite database (DATABASE_URL) by the backup PATH. Stop the server
    /// first: the restore is refused (exit 1, nothing changed) while a server holds the
    /// database. On PostgreSQL, use pg_restore.
    Restore {
        /// A file written by `workbench backup`.
        path: std::path::PathBuf,
    },
    /// Team mode's accounts and teams, from a shell on the server (DATABASE_URL).
    Admin {
        #[command(subcommand)]
        command: AdminCommand,
    },
    /// Read deployed configuration (Kubernetes YAML, nginx, Terraform, Spring Boot, Envoy,
    /// HAProxy, gunicorn) and print the sheet of its timeouts and retries. Exit 2 when a file cannot be read or
    /// parsed (PATH:LINE:COLUMN on standard error); the other files are still imported.
    Import {
        /// Files and directories (a directory: every file in it, recursively, whose format an
        /// importer reads).
        #[arg(required = true)]
        paths: Vec<String>,
        /// `tsv`: the sheet with its header row; `json`: the sheet as JSON.
        #[arg(long, value_enum, default_value_t = import_command::Format::Tsv)]
        format: import_command::Format,
        /// The sheet's language: header row, items and rationales.
        #[arg(long, value_enum, default_value_t = import_command::HeaderLang::En)]
        lang: import_command::HeaderLang,
        /// Update this sheet instead of printing a new one: rows found by location (then by
        /// segment and setting) take the files' values; the sheet's own rows, segments and
        /// rationales stay; new settings are appended.
        #[arg(long, value_name = "SHEET.tsv")]
        into: Option<String>,
        /// A TOML file whose `[names]` table gives the sheet's name for a name in the files
        /// (`"reviews.example.com" = "LB"`), for layers and the ends of segments.
        #[arg(long, value_name = "MAP.toml")]
        map: Option<std::path::PathBuf>,
    },
    /// Compare each sheet with the deployed configuration its rows' locations name
    /// (`k8s/vs.yaml:14 VirtualService reviews http[0].retries.attempts`): a value that
    /// differs (config.drift), a setting no longer there (config.gone), a file that cannot be
    /// read (config.unreadable). Exit 0 when no finding reaches --fail-on, 1 when one does, 2
    /// when a sheet cannot be read.
    Drift {
        /// Sheet files (TSV).
        #[arg(required = true)]
        sheets: Vec<String>,
        /// The folder the locations' paths are relative to (a repository's root).
        #[arg(long, value_name = "DIR", default_value = ".")]
        root: std::path::PathBuf,
        /// `text`: a headline and a line per row that differs; `json`; `sarif`: results at
        /// the configuration files' lines; `markdown`: a review comment.
        #[arg(long, value_enum, default_value_t = drift_command::Format::Text)]
        format: drift_command::Format,
        /// The least severe finding that fails (exit 1): a setting gone whose default is the
        /// sheet's value is a warning, every other finding an error.
        #[arg(long, value_enum, default_value_t = FailOn::Error)]
        fail_on: FailOn,
    },
    /// List the catalog's settings of real products: unit of a bare number, what 0 means,
    /// default and source. Exit 1 when none matches.
    Catalog {
        /// Part of a product, setting name or alias, any case (`nginx`, `keepalive`); none
        /// lists every entry.
        query: Option<String>,
        /// `text`: a readable table; `json`: an array of the entries.
        #[arg(long, value_enum, default_value_t = catalog_command::Format::Text)]
        format: catalog_command::Format,
    },
}

#[derive(Subcommand)]
enum AdminCommand {
    /// Make an account; its password is read from WORKBENCH_PASSWORD or the first line of
    /// standard input (at least 12 characters). The first account is an administrator.
    CreateUser {
        /// Its e-mail address.
        email: String,
        /// Make it an administrator.
        #[arg(long)]
        admin: bool,
        /// Put it in this team (made when missing), with --role.
        #[arg(long, requires = "role")]
        team: Option<String>,
        /// Its role in --team: viewer, editor, reviewer or owner.
        #[arg(long, requires = "team")]
        role: Option<String>,
    },
}

fn main() -> anyhow::Result<ExitCode> {
    match Cli::parse().command.unwrap_or(Command::Serve) {
        Command::Serve => {
            default_output_name();
            serve()?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Check {
            paths,
            format,
            fail_on,
            margin,
            amplification_threshold,
        } => {
            let settings = sheet_settings(margin, amplification_threshold);
            Ok(check(&paths, format, fail_on, settings))
        }
        Command::Diff {
            paths,
            git,
            format,
            fail_on_new,
            margin,
            amplification_threshold,
        } => {
            let settings = sheet_settings(margin, amplification_threshold);
            let pairs = match git {
                Some(rev) => match diff_command::git_pairs(&rev, &paths) {
                    Ok(pairs) => pairs,
                    Err(reason) => {
                        return Ok(print("", &format!("workbench: {reason}\n"), check_command::EXIT_UNREADABLE))
                    }
                },
                None => match paths.as_slice() {
                    [old, new] => vec![diff_command::Pair {
                        path: new.clone(),
                        old: Some(read(&source_of(old))),
                        new: Some(read(&source_of(new))),
                        deployed: None,
                    }],
                    _ => {
                        return Ok(print(
                            "",
                            "workbench: diff takes two files, OLD.tsv NEW.tsv, or --git REV [PATH...]\n",
                            check_command::EXIT_UNREADABLE,
                        ))
                    }
                },
            };
            let severity = fail_on_new.map(|f| match f {
                FailOn::Error => budget::Severity::Error,
                FailOn::Warning => budget::Severity::Warning,
            });
            let outcome = diff_command::run(pairs, format, severity, settings);
            Ok(print(&outcome.stdout, &outcome.stderr, outcome.code))
        }
        Command::Backup { path } => Ok(backup(&path)),
        Command::Admin {
            command:
                AdminCommand::CreateUser {
                    email,
                    admin,
                    team,
                    role,
                },
        } => Ok(create_user(&email, admin, team.zip(role))),
        Command::Restore { path } => Ok(restore(&path)),
        Command::Import {
            paths,
            format,
            lang,
            into,
            map,
        } => {
            let names = match map.map(|path| {
                std::fs::read_to_string(&path)
                    .map_err(|err| err.to_string())
                    .and_then(|text| import_command::read_map(&text))
                    .map_err(|reason| format!("workbench: {}: {reason}\n", path.display()))
            }) {
                Some(Err(message)) => {
                    return Ok(print("", &message, import_command::EXIT_UNREADABLE))
                }
                Some(Ok(names)) => names,
                None => Vec::new(),
            };
            let into = into.map(|path| {
                let text = std::fs::read_to_string(&path).map_err(|err| err.to_string());
                (path, text)
            });
            let collected = import_command::collect(&paths);
            let options = import_command::Options {
                format,
                lang,
                names,
                into,
            };
            let outcome = import_command::render(&collected, &options);
            match &outcome.write_to {
                Some(path) => match write_replacing(path, &outcome.stdout) {
                    Ok(()) => Ok(print("", &outcome.stderr, outcome.code)),
                    Err(err) => Ok(print(
                        "",
                        &format!("{}workbench: {path}: {err}\n", outcome.stderr),
                        import_command::EXIT_UNREADABLE,
                    )),
                },
                None => Ok(print(&outcome.stdout, &outcome.stderr, outcome.code)),
            }
        }
        Command::Drift {
            sheets,
            root,
            format,
            fail_on,
        } => {
            let inputs = sheets
                .iter()
                .map(|path| Input {
                    path: path.clone(),
                    bytes: read(&source_of(path)),
                })
                .collect();
            let mut reader = |path: &str| drift_command::read_config(&root, path);
            let outcome = drift_command::run(inputs, &mut reader, format, fail_on);
            Ok(print(&outcome.stdout, &outcome.stderr, outcome.code))
        }
        Command::Catalog { query, format } => {
            let outcome = catalog_command::run(query.as_deref(), format);
            Ok(print(&outcome.stdout, &outcome.stderr, outcome.code))
        }
    }
}

/// The sheet settings of `--margin` and `--amplification-threshold`, for the sheets that
/// carry none.
fn sheet_settings(margin_ms: u64, amplification_threshold: u64) -> Settings {
    Settings {
        margin_ms,
        amplification_threshold,
    }
}

/// `--margin`: a duration with a unit, in milliseconds.
fn parse_margin(text: &str) -> Result<u64, String> {
    budget::read_margin(text).map_err(|err| err.to_string())
}

/// `--amplification-threshold`: a whole number of attempts, at least 1.
fn parse_threshold(text: &str) -> Result<u64, String> {
    budget::read_amplification_threshold(text).map_err(|err| err.to_string())
}

/// Runs `workbench check`.
fn check(paths: &[String], format: Format, fail_on: FailOn, settings: Settings) -> ExitCode {
    let inputs = check_command::targets(paths)
        .into_iter()
        .map(|target| Input {
            path: target.path,
            bytes: target.source.and_then(|source| read(&source)),
        })
        .collect();
    // Reports are written as they are serialised, in large blocks: standard output alone
    // would pass each line of the JSON to the terminal or pipe on its own.
    let mut stdout = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let written = check_command::run_to(inputs, format, fail_on, settings, &mut stdout);
    match written.unwritten {
        // A closed pipe (`| head`) took what it wanted; the exit status is the reports'.
        Some(err) if err.kind() != std::io::ErrorKind::BrokenPipe => print(
            "",
            &format!("{}workbench: writing the reports: {err}\n", written.stderr),
            check_command::EXIT_UNREADABLE,
        ),
        _ => print("", &written.stderr, written.code),
    }
}

/// Where a path given to `diff` is read from: `-` is standard input.
fn source_of(path: &str) -> Source {
    if path == "-" {
        Source::Stdin
    } else {
        Source::File(path.into())
    }
}

/// Replaces the file `path` by `text` in one step: written beside it, then renamed over it,
/// so a failure leaves the old file whole.
fn write_replacing(path: &str, text: &str) -> std::io::Result<()> {
    let temporary = format!("{path}.workbench-tmp");
    std::fs::write(&temporary, text)?;
    std::fs::rename(&temporary, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&temporary);
    })
}

/// Writes a command's output and gives its exit status.
fn print(stdout: &str, stderr: &str, code: u8) -> ExitCode {
    // A closed pipe (`| head`) is not worth a panic.
    let _ = std::io::stdout().write_all(stdout.as_bytes());
    let _ = std::io::stderr().write_all(stderr.as_bytes());
    ExitCode::from(code)
}

/// The bytes of a sheet, or why they cannot be read. At most
/// [`MAX_TSV_BYTES`](app::model::MAX_TSV_BYTES) (1 MiB, as the API and the page) are read: a
/// larger file, or an endless one (`/dev/zero`), is refused without reading the rest.
fn read(source: &Source) -> Result<Vec<u8>, String> {
    let limit = app::model::MAX_TSV_BYTES;
    let reader: Box<dyn Read> = match source {
        Source::Stdin => Box::new(std::io::stdin()),
        Source::File(path) => Box::new(std::fs::File::open(path).map_err(|err| err.to_string())?),
    };
    let mut bytes = Vec::new();
    reader
        .take(limit as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|err| err.to_string())?;
    if bytes.len() > limit {
        return Err(format!(
            "larger than {limit} bytes (1 MiB), the most a sheet may hold; split it into several sheets"
        ));
    }
    Ok(bytes)
}

/// The database the server and the `backup` and `restore` commands use.
fn database_url() -> String {
    std::env::var("DATABASE_URL").unwrap_or_else(|_| DEFAULT_DATABASE_URL.to_string())
}

/// Runs `workbench backup PATH`: exit 0 with the path written, 1 with the reason.
#[tokio::main(flavor = "current_thread")]
async fn backup(path: &std::path::Path) -> ExitCode {
    let url = database_url();
    let result = match Store::connect(&url).await {
        Ok(store) => store.backup(path).await.map_err(|err| err.to_string()),
        Err(err) => Err(format!("cannot open the database {url}: {err}")),
    };
    match result {
        Ok(()) => print(
            &format!("workbench: backed up {url} to {}\n", path.display()),
            "",
            0,
        ),
        Err(reason) => print("", &format!("workbench: backup failed: {reason}\n"), 1),
    }
}

/// Runs `workbench admin create-user`: exit 0 with the account made, 1 with the reason.
#[tokio::main(flavor = "current_thread")]
async fn create_user(email: &str, admin: bool, team: Option<(String, String)>) -> ExitCode {
    let password = std::env::var("WORKBENCH_PASSWORD").ok().unwrap_or_else(|| {
        let mut line = String::new();
        let _ = std::io::stdin().read_line(&mut line);
        line.trim_end_matches(['\r', '\n']).to_string()
    });
    match create_user_in(&database_url(), email, admin, team, &password).await {
        Ok(message) => print(&format!("workbench: {message}\n"), "", 0),
        Err(reason) => print("", &format!("workbench: create-user failed: {reason}\n"), 1),
    }
}

async fn create_user_in(
    url: &str,
    email: &str,
    admin: bool,
    team: Option<(String, String)>,
    password: &str,
) -> Result<String, String> {
    use workbench_store::access::Role;
    let email = workbench_store::email::parse_email(email).map_err(|err| err.to_string())?;
    let email = email.as_str();
    if password.chars().count() < workbench_store::teams::MIN_PASSWORD_CHARS {
        return Err(
            "the password must have at least 12 characters (WORKBENCH_PASSWORD or standard input)"
                .into(),
        );
    }
    let role = match &team {
        Some((_, role)) => Some(
            Role::parse(role)
                .ok_or_else(|| format!("--role {role}: use viewer, editor, reviewer or owner"))?,
        ),
        None => None,
    };
    let store = Store::connect(url).await.map_err(|err| err.to_string())?;
    let hash = server::auth::hash_password(password)?;
    let id = store
        .create_account(email, &hash, admin)
        .await
        .map_err(|err| err.to_string())?;
    store
        .audit_new_account("workbench admin", id, "")
        .await
        .map_err(|err| err.to_string())?;
    let account = store.account(id).await.map_err(|err| err.to_string())?;
    let admin = account.is_some_and(|a| a.admin);
    let mut message = format!(
        "account {id} {}{}",
        email.trim().to_lowercase(),
        if admin { " (administrator)" } else { "" }
    );
    if let (Some((name, _)), Some(role)) = (team, role) {
        let teams = store.teams().await.map_err(|err| err.to_string())?;
        let team_id = match teams.iter().find(|t| t.name == name.trim()) {
            Some(found) => found.id,
            None => {
                let made = store
                    .create_team(name.trim())
                    .await
                    .map_err(|err| err.to_string())?;
                store
                    .audit(Some(made), "workbench admin", "team-create", name.trim())
                    .await
                    .map_err(|err| err.to_string())?;
                made
            }
        };
        store
            .set_role(team_id, id, Some(role))
            .await
            .map_err(|err| err.to_string())?;
        let detail = format!("{} {role}", email.trim().to_lowercase());
        store
            .audit(Some(team_id), "workbench admin", "role", &detail)
            .await
            .map_err(|err| err.to_string())?;
        message.push_str(&format!(", {role} in team {team_id} {}", name.trim()));
    }
    Ok(message)
}

/// Runs `workbench restore PATH`: exit 0 with the number of sheets restored, 1 with the
/// reason (the database is then unchanged), among them a server holding the database.
#[tokio::main(flavor = "current_thread")]
async fn restore(path: &std::path::Path) -> ExitCode {
    let url = database_url();
    match workbench_store::restore_sqlite(path, &url).await {
        Ok(sheets) => print(
            &format!(
                "workbench: restored {url} from {} ({sheets} sheets)\n",
                path.display()
            ),
            "",
            0,
        ),
        Err(err) => print("", &format!("workbench: restore failed: {err}\n"), 1),
    }
}

/// A binary built without cargo-leptos lacks `LEPTOS_OUTPUT_NAME`; use the name of the
/// workspace's `[[workspace.metadata.leptos]]`. Called before any thread starts.
fn default_output_name() {
    if option_env!("LEPTOS_OUTPUT_NAME").is_none()
        && std::env::var_os("LEPTOS_OUTPUT_NAME").is_none()
    {
        std::env::set_var("LEPTOS_OUTPUT_NAME", "workbench");
    }
}

/// Runs the web app until Ctrl-C.
#[tokio::main]
async fn serve() -> anyhow::Result<()> {
    let leptos_options = get_configuration(None)?.leptos_options;
    let addr = leptos_options.site_addr;
    let database_url = database_url();
    let timeouts =
        server::Timeouts::from_vars(|name| std::env::var(name).ok()).map_err(anyhow::Error::msg)?;
    let mode = server::auth::Mode::choose(
        std::env::var(server::auth::MODE_VAR).ok().as_deref(),
        &database_url,
    )
    .map_err(anyhow::Error::msg)?;
    let secret = std::env::var(server::auth::SECRET_VAR).ok();
    server::auth::check_start(mode, addr, secret.as_deref()).map_err(anyhow::Error::msg)?;
    let proxies = server::forwarded::TrustedProxies::parse(
        std::env::var(server::forwarded::TRUSTED_PROXIES_VAR)
            .ok()
            .as_deref(),
    )
    .map_err(anyhow::Error::msg)?;
    let connections =
        server::serve::ConnectionLimit::from_vars(|name| std::env::var(name).ok(), proxies.clone())
            .map_err(anyhow::Error::msg)?;
    let auth = match mode {
        server::auth::Mode::Local => server::auth::Auth::local(),
        // Behind TLS (a non-loopback address, a proxy in front) cookies are `Secure`.
        server::auth::Mode::Team => {
            let secure = match std::env::var("WORKBENCH_COOKIE_SECURE").ok().as_deref() {
                Some("true") => true,
                Some("false") => false,
                _ => !addr.ip().is_loopback(),
            };
            let proxy = server::auth::ProxyAuth::from_settings(
                std::env::var(server::auth::PROXY_HEADER_VAR)
                    .ok()
                    .as_deref(),
                &proxies,
            )
            .map_err(anyhow::Error::msg)?;
            server::auth::Auth::team(secret.as_deref(), secure).with_proxy(proxy)
        }
    };
    // Held until the server ends: `workbench restore` refuses to replace the SQLite file
    // under it (the saves it acknowledged after a restore would be lost at its next start).
    let _database_lock =
        workbench_store::DatabaseLock::serving(&database_url).map_err(anyhow::Error::msg)?;
    let store = Store::connect_with(&database_url, timeouts.pool())
        .await
        .with_context(|| format!("cannot open the database {database_url}"))?;
    // Team mode on a database without accounts: the first sign-in makes the administrator,
    // and only with this code, which only the server's operator sees.
    if let Some(code) = auth.setup_code() {
        if store.account_count().await? == 0 {
            eprintln!(
                "workbench: no account yet: the first sign-in at /login makes the administrator \
                 and must give the setup code {code} (or make the administrator on the server \
                 with `workbench admin create-user EMAIL`)"
            );
        }
    }
    let app = server::router_with(
        AppState {
            leptos_options,
            store,
            allowed_hosts: server::AllowedHosts::from_env(addr),
            auth,
            proxies,
        },
        timeouts,
    );
    let listener = tokio::net::TcpListener::bind(&addr)
        .await
        .with_context(|| format!("cannot listen on {addr}"))?;
    eprintln!(
        "workbench: listening on http://{addr} ({})",
        match mode {
            server::auth::Mode::Local => "local mode: no accounts",
            server::auth::Mode::Team => "team mode: sign in at /login",
        }
    );
    server::serve::serve(listener, app, timeouts, connections, stop_signal()).await;
    Ok(())
}

/// Completes on Ctrl-C (`SIGINT`) or, on Unix, `SIGTERM` (what systemd and container
/// runtimes send to stop a service): the server then takes no new connections and finishes
/// the requests in flight.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = terminate.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
    eprintln!("workbench: stopping; finishing the requests in flight");
}

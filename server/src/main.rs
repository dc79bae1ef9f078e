//! `workbench`: the Timeout Budget Workbench.
//!
//! - `workbench serve` (the default): runs the web app on `DATABASE_URL` (default: the SQLite
//!   file `workbench.db` in the working directory) at the Leptos site address.
//! - `workbench check PATH [--format text|json]`: checks a TSV sheet (`-` for standard input);
//!   exit 0 without error findings, 1 with, 2 when the file cannot be read as a sheet.

use std::io::{Read, Write};
use std::process::ExitCode;

use anyhow::Context;
use app::ssr::{Store, DEFAULT_DATABASE_URL};
use clap::{Parser, Subcommand};
use leptos::prelude::get_configuration;
use server::check_command::{self, Format};
use server::AppState;

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
    /// Check a TSV sheet and print its report.
    Check {
        /// The sheet file; `-` reads standard input.
        path: String,
        /// `text`: a readable table; `json`: the report as JSON.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
}

fn main() -> anyhow::Result<ExitCode> {
    match Cli::parse().command.unwrap_or(Command::Serve) {
        Command::Serve => {
            default_output_name();
            serve()?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Check { path, format } => Ok(check(&path, format)),
    }
}

/// Runs `workbench check`.
fn check(path: &str, format: Format) -> ExitCode {
    let (label, input) = if path == "-" {
        let mut bytes = Vec::new();
        let read = std::io::stdin().read_to_end(&mut bytes).map(|_| bytes);
        ("standard input", read)
    } else {
        (path, std::fs::read(path))
    };
    let outcome = check_command::run(label, input, format);
    // A closed pipe (`| head`) is not worth a panic.
    let _ = std::io::stdout().write_all(outcome.stdout.as_bytes());
    let _ = std::io::stderr().write_all(outcome.stderr.as_bytes());
    ExitCode::from(outcome.code)
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
    let database_url =
        std::env::var("DATABASE_URL").unwrap_or_else(|_| DEFAULT_DATABASE_URL.to_string());
    let store = Store::connect(&database_url)
        .await
        .with_context(|| format!("cannot open the database {database_url}"))?;
    let app = server::router(AppState {
        leptos_options,
        store,
    });
    let listener = tokio::net::TcpListener::bind(&addr)
        .await
        .with_context(|| format!("cannot listen on {addr}"))?;
    eprintln!("workbench: listening on http://{addr}");
    axum::serve(listener, app.into_make_service())
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await?;
    Ok(())
}

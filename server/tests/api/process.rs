//! The built `workbench` binary run as a server process on a free loopback port, for the
//! tests that kill, restart or run several of it.

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A `workbench serve` process; killed when dropped.
pub struct Server {
    child: Child,
    /// Its address, `http://127.0.0.1:PORT`.
    pub base: String,
}

impl Server {
    /// Starts `workbench serve` on `database_url` with the extra environment `vars`, and waits
    /// (at most 20 s) until `GET /healthz` answers.
    pub fn start(database_url: &str, vars: &[(&str, &str)]) -> Server {
        Server::start_with(database_url, vars, Stdio::null())
    }

    /// [`Server::start`] with the server's standard error kept for [`Server::stderr`].
    pub fn start_logging(database_url: &str, vars: &[(&str, &str)]) -> Server {
        Server::start_with(database_url, vars, Stdio::piped())
    }

    /// [`Server::start`] with its standard error going to `stderr`.
    fn start_with(database_url: &str, vars: &[(&str, &str)], stderr: Stdio) -> Server {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let mut command = Command::new(env!("CARGO_BIN_EXE_workbench"));
        command
            .arg("serve")
            .env("DATABASE_URL", database_url)
            .env("LEPTOS_SITE_ADDR", format!("127.0.0.1:{port}"))
            .stdout(Stdio::null())
            .stderr(stderr);
        for (name, value) in vars {
            command.env(name, value);
        }
        let child = command.spawn().expect("workbench serve starts");
        let server = Server {
            child,
            base: format!("http://127.0.0.1:{port}"),
        };
        let started = Instant::now();
        while agent().get(&server.url("/healthz")).call().is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "workbench serve did not answer /healthz within 20 s"
            );
            std::thread::sleep(Duration::from_millis(25));
        }
        server
    }

    /// The address of `path` on this server.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// The lines the server writes to its standard error (of [`Server::start_logging`]; once).
    pub fn stderr(&mut self) -> std::io::Lines<std::io::BufReader<std::process::ChildStderr>> {
        use std::io::BufRead as _;
        let stderr = self
            .child
            .stderr
            .take()
            .expect("started with start_logging, read once");
        std::io::BufReader::new(stderr).lines()
    }

    /// `kill -9`: the process ends at once, in the middle of whatever it was doing.
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP client that reads every status as an answer (a 4xx is not an error) and gives up
/// on a request after 10 s.
pub fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(10)))
        .build()
        .into()
}

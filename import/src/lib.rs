//! Deployed configuration in, sheet rows out.
//!
//! The importers read configuration files as a team deploys them and write every timeout,
//! retry and keep-alive setting they find as a [`budget::Row`]: the value as the file writes
//! it, the setting under the product's own name (as the engine's catalog knows it), and the
//! location `PATH:LINE` followed by a selector that names the setting inside its object
//! (`VirtualService reviews http[0].retries.attempts`), so the row still finds its setting after
//! lines are added elsewhere in the file.
//!
//! The crate is pure: the caller hands it each file's path and text ([`File`]) and gets rows
//! and errors back ([`import`]); it reads no file and opens no connection. One module per
//! format; [`k8s`] reads Kubernetes YAML (multi-document, `helm template` output, and chart
//! templates whose placeholders stay unresolved).
//!
//! Nothing is guessed: a templated value (`{{ .Values.timeout }}`, `${TIMEOUT}`) becomes a row
//! whose value is the text as written and whose rationale says `unresolved: template`, and a
//! file that cannot be parsed is an [`ImportError`] naming `PATH:LINE:COLUMN` while the other
//! files are still imported.

pub mod drift;
pub mod envoy;
mod file;
pub mod gunicorn;
pub mod haproxy;
pub mod into;
pub mod k8s;
mod location;
pub mod nginx;
mod row;
pub mod spring;
pub mod terraform;
#[cfg(test)]
mod testing;
mod yaml;

use budget::Lang;

pub use file::{File, ImportError, Imported};

/// The configuration formats the importers read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Format {
    /// Kubernetes YAML: any YAML document with `apiVersion` or `kind` (`*.yaml`, `*.yml`, and
    /// chart templates).
    Kubernetes,
    /// nginx: `nginx.conf`, `*.conf`, and site files without an extension (`sites-available/app`)
    /// whose text holds nginx blocks.
    Nginx,
    /// Terraform: `*.tf`.
    Terraform,
    /// Spring Boot: `application*.yml`/`.yaml`/`.properties` and `bootstrap*` files, and any YAML
    /// file whose top level holds Spring Boot's own keys (`spring`, `server`, `resilience4j`, ...).
    Spring,
    /// Envoy static configuration: YAML with `static_resources` at its top level.
    Envoy,
    /// HAProxy: `haproxy.cfg` and `*.cfg` files with HAProxy sections.
    Haproxy,
    /// gunicorn: a Python file whose name holds `gunicorn` (`gunicorn.conf.py`).
    Gunicorn,
}

/// The top-level keys of a Spring Boot configuration file that no Kubernetes or Envoy file has.
const SPRING_ROOTS: &[&str] = &[
    "spring:",
    "server:",
    "resilience4j:",
    "feign:",
    "hystrix:",
    "ribbon:",
    "zuul:",
    "management:",
    "eureka:",
];

/// HAProxy's section keywords, one of which starts a line of every `haproxy.cfg`.
const HAPROXY_SECTIONS: &[&str] = &["global", "defaults", "frontend", "backend", "listen"];

impl Format {
    /// Whether a file of this name may hold a format the importers read (a directory walk reads
    /// only these; [`Format::detect`] then decides from the text).
    pub fn is_candidate(path: &str) -> bool {
        let name = file_name(path).to_ascii_lowercase();
        let extension = name.rsplit_once('.').map(|(_, e)| e);
        match extension {
            Some("yaml" | "yml" | "tpl" | "conf" | "cfg" | "tf" | "properties") => true,
            Some("py") => name.contains("gunicorn"),
            // nginx site files (`sites-available/app`) have no extension.
            None => true,
            Some(_) => false,
        }
    }

    /// The format of the file `path` whose text is `text`, or `None` for a file no importer
    /// reads. The name decides where it can (`*.tf`, `*.properties`, `gunicorn*.py`); YAML is
    /// told apart by its top-level keys, and `*.cfg`, `*.conf` and files without an extension by
    /// their blocks.
    pub fn detect(path: &str, text: &str) -> Option<Format> {
        let name = file_name(path).to_ascii_lowercase();
        let extension = name.rsplit_once('.').map(|(_, e)| e);
        match extension {
            Some("tf") => Some(Format::Terraform),
            Some("properties") => Some(Format::Spring),
            Some("py") => name.contains("gunicorn").then_some(Format::Gunicorn),
            Some("yaml" | "yml" | "tpl") => Some(yaml_format(&name, text)),
            Some("cfg") if is_haproxy(text) => Some(Format::Haproxy),
            Some("conf") | None if is_nginx(text) => Some(Format::Nginx),
            _ => None,
        }
    }
}

/// The last component of `path`.
fn file_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

/// Which YAML format a YAML file is, from its top-level keys (a key at the start of a line).
fn yaml_format(name: &str, text: &str) -> Format {
    let top = |key: &str| text.lines().any(|line| line.starts_with(key));
    if top("static_resources:") {
        Format::Envoy
    } else if top("apiVersion:") || top("kind:") || text.contains("\napiVersion:") {
        Format::Kubernetes
    } else if name.starts_with("application")
        || name.starts_with("bootstrap")
        || SPRING_ROOTS.iter().any(|key| top(key))
    {
        Format::Spring
    } else {
        Format::Kubernetes
    }
}

/// Whether `text` has a line that opens an HAProxy section.
fn is_haproxy(text: &str) -> bool {
    text.lines().any(|line| {
        let word = line.split_whitespace().next().unwrap_or("");
        !line.starts_with([' ', '\t']) && HAPROXY_SECTIONS.contains(&word)
    })
}

/// Whether `text` holds an nginx block: `http {`, `server {`, `upstream NAME {` or
/// `location ... {`.
fn is_nginx(text: &str) -> bool {
    text.lines().any(|line| {
        let line = line.trim_start();
        let word = line.split_whitespace().next().unwrap_or("");
        matches!(word, "http" | "server" | "upstream" | "location" | "events")
            && line.trim_end().ends_with('{')
    })
}

/// Imports `files`, each read as the format [`Format::detect`] finds (a file no importer reads
/// is skipped): the rows of every file that parses and an error for each one that does not.
/// The rows' items and rationales are in `lang`, the sheet's language; values, settings and
/// locations are the files' own text in either.
///
/// The files of one format are imported together because objects in one file name objects in
/// another: an Istio `DestinationRule`'s settings go on the hops whose `VirtualService` routes to
/// its host, and an nginx `include` brings in another file's directives. Formats come in the
/// order of [`Format`], files in the order given.
pub fn import(files: &[File<'_>], lang: Lang) -> Imported {
    let mut by_format: Vec<(Format, Vec<File<'_>>)> = Vec::new();
    for file in files {
        let Some(format) = Format::detect(file.path, file.text) else {
            continue;
        };
        match by_format.iter_mut().find(|(f, _)| *f == format) {
            Some((_, group)) => group.push(*file),
            None => by_format.push((format, vec![*file])),
        }
    }
    by_format.sort_by_key(|(format, _)| *format);
    let mut out = Imported::default();
    for (format, group) in &by_format {
        let part = match format {
            Format::Kubernetes => k8s::import(group, lang),
            Format::Nginx => nginx::import(group, lang),
            Format::Terraform => terraform::import(group, lang),
            Format::Spring => spring::import(group, lang),
            Format::Envoy => envoy::import(group, lang),
            Format::Haproxy => haproxy::import(group, lang),
            Format::Gunicorn => gunicorn::import(group, lang),
        };
        out.rows.extend(part.rows);
        out.errors.extend(part.errors);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_are_told_by_name_and_text() {
        let detect = Format::detect;
        assert_eq!(detect("infra/lb.tf", ""), Some(Format::Terraform));
        assert_eq!(
            detect("src/main/resources/application.properties", ""),
            Some(Format::Spring)
        );
        assert_eq!(
            detect("gunicorn.conf.py", "timeout = 30\n"),
            Some(Format::Gunicorn)
        );
        assert_eq!(detect("manage.py", "timeout = 30\n"), None);
        assert_eq!(
            detect("k8s/vs.yaml", "---\napiVersion: networking.istio.io/v1\n"),
            Some(Format::Kubernetes)
        );
        assert_eq!(
            detect("front-envoy.yaml", "admin:\n  x: 1\nstatic_resources:\n"),
            Some(Format::Envoy)
        );
        assert_eq!(
            detect("shared/gateway.yml", "hystrix:\n  command: {}\n"),
            Some(Format::Spring)
        );
        assert_eq!(
            detect("application-dev.yml", "x: 1\n"),
            Some(Format::Spring)
        );
        assert_eq!(
            detect(
                "haproxy.cfg",
                "global\n  maxconn 100\ndefaults\n  timeout connect 5s\n"
            ),
            Some(Format::Haproxy)
        );
        assert_eq!(detect("setup.cfg", "[metadata]\nname = x\n"), None);
        assert_eq!(
            detect("sites-available/peertube", "server {\n  listen 80;\n}\n"),
            Some(Format::Nginx)
        );
        assert_eq!(detect("README", "server {\n"), Some(Format::Nginx));
        assert_eq!(detect("LICENSE", "MIT License\n"), None);
        assert_eq!(detect("notes.txt", "server {\n"), None);
    }

    #[test]
    fn candidates_are_the_names_a_format_can_have() {
        assert!(Format::is_candidate("k8s/vs.yaml"));
        assert!(Format::is_candidate("nginx/sites-available/app"));
        assert!(Format::is_candidate("gunicorn.conf.py"));
        assert!(!Format::is_candidate("app/models.py"));
        assert!(!Format::is_candidate("logo.png"));
    }
}

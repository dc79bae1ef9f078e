//! What the server functions take and answer besides the model's records: the built-in example
//! sheets, and the configuration files the page sends with their
//! comparison with a sheet.

use budget::Lang;

/// The name and TSV text of the built-in example sheet in `lang` (golden G1).
pub fn example(lang: Lang) -> (&'static str, &'static str) {
    match lang {
        Lang::Ja => ("予約システム（例）", budget::example::RESERVATION_JA),
        Lang::En => (
            "Reservation system (example)",
            budget::example::RESERVATION_EN,
        ),
    }
}

/// The most bytes of configuration the page sends at once, paths and texts together: the
/// [`MAX_TSV_BYTES`](crate::model::MAX_TSV_BYTES) a TSV import takes (1 MiB).
pub const MAX_CONFIG_BYTES: usize = crate::model::MAX_TSV_BYTES;

/// The most configuration files the page sends at once.
pub const MAX_CONFIG_FILES: usize = 500;

/// One configuration file as the browser read it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ConfigFile {
    /// The path the rows' locations name: inside a chosen folder, the path from the folder
    /// (`istio/reviews-vs.yaml`); else the file's name, or the name typed for a paste.
    pub path: String,
    /// The file's text.
    pub text: String,
}

/// Whether the page sends a file at `path` to the importers: a name a configuration format
/// can have (`*.yaml`, `*.yml`, `*.tpl`, `*.conf`, `*.cfg`, `*.tf`, `*.properties`,
/// `gunicorn*.py`, and names without an extension, as nginx's site files are), outside a
/// hidden folder (`.git/`). The same names as `workbench_import::Format::is_candidate`
/// (a test holds them together), written here because the importers stay out of the wasm.
pub fn is_config_path(path: &str) -> bool {
    let mut parts = path.split(['/', '\\']).filter(|p| !p.is_empty());
    let Some(name) = parts.next_back() else {
        return false;
    };
    if name.starts_with('.') || parts.any(|folder| folder.starts_with('.') && folder != "..") {
        return false;
    }
    let name = name.to_ascii_lowercase();
    match name.rsplit_once('.').map(|(_, e)| e) {
        Some("yaml" | "yml" | "tpl" | "conf" | "cfg" | "tf" | "properties") => true,
        Some("py") => name.contains("gunicorn"),
        None => true,
        Some(_) => false,
    }
}

/// The bytes `files` take against [`MAX_CONFIG_BYTES`]: every path and text.
pub fn config_bytes(files: &[ConfigFile]) -> usize {
    files.iter().map(|f| f.path.len() + f.text.len()).sum()
}

/// One row of a sheet that is not what the configuration files set
/// (`workbench_import::drift::DriftFinding`, with its message written).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DriftLine {
    /// `config.drift` (another value), `config.gone` (no longer set, or the file is not
    /// among those compared) or `config.unreadable`.
    pub code: String,
    /// `error` or `warning`.
    pub severity: budget::Severity,
    /// The sheet's row, 1-based (the header not counted), as the grid numbers it.
    pub row: usize,
    /// The row's setting (its item when it names none).
    pub setting: String,
    /// The row's value as the sheet writes it.
    pub sheet_value: String,
    /// The value the file sets now, as written; `None` when it sets none or cannot be read.
    pub file_value: Option<String>,
    /// The file.
    pub path: String,
    /// The line the setting is on now (for one that is gone, the line the sheet names).
    pub line: usize,
    /// The finding in words, in the sheet's language.
    pub message: String,
}

/// A sheet compared with configuration files ([`compare_config`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ConfigDrift {
    /// The rows that differ from the files, in row order.
    pub findings: Vec<DriftLine>,
    /// Rows compared with a file that agree with it.
    pub agreeing: usize,
    /// Rows whose location names no configuration file: not compared.
    pub skipped: usize,
    /// The files the sheet's rows name that were not among those compared (their rows count
    /// as gone), in the order the rows name them.
    pub not_given: Vec<String>,
}

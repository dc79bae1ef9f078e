//! The server's integration tests, one binary: the JSON API and the pages driven in-process
//! through `router()`, the store on SQLite and PostgreSQL, and the built `workbench` binary.

mod check;
mod cli;
mod config_cli;
mod config_import;
mod deploy;
mod diff_cli;
mod display;
mod durability;
mod emails;
mod export;
mod first_admin;
mod forms;
mod forwarded;
mod helpers;
mod history;
mod hostile;
mod hostile_html;
mod ids;
mod instances;
mod mutated;
mod openapi;
mod pages;
mod picture;
mod process;
mod proposals;
mod report_basis;
mod roles;
mod security;
mod sheets;
mod sign_in_limits;
mod storage;
mod team_page;
mod team_security;
mod timeouts;
mod ui_lang;

//! The pieces the pages are built from. Each renders what it is given; none computes a
//! budget.

pub mod budget_picture;
pub mod catalog;
pub mod config_import;
pub mod error_line;
pub mod error_panel;
pub mod export_links;
pub mod findings;
pub mod form;
pub mod hop_table;
pub mod import_rows;
pub mod lang_select;
pub mod new_sheet;
pub mod node_table;
pub mod report;
pub mod save_status;
pub mod sheet_list;
pub mod sheet_settings;
pub mod traced_number;
pub mod tsv_input;

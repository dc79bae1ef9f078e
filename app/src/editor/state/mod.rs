//! The editor's state: the rows being typed ([`draft`]), their saves ([`autosave`], whose
//! progress [`save_status`] names), undo and redo ([`undo`]), the cells selected
//! ([`selection`]), other editors' saves as they happen ([`live`]) and the report sent as
//! what changed since the one the page holds ([`report_changes`]).

pub mod autosave;
pub mod draft;
pub mod live;
pub mod report_changes;
pub mod save_status;
pub mod selection;
pub mod undo;

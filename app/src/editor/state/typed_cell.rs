//! The cell being typed in: the focused field of the grid in edit mode (`data-mode="edit"`,
//! written by the grid's cell events), found in the page when someone else's save arrives,
//! so that it keeps the user's text.

use budget::{Column, Lang};

/// The line index (from 0) and the column of the grid cell being edited, if one is.
pub fn edited_cell() -> Option<(usize, Column)> {
    let field = web_sys::window()?.document()?.active_element()?;
    if field.get_attribute("data-mode").as_deref() != Some("edit") {
        return None;
    }
    let testid = field.get_attribute("data-testid")?;
    let name = testid.strip_prefix("cell-")?;
    let column = Column::ALL
        .into_iter()
        .find(|c| c.header(Lang::En) == name)?;
    let row = field.closest("tr[data-testid^='row-']").ok()??;
    let line: usize = row
        .get_attribute("data-testid")?
        .strip_prefix("row-")?
        .parse()
        .ok()?;
    Some((line.checked_sub(1)?, column))
}

//! Imported rows into an existing sheet (`workbench import --into SHEET.tsv`), and a team's
//! own names for the layers and ends the files name (`--map map.toml`).
//!
//! The sheet stays the team's: its rows, segments, items and rationales stay as they are; a
//! row that an imported row sets takes the file's value and location, and settings the sheet
//! does not have yet are appended.

use budget::Row;

use crate::drift::Place;

/// What [`update`] made of a sheet.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Updated {
    /// The sheet's rows, in its order, then the new settings in the files' order.
    pub rows: Vec<Row>,
    /// Sheet rows whose value or location the files changed.
    pub changed: usize,
    /// Imported rows appended as new settings.
    pub appended: usize,
}

/// Updates `sheet` with `imported`: each imported row sets the sheet row that names the same
/// place (the same file and selector; the same file and line when the sheet's location has no
/// selector), else the sheet row of the same segment and setting that names no place in a
/// file; that row takes the file's value and location, and keeps everything else. An imported
/// row that sets no sheet row is appended. Each sheet row is set by one imported row at most.
pub fn update(sheet: &[Row], imported: &[Row]) -> Updated {
    let mut rows = sheet.to_vec();
    let mut taken = vec![false; rows.len()];
    let mut out = Updated::default();
    let places: Vec<Option<Place<'_>>> = sheet.iter().map(|r| Place::parse(&r.location)).collect();
    for new in imported {
        let here = Place::parse(&new.location);
        let by_place = here.and_then(|here| {
            places.iter().enumerate().position(|(i, place)| {
                !taken[i]
                    && place.is_some_and(|p| {
                        p.path == here.path
                            && match p.selector {
                                Some(selector) => here.selector == Some(selector),
                                None => p.line == here.line,
                            }
                    })
            })
        });
        let by_name = || {
            // The sheet's own rows only: appended rows are the files', not the sheet's.
            (0..sheet.len()).find(|&i| {
                !taken[i]
                    && places[i].is_none()
                    && sheet[i].segment == new.segment
                    && sheet[i].setting == new.setting
            })
        };
        match by_place.or_else(by_name) {
            Some(i) => {
                taken[i] = true;
                let row = &mut rows[i];
                if row.value != new.value || row.location != new.location {
                    out.changed += 1;
                }
                row.value.clone_from(&new.value);
                row.location.clone_from(&new.location);
                if row.default.is_empty() {
                    row.default.clone_from(&new.default);
                }
            }
            None => {
                rows.push(new.clone());
                out.appended += 1;
            }
        }
    }
    out.rows = rows;
    out
}

/// Renames the layers and the ends of the segments of `rows` by `names` (a name in the files
/// → the sheet's name for it): a layer cell that is a name, and each end of a segment
/// `A -> B` that is one, take the sheet's name. Other text stays.
pub fn rename(rows: &mut [Row], names: &[(String, String)]) {
    let find = |name: &str| {
        names
            .iter()
            .find(|(from, _)| from == name)
            .map(|(_, to)| to.clone())
    };
    for row in rows {
        if let Some(to) = find(row.layer.trim()) {
            row.layer = to;
        }
        if let Some((from, to)) = row.segment.split_once("->") {
            let (a, b) = (from.trim(), to.trim());
            let a = find(a).unwrap_or_else(|| a.to_owned());
            let b = find(b).unwrap_or_else(|| b.to_owned());
            row.segment = format!("{a} -> {b}");
        } else if let Some(to) = find(row.segment.trim()) {
            row.segment = to;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(segment: &str, setting: &str, value: &str, location: &str) -> Row {
        Row {
            layer: "L".into(),
            segment: segment.into(),
            item: "read timeout".into(),
            setting: setting.into(),
            value: value.into(),
            location: location.into(),
            rationale: "the team's reason".into(),
            ..Row::default()
        }
    }

    #[test]
    fn a_row_set_by_place_or_by_name_takes_the_files_value_and_keeps_the_rest() {
        let sheet = vec![
            row(
                "LB -> app",
                "timeout",
                "30s",
                "k8s/vs.yaml:11 VirtualService app http[0].timeout",
            ),
            row("app -> db", "connection-timeout", "5s", "the app's wiki"),
            row("client -> LB", "deadline", "60s", ""),
        ];
        let imported = vec![
            // Lines were added above: the selector still finds the row.
            row(
                "app-hosts -> app",
                "timeout",
                "45s",
                "k8s/vs.yaml:14 VirtualService app http[0].timeout",
            ),
            Row {
                rationale: String::new(),
                ..row(
                    "app -> db",
                    "connection-timeout",
                    "3000",
                    "application.yml:9 spring.datasource.hikari.connection-timeout",
                )
            },
            row(
                "app -> cache",
                "timeout",
                "1s",
                "application.yml:12 spring.data.redis.timeout",
            ),
        ];
        let out = update(&sheet, &imported);
        assert_eq!((out.changed, out.appended), (2, 1));
        assert_eq!(out.rows.len(), 4);
        assert_eq!(out.rows[0].value, "45s");
        assert_eq!(out.rows[0].segment, "LB -> app");
        assert_eq!(
            out.rows[0].location,
            "k8s/vs.yaml:14 VirtualService app http[0].timeout"
        );
        assert_eq!(out.rows[0].rationale, "the team's reason");
        // `the app's wiki` is not a place in a file: the row is found by segment and setting,
        // and now says where its value comes from.
        assert_eq!(out.rows[1].value, "3000");
        assert_eq!(
            out.rows[1].location,
            "application.yml:9 spring.datasource.hikari.connection-timeout"
        );
        assert_eq!(out.rows[1].rationale, "the team's reason");
        assert_eq!(out.rows[2], sheet[2]);
        assert_eq!(out.rows[3].segment, "app -> cache");
    }

    #[test]
    fn rows_appended_before_others_are_matched_do_not_count_as_the_sheets() {
        let sheet = vec![row("a -> b", "timeout", "1s", "")];
        let imported = vec![
            row("x -> y", "timeout", "2s", "f.yaml:1 X"),
            row("x -> y", "retries", "3", "f.yaml:2 Y"),
            row("a -> b", "timeout", "5s", "f.yaml:3 Z"),
        ];
        let out = update(&sheet, &imported);
        assert_eq!((out.changed, out.appended), (1, 2));
        let values: Vec<&str> = out.rows.iter().map(|r| r.value.as_str()).collect();
        assert_eq!(values, ["5s", "2s", "3"]);
    }

    #[test]
    fn names_in_the_files_become_the_sheets_names() {
        let mut rows = vec![
            row("reviews.example.com -> reviews-v2", "timeout", "2s", ""),
            Row {
                layer: "VirtualService reviews".into(),
                ..row("reviews-v2", "x", "1", "")
            },
        ];
        let names = vec![
            ("reviews.example.com".to_owned(), "LB".to_owned()),
            ("reviews-v2".to_owned(), "reviews".to_owned()),
            ("VirtualService reviews".to_owned(), "mesh".to_owned()),
        ];
        rename(&mut rows, &names);
        assert_eq!(rows[0].segment, "LB -> reviews");
        assert_eq!(
            (rows[1].layer.as_str(), rows[1].segment.as_str()),
            ("mesh", "reviews")
        );
    }
}

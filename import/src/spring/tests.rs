use super::*;

fn one(path: &str, text: &str) -> Imported {
    import(&[File { path, text }], Lang::En)
}

/// `segment | setting | value | location` of each row that is not a route group.
fn brief(rows: &[Row]) -> Vec<String> {
    rows.iter()
        .filter(|r| r.item != "route group")
        .map(|r| {
            format!(
                "{} | {} | {} | {}",
                r.segment, r.setting, r.value, r.location
            )
        })
        .collect()
}

#[test]
fn smoke() {
    let out = one(
        "a/application.yml",
        "spring.datasource.hikari.connectionTimeout: 2000\n",
    );
    assert_eq!(out.errors, []);
    assert_eq!(brief(&out.rows), ["a -> database | spring.datasource.hikari.connection-timeout | 2000 | a/application.yml:1 spring.datasource.hikari.connection-timeout"]);
}

use super::*;

const VS: &str = "\
apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: reviews
spec:
  hosts: [reviews]
  http:
  - route:
    - destination:
        host: reviews-v2
    timeout: 2s
    retries:
      attempts: 2
      perTryTimeout: 1s
";

/// The rows `workbench import` writes for `text` at `path`.
fn imported(path: &str, text: &str) -> Vec<Row> {
    import(&[File { path, text }], Lang::En).rows
}

/// A reader of one file.
fn one(path: &'static str, text: &'static str) -> impl FnMut(&str) -> Read {
    move |p: &str| {
        if p == path {
            Read::Text(text.to_owned())
        } else {
            Read::Missing
        }
    }
}

#[test]
fn the_imported_sheet_agrees_with_its_files() {
    let rows = imported("k8s/vs.yaml", VS);
    let out = drift(&rows, &mut one("k8s/vs.yaml", VS));
    assert_eq!(out.findings, []);
    // Every row, the route group's included, names its line in the file.
    assert_eq!((out.agreeing, out.skipped), (4, 0), "{rows:#?}");
}

#[test]
fn a_changed_value_is_drift_at_its_line_now_even_with_lines_added_above() {
    let rows = imported("k8s/vs.yaml", VS);
    let edited = VS
        .replace("metadata:\n", "metadata:\n  labels:\n    app: reviews\n")
        .replace("attempts: 2", "attempts: 5");
    let edited: &'static str = Box::leak(edited.into_boxed_str());
    let out = drift(&rows, &mut one("k8s/vs.yaml", edited));
    assert_eq!(
        out.findings,
        [DriftFinding {
            code: DriftCode::Drift,
            severity: Severity::Error,
            row: 3,
            setting: "retries.attempts".into(),
            sheet_value: "2".into(),
            file_value: Some("5".into()),
            path: "k8s/vs.yaml".into(),
            line: 15,
            default: None,
            reason: None,
        }]
    );
    assert_eq!(
        out.findings[0].message(Lang::En),
        "row 3 retries.attempts: the sheet says 2; k8s/vs.yaml:15 says 5"
    );
    assert_eq!(
        out.findings[0].message(Lang::Ja),
        "行 3 retries.attempts: シートは 2、k8s/vs.yaml:15 は 5"
    );
}

#[test]
fn durations_agree_in_any_unit_and_a_bare_number_takes_its_products_unit() {
    let mut rows = imported("k8s/vs.yaml", VS);
    // The sheet writes Istio's `2s` as `2000ms`: the same duration.
    rows[1].value = "2000ms".into();
    let out = drift(&rows, &mut one("k8s/vs.yaml", VS));
    assert_eq!(out.findings, []);
    // ingress-nginx reads `"60"` as seconds: a sheet's `1m` agrees with it, `30s` does not.
    let ingress = "\
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: api
  annotations:
    nginx.ingress.kubernetes.io/proxy-read-timeout: \"60\"
spec:
  rules:
  - host: api.example.com
    http:
      paths:
      - path: /
        backend:
          service:
            name: api
";
    let mut rows = imported("ing.yaml", ingress);
    let read = rows
        .iter()
        .position(|r| r.setting.ends_with("proxy-read-timeout"))
        .unwrap();
    rows[read].value = "1m".into();
    assert_eq!(drift(&rows, &mut one("ing.yaml", ingress)).findings, []);
    rows[read].value = "30s".into();
    let out = drift(&rows, &mut one("ing.yaml", ingress));
    assert_eq!(
        out.findings[0].message(Lang::En),
        format!(
            "row {} nginx.ingress.kubernetes.io/proxy-read-timeout: the sheet says 30s; ing.yaml:6 says 60",
            read + 1
        )
    );
}

#[test]
fn a_setting_removed_is_gone_and_names_the_default_that_applies() {
    let rows = imported("k8s/vs.yaml", VS);
    let without = VS.replace(
        "    retries:\n      attempts: 2\n      perTryTimeout: 1s\n",
        "",
    );
    let without: &'static str = Box::leak(without.into_boxed_str());
    let out = drift(&rows, &mut one("k8s/vs.yaml", without));
    let messages: Vec<String> = out.findings.iter().map(|f| f.message(Lang::En)).collect();
    assert_eq!(
        messages,
        [
            "row 3 retries.attempts: the sheet says 2; k8s/vs.yaml:8 no longer sets it: its default applies: 2 retries",
            "row 4 retries.perTryTimeout: the sheet says 1s; k8s/vs.yaml:14 no longer sets it: its default applies: none",
        ]
    );
    assert_eq!(out.findings[0].code, DriftCode::Gone);
    // The sheet's 2 retries are Istio's default: what applies is what the sheet says.
    assert_eq!(out.findings[0].severity, Severity::Warning);
    assert_eq!(out.findings[1].severity, Severity::Error);
    assert_eq!(
        out.findings[1].message(Lang::Ja),
        "行 4 retries.perTryTimeout: シートは 1s、k8s/vs.yaml:14 にはもう設定がない: 既定値が適用される: none"
    );
}

#[test]
fn a_broken_file_is_unreadable_and_a_missing_one_gone() {
    let rows = imported("k8s/vs.yaml", VS);
    let out = drift(&rows, &mut one("k8s/vs.yaml", "kind: [VirtualService\n"));
    assert_eq!(out.findings.len(), rows.len());
    assert_eq!(out.findings[0].code, DriftCode::Unreadable);
    assert!(
        out.findings[0].message(Lang::En).starts_with(
            "row 1 route group: k8s/vs.yaml:2 cannot be read: 2:1: while parsing a flow sequence"
        ),
        "{}",
        out.findings[0].message(Lang::En)
    );
    let out = drift(&rows, &mut |_: &str| Read::Missing);
    assert!(out.findings.iter().all(|f| f.code == DriftCode::Gone));
    let out = drift(&rows, &mut |_: &str| {
        Read::Unreadable("not UTF-8 text".into())
    });
    assert_eq!(
        out.findings[1].message(Lang::En),
        "row 2 HTTPRoute.timeout: k8s/vs.yaml:11 cannot be read: not UTF-8 text"
    );
}

#[test]
fn rows_that_name_no_configuration_file_are_counted_and_skipped() {
    let rows = vec![
        Row {
            setting: "timeout".into(),
            value: "3s".into(),
            location: "https://console.example.com:443".into(),
            ..Row::default()
        },
        Row {
            setting: "timeout".into(),
            value: "3s".into(),
            location: "src/client.ts:40".into(),
            ..Row::default()
        },
        Row {
            setting: "timeout".into(),
            value: "3s".into(),
            location: "app.ts:12".into(),
            ..Row::default()
        },
    ];
    let out = drift(&rows, &mut |p: &str| match p {
        "app.ts" => Read::Text("export const timeout = 3000;\n".into()),
        _ => Read::Missing,
    });
    assert_eq!(
        out,
        Drift {
            findings: vec![],
            agreeing: 0,
            skipped: 3
        }
    );
}

#[test]
fn a_location_without_a_selector_matches_by_line() {
    let mut rows = imported("k8s/vs.yaml", VS);
    for r in &mut rows {
        r.location = r.location.split(' ').next().unwrap().to_owned();
    }
    rows[2].value = "3".into();
    let out = drift(&rows, &mut one("k8s/vs.yaml", VS));
    assert_eq!(out.findings.len(), 1);
    assert_eq!(
        out.findings[0].message(Lang::En),
        "row 3 retries.attempts: the sheet says 3; k8s/vs.yaml:13 says 2"
    );
}

#[test]
fn deployed_values_replace_the_rows_of_the_files_named_only() {
    let mut rows = imported("k8s/vs.yaml", VS);
    rows.push(Row {
        setting: "timeout".into(),
        value: "3s".into(),
        location: "other.yaml:3 VirtualService x http[0].timeout".into(),
        ..Row::default()
    });
    let edited = VS
        .replace("attempts: 2", "attempts: 5")
        .replace("      perTryTimeout: 1s\n", "");
    let edited: &'static str = Box::leak(edited.into_boxed_str());
    let now = deployed(
        &rows,
        &["k8s/vs.yaml".to_owned()],
        &mut one("k8s/vs.yaml", edited),
    );
    let values: Vec<&str> = now.iter().map(|r| r.value.as_str()).collect();
    assert_eq!(values, ["reviews", "2s", "5", "—", "3s"]);
    assert_eq!(now[2].location, rows[2].location);
    // A file that cannot be parsed changes nothing.
    let now = deployed(
        &rows,
        &["k8s/vs.yaml".to_owned()],
        &mut one("k8s/vs.yaml", "a: [\n"),
    );
    assert_eq!(now, rows);
}

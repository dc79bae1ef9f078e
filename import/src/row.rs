//! Building the rows the importers write.

use budget::{Kind, Lang, Row};

/// The rationale of a row whose value is a template placeholder the importer cannot resolve.
pub(crate) const UNRESOLVED_TEMPLATE: &str = "unresolved: template";

/// Whether `text` holds a template placeholder: Go templates and Helm (`{{ .Values.x }}`) or
/// shell and envsubst variables (`${TIMEOUT}`).
pub(crate) fn is_template(text: &str) -> bool {
    text.contains("{{") || text.contains("${")
}

/// A row of `kind` on `segment`: the item is the kind's English item name (`other` for a
/// setting the engine shows but does not count), so the engine reads the row's kind from it
/// whatever the setting is called.
pub(crate) fn row(
    layer: &str,
    segment: &str,
    kind: Kind,
    setting: &str,
    value: &str,
    location: String,
) -> Row {
    Row {
        layer: layer.to_owned(),
        segment: segment.to_owned(),
        item: match kind.item(Lang::En) {
            "" => kind.term_name(Lang::En).to_owned(),
            item => item.to_owned(),
        },
        setting: setting.to_owned(),
        default: String::new(),
        value: value.to_owned(),
        location,
        rationale: if is_template(value) {
            UNRESOLVED_TEMPLATE.to_owned()
        } else {
            String::new()
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_are_recognised() {
        assert!(is_template("{{ .Values.timeout }}"));
        assert!(is_template("${TIMEOUT}s"));
        assert!(!is_template("30s"));
        assert!(!is_template("$30"));
    }

    #[test]
    fn a_template_value_is_kept_as_written_and_said_unresolved() {
        let r = row(
            "l",
            "a -> b",
            Kind::Read,
            "x",
            "{{ .Values.t }}",
            "f:1 s".into(),
        );
        assert_eq!(r.value, "{{ .Values.t }}");
        assert_eq!(r.rationale, "unresolved: template");
        assert_eq!(r.item, "read timeout");
    }
}

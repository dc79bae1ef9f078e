//! Where a setting is: `PATH:LINE` and a selector that names it inside its object.

/// The location cell of a row: `PATH:LINE SELECTOR` (`k8s/vs.yaml:14 VirtualService reviews
/// http[0].retries.attempts`). The line finds the setting in the file as it is; the selector
/// still finds it after lines are added above it.
pub(crate) fn location(path: &str, line: usize, selector: &str) -> String {
    format!("{path}:{line} {selector}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_line_then_selector() {
        assert_eq!(
            location(
                "k8s/vs.yaml",
                14,
                "VirtualService reviews http[0].retries.attempts"
            ),
            "k8s/vs.yaml:14 VirtualService reviews http[0].retries.attempts"
        );
    }
}

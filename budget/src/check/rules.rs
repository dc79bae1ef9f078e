//! Stage 6, rules: the rulebook's findings that add no numbers to the budget
//! (`budget-model.md` §5, marked R): implausible values and a product's rules between two of
//! its settings ([`values`]), lock below statement and read intervals ([`bounds`]), idle
//! direction ([`idle`]), and retry amplification, unsafe and hidden retries ([`retries`]).
//!
//! Input: everything the stages before found ([`Input`]). Output: findings only.
//!
//! Where the model leaves a case open, the rule and a worked number are written on the
//! function that decides it.

mod bounds;
mod idle;
mod input;
mod retries;
mod values;

pub(crate) use input::Input;

use super::findings::Findings;

/// Runs every rule.
pub(crate) fn apply(input: Input, out: &mut Findings) {
    values::implausible_values(input, out);
    bounds::lock_below_statement(input, out);
    bounds::read_interval_only(input, out);
    idle::idle_direction(input, out);
    retries::retry_amplification(input, out);
    retries::retry_unsafe(input, out);
    retries::retry_hidden(input, out);
    retries::retry_pointless(input, out);
    values::setting_pairs(input, out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::graph::Graph;
    use crate::check::{hops, rows};
    use crate::code::FindingCode;
    use crate::sheet::Lang;
    use crate::sheet::Row;

    fn row(segment: &str, item: &str, setting: &str, value: &str) -> Row {
        Row {
            segment: segment.into(),
            item: item.into(),
            setting: setting.into(),
            value: value.into(),
            ..Row::default()
        }
    }

    /// The findings of the rules alone.
    fn rules(sheet: &[Row]) -> Vec<crate::Finding> {
        let mut out = Findings::new();
        let mut infos = rows::read(sheet, &mut out);
        let graph = Graph::build(sheet, &mut infos, &mut out);
        let hop_calcs = hops::compute(&graph, &infos, 1_000, &mut out);
        let mut rules_out = Findings::new();
        let input = Input {
            rows: sheet,
            infos: &infos,
            graph: &graph,
            hops: &hop_calcs,
            amplification_threshold: 3,
        };
        apply(input, &mut rules_out);
        rules_out.into_list(Lang::En, crate::render::words)
    }

    #[test]
    fn idle_direction_compares_the_callee_with_the_caller() {
        let f = rules(&[
            row("ALB -> app", "idle timeout (caller)", "", "60s"),
            row("ALB -> app", "idle timeout (callee)", "", "5s"),
        ]);
        let f: Vec<_> = f
            .iter()
            .filter(|f| f.code == FindingCode::IdleDirection)
            .collect();
        assert_eq!(
            (f[0].bound_ms, f[0].need_ms, f[0].short_by_ms),
            (Some(5_000), Some(60_000), Some(55_000))
        );
    }

    #[test]
    fn a_disabled_lock_timeout_is_never_below_the_statement_timeout() {
        let f = rules(&[
            row("app -> db", "statement timeout", "statement_timeout", "2s"),
            row("app -> db", "lock timeout", "lock_timeout", "0"),
        ]);
        let f: Vec<_> = f
            .iter()
            .filter(|f| f.code == FindingCode::LockNotBelowStatement)
            .collect();
        // ∞ has no number: the need and the shortfall are empty, never u64::MAX.
        assert_eq!(
            (f[0].bound_ms, f[0].need_ms, f[0].short_by_ms),
            (Some(2_000), None, None)
        );
        assert!(f[0].message.contains("(∞)"), "{}", f[0].message);
    }

    #[test]
    fn attempts_multiply_along_a_path() {
        let f = rules(&[
            row("gw -> api", "read timeout", "", "1s"),
            row("gw -> api", "tries and waits", "", "3 tries"),
            row("api -> db", "read timeout", "", "1s"),
            row("api -> db", "tries and waits", "", "3 tries"),
        ]);
        let amplified: Vec<(Option<&str>, Option<u64>)> = f
            .iter()
            .filter(|f| f.code == FindingCode::RetryAmplification)
            .map(|f| (f.node.as_deref(), f.attempts))
            .collect();
        assert_eq!(amplified, vec![(Some("db"), Some(9))]);
    }
}

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
    use crate::check::hops;
    use crate::code::FindingCode;
    use crate::sheet::Lang;
    use crate::sheet::Row;

    /// The findings of the rules alone.
    fn rules(sheet: &[Row]) -> Vec<crate::Finding> {
        let (mut out, infos, graph) = crate::check::read_and_build(sheet);
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

    /// The first of `findings` with this code.
    fn first(findings: &[crate::Finding], code: FindingCode) -> &crate::Finding {
        let found = findings.iter().find(|f| f.code == code);
        found.unwrap_or_else(|| panic!("{code:?} in {findings:#?}"))
    }

    #[test]
    fn idle_direction_compares_the_callee_with_the_caller() {
        let f = rules(&[
            Row::new("ALB -> app", "idle timeout (caller)", "60s"),
            Row::new("ALB -> app", "idle timeout (callee)", "5s"),
        ]);
        let f = first(&f, FindingCode::IdleDirection);
        assert_eq!(
            (f.bound_ms, f.need_ms, f.short_by_ms),
            (Some(5_000), Some(60_000), Some(55_000))
        );
    }

    #[test]
    fn a_disabled_lock_timeout_is_never_below_the_statement_timeout() {
        let f = rules(&[
            Row::new("app -> db", "statement timeout", "2s").with_setting("statement_timeout"),
            Row::new("app -> db", "lock timeout", "0").with_setting("lock_timeout"),
        ]);
        let f = first(&f, FindingCode::LockNotBelowStatement);
        // ∞ has no number: the need and the shortfall are empty, never u64::MAX.
        assert_eq!(
            (f.bound_ms, f.need_ms, f.short_by_ms),
            (Some(2_000), None, None)
        );
        assert!(f.message.contains("(∞)"), "{}", f.message);
    }

    #[test]
    fn attempts_multiply_along_a_path() {
        let f = rules(&[
            Row::new("gw -> api", "read timeout", "1s"),
            Row::new("gw -> api", "tries and waits", "3 tries"),
            Row::new("api -> db", "read timeout", "1s"),
            Row::new("api -> db", "tries and waits", "3 tries"),
        ]);
        let amplified: Vec<(Option<&str>, Option<u64>)> = f
            .iter()
            .filter(|f| f.code == FindingCode::RetryAmplification)
            .map(|f| (f.node.as_deref(), f.attempts))
            .collect();
        assert_eq!(amplified, vec![(Some("db"), Some(9))]);
    }
}

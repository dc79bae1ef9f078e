//! The texts of a check's numbers: the formula of nested tries layers, written in no
//! language (each word of the sheet's language a [`Slot`], written last by
//! [`crate::render::formula`]), and the parsed values of duration and tries cells (`1.5 s`,
//! `3 tries, waits 0.5 s, 1.0 s`).

use crate::duration::{push_seconds, seconds};
use crate::kind::Kind;
use crate::time::Time;
use crate::value::Tries;

use super::hops::BoundName;

use super::limits::{MAX_LISTED_WAITS, MAX_NESTED_TRIES};

/// Where a formula's text, or a trace term's label, holds a word of the sheet's language.
/// The check writes formulas and labels in no language: numbers, names and operators as they
/// are, and each word as a slot ([`Slot::write`]: [`OPEN`], a tag, its payload, [`CLOSE`]),
/// which [`crate::render::formula`] writes in the sheet's language in the last pass. A slot
/// is only what [`Slot::parse`] reads back; anything else, private-use characters a sheet's
/// names may hold included, is written as it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Slot<'a> {
    /// Seconds: `12.0` is written `12.0 s` / `12.0秒`.
    Seconds(&'a str),
    /// A word of a hop's formula.
    Word(Word),
    /// A bound's name in a formula: `read`, `deadline` / `読み取り`, `期限`.
    Bound(BoundName),
    /// A kind's name as a term of a formula: `own`, `margin` / `自分の処理`, `余裕`.
    Term(Kind),
    /// A count of routes a route group's formula does not name (`47 others` / `ほか47経路`).
    OtherRoutes(usize),
    /// What follows the counts of more nested tries layers than a formula writes out:
    /// `, waits included (4998 nested tries layers)`.
    NestedLayers(usize),
    /// The label of a hop's waits: `waits` / `待機`.
    Waits,
    /// The label of the tries layers past those a trace lists: `3 more layers` / `残り3層`.
    MoreLayers(usize),
    /// The label of a product's documented default: `nginx default` / `nginxの既定値`.
    ProductDefault(&'a str),
}

/// Opens a [`Slot`] in a formula's text: a private-use character.
pub(crate) const OPEN: char = '\u{E000}';
/// Closes a [`Slot`].
pub(crate) const CLOSE: char = '\u{E001}';

impl<'a> Slot<'a> {
    /// Appends this slot to a formula's text. Tags, words and names are pushed as they are,
    /// and only counts are formatted: a check writes many slots, and the formatting machinery
    /// costs more than the few bytes of a tag.
    pub(crate) fn write(self, out: &mut String) {
        use std::fmt::Write;
        // The tag, its payload of text and its payload of a count (written after the text).
        let (tag, text, count): (&str, &str, Option<u64>) = match self {
            Slot::Seconds(text) => ("s", text, None),
            Slot::Word(word) => match word {
                Word::Upstreams(u) => ("wU", "", Some(u64::from(u))),
                Word::Window => ("wW", "", None),
                Word::Deadline => ("wD", "", None),
                Word::Unreadable => ("w?", "", None),
                Word::DeadlineUnreadable => ("w!", "", None),
                Word::CutByPropagated => ("wC", "", None),
                Word::AcrossUpstreams(u) => ("wA", "", Some(u64::from(u))),
                Word::NoRetries => ("wN", "", None),
            },
            Slot::Bound(name) => match name {
                BoundName::PerTry => ("bp", "", None),
                BoundName::Deadline => ("bd", "", None),
                BoundName::Visibility => ("bv", "", None),
                BoundName::Read => ("br", "", None),
            },
            Slot::Term(kind) => ("k", kind.as_str(), None),
            Slot::OtherRoutes(n) => ("o", "", Some(n as u64)),
            Slot::NestedLayers(n) => ("n", "", Some(n as u64)),
            Slot::Waits => ("a", "", None),
            Slot::MoreLayers(n) => ("m", "", Some(n as u64)),
            Slot::ProductDefault(product) => ("c", product, None),
        };
        out.push(OPEN);
        out.push_str(tag);
        out.push_str(text);
        if let Some(n) = count {
            let _ = write!(out, "{n}");
        }
        out.push(CLOSE);
    }

    /// This slot alone, as a formula's text.
    pub(crate) fn text(self) -> String {
        // The two marks (3 bytes each), a tag and a short payload.
        let mut out = String::with_capacity(16);
        self.write(&mut out);
        out
    }

    /// The slot whose tag and payload are `inner` (what lies between [`OPEN`] and
    /// [`CLOSE`]); `None` for anything [`Slot::write`] does not write.
    pub(crate) fn parse(inner: &'a str) -> Option<Slot<'a>> {
        let mut chars = inner.chars();
        let tag = chars.next()?;
        let rest = chars.as_str();
        let count = |text: &str| text.parse::<u32>().ok();
        Some(match tag {
            's' => Slot::Seconds(rest),
            'w' => {
                let mut chars = rest.chars();
                let word = chars.next()?;
                let arg = chars.as_str();
                Slot::Word(match (word, arg) {
                    ('U', n) => Word::Upstreams(count(n)?),
                    ('W', "") => Word::Window,
                    ('D', "") => Word::Deadline,
                    ('?', "") => Word::Unreadable,
                    ('!', "") => Word::DeadlineUnreadable,
                    ('C', "") => Word::CutByPropagated,
                    ('A', n) => Word::AcrossUpstreams(count(n)?),
                    ('N', "") => Word::NoRetries,
                    _ => return None,
                })
            }
            'b' => Slot::Bound(match rest {
                "p" => BoundName::PerTry,
                "d" => BoundName::Deadline,
                "v" => BoundName::Visibility,
                "r" => BoundName::Read,
                _ => return None,
            }),
            'k' => Slot::Term(Kind::from_name(rest)?),
            'o' => Slot::OtherRoutes(rest.parse().ok()?),
            'n' => Slot::NestedLayers(rest.parse().ok()?),
            'a' if rest.is_empty() => Slot::Waits,
            'm' => Slot::MoreLayers(rest.parse().ok()?),
            'c' => Slot::ProductDefault(rest),
            _ => return None,
        })
    }
}

/// `seconds` followed by the unit of the sheet's language, as a slot: `12.0 s` / `12.0秒`.
pub(crate) fn with_unit(seconds: &str) -> String {
    Slot::Seconds(seconds).text()
}

/// A need in seconds with its unit, as a slot appended to `out`: `time` written as
/// [`Time::need_text`] writes it with one decimal, or `?` when unknown. What
/// `with_unit(&time.need_text(1))` gives, without the text in between.
pub(crate) fn push_need_with_unit(out: &mut String, time: Option<Time>) {
    out.push(OPEN);
    out.push('s');
    match time {
        Some(t) => t.push_need_text(out, 1),
        None => out.push('?'),
    }
    out.push(CLOSE);
}

/// A bound in seconds with its unit, as a slot appended to `out`: what
/// `Slot::Seconds(&time.bound_text(decimals)).write(out)` writes, without the text in between.
pub(crate) fn push_bound_with_unit(out: &mut String, time: Time, decimals: u8) {
    out.push(OPEN);
    out.push('s');
    time.push_bound_text(out, decimals);
    out.push(CLOSE);
}

/// The words of a hop's formula ([`Slot::Word`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Word {
    /// `× 3 upstreams` / `× 上流3台`.
    Upstreams(u32),
    /// A retry window's cap: `window` / `打ち切り`.
    Window,
    /// A deadline's cap: `deadline` / `期限`.
    Deadline,
    /// `? (a value could not be read)`.
    Unreadable,
    /// `? (the deadline could not be read)`.
    DeadlineUnreadable,
    /// ` (cut by the propagated deadline)`.
    CutByPropagated,
    /// ` (across 3 upstreams)`: the tries are counted across the upstream targets, each tried
    /// once (nginx `proxy_next_upstream_tries`).
    AcrossUpstreams(u32),
    /// `no retries: `, before the formula: the retry conditions are `off`.
    NoRetries,
}

/// The formula of nested tries layers around a per-try text `p_text`, inner layer first,
/// without its `= total`: `((0.5 + 1) × 3 + 0.5 + 1.0) × 2 + 0.3`. Written in one pass (each
/// layer's text once, never copied into the next), with a long waits list summed
/// ([`MAX_LISTED_WAITS`]) and, beyond [`MAX_NESTED_TRIES`] layers, only the counts of the
/// first two and the last: `(0.5 + 1) × 1000 × 1000 × … × 1000, waits included (4998 nested
/// tries layers)`.
pub(crate) fn layers_formula(p_text: &str, layers: &[Tries]) -> String {
    use std::fmt::Write;
    // The layers that change the formula: a layer of one try without waits does not.
    let effective = || {
        layers
            .iter()
            .filter(|l| !(l.count == 1 && l.waits_ms.is_empty()))
    };
    let spaced = p_text.contains(' ');
    let mut f = String::with_capacity(p_text.len() + 32);
    if layers.len() > MAX_NESTED_TRIES {
        if spaced {
            let _ = write!(f, "({p_text})");
        } else {
            f.push_str(p_text);
        }
        let n = effective().count();
        for (i, layer) in effective().enumerate() {
            if i < 2 || i + 1 == n {
                if i + 1 == n && n > 3 {
                    f.push_str(" × …");
                }
                let _ = write!(f, " × {}", layer.count);
            }
        }
        Slot::NestedLayers(layers.len()).write(&mut f);
        return f;
    }
    let opens = effective().count().saturating_sub(usize::from(!spaced));
    f.extend(std::iter::repeat_n('(', opens));
    f.push_str(p_text);
    for (i, layer) in effective().enumerate() {
        if i > 0 || spaced {
            f.push(')');
        }
        f.push_str(" × ");
        f.push_str(itoa::Buffer::new().format(layer.count));
        push_waits(&mut f, layer);
    }
    f
}

/// Appends a layer's waits to a formula: ` + 0.5 + 1.0`, each wait that is not 0 with the
/// decimals it was written with; more than [`MAX_LISTED_WAITS`] as their sum and count,
/// ` + 499.5 (999 waits)`.
pub(crate) fn push_waits(f: &mut String, layer: &Tries) {
    use std::fmt::Write;
    let nonzero = layer.waits_ms.iter().filter(|&&w| w > 0).count();
    if nonzero > MAX_LISTED_WAITS {
        let total = layer
            .waits_ms
            .iter()
            .fold(0u64, |a, &w| a.saturating_add(w));
        let decimals = layer.wait_decimals.iter().copied().max().unwrap_or(1);
        let _ = write!(f, " + {} ({nonzero} waits)", seconds(total, decimals));
        return;
    }
    for (w, d) in layer.waits_ms.iter().zip(&layer.wait_decimals) {
        if *w > 0 {
            f.push_str(" + ");
            push_seconds(f, *w, *d);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bound_with_its_unit_is_the_slot_of_its_text() {
        let open = Time::from_dur(crate::value::Dur::AtLeast(100_000));
        for time in [Time::exact(8_000), Time::exact(250), open, Time::INF] {
            let mut pushed = String::from("= ");
            push_bound_with_unit(&mut pushed, time, 1);
            let mut written = String::from("= ");
            Slot::Seconds(&time.bound_text(1)).write(&mut written);
            assert_eq!(pushed, written);
        }
    }

    fn tries(count: u32, waits_ms: Vec<u64>) -> Tries {
        Tries::with_waits(count, waits_ms)
    }

    #[test]
    fn one_layer_is_the_per_try_times_the_tries_plus_the_waits() {
        // Golden G2: (0.5 + 3) × 3 + 0.5 + 1.0.
        assert_eq!(
            layers_formula("0.5 + 3", &[tries(3, vec![500, 1_000])]),
            "(0.5 + 3) × 3 + 0.5 + 1.0"
        );
        assert_eq!(layers_formula("2", &[tries(2, vec![0])]), "2 × 2");
        assert_eq!(layers_formula("1 + 2", &[]), "1 + 2");
    }

    #[test]
    fn a_need_with_its_unit_is_the_slot_of_its_text() {
        let open = Time::from_dur(crate::value::Dur::AtLeast(100_000));
        for time in [
            Some(Time::exact(12_000)),
            Some(Time::exact(250)),
            Some(open),
            Some(Time::from_dur(crate::value::Dur::Infinite)),
            None,
        ] {
            let mut pushed = String::from("x = ");
            push_need_with_unit(&mut pushed, time);
            let text = time.map_or("?".to_string(), |t| t.need_text(1));
            assert_eq!(pushed, format!("x = {}", with_unit(&text)));
        }
    }

    #[test]
    fn nested_layers_apply_from_the_inside_out() {
        assert_eq!(
            layers_formula(
                "0.5 + 1",
                &[tries(3, vec![500, 1_000]), tries(2, vec![300])]
            ),
            "((0.5 + 1) × 3 + 0.5 + 1.0) × 2 + 0.3"
        );
    }
}

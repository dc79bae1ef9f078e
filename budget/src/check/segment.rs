//! A segment read as a hop (`caller -> callee`), a node, nothing, or a segment with arrows
//! that names no hop ([`Malformed`], for `segment.malformed`).

/// A segment: a hop (caller → callee), a node, nothing, or a segment with arrows that name no
/// hop.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Segment<'a> {
    Hop(&'a str, &'a str),
    Node(&'a str),
    None,
    Malformed(Malformed),
}

/// What is wrong with a segment that has arrows but names no hop (`segment.malformed`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Malformed {
    /// Two or more arrows (`a -> b -> c`): the count.
    Arrows(usize),
    /// Nothing before the arrow (`-> x`).
    NoCaller,
    /// Nothing after the arrow (`x ->`).
    NoCallee,
    /// An arrow alone (`->`).
    NoEnds,
}

/// The arrows of a hop's segment.
const ARROWS: [&str; 5] = ["→", "->", "⇒", "=>", " to "];

/// Splits a segment at its arrow (`→`, `->`, `⇒`, `=>`, or ` to `). A segment with more than one
/// arrow, or with nothing on one side of its arrow, is [`Segment::Malformed`]: its row belongs
/// to no node and no hop, and says so.
pub(crate) fn read_segment(text: &str) -> Segment<'_> {
    let text = text.trim();
    if text.is_empty() {
        return Segment::None;
    }
    // One pass over the bytes finds every arrow: for each, how often it occurs (without
    // overlapping itself, as `str::matches` counts) and where it first does.
    let bytes = text.as_bytes();
    let mut count = [0usize; ARROWS.len()];
    let mut first = [None; ARROWS.len()];
    let mut next = [0usize; ARROWS.len()];
    for at in 0..bytes.len() {
        // Every arrow starts with one of these bytes (`→` and `⇒` with 0xE2).
        if !matches!(bytes[at], b'-' | b'=' | b' ' | 0xE2) {
            continue;
        }
        for (k, arrow) in ARROWS.iter().enumerate() {
            let arrow = arrow.as_bytes();
            // The first byte alone tells most arrows apart.
            if arrow[0] == bytes[at] && at >= next[k] && bytes[at..].starts_with(arrow) {
                count[k] += 1;
                first[k].get_or_insert(at);
                next[k] = at + arrow.len();
            }
        }
    }
    let arrows: usize = count.iter().sum();
    if arrows > 1 {
        return Segment::Malformed(Malformed::Arrows(arrows));
    }
    if let Some((k, at)) = first
        .iter()
        .enumerate()
        .find_map(|(k, at)| Some((k, (*at)?)))
    {
        return ends(&text[..at], &text[at + ARROWS[k].len()..]);
    }
    Segment::Node(text)
}

/// The hop between the two sides of a segment's one arrow, or what is missing.
fn ends<'a>(caller: &'a str, callee: &'a str) -> Segment<'a> {
    let (caller, callee) = (caller.trim(), callee.trim());
    match (caller.is_empty(), callee.is_empty()) {
        (false, false) => Segment::Hop(caller, callee),
        (true, false) => Segment::Malformed(Malformed::NoCaller),
        (false, true) => Segment::Malformed(Malformed::NoCallee),
        (true, true) => Segment::Malformed(Malformed::NoEnds),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_are_hops_nodes_nothing_or_malformed() {
        assert_eq!(read_segment(" LB → アプリ "), Segment::Hop("LB", "アプリ"));
        assert_eq!(read_segment("app"), Segment::Node("app"));
        assert_eq!(read_segment("  "), Segment::None);
        assert_eq!(
            read_segment("a -> b -> c"),
            Segment::Malformed(Malformed::Arrows(2))
        );
        assert_eq!(
            read_segment("-> x"),
            Segment::Malformed(Malformed::NoCaller)
        );
        assert_eq!(
            read_segment("x ->"),
            Segment::Malformed(Malformed::NoCallee)
        );
        assert_eq!(read_segment("->"), Segment::Malformed(Malformed::NoEnds));
    }

    /// The segment reader as it was written first, one search per arrow: the one-pass reader
    /// must agree with it.
    fn read_segment_by_search(text: &str) -> Segment<'_> {
        let text = text.trim();
        if text.is_empty() {
            return Segment::None;
        }
        let arrows: usize = ARROWS.iter().map(|a| text.matches(a).count()).sum();
        if arrows > 1 {
            return Segment::Malformed(Malformed::Arrows(arrows));
        }
        for arrow in ARROWS {
            if let Some((caller, callee)) = text.split_once(arrow) {
                return ends(caller, callee);
            }
        }
        Segment::Node(text)
    }

    proptest::proptest! {
        #[test]
        fn one_pass_finds_the_arrows_a_search_finds(
            parts in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::sample::select(vec!["→", "->", "⇒", "=>", " to ", "-", ">", "=", " ", "to", "t"]),
                    proptest::sample::select(vec!["app", "LB", "アプリ", "x"]),
                ],
                0..8,
            )
        ) {
            let text = parts.concat();
            proptest::prop_assert_eq!(read_segment(&text), read_segment_by_search(&text));
        }
    }
}

//! The picture drawn as a standalone SVG document.

use std::fmt::Write as _;

use crate::display;
use crate::report::Verdict;
use crate::sheet::Lang;

use super::layout::{unknown_label, words, Bar, Part, PartKind, Picture};
/// The width of the name column, px.
const NAMES: f64 = 190.0;
/// The width of the time scale, px.
const SCALE: f64 = 600.0;
/// The least width left after the scale for a `short by` label, px; a longer label (`short
/// by 17 h 51 min 30.5 s`) widens it ([`right_of`]).
const RIGHT: f64 = 110.0;
/// A bar's height, px.
const BAR: f64 = 26.0;
/// A bar's row: the bar, its caption and a gap, px.
const ROW: f64 = 52.0;
/// A section heading's height, px.
const HEADING: f64 = 30.0;
/// The indent per call depth in the chain, px.
const INDENT: f64 = 12.0;

/// The colours of the picture, as presentation attributes (not CSS: a page whose policy
/// forbids inline styles shows it the same; a page may still style the classes).
const INK: &str = "#1f2328";
const MUTED: &str = "#57606a";
const ERROR: &str = "#cf222e";
/// The stripes of an unknown need.
const UNKNOWN: &str = "#9a6700";

impl PartKind {
    /// The part's fill: tries and callees blue (green in tone 1), waits light blue (light
    /// green), own time purple, queueing amber, margins hatched.
    fn fill(self, tone: u8) -> &'static str {
        match (self, tone) {
            (PartKind::Try | PartKind::Worst, 1) => "#1a7f37",
            (PartKind::Wait, 1) => "#aceebb",
            (PartKind::Try | PartKind::Callee | PartKind::Worst, _) => "#0969da",
            (PartKind::Wait, _) => "#9ecbff",
            (PartKind::Own, _) => "#8250df",
            (PartKind::Queueing, _) => "#bf8700",
            (PartKind::Margin, _) => "url(#budget-hatch)",
            (PartKind::Other, _) => "#6e7781",
        }
    }

    /// The colour of its label: white on the dark fills.
    fn ink(self) -> &'static str {
        match self {
            PartKind::Wait | PartKind::Margin => INK,
            _ => "#ffffff",
        }
    }
}

/// Draws `picture` as a standalone SVG document: `<svg>` with a title and a text
/// alternative (`<desc>`: every bar's caption), the time scale, and one group per bar
/// (`class="bar"`, `data-name`, `data-bound-ms`, `data-need-ms`) holding the bound (a
/// rectangle for a node's deadline, a line for a caller's wait), the parts (`class="part
/// part-try"`, `data-ms`, `data-rows`, focusable, each with its formula as `<title>`), and the
/// overflow past the bound with its `short by` label. A sheet with nothing to draw gives a
/// small SVG that says so.
///
/// ```
/// let report = budget::check(&budget::Sheet::new(
///     budget::Lang::En,
///     budget::tsv::import(budget::example::RESERVATION_EN).unwrap().rows,
/// ));
/// let svg = budget::picture::svg(&budget::picture::picture(&report, budget::Lang::En));
/// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
/// assert!(svg.contains("<title>external API, try 1 of 2: connect 0.5 + read 1.5 = 2.0 s (rows 6–8)</title>"));
/// ```
pub fn svg(picture: &Picture) -> String {
    svg_parts(picture).joined()
}

/// The SVG of [`svg`] in pieces: the opening `<svg …>` tag, then each of its children
/// (`<title>`, `<desc>`, `<defs>`, the ticks' group, each heading's `<text>`, each bar's
/// group) as one element's markup. A page that already shows a picture redraws only the
/// children that differ when the opening tag and the number of children are the same.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SvgParts {
    /// The opening tag, with the picture's size and time span.
    pub open: String,
    /// The children in order, one element each.
    pub children: Vec<String>,
}

impl SvgParts {
    /// The whole SVG document: the opening tag, the children, `</svg>`.
    pub fn joined(&self) -> String {
        let len = self.open.len() + self.children.iter().map(String::len).sum::<usize>() + 6;
        let mut out = String::with_capacity(len);
        out.push_str(&self.open);
        for child in &self.children {
            out.push_str(child);
        }
        out.push_str("</svg>");
        out
    }
}

/// The SVG of `picture` in pieces ([`SvgParts`]); [`svg`] joins them.
pub fn svg_parts(picture: &Picture) -> SvgParts {
    let lang = picture.lang;
    let (deadlines, chain, empty, title) = match lang {
        Lang::En => (
            "Deadlines: each node's need within its deadline",
            "Call chain: each caller's wait against what it must cover",
            "Nothing to draw: no node declares a deadline and no hop is checked.",
            "Timeout budget",
        ),
        Lang::Ja => (
            "期限：各ノードの必要時間と期限",
            "呼び出しの連鎖：呼び出し側の待ち時間と、それが覆うべき時間",
            "描くものがありません：期限を持つノードも、検査できるホップもありません。",
            "タイムアウトの予算",
        ),
    };
    let rows_drawn = picture.nodes.len() + picture.chain.len();
    let sections = usize::from(!picture.nodes.is_empty()) + usize::from(!picture.chain.is_empty());
    let width = NAMES + SCALE + right_of(picture);
    let more = (picture.hidden > 0).then(|| hidden_words(lang, rows_drawn, picture.hidden));
    let height = if rows_drawn == 0 {
        40.0
    } else {
        24.0 + sections as f64 * HEADING
            + rows_drawn as f64 * ROW
            + if more.is_some() { HEADING } else { 0.0 }
    };
    let mut open = String::with_capacity(400);
    let _ = write!(
        open,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"budget-picture\" \
         viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\" \
         role=\"img\" aria-labelledby=\"budget-title budget-desc\" data-span-ms=\"{}\" \
         font-family=\"system-ui, sans-serif\" font-size=\"12\" fill=\"{INK}\">",
        picture.span_ms
    );
    let mut children = Vec::with_capacity(4 + rows_drawn + sections);
    children.push(format!("<title id=\"budget-title\">{}</title>", esc(title)));
    let mut out = String::from("<desc id=\"budget-desc\">");
    let captions: Vec<String> = picture
        .nodes
        .iter()
        .chain(&picture.chain)
        .map(|b| format!("{}{}{}", b.name, words(lang).colon, b.caption))
        .collect();
    out.push_str(&esc(&if captions.is_empty() {
        empty.to_string()
    } else {
        captions.join("; ")
    }));
    if let Some(more) = &more {
        out.push_str("; ");
        out.push_str(&esc(more));
    }
    out.push_str("</desc>");
    children.push(out);
    children.push(format!(
        "<defs><pattern id=\"budget-hatch\" width=\"6\" height=\"6\" \
         patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">\
         <rect width=\"6\" height=\"6\" fill=\"#eaeef2\"/>\
         <line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"{MUTED}\" stroke-width=\"2\"/>\
         </pattern><pattern id=\"budget-unknown\" width=\"8\" height=\"8\" \
         patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(-45)\">\
         <rect width=\"8\" height=\"8\" fill=\"#fff8c5\"/>\
         <line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"8\" stroke=\"{UNKNOWN}\" stroke-width=\"3\"/>\
         </pattern></defs>"
    ));
    if rows_drawn == 0 {
        children.push(format!("<text x=\"8\" y=\"24\">{}</text>", esc(empty)));
        return SvgParts { open, children };
    }
    let scale = Scale {
        span_ms: picture.span_ms,
    };
    let mut y = 4.0;
    let mut out = String::new();
    ticks(&mut out, &scale, lang, height);
    children.push(out);
    y += 20.0;
    for (heading, bars) in [(deadlines, &picture.nodes), (chain, &picture.chain)] {
        if bars.is_empty() {
            continue;
        }
        children.push(format!(
            "<text class=\"heading\" x=\"4\" y=\"{}\" font-weight=\"600\" font-size=\"13\">{}</text>",
            px(y + 18.0),
            esc(heading)
        ));
        y += HEADING;
        for bar in bars {
            let mut out = String::with_capacity(1_500);
            draw_bar(&mut out, bar, &scale, lang, y);
            children.push(out);
            y += ROW;
        }
    }
    if let Some(more) = more {
        children.push(format!(
            "<text class=\"hidden-bars\" x=\"4\" y=\"{}\" fill=\"{MUTED}\">{}</text>",
            px(y + 18.0),
            esc(&more)
        ));
    }
    SvgParts { open, children }
}

/// What a bounded picture says of the bars it leaves out: `12 bars drawn, those most short
/// of their bounds first; 40 more are not drawn` (`不足の大きい順に12本を描いています。ほかに40本
/// あります`).
fn hidden_words(lang: Lang, drawn: usize, hidden: usize) -> String {
    match lang {
        Lang::En => format!(
            "{drawn} bars drawn, those most short of their bounds first; {hidden} more {} not \
             drawn",
            if hidden == 1 { "is" } else { "are" }
        ),
        Lang::Ja => format!("不足の大きい順に{drawn}本を描いています。ほかに{hidden}本あります"),
    }
}

/// The label beside the part of a need past its bound: `short by 2 min 11 s` (`不足 2分11秒`).
fn short_by_label(lang: Lang, short_ms: u64) -> String {
    format!(
        "{} {}",
        words(lang).short_by,
        display::duration(lang, short_ms)
    )
}

/// The width after the scale: [`RIGHT`], or the longest `short by` label of the bars drawn
/// and its gap, at about 7 px a Latin character and 13 px a Japanese one in the picture's
/// 12 px bold type.
fn right_of(picture: &Picture) -> f64 {
    let longest = picture
        .nodes
        .iter()
        .chain(&picture.chain)
        .filter_map(Bar::short_by_ms)
        .map(|short| {
            short_by_label(picture.lang, short)
                .chars()
                .map(|c| if c.is_ascii() { 7.0 } else { 13.0 })
                .sum::<f64>()
        })
        .fold(0.0, f64::max);
    RIGHT.max(longest + 12.0)
}

/// Milliseconds to x, px.
struct Scale {
    span_ms: u64,
}

impl Scale {
    fn x(&self, ms: u64) -> f64 {
        NAMES + SCALE * (ms as f64 / self.span_ms as f64)
    }

    fn width(&self, ms: u64) -> f64 {
        SCALE * (ms as f64 / self.span_ms as f64)
    }
}

/// A coordinate with at most two decimals: `12.5`, `600`.
fn px(v: f64) -> String {
    let rounded = (v * 100.0).round() / 100.0;
    format!("{rounded}")
}

/// The time scale: a tick line and label every 1, 2 or 5 × 10ⁿ seconds, at most 12.
fn ticks(out: &mut String, scale: &Scale, lang: Lang, height: f64) {
    let mut step: u64 = 1;
    for candidate in (0..19).flat_map(|e| [1u64, 2, 5].map(|m| m.saturating_mul(10u64.pow(e)))) {
        step = candidate;
        if scale.span_ms / candidate <= 12 {
            break;
        }
    }
    out.push_str("<g class=\"ticks\" aria-hidden=\"true\">");
    let mut ms: u64 = 0;
    while ms <= scale.span_ms {
        let x = px(scale.x(ms));
        let _ = write!(
            out,
            "<line class=\"tick\" x1=\"{x}\" y1=\"18\" x2=\"{x}\" y2=\"{}\" stroke=\"#d0d7de\"/>\
             <text class=\"tick-label\" x=\"{x}\" y=\"14\" text-anchor=\"middle\" \
             font-size=\"10\" fill=\"{MUTED}\">{}</text>",
            px(height - 4.0),
            esc(&display::duration(lang, ms))
        );
        ms = match ms.checked_add(step) {
            Some(next) => next,
            None => break,
        };
    }
    out.push_str("</g>");
}

fn draw_bar(out: &mut String, bar: &Bar, scale: &Scale, lang: Lang, y: f64) {
    let inverted = bar.short_by_ms().is_some() || bar.verdict == Verdict::Inverted;
    let class = match (inverted, bar.unknown) {
        (true, _) => "bar bar-inverted",
        (false, true) => "bar bar-unknown",
        (false, false) => "bar",
    };
    let _ = write!(
        out,
        "<g class=\"{class}\" data-name=\"{}\" data-bound-ms=\"{}\" data-need-ms=\"{}\" \
         data-verdict=\"{}\">",
        esc(&bar.name),
        bar.bound_ms,
        bar.need_ms.map_or(String::new(), |n| n.to_string()),
        display::verdict_code(bar.verdict)
    );
    let indent = bar.depth as f64 * INDENT;
    let _ = write!(
        out,
        "<text class=\"name\" x=\"{}\" y=\"{}\">{}</text>",
        px(4.0 + indent),
        px(y + BAR / 2.0 + 4.0),
        esc(&clip(&bar.name, 26usize.saturating_sub(bar.depth)))
    );
    let x0 = scale.x(0);
    let bound_x = scale.x(bar.bound_ms);
    let _ = write!(
        out,
        "<rect class=\"bound\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" data-ms=\"{}\" \
         data-rows=\"{}\" fill=\"#f6f8fa\" stroke=\"{MUTED}\"/>",
        px(x0),
        px(y),
        px(scale.width(bar.bound_ms)),
        px(BAR),
        bar.bound_ms,
        rows_attr(&bar.bound_rows)
    );
    for part in &bar.parts {
        draw_part(out, part, scale, y);
    }
    if bar.unknown {
        draw_unknown(out, bar, scale, lang, y);
    }
    if let Some(short) = bar.short_by_ms() {
        let need = bar.need_ms.unwrap_or(bar.bound_ms);
        let label = short_by_label(lang, short);
        let _ = write!(
            out,
            "<rect class=\"over\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" data-ms=\"{short}\" \
             fill=\"{ERROR}\" fill-opacity=\"0.35\" stroke=\"{ERROR}\" pointer-events=\"none\"/>\
             <text class=\"short-by\" x=\"{}\" y=\"{}\" fill=\"{ERROR}\" font-weight=\"600\">{}</text>",
            px(bound_x),
            px(y - 2.0),
            px(scale.width(need) - scale.width(bar.bound_ms)),
            px(BAR + 4.0),
            px(scale.x(need) + 4.0),
            px(y + BAR / 2.0 + 4.0),
            esc(&label)
        );
    } else if bar.need_ms.is_none() && matches!(bar.verdict, Verdict::Unbounded | Verdict::Inverted)
    {
        // No number: a need without bound (see `display::need`), written past the scale.
        let _ = write!(
            out,
            "<text class=\"short-by\" x=\"{}\" y=\"{}\" fill=\"{ERROR}\" font-weight=\"600\">{}</text>",
            px(NAMES + SCALE + 4.0),
            px(y + BAR / 2.0 + 4.0),
            display::INFINITE
        );
    }
    let _ = write!(
        out,
        "<line class=\"bound-line\" x1=\"{x}\" y1=\"{}\" x2=\"{x}\" y2=\"{}\" stroke=\"{}\" \
         stroke-width=\"2\" pointer-events=\"none\"/><text class=\"caption\" x=\"{}\" y=\"{}\" fill=\"{MUTED}\">{}</text></g>",
        px(y - 4.0),
        px(y + BAR + 4.0),
        if inverted { ERROR } else { INK },
        px(x0),
        px(y + BAR + 16.0),
        esc(&bar.caption),
        x = px(bound_x),
    );
}

/// One part of a bar in its lane at height `y`: its box with its formula as a title, and its
/// label inside where it fits.
fn draw_part(out: &mut String, part: &Part, scale: &Scale, y: f64) {
    let lane_height = BAR / part.lanes.max(1) as f64;
    let py = y + lane_height * part.lane as f64;
    let width = scale.width(part.len_ms);
    let _ = write!(
        out,
        "<g class=\"part {}\" tabindex=\"0\" data-ms=\"{}\" data-rows=\"{}\">\
         <title>{}</title><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" \
         fill=\"{}\" stroke=\"{}\"/>",
        part.kind.class(),
        part.len_ms,
        rows_attr(&part.rows),
        esc(&part.title),
        px(scale.x(part.start_ms)),
        px(py),
        px(width),
        px(lane_height),
        part.kind.fill(part.tone),
        if part.kind == PartKind::Margin {
            MUTED
        } else {
            "#ffffff"
        },
    );
    // Drawn inside only where it fits: about 6.5 px a character.
    if lane_height >= 12.0 && width >= part.label.chars().count() as f64 * 6.5 + 6.0 {
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"11\" fill=\"{}\" pointer-events=\"none\">{}</text>",
            px(scale.x(part.start_ms) + 3.0),
            px(py + lane_height / 2.0 + 4.0),
            part.kind.ink(),
            esc(&part.label)
        );
    }
    out.push_str("</g>");
}

/// An unknown need: hatched from the known parts' end to the end of the scale, so that it
/// never reads as a short, healthy bar; labelled with the rows to blame.
fn draw_unknown(out: &mut String, bar: &Bar, scale: &Scale, lang: Lang, y: f64) {
    // Unknown: hatched from the known parts' end to the end of the scale, so that it
    // never reads as a short, healthy bar; labelled with the rows to blame.
    let from = bar
        .parts
        .iter()
        .map(|p| p.start_ms.saturating_add(p.len_ms))
        .max()
        .unwrap_or(0);
    let label = unknown_label(lang, &bar.unknown_rows);
    let x = scale.x(from);
    let width = (NAMES + SCALE - x).max(0.0);
    let _ = write!(
        out,
        "<g class=\"unknown\" data-rows=\"{}\"><title>{}</title>\
         <rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"url(#budget-unknown)\" \
         stroke=\"{UNKNOWN}\"/>",
        rows_attr(&bar.unknown_rows),
        esc(&label),
        px(x),
        px(y),
        px(width),
        px(BAR),
    );
    // About 6.5 px a narrow character and 12 px a wide (Japanese) one, at 12 px.
    let text_width = label
        .chars()
        .map(|c| if c.is_ascii() { 6.5 } else { 12.0 })
        .sum::<f64>()
        + 8.0;
    // Inside the stripes where they are wide enough, else after the scale's start; on a
    // plain box, so that the stripes do not cross the words.
    let tx = if width >= text_width {
        x + 4.0
    } else {
        scale.x(0) + 4.0
    };
    let _ = write!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"16\" fill=\"#ffffff\" \
         fill-opacity=\"0.9\" pointer-events=\"none\"/><text class=\"unknown-label\" x=\"{}\" \
         y=\"{}\" fill=\"{UNKNOWN}\" font-weight=\"600\" pointer-events=\"none\">{}</text></g>",
        px(tx - 2.0),
        px(y + BAR / 2.0 - 8.0),
        px(text_width - 4.0),
        px(tx),
        px(y + BAR / 2.0 + 4.0),
        esc(&label)
    );
}

/// `6 7 8`: the rows of a part, for the page to highlight.
fn rows_attr(rows: &[usize]) -> String {
    let words: Vec<String> = rows.iter().map(usize::to_string).collect();
    words.join(" ")
}

/// At most `chars` characters of `text`, with `…` where cut.
fn clip(text: &str, chars: usize) -> String {
    if text.chars().count() <= chars {
        text.to_string()
    } else {
        let mut cut: String = text.chars().take(chars.saturating_sub(1)).collect();
        cut.push('…');
        cut
    }
}

/// `text` safe inside an XML element or a quoted attribute.
fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Control characters are not allowed in XML 1.0: drawn as a space.
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

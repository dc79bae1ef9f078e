//! The built-in example sheet: the equipment-reservation system of `spec/golden.md` G1.

/// The reservation sheet with Japanese headers, as TSV (`fixtures/reservation-ja.tsv`).
pub const RESERVATION_JA: &str = include_str!("../../fixtures/reservation-ja.tsv");

/// The reservation sheet with English headers, as TSV (`fixtures/reservation-en.tsv`).
pub const RESERVATION_EN: &str = include_str!("../../fixtures/reservation-en.tsv");

/// The reservation sheet with headers in `lang`, as TSV: [`RESERVATION_EN`] or
/// [`RESERVATION_JA`].
///
/// ```
/// let sheet = budget::tsv::import(budget::example::reservation(budget::Lang::Ja)).unwrap();
/// assert_eq!(sheet.lang, Some(budget::Lang::Ja));
/// ```
pub fn reservation(lang: crate::Lang) -> &'static str {
    match lang {
        crate::Lang::En => RESERVATION_EN,
        crate::Lang::Ja => RESERVATION_JA,
    }
}

/// The sheet in which the LB gives up first (`fixtures/inverted-lb.tsv`, golden G4).
pub const INVERTED_LB: &str = include_str!("../../fixtures/inverted-lb.tsv");

/// The seed manual's redirector, which retries only establishing the connection and sending
/// the request header, on each of 2 web containers (`fixtures/redirector-retries.tsv`, golden
/// G6 and G7).
pub const REDIRECTOR_RETRIES: &str = include_str!("../../fixtures/redirector-retries.tsv");

/// A gateway whose two routes are alternatives, each request taking one of them: a route group
/// (`fixtures/gateway-routes.tsv`, golden G8).
pub const GATEWAY_ROUTES: &str = include_str!("../../fixtures/gateway-routes.tsv");

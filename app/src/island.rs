//! The pages are islands in server-rendered HTML (Leptos' `islands` feature): only the
//! `#[island]` components hydrate, and only their code is in the wasm. They are the sheet
//! list with its rename and delete forms (`SheetList`, [`crate::components::sheet_list`]),
//! the imports of a new sheet from a TSV and from configuration files
//! ([`ImportNewSheet`](crate::components::new_sheet::ImportNewSheet),
//! [`ConfigNewSheet`](crate::components::config_import::ConfigNewSheet)), the editor of a
//! sheet with its configuration files (`SheetEditor`, [`crate::pages::sheet`], and
//! `SheetConfig`) and the proposal editor ([`crate::pages::proposals`]). The header, the page
//! titles, the router, the pages around them and the forms that need nothing but a post (a
//! blank sheet, the example) are the server's alone.
//!
//! An island gets its data as props, serialized into the page as JSON, and calls the server
//! functions like the whole hydrated app did. Links outside the islands load their page from
//! the server; the sheet list's Rename, Delete and Cancel links are handled in its island.
//!
//! Every island calls [`begin`] first; the browser calls [`start`] once the wasm has loaded.
//! A large prop travels as a [`Prop`].
//!
//! The islands of the pages other than a sheet's (the sheet list, the two imports of a new
//! sheet, the proposal editor) are lazy (`#[island(lazy)]`): `cargo leptos build --split`
//! puts the code only they use in wasm files of their own, which a page loads when it has
//! such an island, so the sheet page's first download holds the editor's code and not
//! theirs. Each lazy island sits in a private module of its own: the loader Leptos
//! generates beside it is public and undocumented, and the module keeps it out of the
//! crate's API.

use leptos::prelude::*;
use serde::{Deserialize, Serialize, Serializer};

use crate::hydrated::Hydrated;

/// An island's prop as the page carries it: `T` as JSON, written on the server and read in
/// the browser. The `#[island]` macro serializes the props in the browser too (where nothing
/// reads the result), which would put the serializer of `T` (a sheet with its whole report) in
/// the wasm: in the hydrate build a `Prop` serializes as `null` instead.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(transparent)]
pub struct Prop<T>(pub T);

impl<T: Serialize> Serialize for Prop<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[cfg(not(feature = "hydrate"))]
        return self.0.serialize(serializer);
        #[cfg(feature = "hydrate")]
        return serializer.serialize_unit();
    }
}

/// What every island does first: provides its [`Hydrated`] signal (counted toward the page's
/// `data-hydrated`) and, in the browser, the error of a failed form post that the address
/// carries, so that the island's server actions start from the error the server rendered. An
/// island rendered inside another one shares the outer one's.
pub fn begin() {
    if use_context::<Hydrated>().is_some() {
        return;
    }
    Hydrated::provide();
    provide_form_error();
}

/// In the browser: the error of a failed form post (without JavaScript, or before the island
/// hydrated), from the address's `__path` and `__err` (Leptos' form redirects), for the
/// island's [`ServerAction`]s, as the router provides it on the server.
fn provide_form_error() {
    #[cfg(feature = "hydrate")]
    {
        let Ok(search) = window().location().search() else {
            return;
        };
        let Ok(params) = web_sys::UrlSearchParams::new_with_str(&search) else {
            return;
        };
        if let (Some(path), Some(err)) = (params.get("__path"), params.get("__err")) {
            provide_context(leptos::server::ServerActionError::new(&path, &err));
        }
    }
}

/// What the browser does once the wasm has loaded, before the islands hydrate: a server
/// function's redirect (to a new sheet's page, back to the list) loads that page, and a page
/// without islands is marked hydrated.
#[cfg(feature = "hydrate")]
pub fn start() {
    let _ = leptos::server_fn::redirect::set_redirect_hook(|location: &str| {
        let _ = window().location().set_href(location);
    });
    crate::hydrated::page_without_islands();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prop_is_its_value_as_json_both_ways() {
        let prop = Prop(vec![Some("60s".to_string()), None]);
        let json = serde_json::to_string(&prop).unwrap();
        assert_eq!(json, r#"["60s",null]"#);
        let read: Prop<Vec<Option<String>>> = serde_json::from_str(&json).unwrap();
        assert_eq!(read, prop);
    }
}

//! What every handler can reach.

use axum::extract::FromRef;
use leptos::prelude::LeptosOptions;
use workbench_store::Store;

use crate::security::AllowedHosts;

/// The router's state: the Leptos options (site root, output name, address) and the store.
#[derive(Clone, Debug, FromRef)]
pub struct AppState {
    /// Leptos settings: where the static site is, its output name, the address.
    pub leptos_options: LeptosOptions,
    /// The sheet store.
    pub store: Store,
    /// The `Host` names the server answers ([`crate::security`]).
    pub allowed_hosts: AllowedHosts,
    /// Local or team mode ([`crate::auth`]).
    pub auth: crate::auth::Auth,
    /// The reverse proxies whose `X-Forwarded-*` headers are believed ([`crate::forwarded`]).
    pub proxies: crate::forwarded::TrustedProxies,
}

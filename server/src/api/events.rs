//! `GET /api/v1/sheets/{id}/events`: the sheet's live updates as server-sent events, for the
//! pages that show it.
//!
//! - `saved`: someone saved the sheet; `id:` is its version, `data:` is
//!   `{"version", "author", "viewers"}`. A browser that reconnects sends the last id it saw
//!   (`Last-Event-ID`); when the sheet moved on since, a `saved` event with the current
//!   version comes first, so it catches up.
//! - `presence`: the number of pages watching the sheet changed; `data:` is `{"viewers"}`.
//!
//! A comment line every 15 s keeps idle connections open through proxies.
//!
//! In team mode the caller's right to read the sheet is checked again before each event and
//! every [`RECHECK_EVERY`] (the store's [`workbench_store::Store::still_reads`]): a member removed
//! from the team or given a role without reading, a disabled account, a revoked or expired
//! token gets nothing more; the stream ends, and the browser's reconnect is refused.

use crate::auth::Scoped;
use std::convert::Infallible;
use std::time::Duration;

use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::stream::{self, Stream, StreamExt};
use serde_json::json;
use tokio::sync::broadcast::error::RecvError;
use workbench_store::{SheetEvent, Store};

use super::extract::{SheetId, SheetPath};
use super::refusals::NoSheet;
use crate::error::{ApiError, ErrorBody};

/// How often an idle stream checks again that its caller may still read the sheet.
pub(crate) const RECHECK_EVERY: Duration = Duration::from_secs(15);

/// Whether the caller of `store` may still read sheet `id`; a failure to tell counts as no
/// (the browser reconnects, and is let in again if it may).
async fn may_read(store: &Store, id: i64) -> bool {
    match store.still_reads(id).await {
        Ok(allowed) => allowed,
        Err(err) => {
            eprintln!(
                "workbench: event stream of sheet {id}: cannot check the caller's access: {err}"
            );
            false
        }
    }
}

/// The event a page reads for `e`.
fn event(e: &SheetEvent) -> Event {
    match e.kind {
        "saved" => Event::default()
            .event("saved")
            .id(e.version.to_string())
            .data(
                json!({"version": e.version, "author": e.author, "viewers": e.viewers}).to_string(),
            ),
        _ => Event::default()
            .event("presence")
            .data(json!({"viewers": e.viewers}).to_string()),
    }
}

/// Streams a sheet's changes.
///
/// Server-sent events (`text/event-stream`): `saved` with the new version as the event id
/// when someone saves the sheet, `presence` with the number of pages watching it. With
/// `Last-Event-ID` older than the sheet's version, a `saved` event for the current version
/// comes first.
#[utoipa::path(
    get,
    path = "/sheets/{id}/events",
    operation_id = "sheet_events",
    tag = "history",
    params(
        SheetPath,
        ("Last-Event-ID" = Option<String>, Header, description = "The last version this client saw"),
    ),
    responses(
        (status = 200, description = "The event stream", body = String, content_type = "text/event-stream"),
        (status = 400, description = "The id is not an integer", body = ErrorBody),
        NoSheet,
    ),
)]
pub(crate) async fn events(
    Scoped(store): Scoped,
    SheetId(id): SheetId,
    headers: HeaderMap,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    // Subscribe before reading the version: a save in between is then in the stream.
    let receiver = store.subscribe();
    let current = store.get_sheet(id).await?.revision;
    let last_seen = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<i64>().ok());
    let watching = store.watch(id);
    let catch_up = last_seen.filter(|seen| *seen < current).map(|_| {
        Ok(event(&SheetEvent {
            sheet_id: id,
            version: current,
            author: String::new(),
            viewers: store.viewers(id),
            kind: "saved",
        }))
    });
    let first = Ok(event(&SheetEvent {
        sheet_id: id,
        version: 0,
        author: String::new(),
        viewers: store.viewers(id),
        kind: "presence",
    }));
    let recheck =
        tokio::time::interval_at(tokio::time::Instant::now() + RECHECK_EVERY, RECHECK_EVERY);
    let state = (receiver, watching, store, recheck);
    let live = stream::unfold(
        state,
        move |(mut rx, watching, store, mut recheck)| async move {
            loop {
                tokio::select! {
                    received = rx.recv() => match received {
                        Ok(e) if e.sheet_id == id => {
                            if !may_read(&store, id).await {
                                return None;
                            }
                            return Some((Ok(event(&e)), (rx, watching, store, recheck)));
                        }
                        Ok(_) | Err(RecvError::Lagged(_)) => continue,
                        Err(RecvError::Closed) => return None,
                    },
                    _ = recheck.tick() => {
                        if !may_read(&store, id).await {
                            return None;
                        }
                    }
                }
            }
        },
    );
    let stream = stream::iter(catch_up.into_iter().chain([first])).chain(live);
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}

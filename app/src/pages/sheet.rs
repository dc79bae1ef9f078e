//! The sheet page (`/sheets/:id`): the editable grid, the report beside it, import and
//! export.

use leptos::prelude::*;
use leptos_meta::Title;
use leptos_router::components::A;
use leptos_router::hooks::{use_params_map, use_query_map};

use super::{address_number, loaded};
use crate::api::{changes_since, get_sheet};
use crate::components::config_import::SheetConfig;
use crate::editor::sheet::SheetEditor;
use crate::error::AppError;
use crate::i18n::{t, t_args, ui_lang};
use crate::island::Prop;

/// Loads sheet `:id` (on the server first, so the page reads without JavaScript) and shows
/// its editor; with `?since=N` (or `?since=previous`, the revision before the latest), the
/// grid draws the changes made since revision N.
#[component]
pub fn SheetPage() -> impl IntoView {
    let params = use_params_map();
    let query = use_query_map();
    let id = move || params.read().get("id").unwrap_or_default();
    let since = move || query.read().get("since");
    let sheet = Resource::new(
        move || (id(), since()),
        |(id, since)| async move {
            let id = address_number(&id)?;
            let since = match since.as_deref() {
                None => None,
                Some("previous") => Some(None),
                Some(n) => match n.parse::<i64>() {
                    Ok(n) => Some(Some(n)),
                    Err(_) => return Err(AppError::BadAddress(format!("since={n}"))),
                },
            };
            let detail = get_sheet(id).await?;
            let changes = match since {
                Some(since) => Some(changes_since(id, since).await?),
                None => None,
            };
            Ok((detail, changes))
        },
    );
    let ui = ui_lang();
    view! {
        <nav class="crumbs">
            <A href="/">{t(ui, "all-sheets")}</A>
        </nav>
        {loaded(sheet, t(ui, "sheet-loading"), |(detail, changes)| {
            let id = detail.id;
            view! {
                <Title text=super::page_title(&detail.name)/>
                <SheetEditor detail=Prop(detail) changes=Prop(changes)/>
                <div class="cards">
                    <SheetConfig id/>
                </div>
                <OpenProposals id/>
            }
        })}
    }
}

/// The sheet's proposals (the open ones first) and the link to propose a change: the
/// server's HTML.
#[component]
fn OpenProposals(id: i64) -> impl IntoView {
    let list = Resource::new(move || id, crate::api::list_proposals);
    let ui = ui_lang();
    view! {
        <section class="card proposals" data-testid="proposals">
            <h2>{t(ui, "proposals-title")}</h2>
            <p>
                <a href=format!("/sheets/{id}/propose") class="button" data-testid="propose-link">
                    {t(ui, "propose-link")}
                </a>
                " "
                <span class="muted">{t(ui, "propose-note")}</span>
            </p>
            <Suspense fallback=|| ()>
                {move || Suspend::new(async move {
                    let mut items = list.await.unwrap_or_default();
                    items.sort_by_key(|p| (p.status != crate::model::ProposalStatus::Open, -p.id));
                    let items = items
                        .into_iter()
                        .map(|p| {
                            view! {
                                <li data-testid="proposal-item">
                                    <a href=crate::model::proposal_href(id, p.id)>{format!("{}: {}", p.id, p.title)}</a>
                                    {t_args(
                                        ui,
                                        "proposal-by",
                                        [
                                            ("author", p.author.as_str().into()),
                                            ("status", crate::format::proposal_status(ui, p.status).into()),
                                        ],
                                    )}
                                </li>
                            }
                        })
                        .collect::<Vec<_>>();
                    view! { <ul>{items}</ul> }
                })}
            </Suspense>
        </section>
    }
}

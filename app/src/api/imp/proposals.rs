//! The proposals' use cases on the server: propose, rework, review, comment, decide and
//! resolve, over the store's proposals.

use super::*;

pub async fn create_proposal(id: i64, title: &str, edited: Edited) -> Result<i64, AppError> {
    let patch = edited.patch()?;
    let pid = store()?
        .create_proposal(id, title, &patch, &author())
        .await
        .map_err(from_store)?;
    leptos_axum::redirect(&crate::model::proposal_href(id, pid));
    Ok(pid)
}

pub async fn review_proposal(id: i64, proposal: i64) -> Result<ProposalReview, AppError> {
    store()?.review(id, proposal).await.map_err(from_store)
}

pub async fn proposal_draft(id: i64, proposal: i64) -> Result<ProposalDraft, AppError> {
    let detail = get_sheet(id).await?;
    let draft = workbench_store::proposals::draft(&store()?, id, proposal)
        .await
        .map_err(from_store)?;
    Ok(ProposalDraft {
        proposal,
        title: draft.title,
        current_revision: draft.current_revision,
        catalog_defaults: catalog_defaults(&draft.rows),
        rows: draft.rows,
        report: draft.report,
        detail,
    })
}

pub async fn rework_proposal(
    id: i64,
    proposal: i64,
    title: &str,
    base_revision: i64,
    edited: Edited,
) -> Result<(), AppError> {
    let patch = edited.patch()?;
    store()?
        .rework_proposal(id, proposal, title, &patch, base_revision)
        .await
        .map_err(from_store)?;
    leptos_axum::redirect(&crate::model::proposal_href(id, proposal));
    Ok(())
}

pub async fn list_proposals(id: i64) -> Result<Vec<ProposalSummary>, AppError> {
    store()?.proposals(id).await.map_err(from_store)
}

/// A column named by its code (`value`) or its English header.
fn column_named(name: &str) -> Result<budget::Column, AppError> {
    budget::Column::ALL
        .into_iter()
        .find(|c| c.header(budget::Lang::En) == name.trim())
        .ok_or_else(|| AppError::BadArguments(format!("{name:?} is not a column")))
}

pub async fn comment_proposal(
    id: i64,
    proposal: i64,
    body: &str,
    cell: Option<&str>,
) -> Result<(), AppError> {
    // A cell is `ROW_ID:COLUMN` (`7:value`); empty: the whole proposal.
    let cell = match cell.map(str::trim).filter(|c| !c.is_empty()) {
        None => None,
        Some(c) => {
            let (row, column) = c
                .split_once(':')
                .ok_or_else(|| AppError::BadArguments(format!("{c:?} is not ROW_ID:COLUMN")))?;
            let row: i64 = row
                .trim()
                .parse()
                .map_err(|_| AppError::BadArguments(format!("{row:?} is not a row id")))?;
            Some((row, column_named(column)?))
        }
    };
    store()?
        .comment(id, proposal, &author(), body, cell)
        .await
        .map_err(from_store)?;
    leptos_axum::redirect(&crate::model::proposal_href(id, proposal));
    Ok(())
}

pub async fn decide_proposal(
    id: i64,
    proposal: i64,
    decision: &str,
    seen_revision: i64,
    comment: &str,
    anyway: bool,
) -> Result<(), AppError> {
    let decided = async {
        let decision = decision_of(decision, seen_revision, comment, anyway)?;
        store()?
            .decide(id, proposal, &author(), decision)
            .await
            .map_err(from_store)?;
        Ok::<(), AppError>(())
    }
    .await;
    match &decided {
        Ok(()) => leptos_axum::redirect(&crate::model::proposal_href(id, proposal)),
        // A plain form post goes back to the proposal's own address (this `Location`
        // replaces the framework's, which is the page's address with the error in it),
        // and the page finds what was refused in the cookie.
        Err(error) if is_form_post() => {
            keep_refused_decision(&crate::model::RefusedDecision {
                sheet_id: id,
                proposal,
                error: error.clone(),
                comment: comment.to_string(),
                anyway,
            });
            leptos_axum::redirect(&crate::model::proposal_href(id, proposal));
        }
        Err(_) => {}
    }
    decided
}

/// The longest cookie value a refused decision is kept in: browsers keep cookies of up to
/// 4,096 bytes, name and attributes included.
const MAX_REFUSED_COOKIE: usize = 3_500;

/// Sets [`REFUSED_DECISION_COOKIE`](crate::model::REFUSED_DECISION_COOKIE) to `refused`
/// for the proposal's address, for a minute; without its comment when the comment is too
/// long to carry.
fn keep_refused_decision(refused: &crate::model::RefusedDecision) {
    let encode = |r: &crate::model::RefusedDecision| {
        let json = serde_json::to_string(r).unwrap_or_default();
        percent_encoding::utf8_percent_encode(&json, percent_encoding::NON_ALPHANUMERIC).to_string()
    };
    let mut value = encode(refused);
    if value.len() > MAX_REFUSED_COOKIE {
        value = encode(&crate::model::RefusedDecision {
            comment: String::new(),
            ..refused.clone()
        });
    }
    let cookie = format!(
        "{}={value}; Path={}; Max-Age=60; HttpOnly; SameSite=Lax",
        crate::model::REFUSED_DECISION_COOKIE,
        crate::model::proposal_href(refused.sheet_id, refused.proposal)
    );
    set_cookie(&cookie);
}

/// The refused decision on proposal `proposal` of sheet `id` the request's cookie
/// carries, if any; the answer drops the cookie.
pub fn take_refused_decision(id: i64, proposal: i64) -> Option<crate::model::RefusedDecision> {
    let raw = cookie(crate::model::REFUSED_DECISION_COOKIE)?;
    let drop = format!(
        "{}=; Path={}; Max-Age=0; HttpOnly; SameSite=Lax",
        crate::model::REFUSED_DECISION_COOKIE,
        crate::model::proposal_href(id, proposal)
    );
    set_cookie(&drop);
    let json = percent_encoding::percent_decode_str(&raw)
        .decode_utf8()
        .ok()?;
    serde_json::from_str::<crate::model::RefusedDecision>(&json)
        .ok()
        .filter(|r| r.sheet_id == id && r.proposal == proposal)
}

/// The decision a form sends: `approve` (at revision `seen_revision`, `anyway` despite new
/// findings) or `reject`, with its comment; anything else is refused as bad arguments.
fn decision_of(
    decision: &str,
    seen_revision: i64,
    comment: &str,
    anyway: bool,
) -> Result<workbench_store::Decision, AppError> {
    use workbench_store::Decision;
    match decision {
        "approve" => Ok(Decision::Approve {
            seen_revision,
            comment: comment.to_string(),
            anyway,
        }),
        "reject" => Ok(Decision::Reject {
            comment: comment.to_string(),
        }),
        other => Err(AppError::BadArguments(format!(
            "decision must be approve or reject, not {other:?}"
        ))),
    }
}

pub async fn resolve_proposal(
    id: i64,
    proposal: i64,
    row_id: i64,
    column: &str,
    keep: &str,
) -> Result<(), AppError> {
    use workbench_store::Resolution;
    let choice = match keep {
        "proposal" => Resolution::Proposal,
        "theirs" => Resolution::Theirs,
        other => {
            return Err(AppError::BadArguments(format!(
                "keep must be proposal or theirs, not {other:?}"
            )))
        }
    };
    store()?
        .resolve(id, proposal, row_id, column_named(column)?, choice)
        .await
        .map_err(from_store)?;
    leptos_axum::redirect(&crate::model::proposal_href(id, proposal));
    Ok(())
}

//! The sign-in page (`GET /login`) and the form of an invitation's link
//! (`GET /login?invite=…`). Both post to `/login`.

use budget::Lang;
use leptos::prelude::*;

use super::{document, ErrorLine};
use crate::i18n::{t, t_args};

/// The sign-in page in `lang`, as a whole document. With `first` (a database without
/// accounts) it is the form that makes the administrator, with the setup code the server
/// printed at start; `error` is the last try's refusal, or empty.
pub fn sign_in_page(lang: Lang, first: bool, error: &str) -> String {
    let title = t(
        lang,
        if first {
            "login-first-title"
        } else {
            "login-title"
        },
    );
    let main = view! { <SignIn lang first error=error.to_string() title=title.clone() /> };
    document(lang, &title, "login", main)
}

/// The form of an invitation's link in `lang`, as a whole document: the address invited
/// (`email`) and a new password. The form carries the link's `token` back; the server
/// sends the page so that no cache keeps it.
pub fn invite_page(lang: Lang, email: &str, token: &str, error: &str) -> String {
    let title = t(lang, "invite-title");
    let main = view! {
        <Invite
            lang
            email=email.to_string()
            token=token.to_string()
            error=error.to_string()
            title=title.clone()
        />
    };
    document(lang, &title, "login", main)
}

#[component]
fn SignIn(lang: Lang, first: bool, error: String, title: String) -> impl IntoView {
    let (complete, submit) = if first {
        ("new-password", "login-first-submit")
    } else {
        ("current-password", "login-submit")
    };
    view! {
        <h1>{title}</h1>
        {first.then(|| view! { <p>{t(lang, "login-first-lead")}</p> })}
        <ErrorLine error />
        <form method="post" action="/login">
            <p>
                <label>
                    {t(lang, "login-email") + " "}
                    <input type="email" name="email" autocomplete="username" required autofocus />
                </label>
            </p>
            <PasswordField lang complete autofocus=false />
            // Only while the database has no account: the code the server printed at start.
            {first
                .then(|| {
                    view! {
                        <p>
                            <label>
                                {t(lang, "login-setup-code") + " "}
                                <input
                                    type="text"
                                    name="setup_code"
                                    autocomplete="off"
                                    spellcheck="false"
                                    required
                                />
                            </label>
                        </p>
                    }
                })}
            <p>
                <button type="submit">{t(lang, submit)}</button>
            </p>
        </form>
    }
}

#[component]
fn Invite(lang: Lang, email: String, token: String, error: String, title: String) -> impl IntoView {
    // The sentence around the address, which is set in bold: split at a mark put in its place.
    let lead = t_args(lang, "invite-lead", [("email", "\u{1}".into())]);
    let (before, after) = lead.split_once('\u{1}').unwrap_or((&lead, ""));
    let (before, after) = (
        before.to_string(),
        (!after.is_empty()).then(|| after.to_string()),
    );
    view! {
        <h1>{title}</h1>
        <p>{before}<strong data-testid="invited">{email}</strong>{after}</p>
        <ErrorLine error />
        <form method="post" action="/login">
            <input type="hidden" name="invite" value=token />
            <PasswordField lang complete="new-password" autofocus=true />
            <p>
                <button type="submit">{t(lang, "invite-submit")}</button>
            </p>
        </form>
    }
}

/// The password's field: `complete` is its `autocomplete` (`current-password` to sign in,
/// `new-password` for a new account); `autofocus` when it is the form's first field.
#[component]
fn PasswordField(lang: Lang, complete: &'static str, autofocus: bool) -> impl IntoView {
    view! {
        <p>
            <label>
                {t(lang, "login-password") + " "}
                <input type="password" name="password" autocomplete=complete required autofocus=autofocus />
            </label>
        </p>
    }
}

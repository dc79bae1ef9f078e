//! Every acknowledged save survives a crash of the server (`kill -9`), and
//! `workbench backup` / `workbench restore` give back the database as it was.

use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use budget::{tsv, Lang, Sheet};
use workbench_store::Store;

use crate::binary::workbench_on;
use crate::helpers::{fixture, golden_g2};
use crate::process::{agent, Server};

/// Creates sheets one after another until `stop`, each from the G1 fixture, and records the
/// id of every one the server acknowledged (`201`).
fn save_until(base: &str, stop: &AtomicBool, acknowledged: &Mutex<Vec<i64>>) {
    let agent = agent();
    let g1 = fixture("reservation-en.tsv");
    let mut n = 0;
    while !stop.load(Ordering::Relaxed) {
        n += 1;
        let answer = agent
            .post(&format!("{base}/api/v1/sheets?name=save-{n}"))
            .content_type("text/tab-separated-values")
            .send(g1.as_str());
        let Ok(mut answer) = answer else { break }; // the server is gone
        assert_eq!(
            answer.status(),
            201,
            "{:?}",
            answer.body_mut().read_to_string()
        );
        let Ok(body) = answer.body_mut().read_to_string() else {
            break; // killed between the status line and the body: not acknowledged
        };
        let created: serde_json::Value = serde_json::from_str(&body).unwrap();
        acknowledged
            .lock()
            .unwrap()
            .push(created["id"].as_i64().unwrap());
    }
}

/// The ids and row counts of every sheet the server lists.
fn listed(server: &Server) -> Vec<(i64, u64)> {
    let body = agent()
        .get(&server.url("/api/v1/sheets"))
        .call()
        .unwrap()
        .body_mut()
        .read_to_string()
        .unwrap();
    let list: serde_json::Value = serde_json::from_str(&body).unwrap();
    list.as_array()
        .unwrap()
        .iter()
        .map(|sheet| {
            (
                sheet["id"].as_i64().unwrap(),
                sheet["rows"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn every_acknowledged_save_survives_kill_9_twenty_times() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("crash.db").display());
    let mut all_acknowledged = Vec::new();
    for round in 0..20u64 {
        let server = Server::start(&url, &[]);
        let stop = Arc::new(AtomicBool::new(false));
        let acknowledged = Arc::new(Mutex::new(Vec::new()));
        let writers: Vec<_> = (0..2)
            .map(|_| {
                let (base, stop, acknowledged) =
                    (server.base.clone(), stop.clone(), acknowledged.clone());
                std::thread::spawn(move || save_until(&base, &stop, &acknowledged))
            })
            .collect();
        // Kill in the middle of the stream, at a different moment each round: after a few
        // acknowledged saves, then a few milliseconds more.
        let started = std::time::Instant::now();
        while acknowledged.lock().unwrap().len() < 3 {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "round {round}: no save acknowledged in 20 s"
            );
            std::thread::sleep(Duration::from_millis(2));
        }
        std::thread::sleep(Duration::from_millis(7 * (round % 5)));
        server.kill();
        stop.store(true, Ordering::Relaxed);
        for writer in writers {
            writer.join().unwrap();
        }
        let acknowledged = acknowledged.lock().unwrap().clone();
        assert!(
            !acknowledged.is_empty(),
            "round {round}: no save was acknowledged before the kill"
        );
        all_acknowledged.extend(acknowledged);
        let restarted = Server::start(&url, &[]);
        let sheets = listed(&restarted);
        for id in &all_acknowledged {
            assert_eq!(
                sheets.iter().find(|(listed, _)| listed == id),
                Some(&(*id, 12)),
                "round {round}: acknowledged sheet {id} is lost or changed after kill -9"
            );
        }
        drop(restarted);
    }
}

/// A new folder with the SQLite database file `name` in it (not made yet): the folder, the
/// file's path and its URL.
fn sqlite_file(name: &str) -> (tempfile::TempDir, std::path::PathBuf, String) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join(name);
    let url = format!("sqlite://{}", db.display());
    (dir, db, url)
}

/// Golden G1, in English.
fn g1() -> Sheet {
    Sheet::new(
        Lang::En,
        tsv::import(&fixture("reservation-en.tsv")).unwrap().rows,
    )
}

/// `workbench restore BACKUP` on the database `url`, which must say it restored one sheet.
fn restore_one_sheet(url: &str, backup: &std::path::Path) {
    let output = workbench_on(url, &["restore", backup.to_str().unwrap()]);
    assert_eq!(
        (output.status.code(), text(&output.stdout)),
        (
            Some(0),
            format!(
                "workbench: restored {url} from {} (1 sheets)\n",
                backup.display()
            )
        ),
        "{}",
        text(&output.stderr)
    );
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_backup_restores_the_database_as_it_was() {
    let (dir, _, url) = sqlite_file("store.db");
    let backup = dir.path().join("backup.db");
    let g1 = g1();
    let g2 = tsv::import(&golden_g2()).unwrap();

    let store = Store::connect(&url).await.unwrap();
    let journal: String = sqlx::query_scalar("PRAGMA journal_mode")
        .fetch_one(&sqlx::SqlitePool::connect(&url).await.unwrap())
        .await
        .unwrap();
    assert_eq!(
        journal, "wal",
        "the store's file is in write-ahead-log mode"
    );
    let id = store
        .create_sheet(&"G1".parse().unwrap(), &g1)
        .await
        .unwrap();
    // Taken while the store is open and serving.
    let output = workbench_on(&url, &["backup", backup.to_str().unwrap()]);
    assert_eq!(
        (output.status.code(), text(&output.stdout)),
        (
            Some(0),
            format!("workbench: backed up {url} to {}\n", backup.display())
        )
    );
    // A second backup to the same path is refused and leaves the first.
    let again = workbench_on(&url, &["backup", backup.to_str().unwrap()]);
    assert_eq!(
        (again.status.code(), text(&again.stderr)),
        (
            Some(1),
            format!(
                "workbench: backup failed: {} exists already; a backup never overwrites a file: give a new path\n",
                backup.display()
            )
        )
    );

    // Changes after the backup: G2 typed into the sheet, and a second sheet.
    store.save_rows(id, &g2.rows).await.unwrap();
    store
        .create_sheet(&"later".parse().unwrap(), &g1)
        .await
        .unwrap();
    store.close().await;

    restore_one_sheet(&url, &backup);
    let store = Store::connect(&url).await.unwrap();
    let list = store.list_sheets().await.unwrap();
    assert_eq!(
        list.iter()
            .map(|s| (s.id, s.name.as_str()))
            .collect::<Vec<_>>(),
        vec![(id, "G1")]
    );
    assert_eq!(store.get_sheet(id).await.unwrap().sheet.rows, g1.rows);
    store.close().await;

    // A file that is not a backup changes nothing.
    let junk = dir.path().join("junk.db");
    std::fs::write(&junk, "not a database").unwrap();
    let output = workbench_on(&url, &["restore", junk.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stderr).starts_with(&format!(
            "workbench: restore failed: {} is not a workbench backup: ",
            junk.display()
        )),
        "{}",
        text(&output.stderr)
    );
    let store = Store::connect(&url).await.unwrap();
    assert_eq!(store.get_sheet(id).await.unwrap().sheet.rows, g1.rows);
}

#[test]
fn postgres_is_backed_up_with_its_own_tools() {
    let output = workbench_on(
        "postgres://postgres@127.0.0.1:5432/test",
        &["restore", "whatever.db"],
    );
    assert_eq!(
        (output.status.code(), text(&output.stderr)),
        (
            Some(1),
            "workbench: restore failed: the database is PostgreSQL: back it up with pg_dump \
             (pg_dump --format=custom -f FILE DATABASE) and restore it with pg_restore\n"
                .to_string()
        )
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_restore_is_refused_while_a_server_holds_the_database() {
    let (dir, db, url) = sqlite_file("served.db");
    let backup = dir.path().join("backup.db");
    let g1 = g1();
    let store = Store::connect(&url).await.unwrap();
    let id = store
        .create_sheet(&"G1".parse().unwrap(), &g1)
        .await
        .unwrap();
    let output = workbench_on(&url, &["backup", backup.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    store.close().await;

    // A server on the database acknowledges a save made after the backup.
    let server = Server::start(&url, &[]);
    let mut created = agent()
        .post(&server.url("/api/v1/sheets?name=after-the-backup"))
        .content_type("text/tab-separated-values")
        .send(fixture("reservation-en.tsv").as_str())
        .unwrap();
    assert_eq!(created.status(), 201);
    let later: serde_json::Value =
        serde_json::from_str(&created.body_mut().read_to_string().unwrap()).unwrap();
    let later = later["id"].as_i64().unwrap();

    // The restore is refused while the server runs, and changes nothing.
    let output = workbench_on(&url, &["restore", backup.to_str().unwrap()]);
    assert_eq!(
        (
            output.status.code(),
            text(&output.stdout),
            text(&output.stderr)
        ),
        (
            Some(1),
            String::new(),
            format!(
                "workbench: restore failed: the database {} is in use by a running workbench \
                 server: stop the server first, then run the restore again (nothing was \
                 changed)\n",
                db.display()
            )
        )
    );
    assert!(
        !dir.path().join("served.db.restoring").exists(),
        "no copy of the backup was staged"
    );
    assert_eq!(listed(&server), vec![(later, 12), (id, 12)]);
    server.kill();
    let store = Store::connect(&url).await.unwrap();
    assert_eq!(store.list_sheets().await.unwrap().len(), 2);
    store.close().await;
    drop(store);

    // Stopped: the same restore goes through.
    restore_one_sheet(&url, &backup);
    let restarted = Server::start(&url, &[]);
    assert_eq!(listed(&restarted), vec![(id, 12)]);
}

#[test]
fn a_server_does_not_start_while_a_restore_holds_the_database() {
    let (dir, db, url) = sqlite_file("restoring.db");
    // What `workbench restore` holds while it replaces the file.
    let lock = std::fs::File::create(dir.path().join("restoring.db.lock")).unwrap();
    lock.lock().unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_workbench"))
        .arg("serve")
        .env("DATABASE_URL", &url)
        .env("LEPTOS_SITE_ADDR", "127.0.0.1:0")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stderr).contains(&format!(
            "the database {} is being restored (workbench restore): start the server when the \
             restore has finished",
            db.display()
        )),
        "{}",
        text(&output.stderr)
    );
    assert!(!db.exists(), "the server did not open the database");
}

//! Live updates: who changed a sheet and how many pages watch it, for the pages' server-sent
//! events.
//!
//! Within one server process the store sends every [`SheetEvent`] on a broadcast channel. On
//! PostgreSQL, several instances may serve one database; each also publishes its events with
//! `pg_notify` on a channel named after the database schema (`workbench:SCHEMA`) and listens
//! on it (`LISTEN`, through sqlx's [`PgListener`]), so a page served by one instance hears a
//! save made through another within the round trip of a notification.
//!
//! Viewers are counted per instance: each publishes its own count for a sheet whenever it
//! changes and again every [`PRESENCE_EVERY`]; a page is shown the sum of its instance's count
//! and every other instance's last count not older than [`PRESENCE_EXPIRES`] (so an instance
//! that stopped without saying goodbye drops out of the count after that long).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

use sqlx::postgres::PgListener;
use sqlx::AnyPool;
use tokio::sync::broadcast;

use super::super::error::StoreError;

/// How often an instance repeats its viewer counts to the others.
pub const PRESENCE_EVERY: Duration = Duration::from_secs(15);

/// How long another instance's viewer count is believed without being repeated.
pub const PRESENCE_EXPIRES: Duration = Duration::from_secs(40);

/// How many events a slow receiver may fall behind before it skips the oldest.
const CHANNEL_CAPACITY: usize = 256;

/// What the store tells the pages watching a sheet: it changed (a new version, by whom), or
/// the number of pages watching it changed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SheetEvent {
    /// The sheet.
    pub sheet_id: i64,
    /// Its version now (its `ETag`); 0 for a viewer count.
    pub version: i64,
    /// Who changed it; empty for a viewer count.
    pub author: String,
    /// How many pages watch it now, on every instance.
    pub viewers: usize,
    /// `saved` or `presence`.
    pub kind: &'static str,
}

/// One instance's event as it travels through `pg_notify` (JSON).
#[derive(Debug, serde::Serialize, serde::Deserialize)]
struct Notice {
    /// The instance that sent it ([`Live::instance`]).
    instance: u64,
    sheet_id: i64,
    /// `saved` or `presence`.
    kind: String,
    /// The version saved (for `saved`).
    #[serde(default)]
    version: i64,
    /// Who saved (for `saved`).
    #[serde(default)]
    author: String,
    /// The sending instance's own count of viewers (for `presence`).
    #[serde(default)]
    viewers: usize,
}

/// Other instances' viewer counts of one sheet: instance → (count, when heard).
type Heard = HashMap<u64, (usize, Instant)>;

/// The live side of a store, shared by its clones.
#[derive(Debug)]
pub(super) struct Live {
    events: broadcast::Sender<SheetEvent>,
    /// This instance's pages per sheet.
    local: Mutex<HashMap<i64, usize>>,
    /// Other instances' counts per sheet.
    remote: Mutex<HashMap<i64, Heard>>,
    /// This instance among the ones on one PostgreSQL database.
    instance: u64,
    /// Where events are published to other instances (PostgreSQL only).
    relay: Option<Relay>,
}

#[derive(Debug)]
struct Relay {
    pool: AnyPool,
    channel: String,
}

impl Live {
    /// Events within this process only (SQLite: one process owns the file).
    pub(super) fn local() -> Live {
        Live {
            events: broadcast::channel(CHANNEL_CAPACITY).0,
            local: Mutex::default(),
            remote: Mutex::default(),
            instance: instance_id(),
            relay: None,
        }
    }

    /// Events shared with every instance on the PostgreSQL database at `url`: starts the
    /// listener and the repeated viewer counts, which stop when the store is dropped.
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`] when the listening connection cannot be opened.
    pub(super) async fn shared(pool: &AnyPool, url: &str) -> Result<Arc<Live>, StoreError> {
        let schema: String = sqlx::query_scalar("SELECT current_schema()::text")
            .fetch_one(pool)
            .await?;
        let channel = format!("workbench:{schema}");
        let mut listener = PgListener::connect(url).await?;
        listener.listen(&channel).await?;
        let live = Arc::new(Live {
            relay: Some(Relay {
                pool: pool.clone(),
                channel,
            }),
            ..Live::local()
        });
        tokio::spawn(listen(Arc::downgrade(&live), listener));
        Ok(live)
    }

    /// Every event from now on.
    pub(super) fn subscribe(&self) -> broadcast::Receiver<SheetEvent> {
        self.events.subscribe()
    }

    /// Counts one more (`+1`) or one fewer (`-1`) page on sheet `id`, and tells everyone.
    pub(super) fn count(&self, id: i64, delta: isize) {
        let local = {
            let mut map = self.local.lock().unwrap_or_else(|e| e.into_inner());
            let n = map.entry(id).or_insert(0);
            *n = n.saturating_add_signed(delta);
            let n = *n;
            if n == 0 {
                map.remove(&id);
            }
            n
        };
        self.send(id, 0, "", "presence");
        self.publish(self.presence(id, local));
    }

    /// The notice of this instance's `n` viewers of sheet `id`.
    fn presence(&self, id: i64, n: usize) -> Notice {
        Notice {
            instance: self.instance,
            sheet_id: id,
            kind: "presence".into(),
            version: 0,
            author: String::new(),
            viewers: n,
        }
    }

    /// How many pages watch sheet `id`, on this instance and the others.
    pub(super) fn viewers(&self, id: i64) -> usize {
        let local = {
            let map = self.local.lock().unwrap_or_else(|e| e.into_inner());
            map.get(&id).copied().unwrap_or(0)
        };
        let remote = self.remote.lock().unwrap_or_else(|e| e.into_inner());
        let others: usize = remote.get(&id).map_or(0, |counts| {
            counts
                .values()
                .filter(|(_, heard)| heard.elapsed() < PRESENCE_EXPIRES)
                .map(|(n, _)| n)
                .sum()
        });
        local + others
    }

    /// Tells every page of sheet `id`, here and on other instances, that `author` changed it
    /// to `version`.
    pub(super) fn changed(&self, id: i64, version: i64, author: &str) {
        self.send(id, version, author, "saved");
        self.publish(Notice {
            instance: self.instance,
            sheet_id: id,
            kind: "saved".into(),
            version,
            author: author.to_string(),
            viewers: 0,
        });
    }

    fn send(&self, id: i64, version: i64, author: &str, kind: &'static str) {
        let _ = self.events.send(SheetEvent {
            sheet_id: id,
            version,
            author: author.to_string(),
            viewers: self.viewers(id),
            kind,
        });
    }

    /// Publishes `notice` to the other instances, without waiting (a lost notice costs a
    /// page one live update, never a save).
    fn publish(&self, notice: Notice) {
        let Some(relay) = &self.relay else { return };
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let (pool, channel) = (relay.pool.clone(), relay.channel.clone());
        let payload = serde_json::to_string(&notice).unwrap_or_default();
        runtime.spawn(async move {
            let sent = sqlx::query("SELECT pg_notify($1, $2)")
                .bind(channel)
                .bind(payload)
                .execute(&pool)
                .await;
            if let Err(e) = sent {
                eprintln!("workbench: cannot tell the other instances of a change: {e}");
            }
        });
    }

    /// Takes in another instance's notice.
    fn receive(&self, payload: &str) {
        let Ok(notice) = serde_json::from_str::<Notice>(payload) else {
            return;
        };
        if notice.instance == self.instance {
            return;
        }
        match notice.kind.as_str() {
            "saved" => self.send(notice.sheet_id, notice.version, &notice.author, "saved"),
            "presence" => {
                let before = self.viewers(notice.sheet_id);
                {
                    let mut remote = self.remote.lock().unwrap_or_else(|e| e.into_inner());
                    let counts = remote.entry(notice.sheet_id).or_default();
                    if notice.viewers == 0 {
                        counts.remove(&notice.instance);
                    } else {
                        counts.insert(notice.instance, (notice.viewers, Instant::now()));
                    }
                }
                if self.viewers(notice.sheet_id) != before {
                    self.send(notice.sheet_id, 0, "", "presence");
                }
            }
            _ => {}
        }
    }

    /// Repeats this instance's counts, so the others keep believing them.
    fn repeat_counts(&self) {
        let counts: Vec<(i64, usize)> = {
            let map = self.local.lock().unwrap_or_else(|e| e.into_inner());
            map.iter().map(|(id, n)| (*id, *n)).collect()
        };
        for (id, n) in counts {
            self.publish(self.presence(id, n));
        }
    }
}

/// Hears the other instances until the store is gone. `recv` reconnects by itself when the
/// connection drops; notices sent meanwhile are lost (pages catch up when they reconnect,
/// with `Last-Event-ID`).
async fn listen(live: Weak<Live>, mut listener: PgListener) {
    let mut repeat = tokio::time::interval(PRESENCE_EVERY);
    loop {
        tokio::select! {
            heard = listener.recv() => match (heard, live.upgrade()) {
                (_, None) => return,
                (Ok(notification), Some(live)) => live.receive(notification.payload()),
                (Err(e), Some(_)) => {
                    eprintln!("workbench: not hearing the other instances: {e}");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
            },
            _ = repeat.tick() => match live.upgrade() {
                None => return,
                Some(live) => live.repeat_counts(),
            },
        }
    }
}

/// A number that tells this instance from others: the process id and the start time.
fn instance_id() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u32(std::process::id());
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    hasher.finish()
}

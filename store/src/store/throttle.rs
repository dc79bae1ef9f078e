//! Sign-in attempts per bucket, kept in the database so that every instance on it counts the
//! same attempts (the server's `auth` module chooses the buckets and the limits).

use super::db::Store;
use crate::error::StoreError;

/// A rate of attempts: `burst` at once, then one more every `interval_ms`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SignInRate {
    /// Milliseconds between attempts once the burst is spent (a window divided by the
    /// attempts it allows).
    pub interval_ms: i64,
    /// How many attempts may come at once.
    pub burst: i64,
}

impl Store {
    /// Counts one sign-in attempt in `bucket` at `now_ms` against `rate`; whether it is
    /// allowed.
    ///
    /// The generic cell rate algorithm (GCRA, as the `governor` crate uses in memory): the
    /// bucket keeps a "theoretical arrival time" (TAT); an attempt moves it to
    /// `max(TAT, now) + interval` and is allowed when that is at most `burst × interval`
    /// ahead of now. Refused attempts move it too, up to one interval past that, so a
    /// client that keeps trying stays refused until it pauses for two intervals. One
    /// statement (an upsert), so concurrent attempts on any number of instances each see the
    /// others'; the table holds one row per bucket ever used.
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`].
    pub async fn take_sign_in(
        &self,
        bucket: i64,
        now_ms: i64,
        rate: SignInRate,
    ) -> Result<bool, StoreError> {
        let window = rate.interval_ms.saturating_mul(rate.burst);
        let cap = now_ms
            .saturating_add(window)
            .saturating_add(rate.interval_ms);
        let tat: i64 = sqlx::query_scalar(
            "INSERT INTO sign_in_throttle (bucket, tat) VALUES ($1, $2) \
             ON CONFLICT (bucket) DO UPDATE SET tat = CASE \
             WHEN (CASE WHEN sign_in_throttle.tat > $3 THEN sign_in_throttle.tat ELSE $3 END) + $4 > $5 \
             THEN $5 \
             ELSE (CASE WHEN sign_in_throttle.tat > $3 THEN sign_in_throttle.tat ELSE $3 END) + $4 END \
             RETURNING tat",
        )
        .bind(bucket)
        .bind(now_ms.saturating_add(rate.interval_ms))
        .bind(now_ms)
        .bind(rate.interval_ms)
        .bind(cap)
        .fetch_one(&self.pool)
        .await?;
        Ok(tat - now_ms <= window)
    }

    /// Whether a refused attempt in `bucket` at `now_ms` is the first to be written to the
    /// audit log since `window_ms` ago; if so, the next one is written no earlier than
    /// `now_ms + window_ms`. One statement, so of concurrent refusals on any number of
    /// instances exactly one is noted.
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`].
    pub async fn note_refusal(
        &self,
        bucket: i64,
        now_ms: i64,
        window_ms: i64,
    ) -> Result<bool, StoreError> {
        let noted = sqlx::query(
            "UPDATE sign_in_throttle SET noted_until = $1 WHERE bucket = $2 AND noted_until <= $3",
        )
        .bind(now_ms.saturating_add(window_ms))
        .bind(bucket)
        .bind(now_ms)
        .execute(&self.pool)
        .await?;
        Ok(noted.rows_affected() == 1)
    }

    /// Forgets the attempts counted in `bucket` (a sign-in that succeeded).
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`].
    pub async fn forget_sign_ins(&self, bucket: i64) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM sign_in_throttle WHERE bucket = $1")
            .bind(bucket)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// How many buckets the sign-in limit has used: the rows of its table.
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`].
    pub async fn sign_in_buckets(&self) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM sign_in_throttle")
            .fetch_one(&self.pool)
            .await?)
    }
}

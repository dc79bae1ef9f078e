//! The rule the store's in-memory caches share: an entry count bound ([`LruCache`]'s own)
//! and a bound on the entries' total size, in whatever unit the cache counts (rows, bytes).

use lru::LruCache;

/// Puts `value` under `key` in `cache`, whose entries' sizes (by `size`) add up to
/// `*total`; the least recently used go while they add up to more than `max_total`, and one
/// pushed out by the count bound goes too. The newest stays, whatever its size.
pub(crate) fn keep<V>(
    cache: &mut LruCache<u64, V>,
    total: &mut usize,
    max_total: usize,
    key: u64,
    value: V,
    size: impl Fn(&V) -> usize,
) {
    *total += size(&value);
    if let Some((_, out)) = cache.push(key, value) {
        *total -= size(&out);
    }
    while *total > max_total && cache.len() > 1 {
        if let Some((_, old)) = cache.pop_lru() {
            *total -= size(&old);
        }
    }
}

//! The engine's hash map: foldhash's fast hasher, seeded per process (minimally resistant to
//! keys chosen to collide), instead of SipHash, which costs more than the rest of a lookup of
//! a short name. Nothing the engine reports depends on a map's order.

/// A `HashMap` with foldhash's fast hasher.
pub(crate) type Map<K, V> = std::collections::HashMap<K, V, foldhash::fast::RandomState>;

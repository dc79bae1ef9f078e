//! One source, many views, each with a signal of its own ("render only what
//! needs rendering").
//!
//! A signal read by a memo in each of 2,000 grid rows has 2,000 subscribers, and every memo
//! that re-runs unsubscribes and subscribes again; `reactive_graph` keeps a source's
//! subscribers in order, so each unsubscription shifts the rest: a report that reaches
//! 2,000 row memos cost about half a second of the keystroke's time in that shifting
//! alone. A [`FanOut`] turns that around: one effect reads the source and sets the slot of
//! each view whose value changed; a view reads only its own slot, the source has one
//! subscriber, and a keystroke that changes three rows wakes three views.

use std::collections::HashMap;
use std::hash::Hash;

use leptos::prelude::*;

/// The slots of many views, by key: each a signal that [`FanOut::publish`] sets when its
/// value changes. Copy: the slots live in a stored value of the owner that made it.
pub struct FanOut<K: Send + Sync + 'static, V: Send + Sync + 'static> {
    slots: StoredValue<HashMap<K, RwSignal<V>>>,
}

impl<K: Send + Sync + 'static, V: Send + Sync + 'static> Clone for FanOut<K, V> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<K: Send + Sync + 'static, V: Send + Sync + 'static> Copy for FanOut<K, V> {}

impl<K: Send + Sync + 'static, V: Send + Sync + 'static> std::fmt::Debug for FanOut<K, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FanOut").finish_non_exhaustive()
    }
}

impl<K, V> Default for FanOut<K, V>
where
    K: Hash + Eq + Clone + Send + Sync + 'static,
    V: PartialEq + Clone + Send + Sync + 'static,
{
    fn default() -> Self {
        Self::new()
    }
}

impl<K, V> FanOut<K, V>
where
    K: Hash + Eq + Clone + Send + Sync + 'static,
    V: PartialEq + Clone + Send + Sync + 'static,
{
    /// No slots yet.
    pub fn new() -> Self {
        FanOut {
            slots: StoredValue::new(HashMap::new()),
        }
    }

    /// The slot of the view with `key`, holding `initial` until the next
    /// [`FanOut::publish`]. The signal belongs to the caller's owner (the view): when the
    /// view goes, its slot leaves the fan-out.
    pub fn slot(&self, key: K, initial: V) -> ReadSignal<V> {
        let signal = RwSignal::new(initial);
        self.slots.update_value(|slots| {
            slots.insert(key.clone(), signal);
        });
        let slots = self.slots;
        on_cleanup(move || {
            slots.try_update_value(|slots| {
                if slots.get(&key) == Some(&signal) {
                    slots.remove(&key);
                }
            });
        });
        signal.read_only()
    }

    /// Sets each slot to `value(key)` where that differs from what it holds; the others are
    /// left alone, and their views do not run. Call it from the effect that reads the source.
    pub fn publish(&self, value: impl Fn(&K) -> V) {
        self.publish_changes(|key, was| {
            let now = value(key);
            (now != *was).then_some(now)
        });
    }

    /// Sets each slot for which `changed(key, what it holds)` gives a new value: as
    /// [`FanOut::publish`], for a source whose items are compared where they are and copied
    /// only when they changed.
    pub fn publish_changes(&self, changed: impl Fn(&K, &V) -> Option<V>) {
        let slots: Vec<(K, RwSignal<V>)> = self
            .slots
            .try_with_value(|slots| slots.iter().map(|(k, s)| (k.clone(), *s)).collect())
            .unwrap_or_default();
        for (key, signal) in slots {
            if let Some(Some(now)) = signal.try_with_untracked(|was| changed(&key, was)) {
                signal.set(now);
            }
        }
    }

    /// How many views have a slot.
    pub fn len(&self) -> usize {
        self.slots.try_with_value(HashMap::len).unwrap_or(0)
    }

    /// Whether no view has a slot.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_publish_sets_only_the_slots_that_change_and_a_gone_view_leaves() {
        let owner = Owner::new();
        owner.set();
        let fan = FanOut::<u64, usize>::new();
        let first = fan.slot(1, 10);
        let view = Owner::new();
        let second = view.with(|| fan.slot(2, 20));
        assert_eq!(fan.len(), 2);

        fan.publish(|key| if *key == 1 { 11 } else { 20 });
        assert_eq!((first.get_untracked(), second.get_untracked()), (11, 20));

        // The second view goes: its slot with it.
        view.cleanup();
        assert_eq!(fan.len(), 1);
        fan.publish(|_| 12);
        assert_eq!(first.get_untracked(), 12);
    }
}

//! The report's lists (nodes, hops, findings) as the page draws them: each item by a key that
//! follows it from one report to the next, so that a keystroke redraws the few items it
//! changed, not the tables ("render only what needs rendering").
//!
//! A table keyed by place would redraw every item after an inserted one (a node turning
//! inverted adds a finding near the top). Keyed by what the item is (a node's name, a hop's
//! segment, a finding's code, rows and message), an inserted item is one new element and
//! the others stay as they are; an item whose other fields change under the same key is
//! redrawn where it is.

use std::collections::HashMap;
use std::hash::Hash;

use budget::{Lang, Report};
use leptos::prelude::*;

use crate::fan_out::FanOut;
use crate::highlight::{Highlight, NumberRows};

/// The key of an item: what the item is, and how many earlier items of the list have the
/// same (0 for the first), so that every key of a list is different.
pub type Key<K> = (K, usize);

/// The keys of `items`: `key(item)` of each, numbered among equal ones.
///
/// ```
/// use app::keyed::unique_keys;
/// let keys = unique_keys(&["a", "b", "a"], |s| s.to_string());
/// assert_eq!(keys, [("a".to_string(), 0), ("b".to_string(), 0), ("a".to_string(), 1)]);
/// ```
pub fn unique_keys<T, K: Hash + Eq + Clone>(items: &[T], key: impl Fn(&T) -> K) -> Vec<Key<K>> {
    let mut seen: HashMap<K, usize> = HashMap::with_capacity(items.len());
    items
        .iter()
        .map(|item| {
            let k = key(item);
            let n = seen.entry(k.clone()).or_insert(0);
            let numbered = (k, *n);
            *n += 1;
            numbered
        })
        .collect()
}

/// Which list of a report a [`KeyedList`] shows: where the list is in the report, where the
/// rows behind its items' numbers are (at the same places), and what an item's key is.
pub struct ListOf<K, T, R> {
    /// The list in the report.
    pub items: fn(&Report) -> &[T],
    /// The rows behind the numbers of its items.
    pub rows: fn(&NumberRows) -> &[R],
    /// What an item is, for its key.
    pub key: fn(&T) -> K,
}

/// One list of the latest report, by keys: the keys in the report's order (for a keyed
/// `<For>`), and each item shown, with the rows behind its numbers, in a signal of its own,
/// which the list's effect sets only when the item or its rows changed ([`FanOut`]): the
/// report has one subscriber, not one per item.
pub struct KeyedList<K, T, R>
where
    K: Send + Sync + 'static,
    T: Send + Sync + 'static,
    R: Send + Sync + 'static,
{
    keys: Memo<Vec<Key<K>>>,
    places: Memo<HashMap<Key<K>, usize>>,
    shown: FanOut<Key<K>, Option<(T, R)>>,
    report: Signal<Report>,
    numbers: Option<Memo<NumberRows>>,
    items: fn(&Report) -> &[T],
    rows: fn(&NumberRows) -> &[R],
}

impl<K, T, R> Clone for KeyedList<K, T, R>
where
    K: Send + Sync + 'static,
    T: Send + Sync + 'static,
    R: Send + Sync + 'static,
{
    fn clone(&self) -> Self {
        *self
    }
}

impl<K, T, R> Copy for KeyedList<K, T, R>
where
    K: Send + Sync + 'static,
    T: Send + Sync + 'static,
    R: Send + Sync + 'static,
{
}

impl<K, T, R> KeyedList<K, T, R>
where
    K: Hash + Eq + Clone + Send + Sync + 'static,
    T: PartialEq + Clone + Send + Sync + 'static,
    R: PartialEq + Clone + Default + Send + Sync + 'static,
{
    /// The list `of.items(report)` of `report`, its items keyed by `of.key`, each shown with
    /// the rows behind its numbers, `of.rows(numbers)` at the same place, from the page's
    /// [`Highlight`] (none where the page provides none).
    pub fn new(report: Signal<Report>, of: ListOf<K, T, R>) -> Self {
        let ListOf { items, rows, key } = of;
        let numbers = Highlight::from_context().map(|h| h.numbers());
        let keys = Memo::new(move |_| report.with(|r| unique_keys(items(r), key)));
        let places = Memo::new(move |_| {
            keys.with(|keys| {
                keys.iter()
                    .cloned()
                    .enumerate()
                    .map(|(i, k)| (k, i))
                    .collect::<HashMap<_, _>>()
            })
        });
        let list = KeyedList {
            keys,
            places,
            shown: FanOut::new(),
            report,
            numbers,
            items,
            rows,
        };
        Effect::new(move |_| {
            places.with(|places| {
                list.shown
                    .publish_changes(|key, shown| match (places.get(key), shown) {
                        (Some(&i), Some(shown)) if list.shows(i, shown) => None,
                        (Some(&i), _) => Some(list.value(i)),
                        (None, Some(_)) => Some(None),
                        (None, None) => None,
                    })
            });
        });
        list
    }

    /// The keys, in the report's order (tracked).
    pub fn keys(&self) -> Vec<Key<K>> {
        self.keys.get()
    }

    /// The items as a keyed `<For>`, each drawn by `draw(item, rows, lang)` in the sheet's
    /// language: an item is redrawn when it, its rows or the language change, and an item
    /// added or removed adds or removes its element only.
    pub fn view<V: IntoView + 'static>(
        self,
        lang: Signal<Lang>,
        draw: impl Fn(&T, R, Lang) -> V + Clone + Send + Sync + 'static,
    ) -> impl IntoView {
        view! {
            <For each=move || self.keys() key=|k| k.clone() let:key>
                {
                    let item = self.item(key);
                    let draw = draw.clone();
                    move || {
                        let lang = lang.get();
                        item.with(|it| it.as_ref().map(|(t, rows)| draw(t, rows.clone(), lang)))
                    }
                }
            </For>
        }
    }

    /// The item of `key` as the list shows it, with its rows: as it is now, then each time
    /// it changes; `None` once it is gone. Its signal belongs to the caller (the item's view).
    pub fn item(&self, key: Key<K>) -> ReadSignal<Option<(T, R)>> {
        let now = untrack(|| {
            self.places
                .with(|places| places.get(&key).copied())
                .and_then(|i| self.value(i))
        });
        self.shown.slot(key, now)
    }

    /// The item at place `i` and its rows, copied (tracked).
    fn value(&self, i: usize) -> Option<(T, R)> {
        let item = self.report.with(|r| (self.items)(r).get(i).cloned())?;
        let rows = self
            .numbers
            .and_then(|n| n.with(|n| (self.rows)(n).get(i).cloned()))
            .unwrap_or_default();
        Some((item, rows))
    }

    /// Whether `shown` is the item at place `i` with its rows, compared where they are
    /// (tracked).
    fn shows(&self, i: usize, (item, rows): &(T, R)) -> bool {
        self.report.with(|r| (self.items)(r).get(i) == Some(item))
            && self
                .numbers
                .is_none_or(|n| n.with(|n| (self.rows)(n).get(i) == Some(rows)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_items_get_numbered_keys_and_an_insertion_keeps_the_others() {
        let before = unique_keys(&["app", "db", "db"], |s| s.to_string());
        let after = unique_keys(&["new", "app", "db", "db"], |s| s.to_string());
        assert_eq!(
            before,
            [("app".into(), 0), ("db".into(), 0), ("db".into(), 1)]
        );
        // The inserted item is the only key the old list lacks.
        let fresh: Vec<_> = after.iter().filter(|k| !before.contains(k)).collect();
        assert_eq!(fresh, [&("new".to_string(), 0)]);
    }
}

fn main() {
    let path = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let imported = budget::tsv::import(&text).unwrap();
    let sheet = budget::Sheet::new(imported.lang.unwrap_or(budget::Lang::En), imported.rows);
    let report = budget::check(&sheet);
    let v = serde_json::to_value(&report).unwrap();
    let total = serde_json::to_string(&v).unwrap().len();
    println!("total {total}");
    for (k, x) in v.as_object().unwrap() {
        println!("{k} {}", serde_json::to_string(x).unwrap().len());
        if let Some(arr) = x.as_array() {
            let mut sizes: std::collections::BTreeMap<String, usize> = Default::default();
            for item in arr {
                if let Some(o) = item.as_object() {
                    for (f, y) in o {
                        *sizes.entry(f.clone()).or_default() +=
                            serde_json::to_string(y).unwrap().len() + f.len() + 4;
                    }
                }
            }
            for (f, s) in sizes {
                if s > 20000 {
                    println!("   {f} {s}");
                }
            }
        }
    }
}

//! The TSV reader on any UTF-8 input: no panic; what it reads has one line per row, in order,
//! round-trips through export, and checks without a panic; an error names a line of the input.
#![no_main]

use budget::{check, tsv, Lang, Sheet};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    match tsv::import(text) {
        Ok(imported) => {
            assert_eq!(imported.rows.len(), imported.lines.len());
            assert!(imported.rows.len() <= tsv::MAX_ROWS);
            assert!(imported.lines.windows(2).all(|w| w[0] < w[1]));
            let lang = imported.lang.unwrap_or(Lang::En);
            let again = tsv::import(&tsv::export(&imported.rows, lang)).map(|i| i.rows);
            assert_eq!(again, Ok(imported.rows.clone()), "{text:?}");
            let report = check(&Sheet::new(lang, imported.rows));
            assert_eq!(report.rows.len(), imported.lines.len());
        }
        Err(err) => {
            let lines = text.replace("\r\n", "\n").split(['\n', '\r']).count();
            assert!(err.line().is_none_or(|l| (1..=lines).contains(&l)), "{err}");
        }
    }
});

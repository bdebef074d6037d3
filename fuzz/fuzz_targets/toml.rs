//! The TOML reader: raw bytes through `decode` (UTF-8 check) and `parse`
//! (syntax and number literals), then the typed readers over the tree
//! (`load_sheets_and_sizes` walks tables, arrays, lengths and numbers).
#![no_main]

use std::path::PathBuf;

use grogpress::diag::{Diagnostics, Sources};
use grogpress::load::load_sheets_and_sizes;
use grogpress::load::toml::{Reader, decode, parse};
use grogpress_fuzz::assert_located;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    let file = sources.add(PathBuf::from("fuzz.toml"), String::new());
    let (text, _) = decode(file, data.to_vec(), &mut diags);
    sources.set_text(file, text.clone());
    if let Some(table) = parse(file, &text, &mut diags) {
        // The generic accessors over whatever keys the document has.
        let mut r = Reader::new(file, &mut diags);
        r.check_keys(table.get_ref(), &["name", "size", "sheet"], "fuzz.toml");
        for key in table.get_ref().keys() {
            let key = key.get_ref().as_ref();
            let _ = r.opt_length(&table, key);
            let _ = r.opt_number(&table, key);
            let _ = r.opt_int(&table, key);
            let _ = r.str_array(&table, key);
            for t in r.tables(&table, key) {
                let _ = r.opt_str(&t, "name");
            }
        }
        let _ = load_sheets_and_sizes(file, &text, &mut diags);
    }
    assert_located(&diags, &sources);
});

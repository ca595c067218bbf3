#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| chelem_fuzz::checks::deal_json(data));

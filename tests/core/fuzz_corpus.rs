//! The fuzz targets on stable, in the normal suite: every file of
//! fuzz/corpus/<target>/ (the seeds and every crash the fuzzer ever found,
//! minimized) replayed through the target's check, then a short run of
//! arbitrary inputs — random bytes and mutations of the corpus — through
//! the same checks. Longer runs by hand: `cargo +nightly fuzz run <target>`
//! in fuzz/ (fuzz/README.md).

#[path = "../../fuzz/src/checks.rs"]
mod checks;

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

fn corpus(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus").join(target);
    let mut files: Vec<(PathBuf, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| {
            let bytes = std::fs::read(&p).unwrap();
            (p, bytes)
        })
        .collect();
    files.sort();
    files
}

#[test]
fn every_corpus_file_passes_its_target() {
    for (target, check) in checks::TARGETS {
        let files = corpus(target);
        assert!(files.len() >= 5, "{target}: {} seed files", files.len());
        for (path, bytes) in files {
            let outcome = std::panic::catch_unwind(|| check(&bytes));
            assert!(outcome.is_ok(), "{target}: {} fails its check", path.display());
        }
    }
}

/// An input made from a corpus file: a byte changed, inserted or removed,
/// or a slice of another file spliced in (what a fuzzer would try first).
fn mutated(files: Vec<Vec<u8>>) -> impl Strategy<Value = Vec<u8>> {
    let n = files.len();
    (0..n, 0..n, any::<usize>(), any::<usize>(), any::<u8>(), 0..4u8).prop_map(move |(a, b, i, j, byte, how)| {
        let mut out = files[a].clone();
        let other = &files[b];
        let at = if out.is_empty() { 0 } else { i % out.len() };
        match how {
            0 if !out.is_empty() => out[at] = byte,
            1 => out.insert(at, byte),
            2 if !out.is_empty() => {
                out.remove(at);
            }
            _ => {
                let from = if other.is_empty() { 0 } else { j % other.len() };
                out.splice(at..at, other[from..].iter().copied());
            }
        }
        out
    })
}

#[test]
fn arbitrary_inputs_pass_every_target() {
    // PROPTEST_CASES raises it by hand.
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000);
    for (target, check) in checks::TARGETS {
        let files: Vec<Vec<u8>> = corpus(target).into_iter().map(|(_, b)| b).collect();
        let input = prop_oneof![
            1 => proptest::collection::vec(any::<u8>(), 0..200),
            1 => "\\PC{0,60}".prop_map(String::into_bytes),
            4 => mutated(files),
        ];
        let mut runner = TestRunner::new(Config {
            cases,
            failure_persistence: None,
            ..Config::default()
        });
        let result = runner.run(&input, |bytes| {
            check(&bytes);
            Ok(())
        });
        if let Err(e) = result {
            panic!("{target}: {e}");
        }
    }
}

#!/usr/bin/env bash
# Mutation testing of the pure layers (crates/core: tarot, tournament, bots),
# by hand: see docs/mutants.md.
#
# They import nothing of the web or the database (DESIGN.md), so they are
# copied, with the tests that reach them (tests/core/tarot, tests/core/play,
# tests/core/seating.rs), into a crate of their own that builds in seconds: a
# mutant there costs about 5 s instead of more than a minute in the whole
# crate, where every mutant rebuilds the web layer and links the server.
#
#   scripts/mutants-pure.sh -f src/tarot/card.rs -C --lib -C --test=core
#
# Those tests are one test binary there, `core`, as in the crate (a filter
# narrows it: `-C tarot::`).
#
# Every argument goes to `cargo mutants`; the results are in
# $MUTANTS_DIR/mutants.out (default /tmp/chelem-pure).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
work=${MUTANTS_DIR:-/tmp/chelem-pure}
command -v cargo-mutants >/dev/null || {
    echo "cargo-mutants is missing: cargo install cargo-mutants --locked" >&2
    exit 1
}

# A fresh copy of the sources and tests (the target directory is kept).
rm -rf "$work/src" "$work/tests" && mkdir -p "$work/src" "$work/tests/core"
cp -a "$root"/crates/core/src/{tarot,tournament,bots} "$root"/src/{i18n.rs,cli_score.rs} "$work/src/"
cp -a "$root"/tests/core/{tarot,play,seating.rs,seating.proptest-regressions} "$work/tests/core/"
cp -a "$root/locales" "$root/Cargo.lock" "$work/"

cat >"$work/tests/core/main.rs" <<'EOF'
//! The tests of tests/core that reach only the pure layers.
mod play;
mod seating;
mod tarot;
EOF

cat >"$work/src/lib.rs" <<'EOF'
//! The pure layers of chelem alone (scripts/mutants-pure.sh).
pub mod bots;
pub mod cli_score;
pub mod i18n;
pub mod tarot;
pub mod tournament;
EOF

# The dependencies of those modules, as the main Cargo.toml gives them.
{
    cat <<'EOF'
[package]
name = "chelem"
version = "0.1.0"
edition = "2021"

[lib]
path = "src/lib.rs"
doctest = false

[dependencies]
EOF
    for dep in serde serde_json chrono thiserror anyhow rand rand_chacha fluent-templates unic-langid; do
        grep -E "^$dep = " "$root/Cargo.toml" || { echo "no $dep in Cargo.toml" >&2; exit 1; }
    done
    cat <<'EOF'

[dev-dependencies]
EOF
    grep -E '^proptest = ' "$root/Cargo.toml"
    cat <<'EOF'

[profile.dev.package."*"]
opt-level = 1

[profile.test]
opt-level = 1
EOF
} >"$work/Cargo.toml"

cd "$work"
cargo test --no-run --quiet
# A mutant whose tests run longer than MUTANTS_TIMEOUT seconds (default 20:
# the test binary takes about 10 s here) is a timeout, counted as caught.
exec cargo mutants --in-place --baseline skip --timeout "${MUTANTS_TIMEOUT:-20}" "$@"

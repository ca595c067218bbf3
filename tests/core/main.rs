//! The tests of the pure layers and of the binary's commands, in one binary
//! under the built-in harness (they need no database, server or browser):
//! the rules core, the deal engine, the seating, the bots, the solver, the command line,
//! the translations and the fuzz corpus. Each file of this folder is a
//! module (`cargo test --test core seating::` runs one file's tests).

mod bots;
mod cli;
mod club_sim;
mod fuzz_corpus;
mod house;
mod i18n_keys;
mod play;
mod seating;
mod simulate;
mod solve;
mod tarot;

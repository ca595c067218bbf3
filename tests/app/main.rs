//! The tests of the whole application, in one binary (one link of the
//! server instead of one per file): each file of this folder is a module,
//! its tests named `file::test` (`cargo test --test app authz::` runs one
//! file's). They run under the harness of `tests/common/harness.rs`: a test
//! that needs PostgreSQL or the browser is reported ignored, with the
//! reason, where that is missing, and fails under CI.

#[macro_use]
#[path = "../common/mod.rs"]
mod common;

mod adjustments;
mod audit_log;
mod authz;
mod backup;
mod bell_pages;
mod browser;
mod checkin;
mod clubs;
mod comite_day;
mod concurrency;
mod crash;
mod deal_versions;
mod digital;
mod directory_merge;
mod doors;
mod duplicate;
mod fair_standings;
mod find_name;
mod first_account;
mod floods;
mod formula_names;
mod group_commit;
mod handful_pick;
mod harness;
mod hidden_deals;
mod hostile_input;
mod hostile_outputs;
mod hybrid;
mod imports;
mod known_players;
mod limits;
mod live;
mod login_guard;
mod network;
mod outages;
mod outbox;
mod page_rules;
mod passwords;
mod played_imports;
mod player_import;
mod player_record;
mod players_input;
mod print_exports;
mod prizes;
mod query_count;
mod read_only_folder;
mod rooms;
mod round_edits;
mod seasons;
mod settings;
mod six_call;
mod stats_pages;
mod storage_edges;
mod table_entry;
mod team_pages;
mod teams;
mod timed_rounds;
mod tournament_flow;
mod tournament_pages;
mod trickle;
mod web_foundation;
mod withdrawals;
mod wording;

harness_main!();

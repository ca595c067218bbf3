//! A season's standings rebuilt from a cold cache (issue 46): 40
//! tournaments of 60 players drawn from a club's 300, 3 rounds of 4 deals
//! each, every deal entered; the whole read (`db::ops::seasons::read`,
//! what a request that misses the season's cache runs) on a SQLite file.
//! Target: under 100 ms on the project's 2-core machine.

use std::hint::black_box;

use chelem::db::models::{Round, RoundTable};
use chelem::db::ops::deals::{self, Actor, Entry};
use chelem::db::ops::players::{self, PlayerFields};
use chelem::db::ops::seasons::{self, read};
use chelem::db::ops::visible::Audience;
use chelem::db::ops::{rounds, tournaments, OpError};
use chelem::db::{build_pool, run_migrations};
use chelem::tournament::deal::TableDeal;
use chelem::tournament::ids::{SeasonId, TournamentId};
use chelem::web::settings::TournamentForm;
use criterion::{criterion_group, criterion_main, Criterion};
use serde_json::json;

const TOURNAMENTS: usize = 40;
const POOL: usize = 300;
const PLAYERS: usize = 60;
const ROUNDS: usize = 3;

/// One tournament: `PLAYERS` of the pool from player `from`, every deal entered.
fn tournament(tx: &mut chelem::db::Tx<'_>, k: usize) -> Result<TournamentId, OpError> {
    let form = TournamentForm {
        name: format!("Mardi {}", k + 1),
        rounds: ROUNDS.to_string(),
        seed: k.to_string(),
        ..TournamentForm::default()
    };
    let t = tournaments::create(tx, &form.parse(None)?)?;
    let from = 7 * k;
    for i in 0..PLAYERS {
        let p = (from + i) % POOL;
        let fields = PlayerFields::new(&format!("Joueur {p}"), "Club", &format!("{:07}", 1000 + p)).expect("a player");
        players::register(tx, t.id, &fields, true)?;
    }
    for r in 0..ROUNDS {
        let seated = rounds::start_next(tx, t.id, None, true, "bench")?;
        let round = Round::find(tx, t.id, seated.round)?.expect("seated");
        for (row, seats) in RoundTable::with_players_of_round(tx, round.id)? {
            for k in 1..=row.deal_count {
                let taker = seats[(k as usize + r) % seats.len()].0;
                let body = json!({"taker": taker, "contract": "garde", "oudlers": k % 4, "points": 30 + 5 * k});
                let deal = TableDeal::from_json(&body).expect("a deal");
                let entry = Entry {
                    table: &row,
                    round: &round,
                    number: k,
                    deal: &deal,
                    actor: &Actor::Table,
                    reason: "",
                    version: None,
                    key: None,
                };
                deals::enter(tx, &entry)?;
            }
        }
    }
    Ok(t.id)
}

fn season(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("a temp dir");
    let url = dir.path().join("season.db").to_str().unwrap().to_owned();
    let (pool, _) = build_pool(&url, 1).expect("a pool");
    let mut conn = pool.get().expect("a connection");
    run_migrations(&mut conn).expect("migrations");
    let id: SeasonId = chelem::db::write(&mut conn, |tx| {
        let ids = (0..TOURNAMENTS)
            .map(|k| tournament(tx, k))
            .collect::<Result<Vec<_>, _>>()?;
        let rule = json!({"points": "places", "best_of": 10, "participation": 1});
        let new = seasons::new_season("Challenge", "2026-01-01", "2027-12-31", &rule).expect("a season");
        seasons::create(tx, &new, &ids, "bench", None)
    })
    .expect("the season");
    let s = read::standings(&mut conn, id, Audience::Public).expect("its standings");
    assert_eq!(s.tournaments.len(), TOURNAMENTS);
    assert_eq!(s.lines.len(), POOL);
    c.bench_function("season_40x300_cold", |b| {
        b.iter(|| black_box(read::standings(&mut conn, id, Audience::Public).expect("standings")))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = season
}
criterion_main!(benches);

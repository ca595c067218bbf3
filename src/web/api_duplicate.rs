//! The JSON API of duplicate tournaments (FORMATS.md, "Duplicate
//! tournaments"): a deal's cards and every table's result (its
//! "traveller"), and the standings' lines by comparison.

use actix_web::{get, web, HttpResponse};
use serde_json::{json, Value};

use crate::db::ops::duplicate::{self, DealResults};
use crate::db::ops::tournaments;
use crate::db::ops::visible::{self, Audience};
use crate::tournament::duplicate::{Comparison, DealNo};
use crate::tournament::ids::TournamentId;

use super::{AppError, AppState, Organizer};

/// Routes of this module.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(get_deal);
}

/// A deal's document: its cards, then each table's result by seat.
pub fn deal_doc(d: &DealResults, comparison: Comparison) -> Value {
    let cards = |set: crate::tarot::CardSet| -> Vec<String> { set.iter().map(|c| c.to_string()).collect() };
    let results: Vec<Value> = d
        .results
        .iter()
        .map(|r| {
            let mut doc = json!({
                "table": r.table,
                "players": r.players,
                "record": if r.passed { json!({"passed": true}) } else { r.record.to_json() },
                "scores": r.scores,
                "percent": r.compared.map(|c| c.percent().as_f64()),
            });
            match comparison {
                Comparison::Matchpoints => doc["matchpoints"] = json!(r.compared.map(|c| c.matchpoints)),
                Comparison::Datum => doc["datum"] = json!(r.compared.map(|c| c.datum().as_f64())),
            }
            doc
        })
        .collect();
    json!({
        "deal": d.prepared.deal,
        "round": d.round,
        "dealer": d.prepared.dealer.0,
        "hands": d.prepared.hands.map(cards),
        "dog": cards(d.prepared.dog),
        "results": results,
    })
}

/// `GET /api/tournaments/{id}/deals/{d}`: to the organizer always; to
/// anyone once every table of its round has entered it (before, its cards
/// and results would tell the tables still to play it).
#[get("/api/tournaments/{id}/deals/{d}")]
async fn get_deal(
    state: web::Data<AppState>,
    org: Option<Organizer>,
    path: web::Path<(TournamentId, u32)>,
) -> Result<HttpResponse, AppError> {
    let (id, d) = path.into_inner();
    let audience = Audience::of(org.is_some());
    let doc = state
        .db(move |conn| {
            let t = tournaments::get(conn, id)?;
            let deal = duplicate::deal(conn, &t, DealNo(d))?;
            if !visible::shows(audience, &deal) {
                return Err(AppError::Forbidden(
                    "this deal is shown once every table of its round has entered it".into(),
                ));
            }
            Ok(deal_doc(&deal, t.comparison))
        })
        .await?;
    Ok(HttpResponse::Ok().json(doc))
}

//! Versions of a deal slot (FORMATS.md, "Versions"), on both databases: every
//! answer about a deal carries its version; a PUT that says which version it
//! read is refused with 409 and the stored deal when the slot changed since,
//! and nothing changes; the same deal again, or a PUT without a version,
//! behaves as before.

use crate::common;

use actix_web::http::{header, Method, StatusCode};
use actix_web::test;
use common::builder::TournamentBuilder;
use common::http::{api_token, call};
use common::TestDb;
use serde_json::{json, Value};

both_backends!(
    a_stale_correction_is_refused_with_the_stored_deal,
    |db: TestDb| async move {
        let token = api_token(&db);
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let t = TournamentBuilder::new("Coupe du club")
            .players(4)
            .seated(1)
            .build_in(&db.state());
        let (id, table) = (t.id, &t.rounds[0][0]);
        let uri = format!("/api/tables/{}/deals/1", table.token);
        let p = |i: usize| table.players[i];
        let garde = |points: f64| json!({"taker": p(1), "contract": "garde", "oudlers": 2, "points": points});

        // First entry: version 1.
        let (status, a) = call(&app, Method::PUT, &uri, None, Some(garde(47.0))).await;
        assert_eq!(status, StatusCode::OK, "{a}");
        assert_eq!(a["version"], json!(1));
        // A correction from version 1: version 2.
        let mut body = garde(50.0);
        body["version"] = json!(1);
        let (status, b) = call(&app, Method::PUT, &uri, None, Some(body.clone())).await;
        assert_eq!(status, StatusCode::OK, "{b}");
        assert_eq!((b["version"].clone(), b["changed"].clone()), (json!(2), json!(true)));

        // Another tablet still at version 1 sends a different deal: 409, with
        // the stored deal and its version, and nothing changes.
        let mut stale = garde(60.0);
        stale["version"] = json!(1);
        let (status, c) = call(&app, Method::PUT, &uri, None, Some(stale)).await;
        assert_eq!(status, StatusCode::CONFLICT, "{c}");
        assert!(c["error"].as_str().unwrap().contains("changed meanwhile"), "{c}");
        assert_eq!(c["current"]["version"], json!(2));
        assert_eq!(c["current"]["record"]["points"], json!(50.0));
        assert_eq!(c["current"]["scores"], b["scores"]);
        let doc_uri = format!("/api/tournaments/{id}/rounds/1");
        let (_, d) = call(&app, Method::GET, &doc_uri, Some(&token), None).await;
        let stored = d["tables"][0]["deals"][0].clone();
        assert_eq!(
            (stored["version"].clone(), stored["record"]["points"].clone()),
            (json!(2), json!(50.0))
        );

        // The same version in an If-Match header is refused the same way.
        let req = test::TestRequest::put()
            .uri(&uri)
            .insert_header((header::IF_MATCH, "\"1\""))
            .set_json(garde(61.0))
            .to_request();
        let resp = test::call_service(&app, req).await;
        assert_eq!(resp.status(), StatusCode::CONFLICT);
        // The deal it already holds, sent again with an old version: a no-op, 200.
        let (status, d) = call(&app, Method::PUT, &uri, None, Some(body)).await;
        assert_eq!(status, StatusCode::OK, "{d}");
        assert_eq!((d["version"].clone(), d["changed"].clone()), (json!(2), json!(false)));
        // The current version in If-Match corrects: version 3.
        let req = test::TestRequest::put()
            .uri(&uri)
            .insert_header((header::IF_MATCH, "\"2\""))
            .set_json(garde(62.0))
            .to_request();
        let resp = test::call_service(&app, req).await;
        assert_eq!(resp.status(), StatusCode::OK);
        let e: Value = test::read_body_json(resp).await;
        assert_eq!(e["version"], json!(3));
        // Without a version a PUT corrects unconditionally, as before.
        let (status, f) = call(&app, Method::PUT, &uri, None, Some(garde(44.0))).await;
        assert_eq!(status, StatusCode::OK, "{f}");
        assert_eq!(f["version"], json!(4));
        // A version that is not a number is a 422.
        let mut bad = garde(45.0);
        bad["version"] = json!("deux");
        let (status, _) = call(&app, Method::PUT, &uri, None, Some(bad)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        // So is an If-Match that is not a version: the sentence shows the
        // tag once quoted, as it was sent.
        for (sent, shown) in [("\"abc\"", "\"abc\""), ("W/\"x1\"", "\"x1\""), ("deux", "\"deux\"")] {
            let req = test::TestRequest::put()
                .uri(&uri)
                .insert_header((header::IF_MATCH, sent))
                .set_json(garde(45.0))
                .to_request();
            let resp = test::call_service(&app, req).await;
            assert_eq!(resp.status(), StatusCode::UNPROCESSABLE_ENTITY, "{sent}");
            let v: Value = test::read_body_json(resp).await;
            let sentence = v["error"].as_str().unwrap();
            assert!(sentence.starts_with(&format!("{shown} is not")), "{sent}: {sentence}");
            assert!(!sentence.contains("\"\""), "{sent}: {sentence}");
        }
        let (_, d) = call(&app, Method::GET, &doc_uri, Some(&token), None).await;
        assert_eq!(d["tables"][0]["deals"][0]["version"], json!(4));
    }
);

/// A PUT with an `Idempotency-Key` (and no version): status and answer.
async fn put_keyed<S, B>(app: &S, uri: &str, key: &str, body: Value) -> (StatusCode, Value)
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    B: actix_web::body::MessageBody,
{
    let req = test::TestRequest::put()
        .uri(uri)
        .insert_header(("Idempotency-Key", key))
        .set_json(body)
        .to_request();
    let resp = test::call_service(app, req).await;
    let status = resp.status();
    (status, test::read_body_json(resp).await)
}

both_backends!(
    a_key_used_again_with_another_deal_is_refused_not_replayed,
    |db: TestDb| async move {
        use chelem::db::schema::submissions;
        use diesel::prelude::*;

        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let t = TournamentBuilder::new("Coupe du club")
            .players(4)
            .seated(1)
            .build_in(&db.state());
        let table = &t.rounds[0][0];
        let uri = format!("/api/tables/{}/deals/1", table.token);
        let p = |i: usize| table.players[i];
        let garde = |points: f64| json!({"taker": p(1), "contract": "garde", "oudlers": 2, "points": points});

        // The key's first use writes version 1.
        let (status, a) = put_keyed(&app, &uri, "edit-key-0001", garde(47.0)).await;
        assert_eq!(status, StatusCode::OK, "{a}");
        assert_eq!(a["version"], json!(1));
        // The same deal again (written otherwise: an integer, the defaults
        // spelled out) is a replay.
        let same = json!({"taker": p(1), "contract": "garde", "oudlers": 2, "points": 47,
                          "partner": null, "handfuls": [], "petit_au_bout": null});
        let (status, r) = put_keyed(&app, &uri, "edit-key-0001", same).await;
        assert_eq!(status, StatusCode::OK, "{r}");
        assert_eq!(
            (r["replayed"].clone(), r["changed"].clone()),
            (json!(true), json!(false))
        );
        assert_eq!(r["version"], json!(1));

        // The same key with another deal: refused as a stale change is, with
        // a sentence and the stored deal; nothing written.
        let (status, c) = put_keyed(&app, &uri, "edit-key-0001", garde(60.0)).await;
        assert_eq!(status, StatusCode::CONFLICT, "{c}");
        assert!(c["error"].as_str().unwrap().contains("already used"), "{c}");
        assert_eq!(c["current"]["version"], json!(1), "{c}");
        assert_eq!(c["current"]["record"]["points"], json!(47.0), "{c}");
        assert_eq!(c["current"]["scores"], a["scores"], "{c}");
        assert!(c.get("replayed").is_none(), "{c}");
        assert_eq!(
            stored_deal(&db, table.row.id, 1),
            (1, 47.0),
            "the first deal stays, not acknowledged as replaced"
        );

        // Another writer corrects it (version 2): the key's own deal again is
        // still a replay (the answer lost, then retried), another one refused.
        let (status, _) = call(&app, Method::PUT, &uri, None, Some(garde(50.0))).await;
        assert_eq!(status, StatusCode::OK);
        let (status, r) = put_keyed(&app, &uri, "edit-key-0001", garde(47.0)).await;
        assert_eq!(status, StatusCode::OK, "{r}");
        assert_eq!((r["replayed"].clone(), r["version"].clone()), (json!(true), json!(2)));
        let (status, c) = put_keyed(&app, &uri, "edit-key-0001", garde(70.0)).await;
        assert_eq!(status, StatusCode::CONFLICT, "{c}");
        assert_eq!(c["current"]["record"]["points"], json!(50.0), "{c}");
        assert_eq!(stored_deal(&db, table.row.id, 1), (2, 50.0));

        // A key spent before its deal was recorded with it: the slot, while
        // still at the key's version, says what the key wrote.
        let uri2 = format!("/api/tables/{}/deals/2", table.token);
        let (status, _) = put_keyed(&app, &uri2, "edit-key-0002", garde(47.0)).await;
        assert_eq!(status, StatusCode::OK);
        diesel::update(submissions::table.find("edit-key-0002"))
            .set(submissions::record_json.eq(None::<String>))
            .execute(&mut *db.conn())
            .unwrap();
        let (status, r) = put_keyed(&app, &uri2, "edit-key-0002", garde(47.0)).await;
        assert_eq!((status, r["replayed"].clone()), (StatusCode::OK, json!(true)), "{r}");
        let (status, c) = put_keyed(&app, &uri2, "edit-key-0002", garde(60.0)).await;
        assert_eq!(status, StatusCode::CONFLICT, "{c}");
        assert_eq!(stored_deal(&db, table.row.id, 2), (1, 47.0));
    }
);

/// The version and the points of a stored deal.
fn stored_deal(db: &TestDb, table: i32, number: i32) -> (i32, f64) {
    use chelem::db::models::Deal;
    let d = Deal::find(&mut db.conn(), table, number)
        .unwrap()
        .expect("a stored deal");
    let points = d.record.to_json()["points"].as_f64().unwrap();
    (d.version, points)
}

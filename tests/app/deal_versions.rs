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
        let (_, d) = call(&app, Method::GET, &doc_uri, Some(&token), None).await;
        assert_eq!(d["tables"][0]["deals"][0]["version"], json!(4));
    }
);

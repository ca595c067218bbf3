//! A tournament's settings as one typed value, on both databases: the form
//! and a JSON body make the same tournament, an export and its import keep
//! every setting, an imported document naming a setting this build does not
//! read is refused at its place, a stored value that does not read is an
//! export error naming it, and the audit page tells a settings change
//! whether its entry was written before the typed settings or since.

use crate::common;

use actix_web::http::{Method, StatusCode};
use actix_web::test;
use diesel::prelude::*;
use serde_json::{json, Value};

use chelem::db::models::{AuditEntry, NewAuditEntry, RoundTable, Tournament};
use chelem::db::ops::export::{self, ExportError, ImportError};
use chelem::db::ops::{games, rooms, tournaments};
use chelem::i18n::Lang;
use chelem::tournament::ids::{RoundNo, TableNo, TournamentId};
use chelem::tournament::rooms::Numbering;
use chelem::web::settings::TournamentForm;
use common::builder::TournamentBuilder;
use common::http::{api_token, call, get, login, post, USER};
use common::{Jar, TestDb};

/// Every setting away from its default, as the form's fields.
const FORM: &[(&str, &str)] = &[
    ("name", "Duplicate du mardi"),
    ("date", "2026-11-24"),
    ("rounds", "4"),
    ("deals_table4", "3"),
    ("deals_table5", "6"),
    ("deals_table3", "2"),
    ("table5_mode", "called_king"),
    ("tie_breaker", "best_round"),
    ("ranking", "per_deal"),
    ("round_minutes", "0,5"),
    ("extra_fives", "1"),
    ("swiss_from_round", "3"),
    ("seed", "777"),
    ("garde_contre_x8", "on"),
    ("handfuls_20_40_60", "on"),
    ("no_petite", "on"),
    ("misere", "on"),
    ("round_to_10", "on"),
    ("confirm_deals", "on"),
    ("format", "duplicate"),
    ("comparison", "datum"),
    ("fill_with_bots", "on"),
    ("place", "Maison des associations, Dijon"),
    ("host_club", "Tarot Club Dijonnais"),
    ("organizer_name", "Odile Martin"),
];

/// The same settings as a script sends them.
fn body() -> Value {
    json!({
        "name": "Duplicate du mardi", "date": "2026-11-24", "rounds": 4,
        "deals_table4": 3, "deals_table5": 6, "deals_table3": 2,
        "table5_mode": "called_king", "tie_breaker": "best_round", "ranking": "per_deal",
        "round_minutes": 0.5, "extra_fives": 1, "swiss_from_round": 3, "seed": 777,
        "rules": {"garde_contre_x8": true, "handfuls_20_40_60": true, "no_petite": true,
                  "misere": true, "round_to_10": true},
        "confirm_deals": true, "format": "duplicate", "comparison": "datum", "fill_with_bots": true,
        "place": "Maison des associations, Dijon", "host_club": "Tarot Club Dijonnais",
        "organizer_name": "Odile Martin",
    })
}

fn find(db: &TestDb, id: TournamentId) -> Tournament {
    Tournament::find(&mut db.conn(), id).unwrap().expect("the tournament")
}

// The form and the JSON body: the same settings stored.
both_backends!(
    the_form_and_a_json_body_make_the_same_tournament,
    |db: TestDb| async move {
        let token = api_token(&db);
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let mut jar = Jar::default();
        login(&app, &mut jar).await;
        let (status, page, location) = post(&app, &mut jar, "/tournaments", FORM).await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{page}");
        let by_form: i32 = location.unwrap().rsplit('/').next().unwrap().parse().unwrap();
        let (status, v) = call(&app, Method::POST, "/api/tournaments", Some(&token), Some(body())).await;
        assert_eq!(status, StatusCode::CREATED, "{v}");
        let by_json = v["id"].as_i64().unwrap() as i32;
        let (a, b) = (
            find(&db, TournamentId::new(by_form)),
            find(&db, TournamentId::new(by_json)),
        );
        assert_eq!(a.settings, b.settings);
        assert_eq!(a.round_length.map(|l| l.seconds()), Some(30));
        assert!(a.rules.misere && a.fill_with_bots && a.swiss_from_round == Some(RoundNo::new(3)));
        assert_eq!(a.host_club, "Tarot Club Dijonnais");
        assert_eq!(TournamentForm::from_tournament(&a).read().unwrap().settings, a.settings);
    }
);

// An export, imported: every setting as it was, the document's settings
// under their names.
both_backends!(an_export_and_its_import_keep_every_setting, |db: TestDb| async move {
    let mut form = TournamentForm::default();
    for (k, v) in FORM {
        set(&mut form, k, v);
    }
    let id = chelem::db::write(&mut db.conn(), |tx| {
        let t = tournaments::create(tx, &form.parse(None)?)?;
        // The numbering counts where there are rooms.
        rooms::add(tx, t.id, "Salle A", "2", USER)?;
        rooms::add(tx, t.id, "Mezzanine", "3", USER)?;
        rooms::set_numbering(tx, t.id, Numbering::Restart, USER)?;
        Ok::<_, chelem::db::ops::OpError>(t.id)
    })
    .unwrap();
    let original = find(&db, id);
    let doc = export::export(&mut db.conn(), id).unwrap();
    let text = serde_json::to_string(&doc).unwrap();
    let t = &serde_json::from_str::<Value>(&text).unwrap()["tournament"];
    for (key, value) in [
        ("name", json!("Duplicate du mardi")),
        ("event_date", json!("2026-11-24")),
        ("rounds_planned", json!(4)),
        ("deals_table3", json!(2)),
        ("deals_table4", json!(3)),
        ("deals_table5", json!(6)),
        ("table5_mode", json!("called_king")),
        ("tie_breaker", json!("best_round")),
        ("extra_fives", json!(1)),
        ("swiss_from_round", json!(3)),
        ("seed", json!(777)),
        ("confirm_deals", json!(true)),
        ("ranking", json!("per_deal")),
        ("round_seconds", json!(30)),
        ("format", json!("duplicate")),
        ("comparison", json!("datum")),
        ("fill_with_bots", json!(true)),
        ("room_numbering", json!("restart")),
        ("place", json!("Maison des associations, Dijon")),
        ("host_club", json!("Tarot Club Dijonnais")),
        ("organizer_name", json!("Odile Martin")),
    ] {
        assert_eq!(t[key], value, "{key} in {t}");
    }
    assert_eq!(t["rules"]["misere"], json!(true), "{t}");
    let copy = chelem::db::write(&mut db.conn(), |tx| export::import_json(tx, &text)).unwrap();
    let imported = find(&db, copy.tournament_id);
    assert_eq!(imported.settings, original.settings);
    assert_eq!(imported.deal_secret, original.deal_secret);
    let again = export::export(&mut db.conn(), copy.tournament_id).unwrap();
    assert_eq!(again.tournament, doc.tournament);
});

/// Sets the form's field `key` as the form would post it.
fn set(form: &mut TournamentForm, key: &str, value: &str) {
    let v = value.to_owned();
    match key {
        "name" => form.name = v,
        "date" => form.date = v,
        "rounds" => form.rounds = v,
        "deals_table4" => form.deals_table4 = v,
        "deals_table5" => form.deals_table5 = v,
        "deals_table3" => form.deals_table3 = v,
        "table5_mode" => form.table5_mode = v,
        "tie_breaker" => form.tie_breaker = v,
        "ranking" => form.ranking = v,
        "round_minutes" => form.round_minutes = v,
        "extra_fives" => form.extra_fives = v,
        "swiss_from_round" => form.swiss_from_round = v,
        "seed" => form.seed = v,
        "garde_contre_x8" => form.garde_contre_x8 = Some(v),
        "handfuls_20_40_60" => form.handfuls_20_40_60 = Some(v),
        "no_petite" => form.no_petite = Some(v),
        "misere" => form.misere = Some(v),
        "round_to_10" => form.round_to_10 = Some(v),
        "confirm_deals" => form.confirm_deals = Some(v),
        "format" => form.format = v,
        "comparison" => form.comparison = v,
        "fill_with_bots" => form.fill_with_bots = Some(v),
        "place" => form.place = v,
        "host_club" => form.host_club = v,
        "organizer_name" => form.organizer_name = v,
        other => panic!("no field {other}"),
    }
}

fn tournament_count(db: &TestDb) -> i64 {
    chelem::db::schema::tournaments::table
        .count()
        .get_result(&mut *db.conn())
        .unwrap()
}

// A setting named by a name this build does not know: refused at its
// place, the name said, nothing written.
both_backends!(
    an_unknown_setting_name_is_refused_at_its_place,
    |db: TestDb| async move {
        let t = TournamentBuilder::new("Open")
            .players(8)
            .seated(1)
            .build(&mut db.conn());
        let doc = serde_json::to_value(export::export(&mut db.conn(), t.id).unwrap()).unwrap();
        let before = tournament_count(&db);
        for (field, value, key, said) in [
            ("room_numbering", json!("zigzag"), "import-room-numbering", "zigzag"),
            ("room_numbering", json!(3), "import-room-numbering", "3"),
            ("round_seconds", json!(0), "import-round-seconds", "0"),
        ] {
            let mut spoiled = doc.clone();
            spoiled["tournament"][field] = value;
            let text = spoiled.to_string();
            match chelem::db::write(&mut db.conn(), |tx| export::import_json(tx, &text)) {
                Err(ImportError::Refused { place, reason }) => {
                    assert_eq!(place, format!("tournament.{field}"));
                    assert_eq!(reason.key, key);
                    let sentence = ImportError::Refused { place, reason }.render(Lang::En);
                    assert!(sentence.contains(said), "{sentence}");
                    assert!(sentence.starts_with(&format!("tournament.{field}: ")), "{sentence}");
                }
                other => panic!("{field}: refused, not {other:?}"),
            }
            assert_eq!(tournament_count(&db), before, "{field}: nothing written");
        }
        // The command line says it too.
        let mut spoiled = doc.clone();
        spoiled["tournament"]["room_numbering"] = json!("zigzag");
        let (ok, out, err) = common::chelem(&db.url, &["import"], &spoiled.to_string());
        assert!(!ok && out.is_empty(), "{out}");
        assert!(
            err.contains("tournament.room_numbering: unknown table numbering \"zigzag\""),
            "{err}"
        );
        assert_eq!(tournament_count(&db), before);
    }
);

// A game's seat map that does not read: the export fails naming the row
// and the value, never writes an empty map.
both_backends!(
    a_stored_seat_map_that_does_not_read_stops_the_export,
    |db: TestDb| async move {
        use chelem::db::schema::game_deals;
        common::create_user(&db, USER, common::http::PASSWORD);
        let t = TournamentBuilder::new("Open")
            .players(8)
            .seated(1)
            .build(&mut db.conn());
        let (table, _) = RoundTable::by_number(&mut db.conn(), t.id, RoundNo::new(1), TableNo::new(1))
            .unwrap()
            .unwrap();
        chelem::db::write(&mut db.conn(), |tx| games::make_digital(tx, &table, USER)).unwrap();
        export::export(&mut db.conn(), t.id).expect("a readable game exports");
        let row: i32 = game_deals::table.select(game_deals::id).first(&mut *db.conn()).unwrap();
        diesel::update(game_deals::table.find(row))
            .set(game_deals::seat_map.eq("[0, 1, \"x\"]"))
            .execute(&mut *db.conn())
            .unwrap();
        match export::export(&mut db.conn(), t.id) {
            Err(ExportError::Stored(said)) => {
                assert!(said.contains(&format!("game_deals row {row}")), "{said}");
                assert!(said.contains(r#"[0, 1, \"x\"]"#), "{said}");
            }
            other => panic!("an error, not {other:?}"),
        }
    }
);

// The audit page tells a settings change from an entry written before the
// typed settings (the form's fields, numbers as text, a switch "on" or
// null) and from one written since (the settings' own JSON).
both_backends!(
    the_audit_page_tells_old_and_new_settings_changes,
    |db: TestDb| async move {
        common::create_user(&db, USER, common::http::PASSWORD);
        let t = TournamentBuilder::new("Open de Dijon")
            .date("2026-11-24")
            .seed(7)
            .players(8)
            .build(&mut db.conn());
        let id = t.id;
        let old = |rounds: &str, misere: Option<&str>| {
            json!({
                "name": "Open de Dijon", "date": "2026-11-24", "rounds": rounds,
                "deals_table4": "4", "deals_table5": "5", "deals_table3": "3",
                "table5_mode": "dealer_out", "tie_breaker": "none", "ranking": "total",
                "round_minutes": "", "extra_fives": "0", "swiss_from_round": "", "seed": "7",
                "garde_contre_x8": null, "handfuls_20_40_60": null, "no_petite": null,
                "misere": misere, "round_to_10": null, "confirm_deals": null,
            })
            .to_string()
        };
        let (before, after) = (old("2", None), old("3", Some("on")));
        chelem::db::write(&mut db.conn(), |tx| {
            AuditEntry::write(
                tx,
                &NewAuditEntry::settings_changed(id, USER, "Open de Dijon", before.clone(), after.clone()),
            )
        })
        .unwrap();
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let mut jar = Jar::default();
        login(&app, &mut jar).await;
        let fields = [
            ("name", "Open de Dijon"),
            ("date", "2026-11-24"),
            ("rounds", "5"),
            ("seed", "7"),
            ("ranking", "per_deal"),
            ("round_minutes", "45"),
        ];
        let (status, page, _) = post(&app, &mut jar, &format!("/tournaments/{id}/edit"), &fields).await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{page}");
        let entries = AuditEntry::for_tournament(&mut db.conn(), id).unwrap();
        let new = entries
            .iter()
            .find(|e| e.action == chelem::db::models::AuditAction::SettingsChanged)
            .unwrap();
        let after: Value = serde_json::from_str(new.after_json.as_deref().unwrap()).unwrap();
        assert_eq!(
            (&after["rounds_planned"], &after["round_seconds"]),
            (&json!(5), &json!(2700))
        );
        let (status, page, _) = get(&app, &jar, &format!("/tournaments/{id}/audit")).await;
        assert_eq!(status, StatusCode::OK);
        for line in [
            // The entry written before.
            "<li>rounds\u{a0}: 2 → 3</li>",
            "<li>misere\u{a0}: — → on</li>",
            // The one written since.
            "<li>rounds\u{a0}: 2 → 5</li>",
            "<li>ranking\u{a0}: total → per_deal</li>",
            "<li>round_minutes\u{a0}:  → 45</li>",
        ] {
            assert!(page.contains(line), "{line} in {page}");
        }
        assert_eq!(page.matches("a modifié les réglages du tournoi").count(), 2, "{page}");
    }
);

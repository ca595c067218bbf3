//! Prize lists (issue 48, docs/prizes.md), on both databases: a rule set
//! through the organizer's form, a tournament whose standings tie at paid
//! places (two for 1st, six for 3rd), the list's page, its A4, the sheet
//! to sign and the CSV, the bonus for the players of another tournament of
//! the day; bad forms refused one by one (each sentence, 422, the form as
//! typed, nothing written).

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test;
use common::builder::{Built, TournamentBuilder};
use common::http::{get, login, post};
use common::TestDb;
use serde_json::json;

use chelem::db::models::PrizeRule;
use chelem::db::ops::standings;
use chelem::db::ops::visible::Audience;
use chelem::tournament::prizes::{BonusPay, Pot, Rounding, Split};

/// Eight players at two tables of four, one round seated, only deal 1
/// entered, the same at both tables (the first seat takes a garde and
/// makes it): two takers tie for 1st, six defenders for 3rd.
fn tied(db: &TestDb) -> Built {
    TournamentBuilder::new("Grand prix")
        .date("2026-12-05")
        .rounds(3)
        .seed(7)
        .named(|i| format!("Joueur {i}"))
        .club(|_| "Tarot Club".into())
        .licence(|i| format!("{:07}", 500 + i))
        .players(8)
        .seated(1)
        .deals(|t, k| (k == 1).then(|| json!({"taker": t.players[0], "contract": "garde", "oudlers": 2, "points": 51})))
        .build(&mut db.conn())
}

/// The day's other tournament: players 0 to 3 of the grand prix (same licences).
fn duo(db: &TestDb) -> Built {
    TournamentBuilder::new("Duo du matin")
        .date("2026-12-05")
        .rounds(1)
        .named(|i| format!("Joueur {i}"))
        .club(|_| "Tarot Club".into())
        .licence(|i| format!("{:07}", 500 + i))
        .players(4)
        .build(&mut db.conn())
}

/// The form that sets the test's rule: 12,50 € × 8 registered = 100 €,
/// 80 % redistributed as 50 30 20 %, to the cent; a cup for the 1st; 1 €
/// to each who played the duo.
fn good_form(duo: &str) -> Vec<(&'static str, String)> {
    vec![
        ("preset", "top8".into()),
        ("fee", "12,50".into()),
        ("paying", "".into()),
        ("pot", "".into()),
        ("share", "80".into()),
        ("places", "3".into()),
        ("split", "50 30 20".into()),
        ("kind", "percents".into()),
        ("rounding", "cent".into()),
        ("fixed", "1 : Coupe".into()),
        ("bonus", "1 €".into()),
        ("with", duo.to_owned()),
    ]
}

fn fields<'a>(v: &'a [(&'static str, String)]) -> Vec<(&'static str, &'a str)> {
    v.iter().map(|(k, s)| (*k, s.as_str())).collect()
}

both_backends!(
    a_rule_set_through_the_form_pays_ties_and_bonuses,
    |db: TestDb| async move {
        common::create_user(&db, common::http::USER, common::http::PASSWORD);
        let gp = tied(&db);
        let duo = duo(&db);
        let s = standings::compute(&mut db.conn(), gp.id, None, Audience::Public).unwrap();
        let ranks: Vec<u32> = s.lines.iter().map(|l| l.rank).collect();
        assert_eq!(ranks, vec![1, 1, 3, 3, 3, 3, 3, 3], "the set-up ties");
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let mut jar = common::Jar::default();
        login(&app, &mut jar).await;
        let base = format!("/tournaments/{}/prizes", gp.id);

        // Before any rule: the page says so; the form offers the presets' sentences.
        let (status, page, _) = get(&app, &jar, &base).await;
        assert_eq!(status, StatusCode::OK);
        assert!(page.contains("Aucune règle de prix pour ce tournoi"), "{page}");
        let (status, page, _) = get(&app, &jar, &format!("{base}/settings")).await;
        assert_eq!(status, StatusCode::OK);
        assert!(
            page.contains("90 % redistribués aux 8 premières places : 30, 20, 15, 10, 8, 7, 5, 5\u{a0}%"),
            "{page}"
        );
        assert!(page.contains("Duo du matin"), "the bonus's tournaments offered: {page}");

        // Set through the form.
        let form = good_form(&duo.id.to_string());
        let (status, page, to) = post(&app, &mut jar, &format!("{base}/settings"), &fields(&form)).await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{page}");
        assert_eq!(to.as_deref(), Some(base.as_str()));
        let rule = PrizeRule::find(&mut db.conn(), gp.id).unwrap().expect("stored");
        assert_eq!(
            rule.pot,
            Pot::Entries {
                fee: 1250,
                paying: None
            }
        );
        assert_eq!((rule.share, rule.rounding), (8000, Rounding::Cent));
        assert_eq!(rule.split, Split::Percents(vec![5000, 3000, 2000]));
        assert_eq!(rule.bonus.as_ref().unwrap().pay, BonusPay::Amount(100));

        // The list: 100 € pot, 80 € redistributed; the two 1st share 40 + 24
        // = 32 € each; the six 3rd share 16 € = 2,66 € each (0,04 € said);
        // players 0 to 3 played the duo: 1 € each.
        let (status, page, _) = get(&app, &jar, &base).await;
        assert_eq!(status, StatusCode::OK);
        assert!(
            page.contains("Cagnotte : 12,50\u{a0}€ × 8 joueurs payants = 100\u{a0}€"),
            "{page}"
        );
        assert!(
            page.contains("Le partage des places ex æquo laisse 0,04\u{a0}€."),
            "{page}"
        );
        assert!(
            page.contains("Prime : 1\u{a0}€ à chaque joueur qui a aussi joué « Duo du matin »"),
            "{page}"
        );
        assert!(page.contains("1er ex æquo"), "{page}");
        assert!(page.contains("Coupe (à départager entre 2)"), "{page}");
        assert_eq!(page.matches("<td class=\"num\">2,66\u{a0}€</td>").count(), 6, "{page}");
        assert_eq!(page.matches("3,66\u{a0}€").count(), 4, "2,66 € and the bonus: {page}");
        assert!(
            page.contains("<dd>80\u{a0}€</dd>") && page.contains("<dd>79,96\u{a0}€</dd>"),
            "{page}"
        );
        assert!(
            page.contains("<dd>4\u{a0}€</dd>") && page.contains("<dd>16,04\u{a0}€</dd>"),
            "what the pot keeps: {page}"
        );

        // The CSV: one line per player paid, sums with a decimal comma.
        let (status, csv, _) = get(&app, &jar, &format!("/tournaments/{}/prizes.csv", gp.id)).await;
        assert_eq!(status, StatusCode::OK);
        let lines: Vec<&str> = csv.trim_start_matches('\u{feff}').lines().collect();
        assert_eq!(lines[0], "Place;Nom;Club;Prix;Fixe;Prime;Montant;Lots");
        assert_eq!(lines.len(), 9, "{csv}");
        let bonus_of = |name: &str| -> bool {
            let i: usize = name.trim_start_matches("Joueur ").parse().unwrap();
            i < 4
        };
        for (line, l) in lines[1..].iter().zip(&s.lines) {
            let cols: Vec<&str> = line.split(';').collect();
            let (prize, items) = if l.rank == 1 {
                ("32", "Coupe (à départager entre 2)")
            } else {
                ("2,66", "")
            };
            let bonus = if bonus_of(&l.name) { "1" } else { "0" };
            assert_eq!(
                cols[..3],
                [l.rank.to_string().as_str(), l.name.as_str(), "Tarot Club"],
                "{line}"
            );
            assert_eq!((cols[3], cols[5], cols[7]), (prize, bonus, items), "{line}");
            let total = if l.rank == 1 { 32.0 } else { 2.66 } + if bonus == "1" { 1.0 } else { 0.0 };
            assert_eq!(cols[6].replace(',', ".").parse::<f64>().unwrap(), total, "{line}");
        }

        // The A4 and the sheet to sign.
        let (status, page, _) = get(&app, &jar, &format!("{base}/print")).await;
        assert_eq!(status, StatusCode::OK);
        assert!(
            page.contains("print.css") && page.contains("Palmarès et prix"),
            "{page}"
        );
        assert!(!page.contains("Signature"), "{page}");
        let (status, page, _) = get(&app, &jar, &format!("{base}/sheet")).await;
        assert_eq!(status, StatusCode::OK);
        assert!(
            page.contains("Feuille d’émargement") && page.contains("Signature"),
            "{page}"
        );
        assert_eq!(page.matches("class=\"signature-col\"></td>").count(), 8, "{page}");
        for l in &s.lines {
            assert!(page.contains(&l.name), "{page}");
        }

        // The form shows the rule as set.
        let (_, page, _) = get(&app, &jar, &format!("{base}/settings")).await;
        assert!(
            page.contains("value=\"12,50\"") && page.contains("value=\"50 30 20\""),
            "{page}"
        );
        assert!(page.contains("1 : Coupe"), "{page}");

        // The audit log says who set it, and what the split became; the
        // same form again writes nothing more.
        let (status, page, _) = post(&app, &mut jar, &format!("{base}/settings"), &fields(&form)).await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{page}");
        let (_, page, _) = get(&app, &jar, &format!("/tournaments/{}/audit", gp.id)).await;
        assert_eq!(page.matches("a réglé les prix").count(), 1, "{page}");
        assert!(page.contains("Après : "), "{page}");
        backups_keep_the_rule(&db, gp.id, &rule);
    }
);

/// A backup carries the prize rule, its bonus's tournaments by name and
/// date: restored beside them, the rule comes back whole and its export is
/// the same; where they are not, the bonus is left out, the rest restored.
fn backups_keep_the_rule(
    db: &TestDb,
    id: chelem::tournament::ids::TournamentId,
    rule: &chelem::tournament::prizes::Rule,
) {
    use chelem::db::ops::export;
    let doc = export::export(&mut db.conn(), id).unwrap();
    let prizes = doc.prizes.clone().expect("the rule is in the backup");
    assert_eq!(
        prizes.bonus.as_ref().unwrap().with,
        vec![("Duo du matin".to_owned(), "2026-12-05".to_owned())]
    );
    let restore = |doc: &export::Document| {
        let imported = chelem::db::write(&mut db.conn(), |tx| export::import(tx, doc)).unwrap();
        let t = imported.tournament_id;
        (t, PrizeRule::find(&mut db.conn(), t).unwrap().expect("restored"))
    };
    let (copy, restored) = restore(&doc);
    assert_eq!(&restored, rule);
    assert_eq!(export::export(&mut db.conn(), copy).unwrap().prizes, doc.prizes);
    let mut elsewhere = doc.clone();
    elsewhere.prizes.as_mut().unwrap().bonus.as_mut().unwrap().with[0].0 = "Duo d’une autre ville".into();
    let (_, restored) = restore(&elsewhere);
    assert_eq!(restored.bonus, None);
    assert_eq!(restored.split, rule.split);
}

both_backends!(bad_forms_are_refused_with_their_sentence, |db: TestDb| async move {
    common::create_user(&db, common::http::USER, common::http::PASSWORD);
    let gp = tied(&db);
    let duo = duo(&db);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let mut jar = common::Jar::default();
    login(&app, &mut jar).await;
    let uri = format!("/tournaments/{}/prizes/settings", gp.id);
    let (status, _, _) = post(&app, &mut jar, &uri, &fields(&good_form(&duo.id.to_string()))).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let before = PrizeRule::find(&mut db.conn(), gp.id).unwrap();

    let cases: &[(&str, &str, &str)] = &[
        (
            "fee",
            "dix",
            "Le droit d’engagement « dix » n’est pas une somme en euros (par exemple 10 ou 7,50).",
        ),
        (
            "fee",
            "",
            "Donnez le droit d’engagement par joueur, ou une cagnotte fixe.",
        ),
        ("paying", "-3", "« -3 » n’est pas un nombre de joueurs payants."),
        (
            "share",
            "120",
            "La part redistribuée « 120 » n’est pas un pourcentage de 0 à 100.",
        ),
        (
            "split",
            "50 trente 20",
            "« trente » dans la répartition n’est pas un nombre",
        ),
        (
            "split",
            "50 30",
            "3 places payées, mais la répartition en donne 2 : tapez une part pour chaque place.",
        ),
        ("split", "20 30 50", "La place 2 recevrait plus que la précédente"),
        (
            "split",
            "60 50 20",
            "Les pourcentages des places font 130 %, plus que 100 %.",
        ),
        (
            "fixed",
            "Coupe",
            "La ligne « Coupe » des prix fixes doit dire la place puis le prix",
        ),
        ("bonus", "beaucoup", "La prime « beaucoup » n’est ni une somme"),
        (
            "bonus",
            "",
            "Vous avez coché des tournois pour la prime sans dire combien elle donne.",
        ),
        ("preset", "tout", "Ce modèle de prix est inconnu"),
        (
            "with",
            "99999",
            "Le tournoi « 99999 » n’est pas un autre tournoi de cette application.",
        ),
    ];
    for (field, value, sentence) in cases {
        let mut form = good_form(&duo.id.to_string());
        form.iter_mut()
            .filter(|(k, _)| k == field)
            .for_each(|(_, v)| *v = (*value).to_owned());
        let (status, page, _) = post(&app, &mut jar, &uri, &fields(&form)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{field}={value}: {page}");
        assert!(page.contains(sentence), "{field}={value}: {page}");
        assert!(page.contains("role=\"alert\""), "{page}");
        if *field == "split" || *field == "fee" && !value.is_empty() {
            assert!(page.contains(&format!("value=\"{value}\"")), "kept as typed: {page}");
        }
        assert_eq!(
            PrizeRule::find(&mut db.conn(), gp.id).unwrap(),
            before,
            "nothing written"
        );
    }
    // Amounts over what 80 % of 100 € gives: the sums said.
    let mut form = good_form(&duo.id.to_string());
    for (k, v) in form.iter_mut() {
        match *k {
            "split" => *v = "50 30 20".into(),
            "kind" => *v = "amounts".into(),
            _ => {}
        }
    }
    let (status, page, _) = post(&app, &mut jar, &uri, &fields(&form)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{page}");
    assert!(
        page.contains("Les montants des places font 100\u{a0}€, plus que la somme redistribuée (80\u{a0}€)."),
        "{page}"
    );
    assert_eq!(PrizeRule::find(&mut db.conn(), gp.id).unwrap(), before);
    // A tournament that does not exist: 404.
    let (status, _, _) = post(&app, &mut jar, "/tournaments/99999/prizes/settings", &fields(&form)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
});

//! What the organizer types to register players — the add form, the
//! directory's edit form, a CSV file as clubs really have them, the JSON API —
//! is parsed as strictly as deals, on both databases.

use crate::common;

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::{header, StatusCode};
use actix_web::test;
use common::builder::TournamentBuilder;
use common::http::{get, login, post, upload};
use common::{create_user, Jar, TestDb};
use diesel::prelude::*;
use serde_json::{json, Value};

use chelem::db::ops::players::{parse_csv, PlayerFields};
use chelem::db::schema::players;
use chelem::i18n::Lang;
use chelem::tournament::ids::TournamentId;

type Resp<B> = ServiceResponse<B>;

/// Logs in, and makes a tournament with no player yet; its id.
async fn tournament<S, B>(app: &S, jar: &mut Jar, db: &TestDb) -> TournamentId
where
    S: Service<actix_http::Request, Response = Resp<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    login(app, jar).await;
    TournamentBuilder::new("Open de Reims")
        .rounds(2)
        .build_in(&db.state())
        .id
}

/// (name, club, licence) of every player of the directory, by name.
fn directory(db: &TestDb) -> Vec<(String, String, Option<String>)> {
    players::table
        .order(players::name)
        .select((players::name, players::club, players::licence))
        .load(&mut *db.conn())
        .unwrap()
}

/// The rows of the import report's refusals: (line, content, reason).
fn refusals(page: &str) -> Vec<(usize, String, String)> {
    let Some(start) = page.find("<tbody>") else {
        return Vec::new();
    };
    let end = page[start..].find("</tbody>").unwrap() + start;
    page[start..end]
        .split("<tr>")
        .skip(1)
        .map(|row| {
            let cells: Vec<String> = row
                .split("<td")
                .skip(1)
                .map(|c| {
                    let c = &c[c.find('>').unwrap() + 1..];
                    c[..c.find("</td>").unwrap()].to_owned()
                })
                .collect();
            (cells[0].parse().unwrap(), cells[1].clone(), cells[2].clone())
        })
        .collect()
}

fn long_name() -> String {
    // 120 characters without a space: the worst case for a layout.
    "Marie-Christine-Amélie-"
        .repeat(6)
        .chars()
        .take(118)
        .collect::<String>()
        + "zz"
}

/// A French club's file, as a spreadsheet saves it: byte order mark, `;`,
/// CRLF, French headers, blank lines, a missing name, a licence twice, a line
/// with too many columns, a licence with letters, a name one character too
/// long, a quoted field holding the separator, padding `;` at line ends.
fn french_file() -> Vec<u8> {
    let too_long = "A".repeat(121);
    let lines = [
        "Nom;Club;Numéro de licence".to_owned(),                     // 1
        "Christine Fournier;Les Bouts de Reims;78695681".into(),     // 2
        "".into(),                                                   // 3
        "Chantal Dufour;Garde Contre Grenoble;".into(),              // 4
        ";Tarot Club de Dijon;20834547".into(),                      // 5: no name
        "Patrick Roux;Garde Contre Grenoble;7869 5681".into(),       // 6: licence of line 2
        "Charlie Trop;De;Colonnes;En;Plus".into(),                   // 7: 5 columns
        "Pierre Dumont;Tarot Club de Dijon;FFT-123".into(),          // 8: letters
        format!("{too_long};Club;"),                                 // 9: 121 characters
        "\"Lefèvre; Jean\";\"Petit au Bout; Lyon\";12345678".into(), // 10: quoted
        "Zoé Martin;Excuse Nantaise;;;".into(),                      // 11: padding
        "   ;  ;  ".into(),                                          // 12: blank
        "".into(),                                                   // 13
    ];
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend_from_slice(lines.join("\r\n").as_bytes());
    bytes
}

both_backends!(a_french_club_file_is_read_line_by_line, |db: TestDb| async move {
    create_user(&db, "arbitre", "tres-secret-42");
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let mut jar = Jar::default();
    let id = tournament(&app, &mut jar, &db).await;
    let (status, page) = upload(&app, &jar, id, &french_file(), "fr").await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(page.contains("4 joueurs inscrits"), "{page}");

    // The good lines are registered, exactly as typed (the BOM did not stick
    // to the first name, `;` was the separator, the quotes kept their `;`).
    assert_eq!(
        directory(&db),
        vec![
            ("Chantal Dufour".to_owned(), "Garde Contre Grenoble".to_owned(), None),
            (
                "Christine Fournier".into(),
                "Les Bouts de Reims".into(),
                Some("78695681".into())
            ),
            (
                "Lefèvre; Jean".into(),
                "Petit au Bout; Lyon".into(),
                Some("12345678".into())
            ),
            ("Zoé Martin".into(), "Excuse Nantaise".into(), None),
        ]
    );

    // Each refused line with its number, its content and its reason, in French.
    let refused = refusals(&page);
    let lines: Vec<usize> = refused.iter().map(|r| r.0).collect();
    assert_eq!(lines, vec![5, 6, 7, 8, 9], "{refused:?}");
    let reason = |line: usize| refused.iter().find(|r| r.0 == line).unwrap().2.clone();
    assert_eq!(reason(5), "Le nom du joueur est obligatoire.");
    assert_eq!(reason(6), "La licence 78695681 figure déjà ligne 2 du fichier.");
    assert!(reason(7).starts_with("5 colonnes au lieu de 3"), "{}", reason(7));
    assert_eq!(
        reason(8),
        "Licence « FFT-123 » : un numéro de licence FFT ne contient que des chiffres (10 au plus)."
    );
    assert_eq!(reason(9), "Le nom est trop long : 121 caractères (120 au plus).");
    let content7 = &refused.iter().find(|r| r.0 == 7).unwrap().1;
    assert_eq!(content7, "Charlie Trop;De;Colonnes;En;Plus");
    assert!(!page.contains("obligatoire (120"), "no “required” for a long name");

    // The same file again: every line is refused, in the visitor's language
    // (the report holds messages, the page says them in English).
    let (status, page) = upload(&app, &jar, id, &french_file(), "en").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        page.contains("0 players registered") || page.contains("No player"),
        "{page}"
    );
    let refused = refusals(&page);
    assert!(
        refused
            .iter()
            // The name isolated from the sentence around it.
            .any(|r| r.0 == 2 && r.2 == "\u{2068}Christine Fournier\u{2069} is already registered in this tournament"),
        "{refused:?}"
    );
    assert!(
        refused
            .iter()
            .any(|r| r.0 == 7 && r.2.starts_with("5 columns instead of 3")),
        "{refused:?}"
    );
    assert_eq!(directory(&db).len(), 4);
});

both_backends!(an_english_comma_file_and_a_windows_file, |db: TestDb| async move {
    create_user(&db, "arbitre", "tres-secret-42");
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let mut jar = Jar::default();
    let id = tournament(&app, &mut jar, &db).await;
    // English headers in capitals, `,`, LF, a name with a comma in quotes, the
    // issue's line with five columns.
    let file = "Name,Club,License\n\
                Christine Fournier,Les Bouts de Reims,78695681\n\
                \n\
                Charlie Trop,De,Colonnes,En,Plus\n\
                \"Dupont, Jean\",Tarot Club de Dijon,\n";
    let (status, page) = upload(&app, &jar, id, file.as_bytes(), "fr").await;
    assert_eq!(status, StatusCode::OK, "{page}");
    let refused = refusals(&page);
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert_eq!(refused[0].0, 4);
    assert!(refused[0].2.starts_with("5 colonnes au lieu de 3"), "{refused:?}");
    let names: Vec<String> = directory(&db).into_iter().map(|p| p.0).collect();
    assert_eq!(names, vec!["Christine Fournier", "Dupont, Jean"]);

    // A Windows spreadsheet: Windows-1252 bytes (é = 0xE9, ’ = 0x92), separate
    // « Prénom » and « Nom » columns, `;`.
    let mut file = b"Pr\xe9nom;Nom;Club;Licence\r\n".to_vec();
    file.extend_from_slice(b"Ren\xe9e;L\x92H\xf4te;Club d'\xc9vreux;31415926\r\n");
    let (status, page) = upload(&app, &jar, id, &file, "fr").await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(refusals(&page).is_empty(), "{page}");
    let p = directory(&db).into_iter().find(|p| p.0.starts_with("Ren")).unwrap();
    assert_eq!(
        p,
        (
            "Renée L’Hôte".to_owned(),
            "Club d'Évreux".to_owned(),
            Some("31415926".to_owned())
        )
    );

    // A file without a name column is refused as a whole.
    let (status, page) = upload(&app, &jar, id, b"\xEF\xBB\xBFclub;licence\r\nX;1\r\n", "fr").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.contains("au moins « nom »"), "{page}");
});

both_backends!(the_forms_refuse_with_the_right_reason, |db: TestDb| async move {
    create_user(&db, "arbitre", "tres-secret-42");
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let mut jar = Jar::default();
    let id = tournament(&app, &mut jar, &db).await;
    let add = format!("/tournaments/{id}/players");

    // 121 characters: too long, not « required »; the form keeps what was typed.
    let name = "B".repeat(121);
    let (status, body, _) = post(&app, &mut jar, &add, &[("name", name.as_str()), ("club", "X")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("trop long : 121 caractères (120 au plus)"), "{body}");
    assert!(body.contains(&format!("value=\"{name}\"")));
    // A NUL byte or another control character: a 422 sentence on both
    // databases (PostgreSQL refuses NUL in text).
    for bad in ["Jean\0Dupont", "Jean\u{1b}[31mDupont"] {
        let (status, body, _) = post(&app, &mut jar, &add, &[("name", bad), ("club", "X")]).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        // Refused at the edge, before the player's own check.
        assert!(body.contains("caractère de contrôle invisible"), "{body}");
    }
    let (status, body, _) = post(
        &app,
        &mut jar,
        &add,
        &[("name", "Jean Dupont"), ("club", "Tarot\0Club")],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("caractère de contrôle invisible"), "{body}");
    // The federation's format: digits only, 10 at most.
    for bad in ["AB123", "12345678901"] {
        let (status, body, _) = post(&app, &mut jar, &add, &[("name", "Jean Dupont"), ("licence", bad)]).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(
            body.contains(&format!(
                "Licence « {bad} » : un numéro de licence FFT ne contient que des chiffres"
            )),
            "{body}"
        );
    }
    assert!(directory(&db).is_empty());

    // 120 characters and a spaced licence are fine.
    let long = long_name();
    assert_eq!(long.chars().count(), 120);
    let (status, _, _) = post(
        &app,
        &mut jar,
        &add,
        &[("name", long.as_str()), ("licence", " 1234 5678 ")],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(
        directory(&db),
        vec![(long.clone(), String::new(), Some("12345678".into()))]
    );

    // The directory's edit form runs the same check.
    let pid: i32 = players::table.select(players::id).first(&mut *db.conn()).unwrap();
    let edit = format!("/players/{pid}/edit");
    let (status, body, _) = post(&app, &mut jar, &edit, &[("name", "Jean\0Dupont")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body.contains("caractère de contrôle invisible"), "{body}");
    let (status, body, _) = post(&app, &mut jar, &edit, &[("name", name.as_str())]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("trop long"), "{body}");
    assert_eq!(directory(&db)[0].0, long);
    // A search with a NUL byte is refused with a sentence, rather than failing.
    let (status, _, _) = get(&app, &jar, "/players?q=%00").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
});

async fn api<S, B>(app: &S, token: &str, uri: &str, body: &str) -> (StatusCode, Value)
where
    S: Service<actix_http::Request, Response = Resp<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let req = test::TestRequest::post()
        .uri(uri)
        .insert_header((header::AUTHORIZATION, format!("Bearer {token}")))
        .insert_header((header::CONTENT_TYPE, "application/json"))
        .set_payload(body.to_owned())
        .to_request();
    let resp = test::call_service(app, req).await;
    let status = resp.status();
    let bytes = test::read_body(resp).await;
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

both_backends!(the_api_refuses_wrongly_typed_fields, |db: TestDb| async move {
    create_user(&db, "arbitre", "tres-secret-42");
    let token = chelem::db::write(&mut db.conn(), |tx| {
        chelem::db::ops::accounts::create_api_token(tx, "arbitre", "tests")
    })
    .unwrap();
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let id = TournamentBuilder::new("Open").rounds(2).build_in(&db.state()).id;
    let uri = format!("/api/tournaments/{id}/players");

    for (body, needle) in [
        (r#"{"name": 123}"#, "\"name\" must be a string"),
        (r#"{"name": "Jean Dupont", "club": ["X"]}"#, "\"club\" must be a string"),
        (
            r#"{"name": "Jean Dupont", "licence": 12345678}"#,
            "\"licence\" must be a string",
        ),
        (
            r#"{"name": "Jean Dupont", "checked_in": "yes"}"#,
            "\"checked_in\" must be true or false",
        ),
        (r#"["Jean Dupont"]"#, "must be a JSON object"),
        (r#"{"club": "X"}"#, "name is required"),
        (r#"{"name": "Jean\u0000Dupont"}"#, "invisible control character"),
        (r#"{"name": "Jean Dupont", "licence": "12AB"}"#, "digits only"),
    ] {
        let (status, v) = api(&app, &token, &uri, body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {v}");
        let error = v["error"].as_str().unwrap_or_default();
        assert!(error.contains(needle), "{body}: {v}");
    }
    assert!(directory(&db).is_empty());

    // Valid input answers as before.
    let (status, v) = api(
        &app,
        &token,
        &uri,
        &json!({"name": "Jean Dupont", "club": "Tarot Club de Dijon", "licence": "12345678", "checked_in": false})
            .to_string(),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    let mut keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    keys.sort();
    assert_eq!(keys, vec!["first_round", "id"]);
    assert_eq!(v["first_round"], 1);
    let (status, _) = api(&app, &token, &uri, r#"{"name": "Zoé", "club": null}"#).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(directory(&db).len(), 2);
});

crate::test_case!(one_check_for_every_door);
fn one_check_for_every_door() {
    // The constructor the form, the CSV import and the API share.
    let ok = PlayerFields::new("  Jean   Dupont ", " Tarot  Club ", "1234 5678").unwrap();
    assert_eq!(ok.name.as_str(), "Jean Dupont");
    assert_eq!(ok.club, "Tarot Club");
    assert_eq!(ok.licence.unwrap().as_str(), "12345678");
    let refusal = |n: &str, c: &str, l: &str| PlayerFields::new(n, c, l).unwrap_err().render(Lang::En);
    assert_eq!(refusal("", "X", ""), "the player's name is required");
    assert_eq!(
        refusal(&"x".repeat(121), "", ""),
        "the name is too long: 121 characters (120 at most)"
    );
    assert!(
        refusal("A", "", "１２３").contains("digits only"),
        "full-width digits are not digits"
    );
    assert!(refusal("A", "", "12345678901").contains("10 at most"));
    assert!(refusal("A\tB", "", "").contains("position 2"));
}

crate::test_case!(separators_and_headers_are_found_in_the_header_line);
fn separators_and_headers_are_found_in_the_header_line() {
    let names = |text: &str| -> Vec<String> {
        parse_csv(text)
            .unwrap()
            .into_iter()
            .map(|l| {
                l.player
                    .map(|p| p.name.as_str().to_owned())
                    .unwrap_or_else(|m| m.render(Lang::En))
            })
            .collect()
    };
    // Tab, `;` with a `,` inside a name, `,` with a `;` inside a name.
    assert_eq!(names("nom\tclub\nA B\tC\n"), vec!["A B"]);
    assert_eq!(names("Nom;Club\nDupont, Jean;X\n"), vec!["Dupont, Jean"]);
    assert_eq!(names("name,club\n\"Dupont; Jean\",X\n"), vec!["Dupont; Jean"]);
    // Line numbers count blank lines and the header, with CRLF too.
    let lines = parse_csv("\u{feff}NOM\r\n\r\nA\r\n\r\nB\r\n").unwrap();
    assert_eq!(lines.iter().map(|l| l.line).collect::<Vec<_>>(), vec![3, 5]);
    // A header that names no name column refuses the whole file.
    assert!(parse_csv("club,licence\nX,1\n").is_err());
    assert!(parse_csv("").is_err());
}

//! "Find my name" on the public pages: a name typed as a player would
//! (accents, case, a first name only) leads to their page and their seat
//! in the round under way; a name that matches several lists them; one
//! that matches nobody is answered in a sentence, the box as typed; on
//! both databases.

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test;
use common::builder::TournamentBuilder;
use common::http::get;
use common::{Jar, TestDb};

const NAMES: [&str; 8] = [
    "Zoé Martin",
    "Zoe Martinez",
    "Hélène Roux",
    "Paul Girard",
    "Jean Dupont",
    "Anne Lefèvre",
    "Marc Petit",
    "Lucie Blanc",
];

both_backends!(a_player_finds_their_seat_by_name, |db: TestDb| async move {
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let anon = Jar::default();
    let built = TournamentBuilder::new("Open du jeudi")
        .rounds(2)
        .seed(11)
        .players(NAMES.len())
        .named(|i| NAMES[i].to_owned())
        .seated(1)
        .build_in(&db.state());
    let id = built.id;
    let find = |name: &str| {
        let name = percent_encoding::utf8_percent_encode(name, percent_encoding::NON_ALPHANUMERIC);
        format!("/tournaments/{id}/find?name={name}")
    };

    // The standings page has the box, with every name as a suggestion.
    let (status, page, _) = get(&app, &anon, &format!("/tournaments/{id}/standings")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains(&format!("action=\"/tournaments/{id}/find\"")), "{page}");
    assert_eq!(page.matches("<option value=").count(), NAMES.len(), "{page}");

    // A whole name typed without accents, in capitals, with spaces: that player.
    let helene = built.players[2];
    let (status, _, to) = get(&app, &anon, &find("  HELENE   roux ")).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let to = to.expect("a redirect");
    assert_eq!(to, format!("/tournaments/{id}/players/{helene}"));
    // Their page says where they sit now.
    let (status, page, _) = get(&app, &anon, &to).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("Partie 1 en cours"), "{page}");
    assert!(page.contains("place"), "{page}");
    // "Zoé Martin" exactly is one player, though "Zoe Martinez" holds it.
    let (status, _, to) = get(&app, &anon, &find("zoe martin")).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(to.unwrap(), format!("/tournaments/{id}/players/{}", built.players[0]));
    // A first name two players share: both, as links.
    let (status, page, _) = get(&app, &anon, &find("Zoé")).await;
    assert_eq!(status, StatusCode::OK);
    for k in [0, 1] {
        assert!(
            page.contains(&format!("href=\"/tournaments/{id}/players/{}\"", built.players[k])),
            "{page}"
        );
    }
    assert!(!page.contains(&format!("/players/{}\"", built.players[2])), "{page}");
    // Nobody: a sentence, 404, the box as typed.
    let (status, page, _) = get(&app, &anon, &find("Robert")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(page.contains("Aucun joueur de ce tournoi ne s&#39;appelle"), "{page}");
    assert!(page.contains("value=\"Robert\""), "{page}");
    // Nothing typed: the box and what to type.
    let (status, page, _) = get(&app, &anon, &find("")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("Tapez votre nom"), "{page}");
    // Another tournament's id: not found.
    let (status, _, _) = get(&app, &anon, &format!("/tournaments/{}/find?name=Paul", id.get() + 99)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
});

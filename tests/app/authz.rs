//! Who may do what, on both databases: every route of the application (read
//! from its sources, tests/common/routes.rs) called by every kind of
//! visitor, with the status each must get; CSRF on every state-changing
//! form; no request from another site; sessions that expire and change at
//! login; and no secret in any answer or log line.
//!
//! The table [`ROWS`] has one row per route. A route without a row fails
//! [`every_route_has_a_row`] with its name: add a line to [`ROWS`].

use crate::common;

use std::collections::BTreeSet;
use std::sync::OnceLock;

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::{header, Method, StatusCode};
use actix_web::test;
use chrono::Duration;
use diesel::prelude::*;
use serde_json::json;

use chelem::db::models::{GameSeat, LoginAttempt, SeatingConstraint, Session, User};
use chelem::db::ops::deals::Actor;
use chelem::db::ops::shares::{self, Shared};
use chelem::db::ops::{accounts, export, games, seasons};
use chelem::db::schema::{
    api_tokens, login_attempts, players as players_t, season_shares, sessions, tournament_shares,
    tournaments as tournaments_t, users,
};
use chelem::db::{now, AnyConnection, Tx};
use chelem::secrets::{new_token, token_hash};
use chelem::tournament::ids::{GameId, PlayerId, SeasonId, TournamentId};
use chelem::tournament::table::Constraint;
use common::builder::{Table, TournamentBuilder};
use common::http::{PASSWORD, USER};
use common::routes::{self, Route};
use common::TestDb;

// ------------------------------------------------------------ the roles

/// Who calls. Each role sends the credentials it has (and a valid CSRF
/// cookie and field, so that what is tested is the role, not the form;
/// CSRF has its own test below).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// No credential; a table link it guessed (a well-formed unknown token).
    Anonymous,
    /// Holds table B's link (round 2, open): B's token in the URL, and tried
    /// as a session cookie and a bearer token; names table A's players.
    OtherTable,
    /// Holds the link of a table of round 1, closed: may read, not write.
    ClosedTable,
    /// Holds the link of another seat of table C's game (digital play),
    /// not the one to act: in a seat route's `{token}` (the organizer's is
    /// the seat to act), and tried as a session cookie and a bearer token.
    OtherSeat,
    /// The organizer's API token, revoked (`chelem token revoke`).
    RevokedToken,
    /// The organizer's session cookie, its expiry set in the past.
    ExpiredSession,
    /// The organizer: a live session and a live API token; table A's link.
    /// An organizer of the club owning the world's tournament and season
    /// (the server's default club), not an administrator.
    Organizer,
    /// An organizer of another club (FORMATS.md, "Clubs"): a live session
    /// and API token, no table link. Its wants are derived from the row
    /// ([`foreign_want`]).
    OtherClub,
    /// An organizer of a circuit club: the world's tournament and season
    /// are shared with it (a live session and API token, no table link).
    /// Its wants are derived ([`circuit_want`]).
    CircuitClub,
    /// The server's administrator, of no club: a live session and API
    /// token, no table link. Asked the GET rows in the matrix's pass, and
    /// each write on a world of its own after the row (a write would change
    /// what the organizer's call then meets). Its wants are derived
    /// ([`admin_want`], [`admin_write_want`]).
    Admin,
}

const ROLES: [Role; 7] = [
    Role::Anonymous,
    Role::OtherTable,
    Role::ClosedTable,
    Role::OtherSeat,
    Role::RevokedToken,
    Role::ExpiredSession,
    Role::Organizer,
];

/// Whether a row's path names what the world's club owns: its tournament
/// (`/tournaments/{id}/…`), its season, table C's game.
fn names_owned(row: &Row) -> bool {
    let p = row.pattern.strip_prefix("/api").unwrap_or(row.pattern);
    ["/tournaments/{id}", "/seasons/{id}", "/games/{id}"]
        .iter()
        .any(|o| p.starts_with(o))
}

/// What an organizer of another club gets: on what the world's club owns,
/// what anyone gets where anyone may read (public pages, a replay refused
/// with 404), 403 where an organizer is needed (not the login: they are
/// logged in); with a link in the path, what its guessed link gets; elsewhere
/// (their own lists, a new tournament of their club, the directory), what
/// the organizer gets.
fn foreign_want(row: &Row) -> Want {
    let [anon, .., org] = row.want;
    if row.pattern.contains("{token}") {
        anon
    } else if names_owned(row) {
        match anon {
            Login | S(401) => S(403),
            w => w,
        }
    } else {
        org
    }
}

/// The organizer's own deal entry at a table: what a circuit club's
/// organizer may write besides reading (tested in tests/app/circuits.rs:
/// its entry would change what the organizer's call then meets).
fn circuit_entry(row: &Row) -> bool {
    row.method == "POST" && row.pattern == "/tournaments/{id}/rounds/{n}/tables/{t}/deals/{k}"
}

/// What an organizer of a circuit club gets: on what the world's club
/// owns and shares with it, what the organizer gets where they read (GET),
/// 403 where an organizer writes (the deal entry at a table aside: not
/// asked here); with a link in the path, what its guessed link gets;
/// elsewhere, what the organizer gets.
fn circuit_want(row: &Row) -> Want {
    let [anon, .., org] = row.want;
    if row.pattern.contains("{token}") {
        anon
    } else if names_owned(row) {
        if row.method == "GET" {
            org
        } else if circuit_entry(row) {
            NA
        } else {
            match anon {
                Login | S(401) => S(403),
                w => w,
            }
        }
    } else {
        org
    }
}

/// What the administrator gets (GET rows only, else [`NA`]): what the
/// organizer gets, but with a link in the path (they hold none) what
/// anyone gets.
fn admin_want(row: &Row) -> Want {
    let [anon, .., org] = row.want;
    if let Some(want) = row.admin {
        want
    } else if row.method != "GET" {
        NA
    } else if row.pattern.contains("{token}") {
        anon
    } else {
        org
    }
}

/// A row's wants for every role: [`ROLES`] with, before the organizer, the
/// club roles whose wants the rows do not write but derive.
/// The organizer still last: its call changes things (a bot taking a seat
/// it left plays on while the next role is asked).
fn wants(row: &Row) -> Vec<(Role, Want)> {
    let mut all: Vec<(Role, Want)> = ROLES.iter().copied().zip(row.want).collect();
    let organizer = all.pop().expect("the organizer");
    all.push((Role::OtherClub, foreign_want(row)));
    all.push((Role::CircuitClub, circuit_want(row)));
    all.push((Role::Admin, admin_want(row)));
    all.push(organizer);
    all
}

/// What a role must get.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Want {
    /// This status (a success, or a refusal: 401, 403, 404, 409, 422).
    S(u16),
    /// 303 to `/login?next=…`: an organizer's page, refused.
    Login,
    /// The role has no credential this route reads.
    NA,
}
use Want::{Login, NA, S};

/// Body of a request. In strings, `{taker}` is a player of the table the
/// role's link names (of table A for [`Role::OtherTable`]: not its own),
/// `{defender}` a defender of that table's deal 1; `{id}`, `{pid}`… as in paths.
#[derive(Debug, Clone, Copy)]
enum Body {
    None,
    Form(&'static [(&'static str, &'static str)]),
    Json(&'static str),
    Multipart(&'static [(&'static str, &'static str)]),
}

/// One route: how to call it and what each role gets, in [`ROLES`] order:
/// anonymous, other table, closed table, other seat, revoked token,
/// expired session, organizer.
struct Row {
    method: &'static str,
    pattern: &'static str,
    /// Placeholders other than the common ones (see [`World::fill`]), and
    /// the query string.
    fill: &'static [(&'static str, &'static str)],
    body: Body,
    want: [Want; 7],
    /// A stream (Server-Sent Events): the body is not read.
    stream: bool,
    /// What [`Role::Admin`] gets, when not as [`admin_want`] says (the
    /// administrator's own pages).
    admin: Option<Want>,
    /// What [`Role::Admin`]'s write gets on its own world, when not as
    /// [`admin_write_want`] says.
    admin_alone: Option<Want>,
}

// The kinds of route, each explained once.
/// Public: anyone reads it (standings, player pages, static files, the login page).
const PUBLIC: [Want; 7] = [S(200), S(200), S(200), S(200), S(200), S(200), S(200)];
/// An organizer's page: anyone else is sent to the login page (303), a
/// revoked token or an expired session being no one.
const ORG_PAGE: [Want; 7] = [Login, Login, Login, Login, Login, Login, S(200)];
/// An organizer's JSON file: anyone else gets 401 with the API's JSON
/// error, never a redirect to the login page.
const ORG_JSON: [Want; 7] = [S(401), S(401), S(401), S(401), S(401), S(401), S(200)];
/// An organizer's form: the same refusal; the organizer's post succeeds
/// and is sent on (303).
const ORG_FORM: [Want; 7] = [Login, Login, Login, Login, Login, Login, S(303)];
/// An organizer's form about something the tournament does not have.
const NOT_THERE: [Want; 7] = [Login, Login, Login, Login, Login, Login, S(404)];
/// An organizer's API route: 401 to anyone else, a table token being no
/// API token.
fn org_api(ok: u16) -> [Want; 7] {
    [S(401), S(401), S(401), S(401), S(401), S(401), S(ok)]
}
/// A table's page, read: an unknown link is 404; a table reads its own
/// sheet (the other table reads its own, never A's), a closed round's
/// table its sheet; the organizer opens table A's link.
const TABLE_READ: [Want; 7] = [S(404), S(200), S(200), S(404), S(404), S(404), S(200)];
/// A table's deal form: as [`TABLE_READ`], but a closed round's table is
/// sent to its sheet (no form to fill in vain).
const TABLE_FORM: [Want; 7] = [S(404), S(200), S(303), S(404), S(404), S(404), S(200)];
/// A table's preview of a slot: as [`TABLE_READ`], but a closed round's
/// table is told at once, with the sentence, that the slot is no longer
/// its to enter (409), as its save would be.
const TABLE_PREVIEW: [Want; 7] = [S(404), S(200), S(409), S(404), S(404), S(404), S(200)];
/// A table's write: unknown link 404; the other table naming A's players
/// 422 (they are not at its table); a closed round 409; table A (the
/// organizer holding its link) writes.
fn table_write(ok: u16) -> [Want; 7] {
    [S(404), S(422), S(409), S(404), S(404), S(404), S(ok)]
}
/// The first account's link (`/setup/{token}`): the servers of these tests
/// start with an account, so they have none; any code is a page that does
/// not exist (tests/app/first_account.rs has the servers that print one).
const NO_SETUP: [Want; 7] = [S(404), S(404), S(404), S(404), S(404), S(404), S(404)];
/// Forms anyone may post (login, logout, language): 303 on.
const ANYONE_FORM: [Want; 7] = [S(303), S(303), S(303), S(303), S(303), S(303), S(303)];
/// A seat's page or view: its own link reads it (the other seat reads its
/// own, never another's); a table's link or a guessed one is no seat's: 404.
const SEAT_READ: [Want; 7] = [S(404), S(404), S(404), S(200), S(404), S(404), S(200)];
/// A seat's action: only the seat to act plays (the other seat: 409, not
/// its turn); no seat's link: 404.
fn seat_act(ok: u16) -> [Want; 7] {
    [S(404), S(404), S(404), S(409), S(404), S(404), S(ok)]
}

const fn row(method: &'static str, pattern: &'static str, want: [Want; 7]) -> Row {
    Row {
        method,
        pattern,
        fill: &[],
        body: Body::None,
        want,
        stream: false,
        admin: None,
        admin_alone: None,
    }
}

impl Row {
    const fn fill(mut self, fill: &'static [(&'static str, &'static str)]) -> Row {
        self.fill = fill;
        self
    }
    const fn body(mut self, body: Body) -> Row {
        self.body = body;
        self
    }
    const fn admin(mut self, want: Want) -> Row {
        self.admin = Some(want);
        self
    }
    const fn admin_alone(mut self, want: Want) -> Row {
        self.admin_alone = Some(want);
        self
    }
}

const DEAL_FORM: Body = Body::Form(&[
    ("taker", "{taker}"),
    ("contract", "garde"),
    ("oudlers", "2"),
    ("points", "51"),
    ("camp", "attack"),
]);
const PLAYER_FORM: Body = Body::Form(&[("name", "Zoé Nouvelle"), ("club", "Club Neuf"), ("licence", "")]);
const TOURNAMENT_FORM: Body = Body::Form(&[("name", "Open de printemps"), ("rounds", "3"), ("confirm_deals", "on")]);

/// A season's routes: `{id}` the world's season.
const SEASON: &[(&str, &str)] = &[("id", "{season}")];
/// A season's tournament: the world's season and tournament.
const SEASON_TOURNAMENT: &[(&str, &str)] = &[("id", "{season}"), ("tid", "{id}")];
/// The circuit club, in a path.
const CIRCUIT_FILL: &[(&str, &str)] = &[("club", "{circuit}")];
/// The world's season and the circuit club.
const SEASON_CIRCUIT: &[(&str, &str)] = &[("id", "{season}"), ("club", "{circuit}")];

/// One row per route (method, pattern as registered).
fn rows() -> Vec<Row> {
    use Body::{Form, Json, Multipart};
    vec![
        // pages.rs, auth.rs: public
        row("GET", "/", PUBLIC),
        row("GET", "/healthz", PUBLIC),
        row("GET", "/static/entry.js", PUBLIC),
        row("GET", "/static/style.css", PUBLIC),
        row("GET", "/static/live.js", PUBLIC),
        row("GET", "/static/clock.js", PUBLIC),
        row("GET", "/static/outbox.js", PUBLIC),
        row("GET", "/static/score.js", PUBLIC),
        row("GET", "/static/print.css", PUBLIC),
        row("GET", "/static/print.js", PUBLIC),
        row("GET", "/static/checkin.js", PUBLIC),
        row("POST", "/lang", ANYONE_FORM).body(Form(&[("lang", "en"), ("back", "/")])),
        row("GET", "/login", PUBLIC),
        row("POST", "/login", ANYONE_FORM).body(Form(&[("username", USER), ("password", PASSWORD), ("next", "/")])),
        row("POST", "/logout", ANYONE_FORM),
        row("GET", "/setup/{token}", NO_SETUP),
        row("POST", "/setup/{token}", NO_SETUP).body(Form(&[
            ("username", "intrus"),
            ("password", "mot-de-passe-intrus"),
            ("password_again", "mot-de-passe-intrus"),
        ])),
        // the organizer's own password (changed to the same: the next rows log in with it)
        row("GET", "/account/password", ORG_PAGE),
        row("POST", "/account/password", ORG_FORM).body(Form(&[
            ("current", PASSWORD),
            ("new", PASSWORD),
            ("new_again", PASSWORD),
        ])),
        // public results
        row("GET", "/tournaments/{id}/standings", PUBLIC),
        row("GET", "/tournaments/{id}/projector", PUBLIC),
        row("GET", "/tournaments/{id}/players/{pid}", PUBLIC),
        row("GET", "/tournaments/{id}/find", PUBLIC),
        row("GET", "/tournaments/{id}/stats", PUBLIC),
        row("GET", "/tournaments/{id}/charts/{name}", PUBLIC).fill(&[("name", "race.svg")]),
        row("GET", "/tournaments/{id}/results.html", PUBLIC),
        row("GET", "/tournaments/{id}/standings.csv", PUBLIC),
        row("GET", "/tournaments/{id}/deals.csv", PUBLIC),
        row("GET", "/tournaments/{id}/federation.csv", ORG_PAGE),
        row("GET", "/tournaments/{id}/federation.json", ORG_JSON),
        row("GET", "/tournaments/{id}/results.csv", PUBLIC),
        row("GET", "/tournaments/{id}/results.json", PUBLIC),
        // organizer pages
        row("GET", "/tournaments", ORG_PAGE),
        row("GET", "/tournaments/new", ORG_PAGE),
        row("GET", "/tournaments/{id}", ORG_PAGE),
        row("GET", "/tournaments/{id}/edit", ORG_PAGE),
        row("GET", "/tournaments/{id}/seating", ORG_PAGE),
        row("GET", "/tournaments/{id}/audit", ORG_PAGE),
        row("GET", "/tournaments/{id}/rooms", ORG_PAGE),
        row("GET", "/tournaments/{id}/export.json", ORG_JSON),
        row("GET", "/tournaments/{id}/standings/print", ORG_PAGE),
        // prize lists (the world's tournament, no rule yet: the page says so)
        row("GET", "/tournaments/{id}/prizes", ORG_PAGE),
        row("GET", "/tournaments/{id}/prizes/settings", ORG_PAGE),
        row("POST", "/tournaments/{id}/prizes/settings", ORG_FORM).body(Form(&[("fee", "10"), ("preset", "top8")])),
        row("GET", "/tournaments/{id}/prizes/print", ORG_PAGE),
        row("GET", "/tournaments/{id}/prizes/sheet", ORG_PAGE),
        row("GET", "/tournaments/{id}/prizes.csv", ORG_PAGE),
        row("GET", "/tournaments/{id}/rounds/{n}", ORG_PAGE),
        row("GET", "/tournaments/{id}/rounds/{n}/cards", ORG_PAGE),
        row("GET", "/tournaments/{id}/rounds/{n}/slips", ORG_PAGE),
        row("GET", "/tournaments/{id}/rounds/{n}/sheets", ORG_PAGE),
        row("GET", "/tournaments/{id}/rounds/{n}/tables/{t}", ORG_PAGE),
        row("GET", "/tournaments/{id}/rounds/{n}/tables/{t}/qr.svg", ORG_PAGE),
        // Round 2 has deals: the page says its start can no longer be undone.
        row("GET", "/tournaments/{id}/rounds/{n}/undo", ORG_PAGE),
        row("GET", "/tournaments/{id}/players/{pid}/withdraw", ORG_PAGE),
        row("GET", "/tournaments/{id}/checkin-all", ORG_PAGE),
        row("GET", "/tournaments/{id}/rounds/{n}/tables/{t}/deals/{k}", ORG_PAGE),
        row(
            "GET",
            "/tournaments/{id}/rounds/{n}/tables/{t}/deals/{k}/preview",
            ORG_PAGE,
        )
        .fill(&[("?", "taker={taker}&contract=garde&oudlers=2&points=51&camp=attack")]),
        row("GET", "/players", ORG_PAGE),
        row("GET", "/players/{pid}/edit", ORG_PAGE),
        // Two players of one tournament: the page says they cannot be merged.
        row("GET", "/directory/merge", ORG_PAGE).fill(&[("?", "keep={pid}&drop={taker}")]),
        // organizer forms
        // The administrator acts for every club: a new tournament or season
        // must say whose (the form again with the sentence, 422).
        row("POST", "/tournaments", ORG_FORM)
            .body(TOURNAMENT_FORM)
            .admin_alone(S(422)),
        row("POST", "/tournaments/{id}/edit", ORG_FORM).body(TOURNAMENT_FORM),
        // (The administrator's, after the organizer's: the name is known by
        // then, and the form offers the known player, 200.)
        row("POST", "/tournaments/{id}/players", ORG_FORM)
            .body(PLAYER_FORM)
            .admin_alone(S(200)),
        row(
            "POST",
            "/tournaments/{id}/players/import",
            [Login, Login, Login, Login, Login, Login, S(200)],
        )
        .body(Multipart(&[(
            "csv_text",
            "name,club,licence\nYann Importé,Club Neuf,\n",
        )])),
        row("POST", "/tournaments/{id}/players/{pid}/checkin", ORG_FORM).body(Form(&[("present", "1")])),
        row("POST", "/tournaments/{id}/checkin-all", ORG_FORM).body(Form(&[("confirm", "1")])),
        // Reinstating a player still playing: nothing to do, sent on all the same.
        row("POST", "/tournaments/{id}/players/{pid}/{action}", ORG_FORM).fill(&[("action", "reinstate")]),
        row("POST", "/players/{pid}/edit", ORG_FORM).body(PLAYER_FORM),
        // Two players of one tournament are two people (409); no merge 7 to undo.
        row(
            "POST",
            "/directory/merge",
            [Login, Login, Login, Login, Login, Login, S(409)],
        )
        .body(Form(&[("keep", "{pid}"), ("drop", "{taker}")])),
        row("POST", "/directory/merges/{mid}/undo", NOT_THERE).fill(&[("mid", "7")]),
        row("POST", "/tournaments/{id}/constraints", ORG_FORM).body(Form(&[
            ("kind", "apart"),
            ("player_a", "{pid}"),
            ("player_b", "{taker}"),
        ])),
        row("POST", "/tournaments/{id}/constraints/{cid}/delete", ORG_FORM),
        row("POST", "/tournaments/{id}/rooms", ORG_FORM).body(Form(&[("name", "Salle A"), ("tables", "3")])),
        row("POST", "/tournaments/{id}/rooms-numbering", ORG_FORM).body(Form(&[("numbering", "restart")])),
        // A room the world does not have: 404 to the organizer, the login
        // to anyone else.
        row("POST", "/tournaments/{id}/rooms/{room}", NOT_THERE)
            .fill(&[("room", "7")])
            .body(Form(&[("name", "Salle B"), ("tables", "3")])),
        row("POST", "/tournaments/{id}/rooms/{room}/delete", NOT_THERE).fill(&[("room", "7")]),
        row("POST", "/tournaments/{id}/rounds", ORG_FORM).body(Form(&[("expected", "3"), ("close_previous", "on")])),
        row("POST", "/tournaments/{id}/rounds/{n}/close", ORG_FORM).body(Form(&[("force", "on")])),
        // The round is not timed: the page again, with the sentence (409).
        row(
            "POST",
            "/tournaments/{id}/rounds/{n}/clock",
            [Login, Login, Login, Login, Login, Login, S(409)],
        )
        .body(Form(&[("add_minutes", "5")])),
        // Round 2's tables have deals: its start stays, its seats too (409).
        row(
            "POST",
            "/tournaments/{id}/rounds/{n}/undo",
            [Login, Login, Login, Login, Login, Login, S(409)],
        )
        .body(Form(&[("reason", "erreur de lancement")])),
        row(
            "POST",
            "/tournaments/{id}/rounds/{n}/seats",
            [Login, Login, Login, Login, Login, Login, S(409)],
        )
        .body(Form(&[("player", "{taker}"), ("with", "t2")])),
        row("POST", "/tournaments/{id}/rounds/{n}/tables/{t}/deals/{k}", ORG_FORM).body(DEAL_FORM),
        // The organizer's adjustments: a deal that is not voided cannot be
        // restored (409); no points given (422); no such award (404). Each
        // answered with the sheet and its sentence; nobody else gets there.
        row(
            "POST",
            "/tournaments/{id}/rounds/{n}/tables/{t}/void",
            [Login, Login, Login, Login, Login, Login, S(409)],
        )
        .body(Form(&[("deal", "{k}"), ("reason", "erreur"), ("action", "restore")])),
        row(
            "POST",
            "/tournaments/{id}/rounds/{n}/tables/{t}/awards",
            [Login, Login, Login, Login, Login, Login, S(422)],
        )
        .body(Form(&[("reason", "retard")])),
        row(
            "POST",
            "/tournaments/{id}/rounds/{n}/tables/{t}/awards/{a}/withdraw",
            [Login, Login, Login, Login, Login, Login, S(404)],
        )
        .fill(&[("a", "999999")])
        .body(Form(&[("reason", "erreur")])),
        // a table's pages
        row("GET", "/t/{token}", TABLE_READ),
        row("GET", "/t/{token}/deals/{k}", TABLE_FORM),
        row("GET", "/t/{token}/deals/{k}/preview", TABLE_PREVIEW)
            .fill(&[("?", "taker={taker}&contract=garde&oudlers=2&points=51&camp=attack")]),
        row("POST", "/t/{token}/deals/{k}", table_write(303)).body(DEAL_FORM),
        row("POST", "/t/{token}/deals/{k}/confirm", table_write(303))
            .fill(&[("k", "1")])
            .body(Form(&[("player", "{defender}")])),
        // the API
        row(
            "POST",
            "/api/score",
            [S(200), S(200), S(200), S(200), S(200), S(200), S(200)],
        )
        .body(Json(
            r#"{"players": 4, "taker": 0, "contract": "garde", "oudlers": 2, "points": 51}"#,
        )),
        row("GET", "/api/tournaments", org_api(200)),
        // clubs: anyone lists them; only the administrator makes one
        row("GET", "/api/clubs", PUBLIC),
        row("POST", "/api/clubs", org_api(403))
            .body(Json(r#"{"name": "Club intrus", "town": "Bron"}"#))
            .admin_alone(S(201)),
        // the administrator's clubs page: 403 to an organizer
        row("GET", "/clubs", [Login, Login, Login, Login, Login, Login, S(403)]).admin(S(200)),
        row("POST", "/clubs", [Login, Login, Login, Login, Login, Login, S(403)])
            .admin(S(303))
            .body(Form(&[("name", "Club de Bron"), ("town", "Bron")])),
        // the administrator renames a club (as it was: nothing changes),
        // makes an account an organizer of it (already one), takes one out
        // (none such: 404)
        row(
            "POST",
            "/clubs/{id}",
            [Login, Login, Login, Login, Login, Login, S(403)],
        )
        .fill(&[("id", "1")])
        .admin(S(303))
        .body(Form(&[("name", "Club"), ("town", "")])),
        row(
            "POST",
            "/clubs/{id}/organizers",
            [Login, Login, Login, Login, Login, Login, S(403)],
        )
        .fill(&[("id", "1")])
        .admin(S(303))
        .body(Form(&[("username", USER)])),
        row(
            "POST",
            "/clubs/{id}/organizers/{user}/delete",
            [Login, Login, Login, Login, Login, Login, S(403)],
        )
        .fill(&[("id", "1"), ("user", "999999")])
        .admin(S(404)),
        row(
            "POST",
            "/clubs/organizers",
            [Login, Login, Login, Login, Login, Login, S(403)],
        )
        .admin(S(303))
        .body(Form(&[
            ("club", "1"),
            ("username", "nouveau"),
            ("password", "mot-de-passe-neuf"),
        ])),
        row("POST", "/api/tournaments", org_api(201))
            .body(Json(r#"{"name": "Open API", "rounds": 3}"#))
            .admin_alone(S(422)),
        row("POST", "/api/tournaments/{id}/players", org_api(201)).body(Json(r#"{"name": "Anne Api", "club": "C"}"#)),
        row("POST", "/api/tournaments/{id}/players/{pid}/checkin", org_api(200)).body(Json(r#"{"present": true}"#)),
        row("POST", "/api/tournaments/{id}/checkin-all", org_api(200)),
        row("DELETE", "/api/tournaments/{id}/players/{pid}", org_api(200)),
        row("POST", "/api/tournaments/{id}/rounds", org_api(201)).body(Json(r#"{"close_previous": true}"#)),
        row("GET", "/api/tournaments/{id}/rounds/{n}", org_api(200)),
        row("POST", "/api/tournaments/{id}/rounds/{n}/close", org_api(200)).body(Json(r#"{"force": true}"#)),
        row("DELETE", "/api/tournaments/{id}/rounds/{n}", org_api(409)).body(Json(r#"{"reason": "erreur"}"#)),
        // Two players of table A: the same table (422); table A's player to
        // table B, which has a deal (409).
        row("POST", "/api/tournaments/{id}/rounds/{n}/swap", org_api(422))
            .body(Json(r#"{"player": {taker}, "with": {defender}}"#)),
        row("POST", "/api/tournaments/{id}/rounds/{n}/move", org_api(409))
            .body(Json(r#"{"player": {taker}, "table": 2}"#)),
        // The round is not timed: no end to move (409).
        row("POST", "/api/tournaments/{id}/rounds/{n}/clock", org_api(409)).body(Json(r#"{"add_minutes": 5}"#)),
        row("PUT", "/api/tables/{token}/deals/{k}", table_write(200)).body(Json(
            r#"{"taker": {taker}, "contract": "garde", "oudlers": 2, "points": 51}"#,
        )),
        row("GET", "/api/tournaments/{id}/standings", PUBLIC),
        row("GET", "/api/players/{pid}", PUBLIC),
        row("GET", "/players/{pid}", PUBLIC),
        // This world's tournament is not a team event: a team is refused (409).
        row("POST", "/api/tournaments/{id}/teams", org_api(409))
            .body(Json(r#"{"name": "Paire", "players": [{taker}, {defender}]}"#)),
        row("GET", "/api/tournaments/{id}/teams/standings", PUBLIC),
        row("GET", "/tournaments/{id}/teams", PUBLIC),
        row("GET", "/tournaments/{id}/teams.csv", PUBLIC),
        row("GET", "/tournaments/{id}/teams/print", ORG_PAGE),
        row("GET", "/tournaments/{id}/teams/edit", ORG_PAGE),
        // Not a team event: the form is refused with a sentence (409).
        row(
            "POST",
            "/tournaments/{id}/teams/edit",
            [Login, Login, Login, Login, Login, Login, S(409)],
        )
        .body(Form(&[("name", "Paire"), ("p1", "{taker}"), ("p2", "{defender}")])),
        row(
            "POST",
            "/tournaments/{id}/teams/{team}/delete",
            [Login, Login, Login, Login, Login, Login, S(404)],
        )
        .fill(&[("team", "7")]),
        // Two players of one tournament are two people (409); no merge 7 to undo.
        row("POST", "/api/players/{pid}/merge", org_api(409)).body(Json(r#"{"from": {taker}}"#)),
        row("POST", "/api/players/merges/{mid}/undo", org_api(404)).fill(&[("mid", "7")]),
        // This world's tournament deals freely: no duplicate deal to show to
        // anyone (tests/app/duplicate.rs has who reads a duplicate deal when).
        row("GET", "/api/tournaments/{id}/deals/{d}", [S(404); 7]).fill(&[("d", "1")]),
        row("GET", "/tournaments/{id}/deals", [S(404); 7]),
        row("GET", "/tournaments/{id}/travellers.csv", [S(404); 7]),
        row("GET", "/tournaments/{id}/deals/{d}", [S(404); 7]).fill(&[("d", "1")]),
        // An organizer's print view, of a duplicate round only (404 here).
        row(
            "GET",
            "/tournaments/{id}/rounds/{n}/diagrams",
            [Login, Login, Login, Login, Login, Login, S(404)],
        ),
        Row {
            stream: true,
            ..row("GET", "/api/tournaments/{id}/events", PUBLIC)
        },
        // seasons (the world's season holds the tournament)
        row("POST", "/api/seasons", org_api(201))
            .body(Json(
                r#"{"name": "Circuit", "starts": "2026-09-01", "ends": "2027-06-30", "rule": {"points": "total"}}"#,
            ))
            .admin_alone(S(422)),
        row("PUT", "/api/seasons/{id}/tournaments/{tid}", org_api(204)).fill(SEASON_TOURNAMENT),
        row("POST", "/api/seasons/{id}/import", org_api(201))
            .fill(SEASON)
            .body(Json(
                "date;tournament;player;club;licence;place;total;deals\n2026-10-06;Soir;Ana;C;;1;0;4",
            )),
        row("GET", "/api/seasons/{id}/standings", PUBLIC).fill(SEASON),
        Row {
            stream: true,
            ..row("GET", "/api/seasons/{id}/events", PUBLIC).fill(SEASON)
        },
        row("DELETE", "/api/seasons/{id}/tournaments/{tid}", org_api(204)).fill(SEASON_TOURNAMENT),
        row("GET", "/seasons", ORG_PAGE),
        row("POST", "/seasons", ORG_FORM)
            .body(Form(&[
                ("name", "Championnat"),
                ("starts", "2026-09-01"),
                ("ends", "2027-06-30"),
                ("preset", "places-best-10"),
            ]))
            .admin_alone(S(422)),
        row("POST", "/seasons/{id}/tournaments", ORG_FORM)
            .fill(SEASON_TOURNAMENT)
            .body(Form(&[("tournament", "{tid}")])),
        row("POST", "/seasons/{id}/import", ORG_FORM).fill(SEASON).body(Form(&[(
            "csv",
            "date;tournament;player;club;licence;place;total;deals\n2026-10-07;Soir;Ana;C;;1;0;4",
        )])),
        row("GET", "/seasons/{id}", PUBLIC).fill(SEASON),
        row("GET", "/seasons/{id}/standings.csv", PUBLIC).fill(SEASON),
        row("GET", "/seasons/{id}/projector", PUBLIC).fill(SEASON),
        row("GET", "/seasons/{id}/print", ORG_PAGE).fill(SEASON),
        // a circuit: the world's tournament and season shared with the
        // circuit club (sharing again changes nothing: 204, 303)
        row("GET", "/clubs/{id}", PUBLIC).fill(&[("id", "1")]),
        row("GET", "/tournaments/{id}/clubs", ORG_PAGE),
        row("POST", "/tournaments/{id}/clubs", ORG_FORM).body(Form(&[("club", "{circuit}")])),
        row("POST", "/tournaments/{id}/clubs/{club}/delete", ORG_FORM).fill(CIRCUIT_FILL),
        row("PUT", "/api/tournaments/{id}/clubs/{club}", org_api(204)).fill(CIRCUIT_FILL),
        row("DELETE", "/api/tournaments/{id}/clubs/{club}", org_api(204)).fill(CIRCUIT_FILL),
        row("GET", "/seasons/{id}/clubs", ORG_PAGE).fill(SEASON),
        row("POST", "/seasons/{id}/clubs", ORG_FORM)
            .fill(SEASON)
            .body(Form(&[("club", "{circuit}")])),
        row("POST", "/seasons/{id}/clubs/{club}/delete", ORG_FORM).fill(SEASON_CIRCUIT),
        row("PUT", "/api/seasons/{id}/clubs/{club}", org_api(204)).fill(SEASON_CIRCUIT),
        row("DELETE", "/api/seasons/{id}/clubs/{club}", org_api(204)).fill(SEASON_CIRCUIT),
        row("POST", "/seasons/{id}/tournaments/{tid}/detach", ORG_FORM).fill(SEASON_TOURNAMENT),
        // digital play: seats (the game of table A, four people)
        row("GET", "/static/seat.js", PUBLIC),
        row("POST", "/api/games", org_api(201)).body(Json(r#"{"players": 3, "bots": [1, 2]}"#)),
        row("GET", "/api/seats/{token}", SEAT_READ).fill(&[("token", "{seat}")]),
        row("POST", "/api/seats/{token}/actions", seat_act(200))
            .fill(&[("token", "{seat}")])
            .body(Json(r#"{"bid": "pass"}"#)),
        // A deal's log: the organizer's while it is played (409 to others).
        row(
            "GET",
            "/api/games/{id}/log",
            // A tournament table's log, like its replay: the organizer's
            // until the round is closed.
            [S(404), S(404), S(404), S(404), S(404), S(404), S(200)],
        )
        .fill(&[("id", "{game}")]),
        row("POST", "/api/games/{id}/seats/{seat}", org_api(204))
            .fill(&[("id", "{game}"), ("seat", "3")])
            .body(Json(r#"{"bot": "quick"}"#)),
        row("POST", "/api/games/{id}/pace", org_api(204))
            .fill(&[("id", "{game}")])
            .body(Json(r#"{"pace": "slow"}"#)),
        row(
            "POST",
            "/api/tournaments/{id}/rounds/{n}/tables/{t}/digital",
            org_api(201),
        ),
        row("GET", "/s/{token}", SEAT_READ).fill(&[("token", "{seat}")]),
        row("POST", "/s/{token}", seat_act(303))
            .fill(&[("token", "{seat}")])
            .body(Form(&[("bid", "pass")])),
        row(
            "POST",
            "/s/{token}/take-back",
            [S(404), S(404), S(404), S(303), S(404), S(404), S(303)],
        )
        .fill(&[("token", "{seat}")]),
        // Leaving the table to a bot (303: the game is between deals here).
        row(
            "POST",
            "/s/{token}/leave",
            [S(404), S(404), S(404), S(303), S(404), S(404), S(303)],
        )
        .fill(&[("token", "{seat}")]),
        row(
            "POST",
            "/s/{token}/pace",
            [S(404), S(404), S(404), S(303), S(404), S(404), S(303)],
        )
        .fill(&[("token", "{seat}")])
        .body(Form(&[("pace", "slow")])),
        Row {
            stream: true,
            ..row("GET", "/s/{token}/events", SEAT_READ).fill(&[("token", "{seat}")])
        },
        // A tournament table's replay: public once its round is closed.
        row(
            "GET",
            "/games/{id}/replay",
            [S(404), S(404), S(404), S(404), S(404), S(404), S(200)],
        )
        .fill(&[("id", "{game}")]),
        row("GET", "/games", ORG_PAGE),
        row("POST", "/games", ORG_FORM).body(Form(&[
            ("players", "4"),
            ("deals", "1"),
            ("who0", "human"),
            ("who1", "quick"),
            ("who2", "quick"),
            ("who3", "quick"),
        ])),
        row("GET", "/games/{id}", ORG_PAGE).fill(&[("id", "{game}")]),
        row("POST", "/games/{id}/seats/{seat}", ORG_FORM)
            .fill(&[("id", "{game}"), ("seat", "3")])
            .body(Form(&[("bot", "quick")])),
        row("POST", "/tournaments/{id}/rounds/{n}/tables/{t}/digital", ORG_FORM),
        row("POST", "/tournaments/{id}/rounds/{n}/digital", ORG_FORM),
    ]
}

// ------------------------------------------------------------ the world

/// What the requests of one row run against: a tournament of 12 players
/// (confirmations on), round 1 closed, round 2 open with tables A, B and C,
/// deal 1 entered at every table, then table C on the devices (from deal
/// 2: a slot is typed or played, never both); a seating constraint; the
/// organizer's credentials, live and dead.
struct World {
    id: TournamentId,
    pid: PlayerId,
    cid: i32,
    a: Table,
    b: Table,
    closed: Table,
    /// Every table link of the tournament.
    tokens: Vec<String>,
    session: String,
    expired_session: String,
    api: String,
    revoked_api: String,
    csrf: String,
    /// Table C's game (digital play) and its seats' links; seat 2 is to act.
    game: GameId,
    seats: Vec<String>,
    /// A season holding the tournament.
    season: SeasonId,
    /// The credentials of an organizer of another club, and of the administrator.
    other_club_session: String,
    other_club_api: String,
    /// The circuit club (the world's tournament and season shared with it),
    /// and its organizer's credentials.
    circuit: i32,
    circuit_session: String,
    circuit_api: String,
    admin_session: String,
    admin_api: String,
}

/// A session of the organizer made in the database; `expired`: its expiry
/// then set in the past.
fn session(conn: &mut Tx<'_>, expired: bool) -> String {
    session_of(conn, USER, expired)
}

/// A session of `name` made in the database (see [`session`]).
fn session_of(conn: &mut Tx<'_>, name: &str, expired: bool) -> String {
    let user = User::find_by_username(conn, name).unwrap().unwrap();
    let token = new_token("");
    let t = now();
    Session::create(conn, &token_hash(&token), user.id, t, t + Duration::hours(24)).unwrap();
    if expired {
        expire(conn, &token);
    }
    token
}

/// Sets a session's expiry in the past.
fn expire(conn: &mut AnyConnection, token: &str) {
    let n = diesel::update(sessions::table.filter(sessions::token_hash.eq(token_hash(token))))
        .set(sessions::expires_at.eq(now() - Duration::seconds(1)))
        .execute(conn)
        .unwrap();
    assert_eq!(n, 1);
}

/// The administrator of the other club's organizer.
const ADMIN: &str = "gerant";
/// The organizer of another club.
const OTHER_CLUB: &str = "voisin";
/// The organizer of a circuit club.
const CIRCUIT: &str = "circuit";
/// The circuit club's name.
const CIRCUIT_CLUB: &str = "Club du circuit";

/// The accounts, once per database: the administrator first (of no club),
/// the organizer (of the default club, which owns the worlds), another
/// club and its organizer.
fn organizer(db: &TestDb) {
    chelem::db::write(&mut db.conn(), |tx| {
        accounts::create_member(tx, ADMIN, PASSWORD, &[], true)?;
        accounts::create_user(tx, USER, PASSWORD)?;
        let club = chelem::db::ops::clubs::create(tx, "Club voisin", "Villeurbanne").unwrap();
        accounts::create_member(tx, OTHER_CLUB, PASSWORD, &[club], false)?;
        let circuit = chelem::db::ops::clubs::create(tx, CIRCUIT_CLUB, "Bron").unwrap();
        accounts::create_member(tx, CIRCUIT, PASSWORD, &[circuit], false)
    })
    .unwrap();
}

impl World {
    fn new(db: &TestDb) -> World {
        // One transaction: one commit (a SQLite sync) for the whole world.
        chelem::db::write(&mut db.conn(), |conn| Ok::<_, diesel::result::Error>(World::make(conn))).unwrap()
    }

    fn make(conn: &mut Tx<'_>) -> World {
        let garde = |table: &Table| json!({"taker": table.players[0], "contract": "garde", "oudlers": 2, "points": 50});
        let mut t = TournamentBuilder::new("Open des droits")
            .rounds(3)
            .seed(5)
            .confirm_deals()
            .players(12)
            .seated(1)
            .deals(move |table, k| (k == 1).then(|| garde(table)))
            .build(conn);
        let one = t.rounds[0].clone();
        let two = t.seat_next(conn);
        for table in &two {
            table.enter(conn, 1, &garde(table), &Actor::Table, "");
        }
        // Table C plays on the devices from deal 2, its first empty slot.
        let game = chelem::db::write(conn, |tx| games::make_digital(tx, &two[2], USER)).unwrap();
        let seats: Vec<String> = GameSeat::of_game(conn, game)
            .unwrap()
            .into_iter()
            .map(|s| s.token.unwrap())
            .collect();
        assert_eq!(games::GameState::load(conn, game).unwrap().to_act(), Some(2));
        let ids = &t.players;
        SeatingConstraint::create(conn, t.id, Constraint::Apart(ids[0], ids[1])).unwrap();
        let cid = SeatingConstraint::for_tournament(conn, t.id).unwrap()[0].id;
        let api = accounts::create_api_token(conn, USER, "matrix").unwrap();
        let revoked_api = accounts::create_api_token(conn, USER, "revoked").unwrap();
        assert_eq!(accounts::revoke_api_tokens(conn, USER, Some("revoked")).unwrap(), 1);
        let a = two[0].clone();
        let rule = json!({"points": "places", "best_of": 10});
        let new = seasons::new_season("Challenge des droits", "2026-01-01", "2027-12-31", &rule).unwrap();
        let season = seasons::create(conn, &new, &[t.id], USER, None).unwrap();
        let circuit = chelem::db::ops::clubs::list(conn)
            .unwrap()
            .into_iter()
            .find(|c| c.name == CIRCUIT_CLUB)
            .unwrap()
            .id;
        for what in [Shared::Tournament(t.id), Shared::Season(season.get())] {
            assert!(shares::share(conn, what, circuit, USER).unwrap());
        }
        World {
            season,
            id: t.id,
            pid: a.players[1],
            cid,
            b: two[1].clone(),
            closed: one[0].clone(),
            tokens: one.iter().chain(&two).map(|t| t.token.clone()).collect(),
            a,
            session: session(conn, false),
            expired_session: session(conn, true),
            api,
            revoked_api,
            csrf: new_token(""),
            game,
            seats,
            other_club_session: session_of(conn, OTHER_CLUB, false),
            other_club_api: accounts::create_api_token(conn, OTHER_CLUB, "matrix").unwrap(),
            circuit,
            circuit_session: session_of(conn, CIRCUIT, false),
            circuit_api: accounts::create_api_token(conn, CIRCUIT, "matrix").unwrap(),
            admin_session: session_of(conn, ADMIN, false),
            admin_api: accounts::create_api_token(conn, ADMIN, "matrix").unwrap(),
        }
    }

    /// The table link a role holds (a guessed one for those with none).
    fn link(&self, role: Role) -> Option<&Table> {
        match role {
            Role::OtherTable => Some(&self.b),
            Role::ClosedTable => Some(&self.closed),
            Role::Organizer => Some(&self.a),
            _ => None,
        }
    }

    /// `text` with its placeholders filled for `role`.
    fn fill(&self, role: Role, text: &str, extra: &[(&str, &str)]) -> String {
        // A guessed link: well formed, no table's.
        static GUESS: OnceLock<String> = OnceLock::new();
        let guess = GUESS.get_or_init(|| new_token(""));
        let token = self.link(role).map_or(guess.as_str(), |t| t.token.as_str());
        // A seat's link: the one to act for the organizer, another for the
        // other seat, else the table link or guess (no seat's).
        let seat = match role {
            Role::Organizer => self.seats[2].as_str(),
            Role::OtherSeat => self.seats[1].as_str(),
            _ => token,
        };
        // The players named: those of the role's table, but table A's for
        // the other table (not its own: refused).
        let named = match role {
            Role::OtherTable => &self.a,
            _ => self.link(role).unwrap_or(&self.a),
        };
        let mut out = text.to_owned();
        for (k, v) in extra {
            out = out.replace(&format!("{{{k}}}"), v);
        }
        for (k, v) in [
            ("id", self.id.to_string()),
            ("n", "2".to_owned()),
            ("t", self.a.number.to_string()),
            ("k", "2".to_owned()),
            ("pid", self.pid.to_string()),
            ("cid", self.cid.to_string()),
            ("token", token.to_owned()),
            ("seat", seat.to_owned()),
            ("game", self.game.to_string()),
            ("season", self.season.to_string()),
            ("circuit", self.circuit.to_string()),
            ("taker", named.players[0].to_string()),
            ("defender", named.players[1].to_string()),
        ] {
            out = out.replace(&format!("{{{k}}}"), &v);
        }
        out
    }

    /// The cookie header a role sends.
    fn cookies(&self, role: Role, with_csrf: bool) -> String {
        let csrf = if with_csrf {
            format!("chelem_csrf={}", self.csrf)
        } else {
            "chelem_other=1".to_owned()
        };
        match role {
            Role::Organizer => format!("{csrf}; chelem_session={}", self.session),
            Role::OtherClub => format!("{csrf}; chelem_session={}", self.other_club_session),
            Role::CircuitClub => format!("{csrf}; chelem_session={}", self.circuit_session),
            Role::Admin => format!("{csrf}; chelem_session={}", self.admin_session),
            Role::ExpiredSession => format!("{csrf}; chelem_session={}", self.expired_session),
            Role::OtherTable | Role::ClosedTable => {
                format!("{csrf}; chelem_session={}", self.link(role).unwrap().token)
            }
            Role::OtherSeat => format!("{csrf}; chelem_session={}", self.seats[1]),
            _ => csrf,
        }
    }

    /// The bearer token a role sends, if any.
    fn bearer(&self, role: Role) -> Option<String> {
        match role {
            Role::Organizer => Some(self.api.clone()),
            Role::OtherClub => Some(self.other_club_api.clone()),
            Role::CircuitClub => Some(self.circuit_api.clone()),
            Role::Admin => Some(self.admin_api.clone()),
            Role::RevokedToken => Some(self.revoked_api.clone()),
            Role::OtherTable | Role::ClosedTable => Some(self.link(role).unwrap().token.clone()),
            Role::OtherSeat => Some(self.seats[1].clone()),
            _ => None,
        }
    }

    /// Whether the organizer's session is still there (a logout ends it).
    fn logged_in(&self, db: &TestDb) -> bool {
        [
            &self.session,
            &self.other_club_session,
            &self.circuit_session,
            &self.admin_session,
        ]
        .into_iter()
        .all(|session| {
            let n: i64 = sessions::table
                .filter(sessions::token_hash.eq(token_hash(session)))
                .count()
                .get_result(&mut *db.conn())
                .unwrap();
            n == 1
        })
    }

    /// What a refused request must leave as it was.
    fn state(&self, db: &TestDb) -> (export::Document, Vec<i64>) {
        let conn: &mut AnyConnection = &mut db.conn();
        let doc = export::export(conn, self.id).unwrap();
        let counts = vec![
            tournaments_t::table.count().get_result(conn).unwrap(),
            players_t::table.count().get_result(conn).unwrap(),
            users::table.count().get_result(conn).unwrap(),
            api_tokens::table.count().get_result(conn).unwrap(),
            tournament_shares::table.count().get_result(conn).unwrap(),
            season_shares::table.count().get_result(conn).unwrap(),
        ];
        (doc, counts)
    }
}

// ------------------------------------------------------------ requests

/// A request as sent, and its answer.
struct Exchange {
    role: Role,
    method: &'static str,
    uri: String,
    status: StatusCode,
    location: String,
    body: String,
    /// Values of the cookies the answer set.
    cookies: Vec<String>,
}

/// How a form's CSRF field is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Csrf {
    Right,
    Missing,
    Wrong,
    Prefix,
    Longer,
    /// The right token in the form, no CSRF cookie.
    NoCookie,
}

fn csrf_value(world: &World, how: Csrf) -> Option<String> {
    match how {
        Csrf::Right | Csrf::NoCookie => Some(world.csrf.clone()),
        Csrf::Missing => None,
        Csrf::Wrong => Some(new_token("")),
        Csrf::Prefix => Some(world.csrf[..world.csrf.len() / 2].to_owned()),
        Csrf::Longer => Some(format!("{}0", world.csrf)),
    }
}

/// Builds the request of `row` for `role`.
fn request(world: &World, row: &Row, role: Role, csrf: Csrf, headers: &[(&str, &str)]) -> (String, test::TestRequest) {
    let mut uri = world.fill(role, row.pattern, row.fill);
    if let Some((_, q)) = row.fill.iter().find(|(k, _)| *k == "?") {
        uri = format!("{uri}?{}", world.fill(role, q, row.fill));
    }
    let mut req = test::TestRequest::default()
        .method(Method::from_bytes(row.method.as_bytes()).unwrap())
        .uri(&uri)
        .insert_header((header::COOKIE, world.cookies(role, csrf != Csrf::NoCookie)));
    if let Some(b) = world.bearer(role) {
        req = req.insert_header((header::AUTHORIZATION, format!("Bearer {b}")));
    }
    for (k, v) in headers {
        req = req.insert_header((*k, *v));
    }
    let token = csrf_value(world, csrf);
    match row.body {
        Body::None if row.method == "GET" || row.method == "HEAD" => {}
        Body::None | Body::Form(_) => {
            let fields: &[(&str, &str)] = match row.body {
                Body::Form(f) => f,
                _ => &[],
            };
            let mut form: Vec<(String, String)> = token.into_iter().map(|t| ("csrf".to_owned(), t)).collect();
            form.extend(
                fields
                    .iter()
                    .map(|(k, v)| (k.to_string(), world.fill(role, v, row.fill))),
            );
            req = req.set_form(&form);
        }
        Body::Json(text) => {
            req = req
                .insert_header((header::CONTENT_TYPE, "application/json"))
                .set_payload(world.fill(role, text, row.fill));
        }
        Body::Multipart(fields) => {
            let boundary = "----chelemauthzboundary";
            let mut body = String::new();
            for (k, v) in token
                .iter()
                .map(|t| ("csrf", t.clone()))
                .chain(fields.iter().map(|(k, v)| (*k, world.fill(role, v, row.fill))))
            {
                body.push_str(&format!(
                    "--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n"
                ));
            }
            body.push_str(&format!("--{boundary}--\r\n"));
            req = req
                .insert_header((
                    header::CONTENT_TYPE,
                    format!("multipart/form-data; boundary={boundary}"),
                ))
                .set_payload(body);
        }
    }
    (uri, req)
}

async fn send<S, B>(app: &S, world: &World, row: &Row, role: Role, csrf: Csrf, headers: &[(&str, &str)]) -> Exchange
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let (uri, req) = request(world, row, role, csrf, headers);
    let resp = test::call_service(app, req.to_request()).await;
    let status = resp.status();
    let location = resp
        .headers()
        .get(header::LOCATION)
        .map(|h| h.to_str().unwrap().to_owned())
        .unwrap_or_default();
    let cookies = resp.response().cookies().map(|c| c.value().to_owned()).collect();
    let body = if row.stream {
        String::new()
    } else {
        String::from_utf8_lossy(&test::read_body(resp).await).into_owned()
    };
    Exchange {
        role,
        method: row.method,
        uri,
        status,
        location,
        body,
        cookies,
    }
}

/// Whether an answer is what was wanted.
fn matches_want(ex: &Exchange, want: Want) -> bool {
    match want {
        S(s) => ex.status.as_u16() == s,
        Login => ex.status == StatusCode::SEE_OTHER && ex.location.starts_with("/login?next="),
        NA => unreachable!(),
    }
}

/// What the administrator's write gets, asked on a world of its own (the
/// rows whose administrator's want is written are asked in the matrix's
/// pass): what the organizer gets, the administrator acting for every club;
/// with a link in the path (they hold none), what anyone gets.
fn admin_write_want(row: &Row) -> Option<Want> {
    let [anon, .., org] = row.want;
    if row.method == "GET" || row.admin.is_some() {
        None
    } else if row.admin_alone.is_some() {
        row.admin_alone
    } else if row.pattern.contains("{token}") {
        Some(anon)
    } else {
        Some(org)
    }
}

/// Whether a status refuses.
fn refused(want: Want) -> bool {
    match want {
        Login => true,
        S(s) => s >= 400,
        NA => false,
    }
}

/// Every row by every role (the organizer last: its call changes things),
/// on a world made anew after a row that changed it; checks each status and
/// that a refusal stored nothing. Every exchange and world, for the secrets
/// test.
async fn run_matrix(db: &TestDb) -> (Vec<Exchange>, Vec<World>) {
    server_log();
    organizer(db);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let mut exchanges = Vec::new();
    let mut worlds = Vec::new();
    let mut wrong = Vec::new();
    let mut world = World::new(db);
    for row in rows() {
        // A fresh world when the last row's organizer changed it (or logged out).
        let before_row = world.state(db);
        for (role, want) in wants(&row) {
            if want == NA {
                continue;
            }
            let before = world.state(db);
            let ex = send(&app, &world, &row, role, Csrf::Right, &[]).await;
            let ok = matches_want(&ex, want);
            if !ok {
                wrong.push(format!(
                    "{} {} as {:?}: want {:?}, got {} {} {}",
                    row.method,
                    row.pattern,
                    role,
                    want,
                    ex.status,
                    ex.location,
                    ex.body.chars().take(300).collect::<String>()
                ));
            } else if refused(want) && world.state(db) != before {
                wrong.push(format!(
                    "{} {} as {role:?}: refused, but stored something",
                    row.method, row.pattern
                ));
            }
            exchanges.push(ex);
        }
        if world.state(db) != before_row || !world.logged_in(db) {
            worlds.push(std::mem::replace(&mut world, World::new(db)));
        }
        // The administrator's write, after the organizer's, on a world as
        // the row found it (the same one when the organizer's call changed
        // nothing, else the new one: before, it would change what the
        // organizer's call meets).
        if let Some(want) = admin_write_want(&row) {
            let base = world.state(db);
            let ex = send(&app, &world, &row, Role::Admin, Csrf::Right, &[]).await;
            if !matches_want(&ex, want) {
                wrong.push(format!(
                    "{} {} as Admin (its own world): want {want:?}, got {} {} {}",
                    row.method,
                    row.pattern,
                    ex.status,
                    ex.location,
                    ex.body.chars().take(300).collect::<String>()
                ));
            }
            exchanges.push(ex);
            if world.state(db) != base || !world.logged_in(db) {
                worlds.push(std::mem::replace(&mut world, World::new(db)));
            }
        }
    }
    worlds.push(world);
    assert!(wrong.is_empty(), "{} wrong answers:\n{}", wrong.len(), wrong.join("\n"));
    (exchanges, worlds)
}

// ------------------------------------------------------------ the tests

crate::test_case!(every_route_has_a_row);
fn every_route_has_a_row() {
    let table: BTreeSet<(String, String)> = rows()
        .iter()
        .map(|r| (r.method.to_owned(), r.pattern.to_owned()))
        .collect();
    let registered: BTreeSet<(String, String)> = routes::all()
        .into_iter()
        .map(|Route { method, pattern }| (method, pattern))
        .collect();
    let missing: Vec<_> = registered.difference(&table).collect();
    assert!(
        missing.is_empty(),
        "routes without a row in tests/app/authz.rs (add one per route to rows()): {missing:?}"
    );
    let stale: Vec<_> = table.difference(&registered).collect();
    assert!(stale.is_empty(), "rows for routes that do not exist: {stale:?}");
    assert_eq!(table.len(), rows().len(), "one row per route");
    // The table itself: a revoked token and an expired session are no one.
    for r in rows() {
        assert_eq!(
            r.want[4], r.want[0],
            "{} {}: a revoked token is anonymous",
            r.method, r.pattern
        );
        assert_eq!(
            r.want[5], r.want[0],
            "{} {}: an expired session is anonymous",
            r.method, r.pattern
        );
    }
}

// ------------------------------------------------------------ secrets

/// What the server logs in this test binary: the subscriber of `chelem
/// serve` (its format, every request's span), at debug level, into memory.
#[derive(Clone, Default)]
struct LogBuf(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for LogBuf {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn server_log() -> &'static LogBuf {
    static LOG: OnceLock<LogBuf> = OnceLock::new();
    LOG.get_or_init(|| {
        let buf = LogBuf::default();
        let writer = buf.clone();
        let filter = tracing_subscriber::EnvFilter::new("debug");
        tracing::subscriber::set_global_default(chelem::web::access_log::subscriber(
            filter,
            move || writer.clone(),
            false,
        ))
        .unwrap();
        buf
    })
}

/// No answer and no log line holds a password, its hash, a session or API
/// token (or their hashes); a table's link shows only to the organizer and
/// to that table; the log holds no link at all.
fn scan_for_secrets(db: &TestDb, exchanges: &[Exchange], worlds: &[World]) {
    let hashes: Vec<String> = users::table.select(users::password_hash).load(&mut *db.conn()).unwrap();
    assert!(hashes.iter().all(|h| h.starts_with("$argon2")));
    let mut never: Vec<String> = vec![PASSWORD.to_owned(), "$argon2".to_owned()];
    never.extend(hashes);
    for w in worlds {
        for t in [
            &w.session,
            &w.expired_session,
            &w.api,
            &w.revoked_api,
            &w.other_club_session,
            &w.other_club_api,
            &w.circuit_session,
            &w.circuit_api,
            &w.admin_session,
            &w.admin_api,
        ] {
            never.push(t.clone());
            never.push(token_hash(t));
        }
        never.extend(w.tokens.iter().map(|t| token_hash(t)));
    }
    // Sessions the logins of the run made (their cookies).
    let made: BTreeSet<String> = exchanges
        .iter()
        .filter(|e| e.uri == "/login")
        .flat_map(|e| e.cookies.iter().cloned())
        .filter(|c| c.len() == 64)
        .collect();
    let links: Vec<&String> = worlds.iter().flat_map(|w| &w.tokens).collect();
    let mut leaks = Vec::new();
    for e in exchanges {
        let text = format!("{}\n{}", e.location, e.body);
        for s in never.iter().chain(&made) {
            if text.contains(s.as_str()) {
                leaks.push(format!("{} {} as {:?} shows {s}", e.method, e.uri, e.role));
            }
        }
        // A table sees its own link; the organizer every link, and so does
        // a circuit club's organizer (it runs the tables' entry: hands out
        // their links and QR codes).
        let own = worlds
            .iter()
            .flat_map(|w| w.link(e.role))
            .map(|t| t.token.clone())
            .filter(|t| e.uri.contains(t.as_str()))
            .collect::<Vec<_>>();
        if !matches!(e.role, Role::Organizer | Role::Admin | Role::CircuitClub) {
            for l in &links {
                if text.contains(l.as_str()) && !own.contains(l) {
                    leaks.push(format!("{} {} as {:?} shows the link {l}", e.method, e.uri, e.role));
                }
            }
        }
    }
    let log = String::from_utf8_lossy(&server_log().0.lock().unwrap()).into_owned();
    assert!(log.contains("HTTP request"), "the log has the requests' spans");
    // A table's deal entry says which tournament, round, table and deal,
    // though its link names none of them.
    let entry = log
        .lines()
        .find(|l| l.contains("http.route=/api/tables/{token}/deals/{k}") && l.contains("round="))
        .unwrap_or_else(|| panic!("no deal entry in the log with its ids"));
    for field in ["tournament=", "round=", "table=", "deal="] {
        assert!(entry.contains(field), "{field} missing: {entry}");
    }
    for w in worlds {
        for s in never.iter().chain(&made).chain(&w.tokens).chain([&w.csrf]) {
            if log.contains(s.as_str()) {
                let line = log.lines().find(|l| l.contains(s.as_str())).unwrap();
                leaks.push(format!("the log shows {s}: {line}"));
            }
        }
    }
    leaks.sort();
    leaks.dedup();
    assert!(leaks.is_empty(), "{} leaks:\n{}", leaks.len(), leaks.join("\n"));
}

// The matrix and the secrets scan share one run (about 400 requests a
// database): the scan reads every answer of the matrix and the log it made.
both_backends!(
    every_route_by_every_role_as_the_table_says_with_no_secret_shown_or_logged,
    |db: TestDb| async move {
        let (exchanges, worlds) = run_matrix(&db).await;
        assert!(exchanges.len() > 6 * 60, "{}", exchanges.len());
        scan_for_secrets(&db, &exchanges, &worlds);
    }
);

// Every GET route answers HEAD as it answers GET, for every role that may
// ask: the same status, type and redirection, and no body.
both_backends!(every_get_route_answers_head_without_a_body, |db: TestDb| async move {
    organizer(&db);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let world = World::new(&db);
    let mut wrong = Vec::new();
    let mut checked = 0;
    for row in rows().into_iter().filter(|r| r.method == "GET") {
        let head_row = Row { method: "HEAD", ..row };
        for (role, want) in ROLES.iter().zip(row.want) {
            if want == NA {
                continue;
            }
            let (uri, get) = request(&world, &row, *role, Csrf::Right, &[]);
            let (_, head) = request(&world, &head_row, *role, Csrf::Right, &[]);
            let get = test::call_service(&app, get.to_request()).await;
            let head = test::call_service(&app, head.to_request()).await;
            let of = |r: &ServiceResponse<_>, h: header::HeaderName| {
                r.headers().get(h).map(|v| v.to_str().unwrap_or("?").to_owned())
            };
            let (get_type, head_type) = (of(&get, header::CONTENT_TYPE), of(&head, header::CONTENT_TYPE));
            let (get_to, head_to) = (of(&get, header::LOCATION), of(&head, header::LOCATION));
            let status = (get.status(), head.status());
            let body = test::read_body(head).await;
            checked += 1;
            if status.0 != status.1 || get_type != head_type || get_to != head_to || !body.is_empty() {
                wrong.push(format!(
                    "{uri} as {role:?}: GET {} {get_type:?} {get_to:?}, HEAD {} {head_type:?} {head_to:?} with {} bytes",
                    status.0,
                    status.1,
                    body.len()
                ));
            }
        }
    }
    assert!(checked > 100, "{checked}");
    assert!(wrong.is_empty(), "{} wrong:\n{}", wrong.len(), wrong.join("\n"));
});

// ------------------------------------------------------------ CSRF

/// The rows of every form (state-changing routes outside the API).
fn forms() -> Vec<Row> {
    rows()
        .into_iter()
        .filter(|r| r.method != "GET" && !r.pattern.starts_with("/api/"))
        .collect()
}

both_backends!(every_form_needs_its_csrf_token_whole, |db: TestDb| async move {
    organizer(&db);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let world = World::new(&db);
    let forms = forms();
    assert!(forms.len() >= 15, "{}", forms.len());
    let mut wrong = Vec::new();
    for row in &forms {
        for how in [Csrf::Missing, Csrf::Wrong, Csrf::Prefix, Csrf::Longer, Csrf::NoCookie] {
            let before = world.state(&db);
            let ex = send(&app, &world, row, Role::Organizer, how, &[]).await;
            if ex.status != StatusCode::FORBIDDEN {
                wrong.push(format!("{} {} with {how:?}: {}", row.method, row.pattern, ex.status));
            } else if world.state(&db) != before || !world.logged_in(&db) {
                wrong.push(format!(
                    "{} {} with {how:?}: refused, but stored something",
                    row.method, row.pattern
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
});

both_backends!(no_change_is_taken_from_another_site, |db: TestDb| async move {
    organizer(&db);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let world = World::new(&db);
    let changes: Vec<Row> = rows().into_iter().filter(|r| r.method != "GET").collect();
    let mut wrong = Vec::new();
    for row in &changes {
        for headers in [
            &[("sec-fetch-site", "cross-site")][..],
            &[("sec-fetch-site", "same-site")][..],
            &[("origin", "http://evil.example")][..],
            &[("origin", "null")][..],
        ] {
            let before = world.state(&db);
            let ex = send(&app, &world, row, Role::Organizer, Csrf::Right, headers).await;
            if ex.status != StatusCode::FORBIDDEN {
                wrong.push(format!(
                    "{} {} with {headers:?}: {}",
                    row.method, row.pattern, ex.status
                ));
            } else if world.state(&db) != before || !world.logged_in(&db) {
                wrong.push(format!(
                    "{} {} with {headers:?}: stored something",
                    row.method, row.pattern
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // From this site (a browser's headers), the same requests go through.
    for (pattern, status) in [
        ("/lang", 303),
        ("/api/tables/{token}/deals/{k}", 200),
        ("/tournaments/{id}/rounds/{n}/close", 303),
    ] {
        let row = changes.iter().find(|r| r.pattern == pattern).unwrap();
        let headers = [("sec-fetch-site", "same-origin"), ("origin", "http://localhost:8080")];
        let ex = send(&app, &world, row, Role::Organizer, Csrf::Right, &headers).await;
        assert_eq!(ex.status.as_u16(), status, "{pattern}: {}", ex.body);
        let ex = send(&app, &world, row, Role::Organizer, Csrf::Right, &headers[1..]).await;
        assert_ne!(
            ex.status,
            StatusCode::FORBIDDEN,
            "{pattern} with only Origin: {}",
            ex.body
        );
    }
});

// ------------------------------------------------------------ sessions

/// (status, Location) of a GET with these cookies.
async fn get_with<S, B>(app: &S, uri: &str, cookies: &str) -> (StatusCode, String)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let req = test::TestRequest::get()
        .uri(uri)
        .insert_header((header::COOKIE, cookies.to_owned()))
        .to_request();
    let resp = test::call_service(app, req).await;
    let location = resp
        .headers()
        .get(header::LOCATION)
        .map(|h| h.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (resp.status(), location)
}

both_backends!(
    login_gives_a_new_session_and_ends_the_one_before,
    |db: TestDb| async move {
        organizer(&db);
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let mut jar = common::Jar::default();
        // A session id planted before login (fixation) is not the one given.
        jar.0.insert("chelem_session".into(), new_token(""));
        let planted = jar.get("chelem_session").unwrap().to_owned();
        let resp = common::http::login_as(&app, &mut jar, USER, PASSWORD).await;
        assert_eq!(resp.status(), StatusCode::SEE_OTHER);
        let first = jar.get("chelem_session").unwrap().to_owned();
        let first_csrf = jar.get("chelem_csrf").unwrap().to_owned();
        assert_ne!(first, planted);
        let (status, _) = get_with(&app, "/tournaments", &jar.header()).await;
        assert_eq!(status, StatusCode::OK);

        // Logging in again from the same browser: a new session id and CSRF
        // token; the old session no longer authenticates.
        let resp = common::http::login_as(&app, &mut jar, USER, PASSWORD).await;
        assert_eq!(resp.status(), StatusCode::SEE_OTHER);
        let second = jar.get("chelem_session").unwrap().to_owned();
        assert_ne!(second, first);
        assert_ne!(jar.get("chelem_csrf").unwrap(), first_csrf);
        let (status, _) = get_with(&app, "/tournaments", &jar.header()).await;
        assert_eq!(status, StatusCode::OK);
        let (status, location) = get_with(&app, "/tournaments", &format!("chelem_session={first}")).await;
        assert_eq!(status, StatusCode::SEE_OTHER, "the old session still authenticates");
        assert_eq!(location, "/login?next=%2Ftournaments");
    }
);

both_backends!(an_expired_session_is_no_one, |db: TestDb| async move {
    organizer(&db);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let mut jar = common::Jar::default();
    common::http::login(&app, &mut jar).await;
    let (status, _) = get_with(&app, "/tournaments", &jar.header()).await;
    assert_eq!(status, StatusCode::OK);
    expire(&mut db.conn(), jar.get("chelem_session").unwrap());
    let (status, location) = get_with(&app, "/tournaments", &jar.header()).await;
    assert_eq!(
        (status, location.as_str()),
        (StatusCode::SEE_OTHER, "/login?next=%2Ftournaments")
    );
    let req = test::TestRequest::get()
        .uri("/api/tournaments")
        .insert_header((header::COOKIE, jar.header()))
        .to_request();
    assert_eq!(test::call_service(&app, req).await.status(), StatusCode::UNAUTHORIZED);
    let count = || -> i64 { tournaments_t::table.count().get_result(&mut *db.conn()).unwrap() };
    let (status, _, location) =
        common::http::post(&app, &mut jar, "/tournaments", &[("name", "Open"), ("rounds", "3")]).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert!(location.unwrap().starts_with("/login?next="));
    assert_eq!(count(), 0, "nothing stored");
});

both_backends!(
    a_login_keeps_its_address_failures_and_clears_what_has_expired,
    |db: TestDb| async move {
        organizer(&db);
        // The test requests have no peer address: the server names it "unknown".
        let here = "unknown";
        let t = now();
        chelem::db::write(&mut db.conn(), |conn| {
            session(conn, true);
            session(conn, false);
            for _ in 0..2 {
                LoginAttempt::record(conn, USER, here, false, t - Duration::minutes(1))?;
            }
            // Another address's failure on the account stays: its throttling is its own.
            LoginAttempt::record(conn, USER, "192.0.2.7", false, t - Duration::minutes(1))?;
            // Attempts older than a day go.
            LoginAttempt::record(conn, "someone", "192.0.2.8", false, t - Duration::hours(25))?;
            Ok::<_, diesel::result::Error>(())
        })
        .unwrap();
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let mut jar = common::Jar::default();
        let resp = common::http::login_as(&app, &mut jar, USER, PASSWORD).await;
        assert_eq!(resp.status(), StatusCode::SEE_OTHER);

        let conn = &mut *db.conn();
        let expired: i64 = sessions::table
            .filter(sessions::expires_at.le(now()))
            .count()
            .get_result(conn)
            .unwrap();
        assert_eq!(expired, 0, "expired sessions are deleted at login");
        let live: i64 = sessions::table.count().get_result(conn).unwrap();
        assert_eq!(live, 2, "the live session made before, and the new one");
        let attempts: Vec<(String, String)> = login_attempts::table
            .select((login_attempts::username, login_attempts::address))
            .load(conn)
            .unwrap();
        // A success forgets only its own browser's failures (its lane's):
        // those of its address may be a guesser's on the same network.
        assert_eq!(
            attempts,
            vec![
                (USER.to_owned(), here.to_owned()),
                (USER.to_owned(), here.to_owned()),
                (USER.to_owned(), "192.0.2.7".to_owned())
            ],
            "the address's failures kept, the day-old attempt purged, the other address's kept"
        );
    }
);

both_backends!(an_api_token_alone_is_the_organizer, |db: TestDb| async move {
    // The matrix's organizer sends a session and a token at once: here the
    // token alone, which must be enough (and is marked used).
    let token = common::http::api_token(&db);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let (status, _) = common::http::call(&app, Method::GET, "/api/tournaments", Some(&token), None).await;
    assert_eq!(status, StatusCode::OK);
    let used: Option<chrono::NaiveDateTime> = api_tokens::table
        .select(api_tokens::last_used_at)
        .first(&mut *db.conn())
        .unwrap();
    assert!(used.is_some(), "the token is marked used");
    let (status, _) = common::http::call(&app, Method::GET, "/api/tournaments", Some(&new_token("")), None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
});

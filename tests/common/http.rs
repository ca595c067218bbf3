//! Driving the in-process app as a browser or a script would: pages with a
//! cookie jar and CSRF tokens, the JSON API with a bearer token.

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::{header, Method, StatusCode};
use actix_web::test;
use serde_json::Value;

use super::{create_user, Jar, TestDb};

/// The organizer every test logs in as.
pub const USER: &str = "arbitre";
/// Their password.
pub const PASSWORD: &str = "tres-secret-42";

/// A GET with the jar's cookies: (status, body, Location).
pub async fn get<S, B>(app: &S, jar: &Jar, uri: &str) -> (StatusCode, String, Option<String>)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let req = test::TestRequest::get()
        .uri(uri)
        .insert_header((header::COOKIE, jar.header()))
        .to_request();
    page(test::call_service(app, req).await).await
}

/// (status, body, Location) of a page's answer.
async fn page<B: MessageBody>(resp: ServiceResponse<B>) -> (StatusCode, String, Option<String>) {
    let status = resp.status();
    let loc = resp
        .headers()
        .get(header::LOCATION)
        .map(|h| h.to_str().unwrap().to_owned());
    let body = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
    (status, body, loc)
}

/// A form POST with the jar's cookies and CSRF token: (status, body, Location).
pub async fn post<S, B>(
    app: &S,
    jar: &mut Jar,
    uri: &str,
    fields: &[(&str, &str)],
) -> (StatusCode, String, Option<String>)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let csrf = jar.get("chelem_csrf").unwrap_or("").to_owned();
    let mut form: Vec<(&str, &str)> = vec![("csrf", csrf.as_str())];
    form.extend_from_slice(fields);
    let req = test::TestRequest::post()
        .uri(uri)
        .insert_header((header::COOKIE, jar.header()))
        .set_form(&form)
        .to_request();
    let resp = test::call_service(app, req).await;
    jar.absorb(&resp);
    page(resp).await
}

/// A fresh browser: a jar holding the CSRF cookie the login page gave.
pub async fn fresh_browser<S, B>(app: &S) -> Jar
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let mut jar = Jar::default();
    jar.absorb(&test::call_service(app, test::TestRequest::get().uri("/login").to_request()).await);
    jar
}

/// Posts the login form with these credentials (fetching the login page first
/// for a CSRF token when the jar has none); the answer.
pub async fn login_as<S, B>(app: &S, jar: &mut Jar, user: &str, password: &str) -> ServiceResponse<B>
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    if jar.get("chelem_csrf").is_none() {
        jar.0.extend(fresh_browser(app).await.0);
    }
    let csrf = jar.get("chelem_csrf").unwrap().to_owned();
    let req = test::TestRequest::post()
        .uri("/login")
        .insert_header((header::COOKIE, jar.header()))
        .set_form([
            ("csrf", csrf.as_str()),
            ("username", user),
            ("password", password),
            ("next", "/"),
        ])
        .to_request();
    let resp = test::call_service(app, req).await;
    jar.absorb(&resp);
    resp
}

/// Logs in as [`USER`] (who must exist) through the login page.
pub async fn login<S, B>(app: &S, jar: &mut Jar)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let resp = test::call_service(app, test::TestRequest::get().uri("/login").to_request()).await;
    jar.absorb(&resp);
    let (status, _, _) = post(
        app,
        jar,
        "/login",
        &[("username", USER), ("password", PASSWORD), ("next", "/")],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
}

/// Creates [`USER`] and an API token for them.
pub fn api_token(db: &TestDb) -> String {
    create_user(db, USER, PASSWORD);
    let mut conn = db.conn();
    chelem::db::write(&mut conn, |tx| {
        chelem::db::ops::accounts::create_api_token(tx, USER, "tests")
    })
    .unwrap()
}

/// A JSON API call: (status, JSON answer or `Null`).
pub async fn call<S, B>(
    app: &S,
    method: Method,
    uri: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Value)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let mut req = test::TestRequest::default().method(method).uri(uri);
    if let Some(t) = token {
        req = req.insert_header((header::AUTHORIZATION, format!("Bearer {t}")));
    }
    if let Some(b) = body {
        req = req.set_json(b);
    }
    let resp = test::call_service(app, req.to_request()).await;
    let status = resp.status();
    let bytes = test::read_body(resp).await;
    let v = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    (status, v)
}

/// Uploads `file` (raw bytes, as saved by a spreadsheet) to the import form;
/// the status and the page, in `lang`.
pub async fn upload<S, B>(
    app: &S,
    jar: &Jar,
    id: impl std::fmt::Display,
    file: &[u8],
    lang: &str,
) -> (StatusCode, String)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    upload_with(app, jar, id, file, lang, &[("checked_in", "on")]).await
}

/// [`upload`] with the form's other fields as given (`checked_in`, `again`).
pub async fn upload_with<S, B>(
    app: &S,
    jar: &Jar,
    id: impl std::fmt::Display,
    file: &[u8],
    lang: &str,
    fields: &[(&str, &str)],
) -> (StatusCode, String)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let csrf = jar.get("chelem_csrf").unwrap().to_owned();
    let boundary = "----chelemplayersboundary";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{csrf}\r\n\
         --{boundary}\r\nContent-Disposition: form-data; name=\"csv_file\"; filename=\"joueurs.csv\"\r\n\
         Content-Type: text/csv\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(file);
    for (name, value) in fields {
        body.extend_from_slice(
            format!("\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}").as_bytes(),
        );
    }
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let req = test::TestRequest::post()
        .uri(&format!("/tournaments/{id}/players/import"))
        .insert_header((header::COOKIE, jar.header()))
        .insert_header((header::ACCEPT_LANGUAGE, lang))
        .insert_header((
            header::CONTENT_TYPE,
            format!("multipart/form-data; boundary={boundary}"),
        ))
        .set_payload(body)
        .to_request();
    let resp = test::call_service(app, req).await;
    let status = resp.status();
    (status, String::from_utf8(test::read_body(resp).await.to_vec()).unwrap())
}

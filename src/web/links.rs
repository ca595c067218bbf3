//! Links handed to the players: the site's address (`--public-url`, else the
//! request's scheme and host), a table's full link, and QR codes of links as
//! SVG made here (the `qrcode` crate, no image library).

use std::future::{ready, Ready};

use actix_web::dev::Payload;
use actix_web::{web, FromRequest, HttpRequest};
use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};

use super::AppState;

/// The address the players reach the server at, without a trailing slash:
/// the configured public URL, else the scheme and host the request came to
/// (behind a proxy, its `Forwarded` / `X-Forwarded-*` headers).
#[derive(Debug, Clone)]
pub struct SiteUrl(pub String);

impl SiteUrl {
    /// The site's address for `req`.
    pub fn of(req: &HttpRequest) -> SiteUrl {
        let configured = req
            .app_data::<web::Data<AppState>>()
            .and_then(|s| s.config.public_url.clone());
        SiteUrl(configured.unwrap_or_else(|| {
            let info = req.connection_info();
            format!("{}://{}", info.scheme(), info.host())
        }))
    }

    /// The full link of a table's tablet pages.
    pub fn table_link(&self, token: &str) -> String {
        format!("{}/t/{token}", self.0)
    }
}

impl FromRequest for SiteUrl {
    type Error = actix_web::Error;
    type Future = Ready<Result<SiteUrl, actix_web::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Ok(SiteUrl::of(req)))
    }
}

/// The QR code of `text` as a standalone SVG document (black on white, with
/// the quiet zone the standard asks for, one unit per module: scale it with
/// CSS). Error correction M: a card may be a little creased or smudged.
pub fn qr_svg(text: &str) -> String {
    // M holds up to 2331 bytes: a link never comes near; fall back to L so a
    // too-long text still gets a code rather than an error.
    let code = QrCode::with_error_correction_level(text, EcLevel::M)
        .or_else(|_| QrCode::with_error_correction_level(text, EcLevel::L))
        .unwrap_or_else(|_| QrCode::new(b"").expect("an empty QR code"));
    code.render::<svg::Color>()
        .module_dimensions(1, 1)
        .quiet_zone(true)
        .dark_color(svg::Color("#000"))
        .light_color(svg::Color("#fff"))
        .build()
}

/// [`qr_svg`] for inlining in an HTML page: without the XML declaration,
/// with a class (the page wraps it in an element that labels it).
pub fn qr_svg_inline(text: &str, class: &str) -> String {
    let svg = qr_svg(text);
    let start = svg.find("<svg").unwrap_or(0);
    svg[start..].replacen("<svg ", &format!(r#"<svg class="{class}" aria-hidden="true" "#), 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qr_codes_are_svg_documents_of_the_text() {
        let svg = qr_svg("https://tarot.example.org/t/abc");
        assert!(svg.starts_with("<?xml"), "{svg}");
        assert!(svg.contains("<svg") && svg.ends_with("</svg>"));
        // A longer text needs more modules: a bigger view box.
        let big = qr_svg(&"x".repeat(300));
        let side = |s: &str| -> u32 {
            let v = s.split("viewBox=\"0 0 ").nth(1).unwrap();
            v.split(' ').next().unwrap().parse().unwrap()
        };
        assert!(side(&big) > side(&svg));
        let inline = qr_svg_inline("https://x/t/a", "qr");
        assert!(inline.starts_with(r#"<svg class="qr" aria-hidden="true" "#), "{inline}");
    }
}

//! Links handed to the players: the site's address (`--public-url`, else the
//! request's scheme and host — but never the laptop's own loopback address
//! while the server listens on the local network), a table's full link, the
//! machine's addresses on the network, and QR codes of links as SVG made here
//! (the `qrcode` crate, no image library).
//!
//! The organizer usually opens `http://127.0.0.1:8080/` on the laptop that
//! runs Chelem; a table link built from that host would send every phone to
//! itself. So when a request came through a loopback (or unspecified) host
//! and no public URL is set, links use [`network_url`]: the machine's best
//! address on the local network, at the port it listens on. The round page
//! says so in a sentence when no such address exists ([`SiteUrl::reachable`]).

use std::future::{ready, Ready};
use std::net::{IpAddr, SocketAddr};

use actix_web::dev::Payload;
use actix_web::{web, FromRequest, HttpRequest};
use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};

use super::AppState;

/// The address the players reach the server at, without a trailing slash:
/// the configured public URL, else the scheme and host the request came to
/// (behind a proxy, its `Forwarded` / `X-Forwarded-*` headers), unless that
/// host is this machine's loopback: then the machine's address on the local
/// network where the server listens (`WebConfig::network_url`), if any.
#[derive(Debug, Clone)]
pub struct SiteUrl(pub String);

impl SiteUrl {
    /// The site's address for `req`.
    pub fn of(req: &HttpRequest) -> SiteUrl {
        let config = req.app_data::<web::Data<AppState>>().map(|s| s.config.clone());
        if let Some(public) = config.as_ref().and_then(|c| c.public_url.clone()) {
            return SiteUrl(public);
        }
        let info = req.connection_info();
        if is_local_host(info.host()) {
            if let Some(network) = config.and_then(|c| c.network_url.clone()) {
                return SiteUrl(network);
            }
        }
        SiteUrl(format!("{}://{}", info.scheme(), info.host()))
    }

    /// Whether a phone on the network may reach this address: false for a
    /// loopback or unspecified host (`127.0.0.1`, `localhost`, `0.0.0.0`,
    /// `[::1]`), which would lead each phone to itself.
    pub fn reachable(&self) -> bool {
        let host = self.0.split_once("://").map_or(self.0.as_str(), |(_, rest)| rest);
        !is_local_host(host.split('/').next().unwrap_or(host))
    }

    /// The host (and port) of the address, as shown to the organizer.
    pub fn host(&self) -> &str {
        let rest = self.0.split_once("://").map_or(self.0.as_str(), |(_, rest)| rest);
        rest.split('/').next().unwrap_or(rest)
    }

    /// The full link of a table's tablet pages.
    pub fn table_link(&self, token: &str) -> String {
        format!("{}/t/{token}", self.0)
    }

    /// The full link of a seat's page (a table playing on the devices).
    pub fn seat_link(&self, token: &str) -> String {
        format!("{}/s/{token}", self.0)
    }
}

impl FromRequest for SiteUrl {
    type Error = actix_web::Error;
    type Future = Ready<Result<SiteUrl, actix_web::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Ok(SiteUrl::of(req)))
    }
}

/// Whether `host` (`name`, `name:port`, `ip`, `ip:port`, `[ip6]:port`) is
/// this machine seen from itself: `localhost` (and `*.localhost`), a
/// loopback address or the unspecified one.
pub fn is_local_host(host: &str) -> bool {
    let host = host.trim().to_ascii_lowercase();
    let name = if let Some(rest) = host.strip_prefix('[') {
        rest.split(']').next().unwrap_or(rest)
    } else if host.matches(':').count() > 1 {
        // A bare IPv6 address (no port can follow it unbracketed).
        host.as_str()
    } else {
        host.split(':').next().unwrap_or(&host)
    };
    if name == "localhost" || name.ends_with(".localhost") {
        return true;
    }
    name.parse::<IpAddr>()
        .is_ok_and(|ip| ip.is_loopback() || ip.is_unspecified())
}

/// One address of a network interface of this machine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InterfaceAddress {
    /// The interface's name (`eth0`, `wlp2s0`, `docker0`…).
    pub interface: String,
    /// Its address.
    pub ip: IpAddr,
}

/// This machine's interface addresses (none when they cannot be read).
pub fn interface_addresses() -> Vec<InterfaceAddress> {
    match if_addrs::get_if_addrs() {
        Ok(list) => list
            .into_iter()
            .map(|i| InterfaceAddress {
                ip: i.ip(),
                interface: i.name,
            })
            .collect(),
        Err(e) => {
            tracing::warn!(error = %e, "cannot read the network interfaces");
            Vec::new()
        }
    }
}

/// Interfaces that phones on the room's Wi-Fi cannot reach: containers'
/// and virtual machines' bridges, VPN tunnels.
fn is_virtual(interface: &str) -> bool {
    const PREFIXES: [&str; 9] = ["docker", "br-", "veth", "virbr", "vmnet", "lxc", "tun", "tap", "wg"];
    PREFIXES.iter().any(|p| interface.starts_with(p))
}

/// A private IPv4 address (10/8, 172.16/12, 192.168/16): what a club's
/// router hands out.
fn is_private(ip: IpAddr) -> bool {
    matches!(ip, IpAddr::V4(v4) if v4.is_private())
}

/// The addresses of `addresses` where a server bound to `bind` can be
/// reached from other machines, best first: none when it listens on a
/// loopback address; the bound address itself when it is a specific one;
/// else (bound to `0.0.0.0` or `[::]`) every address of the same family
/// that is neither loopback, unspecified nor link-local, those of real
/// interfaces before those of virtual bridges and tunnels, private IPv4
/// addresses (a club's Wi-Fi) first among them.
pub fn network_addresses(bind: SocketAddr, addresses: &[InterfaceAddress]) -> Vec<IpAddr> {
    let ip = bind.ip();
    if ip.is_loopback() {
        return Vec::new();
    }
    if !ip.is_unspecified() {
        return vec![ip];
    }
    let link_local = |ip: IpAddr| match ip {
        IpAddr::V4(v4) => v4.is_link_local(),
        IpAddr::V6(v6) => (v6.segments()[0] & 0xffc0) == 0xfe80,
    };
    let mut found: Vec<&InterfaceAddress> = addresses
        .iter()
        .filter(|a| a.ip.is_ipv4() == ip.is_ipv4())
        .filter(|a| !a.ip.is_loopback() && !a.ip.is_unspecified() && !link_local(a.ip))
        .collect();
    // Stable: the system's order within each rank.
    found.sort_by_key(|a| (is_virtual(&a.interface), !is_private(a.ip)));
    let mut ips: Vec<IpAddr> = found.into_iter().map(|a| a.ip).collect();
    ips.dedup();
    ips
}

/// `http://ip:port` of a server listening on `port` at `ip`.
pub fn http_url(ip: IpAddr, port: u16) -> String {
    format!("http://{}", SocketAddr::new(ip, port))
}

/// The URL phones reach a server bound to `bind` at (the best of
/// [`network_addresses`]), without a trailing slash; `None` when it listens
/// only on this machine or the machine has no network address.
pub fn network_url(bind: SocketAddr, addresses: &[InterfaceAddress]) -> Option<String> {
    network_addresses(bind, addresses)
        .first()
        .map(|ip| http_url(*ip, bind.port()))
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
///
/// Remembered for the last few texts: a projector polled several times a
/// second drew the same code each time, 4 % of the server's processor in
/// the festival's load run (docs/load.md, "Where the time goes"). The
/// print views' hundreds of codes pass through without keeping it busy.
pub fn qr_svg_inline(text: &str, class: &str) -> String {
    static DRAWN: std::sync::Mutex<Vec<(String, String, String)>> = std::sync::Mutex::new(Vec::new());
    const KEPT: usize = 32;
    let found = |drawn: &Vec<(String, String, String)>| {
        drawn
            .iter()
            .find(|(t, c, _)| t == text && c == class)
            .map(|(.., svg)| svg.clone())
    };
    if let Some(svg) = found(&DRAWN.lock().unwrap_or_else(|e| e.into_inner())) {
        return svg;
    }
    let svg = qr_svg(text);
    let start = svg.find("<svg").unwrap_or(0);
    let inline = svg[start..].replacen("<svg ", &format!(r#"<svg class="{class}" aria-hidden="true" "#), 1);
    let mut drawn = DRAWN.lock().unwrap_or_else(|e| e.into_inner());
    if drawn.len() >= KEPT {
        drawn.remove(0);
    }
    drawn.push((text.to_owned(), class.to_owned(), inline.clone()));
    inline
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
        // Remembered: the same code again; another class or text, its own.
        assert_eq!(qr_svg_inline("https://x/t/a", "qr"), inline);
        let other = qr_svg_inline("https://x/t/a", "projector-qr");
        assert!(other.starts_with(r#"<svg class="projector-qr" "#), "{other}");
        assert_ne!(qr_svg_inline("https://x/t/b", "qr"), inline);
        // Past the codes kept, drawn again just the same.
        for i in 0..40 {
            qr_svg_inline(&format!("https://x/t/{i}"), "qr");
        }
        assert_eq!(qr_svg_inline("https://x/t/a", "qr"), inline);
    }

    #[test]
    fn loopback_and_unspecified_hosts_are_local() {
        for local in [
            "127.0.0.1",
            "127.0.0.1:8080",
            "127.1.2.3:80",
            "localhost",
            "LOCALHOST:8080",
            "tarot.localhost:8080",
            "0.0.0.0:8080",
            "[::1]:8080",
            "[::]:8080",
            "::1",
        ] {
            assert!(is_local_host(local), "{local}");
        }
        for remote in [
            "192.168.1.12:8080",
            "10.0.0.5",
            "tarot.example.org",
            "laptop.local:8080",
            "[fd00::2]:8080",
            "localhost.example.org",
        ] {
            assert!(!is_local_host(remote), "{remote}");
        }
        assert!(!SiteUrl("http://127.0.0.1:8080".into()).reachable());
        assert!(!SiteUrl("http://0.0.0.0:8080".into()).reachable());
        assert!(SiteUrl("http://192.168.1.12:8080".into()).reachable());
        assert!(SiteUrl("https://tarot.example.org/club".into()).reachable());
        assert_eq!(
            SiteUrl("https://tarot.example.org/club".into()).host(),
            "tarot.example.org"
        );
    }

    fn at(interface: &str, ip: &str) -> InterfaceAddress {
        InterfaceAddress {
            interface: interface.into(),
            ip: ip.parse().unwrap(),
        }
    }

    #[test]
    fn the_network_address_is_a_real_interfaces_private_one_first() {
        let machine = [
            at("lo", "127.0.0.1"),
            at("docker0", "172.17.0.1"),
            at("eth0", "192.0.2.2"),
            at("wlp2s0", "192.168.1.12"),
            at("wlp2s0", "fe80::1"),
            at("wlp2s0", "fd00::2"),
            at("eth1", "169.254.3.4"),
        ];
        let all4: SocketAddr = "0.0.0.0:8080".parse().unwrap();
        let ips = network_addresses(all4, &machine);
        let want: Vec<IpAddr> = ["192.168.1.12", "192.0.2.2", "172.17.0.1"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        assert_eq!(ips, want);
        assert_eq!(network_url(all4, &machine).as_deref(), Some("http://192.168.1.12:8080"));
        // IPv6: global and unique-local addresses, not link-local.
        let all6: SocketAddr = "[::]:9000".parse().unwrap();
        assert_eq!(network_url(all6, &machine).as_deref(), Some("http://[fd00::2]:9000"));
        // Bound to one address: that one; to the loopback: none.
        let one: SocketAddr = "192.0.2.2:8081".parse().unwrap();
        assert_eq!(network_url(one, &machine).as_deref(), Some("http://192.0.2.2:8081"));
        let lo: SocketAddr = "127.0.0.1:8080".parse().unwrap();
        assert_eq!(network_url(lo, &machine), None);
        // A machine with no network: none.
        assert_eq!(network_url(all4, &machine[..1]), None);
    }
}

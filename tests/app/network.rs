//! Links that phones reach: `chelem serve` on every interface prints the
//! machine's network addresses, and the table links of a page the organizer
//! opened at `127.0.0.1` lead to one of them, never to the laptop's own
//! loopback. The tests read the machine's addresses with `ip` (not the
//! server's own code) and send traffic only to the loopback address.

use std::process::Command;

use crate::common;
use common::browser::RealServer;
use common::client::Client;

/// The machine's IPv4 addresses of global scope (neither loopback nor
/// link-local), as `ip` reads them.
fn machine_ipv4_addresses() -> Vec<String> {
    let out = Command::new("ip")
        .args(["-o", "-4", "addr", "show", "scope", "global"])
        .output()
        .expect("the ip command (iproute2)");
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            words.find(|w| *w == "inet")?;
            Some(words.next()?.split('/').next()?.to_owned())
        })
        .collect()
}

/// A round of `tables` tables written into the server's SQLite file, and its
/// round page as the organizer fetches it at 127.0.0.1 (with an API token).
fn round_page(server: &RealServer, tables: usize) -> (String, Vec<common::room::Table>) {
    let conn = &mut chelem::db::build_pool(server.dir.path().join("chelem.db").to_str().unwrap(), 1)
        .unwrap()
        .0
        .get()
        .unwrap();
    let (id, seated) = common::room::setup(conn, tables, 1);
    let token = server.api_token();
    let page = Client::new(&server.url()).call("GET", &format!("/tournaments/{id}/rounds/1"), Some(&token), None);
    assert_eq!(page.status, 200, "{:?}", page.body);
    (page.body.as_str().unwrap().to_owned(), seated)
}

crate::test_case!(a_server_on_the_network_prints_and_links_the_machines_addresses);
fn a_server_on_the_network_prints_and_links_the_machines_addresses() {
    let expected = machine_ipv4_addresses();
    let (server, lines) = RealServer::on_network();
    let port = server.addr.rsplit(':').next().unwrap().to_owned();
    let printed: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("Sur le réseau : "))
        .collect();
    assert!(
        lines[0].starts_with(&format!("Chelem tourne sur http://127.0.0.1:{port}/")),
        "{lines:?}"
    );
    let mut want: Vec<String> = expected.iter().map(|ip| format!("http://{ip}:{port}/")).collect();
    let mut got: Vec<String> = printed.iter().map(|s| s.to_string()).collect();
    want.sort();
    got.sort();
    assert_eq!(got, want, "every network address, and nothing else: {lines:?}");

    // The organizer's browser on the laptop itself (127.0.0.1): the table
    // links and QR codes still name an address the phones reach.
    let (html, tables) = round_page(&server, 2);
    let linked: Vec<&String> = expected
        .iter()
        .filter(|ip| html.contains(&format!(">http://{ip}:{port}/t/{}</a>", tables[0].token)))
        .collect();
    if expected.is_empty() {
        // A machine with no network: the page says the phones cannot follow.
        assert!(html.contains("links-unreachable"), "{html}");
    } else {
        assert_eq!(linked.len(), 1, "one network address in the link: {html}");
        assert!(!html.contains(&format!("127.0.0.1:{port}/t/")), "{html}");
        assert!(!html.contains("links-unreachable"), "{html}");
    }
}

crate::test_case!(a_server_on_the_loopback_warns_that_phones_cannot_follow);
fn a_server_on_the_loopback_warns_that_phones_cannot_follow() {
    let server = RealServer::start();
    let (html, tables) = round_page(&server, 1);
    assert!(
        html.contains(&format!(">http://{}/t/{}</a>", server.addr, tables[0].token)),
        "{html}"
    );
    assert!(html.contains(r#"class="warning links-unreachable""#), "{html}");
    assert!(html.contains("que seul cet ordinateur peut joindre"), "{html}");
}

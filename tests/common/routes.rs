//! Every route the application registers, read from its sources: the actix
//! attribute macros (`#[get("…")]`, `#[post("…")]`, `#[put]`, `#[delete]`,
//! `#[patch]`) on the handlers under `src/web`, which `web::configure`
//! gathers. A route registered another way (`web::resource`, `.route(`,
//! `web::scope`) makes [`all`] fail, so that no route escapes the tests
//! that walk every route (tests/app/authz.rs).

use std::path::{Path, PathBuf};

/// A route: method (upper case) and path pattern as registered.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Route {
    /// `GET`, `POST`…
    pub method: String,
    /// `/tournaments/{id}/rounds/{n}`…
    pub pattern: String,
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every route of the application, sorted.
pub fn all() -> Vec<Route> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/web");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let mut routes = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            for other in ["web::resource(", ".route(", "web::scope("] {
                assert!(
                    !line.contains(other) || line.starts_with("//"),
                    "{}:{}: a route registered with {other}…): register it with an attribute macro \
                     (#[get(\"…\")]…) so that tests/common/routes.rs sees it",
                    file.display(),
                    i + 1
                );
            }
            for method in ["get", "post", "put", "delete", "patch"] {
                if let Some(rest) = line.strip_prefix(&format!("#[{method}(\"")) {
                    let pattern = rest.split('"').next().unwrap().to_owned();
                    routes.push(Route {
                        method: method.to_uppercase(),
                        pattern,
                    });
                }
            }
        }
    }
    routes.sort();
    assert!(routes.len() > 40, "the route list looks wrong: {routes:?}");
    routes
}

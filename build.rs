//! Rebuild when files embedded at compile time change (Fluent messages,
//! migrations, templates, static files).

fn main() {
    for dir in ["locales", "migrations", "templates", "static"] {
        println!("cargo:rerun-if-changed={dir}");
    }
}

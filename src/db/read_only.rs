//! A SQLite file the server cannot write: in a read-only folder (a read-only
//! mount, a copy on a CD, a folder of another user), SQLite cannot make the
//! write-ahead log's files beside it, so even reading a database in WAL mode
//! fails ("attempt to write a readonly database", "unable to open database
//! file"). When no `-wal` file lies beside it (nothing waits in a log that
//! would be missed), the file is opened again as immutable: read as it is,
//! without those files. Every write is then refused as a read-only
//! database's is (503 with its sentence, [`super::fault`]), and the pages
//! are served.

use std::path::PathBuf;
use std::sync::Once;

use percent_encoding::{percent_decode_str, utf8_percent_encode, AsciiSet, CONTROLS};

use super::fault::{from_message, Fault};

/// What a path cannot hold as is in a SQLite URI: `%`, `?` and `#`.
const URI_PATH: &AsciiSet = &CONTROLS.add(b'%').add(b'?').add(b'#');

/// The URI that opens `url`'s SQLite file immutable, when the error `e` of
/// its ordinary opening says it cannot be written and the file can be read
/// so: it exists and has no `-wal` file beside it. `None` otherwise (the
/// error stands).
pub(super) fn immutable_url(url: &str, e: &str) -> Option<String> {
    let unwritable = from_message(e) == Some(Fault::ReadOnly) || e.contains("unable to open database file");
    if !unwritable {
        return None;
    }
    let (path, uri) = match url.strip_prefix("file:") {
        Some(rest) => {
            let (path, query) = rest.split_once('?').map_or((rest, None), |(p, q)| (p, Some(q)));
            // `file:///abs` and `file://localhost/abs`: the authority is left out.
            let file = match path.strip_prefix("//") {
                Some(after) => &after[after.find('/')?..],
                None => path,
            };
            let file = percent_decode_str(file).decode_utf8().ok()?.into_owned();
            let uri = match query {
                Some(q) => format!("file:{path}?{q}&immutable=1"),
                None => format!("file:{path}?immutable=1"),
            };
            (PathBuf::from(file), uri)
        }
        None => (
            PathBuf::from(url),
            format!("file:{}?immutable=1", utf8_percent_encode(url, URI_PATH)),
        ),
    };
    let mut wal = path.clone().into_os_string();
    wal.push("-wal");
    if !path.is_file() || PathBuf::from(wal).exists() {
        return None;
    }
    static SAID: Once = Once::new();
    SAID.call_once(|| {
        tracing::warn!(
            file = %path.display(),
            "the SQLite database cannot be written here: served read-only"
        );
    });
    Some(uri)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_existing_file_without_a_log_is_opened_immutable() {
        let dir = tempfile::tempdir().unwrap();
        let dir = dir.path();
        let db = dir.join("c d%?.db");
        std::fs::write(&db, b"").unwrap();
        let plain = db.to_str().unwrap();
        let ro = "attempt to write a readonly database";
        let folder = dir.to_str().unwrap();
        assert_eq!(
            immutable_url(plain, ro).unwrap(),
            format!("file:{folder}/c d%25%3F.db?immutable=1")
        );
        let uri = format!("file:{folder}/c d%25%3F.db?mode=ro");
        assert_eq!(immutable_url(&uri, ro).unwrap(), format!("{uri}&immutable=1"));
        let uri = format!("file://{folder}/c d%25%3F.db");
        assert_eq!(immutable_url(&uri, ro).unwrap(), format!("{uri}?immutable=1"));
        assert!(immutable_url(plain, "unable to open database file").is_some());
        // Another error, a missing file, a log beside it: the error stands.
        assert_eq!(immutable_url(plain, "database is locked"), None);
        assert_eq!(immutable_url(dir.join("none.db").to_str().unwrap(), ro), None);
        std::fs::write(dir.join("c d%?.db-wal"), b"x").unwrap();
        assert_eq!(immutable_url(plain, ro), None);
    }
}

//! The house rules (DESIGN.md, "Layers"), checked on the source tree:
//!
//! - no import circle between the modules (files) of `src/` or of
//!   `crates/core/src`;
//! - layers point down: nothing in `src/db` names `crate::web`;
//! - writes only in a write door: no function of `src/` that inserts,
//!   updates or deletes takes a bare `&mut AnyConnection` (a read door's):
//!   it takes the unit of work, `&mut Tx`;
//! - no file of `src/web` or `src/db` over 400 lines, except the few listed
//!   in [`LONG_FILES`] with their reason (three at most);
//! - no function over 100 lines, except the seating tables listed in
//!   [`LONG_FUNCTIONS`].
//!
//! A failure names the files, the circle or the functions. The reading is
//! lexical (comments, strings and character literals set aside, braces
//! matched): enough for the way this code base writes Rust, and checked by
//! the unit tests below on small sources of each kind.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

/// Most lines a file of `src/web` or `src/db` may have.
const MAX_FILE_LINES: usize = 400;
/// Most lines a function may have, from its `fn` to its closing brace.
const MAX_FN_LINES: usize = 100;

/// The files of `src/web` and `src/db` allowed past [`MAX_FILE_LINES`], each
/// with its reason (their opening comment says it too). Three at most.
const LONG_FILES: &[(&str, &str)] = &[
    ("src/web/charts.rs", "one drawing kit and the three charts that use it"),
    ("src/web/live/mod.rs", "the hub's one private state and its thread"),
    ("src/db/models/deal.rs", "the one impl of the deals' queries"),
];

/// The functions allowed past [`MAX_FN_LINES`]: the seating tables' search
/// and proof (file, function).
const LONG_FUNCTIONS: &[(&str, &str)] = &[
    // The tabu search for the seating designs' base rounds: one loop over
    // one shared state (orbits, counts, the tabu list).
    ("crates/core/src/tournament/seating/designs.rs", "symmetric_search"),
    // The test that 12 players at 3 tables of 4 meet at most once in 5
    // rounds, by enumeration.
    (
        "crates/core/src/tournament/seating/designs.rs",
        "twelve_by_four_is_optimal",
    ),
];

/// The crates whose modules are checked: (the crate's source folder, the
/// name the crate calls itself by in paths).
const CRATES: &[&str] = &["src", "crates/core/src"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `path` relative to the repository, with `/`.
fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .expect("under the repository")
        .to_string_lossy()
        .replace('\\', "/")
}

// ---------------------------------------------------------------- lexing

/// The source with comments, string and character literals blanked out
/// (newlines kept, so line numbers hold).
fn code_only(src: &str) -> String {
    let chars: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(chars[i]));
                    i += 1;
                }
            }
        } else if let Some(hashes) = raw_string_start(&chars, i) {
            // r"…", r#"…"#, br#"…"#: no escapes, ends at `"` and as many `#`.
            let start = i;
            i += chars[i..].iter().position(|&c| c == '"').expect("a quote") + 1;
            loop {
                if i >= chars.len() {
                    break;
                }
                if chars[i] == '"' && chars[i + 1..].iter().take(hashes).filter(|&&c| c == '#').count() == hashes {
                    i += 1 + hashes;
                    break;
                }
                i += 1;
            }
            out.extend(chars[start..i].iter().map(|&c| blank(c)));
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < chars.len() {
                    out.push(blank(chars[i]));
                    i += 1;
                }
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' && is_char_literal(&chars, i) {
            out.push(' ');
            i += 1;
            if chars[i] == '\\' {
                out.push(' ');
                i += 1;
            }
            while i < chars.len() && chars[i] != '\'' {
                out.push(' ');
                i += 1;
            }
            out.push(' ');
            i += 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// The number of `#` of a raw string starting at `i` (`r"`, `r#"`, `br"`…).
fn raw_string_start(chars: &[char], i: usize) -> Option<usize> {
    let before_ok = i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
    if !before_ok {
        return None;
    }
    let mut j = i;
    if chars.get(j) == Some(&'b') {
        j += 1;
    }
    if chars.get(j) != Some(&'r') {
        return None;
    }
    j += 1;
    let mut hashes = 0;
    while chars.get(j) == Some(&'#') {
        hashes += 1;
        j += 1;
    }
    (chars.get(j) == Some(&'"')).then_some(hashes)
}

/// A `'` opening a character literal (`'a'`, `'\n'`, `'{'`), not a lifetime.
fn is_char_literal(chars: &[char], i: usize) -> bool {
    match chars.get(i + 1) {
        Some('\\') => true,
        Some(_) => chars.get(i + 2) == Some(&'\''),
        None => false,
    }
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

fn line_of(code: &str, byte: usize) -> usize {
    code[..byte].matches('\n').count() + 1
}

// ------------------------------------------------------------- functions

/// A function's name, its first line and its number of lines.
#[derive(Debug, PartialEq)]
struct Function {
    name: String,
    line: usize,
    lines: usize,
}

/// Every function with a body in `code` (comments and strings blanked), from
/// its `fn` to its closing brace.
fn functions(code: &str) -> Vec<Function> {
    let bytes = code.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find("fn").map(|p| p + from) {
        from = at + 2;
        let before = code[..at].chars().next_back();
        let after = code[at + 2..].chars().next();
        if before.is_some_and(is_ident) || !after.is_some_and(char::is_whitespace) {
            continue;
        }
        let rest = code[at + 2..].trim_start();
        let name: String = rest.chars().take_while(|&c| is_ident(c)).collect();
        if name.is_empty() {
            continue; // `fn(` types
        }
        // The body: the first `{` outside parentheses and brackets, unless
        // a `;` comes first (a declaration without a body).
        let mut depth = 0i32;
        let mut open = None;
        for (k, &b) in bytes.iter().enumerate().skip(at + 2) {
            match b {
                b'(' | b'[' => depth += 1,
                b')' | b']' => depth -= 1,
                b';' if depth == 0 => break,
                b'{' if depth == 0 => {
                    open = Some(k);
                    break;
                }
                _ => {}
            }
        }
        let Some(open) = open else { continue };
        let Some(close) = matching_brace(bytes, open) else {
            continue;
        };
        let line = line_of(code, at);
        out.push(Function {
            name,
            line,
            lines: line_of(code, close) - line + 1,
        });
    }
    out
}

fn matching_brace(bytes: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (k, &b) in bytes.iter().enumerate().skip(open) {
        match b {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(k);
                }
            }
            _ => {}
        }
    }
    None
}

// --------------------------------------------------------------- modules

/// A crate's modules, each a file: its path from the crate root
/// (`["web", "deal", "form"]`) → the file.
struct Crate {
    modules: BTreeMap<Vec<String>, PathBuf>,
}

fn module_path(src_dir: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src_dir).expect("under the crate");
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let last = parts.pop().expect("a file name");
    match last.as_str() {
        "lib.rs" | "main.rs" | "mod.rs" => {}
        name => parts.push(name.trim_end_matches(".rs").to_owned()),
    }
    parts
}

/// A path as written, and the inline modules (`mod tests { … }`) it is
/// written in, from the file's own module down.
struct Named {
    inline: Vec<String>,
    path: Vec<String>,
}

/// The paths a file names: each `use` tree expanded, and every inline
/// `crate::…`, `super::…` or `self::…` path, as written (segments).
fn named_paths(code: &str) -> Vec<Named> {
    let mut out = Vec::new();
    let tokens = tokenize(code);
    // Inline modules open: (name, brace depth inside them).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    let names = |inline: &[(String, usize)]| inline.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
    while i < tokens.len() {
        match tokens[i].as_str() {
            "{" => depth += 1,
            "}" => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
            }
            "mod" if tokens.get(i + 2).is_some_and(|t| t == "{") => {
                inline.push((tokens[i + 1].clone(), depth + 1));
                depth += 1;
                i += 3;
                continue;
            }
            _ => {}
        }
        if tokens[i] == "use" && (i == 0 || tokens[i - 1] != "::") {
            let mut j = i + 1;
            let tree = parse_use_tree(&tokens, &mut j, &[]);
            out.extend(tree.into_iter().map(|path| Named {
                inline: names(&inline),
                path,
            }));
            i = j;
            continue;
        }
        if matches!(tokens[i].as_str(), "crate" | "super" | "self") && tokens.get(i + 1).is_some_and(|t| t == "::") {
            let mut path = vec![tokens[i].clone()];
            let mut j = i + 1;
            while tokens.get(j).is_some_and(|t| t == "::")
                && tokens
                    .get(j + 1)
                    .is_some_and(|t| t.chars().all(is_ident) || t == "super")
            {
                path.push(tokens[j + 1].clone());
                j += 2;
            }
            out.push(Named {
                inline: names(&inline),
                path,
            });
            i = j;
            continue;
        }
        i += 1;
    }
    out
}

fn tokenize(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if is_ident(c) {
            let start = i;
            while i < chars.len() && is_ident(chars[i]) {
                i += 1;
            }
            out.push(chars[start..i].iter().collect());
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            out.push("::".into());
            i += 2;
        } else if c.is_whitespace() {
            i += 1;
        } else {
            out.push(c.to_string());
            i += 1;
        }
    }
    out
}

/// Expands a `use` tree from `tokens[*j]` to its `;` (or the `,`/`}` ending
/// a branch), each leaf a path prefixed by `prefix`.
fn parse_use_tree(tokens: &[String], j: &mut usize, prefix: &[String]) -> Vec<Vec<String>> {
    let mut path = prefix.to_vec();
    let mut out = Vec::new();
    while let Some(t) = tokens.get(*j) {
        match t.as_str() {
            "::" => *j += 1,
            "{" => {
                *j += 1;
                loop {
                    out.extend(parse_use_tree(tokens, j, &path));
                    match tokens.get(*j).map(String::as_str) {
                        Some(",") => *j += 1,
                        Some("}") => {
                            *j += 1;
                            break;
                        }
                        _ => break,
                    }
                    if tokens.get(*j).is_some_and(|t| t == "}") {
                        *j += 1;
                        break;
                    }
                }
                return out;
            }
            ";" => {
                *j += 1;
                if path.len() > prefix.len() {
                    out.push(path);
                }
                return out;
            }
            "," | "}" => {
                if path.len() > prefix.len() {
                    out.push(path);
                }
                return out;
            }
            "as" => *j += 2,
            "*" => *j += 1,
            _ => {
                path.push(t.clone());
                *j += 1;
            }
        }
    }
    out
}

/// The module a path written in module `here` reaches (the longest prefix
/// that is a module of the crate), following a `pub use` of the item named
/// after it to the module that defines it.
fn resolve(
    krate: &Crate,
    reexports: &HashMap<Vec<String>, HashMap<String, Vec<String>>>,
    here: &[String],
    written: &[String],
) -> Option<Vec<String>> {
    let mut abs: Vec<String> = match written.first().map(String::as_str) {
        Some("crate") => Vec::new(),
        Some("self") => here.to_vec(),
        Some("super") => here.to_vec(),
        Some(first) => {
            // `use child::x` in a module declaring `child` (inline modules
            // aside: a path written in one starts from it).
            let mut child = here.to_vec();
            child.push(first.to_owned());
            if krate.modules.contains_key(&child) {
                here.to_vec()
            } else {
                return None; // another crate, or std
            }
        }
        None => return None,
    };
    let mut rest = written;
    if matches!(written[0].as_str(), "crate" | "self") {
        rest = &written[1..];
    }
    for seg in rest {
        if seg == "super" {
            abs.pop();
        } else {
            abs.push(seg.clone());
        }
    }
    let mut len = abs.len();
    while len > 0 && !krate.modules.contains_key(&abs[..len]) {
        len -= 1;
    }
    if len == 0 && !abs.is_empty() && !krate.modules.contains_key(&abs[..0]) {
        return None;
    }
    let mut module = abs[..len].to_vec();
    // Follow re-exports (`pub use x::Item;` in `module`) a few steps.
    let mut next = abs.get(len);
    for _ in 0..8 {
        let Some(item) = next else { break };
        let Some(target) = reexports.get(&module).and_then(|m| m.get(item)) else {
            break;
        };
        module = target.clone();
        next = None;
    }
    Some(module)
}

struct Graph {
    edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
}

fn crate_graph(src_dir: &Path) -> (Crate, Graph) {
    let mut files = Vec::new();
    rust_files(src_dir, &mut files);
    let mut modules = BTreeMap::new();
    let mut codes = BTreeMap::new();
    for f in &files {
        let m = module_path(src_dir, f);
        // `src/main.rs` is the binary, a crate of its own: left out.
        if f.file_name().is_some_and(|n| n == "main.rs") && src_dir.join("lib.rs").exists() {
            continue;
        }
        let src = std::fs::read_to_string(f).expect("a source file");
        codes.insert(m.clone(), code_only(&src));
        modules.insert(m, f.clone());
    }
    let krate = Crate { modules };
    // First the re-exports of each module: item → the module it comes from.
    let mut reexports: HashMap<Vec<String>, HashMap<String, Vec<String>>> = HashMap::new();
    let empty = HashMap::new();
    for (m, code) in &codes {
        for path in pub_use_paths(code) {
            if let Some(target) = resolve(&krate, &empty, m, &path[..path.len() - 1]) {
                let item = path.last().expect("an item").clone();
                reexports.entry(m.clone()).or_default().insert(item, target);
            }
        }
    }
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (m, code) in &codes {
        let set = edges.entry(m.clone()).or_default();
        for named in named_paths(code) {
            let here: Vec<String> = m.iter().chain(&named.inline).cloned().collect();
            if let Some(target) = resolve(&krate, &reexports, &here, &named.path) {
                // A module's own items, and its ancestors (the folders that
                // declare it), are not imports between rooms.
                if target != *m && !m.starts_with(&target) {
                    set.insert(target);
                }
            }
        }
    }
    (krate, Graph { edges })
}

/// The paths of the `pub use` (and `pub(crate) use`) statements of a file.
fn pub_use_paths(code: &str) -> Vec<Vec<String>> {
    let tokens = tokenize(code);
    let mut out = Vec::new();
    for i in 0..tokens.len() {
        if tokens[i] != "use" || i == 0 {
            continue;
        }
        let public = tokens[i - 1] == "pub" || (tokens[i - 1] == ")" && i >= 4 && tokens[i - 4] == "pub");
        if public {
            let mut j = i + 1;
            out.extend(
                parse_use_tree(&tokens, &mut j, &[])
                    .into_iter()
                    .filter(|p| p.len() >= 2),
            );
        }
    }
    out
}

/// The circles of the graph: each strongly connected component of more
/// than one module (Tarjan's algorithm), its modules sorted.
fn circles(graph: &Graph) -> Vec<Vec<Vec<String>>> {
    struct State<'g> {
        graph: &'g Graph,
        index: HashMap<&'g [String], usize>,
        low: HashMap<&'g [String], usize>,
        stack: Vec<&'g [String]>,
        on_stack: BTreeSet<&'g [String]>,
        next: usize,
        out: Vec<Vec<Vec<String>>>,
    }
    fn visit<'g>(s: &mut State<'g>, v: &'g [String]) {
        s.index.insert(v, s.next);
        s.low.insert(v, s.next);
        s.next += 1;
        s.stack.push(v);
        s.on_stack.insert(v);
        if let Some(targets) = s.graph.edges.get(v) {
            for w in targets {
                let w = w.as_slice();
                if !s.graph.edges.contains_key(w) {
                    continue;
                }
                if !s.index.contains_key(w) {
                    visit(s, w);
                    let lw = s.low[w];
                    let lv = s.low.get_mut(v).expect("visited");
                    *lv = (*lv).min(lw);
                } else if s.on_stack.contains(w) {
                    let iw = s.index[w];
                    let lv = s.low.get_mut(v).expect("visited");
                    *lv = (*lv).min(iw);
                }
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            loop {
                let w = s.stack.pop().expect("on the stack");
                s.on_stack.remove(w);
                component.push(w.to_vec());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.out.push(component);
            }
        }
    }
    let mut s = State {
        graph,
        index: HashMap::new(),
        low: HashMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        next: 0,
        out: Vec::new(),
    };
    for v in graph.edges.keys() {
        if !s.index.contains_key(v.as_slice()) {
            visit(&mut s, v);
        }
    }
    s.out
}

/// One path around a circle, `a → b → … → a`, for the failure message.
fn one_cycle(graph: &Graph, component: &[Vec<String>], krate: &Crate) -> String {
    let inside: BTreeSet<&Vec<String>> = component.iter().collect();
    let start = &component[0];
    // Breadth-first from start back to start, inside the component.
    let mut prev: BTreeMap<&Vec<String>, &Vec<String>> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    let mut back = None;
    while let Some(v) = queue.pop_front() {
        for w in graph.edges.get(v).into_iter().flatten() {
            if !inside.contains(w) {
                continue;
            }
            if w == start {
                back = Some(v);
                break;
            }
            if !prev.contains_key(w) {
                prev.insert(w, v);
                queue.push_back(w);
            }
        }
        if back.is_some() {
            break;
        }
    }
    let mut path = vec![start];
    let mut v = back.expect("a circle comes back");
    while v != start {
        path.push(v);
        v = prev[v];
    }
    path.push(start);
    let end = path.len() - 1;
    path[1..end].reverse();
    path.iter()
        .map(|m| relative(&krate.modules[*m]))
        .collect::<Vec<_>>()
        .join(" → ")
}

// ----------------------------------------------------------------- rules

fn circle_failures() -> Vec<String> {
    let mut out = Vec::new();
    for dir in CRATES {
        let (krate, graph) = crate_graph(&root().join(dir));
        for component in circles(&graph) {
            out.push(format!("import circle: {}", one_cycle(&graph, &component, &krate)));
        }
    }
    out
}

fn layer_failures() -> Vec<String> {
    let mut files = Vec::new();
    rust_files(&root().join("src/db"), &mut files);
    files
        .iter()
        .filter(|f| {
            let code = code_only(&std::fs::read_to_string(f).expect("a source file"));
            named_paths(&code)
                .iter()
                .any(|n| n.path.len() > 1 && n.path[0] == "crate" && n.path[1] == "web")
        })
        .map(|f| {
            format!(
                "{} names crate::web: the storage layer does not know the web layer",
                relative(f)
            )
        })
        .collect()
}

/// The functions of `src/` taking a bare connection whose body writes
/// (`insert_into`, `diesel::update`, `diesel::delete`).
fn writer_failures() -> Vec<String> {
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    let mut out = Vec::new();
    for f in &files {
        let code = code_only(&std::fs::read_to_string(f).expect("a source file"));
        for func in functions(&code) {
            let body: String = code
                .lines()
                .skip(func.line - 1)
                .take(func.lines)
                .collect::<Vec<_>>()
                .join("\n");
            let head = &body[..body.find('{').unwrap_or(body.len())];
            let bare = head.contains("&mut AnyConnection") || head.contains("&mut DbConn");
            let writes = ["insert_into", "diesel::update", "diesel::delete"]
                .iter()
                .any(|w| body.contains(w));
            if bare && writes {
                out.push(format!(
                    "{}:{}: fn {} writes on a bare connection: take the unit of work (&mut Tx)",
                    relative(f),
                    func.line,
                    func.name
                ));
            }
        }
    }
    out
}

fn file_failures() -> Vec<String> {
    let mut out = Vec::new();
    if LONG_FILES.len() > 3 {
        out.push(format!(
            "{} files listed past {MAX_FILE_LINES} lines: three at most",
            LONG_FILES.len()
        ));
    }
    let mut files = Vec::new();
    rust_files(&root().join("src/web"), &mut files);
    rust_files(&root().join("src/db"), &mut files);
    let listed: HashMap<&str, &str> = LONG_FILES.iter().copied().collect();
    for f in &files {
        let rel = relative(f);
        let lines = std::fs::read_to_string(f).expect("a source file").lines().count();
        match (lines > MAX_FILE_LINES, listed.contains_key(rel.as_str())) {
            (true, false) => out.push(format!(
                "{rel}: {lines} lines, over {MAX_FILE_LINES}: split it by concern"
            )),
            (false, true) => out.push(format!(
                "{rel}: {lines} lines, listed as past {MAX_FILE_LINES}: take it off LONG_FILES"
            )),
            _ => {}
        }
    }
    for (path, _) in LONG_FILES {
        if !root().join(path).exists() {
            out.push(format!("{path}: listed in LONG_FILES but not there"));
        }
    }
    out
}

fn function_failures() -> Vec<String> {
    let mut out = Vec::new();
    let listed: BTreeSet<(&str, &str)> = LONG_FUNCTIONS.iter().copied().collect();
    for dir in CRATES {
        let mut files = Vec::new();
        rust_files(&root().join(dir), &mut files);
        for f in &files {
            let rel = relative(f);
            let code = code_only(&std::fs::read_to_string(f).expect("a source file"));
            for func in functions(&code) {
                if func.lines > MAX_FN_LINES && !listed.contains(&(rel.as_str(), func.name.as_str())) {
                    out.push(format!(
                        "{rel}:{}: fn {} is {} lines, over {MAX_FN_LINES}: split it into named steps",
                        func.line, func.name, func.lines
                    ));
                }
            }
        }
    }
    out
}

#[test]
fn the_house_keeps_its_shape() {
    let failures: Vec<String> = [
        circle_failures(),
        layer_failures(),
        writer_failures(),
        file_failures(),
        function_failures(),
    ]
    .concat();
    assert!(
        failures.is_empty(),
        "the house rules (DESIGN.md, \"Layers\") are broken:\n  {}",
        failures.join("\n  ")
    );
}

// ------------------------------------------------ the reader, on small sources

#[test]
fn comments_strings_and_chars_are_not_code() {
    let src = "let a = \"{ fn x() {\"; // fn y() {\nlet b = '{'; /* fn z() { /* } */ */ let c = r#\"}\"#; fn f<'a>(x: &'a str) {}";
    let code = code_only(src);
    assert!(!code.contains("fn x") && !code.contains("fn y") && !code.contains("fn z"));
    assert_eq!(code.matches('{').count(), 1, "{code}");
    assert_eq!(code.lines().count(), src.lines().count());
    assert!(code.contains("fn f<'a>(x: &'a str) {}"), "lifetimes stay: {code}");
}

#[test]
fn functions_are_measured_from_fn_to_their_closing_brace() {
    let src = "trait T { fn decl(&self); }\nfn short() {}\n\npub fn long(\n    x: [u8; 3],\n) -> Result<(), ()>\nwhere\n    (): Sized,\n{\n    let f = |y: u8| { y };\n    let _ = f;\n}\nlet g: fn(u8) -> u8 = h;\n";
    let found = functions(&code_only(src));
    assert_eq!(
        found,
        vec![
            Function {
                name: "short".into(),
                line: 2,
                lines: 1
            },
            Function {
                name: "long".into(),
                line: 4,
                lines: 9
            },
        ]
    );
}

#[test]
fn use_trees_and_inline_paths_are_read() {
    let code = code_only(
        "use crate::db::{models::{Round, Deal as D}, ops::rounds};\nuse super::x::*;\nfn f() { crate::web::live::publish(); self::y::z(); }\n",
    );
    let paths: Vec<String> = named_paths(&code).iter().map(|n| n.path.join("::")).collect();
    assert_eq!(
        paths,
        [
            "crate::db::models::Round",
            "crate::db::models::Deal",
            "crate::db::ops::rounds",
            "super::x",
            "crate::web::live::publish",
            "self::y::z"
        ]
    );
}

#[test]
fn a_circle_through_a_reexport_is_found_and_named() {
    let dir = std::env::temp_dir().join(format!("chelem-house-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("ops")).expect("a scratch folder");
    let write = |p: &str, s: &str| std::fs::write(dir.join(p), s).expect("a scratch file");
    write("lib.rs", "pub mod ops;\n");
    write("ops/mod.rs", "mod a;\nmod b;\nmod c;\npub use a::Alpha;\n");
    write("ops/a.rs", "use super::b::beta;\npub struct Alpha;\n");
    write(
        "ops/b.rs",
        "use super::c::gamma;\npub fn beta() -> crate::ops::Alpha { super::Alpha }\n",
    );
    // `super` in an inline module is the file's own module: not `ops::b`.
    write(
        "ops/c.rs",
        "use super::*;\npub fn gamma() {}\nmod tests {\n    use super::b;\n}\n",
    );
    let (krate, graph) = crate_graph(&dir);
    let found = circles(&graph);
    let _ = std::fs::remove_dir_all(&dir);
    let names: Vec<Vec<String>> = found.iter().map(|c| c.iter().map(|m| m.join("::")).collect()).collect();
    assert_eq!(names, vec![vec!["ops::a".to_owned(), "ops::b".to_owned()]]);
    let _ = krate;
}

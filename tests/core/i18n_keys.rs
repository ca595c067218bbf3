//! Every message the code and the templates ask for exists in French and in
//! English, and both languages define the same messages.

use std::collections::BTreeSet;
use std::path::Path;

use chelem::i18n::Lang;

fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs" || x == "html") {
            out.push(p);
        }
    }
}

/// Literal keys passed to t(…), t1(…), t_args(…), Msg::new(…), invalid(…).
fn keys_in(text: &str) -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    for pat in ["t(", "t1(", "t_args(", "Msg::new(", "invalid("] {
        let mut rest = text;
        while let Some(i) = rest.find(pat) {
            // Only a call, not the end of a longer name such as `print(`.
            let before = rest[..i].chars().last();
            rest = &rest[i + pat.len()..];
            if pat == "t(" && before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let trimmed = rest.trim_start();
            if let Some(lit) = trimmed.strip_prefix('"') {
                if let Some(end) = lit.find('"') {
                    let key = &lit[..end];
                    if !key.is_empty()
                        && key
                            .chars()
                            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                    {
                        keys.insert(key.to_owned());
                    }
                }
            }
        }
    }
    keys
}

fn ftl_ids(lang: &str) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    for e in std::fs::read_dir(format!("locales/{lang}")).unwrap() {
        let text = std::fs::read_to_string(e.unwrap().path()).unwrap();
        for line in text.lines() {
            if let Some((id, _)) = line.split_once(" =") {
                if !id.starts_with([' ', '#']) && !id.is_empty() {
                    ids.insert(id.trim().to_owned());
                }
            }
        }
    }
    ids
}

#[test]
fn every_used_message_exists_in_both_languages() {
    let mut paths = Vec::new();
    files(Path::new("src"), &mut paths);
    files(Path::new("templates"), &mut paths);
    let mut used = BTreeSet::new();
    for p in &paths {
        used.extend(keys_in(&std::fs::read_to_string(p).unwrap()));
    }
    // Keys built at run time.
    for c in ["petite", "garde", "garde_sans", "garde_contre"] {
        used.insert(format!("contract-{c}"));
    }
    for h in ["simple", "double", "triple"] {
        used.insert(format!("handful-{h}"));
    }
    for s in ["present", "registered", "late", "withdrawn"] {
        used.insert(format!("status-{s}"));
    }
    assert!(
        used.len() > 100,
        "the scan found too few keys ({}): is it broken?",
        used.len()
    );
    let mut missing = Vec::new();
    for lang in Lang::ALL {
        let ids = ftl_ids(lang.code());
        for key in &used {
            if !ids.contains(key) {
                missing.push(format!("{}: {key}", lang.code()));
            }
        }
    }
    assert!(missing.is_empty(), "messages missing:\n{}", missing.join("\n"));
}

#[test]
fn messages_render_without_placeholders_left() {
    // A message with arguments renders them; a missing file would give the key back.
    let msg = Lang::Fr.t_args("round-n", &[("n", "3".into())]);
    assert_eq!(msg, "Partie 3");
    let msg = Lang::En.t_args(
        "record-points-above-oudlers",
        &[("oudlers", "1".into()), ("max", "83".into())],
    );
    assert!(msg.contains("83"), "{msg}");
}

#[test]
fn both_languages_define_the_same_messages() {
    let fr = ftl_ids("fr");
    let en = ftl_ids("en");
    let only_fr: Vec<_> = fr.difference(&en).collect();
    let only_en: Vec<_> = en.difference(&fr).collect();
    assert!(
        only_fr.is_empty() && only_en.is_empty(),
        "only in fr: {only_fr:?}\nonly in en: {only_en:?}"
    );
}

#[test]
fn every_rules_core_refusal_is_translated() {
    let src = std::fs::read_to_string("crates/core/src/tarot/error.rs").unwrap();
    let mut codes = 0;
    for part in src.split("=> \"").skip(1) {
        let code = &part[..part.find('"').unwrap()];
        if code.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
            codes += 1;
            for lang in Lang::ALL {
                let ids = ftl_ids(lang.code());
                assert!(
                    ids.contains(&format!("record-{code}")),
                    "{}: record-{code}",
                    lang.code()
                );
            }
        }
    }
    assert!(codes >= 40, "found only {codes} codes");
}

#[test]
fn rules_core_refusals_are_french_in_french() {
    let msg = Lang::Fr.t_args("record-points-range", &[]);
    assert_eq!(msg, "Les points doivent être compris entre 0 et 91.");
    let msg = Lang::Fr.t_args(
        "record-points-above-oudlers",
        &[("oudlers", "0".into()), ("max", "79".into())],
    );
    assert!(msg.contains("79") && msg.starts_with("Avec 0 bout"), "{msg}");
}

//! `chelem club-sim` through the real binary, on a small club: the report
//! is well formed, and after a few evenings the rating puts the random
//! players below the strong ones.

fn club_sim(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_chelem"))
        .arg("club-sim")
        .args(args)
        .env_remove("DATABASE_URL")
        .output()
        .unwrap()
}

/// A small season (8 members, 4 evenings of 2 rounds of 3 deals, the search
/// bots at 4 iterations): the report's figures, and random below strong.
#[test]
fn a_small_club_season_is_reported() {
    let args = [
        "--tournaments",
        "4",
        "--after",
        "2",
        "--per-level",
        "2",
        "--rounds",
        "2",
        "--deals",
        "3",
        "--playouts",
        "4",
        "--threads",
        "2",
        "--seed",
        "3",
    ];
    let out = club_sim(&args);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["tournaments"], 4);
    assert_eq!(v["members"], 8);
    // 8 members, all seated (at least 8 come): 2 tables × 2 rounds × 3 deals × 4 evenings.
    assert_eq!(v["deals_played"], 48);
    let held = &v["held_out"];
    assert_eq!(
        (held["first"].as_u64(), held["tournaments"].as_u64()),
        (Some(3), Some(2))
    );
    for name in [
        "rating",
        "points_per_deal",
        "weng_lin_per_deal",
        "weng_lin_per_tournament",
        "true_level",
    ] {
        let rho = held["spearman"][name]["mean"]
            .as_f64()
            .unwrap_or_else(|| panic!("{name} in {v}"));
        assert!((-1.0..=1.0).contains(&rho), "{name}: {rho}");
    }
    for when in ["mean_rating_after", "mean_rating_final"] {
        let mean = |level: &str| {
            v[when][level]
                .as_f64()
                .unwrap_or_else(|| panic!("{when}.{level} in {v}"))
        };
        assert!(mean("random") < mean("strong"), "{when}: {v}");
        let all = ["random", "quick", "sampler", "strong"].map(mean);
        let centre = all.iter().sum::<f64>() / 4.0;
        // As many members of each level: the levels' means average the club's, 1500.
        assert!((centre - 1500.0).abs() < 0.2, "{when}: {centre}");
    }
    // The same seed gives the same season whatever the threads.
    let mut one = args;
    one[13] = "1";
    let again: serde_json::Value = serde_json::from_slice(&club_sim(&one).stdout).unwrap();
    assert_eq!(again["mean_rating_final"], v["mean_rating_final"]);
    assert_eq!(again["held_out"]["spearman"], v["held_out"]["spearman"]);
}

/// Options out of range are refused with a sentence.
#[test]
fn club_sim_refuses_bad_options() {
    let out = club_sim(&["--tournaments", "3", "--after", "3"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--after"));
}

/// A season saved with --save is judged again from the file with --load,
/// to the same figures, without playing; --model judges another model on
/// the same deals; a model that is not JSON, or a file that is not a
/// season, is refused with a sentence.
#[test]
fn a_saved_season_is_judged_again() {
    let dir = std::env::temp_dir().join(format!("chelem-club-sim-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("season.jsonl");
    let path = file.to_str().unwrap();
    let small = [
        "--tournaments",
        "3",
        "--after",
        "2",
        "--per-level",
        "2",
        "--rounds",
        "1",
        "--deals",
        "2",
        "--playouts",
        "2",
        "--seed",
        "5",
        "--save",
        path,
    ];
    let out = club_sim(&small);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let played: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let lines = std::fs::read_to_string(&file).unwrap();
    assert_eq!(lines.lines().count(), 4, "a header and 3 tournaments: {lines}");
    let out = club_sim(&["--load", path, "--after", "2"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let loaded: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for key in ["seed", "members", "deals_played", "mean_rating_final", "held_out"] {
        assert_eq!(loaded[key], played[key], "{key}");
    }
    assert_eq!(loaded["seconds_playing"], 0.0);
    let other = club_sim(&[
        "--load",
        path,
        "--after",
        "2",
        "--model",
        r#"{"cap": null, "prior_deals": 1}"#,
    ]);
    let other: serde_json::Value = serde_json::from_slice(&other.stdout).unwrap();
    assert_eq!(other["model"]["prior_deals"], 1.0);
    assert_ne!(other["mean_rating_final"], played["mean_rating_final"]);
    let bad = club_sim(&["--load", path, "--after", "2", "--model", "cap=3"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--model"));
    std::fs::write(&file, "not a season\n").unwrap();
    let bad = club_sim(&["--load", path, "--after", "2"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("header"));
    std::fs::remove_dir_all(&dir).unwrap();
}

//! Deal entries written together (`deals::enter_all`, what the API's PUTs
//! go through when tablets save at once), on both databases: each entry is
//! decided as if it were alone, after the ones before it in the group — a
//! repeated key answers the slot as the group left it, a second writer from
//! the same version gets 409 with what the first wrote, refusals stay each
//! entry's own — and the group stores one audit entry per correction, each
//! key once, its deal events in order then one standings event.

use crate::common;

use chelem::db::models::{AuditAction, AuditEntry, Deal, StoredEvent};
use chelem::db::ops::deals::{self, Actor, Entry};
use chelem::db::ops::OpError;
use chelem::tournament::deal::TableDeal;
use common::builder::TournamentBuilder;
use common::TestDb;
use serde_json::json;

both_backends!(
    entries_written_together_are_each_decided_as_if_alone,
    |db: TestDb| async move {
        let mut conn = db.conn();
        let t = TournamentBuilder::new("Coupe du club")
            .players(8)
            .seated(1)
            .build(&mut conn);
        let (id, tables) = (t.id, &t.rounds[0]);
        let table = |i: usize| (tables[i].row.clone(), tables[i].round.clone(), tables[i].players[1]);
        let ((t1, r1, taker1), (t2, r2, taker2)) = (table(0), table(1));
        let garde = |taker, points: f64| {
            TableDeal::from_json(&json!({"taker": taker, "contract": "garde", "oudlers": 2, "points": points})).unwrap()
        };
        let (d47, d60, d70, d51) = (
            garde(taker1, 47.0),
            garde(taker1, 60.0),
            garde(taker1, 70.0),
            garde(taker2, 51.0),
        );
        let entry = |table, round, number, deal, version, key| Entry {
            table,
            round,
            number,
            deal,
            actor: &Actor::Table,
            reason: "",
            version,
            key,
        };
        let entries = [
            // 0: a first entry.
            entry(&t1, &r1, 1, &d47, None, Some("first-key-1")),
            // 1: the same request again (a double tap): the slot as entry 0 left it.
            entry(&t1, &r1, 1, &d47, None, Some("first-key-1")),
            // 2: a correction from version 1.
            entry(&t1, &r1, 1, &d60, Some(1), Some("second-key-1")),
            // 3: another tablet, also from version 1: stale, shown entry 2's deal.
            entry(&t1, &r1, 1, &d70, Some(1), Some("third-key-1")),
            // 4: another table's first entry.
            entry(&t2, &r2, 1, &d51, None, None),
            // 5: a key already used, for another slot.
            entry(&t2, &r2, 2, &d51, None, Some("first-key-1")),
            // 6: a deal number the table does not play.
            entry(&t2, &r2, 9, &d51, None, None),
        ];
        let answers = chelem::db::write(&mut conn, |tx| deals::enter_all(tx, &entries)).expect("no database error");
        assert_eq!(answers.len(), entries.len());
        let ok = |i: usize| answers[i].as_ref().unwrap_or_else(|e| panic!("entry {i}: {e:?}"));
        assert_eq!((ok(0).version, ok(0).changed, ok(0).replayed), (1, true, false));
        assert_eq!((ok(1).version, ok(1).changed, ok(1).replayed), (1, false, true));
        assert_eq!(ok(1).scores, ok(0).scores, "the replay shows the scores entry 0 wrote");
        assert_eq!((ok(2).version, ok(2).changed), (2, true));
        assert_ne!(ok(2).scores, ok(0).scores);
        match &answers[3] {
            Err(OpError::Stale { msg, current }) => {
                assert_eq!(msg.key, "deal-stale");
                assert_eq!(
                    (current.version, &current.deal, &current.scores),
                    (2, &d60, &ok(2).scores)
                );
            }
            other => panic!("entry 3: {other:?}"),
        }
        assert_eq!((ok(4).version, ok(4).changed), (1, true));
        match &answers[5] {
            Err(OpError::Invalid(msg)) => assert_eq!(msg.key, "deal-key-reused"),
            other => panic!("entry 5: {other:?}"),
        }
        match &answers[6] {
            Err(OpError::Invalid(msg)) => assert_eq!(msg.key, "deal-number-range"),
            other => panic!("entry 6: {other:?}"),
        }

        // Stored: what the answers say, nothing of the refused entries.
        let stored = Deal::with_scores_for_table(&mut conn, t1.id).unwrap();
        assert_eq!(stored.len(), 1);
        assert_eq!((stored[0].0.version, &stored[0].0.record), (2, &d60));
        assert_eq!(stored[0].1, ok(2).scores);
        let stored = Deal::with_scores_for_table(&mut conn, t2.id).unwrap();
        assert_eq!(stored.iter().map(|(d, _)| d.number).collect::<Vec<_>>(), vec![1]);
        assert_eq!(stored[0].1, ok(4).scores);
        let audit: Vec<AuditEntry> = AuditEntry::for_tournament(&mut conn, id)
            .unwrap()
            .into_iter()
            .filter(|a| a.action == AuditAction::DealCorrected)
            .collect();
        assert_eq!(audit.len(), 1, "one correction");
        assert!(audit[0].after_json.as_deref().unwrap().contains("60"), "{audit:?}");
        // Its events: each change's deal event in order, then one standings event.
        let events: Vec<(String, String)> = StoredEvent::since(&mut conn, 0, 1000)
            .unwrap()
            .into_iter()
            .filter(|e| e.tournament_id == id)
            .map(|e| (e.kind, e.data))
            .skip_while(|(kind, _)| kind != "deal")
            .collect();
        let kinds: Vec<&str> = events.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(kinds, ["deal", "deal", "deal", "standings"], "{events:?}");

        // The keys are spent: each answers again what its entry left.
        let again = chelem::db::write(&mut conn, |tx| {
            deals::enter(tx, &entry(&t1, &r1, 1, &d60, None, Some("second-key-1")))
        })
        .unwrap();
        assert_eq!((again.version, again.replayed), (2, true));
        let again = chelem::db::write(&mut conn, |tx| {
            deals::enter(tx, &entry(&t1, &r1, 1, &d70, None, Some("third-key-1")))
        })
        .unwrap();
        assert_eq!(
            (again.version, again.changed),
            (3, true),
            "the stale entry's key was not spent"
        );
    }
);

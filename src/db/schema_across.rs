//! Diesel table definitions of the tables that reach across tournaments or
//! stand beside them: seasons and their past results, a team event's teams,
//! the directory's merges, a tournament's prize rule, the clubs and what
//! they own. Named again in
//! [`super::schema`], where the joins between all tables are declared.

diesel::table! {
    seasons (id) {
        id -> Integer,
        name -> Text,
        starts -> Text,
        ends -> Text,
        points -> Text,
        scale -> Nullable<Text>,
        best_of -> Nullable<Integer>,
        participation -> Integer,
        created_by -> Nullable<Integer>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    season_tournaments (season_id, tournament_id) {
        season_id -> Integer,
        tournament_id -> Integer,
    }
}

diesel::table! {
    past_results (id) {
        id -> Integer,
        tournament_id -> Integer,
        player_id -> Integer,
        place -> Integer,
        total -> BigInt,
        deals -> Integer,
    }
}

diesel::table! {
    teams (id) {
        id -> Integer,
        tournament_id -> Integer,
        name -> Text,
    }
}

diesel::table! {
    team_members (id) {
        id -> Integer,
        team_id -> Integer,
        tournament_id -> Integer,
        player_id -> Integer,
    }
}

diesel::table! {
    player_merges (id) {
        id -> Integer,
        kept_id -> Integer,
        removed_id -> Integer,
        removed_name -> Text,
        removed_club -> Text,
        removed_licence -> Nullable<Text>,
        removed_created_at -> Timestamp,
        licence_moved -> Bool,
        repointed -> Text,
        kept_rows -> Text,
        actor -> Text,
        created_at -> Timestamp,
        undone_by -> Nullable<Text>,
        undone_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    prize_rules (tournament_id) {
        tournament_id -> Integer,
        rule -> Text,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    clubs (id) {
        id -> Integer,
        name -> Text,
        town -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    club_organizers (club_id, user_id) {
        club_id -> Integer,
        user_id -> Integer,
    }
}

diesel::table! {
    tournament_clubs (tournament_id) {
        tournament_id -> Integer,
        club_id -> Integer,
    }
}

diesel::table! {
    season_clubs (season_id) {
        season_id -> Integer,
        club_id -> Integer,
    }
}

diesel::table! {
    tournament_shares (tournament_id, club_id) {
        tournament_id -> Integer,
        club_id -> Integer,
    }
}

diesel::table! {
    season_shares (season_id, club_id) {
        season_id -> Integer,
        club_id -> Integer,
    }
}

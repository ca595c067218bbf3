//! Diesel table definitions, shared by both backends (see `migrations/`).
//! The tables that reach across tournaments or stand beside them (seasons,
//! past results, teams, directory merges, prize rules) are written in
//! [`super::schema_across`] and named here, where every table may join.

pub use super::schema_across::{
    club_organizers, clubs, past_results, player_merges, prize_rules, season_clubs, season_shares, season_tournaments,
    seasons, team_members, teams, tournament_clubs, tournament_shares,
};

diesel::table! {
    users (id) {
        id -> Integer,
        username -> Text,
        password_hash -> Text,
        created_at -> Timestamp,
        admin -> Bool,
    }
}

diesel::table! {
    sessions (id) {
        id -> Integer,
        token_hash -> Text,
        user_id -> Integer,
        created_at -> Timestamp,
        expires_at -> Timestamp,
    }
}

diesel::table! {
    api_tokens (id) {
        id -> Integer,
        user_id -> Integer,
        token_hash -> Text,
        label -> Text,
        created_at -> Timestamp,
        last_used_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    login_attempts (id) {
        id -> Integer,
        username -> Text,
        address -> Text,
        success -> Bool,
        attempted_at -> Timestamp,
    }
}

diesel::table! {
    players (id) {
        id -> Integer,
        name -> Text,
        club -> Text,
        licence -> Nullable<Text>,
        created_at -> Timestamp,
        bot -> Nullable<Text>,
    }
}

diesel::table! {
    tournaments (id) {
        id -> Integer,
        name -> Text,
        event_date -> Text,
        rounds_planned -> Integer,
        deals_table3 -> Integer,
        deals_table4 -> Integer,
        deals_table5 -> Integer,
        table5_mode -> Text,
        tie_breaker -> Text,
        rules_json -> Text,
        extra_fives -> Integer,
        swiss_from_round -> Nullable<Integer>,
        seed -> BigInt,
        plan_json -> Nullable<Text>,
        created_by -> Nullable<Integer>,
        created_at -> Timestamp,
        confirm_deals -> Bool,
        ranking -> Text,
        round_seconds -> Nullable<Integer>,
        format -> Text,
        comparison -> Text,
        fill_with_bots -> Bool,
        deal_secret -> BigInt,
        room_numbering -> Text,
        place -> Text,
        host_club -> Text,
        organizer_name -> Text,
        teams -> Nullable<Integer>,
    }
}

diesel::table! {
    rooms (id) {
        id -> Integer,
        tournament_id -> Integer,
        number -> Integer,
        name -> Text,
        tables -> Integer,
    }
}

diesel::table! {
    registrations (id) {
        id -> Integer,
        tournament_id -> Integer,
        player_id -> Integer,
        checked_in -> Bool,
        first_round -> Integer,
        withdrawn_after -> Nullable<Integer>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    seating_constraints (id) {
        id -> Integer,
        tournament_id -> Integer,
        kind -> Text,
        player_a -> Integer,
        player_b -> Nullable<Integer>,
        table_number -> Nullable<Integer>,
    }
}

diesel::table! {
    rounds (id) {
        id -> Integer,
        tournament_id -> Integer,
        number -> Integer,
        status -> Text,
        created_at -> Timestamp,
        closed_at -> Nullable<Timestamp>,
        ends_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    round_tables (id) {
        id -> Integer,
        round_id -> Integer,
        number -> Integer,
        token -> Text,
        deal_count -> Integer,
    }
}

diesel::table! {
    seats (id) {
        id -> Integer,
        table_id -> Integer,
        seat -> Integer,
        player_id -> Integer,
    }
}

diesel::table! {
    deals (id) {
        id -> Integer,
        table_id -> Integer,
        number -> Integer,
        passed -> Bool,
        record_json -> Text,
        taker_id -> Nullable<Integer>,
        attack_won -> Nullable<Bool>,
        entered_by -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        version -> Integer,
        confirmed -> Bool,
        confirmed_by -> Nullable<Integer>,
        void_reason -> Nullable<Text>,
    }
}

diesel::table! {
    submissions (key) {
        key -> Text,
        table_id -> Integer,
        number -> Integer,
        version -> Integer,
        created_at -> Timestamp,
        record_json -> Nullable<Text>,
    }
}

diesel::table! {
    deal_scores (id) {
        id -> Integer,
        deal_id -> Integer,
        player_id -> Integer,
        score -> Integer,
    }
}

diesel::table! {
    audit_log (id) {
        id -> Integer,
        tournament_id -> Nullable<Integer>,
        actor -> Text,
        action -> Text,
        subject -> Text,
        before_json -> Nullable<Text>,
        after_json -> Nullable<Text>,
        reason -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    events (id) {
        id -> BigInt,
        tournament_id -> Integer,
        kind -> Text,
        data -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    games (id) {
        id -> Integer,
        tournament_id -> Nullable<Integer>,
        table_id -> Nullable<Integer>,
        players -> Integer,
        deal_count -> Integer,
        seed -> Nullable<BigInt>,
        created_by -> Text,
        created_at -> Timestamp,
        pace -> Text,
    }
}

diesel::table! {
    game_seats (id) {
        id -> Integer,
        game_id -> Integer,
        seat -> Integer,
        name -> Text,
        player_id -> Nullable<Integer>,
        token -> Nullable<Text>,
        bot -> Nullable<Text>,
    }
}

diesel::table! {
    game_deals (id) {
        id -> Integer,
        game_id -> Integer,
        number -> Integer,
        dealer -> Integer,
        seat_map -> Text,
        seed -> BigInt,
        actions -> Integer,
        scores -> Nullable<Text>,
        log -> Nullable<Text>,
        created_at -> Timestamp,
        finished_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    game_actions (id) {
        id -> Integer,
        deal_id -> Integer,
        idx -> Integer,
        seat -> Integer,
        action -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    awards (id) {
        id -> Integer,
        table_id -> Integer,
        reason -> Text,
        actor -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    award_points (id) {
        id -> Integer,
        award_id -> Integer,
        player_id -> Integer,
        points -> Integer,
    }
}

diesel::joinable!(sessions -> users (user_id));
diesel::joinable!(api_tokens -> users (user_id));
diesel::joinable!(registrations -> tournaments (tournament_id));
diesel::joinable!(registrations -> players (player_id));
diesel::joinable!(rounds -> tournaments (tournament_id));
diesel::joinable!(rooms -> tournaments (tournament_id));
diesel::joinable!(round_tables -> rounds (round_id));
diesel::joinable!(seats -> round_tables (table_id));
diesel::joinable!(seats -> players (player_id));
diesel::joinable!(deals -> round_tables (table_id));
diesel::joinable!(deal_scores -> deals (deal_id));
diesel::joinable!(deal_scores -> players (player_id));
diesel::joinable!(submissions -> round_tables (table_id));
diesel::joinable!(events -> tournaments (tournament_id));
diesel::joinable!(games -> tournaments (tournament_id));
diesel::joinable!(games -> round_tables (table_id));
diesel::joinable!(game_seats -> games (game_id));
diesel::joinable!(game_seats -> players (player_id));
diesel::joinable!(game_deals -> games (game_id));
diesel::joinable!(game_actions -> game_deals (deal_id));
diesel::joinable!(awards -> round_tables (table_id));
diesel::joinable!(award_points -> awards (award_id));
diesel::joinable!(award_points -> players (player_id));
diesel::joinable!(club_organizers -> users (user_id));
diesel::joinable!(season_tournaments -> seasons (season_id));
diesel::joinable!(season_tournaments -> tournaments (tournament_id));
diesel::joinable!(team_members -> teams (team_id));

diesel::allow_tables_to_appear_in_same_query!(
    users,
    sessions,
    api_tokens,
    login_attempts,
    players,
    tournaments,
    rooms,
    registrations,
    seating_constraints,
    rounds,
    round_tables,
    seats,
    deals,
    deal_scores,
    audit_log,
    submissions,
    events,
    games,
    game_seats,
    game_deals,
    game_actions,
    awards,
    award_points,
    seasons,
    season_tournaments,
    past_results,
    teams,
    team_members,
    player_merges,
    prize_rules,
    clubs,
    club_organizers,
    tournament_clubs,
    season_clubs,
    tournament_shares,
    season_shares,
);

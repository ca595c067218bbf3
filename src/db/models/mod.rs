//! Models and their queries. Each query takes the connection, so it works the
//! same inside a transaction.

pub mod api_token;
pub mod audit;
pub mod audit_action;
pub mod award;
pub mod batch;
pub mod constraint;
pub mod deal;
pub mod event;
pub mod game;
pub mod login_attempt;
pub mod player;
pub mod player_merge;
pub mod prize_rule;
pub mod registration;
pub mod room;
pub mod round;
pub mod season;
pub mod session;
pub mod settings;
pub mod submission;
pub mod team;
pub mod tournament;
pub mod user;

pub use api_token::ApiToken;
pub use audit::{AuditEntry, NewAuditEntry};
pub use audit_action::{AuditAction, UnknownAuditAction};
pub use award::{Award, AwardLine};
pub use constraint::SeatingConstraint;
pub use deal::{Deal, DealChanges, NewDeal, ScoreLine};
pub use event::StoredEvent;
pub use game::{GameActionRow, GameDeal, GameRow, GameSeat, NewGameSeat};
pub use login_attempt::LoginAttempt;
pub use player::{NewPlayer, Player};
pub use player_merge::{NewPlayerMerge, PlayerMerge};
pub use prize_rule::PrizeRule;
pub use registration::Registration;
pub use round::{Round, RoundTable, Seat};
pub use season::{NewSeason, Season};
pub use session::Session;
pub use settings::TournamentSettings;
pub use submission::Submission;
pub use team::Teams;
pub use tournament::{NewTournament, Tournament};
pub use user::{NewUser, User};

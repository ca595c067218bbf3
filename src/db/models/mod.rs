//! Models and their queries. Each query takes the connection, so it works the
//! same inside a transaction.

pub mod api_token;
pub mod login_attempt;
pub mod session;
pub mod user;

pub use api_token::ApiToken;
pub use login_attempt::LoginAttempt;
pub use session::Session;
pub use user::{NewUser, User};

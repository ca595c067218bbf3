//! The FFT rules core: worked examples, table-driven cases, every refusal,
//! the bounds against an exhaustive model, and properties.

mod bounds;
mod bounds_model;
mod common;
mod errors;
mod properties;
mod scoring;

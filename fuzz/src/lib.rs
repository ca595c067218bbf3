//! The fuzz targets' checks, one function per target (see `checks.rs`).

pub mod checks;

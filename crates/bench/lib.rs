//! Nothing here: the benchmarks are under `benches/` (`cargo bench -p chelem-bench`).

//! Elo: being written.

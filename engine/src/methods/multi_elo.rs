//! Multiplayer Elo: being written.

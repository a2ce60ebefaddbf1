//! PGN import: being written.

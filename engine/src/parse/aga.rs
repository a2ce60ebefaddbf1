//! The AGA results text format: being written.

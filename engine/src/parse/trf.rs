//! FIDE TRF import: being written.

//! FIDE tiebreaks (C.07): being written.

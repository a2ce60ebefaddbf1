//! JRank (Londenberg 2010): being written.

//! The AGA rating system (Waldron 2010): being written.

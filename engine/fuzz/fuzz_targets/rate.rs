//! Parse, then rate by every method (the first byte picks the method, Brent's variant and
//! γ): no panic, and every number in the result finite.
#![no_main]
use libfuzzer_sys::fuzz_target;
use ratings_engine::job::{Job, Settings};
use ratings_engine::parse::decode::decode;
use ratings_engine::{MethodKind, Variant};
use ratings_engine_fuzz::check_rating;

fuzz_target!(|bytes: &[u8]| {
    let Some((&pick, rest)) = bytes.split_first() else { return };
    let mut settings = Settings::default();
    settings.method = MethodKind::ALL[pick as usize % MethodKind::ALL.len()];
    settings.params.brent.variant = Variant::ALL[(pick as usize / MethodKind::ALL.len()) % Variant::ALL.len()];
    settings.params.brent.gamma = if pick & 0x80 != 0 { 1.0 } else { 0.0 };
    settings.params.brent.max_iter = 2_000;
    settings.skip_bad_lines = pick & 0x40 != 0;
    // Bytes that are not text (refused by `decode`) are still fuzzed as text, as a paste may be.
    let text = decode(rest).map_or_else(|_| String::from_utf8_lossy(rest).into_owned(), |d| d.text);
    let Ok(job) = Job::read(&text, &settings) else { return };
    if let Ok(rating) = job.run().rating {
        check_rating(&rating);
    }
});

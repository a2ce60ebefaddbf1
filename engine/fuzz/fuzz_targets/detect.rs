//! Format detection and reading, whole and in chunks (as the app streams a file): no panic,
//! and the chunked reader gives what the whole read gives.
#![no_main]
use libfuzzer_sys::fuzz_target;
use ratings_engine::job::{Job, JobReader, Settings};
use ratings_engine::parse::decode::decode;
use ratings_engine::parse::detect::detect;
use ratings_engine_fuzz::check_errors;

fuzz_target!(|bytes: &[u8]| {
    let settings = Settings::default();
    let Ok(decoded) = decode(bytes) else {
        // Not text: the chunked reader refuses it too.
        let mut reader = JobReader::new(&settings);
        bytes.chunks(7).for_each(|chunk| reader.push(chunk));
        assert!(reader.finish().is_err());
        return;
    };
    let text = decoded.text;
    let _ = detect(&text, &settings.read_options());
    let whole = Job::read(&text, &settings);
    if let Err(e) = &whole {
        check_errors(&text, e);
    }
    let mut reader = JobReader::new(&settings);
    for chunk in bytes.chunks(7) {
        reader.push(chunk);
    }
    let streamed = reader.finish();
    match (&whole, &streamed) {
        (Ok(w), Ok(s)) => assert_eq!(w.input.dataset, s.input.dataset),
        (Err(_), Err(_)) => {}
        _ => panic!("whole and chunked reads disagree: {:?} / {:?}", whole.is_ok(), streamed.is_ok()),
    }
});

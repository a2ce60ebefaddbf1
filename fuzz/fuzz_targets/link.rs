//! The share link (the app's `src/core/link.rs`): any text read as a link, a link made of any
//! results text and read back, and any JSON packed as a link; whatever a link restores is then
//! rated and ranked as the app's worker would (`compute`, the standings, the team standings).
//! No panic; a link made here reads back as made; every number the page would show is finite.
//! The first byte picks which, and the settings of a link made here.
#![no_main]
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use libfuzzer_sys::fuzz_target;
use ratings_engine::job::{Job, Settings};
use ratings_engine::tiebreak::{all_codes, Rules};
use ratings_engine::{MethodKind, Variant};
use ratings_engine_fuzz::{check_standings, check_team_standings};
use ratings_lab_web::core::link::{self, Carries, Data, Given, Scenario, View};
use ratings_lab_web::{core::compute, core::lessons};

/// What the page does with a scenario a link restored: its text (or lesson) read, rated,
/// ranked. The iterations are capped: the worker runs them in slices that the user can
/// cancel, so a link asking for ten million is slow there, not a fault.
fn restore(scenario: Scenario) {
    let Scenario { mut settings, view, data } = scenario;
    let _ = (view.step, view.sort, view.speed.filter(|s| s.is_finite()).map(|s| s.clamp(0.5, 30.0)));
    let text = match data {
        Data::Text(text) => text,
        Data::Lesson(id) => match lessons::by_id(&id) {
            Some(lesson) => lesson.text.to_string(),
            None => return,
        },
        Data::Left(why) => return assert!(!why.text().is_empty()),
    };
    settings.params.brent.max_iter = settings.params.brent.max_iter.min(2_000);
    settings.params.jrank.max_iter = settings.params.jrank.max_iter.min(2_000);
    settings.params.aga.max_iter = settings.params.aga.max_iter.min(2_000);
    let Ok(job) = Job::read(&text, &settings) else { return };
    let finished = job.run();
    if let Ok(result) = compute::result(&job, finished, compute::with_standings) {
        for p in &result.players {
            assert!(p.score.is_finite(), "{}: score {}", p.name, p.score);
            for v in [p.rating, p.sigma].into_iter().flatten() {
                assert!(v.is_finite(), "{}: {v}", p.name);
            }
        }
        serde_json::to_string(&result).expect("the result crosses to the page as JSON");
    }
    if let Some(s) = job.standings() {
        check_standings(&s.standings);
    }
    if let Some((teams, _)) = job.team_standings() {
        check_team_standings(&teams);
    }
}

/// Settings a user could have chosen, from one byte.
fn settings_from(pick: u8) -> Settings {
    let mut s = Settings { method: MethodKind::ALL[pick as usize % MethodKind::ALL.len()], ..Settings::default() };
    s.params.brent.variant = Variant::ALL[(pick as usize / MethodKind::ALL.len()) % Variant::ALL.len()];
    s.skip_bad_lines = pick & 0x40 != 0;
    s.rules = Some(Rules::ALL[(pick as usize >> 7) % Rules::ALL.len()]);
    let codes = all_codes();
    s.tiebreaks = Some(codes.iter().cycle().skip(pick as usize % codes.len()).take(1 + (pick as usize / 3) % 4).copied().collect());
    s.after_round = (pick % 5 == 0).then_some(1 + (pick as usize / 5) % 3);
    s
}

fuzz_target!(|bytes: &[u8]| {
    let Some((&pick, rest)) = bytes.split_first() else { return };
    let text = String::from_utf8_lossy(rest);
    // Any text as an address's fragment.
    if let Some(Ok(scenario)) = link::read(&text) {
        restore(scenario);
    }
    if pick & 0x20 == 0 {
        // A link made of this text (a results file as entered), read back as made.
        let settings = settings_from(pick);
        let view = View {
            step: Some(pick as usize),
            sort: Some(("name".into(), pick & 1 == 0)),
            speed: Some(f64::from(pick)),
            race: pick & 2 == 0,
            ..View::default()
        };
        let (fragment, carries) = link::make(&settings, &view, Given::Text(&text));
        let scenario = link::read(&fragment).expect("a link made here is a link").expect("a link made here reads");
        assert_eq!((&scenario.settings, &scenario.view), (&settings, &view));
        match (&carries, &scenario.data) {
            (Carries::Data, Data::Text(t)) => assert_eq!(*t, text),
            (Carries::Lesson, Data::Lesson(id)) => assert_eq!(lessons::by_id(id).map(|l| l.text), Some(&*text)),
            (Carries::SettingsOnly(why), Data::Left(left)) => assert_eq!(why, left),
            other => panic!("the link carries {other:?}"),
        }
        restore(scenario);
    } else {
        // The bytes as a scenario's JSON, packed as the app packs a link (a link edited by hand).
        let packed = miniz_oxide::deflate::compress_to_vec_zlib(rest, 1);
        let fragment = format!("#v{}={}", link::VERSION, URL_SAFE_NO_PAD.encode(packed));
        match link::read(&fragment) {
            Some(Ok(scenario)) => restore(scenario),
            Some(Err(e)) => assert!(!e.to_string().is_empty()),
            None => panic!("a v1 fragment is a link"),
        }
    }
});

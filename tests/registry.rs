//! The registry reaches what the page keeps: every parameter of every method, set away from
//! its default, comes back the same from the stored settings and from a copied link (a
//! parameter missing from either would come back at its default). The panel, the compare view
//! and tuning are checked in the browser (`tests/e2e/registry.test.mjs`), the command line's
//! flags and `--help` in `cli/tests/methods.rs`.

use ratings_engine::methods::registry::{self, Access, Param};
use ratings_engine::MethodKind;
use ratings_lab_web::core::json::{from_json, to_json};
use ratings_lab_web::core::link::{self, Data, Given, Scenario, View};
use ratings_lab_web::core::protocol::Settings;
use ratings_lab_web::core::settings::Stored;

/// A value of `p` other than its default, in its range, as text.
fn other_value(p: &Param, settings: &Settings) -> String {
    match p.access {
        Access::Number { min, max, step, integer, get, .. } => {
            let d = get(&settings.params);
            [d * 2.0, d / 2.0, d + step, d - step, min, max]
                .into_iter()
                .find(|&v| v != d && (min..=max).contains(&v) && (!integer || v.fract() == 0.0))
                .map(|v| v.to_string())
                .unwrap_or_else(|| panic!("{} {}: no other value in range", p.method, p.id))
        }
        Access::Flag { get, .. } => (!get(&settings.params)).to_string(),
        Access::Choice { options, get, .. } => {
            let now = get(&settings.params);
            options().into_iter().map(|o| o.0).find(|&o| o != now).unwrap_or_else(|| panic!("{}: one option", p.id)).to_string()
        }
    }
}

#[test]
fn every_parameter_survives_the_stored_settings_and_the_link() {
    let all = registry::all();
    assert!(all.len() >= 40, "{} parameters", all.len());
    for kind in MethodKind::ALL {
        assert!(all.iter().any(|p| p.method == kind), "{kind} has parameters in the registry");
    }
    for p in &all {
        let mut settings = Settings { method: p.method, ..Settings::default() };
        let value = other_value(p, &settings);
        p.put(&mut settings.params, &value).unwrap_or_else(|e| panic!("{e}"));
        assert_ne!(settings, Settings { method: p.method, ..Settings::default() }, "{} {}: the value moved", p.method, p.id);
        let stored = from_json::<Stored>(&to_json(&Stored::new(&settings))).unwrap().settings;
        assert_eq!(stored, settings, "{} {} = {value}: kept in the stored settings", p.method, p.id);
        let (fragment, _) = link::make(&settings, &View::default(), Given::Text("white,black,result\nA,B,1-0\n"));
        let read = link::read(&format!("#{fragment}")).expect("a link").expect("readable");
        let expected =
            Scenario { settings: settings.clone(), view: View::default(), data: Data::Text("white,black,result\nA,B,1-0\n".into()) };
        assert_eq!(read, expected, "{} {} = {value}: carried by the link", p.method, p.id);
    }
}

//! Brent's fixed point is the Bradley–Terry maximum-likelihood estimate: checked against the
//! estimates published with the `choix` library's tests (MIT; see tests/data/choix/SOURCE.txt).
//! (choix's first pairwise case, a perfect cycle, has the starting point as its answer, so it
//! could not fail here and is not used.)

use ratings_engine::{rate, BrentParams, Dataset, Method, Options};
use serde_json::Value;

fn check(file: &str) {
    let path = format!("{}/tests/data/choix/{file}", env!("CARGO_MANIFEST_DIR"));
    let case: Value = serde_json::from_str(&std::fs::read_to_string(&path).expect("fixture")).expect("json");
    let n = case["n_items"].as_u64().unwrap() as usize;
    let mut d = Dataset::new();
    for i in 0..n {
        d.player(&format!("item {i}"));
    }
    for pair in case["data"].as_array().unwrap() {
        let (w, l) = (pair[0].as_u64().unwrap(), pair[1].as_u64().unwrap());
        d.add_game(&format!("item {w}"), &format!("item {l}"), 1.0);
    }
    for variant in [ratings_engine::Variant::Alg1, ratings_engine::Variant::Fixed, ratings_engine::Variant::Zermelo] {
        let r = rate(&d, &Method::Brent(BrentParams { variant, eps: 1e-13, max_iter: 100_000, ..Default::default() }), &Options::default())
            .unwrap();
        assert!(r.report.converged, "{file} {variant:?}");
        for (i, expected) in case["ml_est"].as_array().unwrap().iter().enumerate() {
            let got = r.players.iter().find(|p| p.name == format!("item {i}")).unwrap().log_strength.unwrap();
            let expected = expected.as_f64().unwrap();
            // choix publishes 9 decimals.
            assert!((got - expected).abs() < 1e-8, "{file} {variant:?} item {i}: {got} vs {expected}");
        }
    }
}

#[test]
fn choix_pairwise_cycle_with_one_more_comparison() {
    check("testcase-pairwise-2.json");
}

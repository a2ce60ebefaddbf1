//! The settings as the app keeps them in the browser's storage: the engine's own
//! [`Settings`], versioned, and the migration from the first version's shape (flat Brent
//! parameters, Elo's shared with multiplayer Elo, `aga_by_event`), so a returning user keeps
//! what they chose. A stored name the engine does not know is an error that says which.

pub use ratings_engine::job::Settings;
use ratings_engine::methods::brent::{BrentParams, Variant};
use ratings_engine::methods::elo::EloParams;
use ratings_engine::methods::multi_elo::MultiEloParams;
use ratings_engine::methods::Params;
use ratings_engine::tiebreak::{Rules, Tiebreak};
use ratings_engine::{MethodKind, ScaleKind};
use serde::{Deserialize, Serialize};

/// The version written now (3: the rules are chosen by the tournament's start date unless the
/// user picks them, and a tiebreak order is stored only when chosen; version 2 wrote the 2023
/// rules and the order BH-C1, BH, SB, EIG for everyone).
pub const VERSION: u32 = 3;

/// What is stored: `{"version": 3, "settings": {...}}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Stored {
    pub version: u32,
    pub settings: Settings,
}

impl Stored {
    pub fn new(settings: &Settings) -> Stored {
        Stored { version: VERSION, settings: settings.clone() }
    }

    /// The settings as they are used now: before version 3 every user's settings held the 2023
    /// rules and the order BH-C1, BH, SB, EIG, the defaults then, chosen or not; they now mean
    /// none chosen: the rules in force at the tournament's start date, the file's order, else
    /// FIDE's recommended one for the event's type.
    pub fn current(self) -> Settings {
        let mut s = self.settings;
        if self.version < 3 {
            s.tiebreaks = s.tiebreaks.filter(|o| o[..] != ratings_engine::job::OLD_DEFAULT_TIEBREAKS);
            if s.rules == Some(Rules::Fide2023) {
                s.rules = None;
            }
        }
        s
    }
}

/// The first version's shape (kept under another key, unversioned).
#[derive(Clone, Debug, Deserialize)]
#[serde(default)]
pub struct Legacy {
    method: MethodKind,
    variant: Variant,
    sigma: f64,
    gamma: f64,
    eps: f64,
    max_iter: usize,
    scale: ScaleKind,
    shown: Option<f64>,
    anchor: String,
    mapping: String,
    skip_bad_lines: bool,
    /// Elo's parameters, which multiplayer Elo shared.
    elo: EloParams,
    jrank: LegacyJRank,
    aga_by_event: bool,
    #[serde(deserialize_with = "ratings_engine::tiebreak::order::distinct_some")]
    tiebreaks: Option<Vec<Tiebreak>>,
    rules: Rules,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
struct LegacyJRank {
    k: Option<f64>,
    p: Option<f64>,
    fit: bool,
    holdout: f64,
}

impl Default for Legacy {
    fn default() -> Self {
        let s = Settings::default();
        Legacy {
            method: s.method,
            variant: s.params.brent.variant,
            sigma: s.params.brent.sigma,
            gamma: s.params.brent.gamma,
            eps: s.params.brent.eps,
            max_iter: s.params.brent.max_iter,
            scale: s.scale,
            shown: s.shown,
            anchor: s.anchor,
            mapping: s.mapping,
            skip_bad_lines: s.skip_bad_lines,
            elo: s.params.elo,
            jrank: LegacyJRank::default(),
            aga_by_event: s.params.aga.by_event,
            tiebreaks: s.tiebreaks,
            rules: s.rules.unwrap_or(Rules::Fide2023),
        }
    }
}

impl From<Legacy> for Settings {
    fn from(l: Legacy) -> Settings {
        // Start from the defaults, so a method added since needs nothing here.
        let mut params = Params::default();
        let e = &l.elo;
        params.multi_elo = MultiEloParams { zeta: e.zeta, k: e.k, initial: e.initial };
        params.elo = l.elo;
        // The first version had Algorithm 1 for everything; automatic is Algorithm 1 on the
        // inputs it could handle, and accelerated on the large ones it could not.
        let variant = if l.variant == Variant::Alg1 { Variant::Auto } else { l.variant };
        params.brent = BrentParams { variant, sigma: l.sigma, gamma: l.gamma, eps: l.eps, max_iter: l.max_iter };
        let j = &mut params.jrank;
        (j.fit, j.holdout) = (l.jrank.fit, l.jrank.holdout);
        j.k = l.jrank.k.unwrap_or(j.k);
        j.p = l.jrank.p.unwrap_or(j.p);
        params.aga.by_event = l.aga_by_event;
        Settings {
            method: l.method,
            params,
            scale: l.scale,
            shown: l.shown,
            anchor: l.anchor,
            mapping: l.mapping,
            skip_bad_lines: l.skip_bad_lines,
            // The order every early version stored unasked: none chosen (the file's default).
            tiebreaks: l.tiebreaks.filter(|o| o[..] != ratings_engine::job::OLD_DEFAULT_TIEBREAKS),
            // The 2023 rules were everyone's default then: by the start date now.
            rules: (l.rules != Rules::Fide2023).then_some(l.rules),
            gamma_as_eig: true,
            ..Settings::default()
        }
    }
}

/// Why stored settings could not be used, in words for the page.
pub fn unreadable(error: &str) -> String {
    format!("Your saved settings could not be read ({error}); the defaults are used instead.")
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratings_engine::methods::jrank::JRankParams;

    /// Version 2 wrote the order every user started with: it reads as none chosen now; any
    /// other order, or that one stored by version 3 (chosen), is kept.
    #[test]
    fn the_old_default_order_reads_as_none_chosen() {
        let stored = |v: u32, order: &str| {
            let text = format!(r#"{{"version":{v},"settings":{{"tiebreaks":{order}}}}}"#);
            serde_json::from_str::<Stored>(&text).unwrap().current().tiebreaks
        };
        assert_eq!(stored(2, r#"["BH-C1","BH","SB","EIG"]"#), None);
        assert_eq!(stored(2, r#"["BH","EIG"]"#), Some(vec![Tiebreak::Bh, Tiebreak::Eig]));
        assert_eq!(stored(3, r#"["BH-C1","BH","SB","EIG"]"#).map(|o| o.len()), Some(4));
    }

    #[test]
    fn the_first_versions_settings_still_load() {
        let old = r#"{"method":"jrank","variant":"zermelo","sigma":0.5,"gamma":1.0,"eps":1e-8,"max_iter":500,"scale":"natural",
            "shown":null,"anchor":"","mapping":"first=Heim","skip_bad_lines":true,
            "elo":{"zeta":300.0,"k":16.0,"home":30.0,"initial":1200.0,"margin":true,"home_in_update":false,"chronological":false},
            "jrank":{"k":2.0,"p":0.7,"fit":true,"holdout":0.2},"aga_by_event":false,"tiebreaks":["BH","SB","EIG"],"rules":"2026"}"#;
        let s: Settings = serde_json::from_str::<Legacy>(old).unwrap().into();
        assert_eq!(s.method, MethodKind::JRank);
        assert_eq!(s.params.brent, BrentParams { variant: Variant::Zermelo, sigma: 0.5, gamma: 1.0, eps: 1e-8, max_iter: 500 });
        assert_eq!((s.params.elo.k, s.params.multi_elo.k, s.params.multi_elo.initial), (16.0, 16.0, 1200.0));
        assert_eq!(
            (s.params.jrank.k, s.params.jrank.p, s.params.jrank.fit, s.params.jrank.holdout, s.params.jrank.eps),
            (2.0, 0.7, true, 0.2, JRankParams::default().eps)
        );
        assert!(!s.params.aga.by_event && s.skip_bad_lines && s.scale == ScaleKind::Natural);
        assert_eq!((s.tiebreaks, s.rules), (Some(vec![Tiebreak::Bh, Tiebreak::Sb, Tiebreak::Eig]), Some(Rules::Fide2026)));
        // The current version round-trips.
        let now = Stored::new(&Settings::default());
        assert_eq!(serde_json::from_str::<Stored>(&serde_json::to_string(&now).unwrap()).unwrap(), now);
    }

    /// Version 2 wrote the 2023 rules, its default, for everyone: they now follow the start
    /// date; a choice of the 2026 rules, and any choice stored since, is kept.
    #[test]
    fn the_rules_of_version_2_follow_the_start_date() {
        let read = |json: &str| serde_json::from_str::<Stored>(json).unwrap().current().rules;
        assert_eq!(read(r#"{"version":2,"settings":{"rules":"2023"}}"#), None);
        assert_eq!(read(r#"{"version":2,"settings":{"rules":"2026"}}"#), Some(Rules::Fide2026));
        assert_eq!(read(r#"{"version":3,"settings":{"rules":"2023"}}"#), Some(Rules::Fide2023));
        assert_eq!(read(r#"{"version":3,"settings":{}}"#), None);
        assert_eq!(Stored::new(&Settings::default()).current().rules, None);
    }

    #[test]
    fn unknown_names_in_stored_settings_are_errors_that_say_which() {
        for (json, now, word) in [
            (r#"{"method":"bradley"}"#, r#"{"method":"bradley"}"#, "bradley"),
            (r#"{"variant":"alg2"}"#, r#"{"brent":{"variant":"alg2"}}"#, "alg2"),
            (r#"{"scale":"glicko"}"#, r#"{"scale":"glicko"}"#, "glicko"),
            (r#"{"rules":"1999"}"#, r#"{"rules":"1999"}"#, "1999"),
            (r#"{"tiebreaks":["BH","XYZ"]}"#, r#"{"tiebreaks":["BH","XYZ"]}"#, "XYZ"),
            // A tiebreak listed twice (issue 19): refused, naming it.
            (r#"{"tiebreaks":["BH","SB","BH"]}"#, r#"{"tiebreaks":["BH","SB","BH"]}"#, "BH is listed twice"),
        ] {
            let e = serde_json::from_str::<Legacy>(json).unwrap_err().to_string();
            assert!(e.contains(word), "{json}: {e}");
            let v2 = format!(r#"{{"version":2,"settings":{now}}}"#);
            let e = serde_json::from_str::<Stored>(&v2).unwrap_err().to_string();
            assert!(e.contains(word), "{v2}: {e}");
        }
        assert!(unreadable("unknown variant `bradley`").contains("defaults are used"));
    }
}

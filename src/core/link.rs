//! A link that restores a scenario: the method, every parameter (the engine's own
//! [`Settings`]), the view, and the data when they fit, in the URL's fragment (`#v1=…`, which
//! browsers never send to a server).
//!
//! The fragment is `v{version}=` and then URL-safe base64 (no padding) of zlib-compressed JSON
//! ([`Scenario`]); zlib's checksum finds a link cut short or altered. Version 1 is the only one
//! written so far; a later version reads the older ones by their number. The JSON is open to
//! additions: a field added to [`View`] later defaults when an older link lacks it, and one
//! this version does not know is ignored. The data travel when the compressed link is at most
//! [`MAX_COMPRESSED`] bytes; otherwise the link says why it carries the settings only.

use crate::core::compare::{CompareRequest, Orders};
use crate::core::json::{from_json, to_json};
use crate::core::settings::Settings;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The link format written now.
pub const VERSION: u32 = 1;
/// The largest compressed scenario (in bytes, before base64) a link carries the data in.
pub const MAX_COMPRESSED: usize = 100_000;
/// The most a link may unpack to (a larger one is refused, not unpacked).
const MAX_UNPACKED: usize = 16 << 20;
/// zlib's level: the smallest links.
const LEVEL: u8 = 9;

/// What a link restores.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    pub settings: Settings,
    #[serde(default)]
    pub view: View,
    pub data: Data,
}

/// What the organiser's panel shows of a tournament (the round is the settings' `after_round`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OrganiserView {
    #[default]
    Standings,
    Crosstable,
    /// The pairings and results of the round the standings are after.
    Pairings,
    /// A team tournament's team standings.
    Teams,
    /// A team tournament's crosstable of matches.
    TeamCross,
}

/// The most methods a link's compare view may name (the view offers fewer): a link asks for
/// no more work than the page itself would.
pub const MAX_COMPARE_METHODS: usize = 8;
/// The most shuffles a link's compare view may ask for (the view's own limit).
pub const MAX_SHUFFLES: u32 = 10_000;

/// What is shown: the step, the table's order, the playing speed, and the views open beside
/// the ratings (the compare view, the race, a player's working, the organiser's view).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct View {
    /// The step shown in the step-by-step view (0 = the start); `None`: the final ratings.
    pub step: Option<usize>,
    /// The table's sort column (`rank`, `name`, `rating`, `games`, `score`) and whether it
    /// is ascending; `None`: the default order.
    pub sort: Option<(String, bool)>,
    /// Steps per second while playing.
    pub speed: Option<f64>,
    /// The compare view, when it is open: its methods and the orders replayed.
    pub compare: Option<CompareRequest>,
    /// Whether the iterations were raced (the link races them again on its data).
    pub race: bool,
    /// The player whose working the step-by-step view shows.
    pub working: Option<String>,
    /// The organiser's view of a tournament, when one was picked.
    pub organiser: Option<OrganiserView>,
}

impl View {
    /// The compare view a link asks for, within what the page itself would do (`None` when it
    /// asks for more: too many methods or shuffles).
    pub fn compare_within_bounds(&self) -> Option<&CompareRequest> {
        let c = self.compare.as_ref()?;
        let shuffles = match c.orders {
            Orders::Shuffled { n, .. } => n,
            _ => 0,
        };
        (c.methods.len() >= 2 && c.methods.len() <= MAX_COMPARE_METHODS && shuffles <= MAX_SHUFFLES).then_some(c)
    }
}

/// The data a link holds, or why it holds none.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Data {
    /// The results text.
    Text(String),
    /// A built-in lesson dataset, by its id ([`crate::core::lessons`]).
    Lesson(String),
    /// No data: the settings only.
    Left(Left),
}

/// Why a link carries the settings only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Left {
    /// The data compressed are larger than [`MAX_COMPRESSED`].
    TooLarge,
    /// The data are a large file kept in the browser's storage (not in the text area).
    StoredFile,
}

impl Left {
    /// In words, for the page.
    pub fn text(self) -> &'static str {
        match self {
            Left::TooLarge => "the data are too large for a link: it carries the settings only",
            Left::StoredFile => "the data are a large file kept in this browser, too large for a link: it carries the settings only",
        }
    }
}

/// The input a link is made from.
#[derive(Clone, Copy, Debug)]
pub enum Given<'a> {
    Text(&'a str),
    /// A large file kept in the browser's storage.
    StoredFile,
}

/// What a link made by [`make`] carries besides the settings and the view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Carries {
    Data,
    Lesson,
    SettingsOnly(Left),
}

/// The scenario as written (borrowing the text: it can be a megabyte).
#[derive(Serialize)]
struct Out<'a> {
    settings: &'a Settings,
    view: &'a View,
    data: DataOut<'a>,
}

#[derive(Serialize)]
#[serde(rename_all = "snake_case")]
enum DataOut<'a> {
    Text(&'a str),
    Lesson(&'a str),
    Left(Left),
}

/// The fragment (without `#`) for these settings, view and input, and what it carries: the
/// data when they fit, a lesson by its id, else the settings only.
pub fn make(settings: &Settings, view: &View, input: Given) -> (String, Carries) {
    let pack = |data| pack(&Out { settings, view, data });
    match input {
        Given::StoredFile => (pack(DataOut::Left(Left::StoredFile)), Carries::SettingsOnly(Left::StoredFile)),
        Given::Text(text) => match crate::core::lessons::find(text) {
            Some(lesson) => (pack(DataOut::Lesson(lesson.id)), Carries::Lesson),
            None => match pack_within(&Out { settings, view, data: DataOut::Text(text) }) {
                Some(fragment) => (fragment, Carries::Data),
                None => (pack(DataOut::Left(Left::TooLarge)), Carries::SettingsOnly(Left::TooLarge)),
            },
        },
    }
}

fn compress(out: &Out) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec_zlib(to_json(out).as_bytes(), LEVEL)
}

fn pack(out: &Out) -> String {
    format!("v{VERSION}={}", URL_SAFE_NO_PAD.encode(compress(out)))
}

/// The fragment, when the scenario compressed is at most [`MAX_COMPRESSED`] bytes.
fn pack_within(out: &Out) -> Option<String> {
    let packed = compress(out);
    (packed.len() <= MAX_COMPRESSED).then(|| format!("v{VERSION}={}", URL_SAFE_NO_PAD.encode(packed)))
}

/// Why a link could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// Cut short, or altered: it does not unpack (or its checksum does not match).
    Damaged,
    /// It unpacks to more than a link may carry ([`MAX_UNPACKED`]): refused, not unpacked.
    TooLarge,
    /// Made by a later version of the app, in a format this one does not know.
    Newer(u32),
    /// It unpacks, but what it says cannot be used (e.g. a method this version does not have).
    Unreadable(String),
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Damaged => write!(f, "This link is incomplete or damaged (was it cut short when it was copied?), so nothing was taken from it."),
            LinkError::TooLarge => write!(
                f,
                "This link's data are larger than the {} MiB a link may carry, so nothing was taken from it.",
                MAX_UNPACKED >> 20
            ),
            LinkError::Newer(v) => write!(
                f,
                "This link was made by a newer version of Ratings Lab (link format {v}; this one reads format {VERSION}), so nothing was taken from it."
            ),
            LinkError::Unreadable(why) => write!(f, "This link could not be used ({why}), so nothing was taken from it."),
        }
    }
}

/// Whether a fragment (with or without its `#`) is a link of this app, to be [`read`]: `v`
/// and a version number (the page tells so before it loads the reader).
pub fn is_link(fragment: &str) -> bool {
    let rest = fragment.strip_prefix('#').unwrap_or(fragment);
    rest.strip_prefix('v').is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
}

/// Reads a fragment (with or without its `#`): `None` when it is not a link of this app (empty,
/// or an anchor), else the scenario or why it cannot be read.
pub fn read(fragment: &str) -> Option<Result<Scenario, LinkError>> {
    if !is_link(fragment) {
        return None;
    }
    let rest = fragment.strip_prefix('#').unwrap_or(fragment).strip_prefix('v')?;
    let digits = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
    let Some(payload) = rest[digits..].strip_prefix('=') else { return Some(Err(LinkError::Damaged)) };
    Some(match rest[..digits].parse::<u32>() {
        Ok(VERSION) => read_v1(payload),
        Ok(v) if v > VERSION => Err(LinkError::Newer(v)),
        _ => Err(LinkError::Damaged),
    })
}

fn read_v1(payload: &str) -> Result<Scenario, LinkError> {
    // Some mail programs add padding or break a long line: neither is part of the link.
    let payload: String = payload.chars().filter(|c| !c.is_whitespace() && *c != '=').collect();
    let packed = URL_SAFE_NO_PAD.decode(payload).map_err(|_| LinkError::Damaged)?;
    // Output past the limit is `HasMoreOutput`: the link is whole but says too much.
    let json = miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(&packed, MAX_UNPACKED).map_err(|e| match e.status {
        miniz_oxide::inflate::TINFLStatus::HasMoreOutput => LinkError::TooLarge,
        _ => LinkError::Damaged,
    })?;
    let json = String::from_utf8(json).map_err(|_| LinkError::Damaged)?;
    from_json(&json).map_err(LinkError::Unreadable)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratings_engine::methods::brent::Variant;
    use ratings_engine::{MethodKind, ScaleKind};

    const GAMES: &str = "white,black,result\nAnna,Ben,1-0\nBen,Cleo,1/2-1/2\nCleo,Anna,0-1\n";

    fn unusual() -> Settings {
        let mut s = Settings { method: MethodKind::Elo, scale: ScaleKind::Natural, shown: Some(12.5), ..Settings::default() };
        s.anchor = "Ben".into();
        s.mapping = "first=Heim,second=Gast".into();
        s.skip_bad_lines = true;
        s.params.brent.variant = Variant::Zermelo;
        s.params.brent.sigma = 0.55;
        s.params.brent.gamma = 1.0;
        s.params.brent.eps = 1e-7;
        s.params.elo.k = 40.0;
        s.params.elo.home = 35.5;
        s.params.elo.margin = true;
        s.params.jrank.p = 0.7;
        s.params.aga.by_event = false;
        s
    }

    /// A view with every part set: a link carries the whole view.
    fn view() -> View {
        let methods = vec![unusual().params.method(MethodKind::Brent), unusual().params.method(MethodKind::Elo)];
        View {
            step: Some(3),
            sort: Some(("name".into(), true)),
            speed: Some(7.5),
            compare: Some(CompareRequest { methods, orders: Orders::Shuffled { n: 5, seed: 9 } }),
            race: true,
            working: Some("Ben".into()),
            organiser: Some(OrganiserView::Crosstable),
        }
    }

    #[test]
    fn a_link_asks_for_no_more_comparing_than_the_page_would() {
        let mut v = view();
        assert!(v.compare_within_bounds().is_some());
        let c = v.compare.as_mut().unwrap();
        c.orders = Orders::Shuffled { n: MAX_SHUFFLES + 1, seed: 1 };
        assert!(v.compare_within_bounds().is_none(), "too many shuffles");
        let mut v = view();
        let c = v.compare.as_mut().unwrap();
        c.methods = vec![c.methods[0].clone(); MAX_COMPARE_METHODS + 1];
        assert!(v.compare_within_bounds().is_none(), "too many methods");
        let (fragment, _) = make(&unusual(), &v, Given::Text(GAMES));
        assert_eq!(open(&fragment).view, v, "read as written; bounded where it is used");
    }

    fn open(fragment: &str) -> Scenario {
        read(&format!("#{fragment}")).expect("a link").expect("readable")
    }

    #[test]
    fn settings_view_and_data_round_trip() {
        let (fragment, carries) = make(&unusual(), &view(), Given::Text(GAMES));
        assert_eq!(carries, Carries::Data);
        assert!(
            fragment.starts_with("v1=") && fragment[3..].bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'),
            "{fragment}"
        );
        assert_eq!(open(&fragment), Scenario { settings: unusual(), view: view(), data: Data::Text(GAMES.into()) });
        // The defaults, an empty input and non-ASCII names too.
        let text = "white,black,result\nŽofie,Ærø €,1-0\n";
        for (s, v, t) in [(Settings::default(), View::default(), ""), (unusual(), View::default(), text)] {
            let (fragment, _) = make(&s, &v, Given::Text(t));
            assert_eq!(open(&fragment), Scenario { settings: s, view: v, data: Data::Text(t.into()) });
        }
    }

    #[test]
    fn a_lesson_travels_by_its_id() {
        let lesson = &crate::core::lessons::LESSONS[1];
        // (The compare view's methods would add their parameters: not what is measured here.)
        let view = View { compare: None, ..view() };
        let (fragment, carries) = make(&unusual(), &view, Given::Text(lesson.text));
        assert_eq!(carries, Carries::Lesson);
        assert_eq!(open(&fragment).data, Data::Lesson(lesson.id.into()));
        assert!(fragment.len() < 600, "{}", fragment.len());
    }

    /// Text that compresses badly: pseudo-random names.
    fn noise(bytes: usize) -> String {
        let mut seed = 7u64;
        let mut text = String::from("white,black,result\n");
        while text.len() < bytes {
            let mut name = || {
                (0..12)
                    .map(|_| {
                        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                        char::from(b'a' + ((seed >> 33) % 26) as u8)
                    })
                    .collect::<String>()
            };
            text += &format!("{},{},1-0\n", name(), name());
        }
        text
    }

    #[test]
    fn data_too_large_for_a_link_leave_the_settings_only() {
        let big = noise(400_000);
        let (fragment, carries) = make(&unusual(), &view(), Given::Text(&big));
        assert_eq!(carries, Carries::SettingsOnly(Left::TooLarge));
        assert!(fragment.len() < 1000);
        assert_eq!(open(&fragment), Scenario { settings: unusual(), view: view(), data: Data::Left(Left::TooLarge) });
        let (fragment, carries) = make(&unusual(), &view(), Given::StoredFile);
        assert_eq!(carries, Carries::SettingsOnly(Left::StoredFile));
        assert_eq!(open(&fragment).data, Data::Left(Left::StoredFile));
        // Just under the limit the data still travel.
        let (fragment, carries) = make(&Settings::default(), &View::default(), Given::Text(&noise(100_000)));
        assert_eq!(carries, Carries::Data);
        assert!(fragment.len() > 50_000);
    }

    #[test]
    fn a_link_cut_short_anywhere_is_damaged() {
        let (fragment, _) = make(&unusual(), &view(), Given::Text(GAMES));
        for end in 2..fragment.len() {
            assert_eq!(read(&fragment[..end]), Some(Err(LinkError::Damaged)), "cut at {end}");
        }
        assert!(LinkError::Damaged.to_string().contains("cut short"));
    }

    #[test]
    fn an_altered_link_is_damaged() {
        let (fragment, _) = make(&unusual(), &view(), Given::Text(GAMES));
        let mut bytes = fragment.clone().into_bytes();
        for i in [5, fragment.len() / 2, fragment.len() - 3] {
            let was = bytes[i];
            bytes[i] = if was == b'A' { b'B' } else { b'A' };
            let altered = String::from_utf8(bytes.clone()).unwrap();
            assert!(matches!(read(&altered), Some(Err(LinkError::Damaged | LinkError::Unreadable(_)))), "at {i}");
            bytes[i] = was;
        }
        for junk in ["v1=", "v1=!!!!", "v1=AAAA", "v1", "v01=abc", "v0=abc"] {
            assert_eq!(read(junk), Some(Err(LinkError::Damaged)), "{junk}");
        }
    }

    #[test]
    fn not_a_link_is_left_alone_and_a_newer_format_says_so() {
        for other in ["", "#", "#results", "#v", "#version", "section-2"] {
            assert_eq!(read(other), None, "{other}");
        }
        assert_eq!(read("#v2=whatever"), Some(Err(LinkError::Newer(2))));
        assert!(LinkError::Newer(2).to_string().contains("newer version"));
    }

    fn packed(json: &str) -> String {
        format!("v1={}", URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec_zlib(json.as_bytes(), 6)))
    }

    #[test]
    fn what_a_link_says_is_checked_like_stored_settings() {
        let e = read(&packed(r#"{"settings":{"method":"bradley"},"data":{"text":""}}"#)).unwrap().unwrap_err();
        assert!(matches!(&e, LinkError::Unreadable(why) if why.contains("bradley")), "{e:?}");
        assert!(e.to_string().contains("could not be used"));
        assert!(matches!(read(&packed("{}")), Some(Err(LinkError::Unreadable(_)))));
        assert!(matches!(read(&packed("not json")), Some(Err(LinkError::Unreadable(_)))));
        // Fields this version does not know are ignored; a missing view is the default one.
        let s = open(&packed(r#"{"settings":{"method":"jrank"},"data":{"lesson":"cycle"},"chart":"race"}"#));
        assert_eq!((s.settings.method, s.view, s.data), (MethodKind::JRank, View::default(), Data::Lesson("cycle".into())));
    }

    #[test]
    fn a_link_that_unpacks_to_too_much_is_refused() {
        let bomb = vec![b' '; MAX_UNPACKED + 10];
        let fragment = format!("v1={}", URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec_zlib(&bomb, 9)));
        assert!(fragment.len() < 100_000);
        assert_eq!(read(&fragment), Some(Err(LinkError::TooLarge)));
        assert_eq!(
            LinkError::TooLarge.to_string(),
            "This link's data are larger than the 16 MiB a link may carry, so nothing was taken from it."
        );
        // At the limit it unpacks (and is then read as JSON).
        let fragment = format!("v1={}", URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec_zlib(&bomb[..MAX_UNPACKED], 9)));
        assert!(matches!(read(&fragment), Some(Err(LinkError::Unreadable(_)))));
    }

    /// A link of 13 KB that asks for a million Buchholz columns (it exhausted 8 GB) is refused
    /// at the second, naming it; so is any repeated tiebreak, for players or teams.
    #[test]
    fn a_link_that_repeats_a_tiebreak_is_refused() {
        let million = format!(r#"{{"settings":{{"tiebreaks":[{}"BH"]}},"data":{{"text":""}}}}"#, r#""BH","#.repeat(1_000_000));
        let fragment = packed(&million);
        assert!(fragment.len() < 20_000, "{}", fragment.len());
        let e = read(&fragment).unwrap().unwrap_err();
        assert!(
            matches!(&e, LinkError::Unreadable(why) if why.contains("BH is listed twice in the order of tiebreaks (at 1 and 2)")),
            "{e:?}"
        );
        let teams = packed(r#"{"settings":{"team_tiebreaks":["EDE","MPvGP","EDE"]},"data":{"text":""}}"#);
        assert!(matches!(read(&teams), Some(Err(LinkError::Unreadable(why))) if why.contains("EDE is listed twice")));
        // Each once: read.
        let fine = packed(r#"{"settings":{"tiebreaks":["DE","BH"],"team_tiebreaks":["EDE"]},"data":{"text":""}}"#);
        assert_eq!(
            open(&fine).settings.tiebreaks,
            Some(vec![ratings_engine::tiebreak::Tiebreak::De, ratings_engine::tiebreak::Tiebreak::Bh])
        );
    }

    /// A link with a large tied group and DE (108 KB; it took 15.7 s and 5.1 GB, past wasm32's
    /// 4 GiB): its standings are made in work and text linear in the group.
    #[test]
    fn a_link_with_a_large_tied_group_and_de_asks_for_linear_work() {
        let n = 9_998;
        let mut text = String::from("012 One tied group\n212 PTS,DE,BH\n");
        for s in 1..=n {
            let (opponent, colour) = if s % 2 == 1 { (s + 1, 'w') } else { (s - 1, 'b') };
            text += &format!("001 {s:>4}      {:<33}{:33}{:>4}       {opponent:>4} {colour} =\n", format!("Player {s}"), "", "0.5");
        }
        let settings = Settings { tiebreaks: Some(vec![ratings_engine::tiebreak::Tiebreak::De]), ..Settings::default() };
        let (fragment, carries) = make(&settings, &View::default(), Given::Text(&text));
        assert_eq!(carries, Carries::Data);
        let scenario = open(&fragment);
        let Data::Text(text) = scenario.data else { panic!("the data travel") };
        let job = ratings_engine::job::Job::read(&text, &scenario.settings).unwrap();
        let st = job.standings().unwrap().standings;
        let explained: usize = st.rows.iter().map(|r| r.values[0].explanation.len()).sum();
        assert!(explained <= 300 * n, "{explained} bytes of explanations, {} a player", explained / n);
    }
}

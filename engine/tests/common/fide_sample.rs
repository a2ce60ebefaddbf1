//! A synthetic FIDE players list in FIDE's TXT layout (`players_list_foa.txt`), the same for
//! the same size and seed: names from each federation's common names, log-strengths spread as
//! a real federation's (normal, standard deviation 1.5, about 260 Elo around 1500, FIDE's
//! floor 1400), titles by rating, a third of the players unrated, a quarter inactive.
//! Shared by `tests/rating_list.rs` and `examples/fide_list_sample.rs` (which writes it to a
//! file for the app's browser test).

/// A small seeded generator (64-bit LCG, the high bits).
pub struct Lcg(pub u64);

impl Lcg {
    pub fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }

    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[(self.next() * from.len() as f64) as usize % from.len()]
    }

    /// A standard normal deviate (the sum of twelve uniforms).
    fn normal(&mut self) -> f64 {
        (0..12).map(|_| self.next()).sum::<f64>() - 6.0
    }
}

/// FIDE's TXT header, as the download has it.
pub const HEADER: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag";

/// (federation, surnames, men's names, women's names)
const PEOPLE: [(&str, &[&str], &[&str], &[&str]); 6] = [
    (
        "NOR",
        &["Hansen", "Johansen", "Olsen", "Larsen", "Andersen", "Pedersen", "Nilsen", "Kristiansen", "Berg", "Haugen"],
        &["Ole", "Lars", "Magnus", "Jon", "Per"],
        &["Ingrid", "Kari", "Nora", "Sofie", "Anne"],
    ),
    (
        "GER",
        &["Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Schulz", "Hoffmann"],
        &["Jürgen", "Lukas", "Felix", "Jonas", "Paul"],
        &["Anna", "Lea", "Marie", "Jülia", "Hanna"],
    ),
    (
        "ESP",
        &["García", "Fernández", "González", "Rodríguez", "López", "Martínez", "Sánchez", "Pérez", "Gómez", "Núñez"],
        &["José", "Antonio", "Manuel", "Francisco", "David"],
        &["María", "Lucía", "Carmen", "Sofía", "Paula"],
    ),
    (
        "POL",
        &["Nowak", "Kowalski", "Wiśniewski", "Wójcik", "Kowalczyk", "Kamiński", "Lewandowski", "Zieliński", "Szymański", "Woźniak"],
        &["Łukasz", "Piotr", "Krzysztof", "Tomasz", "Paweł"],
        &["Anna", "Katarzyna", "Małgorzata", "Agnieszka", "Zofia"],
    ),
    (
        "IND",
        &["Kumar", "Sharma", "Singh", "Patel", "Reddy", "Iyer", "Nair", "Rao", "Gupta", "Das"],
        &["Arjun", "Rahul", "Vikram", "Aditya", "Karthik"],
        &["Priya", "Divya", "Ananya", "Lakshmi", "Meera"],
    ),
    (
        "USA",
        &["Smith", "Johnson", "Williams", "Brown", "Jones", "Miller", "Davis", "Wilson", "Moore", "Taylor"],
        &["John", "Michael", "David", "James", "Robert"],
        &["Mary", "Jennifer", "Linda", "Emily", "Sarah"],
    ),
];

/// A FIDE rating for log-strength `s` (Elo's 400/ln 10 per unit), or none below the floor.
fn elo(s: f64) -> Option<u32> {
    let r = 1500.0 + s * 400.0 / std::f64::consts::LN_10;
    (r >= 1400.0).then(|| r.min(2850.0).round() as u32)
}

fn title(rating: Option<u32>, woman: bool, rng: &mut Lcg) -> (&'static str, &'static str) {
    let r = rating.unwrap_or(0);
    let chance = rng.next();
    let tit = match r {
        2500.. if chance < 0.9 => "GM",
        2400.. if chance < 0.8 => "IM",
        2300.. if chance < 0.6 => "FM",
        2200.. if chance < 0.3 => "CM",
        _ => "",
    };
    let wtit = match r {
        _ if !woman => "",
        2300.. => "WGM",
        2200.. => "WIM",
        2100.. => "WFM",
        2000.. if chance < 0.5 => "WCM",
        _ => "",
    };
    (tit, wtit)
}

/// One player's line, in the header's columns.
fn line(id: u64, rng: &mut Lcg) -> String {
    let (fed, surnames, men, women) = PEOPLE[(rng.next() * PEOPLE.len() as f64) as usize % PEOPLE.len()];
    let woman = rng.next() < 0.15;
    let name = format!("{}, {}", rng.pick(surnames), rng.pick(if woman { women } else { men }));
    let s = 1.5 * rng.normal();
    let rated = rng.next() > 0.33;
    let standard = elo(s).filter(|_| rated);
    let rapid = elo(s + 0.3 * rng.normal()).filter(|_| rng.next() < 0.6);
    let blitz = elo(s + 0.3 * rng.normal()).filter(|_| rng.next() < 0.5);
    let (tit, wtit) = title(standard, woman, rng);
    let born = 1940 + (rng.next() * 78.0) as u32;
    let inactive = rng.next() < 0.25;
    let flag = format!("{}{}", if woman { "w" } else { "" }, if inactive { "i" } else { "" });
    let show = |r: Option<u32>| r.map_or(String::new(), |r| r.to_string());
    let mut games = |r: Option<u32>| if r.is_some() { ((rng.next() * 12.0) as u32).to_string() } else { String::new() };
    let (sg, rg, bg) = (games(standard), games(rapid), games(blitz));
    let k = |r: Option<u32>| match r {
        Some(r) if r >= 2400 => "10",
        Some(_) => "20",
        None => "",
    };
    let sex = if woman { "F" } else { "M" };
    let text = format!(
        "{id:<15}{name:<61}{fed:<4}{sex:<4}{tit:<5}{wtit:<5}{:<15}{:<4}{:<6}{sg:<4}{:<3}{:<6}{rg:<4}{:<3}{:<6}{bg:<4}{:<3}{born:<6}{flag}",
        "",
        "",
        show(standard),
        k(standard),
        show(rapid),
        k(rapid),
        show(blitz),
        k(blitz)
    );
    text.trim_end().to_string()
}

/// The header and `players` lines, each ended by `\n`.
pub fn sample_list(players: usize, seed: u64) -> String {
    let mut rng = Lcg(seed);
    let mut out = String::with_capacity((players + 1) * 150);
    out.push_str(HEADER);
    out.push('\n');
    for k in 0..players {
        out.push_str(&line(1_000_000 + 7 * k as u64, &mut rng));
        out.push('\n');
    }
    out
}

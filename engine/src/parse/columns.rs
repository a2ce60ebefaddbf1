//! Which column holds what: header aliases and the user's explicit mapping.

use crate::error::ParseError;
use serde::{Deserialize, Serialize};

/// What a column can hold in a games file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Role {
    First,
    Second,
    Result,
    Score1,
    Score2,
    Date,
    Round,
    Handicap,
    Komi,
    Event,
    Rank1,
    Rank2,
    Exclude,
    Season,
    Neutral,
}

impl Role {
    pub const ALL: [Role; 15] = [
        Role::First,
        Role::Second,
        Role::Result,
        Role::Score1,
        Role::Score2,
        Role::Date,
        Role::Round,
        Role::Handicap,
        Role::Komi,
        Role::Event,
        Role::Rank1,
        Role::Rank2,
        Role::Exclude,
        Role::Season,
        Role::Neutral,
    ];

    /// The name used in a mapping (`first=team1`).
    pub fn key(self) -> &'static str {
        match self {
            Role::First => "first",
            Role::Second => "second",
            Role::Result => "result",
            Role::Score1 => "score1",
            Role::Score2 => "score2",
            Role::Date => "date",
            Role::Round => "round",
            Role::Handicap => "handicap",
            Role::Komi => "komi",
            Role::Event => "event",
            Role::Rank1 => "rank1",
            Role::Rank2 => "rank2",
            Role::Exclude => "exclude",
            Role::Season => "season",
            Role::Neutral => "neutral",
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Role::First => "the first player (white / home)",
            Role::Second => "the second player (black / away)",
            Role::Result => "the result",
            Role::Score1 => "the first player's points",
            Role::Score2 => "the second player's points",
            Role::Date => "the date",
            Role::Round => "the round",
            Role::Handicap => "the handicap",
            Role::Komi => "the komi",
            Role::Event => "the event (tournament)",
            Role::Rank1 => "the first player's declared rank",
            Role::Rank2 => "the second player's declared rank",
            Role::Exclude => "whether to leave the game out",
            Role::Season => "the season (Elo's reversion between seasons)",
            Role::Neutral => "whether the ground was neutral (no home advantage)",
        }
    }

    /// Header names recognised for this role, compared after [`normalise_header`].
    pub fn aliases(self) -> &'static [&'static str] {
        ALIASES.iter().find(|(role, _)| *role == self).map_or(&[], |(_, aliases)| aliases)
    }

    pub fn from_key(key: &str) -> Option<Role> {
        let k = normalise_header(key);
        Role::ALL.into_iter().find(|r| normalise_header(r.key()) == k)
    }
}

/// Header names recognised for each role, compared after [`normalise_header`]. The first five
/// are the ones a missing column's error suggests, so the commonest come first.
#[rustfmt::skip] // a table: one role to a line (or two)
const ALIASES: [(Role, &[&str]); 15] = [
    (Role::First, &["white", "home", "pinplayer1", "whiteid", "whitepin", "hometeam", "team1", "teama", "player1", "playera", "p1",
        "first", "firstplayer", "host"]),
    (Role::Second, &["black", "away", "pinplayer2", "blackid", "blackpin", "awayteam", "visitor", "visitors", "team2", "teamb",
        "player2", "playerb", "p2", "second", "secondplayer", "opponent", "guest"]),
    (Role::Result, &["result", "res", "outcome", "score", "winner1"]),
    (Role::Score1, &["homescore", "homegoals", "homepoints", "score1", "team1score", "goals1", "points1", "pts1", "ft1", "fthg", "hg",
        "whitescore", "whitepoints", "scorea", "firstscore", "player1score", "p1score"]),
    (Role::Score2, &["awayscore", "awaygoals", "awaypoints", "score2", "team2score", "goals2", "points2", "pts2", "ft2", "ftag", "ag",
        "blackscore", "blackpoints", "scoreb", "secondscore", "player2score", "p2score", "visitorscore"]),
    (Role::Date, &["date", "gamedate", "matchdate", "day"]),
    (Role::Round, &["round", "rnd", "rd", "matchday", "week", "gameweek"]),
    (Role::Handicap, &["handicap", "hcp", "hc", "handi"]),
    (Role::Komi, &["komi"]),
    (Role::Event, &["event", "tournament", "tournamentcode", "tourney", "competition"]),
    (Role::Rank1, &["rank1", "whiterank", "firstrank", "homerank"]),
    (Role::Rank2, &["rank2", "blackrank", "secondrank", "awayrank"]),
    (Role::Exclude, &["exclude", "excluded", "skip"]),
    (Role::Season, &["season", "year", "seasonyear"]),
    (Role::Neutral, &["neutral", "neutralsite", "neutralground", "neutralvenue"]),
];

/// Header names compare without case, spaces, `_`, `-` or `.`.
pub fn normalise_header(name: &str) -> String {
    name.chars().filter(|c| !matches!(c, ' ' | '_' | '-' | '.' | '"')).flat_map(char::to_lowercase).collect()
}

/// The user's explicit choices, by header name (or `#N` for the N-th column, 1-based).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ColumnMap(pub Vec<(Role, String)>);

impl ColumnMap {
    /// Parses `first=team1,second=team2,score1=ft1,score2=ft2` (`;` also separates).
    pub fn parse(spec: &str) -> Result<ColumnMap, ParseError> {
        let mut out = Vec::new();
        for part in spec.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let bad = || ParseError::BadMapping { spec: part.to_string(), roles: Role::ALL.map(Role::key).join(", ") };
            let (role, column) = part.split_once('=').ok_or_else(bad)?;
            let role = Role::from_key(role).ok_or_else(bad)?;
            if column.trim().is_empty() {
                return Err(bad());
            }
            out.push((role, column.trim().to_string()));
        }
        Ok(ColumnMap(out))
    }
}

/// Column index for each role found.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Columns {
    pub header: Vec<String>,
    pub found: Vec<(Role, usize)>,
}

impl Columns {
    pub fn get(&self, role: Role) -> Option<usize> {
        self.found.iter().find(|(r, _)| *r == role).map(|&(_, i)| i)
    }

    pub fn name(&self, i: usize) -> &str {
        &self.header[i]
    }

    /// Resolves roles from the header row on `line`: the mapping first, then aliases.
    pub fn resolve(header: &[String], map: &ColumnMap, line: usize) -> Result<Columns, ParseError> {
        let norm: Vec<String> = header.iter().map(|h| normalise_header(h)).collect();
        let listing = || header.iter().map(|h| format!("'{}'", h.trim())).collect::<Vec<_>>().join(", ");
        let mut found: Vec<(Role, usize)> = Vec::new();
        for (role, column) in &map.0 {
            let idx = match column.strip_prefix('#').and_then(|n| n.parse::<usize>().ok()) {
                Some(n) if n >= 1 && n <= header.len() => Some(n - 1),
                _ => norm.iter().position(|h| *h == normalise_header(column)),
            };
            let idx =
                idx.ok_or_else(|| ParseError::UnknownColumn { line, key: role.key().into(), column: column.clone(), found: listing() })?;
            found.retain(|(r, _)| r != role);
            found.push((*role, idx));
        }
        for role in Role::ALL {
            if found.iter().any(|(r, _)| *r == role) {
                continue;
            }
            let taken: Vec<usize> = found.iter().map(|&(_, i)| i).collect();
            if let Some(i) = (0..norm.len()).find(|&i| !taken.contains(&i) && role.aliases().contains(&norm[i].as_str())) {
                found.push((role, i));
            }
        }
        let cols = Columns { header: header.to_vec(), found };
        let missing = |role: Role, aliases: String| ParseError::MissingColumn {
            line,
            role: role.describe().into(),
            key: role.key().into(),
            aliases,
            found: listing(),
        };
        let alias_list = |role: Role| {
            let a = role.aliases();
            format!("{} or {}", a[..a.len().min(5) - 1].join(", "), a[a.len().min(5) - 1])
        };
        for role in [Role::First, Role::Second] {
            if cols.get(role).is_none() {
                return Err(missing(role, alias_list(role)));
            }
        }
        if cols.get(Role::Result).is_none() {
            match (cols.get(Role::Score1), cols.get(Role::Score2)) {
                (Some(_), Some(_)) => {}
                (Some(_), None) => return Err(missing(Role::Score2, alias_list(Role::Score2))),
                (None, Some(_)) => return Err(missing(Role::Score1, alias_list(Role::Score1))),
                (None, None) => {
                    return Err(missing(
                        Role::Result,
                        format!("{}, or a pair of score columns such as home_score,away_score", alias_list(Role::Result)),
                    ))
                }
            }
        }
        Ok(cols)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_role_has_one_row_of_aliases_written_as_compared() {
        for role in Role::ALL {
            assert_eq!(ALIASES.iter().filter(|(r, _)| *r == role).count(), 1, "{role:?}");
            assert!(role.aliases().iter().all(|a| normalise_header(a) == *a), "{role:?}");
        }
        assert_eq!(&Role::First.aliases()[..3], &["white", "home", "pinplayer1"]);
        assert_eq!(Role::Komi.aliases(), &["komi"]);
    }
}
